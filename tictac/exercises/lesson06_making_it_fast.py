"""The checks for Lesson 6 (``notebooks/06-making-it-fast.ipynb``): alpha-beta and move order.

>>> from tictac.search import alphabeta
>>> def my_alphabeta(state):
...     return alphabeta(state, memo="plain").value
>>> check_alphabeta(my_alphabeta).passed   # alpha-beta must give minimax's values
True
>>> def edges_first(state):
...     return sorted(state.legal_moves(), key=lambda move: move % 2 == 0)
>>> report = check_move_order(edges_first)   # every legal move once, but a poor order
>>> report.legal, report.passed, report.nodes > report.board_order_nodes
(True, False, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tictac.exercises.checking import Mismatch, Report, check_function, exercise_positions
from tictac.exercises.lesson03_minimax import check_minimax
from tictac.scoring import Score, win_loss
from tictac.search import alphabeta
from tictac.state import State

__all__ = ["MoveOrderReport", "check_alphabeta", "check_alphabeta_nodes", "check_move_order"]


def check_alphabeta(function: Callable[[State], float], *, score: Score = win_loss) -> Report:
    """Check ``my_alphabeta(state) -> value``: it must give minimax's value everywhere, on the
    positions :func:`~tictac.exercises.check_minimax` uses.

    >>> print(check_alphabeta(lambda state: 0).summary())
    alpha-beta: ... positions differ from the reference.
    """
    report = check_minimax(function, score=score)
    report.name = "alpha-beta"
    return report


def _textbook_alphabeta(state: State, order: Callable[[State], Iterable[int]]) -> tuple[float, int]:
    """Alpha-beta as the textbook writes it (one window shared by the root's moves), trying the
    moves in `order`: the value of `state` and the number of positions visited, itself included.
    """
    result = alphabeta(state, order_moves=order, exact_root=False)
    return result.value, result.stats.nodes


class _NodeCountReport(Report):
    """A :class:`Report` on counted positions that says which way the counts are off."""

    def summary(self) -> str:
        text = super().summary()
        if self.error is not None or not self.mismatches:
            return text
        return f"{text} {_count_hint(self.mismatches)}"


def _count_hint(mismatches: list[Mismatch]) -> str:
    """What the wrong counts suggest: not numbers, too few, too many, or both."""
    not_counts = [m.got for m in mismatches if not isinstance(m.got, (int, float))]
    if not_counts:
        return (
            f"Your function returned {not_counts[0]!r}, not a count: it should return the "
            "number of positions visited (is a return statement missing?)."
        )
    if all(m.got == 1 for m in mismatches):
        return (
            "Your function counts 1 everywhere: only the position it starts from. The counting "
            "search must call itself for every move it tries, so that each position it visits "
            "adds one."
        )
    too_few = sum(m.got < m.expected for m in mismatches)
    too_many = len(mismatches) - too_few
    if too_many == 0:
        return (
            "Every wrong count is too low: does the counting search call itself (not another "
            "function) for each move it tries, and go on until alpha >= beta?"
        )
    if too_few == 0:
        return (
            "Every wrong count is too high: cut as soon as alpha >= beta, pass the narrowed "
            "window down to each move, and try the moves in board order."
        )
    return (
        f"{too_few} counts are too low and {too_many} too high: try the moves in board order, "
        "pass the window down, and count every position the search visits, once each."
    )


def check_alphabeta_nodes(function: Callable[[State], int]) -> Report:
    """Check ``count_alphabeta(state) -> int``: how many positions alpha-beta visits from
    `state`, `state` itself included, trying moves in board order, with values +1/0/-1 and a
    cut as soon as alpha >= beta (18,297 from the empty board).

    It runs on every position with at least two marks, one per group of mirror images. When
    counts differ, the report says whether they are too low, too high or both, which points at
    the mistake.

    >>> print(check_alphabeta_nodes(lambda state: 1).summary())
    alpha-beta positions visited: ... positions differ from the reference. Your function counts 1
    everywhere: ...
    """
    positions = exercise_positions(min_marks=2, up_to_symmetry=True)
    report = check_function(
        "alpha-beta positions visited",
        function,
        lambda s: _textbook_alphabeta(s, State.legal_moves)[1],
        positions,
    )
    return _NodeCountReport(report.name, report.checked, report.mismatches, report.error)


MOVE_ORDER_GOAL = 3_000
"""The positions alpha-beta may visit from the empty board in a good order: fewer than this."""


@dataclass(repr=False)
class MoveOrderReport(Report):
    """A :class:`Report` on a move order: is it every legal move once, and from the empty board
    does alpha-beta visit fewer than `goal` positions in it?"""

    nodes: int = 0
    board_order_nodes: int = 0
    goal: int = MOVE_ORDER_GOAL

    @property
    def legal(self) -> bool:
        """True when the order gave every legal move exactly once, in every position."""
        return super().passed

    @property
    def passed(self) -> bool:
        """True when the order is legal and alpha-beta visits fewer than `goal` positions."""
        return self.legal and self.nodes < self.goal

    def summary(self) -> str:
        if not self.legal:
            return super().summary()
        if self.nodes < self.board_order_nodes:
            compared = f"{self.board_order_nodes / self.nodes:.1f} times fewer than in board order"
        elif self.nodes > self.board_order_nodes:
            compared = f"{self.nodes / self.board_order_nodes:.1f} times as many as in board order"
        else:
            compared = "the same as in board order"
        measured = (
            f"{self.name}: every legal move exactly once in all {self.checked:,} positions. "
            f"From the empty board alpha-beta visits {self.nodes:,} positions in your order "
            f"({compared}, {self.board_order_nodes:,})"
        )
        if self.passed:
            return f"{measured}: fewer than {self.goal:,}. Well done!"
        return (
            f"{measured}, but the goal is fewer than {self.goal:,}. Which moves are most likely "
            "to be best? Try those first."
        )


def check_move_order(
    order: Callable[[State], Iterable[int]], *, goal: int = MOVE_ORDER_GOAL
) -> MoveOrderReport:
    """Check a move order ``order(state) -> moves`` for alpha-beta, and measure it.

    On each of the 4,520 positions where the game is still on, `order` must give every legal
    move exactly once. If it does, the report counts the positions a textbook alpha-beta
    visits from the empty board trying moves in this order, and in board order; the order
    passes when that count is below `goal` (3,000 unless told otherwise).

    >>> print(check_move_order(lambda state: state.legal_moves()).summary())
    move order: every legal move exactly once in all 4,520 positions. From the empty board
    alpha-beta visits 18,297 positions in your order (the same as in board order, 18,297), but
    the goal is fewer than 3,000. ...
    """
    positions = [s for s in exercise_positions() if not s.is_terminal]
    report = check_function(
        "move order",
        lambda s: sorted(order(s)),
        lambda s: list(s.legal_moves()),
        positions,
    )
    result = MoveOrderReport(report.name, report.checked, report.mismatches, report.error)
    result.goal = goal
    if result.legal:
        result.nodes = _textbook_alphabeta(State.new(), lambda s: tuple(order(s)))[1]
        result.board_order_nodes = _textbook_alphabeta(State.new(), State.legal_moves)[1]
    return result
