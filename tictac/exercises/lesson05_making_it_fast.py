"""The checks for Lesson 5 (``notebooks/05-making-it-fast.ipynb``): alpha-beta and move order.

>>> from tictac.search import alphabeta
>>> def my_alphabeta(state):
...     return alphabeta(state, memo="plain").value
>>> check_alphabeta(my_alphabeta).passed   # alpha-beta must give minimax's values
True
>>> report = check_move_order(lambda state: reversed(state.legal_moves()))
>>> report.passed, report.board_order_nodes
(True, 18297)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tictac.exercises.checking import Report, check_function, exercise_positions
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


def check_alphabeta_nodes(function: Callable[[State], int]) -> Report:
    """Check ``count_alphabeta(state) -> int``: how many positions alpha-beta visits from
    `state`, `state` itself included, trying moves in board order, with values +1/0/-1 and a
    cut as soon as alpha >= beta (18,297 from the empty board).

    It runs on every position with at least two marks, one per group of mirror images.

    >>> print(check_alphabeta_nodes(lambda state: 1).summary())
    alpha-beta positions visited: ... positions differ from the reference.
    """
    positions = exercise_positions(min_marks=2, up_to_symmetry=True)
    return check_function(
        "alpha-beta positions visited",
        function,
        lambda s: _textbook_alphabeta(s, State.legal_moves)[1],
        positions,
    )


@dataclass(repr=False)
class MoveOrderReport(Report):
    """A :class:`Report` on a move order, with what it saves alpha-beta from the empty board."""

    nodes: int = 0
    board_order_nodes: int = 0

    def summary(self) -> str:
        if not self.passed:
            return super().summary()
        saving = self.board_order_nodes / self.nodes
        return (
            f"{self.name}: every legal move exactly once in all {self.checked:,} positions. "
            f"From the empty board alpha-beta visits {self.nodes:,} positions in your order, "
            f"{self.board_order_nodes:,} in board order ({saving:.1f} times as many)."
        )


def check_move_order(order: Callable[[State], Iterable[int]]) -> MoveOrderReport:
    """Check a move order ``order(state) -> moves`` for alpha-beta, and measure it.

    On each of the 4,520 positions where the game is still on, `order` must give every legal
    move exactly once. If it does, the report counts the positions a textbook alpha-beta
    visits from the empty board trying moves in this order, and in board order.

    >>> print(check_move_order(lambda state: state.legal_moves()).summary())
    move order: every legal move exactly once in all 4,520 positions. From the empty board
    alpha-beta visits 18,297 positions in your order, 18,297 in board order (1.0 times as many).
    """
    positions = [s for s in exercise_positions() if not s.is_terminal]
    report = check_function(
        "move order",
        lambda s: sorted(order(s)),
        lambda s: list(s.legal_moves()),
        positions,
    )
    result = MoveOrderReport(report.name, report.checked, report.mismatches, report.error)
    if result.passed:
        result.nodes = _textbook_alphabeta(State.new(), lambda s: tuple(order(s)))[1]
        result.board_order_nodes = _textbook_alphabeta(State.new(), State.legal_moves)[1]
    return result
