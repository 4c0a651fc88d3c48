"""Bitboards: one m,n,k board's geometry as whole numbers, shared by the fast searches.

The solver (:mod:`tictac.search.solver`) and the prover (:mod:`tictac.proving.pns`) both see a
position as two whole numbers, one per player: bit ``i`` is set when that player has a mark on cell
``i`` (row-major, as in :class:`~tictac.game.state.State`). Inside the searches they are ``me`` (the
player to move) and ``opp`` (the other one): playing a move is ``me | bit``, the empty cells are
``full ^ (me | opp)``, and the next position is ``(opp, me | bit)``.

What both searches need to know about a board size is worked out here once, by
:func:`geometry`, and kept:

* the cells' bits and the full board (:attr:`Geometry.full`);
* each winning line as a *mask*, a number with its ``k`` bits set, so that "does this player
  own the whole line?" is ``bits & mask == mask`` (:attr:`Geometry.lines`), and the lines
  through each cell (:attr:`Geometry.through`);
* the order in which the searches try the moves (:func:`move_order`);
* the board's symmetries as maps of bits, and the *keys* of a position under each of them
  (:meth:`Geometry.keys`): mirror images and rotations of a position have the same value, so
  the searches file a position under the smallest of its keys, its *canonical key*
  (:meth:`Geometry.canonical_key`). This is the bitboard form of
  :func:`tictac.game.state.canonical_cells`, which does the same for a board's cells (the two
  orders differ, so the image each picks may differ; each search keeps to one).

:func:`read_lines` reads all the lines of a position at once, for both players.

>>> from tictac.game.state import State
>>> board = geometry(3, 3, 3)
>>> board.n, bin(board.full), len(board.lines), bin(board.lines[0])  # the top row
(9, '0b111111111', 8, '0b111')
>>> move_order(3, 3, 3)  # the centre (4 lines), the corners (3), the edges (2)
(4, 0, 2, 6, 8, 1, 3, 5, 7)
>>> me, opp = bitboards(State.parse("X../.O./..."))  # X to move
>>> bin(me), bin(opp)
('0b1', '0b10000')
>>> board.canonical_key(me, opp) == board.canonical_key(0b100, 0b10000)  # X in another corner
True
"""

from __future__ import annotations

import functools
from operator import or_
from typing import TYPE_CHECKING

from tictac.game.state import symmetry_permutations, winning_lines

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tictac.game.state import State

__all__ = ["Geometry", "Images", "bitboards", "geometry", "move_order", "read_lines"]

Images = dict[int, tuple[int, ...]]
"""For each cell's bit, where each symmetry of the board puts a mark on it, in a key (see
:attr:`Geometry.x_images`)."""


def bitboards(state: State) -> tuple[int, int]:
    """The position as ``(me, opp)``: the marks of the player to move, then the other's.

    >>> from tictac.game.state import State
    >>> bitboards(State.parse("XO./.../..."))  # X to move: X on cell 0, O on cell 1
    (1, 2)
    >>> bitboards(State.parse("X../.../..."))  # O to move
    (0, 1)
    """
    x = o = 0
    for i, cell in enumerate(state.cells):
        if cell == "X":
            x |= 1 << i
        elif cell == "O":
            o |= 1 << i
    return (x, o) if state.turn == "X" else (o, x)


@functools.cache
def move_order(rows: int, cols: int, k: int) -> tuple[int, ...]:
    """The cells in the order the searches try them: on most winning lines first, then
    nearest the centre, then in board order.

    A good move found early lets alpha-beta cut more, and the cells on many lines are good
    more often than not.

    >>> move_order(3, 4, 3)  # 5 and 6 lie on 5 lines each, 1, 2, 9, 10 on 4, the corners on 3
    (5, 6, 1, 2, 9, 10, 0, 3, 8, 11, 4, 7)
    """
    lines = winning_lines(rows, cols, k)

    def rank(i: int) -> tuple[int, float, int]:
        r, c = divmod(i, cols)
        through = sum(1 for line in lines if i in line)
        off_centre = abs(r - (rows - 1) / 2) + abs(c - (cols - 1) / 2)
        return (-through, off_centre, i)

    return tuple(sorted(range(rows * cols), key=rank))


