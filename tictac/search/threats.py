"""Threats in k-in-a-row games, and the threat extension of a depth-limited search.

A *threat* is an empty cell where one more mark completes a line. In a position the player to
move may have to act on threats at once:

* if the mover has a threat, the mover can win right now;
* otherwise, if the opponent has one, the mover must block it (with two threats on different
  cells the mover can block only one, and loses).

:func:`forced_moves` gives those moves: the mover's winning cells if any, else the cells the
mover must block, else none (the position is *quiet*).

A depth-limited search that stops at a position with a threat judges it by its heuristic,
which may not see that the game is all but decided: the *horizon effect*. The **threat
extension** (``extend_threats=True`` in :func:`~tictac.search.engine.minimax` and
:func:`~tictac.search.engine.alphabeta`) searches on past the depth limit while the position is not
quiet, trying only the forced moves, so the line of forced moves is played out to its end or
to a quiet position; a search in chess does the same with captures and calls it *quiescence
search*. It stops at most `max_extension` plies past the depth limit, so it always ends.

>>> from tictac.game.state import State
>>> winning_cells(State.parse("XXX./OO../..../....", k=4), "X")
(3,)
>>> forced_moves(State.parse("XXX./OO../..../....", k=4))   # O to move: block at 3
(3,)
>>> forced_moves(State.parse("XXX./OOO./..../X...", k=4))   # O to move: O wins at 7
(7,)
>>> forced_moves(State.parse("X.../.O../..../....", k=4))   # quiet
()
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from tictac.game.position import refuse_other_games
from tictac.game.scoring import Score
from tictac.game.state import EMPTY, Mark, State, X, other, winning_lines

__all__ = [
    "MAX_EXTENSION",
    "ThreatExtension",
    "completing_cells",
    "extended_value",
    "forced_moves",
    "line_partners",
    "winning_cells",
]

MAX_EXTENSION = 8
"""How many plies past its depth limit the threat extension searches at most, unless told
otherwise. A line of forced moves fills a cell each ply, so it ends anyway; the bound keeps
the cost of a long one (each double threat doubles the positions) in check."""


def winning_cells(state: State, player: Mark) -> tuple[int, ...]:
    """The empty cells where a mark of `player` completes a line, in board order.

    >>> position = State.parse("X.X/OO./...")
    >>> winning_cells(position, "X"), winning_cells(position, "O")
    ((1,), (5,))
    """
    refuse_other_games(state, "reading threats", "minimax(position, depth=..., heuristic=...)")
    if not isinstance(state, State):
        raise TypeError(f"threats are read on a board, a State such as State.new(), not {state!r}")
    if player not in ("X", "O"):
        raise ValueError(f"player must be 'X' or 'O', not {player!r}")
    return completing_cells(state.rows, state.cols, state.k, state.cells, player)


@functools.lru_cache(maxsize=1 << 16)  # rules of thumb ask this again and again in a match
def completing_cells(
    rows: int, cols: int, k: int, cells: tuple[str, ...], player: Mark
) -> tuple[int, ...]:
    """:func:`winning_cells` for any board of `rows` x `cols` written as its `cells` (a
    position that may never have been played, such as one with a mark added), unchecked.

    >>> completing_cells(3, 3, 3, ("X", ".", "X", "O", "O", ".", ".", ".", "."), "O")
    (5,)
    """
    return tuple(
        cell
        for cell, lines in enumerate(line_partners(rows, cols, k))
        if cells[cell] == EMPTY and any(all(cells[i] == player for i in rest) for rest in lines)
    )


def forced_moves(state: State) -> tuple[int, ...]:
    """The moves the position forces on the player to move: the cells where the mover wins
    at once if there are any, otherwise the cells where the opponent would win next move
    (each must be blocked; with two or more, one block is not enough), otherwise none. A
    finished game forces nothing.

    >>> forced_moves(State.parse("XX./OO./..."))   # X to move wins at 2
    (2,)
    >>> forced_moves(State.parse("X.X/.O./..."))   # O must block at 1
    (1,)
    >>> forced_moves(State.parse("XX./.O./..O"))   # O must block at 2
    (2,)
    >>> forced_moves(State.parse("XX./X.O/.O."))   # X threatens 2 and 6: O cannot block both
    (2, 6)
    """
    refuse_other_games(state, "reading threats", "minimax(position, depth=..., heuristic=...)")
    if not isinstance(state, State):
        raise TypeError(f"threats are read on a board, a State such as State.new(), not {state!r}")
    if state.is_terminal:
        return ()
    return winning_cells(state, state.turn) or winning_cells(state, other(state.turn))


@functools.cache
def line_partners(rows: int, cols: int, k: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each cell, the other cells of every winning line through it.

    >>> line_partners(3, 3, 3)[1]   # the top row and the middle column
    ((0, 2), (4, 7))
    """
    lines = winning_lines(rows, cols, k)
    return tuple(
        tuple(tuple(i for i in line if i != cell) for line in lines if cell in line)
        for cell in range(rows * cols)
    )


