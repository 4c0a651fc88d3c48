"""The game model: an immutable board for m,n,k games such as tic-tac-toe.

A :class:`State` is one position: the marks on the board, the size of the board and how many
marks in a row win. Every rule of the game lives here; search, players and pictures only ask
a state what they need to know.

>>> s = State.new()
>>> s = s.play(4).play(0).play((2, 2))
>>> print(s)
O . .
. X .
. . X
>>> s.turn, s.legal_moves()
('O', (1, 2, 3, 5, 6, 7))
>>> State.parse("XO./.X./..O").text
'XO./.X./..O'
"""

from __future__ import annotations

import functools
import itertools
import operator
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Literal

from tictac.game.frozen import FrozenPosition
from tictac.helpers.checks import as_whole, as_whole_tuple, shown, whole_numbers

__all__ = [
    "EMPTY",
    "IllegalMove",
    "InvalidBoard",
    "Line",
    "Move",
    "Mark",
    "State",
    "X",
    "O",
    "canonical_cells",
    "lines_through",
    "other",
    "reachable_states",
    "symmetry_permutations",
    "winning_lines",
]

Mark = Literal["X", "O"]
"""A player's mark: "X" (moves first) or "O". (The AI players themselves are
:class:`tictac.players.rules.Player`.)"""
Cell = Literal["X", "O", "."]
Line = tuple[int, ...]
Move = int | tuple[int, int]

X: Mark = "X"
O: Mark = "O"
EMPTY: Cell = "."

_EMPTY_SYMBOLS = frozenset(".-_ ")
MAX_SIDE = 10
MAX_TEXT = 10_000
"""The longest text :meth:`State.parse` reads: the largest board (10x10) takes 109 characters
with its separators, so anything longer cannot be a board and is refused before it is read."""


class IllegalMove(ValueError):
    """A move that the rules do not allow: the state it was played on is unchanged."""


class InvalidBoard(ValueError):
    """A board that cannot arise in a real game, or text that is not a board at all."""


def other(player: Mark) -> Mark:
    """The opponent of `player`.

    >>> other("X")
    'O'
    """
    if player == X:
        return O
    if player == O:
        return X
    raise ValueError(f"a mark is 'X' or 'O' (capital letters), not {shown(player)}")


# ---------------------------------------------------------------------------------------------
# Geometry: lines and symmetries depend only on the board's size, so they are computed once.


@functools.cache
def winning_lines(rows: int, cols: int, k: int) -> tuple[Line, ...]:
    """Every run of `k` cells in a row, column or diagonal, as row-major indices.

    >>> len(winning_lines(3, 3, 3))
    8
    >>> winning_lines(3, 3, 3)[0]
    (0, 1, 2)
    """
    # Checked, as plain ints, before the work: NumPy's equal and equally hashed integers would
    # otherwise put NumPy arithmetic into the cache that every later call with plain ints shares.
    rows, cols, k = _board_size(rows, cols, k)
    lines = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_r, end_c = r + dr * (k - 1), c + dc * (k - 1)
                if 0 <= end_r < rows and 0 <= end_c < cols:
                    lines.append(tuple((r + dr * i) * cols + (c + dc * i) for i in range(k)))
    return tuple(sorted(lines))


@functools.cache
def lines_through(rows: int, cols: int, k: int) -> tuple[tuple[Line, ...], ...]:
    """For each cell, the winning lines that pass through it (ascending, as
    :func:`winning_lines`): the only lines a move into that cell can complete.

    >>> lines_through(3, 3, 3)[4]
    ((0, 4, 8), (1, 4, 7), (2, 4, 6), (3, 4, 5))
    """
    lines = winning_lines(rows, cols, k)
    return tuple(tuple(line for line in lines if cell in line) for cell in range(rows * cols))