class Geometry:
    """The bitboard tables of a `rows` x `cols` board with `k` in a row (see :func:`geometry`,
    which makes each once). Nothing here changes after it is made.

    Symmetries: :attr:`perms` are :func:`~tictac.game.state.symmetry_permutations` (the identity
    first), and ``where[s][i]`` is the cell that symmetry ``s`` moves cell ``i`` to. A position's
    *key* under symmetry ``s`` is the number ``X | O << n`` of its image: X's marks in the low
    ``n`` bits, O's above them, so the key says who holds what whoever is to move.
    ``x_images[bit][s]`` is what an X mark on `bit` adds to the key under symmetry ``s``, and
    ``o_images`` the same for an O mark. Rather than transform the board at every node, the
    searches carry a position's keys along and add each move's images to them::

        child_keys = tuple(map(operator.or_, keys, x_images[bit]))  # X plays `bit`

    >>> board = geometry(2, 2, 2)
    >>> board.where[:4]  # the identity, the two mirrors, the half turn (then 4 more)
    ((0, 1, 2, 3), (1, 0, 3, 2), (2, 3, 0, 1), (3, 2, 1, 0))
    >>> board.x_images[0b0001], board.o_images[0b0001]  # a mark on cell 0, under each
    ((1, 2, 4, 8, 1, 4, 2, 8), (16, 32, 64, 128, 16, 64, 32, 128))
    """

    def __init__(self, rows: int, cols: int, k: int) -> None:
        self.rows, self.cols, self.k = rows, cols, k
        self.n = n = rows * cols
        self.full = (1 << n) - 1
        """Every cell's bit."""
        self.lines = tuple(sum(1 << i for i in line) for line in winning_lines(rows, cols, k))
        """The winning lines as masks, in :func:`~tictac.game.state.winning_lines` order."""
        self.through = {
            1 << i: tuple(line for line in self.lines if line >> i & 1) for i in range(n)
        }
        """For each cell's bit, the masks of the lines through it."""
        self.order = tuple(1 << i for i in move_order(rows, cols, k))
        """The cells' bits in :func:`move_order`."""
        self.perms = symmetry_permutations(rows, cols)
        """The symmetries: new cell ``i`` holds old cell ``perm[i]``."""
        where = []
        for perm in self.perms:
            moved = [0] * n
            for new, old in enumerate(perm):
                moved[old] = new
            where.append(tuple(moved))
        self.where = tuple(where)
        """``where[s][i]``: the cell that symmetry ``s`` moves cell ``i`` to."""
        self.x_images: Images = {1 << i: tuple(1 << w[i] for w in where) for i in range(n)}
        """``x_images[bit][s]``: where symmetry ``s`` puts an X mark on `bit`, in a key."""
        self.o_images: Images = {1 << i: tuple(1 << (w[i] + n) for w in where) for i in range(n)}
        """``o_images[bit][s]``: where symmetry ``s`` puts an O mark on `bit`, in a key."""

    def __repr__(self) -> str:
        return f"geometry({self.rows}, {self.cols}, {self.k})"

    def keys(self, x: int, o: int) -> tuple[int, ...]:
        """The position's keys ``X | O << n`` under each symmetry, the identity's first.

        >>> geometry(1, 3, 2).keys(0b001, 0b010)  # X on the left, O in the middle
        (17, 20, 17, 20)

        (A 1x3 board has four symmetries, like every rectangle, but two of them change
        nothing: mirroring its one row top to bottom.)
        """
        keys = [0] * len(self.perms)
        for i in range(self.n):
            bit = 1 << i
            if x & bit:
                keys = list(map(or_, keys, self.x_images[bit]))
            elif o & bit:
                keys = list(map(or_, keys, self.o_images[bit]))
        return tuple(keys)

    def canonical_key(self, x: int, o: int) -> int:
        """The smallest of the position's :meth:`keys`: the same for all its mirror images.

        >>> board = geometry(1, 3, 2)
        >>> board.canonical_key(0b001, 0b010) == board.canonical_key(0b100, 0b010)
        True
        """
        return min(self.keys(x, o))

    def image(self, bits: int, symmetry: int) -> int:
        """The marks `bits` moved by the symmetry numbered `symmetry` (see :attr:`where`).

        >>> geometry(1, 3, 2).image(0b001, 1)  # the mirror moves cell 0 to cell 2
        4
        """
        moved = self.where[symmetry]
        return sum(1 << moved[i] for i in range(self.n) if bits >> i & 1)

    def wins(self, bits: int) -> bool:
        """Do the marks `bits` hold a whole line?

        >>> geometry(3, 3, 3).wins(0b100010001), geometry(3, 3, 3).wins(0b11)
        (True, False)
        """
        return any(bits & line == line for line in self.lines)


@functools.lru_cache(maxsize=32)
def geometry(rows: int, cols: int, k: int) -> Geometry:
    """The :class:`Geometry` of a `rows` x `cols` board with `k` in a row, made once per size.

    >>> geometry(4, 4, 3) is geometry(4, 4, 3)
    True
    """
    return Geometry(rows, cols, k)


def read_lines(
    lines: Sequence[int], k: int, me: int, opp: int, my_reach: int, their_reach: int
) -> tuple[int, int, int, int, int]:
    """Read every line once, for the player to move (`me`) and the other player (`opp`).

    Returns five bit masks: the empty cells that would finish a line at once for me and for
    them (*threats*); the cells of my lines that I could still finish with at most `my_reach`
    more marks, and of theirs with `their_reach` (*live* lines; 0 when there are none); and the
    cells that all of their live lines share (every bit set when they have none).

    >>> read_lines([0b011, 0b110], 2, me=0b001, opp=0b100, my_reach=1, their_reach=1)
    (2, 2, 3, 6, 6)
    """
    my_threats = their_threats = my_live = their_live = 0
    their_common = -1
    for line in lines:
        mine, theirs = line & me, line & opp
        if not theirs:
            need = line ^ mine
            if not need & (need - 1):
                my_threats |= need
            if k - mine.bit_count() <= my_reach:
                my_live |= line
        elif not mine:
            need = line ^ theirs
            if not need & (need - 1):
                their_threats |= need
            if k - theirs.bit_count() <= their_reach:
                their_live |= line
                their_common &= line
    return my_threats, their_threats, my_live, their_live, their_common
