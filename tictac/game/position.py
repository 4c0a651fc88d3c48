"""One game interface: what a position must offer for the searches to play any game.

A game's position is any object with the six names of :class:`Position`: `turn`,
`is_terminal`, `legal_moves()`, `play(move)`, `result()` and `key`. :class:`State` (m,n,k
boards) and :class:`~tictac.game.numbertree.NumberTree` (the textbook's trees of numbers) have
them, and so can a game written in a lesson or a test. "X" is always the player who moves first
and "O" the second, whatever the game calls them, and values are from X's side: +1 means the
first player wins.

>>> from tictac.game.state import State
>>> isinstance(State.new(), Position)
True
>>> require_position("XX./OO./...", "minimax")
Traceback (most recent call last):
  ...
TypeError: minimax needs a State, such as State.new(), or another game's position ...

A few things are for m,n,k boards only (the bitboard solver, pairings, threats, the learners):
they refuse any other game in one wording, with :class:`NotForThisGame`.

Optional names a game may add, each used by the feature that needs it: `play_unchecked(move)`
(a faster `play` for moves taken from `legal_moves()`), `symmetric_key` (the same key for
mirror images, for ``memo="symmetric"``), `moves_left` (the most moves the game can still last,
for ``uct_search(positions=...)``), `text` (how traces and errors show the position) and
`move_label(move)` (how messages and traces name a move; else its ``repr``).

What a move is, for every game: whatever its `legal_moves()` lists, given back to its
`play(move)`. It must be hashable (results file values under moves) and the moves of one
position must sort among themselves (results list them in order): a cell index (an ``int``)
on an m,n,k board, a column (an ``int``) in Connect Four, a pair ``(heap, take)`` in Nim, a
branch index in a tree of numbers, anything of that kind in a game of your own. For the type
checker a game's move type is ``M``: a ``Position[int]`` is a position whose moves are ints,
and a search of it returns a ``SearchResult[int]``, whose moves are ints too (plain
``Position`` means any game's, its moves :class:`AnyMove`).

>>> from tictac.game.nim import Nim
>>> Nim.new((1, 2)).legal_moves()
((0, 1), (1, 1), (1, 2))
>>> move_text(Nim.new((1, 2)), (1, 2)), move_text(State.new(), 4)
('take 2 from heap 1', '4')
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeAlias, runtime_checkable

from tictac.game.state import Mark, State
from tictac.helpers.checks import shown

__all__ = [
    "AnyMove",
    "NotForThisGame",
    "Position",
    "Result",
    "move_text",
    "require_board",
    "refuse_other_games",
    "require_position",
    "shown_position",
    "successor",
]

Result: TypeAlias = Literal["X", "O", "draw"]
"""How a game ended: "X" (the first player) won, "O" (the second) won, or a draw."""


class AnyMove(Hashable, Protocol):
    """A move of any game, for the type checker: whatever its `legal_moves()` lists, hashable
    and sortable among the moves of one position (an ``int``, a tuple of them, a string...).
    An m,n,k board's move is a cell index, an ``int`` (its `play` also takes a
    :data:`~tictac.game.state.Move`, a ``(row, col)`` pair)."""

    def __lt__(self, other: Any, /) -> bool: ...


if TYPE_CHECKING:  # a default for M (PEP 696): the type checker knows it, Python only from 3.13
    from typing_extensions import TypeVar

    M = TypeVar("M", bound=AnyMove, covariant=True, default=AnyMove)
else:
    M = typing.TypeVar("M", bound=AnyMove, covariant=True)
"""A game's move type, for the type checker: ``Position[M]``, ``SearchResult[M]``. Left out
(plain ``Position``, plain ``SearchResult``) it is :class:`AnyMove`: any game's move."""

REQUIRED = ("turn", "is_terminal", "legal_moves", "play", "result", "key")
"""The names every position has (those of :class:`Position`)."""


@runtime_checkable
class Position(Protocol[M]):
    """One position of a two-player game with perfect information: what the searches ask of it.
    ``Position[M]`` is one whose moves are of type ``M`` (``State`` is a ``Position[int]``).

    "X" moves first and "O" second; a search's value is from X's side (X maximises), so +1
    with :func:`~tictac.game.scoring.win_loss` means the first player wins.

    >>> from tictac.game.numbertree import NumberTree
    >>> isinstance(NumberTree([[3, 12], [2, 4]]), Position), isinstance(42, Position)
    (True, False)
    """

    @property
    def turn(self) -> Mark:
        """Who is to move: "X" (the first player) or "O"."""

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""

    def legal_moves(self) -> tuple[M, ...]:
        """The moves the player to move may make; empty once the game is over."""

    def play(self, move: Any) -> Position[M]:
        """The position after `move`, checked: an illegal move raises an error saying why."""

    def result(self) -> Result | None:
        """ "X" or "O" for the winner, "draw", or None while the game runs."""

    @property
    def key(self) -> Hashable:
        """The same for equal positions, different otherwise: what a memo files them under."""


