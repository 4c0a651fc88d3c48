"""The checks for Lesson 5 (``notebooks/05-tutorial-players.ipynb``): the brute-force player's
sum, and the five-rounds tutorial's round-five utility as its text describes it.

>>> from tictac.players.rules import subtree_sum
>>> check_subtree_sum(subtree_sum).passed
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from tictac.exercises.checking import Report, check_function, exercise_positions
from tictac.game.scoring import two_in_a_row, win_loss
from tictac.game.state import Mark, State
from tictac.players.rules import subtree_sum

__all__ = ["check_round_five_utility", "check_subtree_sum"]


def check_subtree_sum(
    function: Callable[[State, Mark], float], *, positions: Iterable[State] | None = None
) -> Report:
    """Check ``subtree_sum(state, me)``: the brute-force player's sum, over every finished
    game below `state`, of `me`'s score 50/d for a win, 10/d for a draw and -10/d for a
    loss, where d is the number of marks on the final board plus one.

    It runs on positions with at least five marks, one per group of mirror images, for both
    players, and compares the sums rounded to three decimals (or on `positions`: the graded
    assignments' hidden cases, :mod:`tictac.exercises.grading`).

    >>> check_subtree_sum(subtree_sum).passed
    True
    """
    return check_function(
        "subtree sum",
        lambda s: {me: round(function(s, me), 3) for me in ("X", "O")},
        lambda s: {me: round(subtree_sum(s, me), 3) for me in ("X", "O")},
        exercise_positions(min_marks=5, up_to_symmetry=True) if positions is None else positions,
    )


def round_five_utility(state: State) -> float:
    """Round five's utility as the tutorial's text describes it, for the computer playing O:
    +1 when O has won, -1 when X has, 0 for a draw; while the game is on, +0.2 for each line
    where O has two marks and the third cell is empty, -0.2 for each such line of X's.

    It is :func:`tictac.game.scoring.win_loss` and :func:`tictac.game.scoring.two_in_a_row` seen
    from O's side.

    >>> round_five_utility(State.parse("OO./XX./..X"))   # one line each: even
    0.0
    >>> round_five_utility(State.parse("XXX/OO./..."))   # X has won
    -1
    """
    x_view = win_loss(state, 0) if state.is_terminal else two_in_a_row(state, 0)
    return 0 - x_view  # (0 - 0.0 is 0.0, where -0.0 would print as -0.0)


def check_round_five_utility(function: Callable[[State], float]) -> Report:
    """Check a round-five utility ``utility(state)`` (see :func:`round_five_utility`) on all
    5,478 positions, finished or not, comparing values rounded to three decimals.

    >>> print(check_round_five_utility(lambda state: 0).summary())
    round-five utility: 3718 of 5478 positions differ from the reference.
    """
    return check_function(
        "round-five utility",
        lambda s: round(function(s), 3) + 0.0,
        lambda s: round(round_five_utility(s), 3),
        exercise_positions(),
    )
