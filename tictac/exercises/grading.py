"""What the graded assignments' test cells call (the teacher's kit, ``course/build.py``).

A lesson's exercise becomes, in its nbgrader assignment, an answer cell and a locked test cell.
The test cell runs the check the student knows from the lesson through :func:`must_pass`
(which shows the report and fails the cell if the check did), and then, hidden from the
student until feedback, :func:`must_pass_hidden`: the same check on cases the visible check
does not use, drawn from the course's seed (the environment variable
:data:`SEED_VARIABLE`, which the course's ``nbgrader_config.py`` sets). The hidden test's
cell text names the check, never the cases, and its message says how many cases differ,
never which: nbgrader's feedback shows hidden test cells, with their outputs, as they are.

>>> from tictac.exercises import check_winner
>>> must_pass(check_winner(lambda state: state.winner))
winner: all 5478 positions agree with the reference. Well done!
>>> os.environ[SEED_VARIABLE] = "an example course's seed"  # as nbgrader_config.py sets it
>>> must_pass_hidden("check_minimax", lambda state: 0)
Traceback (most recent call last):
  ...
AssertionError: minimax: ... of 190 hidden cases differ from the reference.
>>> del os.environ[SEED_VARIABLE]
"""

from __future__ import annotations

import contextlib
import io
import os
import random
from collections.abc import Callable, Iterator
from statistics import NormalDist
from typing import Any

from tictac.game.state import State

__all__ = [
    "HIDDEN",
    "NoCourseSeed",
    "SEED_VARIABLE",
    "grading_seed",
    "hidden_positions",
    "hidden_training_seeds",
    "must_pass",
    "must_pass_hidden",
]

SEED_VARIABLE = "TICTAC_GRADING_SEED"
"""The environment variable that holds the course's seed for the hidden cases."""


class NoCourseSeed(RuntimeError):
    """The hidden cases were asked for where no course has set its seed."""


def grading_seed() -> str:
    """The course's seed for the hidden cases, from the environment variable
    :data:`SEED_VARIABLE`; :class:`NoCourseSeed` if it is not set.

    Hidden cases drawn from a seed everyone knows would not be hidden, so a hidden test run
    without the course's settings fails (and the teacher sees why) rather than grading on
    them.
    """
    seed = os.environ.get(SEED_VARIABLE, "").strip()
    if not seed:
        raise NoCourseSeed(
            f"the course's seed for the hidden cases is not set ({SEED_VARIABLE}): run nbgrader "
            "in the course folder that course/build.py made, whose nbgrader_config.py sets it"
        )
    return seed


def _show(report: Any) -> None:
    """Show `report` as the lesson shows it: its HTML in a notebook, its text elsewhere."""
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:  # IPython comes with ipywidgets
        print(report)
        return
    if get_ipython() is None:
        print(report)
    else:
        display(report)  # type: ignore[no-untyped-call]


@contextlib.contextmanager
def _quietly() -> Iterator[None]:
    """Nothing printed or displayed inside reaches the notebook's output (nbgrader's feedback
    shows the hidden test cells' outputs, and a student's function may print the positions it
    is given)."""
    try:
        from IPython.utils.capture import capture_output
    except ImportError:  # IPython comes with ipywidgets
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            yield
        return
    with capture_output():
        yield


def _first_line(report: Any) -> str:
    return str(report).splitlines()[0] if str(report) else repr(report)


def must_pass(report: Any) -> None:
    """Show a check's `report` and fail (AssertionError, with its first line) unless it passed.

    >>> from tictac.exercises import check_game
    >>> must_pass(check_game([0, 1, 2, 3, 4, 5, 6, 7, 8], "draw"))
    Traceback (most recent call last):
      ...
    AssertionError: ✗ X wins after 7 moves, not a draw.
    """
    _show(report)
    if not report.passed:
        raise AssertionError(_first_line(report))