def require_position(position: object, who: str) -> None:
    """Nothing if `position` is a :class:`Position`; otherwise a TypeError saying that `who`
    needs one, and which of the six names it lacks.

    >>> require_position(State.new(), "minimax")
    >>> require_position(object(), "alphabeta")
    Traceback (most recent call last):
      ...
    TypeError: alphabeta needs a State, such as State.new(), or another game's position ...
    """
    if isinstance(position, Position):
        return
    missing = [name for name in REQUIRED if not hasattr(position, name)]
    hint = "; State.parse(text) reads a board's text" if isinstance(position, str) else ""
    raise TypeError(
        f"{who} needs a State, such as State.new(), or another game's position (one with "
        f"turn, is_terminal, legal_moves(), play(move), result() and key; this lacks "
        f"{', '.join(missing)}), not {shown(position)}{hint}"
    )


class NotForThisGame(TypeError):
    """A feature made for m,n,k boards (:class:`State`) given another game's position.

    >>> from tictac.game.numbertree import NumberTree
    >>> raise NotForThisGame("solve", NumberTree([[1, 2]]), "minimax(position)")
    Traceback (most recent call last):
      ...
    tictac.game.position.NotForThisGame: solve works on m,n,k boards (State) only, not on ...
    """

    def __init__(
        self,
        feature: str,
        position: object,
        instead: str,
        *,
        works_on: str = "m,n,k boards (State)",
    ) -> None:
        self.feature, self.game, self.instead = feature, type(position).__name__, instead
        super().__init__(
            f"{feature} works on {works_on} only, not on {self.game}; for any game use {instead}"
        )


def require_board(position: object, feature: str, instead: str) -> None:
    """Nothing if `position` is an m,n,k board (:class:`State`); a :class:`NotForThisGame`
    naming `feature` and what to use `instead` for any other game's position; the usual
    TypeError of :func:`require_position` for anything that is no position at all.

    >>> require_board(State.new(), "solve", "minimax(position)")
    >>> from tictac.game.numbertree import NumberTree
    >>> require_board(NumberTree([[1, 2]]), "solve", "minimax(position)")
    Traceback (most recent call last):
      ...
    tictac.game.position.NotForThisGame: solve works on m,n,k boards (State) only, not on ...
    """
    if isinstance(position, State):
        return
    require_position(position, feature)
    raise NotForThisGame(feature, position, instead)


def refuse_other_games(position: object, feature: str, instead: str) -> None:
    """A :class:`NotForThisGame` if `position` is another game's position than an m,n,k board;
    nothing for a board, or for what is no position at all (the caller's own check says what it
    needs then).

    >>> refuse_other_games(State.new(), "solve()", "minimax(position)")
    >>> refuse_other_games("XX./OO./...", "solve()", "minimax(position)")
    """
    if not isinstance(position, State) and isinstance(position, Position):
        raise NotForThisGame(feature, position, instead)


def successor(position: Position) -> Callable[[Any, Any], Any]:
    """How a search plays a move it took from `legal_moves()`: the game's unchecked
    `play_unchecked` when it has one (the fast path), else its `play`; looked up once, on the
    class, so that a search calls ``successor(root)(position, move)``.

    >>> successor(State.new())(State.new(), 4).text
    '.../.X./...'
    """
    game = type(position)
    play: Callable[[Any, Any], Any] = getattr(game, "play_unchecked", game.play)
    return play


def move_text(position: object, move: object) -> str:
    """How messages and traces name `move`, a move of `position`'s game: as the game names it
    (its `move_label`, as Connect Four and Nim have), else as Python writes it (a board's cell
    index, a tree of numbers' branch).

    >>> move_text(State.new(), 4)
    '4'
    """
    label = getattr(position, "move_label", None)
    return str(label(move)) if callable(label) else repr(move)


def shown_position(position: object) -> str:
    """A position as errors and traces show it: its `text` if it has one, else its value as
    :func:`~tictac.helpers.checks.shown` writes it.

    >>> shown_position(State.parse("XX./OO./...")), shown_position(7)
    ('XX./OO./...', '7')
    """
    text = getattr(position, "text", None)
    return text if isinstance(text, str) else shown(position)
