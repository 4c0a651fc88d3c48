"""The referee the tests check the package against: perfect play by brute force.

It knows nothing of tictac (no `State`, no solver, no search): a board is a tuple of cells,
each "X", "O" or ".", with its number of rows and columns and `k`, the marks in a row that
win. It tries every move, checks for `k` in a row by walking from every cell in every
direction, and keeps the best child for the player to move: the best result first, then the
fastest win or the slowest loss. A cache spares it working out a position twice; that
changes no answer.

The public functions take anything with ``cells``, ``rows``, ``cols`` and ``k`` attributes,
such as a tictac `State`:

>>> from types import SimpleNamespace as Board
>>> outcome(Board(cells=tuple("XX.OO...."), rows=3, cols=3, k=3))  # X to move wins at once
Perfect(value=1, plies=1)
>>> best_moves(Board(cells=tuple("X...O...."), rows=3, cols=3, k=3))
(1, 2, 3, 5, 6, 7, 8)
"""

from __future__ import annotations

import functools
from typing import NamedTuple, Protocol

Cells = tuple[str, ...]
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))  # right, down, and the two diagonals


class Board(Protocol):
    """What the oracle reads from a position (a tictac `State` has all four)."""

    @property
    def cells(self) -> Cells: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def k(self) -> int: ...


class Perfect(NamedTuple):
    """The result of perfect play: `value` +1 if X wins, -1 if O wins, 0 for a draw, and
    `plies`, the moves still to be played (the winner hurries, the loser holds out)."""

    value: int
    plies: int


def outcome(board: Board) -> Perfect:
    """The result of perfect play from `board`."""
    return _outcome(tuple(board.cells), board.rows, board.cols, board.k)


def move_outcomes(board: Board) -> dict[int, Perfect]:
    """The result of perfect play after each legal move (none if the game is over)."""
    cells = tuple(board.cells)
    if _is_over(cells, board.rows, board.cols, board.k):
        return {}
    mark = _to_move(cells)
    return {
        i: _outcome(_put(cells, i, mark), board.rows, board.cols, board.k)
        for i, cell in enumerate(cells)
        if cell == "."
    }


def best_moves(board: Board) -> tuple[int, ...]:
    """Every move that keeps the best result with the best timing, in board order."""
    children = move_outcomes(board)
    if not children:
        return ()
    mover = 1 if _to_move(tuple(board.cells)) == "X" else -1
    liked = {move: preference(child, mover) for move, child in children.items()}
    return tuple(move for move, like in liked.items() if like == max(liked.values()))


def preference(child: Perfect, mover: int) -> tuple[int, int]:
    """How much the player to move (`mover` +1 for X, -1 for O) likes a move that leads to
    `child`: a better result first; then among wins the sooner, among losses the later."""
    mine = child.value * mover
    if mine > 0:
        return mine, -child.plies
    if mine < 0:
        return mine, child.plies
    return 0, 0  # a draw is a draw, whenever it comes


def winner(cells: Cells, rows: int, cols: int, k: int) -> str | None:
    """The player with `k` in a row ("X" or "O"), or None."""
    for line in lines(rows, cols, k):
        marks = {cells[i] for i in line}
        if len(marks) == 1 and "." not in marks:
            return marks.pop()
    return None


@functools.cache
def lines(rows: int, cols: int, k: int) -> list[tuple[int, ...]]:
    """Every `k` cells in a row (across, down or diagonally), as cell numbers, row by row.

    >>> lines(2, 2, 2)
    [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    """
    found = []
    for row in range(rows):
        for col in range(cols):
            for down, right in DIRECTIONS:
                run = [(row + down * step, col + right * step) for step in range(k)]
                if all(0 <= r < rows and 0 <= c < cols for r, c in run):
                    found.append(tuple(r * cols + c for r, c in run))
    return sorted(found)


@functools.cache
def _outcome(cells: Cells, rows: int, cols: int, k: int) -> Perfect:
    won = winner(cells, rows, cols, k)
    if won is not None:
        return Perfect(1 if won == "X" else -1, 0)
    if "." not in cells:
        return Perfect(0, 0)
    mark = _to_move(cells)
    mover = 1 if mark == "X" else -1
    children = [
        _outcome(_put(cells, i, mark), rows, cols, k) for i, cell in enumerate(cells) if cell == "."
    ]
    best = max(children, key=lambda child: preference(child, mover))
    return Perfect(best.value, best.plies + 1)


def _is_over(cells: Cells, rows: int, cols: int, k: int) -> bool:
    return winner(cells, rows, cols, k) is not None or "." not in cells


def _to_move(cells: Cells) -> str:
    return "X" if cells.count("X") == cells.count("O") else "O"


def _put(cells: Cells, i: int, mark: str) -> Cells:
    return (*cells[:i], mark, *cells[i + 1 :])
