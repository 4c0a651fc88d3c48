"""The checks for Lesson 6b (``notebooks/06b-alphabeta-in-practice.ipynb``): a move order for
alpha-beta better than the package's, and a transposition table that knows which of its
values are bounds.

>>> def edges_first(state):
...     return sorted(state.legal_moves(), key=lambda move: move % 2 == 0)
>>> report = check_move_order(edges_first)   # every legal move once, but a poor order
>>> report.legal, report.passed, report.nodes > report.board_order_nodes
(True, False, True)
>>> report.package_order_nodes   # the package's own order, ``order_moves=True``, to beat
2096
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, MutableMapping
from dataclasses import dataclass
from typing import Any

from tictac.exercises.checking import Report, check_function, exercise_positions
from tictac.exercises.lesson06_making_it_fast import textbook_alphabeta
from tictac.game.state import State
from tictac.search.engine import alphabeta
from tictac.search.solver import solve

__all__ = ["MoveOrderReport", "TableReport", "check_move_order", "check_transposition_table"]

# ---------------------------------------------------------------------------------------------
# Exercise 1: a move order that makes alpha-beta visit fewer positions than the package's.

MOVE_ORDER_GOAL = 2_000
"""The positions alpha-beta may visit from the empty board in Exercise 1's order: fewer than
this, and so fewer than in the package's own order (``order_moves=True``, 2,096)."""


@dataclass(repr=False)
class MoveOrderReport(Report):
    """A :class:`Report` on a move order: is it every legal move once, and from the empty board
    does alpha-beta visit fewer than `goal` positions in it? For comparison it also counts
    board order and the package's order (``order_moves=True``)."""

    nodes: int = 0
    board_order_nodes: int = 0
    package_order_nodes: int = 0
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
            f"({compared}, {self.board_order_nodes:,}; in the package's order, order_moves=True, "
            f"{self.package_order_nodes:,})"
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
    visits from the empty board trying moves in this order, in board order and in the
    package's order (``order_moves=True``: wins, blocks, then the cells on the most lines);
    the order passes when its count is below `goal` (2,000 unless told otherwise), which the
    package's order is not.

    >>> print(check_move_order(lambda state: state.legal_moves()).summary())
    move order: every legal move exactly once in all 4,520 positions. From the empty board
    alpha-beta visits 18,297 positions in your order (the same as in board order, 18,297; in the
    package's order, order_moves=True, 2,096), but the goal is fewer than 2,000. ...
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
        result.nodes = textbook_alphabeta(State.new(), lambda s: tuple(order(s)))[1]
        result.board_order_nodes = textbook_alphabeta(State.new(), State.legal_moves)[1]
        package = alphabeta(State.new(), order_moves=True, exact_root=False)
        result.package_order_nodes = package.stats.nodes
    return result


# ---------------------------------------------------------------------------------------------
# Exercise 2: a transposition table that files each value as exact, at least or at most.

TableSearch = Callable[..., float]
"""A student's alpha-beta with a table: called as ``search(state, table=table)``."""


def exact_only_table_alphabeta(
    state: State,
    alpha: float = -math.inf,
    beta: float = math.inf,
    table: MutableMapping[Hashable, float] | None = None,
) -> float:
    """Exercise 2's first attempt: fail-soft alpha-beta, moves in board order, with a table
    that files every value it finds as if it were exact, and returns it whenever it meets the
    position again. It gets the root's value wrong in 29 of the 4,520 unfinished positions.

    >>> exact_only_table_alphabeta(State.parse("..O/.X./..."), table={})   # really a draw, 0
    1
    """
    if table is None:
        table = {}
    if state in table:
        return table[state]
    if state.is_terminal:
        return {"X": 1, "O": -1, None: 0}[state.winner]
    best = -math.inf if state.turn == "X" else math.inf
    for move in state.legal_moves():
        value = exact_only_table_alphabeta(state.play(move), alpha, beta, table)
        if state.turn == "X":
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
    table[state] = best
    return best


class _WatchedTable(dict[Hashable, Any]):
    """The table the check hands the search: a dictionary that counts the lookups that find
    something (``table[key]`` and ``table.get(key)``), to tell whether the search reads it."""

    def __init__(self) -> None:
        super().__init__()
        self.found = 0

    def __getitem__(self, key: Hashable) -> Any:
        entry = super().__getitem__(key)
        self.found += 1
        return entry

    def get(self, key: Hashable, default: Any = None) -> Any:
        if key in self:
            return self[key]
        return default


TABLE_HINT = (
    "Where the root's value is wrong, the search most likely took a filed value that was only "
    'a bound, "at least" (it reached beta) or "at most" (it fell to alpha), as the answer to a '
    "search it does not settle."
)


@dataclass(repr=False)
class TableReport(Report):
    """A :class:`Report` on alpha-beta with a table: the root's value must be right in every
    unfinished position, and the search must find something in its table (`reads` counts the
    lookups that did)."""

    reads: int = 0

    @property
    def passed(self) -> bool:
        """True when every root value is right and the search read its table."""
        return super().passed and self.reads > 0

    def summary(self) -> str:
        if self.error is not None:
            return super().summary()
        if self.mismatches:
            return f"{super().summary()} {TABLE_HINT}"
        if self.reads == 0:
            return (
                f"{self.name}: the root's value is right in all {self.checked:,} positions, "
                "but your search never found anything in its table, and a table that is never "
                "read saves nothing. File each value, and look a position up before searching "
                "it."
            )
        return (
            f"{self.name}: the root's value is right in all {self.checked:,} positions, and "
            f"the table answered {self.reads:,} lookups. Well done!"
        )


def check_transposition_table(search: TableSearch) -> TableReport:
    """Check alpha-beta with a transposition table, ``search(state, table=table)``: from each
    of the 4,520 positions where the game is still on, with a new, empty table each time, it
    must return the position's minimax value; and it must read its table (the check counts
    the lookups, ``table[key]`` or ``table.get(key)``, that find something).

    >>> report = check_transposition_table(exact_only_table_alphabeta)
    >>> print(report.summary())
    transposition table: 29 of 4520 positions differ from the reference. Where the root's ...
    >>> report.mismatches[0].state.text, report.mismatches[0].expected, report.mismatches[0].got
    ('.../.X./O..', 0, 1)
    """
    positions = [s for s in exercise_positions() if not s.is_terminal]
    reads = 0

    def root_value(state: State) -> float:
        nonlocal reads
        table = _WatchedTable()
        value = search(state, table=table)
        reads += table.found
        return value

    report = check_function("transposition table", root_value, solve, positions)
    return TableReport(report.name, report.checked, report.mismatches, report.error, reads=reads)