def _hidden_summary(report: Any, has_hidden_cases: bool) -> str:
    """Why a hidden check failed, without a single case: counts, or the kind of error (with
    `has_hidden_cases` False, the check asked the lesson's own question again: its first
    line)."""
    name = getattr(report, "name", "check")
    error = getattr(report, "error", None)
    if error is not None:
        kind = error.split(":", 1)[0]
        if kind.isidentifier():  # an exception's name
            return f"{name}: your function stopped with an error ({kind}) on a hidden case."
        # the check's own complaint about the answer's form, which may name the case
        return f"{name}: the check cannot use your function's answer on a hidden case."
    wrong = getattr(report, "mismatches", None) or getattr(report, "wrong", None)
    checked = getattr(report, "checked", None)
    if has_hidden_cases and wrong and checked is not None:
        return f"{name}: {len(wrong)} of {checked} hidden cases differ from the reference."
    # a free answer (a prediction, a guess): the question is the visible one, so its verdict
    # line gives nothing away; a measured rate (games against a player) names no game either
    return _first_line(report)


def hidden_positions(
    visible: list[State], rng: random.Random, count: int, *, finished: int = 0
) -> list[State]:
    """Positions a check on `visible` (one per group of mirror images) does not use.

    For `count` groups drawn at random, a mirror image that is not the one the visible check
    uses; and `finished` positions where the game is over (drawn from the reachable ones),
    which checks on unfinished positions never try.
    """
    from tictac.exercises.checking import exercise_positions

    seen = set(visible)
    groups = [[t for t in dict.fromkeys(s.symmetries()) if t not in seen] for s in visible]
    groups = [images for images in groups if images]
    chosen = rng.sample(groups, min(count, len(groups)))
    positions = [rng.choice(images) for images in chosen]
    if finished:
        over = [s for s in exercise_positions() if s.is_terminal]
        positions += rng.sample(over, min(finished, len(over)))
    return positions


def _other_minimax_positions(check: str, *, finished: int = 40) -> Callable[..., Any]:
    """A value function checked, as minimax is, on the unfinished positions with two or more
    marks (one per group of mirror images): here on 150 other mirror images, and `finished`
    finished positions, which the visible check never tries."""

    def hidden(rng: random.Random, function: Callable[[State], float]) -> Any:
        import tictac.exercises
        from tictac.exercises.lesson03_minimax import minimax_positions

        positions = hidden_positions(minimax_positions(), rng, 150, finished=finished)
        return getattr(tictac.exercises, check)(function, positions=positions)

    return hidden


def _hidden_subtree_sum(rng: random.Random, function: Callable[..., float]) -> Any:
    from tictac.exercises.checking import exercise_positions
    from tictac.exercises.lesson05_tutorial_players import check_subtree_sum

    visible = exercise_positions(min_marks=5, up_to_symmetry=True)  # what the check uses
    four_marks = [s for s in exercise_positions() if s.moves_made == 4]
    positions = hidden_positions(visible, rng, 150) + rng.sample(four_marks, 30)
    return check_subtree_sum(function, positions=positions)


def _hidden_alphabeta_nodes(rng: random.Random, function: Callable[[State], int]) -> Any:
    from tictac.exercises.checking import exercise_positions
    from tictac.exercises.lesson06_making_it_fast import check_alphabeta_nodes

    visible = exercise_positions(min_marks=2, up_to_symmetry=True)  # what the check uses
    fewer = [s for s in exercise_positions() if s.moves_made < 2]  # the empty board, one mark
    positions = hidden_positions(visible, rng, 150) + fewer
    return check_alphabeta_nodes(function, positions=positions)


def _hidden_transposition_table(rng: random.Random, search: Callable[..., float]) -> Any:
    """The visible check gives each search a new, empty table; here 300 positions share one
    table, in an order drawn at random, as the searches of a game do: what one search filed
    must be read right by the next, whose window differs."""
    from tictac.exercises.checking import check_function, exercise_positions
    from tictac.search.solver import solve

    positions = rng.sample([s for s in exercise_positions() if not s.is_terminal], 300)
    table: dict[Any, Any] = {}
    return check_function(
        "transposition table", lambda state: search(state, table=table), solve, positions
    )


def _hidden_4x4(visible: list[State], rng: random.Random) -> list[State]:
    """Positions of 4x4 games that a check on `visible` (positions of seeded random games) does
    not use: a mirror image of 100 of them, and 50 positions of games drawn with another seed."""
    from tictac.exercises.lesson07_depth_limited import random_positions

    seed = rng.randrange(1, 2**32)
    fresh = random_positions(State.new(4, 4, 4), 50, marks=(5, 12), seed=seed)
    seen = set(visible)
    return hidden_positions(visible, rng, 100) + [s for s in fresh if s not in seen]