@functools.cache
def symmetry_permutations(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """The symmetries of the board as permutations of cell indices, identity first.

    A square board has 8 (4 rotations, each possibly mirrored); any other rectangle has 4.
    Permutation `p` maps a board to the board whose cell `i` holds the old cell `p[i]`.

    >>> len(symmetry_permutations(3, 3)), len(symmetry_permutations(3, 4))
    (8, 4)
    """
    rows, cols, _ = _board_size(rows, cols, 1)  # checked, as plain ints, as in winning_lines

    def cell(r: int, c: int) -> int:
        return r * cols + c

    transforms: list[Callable[[int, int], tuple[int, int]]] = [
        lambda r, c: (r, c),
        lambda r, c: (r, cols - 1 - c),
        lambda r, c: (rows - 1 - r, c),
        lambda r, c: (rows - 1 - r, cols - 1 - c),
    ]
    if rows == cols:
        transforms += [
            lambda r, c: (c, r),
            lambda r, c: (c, cols - 1 - r),
            lambda r, c: (rows - 1 - c, r),
            lambda r, c: (rows - 1 - c, cols - 1 - r),
        ]
    return tuple(
        tuple(cell(*t(r, c)) for r in range(rows) for c in range(cols)) for t in transforms
    )


def canonical_cells(
    cells: Sequence[str], rows: int, cols: int
) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The image of a board's `cells` (``"X"``, ``"O"``, ``"."``) that comes first in
    alphabetical order among its mirror images and rotations, and the permutation that makes
    it: cell ``i`` of the image is ``cells[permutation[i]]`` (when several make it, the first
    in :func:`symmetry_permutations` order).

    Mirror images and rotations of a position are the same position turned round, so searches
    and learners that meet them keep one entry for all of them, under this image. It is the
    one place where positions are reduced up to symmetry by their cells: :meth:`State.canonical`,
    the symmetric memo of :func:`tictac.search.engine.alphabeta`, MENACE's matchboxes, the proof
    search of :mod:`tictac.proving.ideas`, and the written-out strategies and defences of
    :mod:`tictac.proving.pns` and :mod:`tictac.proving.verify` all call it, so they agree on which
    image stands for the others. (The fast searches file their bitboards under the smallest of their
    numeric keys, :meth:`tictac.game.bitboard.Geometry.canonical_key`, which may pick another image;
    each search keeps to one.)

    >>> image, permutation = canonical_cells("X........", 3, 3)  # "." comes before "X"
    >>> "".join(image), permutation
    ('........X', (8, 7, 6, 5, 4, 3, 2, 1, 0))
    """
    permutations = symmetry_permutations(rows, cols)
    first, chosen = None, permutations[0]
    for permutation, rearrange in zip(permutations, _rearrangers(rows, cols)):
        image = rearrange(cells)
        if first is None or image < first:
            first, chosen = image, permutation
    assert first is not None  # there is always the identity
    return first, chosen


@functools.cache
def _rearrangers(rows: int, cols: int) -> tuple[Callable[[Sequence[str]], tuple[str, ...]], ...]:
    """For each symmetry, a quick function from a board's cells to its image's (a tuple)."""
    if rows * cols == 1:
        return (tuple,)  # itemgetter with one index would return the cell, not a tuple
    return tuple(operator.itemgetter(*p) for p in symmetry_permutations(rows, cols))


# ---------------------------------------------------------------------------------------------
# The state


def _rebuild(text: str, k: int) -> State:
    """The state of a copy or a pickle (its `_recipe`), read back and so checked."""
    return State.parse(text, k=k)


class State(FrozenPosition):
    """One position of an m,n,k game: `rows` x `cols` board, `k` in a row wins, X moves first.

    States are immutable and hashable, so they can be dictionary keys (memoisation) and set
    members (counting positions). Build them with :meth:`State.new`, :meth:`State.parse`,
    :meth:`State.from_cells` or :meth:`play`; sizes and moves may be any whole numbers (NumPy's
    too), and are kept as plain ``int``.

    >>> s = State.parse("XX./OO./...")
    >>> s.turn
    'X'
    >>> s.play(2).winner
    'X'
    >>> s.play(2).winning_line
    (0, 1, 2)
    """

    __slots__ = ("rows", "cols", "k", "cells", "turn", "winner", "winning_line", "_empty")

    rows: int
    cols: int
    k: int
    cells: tuple[Cell, ...]
    turn: Mark
    winner: Mark | None
    winning_line: Line | None
    _empty: int

    _how_to_build = (
        "a State is not built by calling State(...): use State.new(rows, cols, k) for an "
        "empty board, State.parse('XO./.X./..O') to read one, or state.play(move) for the "
        "position after a move"
    )
    _how_to_change = "a State cannot be changed; state.play(move) returns a new one"
    _rebuild = staticmethod(_rebuild)

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def new(cls, rows: int = 3, cols: int = 3, k: int = 3) -> State:
        """The empty board, X to move.

        >>> State.new(4, 4, 4).legal_moves()[-1]
        15
        >>> State.new(3, 3, 4)
        Traceback (most recent call last):
          ...
        ValueError: k=4 in a row cannot fit on a 3x3 board: choose k from 1 to 3
        """
        rows, cols, k = _board_size(rows, cols, k)
        return cls._make(rows, cols, k, (EMPTY,) * (rows * cols), X, None, None)

    @classmethod
    def parse(cls, text: str, *, k: int | None = None) -> State:
        """Read a board from text; the size comes from the text and the turn from the counts.

        Nine characters give a 3x3 board (and 16 a 4x4 one); otherwise separate the rows with
        ``/`` or new lines, and end a board of one row with ``/`` (``"X.O/"``). ``X`` and ``O`` in
        either case; ``.``, ``-``, ``_`` or a space for an empty cell. The grid ``print(state)``
        shows, its cells separated by single spaces, reads back as the same board (give `k`
        if it is not the default). `k` (how many in a row win) defaults to the shorter side.
        Text longer than :data:`MAX_TEXT` characters is refused unread.

        >>> State.parse("x.o/.x./..o").cells
        ('X', '.', 'O', '.', 'X', '.', '.', '.', 'O')
        >>> State.parse("XO..X....").turn
        'O'
        >>> print(State.parse("XO./.X./..O"))
        X O .
        . X .
        . . O
        >>> State.parse("X O .\\n. X .\\n. . O")
        State.parse('XO./.X./..O')
        >>> State.parse("XXX/OO./O..")
        Traceback (most recent call last):
          ...
        tictac.game.state.InvalidBoard: impossible board: X has a line, but O moved last, ...
        """
        if not isinstance(text, str):
            raise InvalidBoard(
                f"a board must be given as text such as 'XO./.X./..O', not {type(text).__name__}"
            )
        if len(text) > MAX_TEXT:
            raise InvalidBoard(
                f"the text is {len(text):,} characters long, too long to be a board (the largest, "
                f"{MAX_SIDE}x{MAX_SIDE}, takes about {MAX_SIDE * (MAX_SIDE + 1)}; the limit is "
                f"{MAX_TEXT:,}): give the board alone, as in 'XO./.X./..O'"
            )
        rows_text = _split_rows(text)
        rows, cols = len(rows_text), len(rows_text[0])
        try:
            rows, cols, k = _board_size(rows, cols, min(rows, cols) if k is None else k)
        except ValueError as error:
            raise InvalidBoard(str(error)) from None
        cells = tuple(_read_cell(ch, i, cols) for i, ch in enumerate("".join(rows_text)))
        return cls._validated(rows, cols, k, cells)

    @classmethod
    def from_cells(cls, cells: Iterable[str], rows: int = 3, cols: int = 3, k: int = 3) -> State:
        """A state from a sequence of cells (``"X"``, ``"O"`` or ``"."``), checked like `parse`.

        >>> State.from_cells("X...O....").turn
        'X'
        >>> State.from_cells("X..O", rows=1, cols=4, k=2)
        State.parse('X..O/', k=2)
        """
        rows, cols, k = _board_size(rows, cols, k)
        size = rows * cols
        try:
            # At most one cell more than the board holds is read: enough to tell that there are
            # too many, even from an endless iterator.
            given = tuple(itertools.islice(cells, size + 1))
        except TypeError:
            raise InvalidBoard(
                "the cells must be a sequence of 'X', 'O' and '.', such as 'XO..X....' or "
                f"['X', 'O', '.', ...], not {shown(cells)}"
            ) from None
        if len(given) != size:
            count = len(given) if len(given) <= size else f"more than {size}"
            raise InvalidBoard(
                f"a {rows}x{cols} board has {size} cells, but {count} were given: give one "
                "for each cell, row by row (or say the size with rows= and cols=)"
            )
        read = tuple(_read_cell(ch, i, cols) for i, ch in enumerate(given))
        return cls._validated(rows, cols, k, read)

    @classmethod
    def _validated(cls, rows: int, cols: int, k: int, cells: tuple[Cell, ...]) -> State:
        """Check that a board could arise in a real game, then build it."""
        n_x, n_o = cells.count(X), cells.count(O)
        if not 0 <= n_x - n_o <= 1:
            raise InvalidBoard(
                f"impossible board: X has {n_x} marks and O has {n_o}, but X moves first and the "
                "players alternate, so X has the same number as O or one more"
            )
        lines = winning_lines(rows, cols, k)
        x_lines = [line for line in lines if all(cells[i] == X for i in line)]
        o_lines = [line for line in lines if all(cells[i] == O for i in line)]
        if x_lines and o_lines:
            raise InvalidBoard(
                "impossible board: both X and O have a line, but the game ends at the first line"
            )
        winner: Mark | None = X if x_lines else O if o_lines else None
        if winner is not None:
            won_lines = x_lines or o_lines
            last_mover = X if n_x > n_o else O
            if winner != last_mover:
                raise InvalidBoard(
                    f"impossible board: {winner} has a line, but {last_mover} moved last, so the "
                    f"game would have ended before {last_mover}'s move"
                )
            shared = set(won_lines[0]).intersection(*won_lines[1:])
            if not shared:
                raise InvalidBoard(
                    f"impossible board: {winner} has {len(won_lines)} lines ("
                    f"{_describe_lines(won_lines)}) with no cell in common, so no single last "
                    "move made them all; the game would have ended at the first"
                )
        turn = X if n_x == n_o else O
        winning_line = (x_lines or o_lines)[0] if winner else None
        return cls._make(rows, cols, k, cells, turn, winner, winning_line)

    @classmethod
    def _make(
        cls,
        rows: int,
        cols: int,
        k: int,
        cells: tuple[Cell, ...],
        turn: Mark,
        winner: Mark | None,
        winning_line: Line | None,
    ) -> State:
        """Build a state whose facts are already known to be consistent (no checks)."""
        state = object.__new__(cls)
        set_ = object.__setattr__
        set_(state, "rows", rows)
        set_(state, "cols", cols)
        set_(state, "k", k)
        set_(state, "cells", cells)
        set_(state, "turn", turn)
        set_(state, "winner", winner)
        set_(state, "winning_line", winning_line)
        set_(state, "_empty", cells.count(EMPTY))
        return state

    def _identity(self) -> tuple[Any, ...]:
        return (self.cells, self.rows, self.cols, self.k)

    def _recipe(self) -> tuple[Any, ...]:
        return (self.text, self.k)

    # -- rules --------------------------------------------------------------------------------

    @property
    def is_terminal(self) -> bool:
        """True when someone has won or the board is full."""
        return self.winner is not None or self._empty == 0

    @property
    def is_draw(self) -> bool:
        """True when the board is full and nobody has won."""
        return self.winner is None and self._empty == 0

    @property
    def moves_made(self) -> int:
        """How many marks are on the board."""
        return len(self.cells) - self._empty

    def legal_moves(self) -> tuple[int, ...]:
        """The empty cells as row-major indices, ascending; empty when the game is over.

        >>> State.parse("XO./.X./..O").legal_moves()
        (2, 3, 5, 6, 7)
        """
        if self.is_terminal:
            return ()
        return tuple(i for i, cell in enumerate(self.cells) if cell == EMPTY)

    def play(self, move: Move) -> State:
        """The state after the player to move puts a mark on `move`.

        `move` is a row-major index (0 is the top-left cell) or a ``(row, col)`` pair counted
        from 0, in whole numbers of any integer type (but not True or False). An illegal move
        raises :class:`IllegalMove` and leaves this state as it was.

        >>> State.new().play((1, 1)).cells[4]
        'X'
        >>> State.new().play(4).play(4)
        Traceback (most recent call last):
          ...
        tictac.game.state.IllegalMove: cell 4 (row 1, column 1) is already taken by X; ...
        """
        index = self.index_of(move)
        if self.winner is not None:
            raise IllegalMove(
                f"the game is over: {self.winner} has already won, so no more moves can be "
                "played; start again with State.new()"
            )
        if self._empty == 0:
            raise IllegalMove(
                "the game is over: the board is full (a draw); start again with State.new()"
            )
        if self.cells[index] != EMPTY:
            raise IllegalMove(
                f"{cell_label(index, self.cols)} is already taken by {self.cells[index]}; "
                f"choose one of the empty cells {list(self.legal_moves())}"
            )
        return self.play_unchecked(index)

    def play_unchecked(self, index: int) -> State:
        """`play` without its checks: the one fast path, for code that plays only moves it
        took from :meth:`legal_moves` (the searches, millions of times). Anything else
        should call :meth:`play`, which says what is wrong with a move.

        >>> State.new().play_unchecked(4) == State.new().play(4)
        True
        """
        player = self.turn
        cells = self.cells[:index] + (player,) + self.cells[index + 1 :]
        winner, winning_line = None, None
        for line in lines_through(self.rows, self.cols, self.k)[index]:
            if all(cells[i] == player for i in line):
                winner, winning_line = player, line
                break
        opponent: Mark = O if player == X else X  # other(player), without its check of the mark
        return State._make(self.rows, self.cols, self.k, cells, opponent, winner, winning_line)

    def index_of(self, move: Move) -> int:
        """The row-major index of `move` (an index or a ``(row, col)`` pair), checked for range.

        >>> State.new().index_of((2, 0))
        6
        """
        size = len(self.cells)
        if type(move) is int:  # the usual case first: the searches play millions of moves
            index = move
        elif isinstance(move, tuple) and len(move) == 2:
            row, col = as_whole(move[0]), as_whole(move[1])
            if row is None or col is None:
                raise IllegalMove(f"a (row, col) move needs two whole numbers, not {shown(move)}")
            if not (0 <= row < self.rows and 0 <= col < self.cols):
                raise IllegalMove(
                    f"({shown(row)}, {shown(col)}) is outside the {self.rows}x{self.cols} board: "
                    f"rows go from 0 to {self.rows - 1} and columns from 0 to {self.cols - 1}"
                )
            return row * self.cols + col
        else:
            whole = as_whole(move)
            if whole is None:
                raise IllegalMove(
                    f"a move is a cell number (0 to {size - 1}) or a (row, col) pair, not "
                    f"{shown(move)}"
                )
            index = whole
        if not 0 <= index < size:
            raise IllegalMove(
                f"cell {shown(index)} is outside the {self.rows}x{self.cols} board: cells are "
                f"numbered 0 to {size - 1}, row by row from the top left"
            )
        return index

    def cell_label(self, move: Move) -> str:
        """A cell as the package names it to a person, everywhere (the game widget's buttons,
        the AI's thinking, the command line, errors, the exercises' checks): its number and its
        row and column, all counted from 0 as :meth:`play` takes them, the cells numbered row by
        row from the top left. `move` is a cell number or a ``(row, col)`` pair.

        >>> State.new().cell_label(4)
        'cell 4 (row 1, column 1)'
        >>> State.new(4, 4, 3).cell_label((2, 3))
        'cell 11 (row 2, column 3)'
        """
        return cell_label(self.index_of(move), self.cols)

    def result(self) -> Mark | Literal["draw"] | None:
        """``"X"`` or ``"O"`` for a win, ``"draw"`` for a full board, None while the game runs."""
        if self.winner is not None:
            return self.winner
        return "draw" if self._empty == 0 else None

    @property
    def key(self) -> tuple[Cell, ...]:
        """What a memo files the position under: its cells (the board's size is the same
        throughout one search).

        >>> State.parse("X../.../...").key
        ('X', '.', '.', '.', '.', '.', '.', '.', '.')
        """
        return self.cells

    @property
    def symmetric_key(self) -> tuple[str, ...]:
        """The same key for the board and all its mirror images (``memo="symmetric"``): the
        smallest of their cells (:func:`canonical_cells`).

        >>> State.parse("X../.../...").symmetric_key == State.parse("..X/.../...").symmetric_key
        True
        """
        return canonical_cells(self.cells, self.rows, self.cols)[0]

    @property
    def moves_left(self) -> int:
        """The most moves the game can still last: the empty cells (0 once it is over).

        >>> State.parse("XO./.../...").moves_left
        7
        """
        return 0 if self.winner is not None else self._empty

    # -- symmetry -----------------------------------------------------------------------------

    def transform(self, permutation: tuple[int, ...]) -> State:
        """The board with its cells rearranged: new cell ``i`` holds old cell ``permutation[i]``.

        `permutation` holds every cell index once, as those of :func:`symmetry_permutations`.

        >>> State.parse("X../.../...").transform((2, 1, 0, 5, 4, 3, 8, 7, 6)).text
        '..X/.../...'
        """
        indices = as_whole_tuple(permutation)
        if indices is None or sorted(indices) != list(range(len(self.cells))):
            raise ValueError(
                f"a permutation of this {self.rows}x{self.cols} board lists each cell from 0 to "
                f"{len(self.cells) - 1} once, as those of symmetry_permutations({self.rows}, "
                f"{self.cols}) do, not {shown(permutation)}"
            )
        return self._transform(indices)

    def _transform(self, permutation: tuple[int, ...]) -> State:
        """`transform` for a permutation known to be one."""
        cells = tuple(self.cells[j] for j in permutation)
        line = None
        if self.winning_line is not None:
            inverse = {j: i for i, j in enumerate(permutation)}
            line = tuple(sorted(inverse[j] for j in self.winning_line))
        return State._make(self.rows, self.cols, self.k, cells, self.turn, self.winner, line)

    def symmetries(self) -> list[State]:
        """This board under each symmetry of the square (8) or rectangle (4), itself first."""
        return [self._transform(p) for p in symmetry_permutations(self.rows, self.cols)]

    def canonical(self) -> State:
        """One representative of the board's symmetry class: the same for all 8 mirror images.

        It is the image whose cells come first in alphabetical order (see
        :func:`canonical_cells`).

        >>> State.parse("X../.../...").canonical() == State.parse(".../.../..X").canonical()
        True
        >>> State.parse("X../.../...").canonical().text
        '.../.../..X'
        """
        _, permutation = canonical_cells(self.cells, self.rows, self.cols)
        return self._transform(permutation)

    # -- text and pictures --------------------------------------------------------------------

    @property
    def text(self) -> str:
        """The compact text form, rows separated by ``/``, that :meth:`parse` reads back.

        A board of one row ends with ``/``: without it, ``parse`` would read nine cells as a
        3x3 board.

        >>> State.new(1, 4, 3).play(1).text
        '.X../'
        """
        c = self.cols
        rows = "/".join("".join(self.cells[r * c : (r + 1) * c]) for r in range(self.rows))
        return rows + "/" if self.rows == 1 else rows

    def __str__(self) -> str:
        c = self.cols
        return "\n".join(" ".join(self.cells[r * c : (r + 1) * c]) for r in range(self.rows))

    def __repr__(self) -> str:
        default_k = min(self.rows, self.cols)
        k = "" if self.k == default_k else f", k={self.k}"
        return f"State.parse({self.text!r}{k})"

    def _repr_svg_(self) -> str:
        # Imported here: tictac.pictures.boards imports this module, so it cannot be imported above.
        from tictac.pictures.boards import board_svg

        return board_svg(self)


# ---------------------------------------------------------------------------------------------
# Helpers for reading boards


def _board_size(rows: object, cols: object, k: object) -> tuple[int, int, int]:
    """The size of a board as plain ints, checked: a ValueError says what is wrong."""
    rows, cols, k = whole_numbers(rows=rows, cols=cols, k=k)
    for count, name in ((rows, "rows"), (cols, "columns")):
        if not 1 <= count <= MAX_SIDE:
            raise ValueError(
                f"a board has 1 to {MAX_SIDE} {name}, not {shown(count)}: the largest board "
                f"is {MAX_SIDE}x{MAX_SIDE}"
            )
    if not 1 <= k <= max(rows, cols):
        raise ValueError(
            f"k={shown(k)} in a row cannot fit on a {rows}x{cols} board: choose k from 1 to "
            f"{max(rows, cols)}"
        )
    return rows, cols, k


def _split_rows(text: str) -> list[str]:
    """The rows of a board's text (at most :data:`MAX_TEXT` characters), blank lines around
    it dropped; a single line without ``/`` is cut into a square. A board as ``str(state)``
    prints it, its cells separated by single spaces, reads back as the same board.

    >>> _split_rows("X O .\\n. X .\\n. . O"), _split_rows("X . O")
    (['XO.', '.X.', '..O'], ['X.O'])
    """
    rows = text.replace("\r\n", "\n").replace("/", "\n").strip("\n")
    if not rows:
        raise InvalidBoard("the board text is empty: write one like 'XO./.X./..O'")
    if not rows.strip() and "/" not in text:
        raise InvalidBoard(
            "the board text is blank: write one like 'XO./.X./..O' (a space is an empty cell "
            "only inside a board)"
        )
    lines = rows.split("\n")
    if _spaced(lines):
        return _split_rows("/".join(line[::2] for line in lines) + "/")
    if len(lines) == 1 and "/" not in text:
        (line,) = lines
        side = round(len(line) ** 0.5)
        if side * side != len(line):
            _check_marks(lines)  # an unknown mark, not the length, is then what to fix
            raise InvalidBoard(
                f"{len(line)} cells cannot form a square board: give 9 characters for 3x3 (or "
                "16 for 4x4), separate the rows with '/' as in 'XO./.X./..O', or end a board "
                "of one row with '/' as in 'X.O/'"
            )
        lines = [line[i * side : (i + 1) * side] for i in range(side)]
    widths = {len(line) for line in lines}
    if len(widths) > 1:
        _check_marks(lines)
        shown = ", ".join(str(len(line)) for line in lines[: MAX_SIDE + 1])
        more = ", ..." if len(lines) > MAX_SIDE + 1 else ""
        raise InvalidBoard(
            f"the rows have different lengths ({shown}{more}): every row needs the same number "
            "of cells"
        )
    return lines


def _spaced(lines: list[str]) -> bool:
    """Are these rows as ``str(state)`` prints them, cells separated by single spaces? Only
    then is every other character a space and no cell one."""
    return any(len(line) > 1 for line in lines) and all(
        len(line) % 2 == 1
        and all(ch == " " for ch in line[1::2])
        and all(ch != " " for ch in line[::2])
        for line in lines
    )


def _check_marks(lines: list[str]) -> None:
    """Refuse a character that is no mark, naming it and where it is in the text: asked when
    the text's shape is wrong, since an unknown (perhaps invisible) character may be why."""
    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            if ch.upper() not in (X, O) and ch not in _EMPTY_SYMBOLS:
                what = _character(ch)
                where = (
                    f"character {c + 1}" if len(lines) == 1 else f"line {r + 1}, character {c + 1}"
                )
                hint = " (a zero? use the letter O)" if ch == "0" else ""
                raise InvalidBoard(
                    f"unknown mark {what} at {where} of the text{hint}: use X or O for marks and "
                    "'.', '-', '_' or a space for an empty cell"
                )


def _character(ch: object) -> str:
    """A character as an error names it: its repr, and its Unicode name unless it is a letter
    or digit (so that a look-alike or an invisible character can be told apart).

    >>> _character("q"), _character("\\u2717")
    ("'q'", "'✗' (ballot x)")
    """
    if not (isinstance(ch, str) and len(ch) == 1) or ch.isalnum():
        return repr(ch)
    name = unicodedata.name(ch, "")
    return f"{ch!r} ({name.lower()})" if name else repr(ch)


def _read_cell(ch: str, index: int, cols: int) -> Cell:
    upper = ch.upper() if isinstance(ch, str) else ch
    if upper == X:
        return X
    if upper == O:
        return O
    if upper in _EMPTY_SYMBOLS:
        return EMPTY
    hint = " (a zero? use the letter O)" if upper == "0" else ""
    raise InvalidBoard(
        f"unknown mark {_character(ch)} in {cell_label(index, cols)}{hint}: use X or O for "
        "marks and '.', '-', '_' or a space for an empty cell"
    )


def cell_label(index: int, cols: int) -> str:
    """Cell `index` of a board `cols` columns wide, named as :meth:`State.cell_label` names it
    (for where no state is at hand yet).

    >>> cell_label(5, 3)
    'cell 5 (row 1, column 2)'
    """
    row, col = divmod(index, cols)
    return f"cell {index} (row {row}, column {col})"


def cells_label(cells: Iterable[int]) -> str:
    """Several cells by their numbers, as a sentence lists them.

    >>> cells_label((0, 4, 8)), cells_label([7])
    ('cells 0, 4 and 8', 'cell 7')
    """
    numbers = [str(cell) for cell in cells]
    if len(numbers) == 1:
        return f"cell {numbers[0]}"
    return f"cells {', '.join(numbers[:-1])} and {numbers[-1]}"


def _describe_lines(lines: list[Line]) -> str:
    """Lines of cells, as a sentence lists them.

    >>> _describe_lines([(0, 1, 2), (6, 7, 8)])
    'cells 0, 1 and 2, and cells 6, 7 and 8'
    """
    return ", and ".join(cells_label(line) for line in lines)


# ---------------------------------------------------------------------------------------------
# Enumeration


def reachable_states(start: State | None = None) -> Iterator[State]:
    """Every position reachable from `start` (default: the empty 3x3 board), `start` included.

    Each position is produced once, in breadth-first order (by number of marks).

    >>> sum(1 for _ in reachable_states())
    5478
    """
    if start is not None and not isinstance(start, State):
        raise TypeError(
            f"start must be a State such as State.new(3, 3, 3) (or None for the empty 3x3 "
            f"board), not {shown(start)}"
        )
    frontier = [start if start is not None else State.new()]
    seen = set(frontier)
    while frontier:
        yield from frontier
        next_frontier = []
        for state in frontier:
            for move in state.legal_moves():
                child = state.play_unchecked(move)
                if child not in seen:
                    seen.add(child)
                    next_frontier.append(child)
        frontier = next_frontier