def extended_value(
    state: State,
    depth: int,
    heuristic: Score,
    score: Score,
    *,
    max_extension: int = MAX_EXTENSION,
    ply: int = 0,
) -> float:
    """Depth-limited minimax with the threat extension, short and without the bookkeeping:
    the value ``minimax(state, depth=depth, heuristic=heuristic, score=score,
    extend_threats=True)`` finds, from X's side.

    >>> from tictac.game.scoring import open_lines, win_loss
    >>> extended_value(State.parse("X.X/.O./..."), 1, open_lines, win_loss)  # O must block
    1
    """
    if state.is_terminal:
        return score(state, ply)
    moves = state.legal_moves()
    if ply >= depth:  # at or past the horizon: search on only while moves are forced
        moves = forced_moves(state)
        if not moves or ply == depth + max_extension:
            return heuristic(state, ply)
    values = [
        extended_value(
            state.play(move), depth, heuristic, score, max_extension=max_extension, ply=ply + 1
        )
        for move in moves
    ]
    return max(values) if state.turn == X else min(values)


class ThreatExtension:
    """What a search with the threat extension does differently (see the module's docstring).

    `horizon` is the depth limit; `first_marks` the number of marks on the search's starting
    position, so that a position's ply is ``state.moves_made - first_marks``; `moves` the
    search's own choice of moves, used before the horizon.

    A position at or past the horizon is a leaf when the game is over, when it is quiet, or
    when it lies `max_extension` plies past the horizon; otherwise only its forced moves are
    searched.

    >>> extension = ThreatExtension(
    ...     horizon=1, max_extension=4, first_marks=0, moves=State.legal_moves
    ... )
    >>> threatened = State.parse("XX./OO./...")
    >>> extension.is_leaf(threatened, 1), extension.moves(threatened)   # past the horizon: forced
    (False, (2,))
    >>> extension.is_leaf(threatened, 0), extension.moves(State.new())  # before it: every move
    (False, (0, 1, 2, 3, 4, 5, 6, 7, 8))
    >>> extension.is_leaf(State.parse("X../.O./..."), 1), extension.is_leaf(threatened, 5)
    (True, True)
    """

    def __init__(
        self,
        *,
        horizon: int,
        max_extension: int,
        first_marks: int,
        moves: Callable[[State], tuple[int, ...]],
    ) -> None:
        self.horizon = horizon
        self.last = horizon + max_extension  # the deepest ply searched
        self.first_marks = first_marks
        self.inner = moves
        self._forced: tuple[State | None, tuple[int, ...]] = (None, ())

    def is_leaf(self, state: State, ply: int) -> bool:
        if state.is_terminal:
            return True
        if ply < self.horizon:
            return False
        return ply >= self.last or not self.forced(state)

    def moves(self, state: State) -> tuple[int, ...]:
        if state.moves_made - self.first_marks < self.horizon:
            return self.inner(state)
        return self.forced(state)

    def forced(self, state: State) -> tuple[int, ...]:
        """:func:`forced_moves`, remembered for the last position asked about (the search
        asks whether a position is a leaf, then for its moves)."""
        last, moves = self._forced
        if last is not state:
            moves = forced_moves(state)
            self._forced = (state, moves)
        return moves
