"""Nim: heaps of objects, and a move takes one or more objects from one heap.

Two players take turns; the player who takes the last object wins (normal play), so a game
never ends in a draw. As everywhere in the package, "X" is the player who moves first and "O"
the other. A :class:`Nim` is one position: the heaps, and how many moves led to them.

A move is a ``(heap, take)`` pair of whole numbers: take `take` objects from heap number
`heap`, the heaps numbered from 0 as cells are.

>>> game = Nim.new((3, 4, 5))
>>> game.turn, game.legal_moves()[:4]
('X', ((0, 1), (0, 2), (0, 3), (1, 1)))
>>> game = game.play((2, 3))
>>> game.heaps, game.turn
((3, 4, 2), 'O')
>>> print(game)
heap 0: ||| (3)
heap 1: |||| (4)
heap 2: || (2)
O to move
>>> game.play((0, 3)).play((1, 4)).play((2, 2)).result()
'O'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Set, Sized
from typing import Any

from tictac.game.frozen import FrozenPosition
from tictac.game.state import IllegalMove, Mark, O, X
from tictac.helpers.checks import as_whole_tuple, shown, whole_number

__all__ = ["Nim"]

NimMove = tuple[int, int]
"""A move: ``(heap, take)``, take `take` objects from heap number `heap` (from 0)."""

MAX_HEAPS = 10
MAX_HEAP = 100
"""At most :data:`MAX_HEAPS` heaps of at most :data:`MAX_HEAP` objects each: the text and the
pictures stay readable, and a search of anything near the limit would never end anyway."""

MAX_STICKS = 20
"""The most sticks the text form draws for a heap; its number is written after them."""

_EXAMPLE = "Nim.new((3, 4, 5))"


def _rebuild(heaps: tuple[int, ...], moves_made: int) -> Nim:
    """The position of a copy or a pickle (its `_recipe`), made through `new` and so checked."""
    return Nim.new(heaps, moves_made=moves_made)


class Nim(FrozenPosition):
    """One position of Nim: the heaps (whole numbers, 0 for an empty heap) and the player to
    move. The player who takes the last object wins.

    Positions are immutable and hashable. Build them with :meth:`Nim.new` and :meth:`play`.
    Two positions are equal when their heaps and the number of moves made are; :attr:`key`
    forgets the moves and keeps only who is to move, and :attr:`symmetric_key` forgets the
    order of the heaps too.

    >>> start = Nim.new([1, 2])
    >>> start.play((1, 1)) == Nim.new((1, 1), moves_made=1)
    True
    >>> start.play((1, 2)).play((0, 1)).result()
    'O'
    """

    __slots__ = ("heaps", "moves_made", "turn", "_left")

    heaps: tuple[int, ...]
    moves_made: int
    turn: Mark
    _left: int

    _how_to_build = (
        f"a Nim position is not built by calling Nim(...): use Nim.new(heaps), as in "
        f"{_EXAMPLE}, or position.play((heap, take)) for the position after a move"
    )
    _how_to_change = "a Nim position cannot be changed; play(move) returns a new one"
    _rebuild = staticmethod(_rebuild)

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def new(cls, heaps: Iterable[int], *, moves_made: int = 0) -> Nim:
        """The position with these heaps, X to move (or, after `moves_made` moves, the player
        whose turn that makes it: X after an even number, O after an odd one).

        `heaps` is a tuple or list (any sequence, NumPy's too) of 1 to 10 whole numbers, each
        from 0 to 100. Heaps may be empty; if all are, the game is over before it starts: X
        cannot move, and loses.

        >>> Nim.new((3, 4, 5)).moves_left
        12
        >>> Nim.new((3, 4, 5), moves_made=1).turn
        'O'
        >>> Nim.new((3, 4, 101))
        Traceback (most recent call last):
          ...
        ValueError: heap 2 must be a whole number of objects from 0 to 100, not 101
        >>> Nim.new(())
        Traceback (most recent call last):
          ...
        ValueError: Nim is played here with 1 to 10 heaps, but 0 were given: give the heaps' ...
        """
        made = whole_number(moves_made, "moves_made", at_least=0, what="moves")
        return cls._make(_read_heaps(heaps), made)

    @classmethod
    def _make(cls, heaps: tuple[int, ...], moves_made: int) -> Nim:
        """Build a position from heaps known to be plain ints within the limits (no checks)."""
        position = object.__new__(cls)
        set_ = object.__setattr__
        set_(position, "heaps", heaps)
        set_(position, "moves_made", moves_made)
        set_(position, "turn", O if moves_made % 2 else X)
        set_(position, "_left", sum(heaps))
        return position

    def _identity(self) -> tuple[Any, ...]:
        return (self.heaps, self.moves_made)

    def _recipe(self) -> tuple[Any, ...]:
        return (self.heaps, self.moves_made)

    # -- rules --------------------------------------------------------------------------------

    @property
    def is_terminal(self) -> bool:
        """True when every heap is empty: the player who took the last object has won."""
        return self._left == 0

    @property
    def moves_left(self) -> int:
        """The objects left: the most moves the game can still last (each takes one or more).

        >>> Nim.new((3, 0, 2)).moves_left
        5
        """
        return self._left

    def legal_moves(self) -> tuple[NimMove, ...]:
        """Every ``(heap, take)`` the player to move may play, heap by heap, fewest first;
        empty when the game is over.

        >>> Nim.new((2, 0, 1)).legal_moves()
        ((0, 1), (0, 2), (2, 1))
        """
        return tuple(
            (heap, take) for heap, size in enumerate(self.heaps) for take in range(1, size + 1)
        )

    def play(self, move: NimMove) -> Nim:
        """The position after the player to move takes ``take`` objects from heap ``heap``.

        `move` is a ``(heap, take)`` pair (a tuple or a list) of whole numbers of any integer
        type (but not True or False). A move the rules do not allow raises
        :class:`~tictac.game.state.IllegalMove`, which says why, and this position is unchanged.

        >>> Nim.new((3, 4, 5)).play((1, 4)).heaps
        (3, 0, 5)
        >>> Nim.new((3, 4, 5)).play((0, 4))
        Traceback (most recent call last):
          ...
        tictac.game.state.IllegalMove: heap 0 has 3 objects, so 4 cannot be taken: take 1 to 3
        """
        if self.is_terminal:
            raise IllegalMove(
                f"the game is over ({self.status}): no more moves can be played; start a new "
                f"game with Nim.new(heaps), as in {_EXAMPLE}"
            )
        heap, take = _read_move(move)
        count = len(self.heaps)
        if not 0 <= heap < count:
            numbered = "heap 0" if count == 1 else f"heaps 0 to {count - 1}"
            raise IllegalMove(
                f"there is no heap {shown(heap)}: this game has {numbered} (counted from 0)"
            )
        size = self.heaps[heap]
        if size == 0:
            others = [index for index, left in enumerate(self.heaps) if left]
            which = "the only one" if len(others) == 1 else "the ones"
            raise IllegalMove(
                f"heap {heap} is empty: take from {_heaps_label(others)}, {which} with objects left"
            )
        if not 1 <= take <= size:
            if take < 1:
                why = f"a move takes at least 1 object, not {shown(take)}"
            else:
                why = f"heap {heap} has {_objects(size)}, so {shown(take)} cannot be taken"
            bounds = "take 1" if size == 1 else f"take 1 to {size}"
            raise IllegalMove(f"{why}: {bounds}")
        return self.play_unchecked((heap, take))

    def play_unchecked(self, move: NimMove) -> Nim:
        """`play` without its checks, for code that plays only moves it took from
        :meth:`legal_moves` (the searches). Anything else should call :meth:`play`, which says
        what is wrong with a move.

        >>> Nim.new((3, 4)).play_unchecked((0, 2)) == Nim.new((3, 4)).play((0, 2))
        True
        """
        heap, take = move
        heaps = self.heaps
        return Nim._make(
            (*heaps[:heap], heaps[heap] - take, *heaps[heap + 1 :]), self.moves_made + 1
        )

    def result(self) -> Mark | None:
        """The winner once every heap is empty: the player who took the last object, that is
        the player not to move. None while the game runs. Nim has no draws.

        >>> Nim.new((1,)).play((0, 1)).result()
        'X'
        >>> Nim.new((1,)).result() is None
        True
        """
        if self._left:
            return None
        return O if self.turn == X else X

    def move_label(self, move: NimMove) -> str:
        """A move as the package names it to a person. Only its form is checked (a pair of
        whole numbers), not whether it can be played here.

        >>> Nim.new((3, 4, 5)).move_label((0, 2))
        'take 2 from heap 0'
        """
        heap, take = _read_move(move)
        return f"take {take} from heap {heap}"

    # -- keys for memos and tables ------------------------------------------------------------

    @property
    def key(self) -> tuple[tuple[int, ...], Mark]:
        """The heaps and the player to move: equal for positions that play the same, however
        many moves led to them (the searches' memo keys).

        >>> Nim.new((1, 2)).play((1, 1)).key == Nim.new((1, 1), moves_made=3).key
        True
        """
        return (self.heaps, self.turn)

    @property
    def symmetric_key(self) -> tuple[tuple[int, ...], Mark]:
        """:attr:`key` with the heaps sorted: the order of the heaps does not change who wins.

        >>> Nim.new((5, 3, 4)).symmetric_key == Nim.new((3, 4, 5)).symmetric_key
        True
        """
        return (tuple(sorted(self.heaps)), self.turn)

    # -- text and pictures --------------------------------------------------------------------

    @property
    def text(self) -> str:
        """The heaps' sizes in order, separated by spaces.

        >>> Nim.new((3, 0, 5)).text
        '3 0 5'
        """
        return " ".join(map(str, self.heaps))

    @property
    def status(self) -> str:
        """Who is to move, or who won and why, in words.

        >>> Nim.new((2,)).status, Nim.new((2,)).play((0, 2)).status
        ('X to move', 'X took the last object and wins')
        >>> Nim.new((0, 0)).status
        'every heap is empty: X cannot move, so O wins'
        """
        winner = self.result()
        if winner is None:
            return f"{self.turn} to move"
        if self.moves_made == 0:
            return f"every heap is empty: X cannot move, so {winner} wins"
        return f"{winner} took the last object and wins"

    def __str__(self) -> str:
        rows = [f"heap {index}: {_sticks(size)}" for index, size in enumerate(self.heaps)]
        return "\n".join([*rows, self.status])

    def __repr__(self) -> str:
        heaps = f"({self.heaps[0]},)" if len(self.heaps) == 1 else repr(self.heaps)
        made = f", moves_made={self.moves_made}" if self.moves_made else ""
        return f"Nim.new({heaps}{made})"

    def _repr_svg_(self) -> str:
        # Imported here: the pictures import the game layer, so they cannot be imported above.
        from tictac.pictures.heaps import heaps_svg

        return heaps_svg(self)


# ---------------------------------------------------------------------------------------------
# Reading heaps and moves, and naming them


def _read_heaps(heaps: object) -> tuple[int, ...]:
    """The heaps as a tuple of plain ints, checked: an error says what is wrong."""
    if isinstance(heaps, (Set, Mapping)):
        raise TypeError(
            f"the heaps must be given in order, as a tuple or list such as (3, 4, 5), not "
            f"{shown(heaps)}: a move names a heap by its place"
        )
    if isinstance(heaps, (str, bytes)) or not isinstance(heaps, Iterable):
        raise TypeError(
            f"the heaps must be a tuple or list of whole numbers, as in {_EXAMPLE}, not "
            f"{shown(heaps)}"
        )
    # At most one heap more than the limit is read: enough to tell that there are too many.
    given = tuple(itertools.islice(heaps, MAX_HEAPS + 1))
    if not 1 <= len(given) <= MAX_HEAPS:
        count: object = len(given)
        if len(given) > MAX_HEAPS:
            count = len(heaps) if isinstance(heaps, Sized) else f"more than {MAX_HEAPS}"
        raise ValueError(
            f"Nim is played here with 1 to {MAX_HEAPS} heaps, but {count} were given: give "
            f"the heaps' sizes, as in {_EXAMPLE}"
        )
    return tuple(
        whole_number(size, f"heap {index}", at_least=0, at_most=MAX_HEAP, what="objects")
        for index, size in enumerate(given)
    )


def _read_move(move: object) -> NimMove:
    """A move as a pair of plain ints; an IllegalMove if it is not a pair of whole numbers."""
    pair = as_whole_tuple(move)
    if pair is None or len(pair) != 2:
        raise IllegalMove(
            "a move is a (heap, take) pair of whole numbers, such as (0, 2) to take 2 objects "
            f"from heap 0, not {shown(move)}"
        )
    return pair[0], pair[1]


def _objects(count: int) -> str:
    """ "1 object", "3 objects"."""
    return f"{count} object" if count == 1 else f"{count} objects"


def _heaps_label(indices: Iterable[int]) -> str:
    """Heaps by their numbers, as a sentence lists them.

    >>> _heaps_label([2]), _heaps_label(range(3))
    ('heap 2', 'heaps 0, 1 and 2')
    """
    numbers = [str(index) for index in indices]
    if len(numbers) == 1:
        return f"heap {numbers[0]}"
    return f"heaps {', '.join(numbers[:-1])} and {numbers[-1]}"


def _sticks(size: int) -> str:
    """A heap as the text form draws it: its sticks in fives (at most :data:`MAX_STICKS`),
    then its size.

    >>> _sticks(7), _sticks(0), _sticks(23)
    ('||||| || (7)', '(0)', '||||| ||||| ||||| ||||| ... (23)')
    """
    drawn = min(size, MAX_STICKS)
    parts = ["|" * min(5, drawn - start) for start in range(0, drawn, 5)]
    if size > MAX_STICKS:
        parts.append("...")
    return " ".join([*parts, f"({size})"])