def _hidden_depth_limited(rng: random.Random, function: Callable[..., float]) -> Any:
    """Other positions, and a depth the visible check does not try (3)."""
    from tictac.exercises.lesson07_depth_limited import check_depth_limited, limited_positions

    positions = _hidden_4x4(limited_positions(), rng)
    return check_depth_limited(function, positions=positions, depths=(1, 2, 3))


def _hidden_extension(rng: random.Random, function: Callable[..., float]) -> Any:
    """Other positions of 4x4 games, and another mirror image of each of the two 5x5 positions
    where the extension's bound matters. (Depth 3 would take too long here.)"""
    from tictac.exercises.lesson07b_horizon import (
        LONG_FORCED_LINES,
        check_extension,
        extension_positions,
    )

    games = [s for s in extension_positions() if s not in LONG_FORCED_LINES]
    positions = _hidden_4x4(games, rng) + hidden_positions(list(LONG_FORCED_LINES), rng, 2)
    return check_extension(function, positions=positions)


def _hidden_ucb1(rng: random.Random, function: Callable[..., Any]) -> Any:
    """400 situations drawn as the visible ones are (2 to 5 arms, some never pulled, wins in
    halves), from another seed, none of them the visible check's."""
    from tictac.exercises.lesson08_monte_carlo import check_ucb1, ucb1_situations

    visible = set(ucb1_situations())
    drawn = ucb1_situations(seed=rng.randrange(9, 2**32))  # (the visible seed is 8)
    return check_ucb1(function, situations=[s for s in drawn if s not in visible])


def _hidden_back_up(rng: random.Random, function: Callable[..., Any]) -> Any:
    """Search trees grown from five other positions (at most four marks, so the trees are deep),
    their playouts and the nodes backed up from drawn from another seed."""
    from tictac.exercises.checking import exercise_positions
    from tictac.exercises.lesson08_monte_carlo import back_up_positions, check_back_up

    visible = set(back_up_positions())
    others = [
        s
        for s in exercise_positions()
        if s.moves_made <= 4 and not s.is_terminal and s not in visible
    ]
    positions = rng.sample(others, 5)
    # (seeds from 9 on, as for UCB1: never the lesson's)
    return check_back_up(function, positions=positions, seed=rng.randrange(9, 2**32))


HIDDEN_PAIRING_BOARDS = ((2, 5, 4), (3, 6, 4), (2, 7, 3), (4, 6, 4), (7, 7, 7))
"""Boards, ``(rows, cols, k)``, on which the hidden check of Lesson 9's lines without a pair
draws pairings beside the lesson's seven (two of them have a pairing, as two of those do)."""


def _hidden_lines_without_a_pair(rng: random.Random, function: Callable[..., Any]) -> Any:
    """Pairings drawn with another seed, on the lesson's boards and on five more."""
    from tictac.exercises.lesson09_proving_bigger_boards import (
        PAIRING_BOARDS,
        check_lines_without_a_pair,
    )

    boards = PAIRING_BOARDS + HIDDEN_PAIRING_BOARDS
    return check_lines_without_a_pair(function, seed=rng.randrange(1, 2**32), boards=boards)


HIDDEN_DEAD_CELL_BOARDS = ((2, 5, 3), (2, 6, 3), (3, 4, 3))
"""Boards, ``(rows, cols, k)``, on which the hidden check of Lesson 9's dead cells draws
positions beside the lesson's: small ones, where a line runs out of moves left early, so that
dead cells are common (on 4x5 or 5x5 with four in a row random games of a dozen marks leave
none)."""


def _hidden_dead_cells(rng: random.Random, function: Callable[[State], Any]) -> Any:
    """600 positions of games drawn with another seed, on the lesson's boards and on three
    more, without those the visible check uses (on about one in fourteen the lesson's starter
    is wrong: at least 27 of them in each of 30 seeds tried)."""
    from tictac.exercises.lesson09_proving_bigger_boards import (
        DEAD_CELL_BOARDS,
        check_dead_cells,
        dead_cell_positions,
    )

    visible = set(dead_cell_positions())
    boards = DEAD_CELL_BOARDS + HIDDEN_DEAD_CELL_BOARDS
    drawn = dead_cell_positions(rng.randrange(1, 2**32), count=600, boards=boards)
    return check_dead_cells(function, positions=[s for s in drawn if s not in visible])


