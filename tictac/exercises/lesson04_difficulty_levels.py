"""The checks for Lesson 4 (``notebooks/04-difficulty-levels.ipynb``): levels that never look
silly, and the brute-force player's sum.

>>> from tictac.players import optimal, random_move
>>> check_sensible_level(optimal()).passed, check_sensible_level(random_move).passed
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tictac.exercises.checking import Report, check_function, check_rule, exercise_positions
from tictac.players import completing_moves, subtree_sum
from tictac.state import Mark, State, other

__all__ = ["check_sensible_level", "check_subtree_sum"]


def check_sensible_level(rule: Callable[[State, Any], Any]) -> Report:
    """Check that a difficulty level never looks silly: it takes a win when it has one, and
    otherwise blocks the opponent's only threat; anything else is up to the level. (Against
    two threats at once every move loses, so then any move will do.)

    >>> from tictac.players import random_move
    >>> print(check_sensible_level(random_move).summary())
    sensible level: ... of 4520 positions differ from the reference.
    """

    def allowed(state: State) -> tuple[int, ...]:
        wins = completing_moves(state, state.turn)
        if wins:
            return tuple(wins)
        blocks = completing_moves(state, other(state.turn))
        return tuple(blocks) if len(blocks) == 1 else state.legal_moves()

    return check_rule("sensible level", rule, allowed)


def check_subtree_sum(function: Callable[[State, Mark], float]) -> Report:
    """Check ``subtree_sum(state, me)``: the brute-force player's sum, over every finished
    game below `state`, of `me`'s score 50/d for a win, 10/d for a draw and -10/d for a
    loss, where d is the number of marks on the final board plus one.

    It runs on positions with at least five marks, one per group of mirror images, for both
    players, and compares the sums rounded to three decimals.

    >>> check_subtree_sum(subtree_sum).passed
    True
    """
    return check_function(
        "subtree sum",
        lambda s: {me: round(function(s, me), 3) for me in ("X", "O")},
        lambda s: {me: round(subtree_sum(s, me), 3) for me in ("X", "O")},
        exercise_positions(min_marks=5, up_to_symmetry=True),
    )
