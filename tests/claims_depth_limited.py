"""What `tests/claims.py` computes for Lesson 7 (beyond 3x3) and its solutions.

Kept apart from `claims.py` so that the lessons' entries there stay one line each. The solver
counts use its private parts on purpose: they measure how much of the 4x4 proof the solver's
line reading saves, which no public function reports.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tictac import State, alphabeta, solver
from tictac.mcts import uct_search


def alphabeta_visits(rows: int, cols: int, k: int) -> int:
    """Positions visited by Lesson 6's fastest search (alpha-beta, move order, symmetric
    transposition table) proving the empty board's value."""
    result = alphabeta(
        State.new(rows, cols, k), exact_root=False, order_moves=True, memo="symmetric"
    )
    return result.stats.nodes


@contextmanager
def _counted_solver(pairing: bool) -> Iterator[list[int]]:
    """A cold solver whose value search counts its calls (it reads the lines once per
    position it visits), with or without its pairing strategies; restored afterwards."""
    calls = [0]
    read_lines: Any = solver._read_lines
    pairing_blocks: Any = solver._Solver.pairing_blocks

    def counting(*args: Any) -> Any:
        calls[0] += 1
        return read_lines(*args)

    solver.clear_caches()
    solver._read_lines = counting  # type: ignore[assignment]
    if not pairing:
        solver._Solver.pairing_blocks = lambda self, *args: False  # type: ignore[method-assign]
    try:
        yield calls
    finally:
        solver._read_lines = read_lines
        solver._Solver.pairing_blocks = pairing_blocks  # type: ignore[method-assign]
        solver.clear_caches()


def solver_visits(rows: int, cols: int, k: int, *, pairing: bool = True) -> int:
    """Positions the fast solver's value search visits proving the empty board's value."""
    with _counted_solver(pairing) as calls:
        assert solver.prove(rows, cols, k) == (1 if k == 3 else 0)
        return calls[0]


def mean_of_all_draws() -> float:
    """MCTS's mean result for a move whose every playout is a draw."""
    last_move = State.parse("XOX/XOO/OX.")  # X's last move, 8, draws
    return uct_search(last_move, playouts=10, seed=0).mean_results[8]


def weights_of_a_line(base: int = 4) -> tuple[int, int, int]:
    """The solution's weight of a line holding one, two and three marks of one player."""
    return tuple(base**marks - 1 for marks in (1, 2, 3))  # type: ignore[return-value]