def _hidden_retrograde(rng: random.Random, function: Callable[[State], Any]) -> Any:
    """The visible check solves backwards from four positions, X to move in each: here from
    ten positions with X to move and ten with O to move (one to five marks), and three finished
    games."""
    from tictac.exercises.checking import exercise_positions
    from tictac.exercises.lesson10_matchboxes import RETROGRADE_STARTS, check_retrograde

    visible = {State.parse(text) for text in RETROGRADE_STARTS}
    others = [s for s in exercise_positions() if s not in visible]
    starts = []
    for side in "XO":
        early = [s for s in others if not s.is_terminal and s.turn == side and s.moves_made <= 5]
        starts += rng.sample(early, 10)
    starts += rng.sample([s for s in others if s.is_terminal], 3)
    return check_retrograde(function, starts=starts)


def _hidden_reinforce(rng: random.Random, function: Callable[..., Any]) -> Any:
    from tictac.exercises.lesson10_matchboxes import check_reinforce, reinforce_cases

    visible = set(reinforce_cases())
    cases = [c for c in reinforce_cases(seed=rng.randrange(1, 2**32)) if c not in visible]
    return check_reinforce(function, cases=cases)


def _hidden_td_update(rng: random.Random, function: Callable[..., Any]) -> Any:
    from tictac.exercises.lesson11_learning_values import check_td_update, td_situations

    return check_td_update(function, cases=td_situations(seed=rng.randrange(1, 2**32)))


HIDDEN_TRAININGS = 40
"""How many learners the hidden check of Lesson 11's settings trains, each with its own seed
(the visible check trains one, with seed 11): enough that the verdict on the solution's
settings (about 89.5% optimal on average, from seed to seed about 1.2 points either way), on
the starter's (about 83%) and on always exploring (about 80%) cannot be changed by luck;
tests/test_course_build.py measures how far they stay from the 88% goal, in standard errors."""


def hidden_training_seeds(rng: random.Random) -> list[int]:
    """The seeds of the learners the hidden check of Lesson 11's settings trains."""
    return [rng.randrange(1, 2**32) for _ in range(HIDDEN_TRAININGS)]


def _hidden_training(rng: random.Random, step_size: Any, exploration: Any, *, games: Any) -> Any:
    from tictac.exercises.lesson11_learning_values import check_training

    return check_training(step_size, exploration, games=games, seeds=hidden_training_seeds(rng))


HIDDEN_PILES = range(13, 21)
"""Lesson 13's hidden piles for a game of "no repeats": bigger than the visible 0 to 12."""


def _hidden_no_repeat(rng: random.Random, game: Callable[[int], Any]) -> Any:
    from tictac.exercises.lesson13_your_own_game import check_no_repeat

    return check_no_repeat(game, HIDDEN_PILES)


HIDDEN_NIM_POSITIONS, HIDDEN_NIM_HEAPS, HIDDEN_NIM_MOST = 300, 5, 15


def hidden_nim_positions(rng: random.Random) -> list[tuple[int, ...]]:
    """Lesson 13's hidden Nim positions: five heaps of up to 15, bigger than the visible ones."""
    return [
        tuple(rng.randint(0, HIDDEN_NIM_MOST) for _ in range(HIDDEN_NIM_HEAPS))
        for _ in range(HIDDEN_NIM_POSITIONS)
    ]


def _hidden_nim_move(rng: random.Random, winning_move: Callable[..., Any]) -> Any:
    from tictac.exercises.lesson13_your_own_game import check_nim_move

    return check_nim_move(winning_move, hidden_nim_positions(rng))


HIDDEN_DEFENDER_GAMES = 10_000
"""Games the hidden check of Lesson 2's rule plays against the defender (the visible one plays
500): enough that the verdict on the solution (a win rate about 61%) and on the starter (about
31%) cannot be changed by luck; tests/test_course_build.py measures how far they stay from the
56% the rule must reach, in standard errors."""

HIDDEN_LEVEL_GAMES = 10_000
"""Games the hidden check of Lesson 4's level plays against the offensive player (the visible
one plays 2,000): enough that the verdict on the worked solution (beaten in about 9.9% of the
games) cannot be changed by luck; tests/test_course_build.py measures how far it stays from
the 8% and 12% it must lie between, in standard errors. (The starter, never safe, fails the
never-silly part, which luck has no part in.)"""

HIDDEN_OPENINGS = 500
"""Openings (each played twice) the hidden check of Lesson 7's weights plays (the visible one
plays 100)."""

HIDDEN_CONFIDENCE = 2 * NormalDist().cdf(5) - 1
"""The confidence of the interval the hidden check of Lesson 7's weights asks to lie above one
half: five standard errors (the visible check's 95% is about two). The starter's weights are
open lines' own, so its true share of the decided games is one half, and a 95% interval would
lie above it in about one course seed in forty; this one, less than once in a million."""


def _another_seed(check: str, **keywords: Any) -> Callable[..., Any]:
    """A check with a random part (a rule's `rng`, seeded games) run again with another seed
    (the visible check uses seed 0), and with `keywords` (more games, say)."""

    def hidden(rng: random.Random, answer: Any) -> Any:
        import tictac.exercises

        return getattr(tictac.exercises, check)(answer, seed=rng.randrange(1, 2**32), **keywords)

    return hidden


HIDDEN: dict[str, Callable[..., Any]] = {
    "check_minimax": _other_minimax_positions("check_minimax"),
    "check_negamax": _other_minimax_positions("check_negamax", finished=0),
    "check_depth_aware_minimax": _other_minimax_positions("check_depth_aware_minimax"),
    "check_subtree_sum": _hidden_subtree_sum,
    "check_alphabeta": _other_minimax_positions("check_alphabeta"),
    "check_alphabeta_nodes": _hidden_alphabeta_nodes,
    "check_transposition_table": _hidden_transposition_table,
    "check_beat_the_defender": _another_seed(
        "check_beat_the_defender", games=HIDDEN_DEFENDER_GAMES
    ),
    "check_centre_rule": _another_seed("check_centre_rule"),
    "check_fork_rule": _another_seed("check_fork_rule"),
    "check_beatable_level": _another_seed("check_beatable_level", games=HIDDEN_LEVEL_GAMES),
    "check_depth_limited": _hidden_depth_limited,
    "check_weights": _another_seed(
        "check_weights", openings=HIDDEN_OPENINGS, confidence=HIDDEN_CONFIDENCE
    ),
    "check_extension": _hidden_extension,
    # (Lesson 4's check_told_apart and Lesson 7b's check_horizon grade free answers: a number
    # of games, a position. Their hidden test asks the lesson's question again.)
    "check_ucb1": _hidden_ucb1,
    "check_back_up": _hidden_back_up,
    "check_lines_without_a_pair": _hidden_lines_without_a_pair,
    "check_dead_cells": _hidden_dead_cells,
    "check_retrograde": _hidden_retrograde,
    "check_reinforce": _hidden_reinforce,
    "check_td_update": _hidden_td_update,
    "check_training": _hidden_training,
    "check_no_repeat": _hidden_no_repeat,
    "check_nim_move": _hidden_nim_move,
}
"""Each check with hidden cases of its own: ``HIDDEN[name](rng, *arguments)`` runs it on them.

A check not listed here is run again as the student's test cell runs it: its visible cases
are all there are (every reachable position, as for ``check_winner``), or it grades a free
answer to the lesson's own question (a prediction, a guess), which has no other cases."""


def must_pass_hidden(check: str, *arguments: Any, **keywords: Any) -> None:
    """Run the check named `check` on its hidden cases, with the arguments the visible check
    got, and fail (AssertionError, with counts only) unless it passed; print one line if it did.
    """
    import tictac.exercises

    rng = random.Random(f"{grading_seed()}:{check}")
    hidden = HIDDEN.get(check)
    with _quietly():  # what the student's code prints about a hidden case stays out
        if hidden is not None:
            report = hidden(rng, *arguments, **keywords)
        else:
            report = getattr(tictac.exercises, check)(*arguments, **keywords)
    if not report.passed:
        raise AssertionError(_hidden_summary(report, has_hidden_cases=hidden is not None))
    print(f"{getattr(report, 'name', check)}: the hidden cases pass too.")
