"""Connect Four: discs dropped into columns, `k` in a row wins, X moves first.

A :class:`ConnectFour` is one position, immutable like a :class:`~tictac.game.state.State`: a
move is a column number, counted from 0 on the left, and the disc falls to the lowest empty
cell of that column. The board is 4 to 7 rows by 4 to 7 columns (6 rows by 7 columns, four in
a row, unless said otherwise). 'X' is the player who moves first (OpenSpiel's player 0, its
'x'), 'O' the second.

>>> c = ConnectFour.new().play(3).play(3).play(2)
>>> str(c).splitlines()[-3:]  # print(c) shows the rows, the top one first
['.......', '...O...', '..XX...']
>>> c.turn, c.legal_moves()
('O', (0, 1, 2, 3, 4, 5, 6))
>>> ConnectFour.parse(str(c)) == c
True
"""

from __future__ import annotations

import functools
from typing import Any, Literal

from tictac.game.frozen import FrozenPosition
from tictac.game.state import (
    EMPTY,
    IllegalMove,
    InvalidBoard,
    Line,
    Mark,
    O,
    X,
    cell_label,
    cells_label,
    lines_through,
    winning_lines,
)
from tictac.helpers.checks import as_whole, shown, whole_numbers

__all__ = ["ConnectFour", "FullColumn", "MAX_ROWS", "MAX_COLS", "MIN_SIDE"]

Cell = Literal["X", "O", "."]

MIN_SIDE = 4
MAX_ROWS = 7
MAX_COLS = 7
MAX_TEXT = 1_000
"""The longest text :meth:`ConnectFour.parse` reads: the largest board, 7x7, takes under 100
characters however it is written (56 as OpenSpiel prints it, 97 with spaces between cells), so
anything longer cannot be a board and is refused before it is read."""


class FullColumn(IllegalMove):
    """A disc dropped into a column that is already full: the position is unchanged."""


# ---------------------------------------------------------------------------------------------
# Geometry: computed once for each size.


@functools.cache
def _mirror(rows: int, cols: int) -> tuple[int, ...]:
    """The left-right mirror as a permutation: new cell i holds old cell mirror[i]."""
    return tuple(r * cols + (cols - 1 - c) for r in range(rows) for c in range(cols))


def _board_size(rows: object, cols: object, k: object) -> tuple[int, int, int]:
    """A Connect Four board's size as plain ints, checked: a ValueError says what is wrong."""
    rows, cols, k = whole_numbers(rows=rows, cols=cols, k=k)
    for count, name, most in ((rows, "rows", MAX_ROWS), (cols, "columns", MAX_COLS)):
        if not MIN_SIDE <= count <= most:
            raise ValueError(
                f"a Connect Four board has {MIN_SIDE} to {most} {name}, not {shown(count)}: "
                f"the smallest board is {MIN_SIDE}x{MIN_SIDE}, the largest {MAX_ROWS}x{MAX_COLS} "
                "(rows x columns)"
            )
    if not 2 <= k <= max(rows, cols):
        raise ValueError(
            f"k={shown(k)} in a row does not suit a {rows}x{cols} board: choose k from 2 to "
            f"{max(rows, cols)}"
        )
    return rows, cols, k


# ---------------------------------------------------------------------------------------------
# The position


def _rebuild(text: str, k: int) -> ConnectFour:
    """The position of a copy or a pickle (its `_recipe`), read back and so checked."""
    return ConnectFour.parse(text, k=k)


class ConnectFour(FrozenPosition):
    """One position of Connect Four: `rows` x `cols` board, `k` in a row wins, X moves first.

    `cells` holds the board row by row from the top row (``"X"``, ``"O"`` or ``"."``), as a
    :class:`~tictac.game.state.State`'s cells do, so cell ``0`` is the top-left corner and the
    bottom row is the last. Positions are immutable and hashable. Build them with
    :meth:`new`, :meth:`parse` or :meth:`play`.

    >>> c = ConnectFour.new(4, 4, k=3)
    >>> for column in (0, 1, 0, 1, 0):
    ...     c = c.play(column)
    >>> c.winner, c.winning_line, c.result()
    ('X', (4, 8, 12), 'X')
    """

    __slots__ = ("rows", "cols", "k", "cells", "turn", "winner", "winning_line", "_heights")

    rows: int
    cols: int
    k: int
    cells: tuple[Cell, ...]
    turn: Mark
    winner: Mark | None
    winning_line: Line | None
    _heights: tuple[int, ...]

    _how_to_build = (
        "a ConnectFour is not built by calling ConnectFour(...): use "
        "ConnectFour.new(rows, cols, k) for an empty board, ConnectFour.parse(text) to read "
        "one, or position.play(column) for the position after a move"
    )
    _how_to_change = "a ConnectFour cannot be changed; position.play(column) returns a new one"
    _rebuild = staticmethod(_rebuild)

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def new(cls, rows: int = 6, cols: int = 7, k: int = 4) -> ConnectFour:
        """The empty board, X to move: 6 rows and 7 columns, four in a row, unless said.

        >>> ConnectFour.new().legal_moves()
        (0, 1, 2, 3, 4, 5, 6)
        >>> ConnectFour.new(rows=4, cols=4, k=5)
        Traceback (most recent call last):
          ...
        ValueError: k=5 in a row does not suit a 4x4 board: choose k from 2 to 4
        """
        rows, cols, k = _board_size(rows, cols, k)
        cells: tuple[Cell, ...] = (EMPTY,) * (rows * cols)
        return cls._make(rows, cols, k, cells, X, None, None, (0,) * cols)

    @classmethod
    def parse(cls, text: str, *, k: int = 4) -> ConnectFour:
        """Read a board from text, the top row first; the size comes from the text, the turn
        from the counts, and `k` (how many in a row win) is 4 unless given.

        The rows are separated by new lines (as ``print`` shows a position, and as OpenSpiel's
        ``connect_four`` prints its states) or by ``/`` (as :attr:`text` writes them). ``X`` and
        ``O`` in either case; ``.``, ``-`` or ``_`` for an empty cell; the cells may be
        separated by single spaces. A board that no game can reach (a disc floating above an
        empty cell, too many discs of one player, a game that went on after a win) is refused
        with :class:`~tictac.game.state.InvalidBoard`, which says why.

        >>> ConnectFour.parse("....\\n....\\n.o..\\n.xx.\\n").turn
        'O'
        >>> ConnectFour.parse("..../..../..../OO..")
        Traceback (most recent call last):
          ...
        tictac.game.state.InvalidBoard: impossible board: X has 0 discs and O has 2, but X ...
        >>> ConnectFour.parse("..../.X../..../.O..")
        Traceback (most recent call last):
          ...
        tictac.game.state.InvalidBoard: impossible board: the disc in cell 5 (row 1, column 1) ...
        """
        if not isinstance(text, str):
            raise InvalidBoard(
                "a Connect Four board must be given as text, its rows from the top, such as "
                f"'..../..../.O../.XX.', not {type(text).__name__}"
            )
        if len(text) > MAX_TEXT:
            raise InvalidBoard(
                f"the text is {len(text):,} characters long, too long to be a Connect Four board "
                f"(the largest, {MAX_ROWS}x{MAX_COLS}, takes {MAX_ROWS * (MAX_COLS + 1)}): give "
                "the board alone, as in '..../..../.O../.XX.'"
            )
        lines = _rows_of(text)
        rows, cols = len(lines), len(lines[0])
        try:
            rows, cols, k = _board_size(rows, cols, k)
        except ValueError as error:
            raise InvalidBoard(str(error)) from None
        cells = tuple(
            _read_cell(ch, r * cols + c, cols)
            for r, line in enumerate(lines)
            for c, ch in enumerate(line)
        )
        return cls._validated(rows, cols, k, cells)

    @classmethod
    def _validated(cls, rows: int, cols: int, k: int, cells: tuple[Cell, ...]) -> ConnectFour:
        """Check that a board could arise in a real game, then build it."""
        n_x, n_o = cells.count(X), cells.count(O)
        if not 0 <= n_x - n_o <= 1:
            raise InvalidBoard(
                f"impossible board: X has {_discs(n_x)} and O has {n_o}, but X moves first and "
                "the players alternate, so X has as many discs as O or one more"
            )
        heights = []
        for c in range(cols):
            column = [cells[r * cols + c] for r in range(rows - 1, -1, -1)]  # bottom first
            height = column.index(EMPTY) if EMPTY in column else rows
            floating = [i for i in range(height, rows) if column[i] != EMPTY]
            if floating:
                r = rows - 1 - floating[0]
                raise InvalidBoard(
                    f"impossible board: the disc in {cell_label(r * cols + c, cols)} floats "
                    "above an empty cell, but a disc falls to the lowest empty cell of its "
                    "column (rows are counted from 0 at the top)"
                )
            heights.append(height)
        winner, winning_line, lasts = _check_lines(rows, cols, k, cells, tuple(heights), n_x > n_o)
        if not any(_has_order(rows, cols, cells, tuple(heights), last) for last in lasts):
            raise InvalidBoard(
                "impossible board: no order of alternate moves, X first, drops these discs in "
                "these places (some column would need two discs of one player in a row with no "
                "move of the other in between)"
            )
        turn = X if n_x == n_o else O
        return cls._make(rows, cols, k, cells, turn, winner, winning_line, tuple(heights))

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
        heights: tuple[int, ...],
    ) -> ConnectFour:
        """Build a position whose facts are already known to be consistent (no checks)."""
        position = object.__new__(cls)
        set_ = object.__setattr__
        set_(position, "rows", rows)
        set_(position, "cols", cols)
        set_(position, "k", k)
        set_(position, "cells", cells)
        set_(position, "turn", turn)
        set_(position, "winner", winner)
        set_(position, "winning_line", winning_line)
        set_(position, "_heights", heights)
        return position

    def _identity(self) -> tuple[Any, ...]:
        return (self.cells, self.rows, self.cols, self.k)

    def _recipe(self) -> tuple[Any, ...]:
        return (self.text, self.k)

    # -- rules --------------------------------------------------------------------------------

    @property
    def moves_made(self) -> int:
        """How many discs are on the board."""
        return sum(self._heights)

    @property
    def is_terminal(self) -> bool:
        """True when someone has four (`k`) in a row or the board is full."""
        return self.winner is not None or self.moves_made == len(self.cells)

    @property
    def is_draw(self) -> bool:
        """True when the board is full and nobody has won."""
        return self.winner is None and self.moves_made == len(self.cells)

    @property
    def moves_left(self) -> int:
        """The most moves the game can still last: the empty cells while it runs (it may end
        sooner, by a win), 0 once it is over.

        >>> ConnectFour.new().moves_left, ConnectFour.new(4, 4).play(0).moves_left
        (42, 15)
        """
        return 0 if self.is_terminal else len(self.cells) - self.moves_made

    def legal_moves(self) -> tuple[int, ...]:
        """The columns that are not full, ascending; empty when the game is over.

        >>> ConnectFour.parse("O.../X.../O.../X...").legal_moves()
        (1, 2, 3)
        """
        if self.winner is not None:
            return ()
        rows = self.rows
        return tuple(c for c, height in enumerate(self._heights) if height < rows)

    @staticmethod
    def move_label(move: object) -> str:
        """How a move is named: a move is a column, counted from 0 at the left. (The cells are
        named as every board's are, by :func:`~tictac.game.state.cell_label`.)

        >>> ConnectFour.move_label(3)
        'column 3'
        """
        return f"column {move}"

    def play(self, move: int) -> ConnectFour:
        """The position after the player to move drops a disc into column `move` (0 is the
        leftmost), a whole number of any integer type (but not True or False).

        An illegal move raises :class:`~tictac.game.state.IllegalMove` (:class:`FullColumn` for a
        full column) and leaves this position as it was.

        >>> ConnectFour.new(4, 4).play(2).cells[14]
        'X'
        >>> ConnectFour.parse("O.../X.../O.../X...").play(0)
        Traceback (most recent call last):
          ...
        tictac.game.connect_four.FullColumn: column 0 is full: choose one of the columns [1, 2, 3]
        """
        column = as_whole(move)
        if column is None:
            raise IllegalMove(
                f"a move is a column number (0 to {self.cols - 1}, from the left), "
                f"not {shown(move)}"
            )
        if not 0 <= column < self.cols:
            raise IllegalMove(
                f"{self.move_label(shown(column))} is outside the board: its {self.cols} columns "
                f"are numbered 0 to {self.cols - 1}, from the left"
            )
        if self.winner is not None:
            raise IllegalMove(
                f"the game is over: {self.winner} has already won, so no more moves can be "
                "played; start again with ConnectFour.new()"
            )
        if self.is_draw:
            raise IllegalMove(
                "the game is over: the board is full (a draw); start again with ConnectFour.new()"
            )
        if self._heights[column] == self.rows:
            raise FullColumn(
                f"{self.move_label(column)} is full: choose one of the columns "
                f"{list(self.legal_moves())}"
            )
        return self.play_unchecked(column)

    def play_unchecked(self, move: int) -> ConnectFour:
        """`play` without its checks: the fast path, for code that plays only moves it took
        from :meth:`legal_moves` (the searches). Only the lines through the new disc are looked
        at for a win.

        >>> ConnectFour.new().play_unchecked(3) == ConnectFour.new().play(3)
        True
        """
        heights = self._heights
        height = heights[move]
        index = (self.rows - 1 - height) * self.cols + move
        player = self.turn
        cells = self.cells[:index] + (player,) + self.cells[index + 1 :]
        winner, winning_line = None, None
        for line in lines_through(self.rows, self.cols, self.k)[index]:
            if all(cells[i] == player for i in line):
                winner, winning_line = player, line
                break
        new_heights = heights[:move] + (height + 1,) + heights[move + 1 :]
        opponent: Mark = O if player == X else X
        return ConnectFour._make(
            self.rows, self.cols, self.k, cells, opponent, winner, winning_line, new_heights
        )

    def result(self) -> Mark | Literal["draw"] | None:
        """``"X"`` or ``"O"`` for a win, ``"draw"`` for a full board, None while the game runs.

        >>> ConnectFour.new().result() is None
        True
        """
        if self.winner is not None:
            return self.winner
        return "draw" if self.moves_made == len(self.cells) else None

    # -- keys ---------------------------------------------------------------------------------

    @property
    def key(self) -> tuple[Cell, ...]:
        """The cells: equal for equal positions of one size (a memo's or a table's key)."""
        return self.cells

    @property
    def symmetric_key(self) -> tuple[Cell, ...]:
        """The same for a position and its left-right mirror image (the game's one symmetry):
        the smaller of their cells.

        >>> ConnectFour.new().play(0).symmetric_key == ConnectFour.new().play(6).symmetric_key
        True
        """
        mirrored = tuple(self.cells[i] for i in _mirror(self.rows, self.cols))
        return min(self.cells, mirrored)

    # -- text and pictures --------------------------------------------------------------------

    @property
    def text(self) -> str:
        """The compact text form, rows from the top separated by ``/``, that :meth:`parse`
        reads back.

        >>> ConnectFour.new(4, 5).play(1).text
        '...../...../...../.X...'
        """
        c = self.cols
        return "/".join("".join(self.cells[r * c : (r + 1) * c]) for r in range(self.rows))

    def __str__(self) -> str:
        # The layout of OpenSpiel's connect_four (the top row first, no spaces), in capitals as
        # a State prints its marks: str(position).lower() + "\n" is OpenSpiel's ToString().
        return self.text.replace("/", "\n")

    def __repr__(self) -> str:
        k = "" if self.k == 4 else f", k={self.k}"
        return f"ConnectFour.parse({self.text!r}{k})"

    def _repr_svg_(self) -> str:
        # Imported here: the pictures are a layer above the rules (ARCHITECTURE.md).
        from tictac.pictures.connect_four import connect_four_svg

        return connect_four_svg(self)


# ---------------------------------------------------------------------------------------------
# Reading boards


def _rows_of(text: str) -> list[str]:
    """The rows of a board's text, top first, blank lines around it dropped, the spaces
    between cells removed."""
    body = text.replace("\r\n", "\n").replace("/", "\n").strip("\n")
    if not body.strip():
        raise InvalidBoard("the board text is empty: write one like '..../..../.O../.XX.'")
    lines = body.split("\n")
    if all(len(line) % 2 == 1 and set(line[1::2]) == {" "} for line in lines if len(line) > 1):
        lines = [line[::2] for line in lines]
    widths = {len(line) for line in lines}
    if len(widths) > 1:
        lengths = ", ".join(str(len(line)) for line in lines[: MAX_ROWS + 1])
        more = ", ..." if len(lines) > MAX_ROWS + 1 else ""
        raise InvalidBoard(
            f"the rows have different lengths ({lengths}{more}): every row needs the same "
            "number of cells"
        )
    return lines


def _read_cell(ch: str, index: int, cols: int) -> Cell:
    upper = ch.upper()
    if upper == X:
        return X
    if upper == O:
        return O
    if ch in ".-_":
        return EMPTY
    hint = " (a zero? use the letter O)" if ch == "0" else ""
    raise InvalidBoard(
        f"unknown mark {ch!r} in {cell_label(index, cols)}{hint}: use X or O for discs and "
        "'.', '-' or '_' for an empty cell"
    )


def _discs(count: int) -> str:
    return "1 disc" if count == 1 else f"{count} discs"


def _check_lines(
    rows: int, cols: int, k: int, cells: tuple[Cell, ...], heights: tuple[int, ...], x_last: bool
) -> tuple[Mark | None, Line | None, tuple[int | None, ...]]:
    """The winner, the winning line and the cells the winning move may have been played in if
    someone has won (else None, None and (None,)); an InvalidBoard if the lines show that the
    game went on after a win."""
    lines = winning_lines(rows, cols, k)
    x_lines = [line for line in lines if all(cells[i] == X for i in line)]
    o_lines = [line for line in lines if all(cells[i] == O for i in line)]
    if x_lines and o_lines:
        raise InvalidBoard(
            "impossible board: both X and O have a line, but the game ends at the first line"
        )
    if not (x_lines or o_lines):
        return None, None, (None,)
    winner: Mark = X if x_lines else O
    won = x_lines or o_lines
    last_mover = X if x_last else O
    if winner != last_mover:
        raise InvalidBoard(
            f"impossible board: {winner} has a line, but {last_mover} moved last, so the game "
            f"would have ended before {last_mover}'s move"
        )
    tops = {(rows - height) * cols + c for c, height in enumerate(heights) if height}
    shared = set(won[0]).intersection(*won[1:]) & tops
    if not shared:
        described = ", and ".join(cells_label(line) for line in won)
        raise InvalidBoard(
            f"impossible board: {winner}'s lines ({described}) have no disc in common on top "
            "of its column, so no single last move made them all; the game would have ended "
            "at the first"
        )
    return winner, won[0], tuple(sorted(shared))


def _has_order(
    rows: int, cols: int, cells: tuple[Cell, ...], heights: tuple[int, ...], last: int | None
) -> bool:
    """Whether some order of alternate moves, X first, makes this board (ending with the disc
    in cell `last`, when a move won): the discs are taken off the tops of the columns, last
    move first, each by the player whose move it was."""
    stacks = [
        tuple(cells[(rows - 1 - r) * cols + c] for r in range(heights[c])) for c in range(cols)
    ]  # each column's discs, bottom first
    start = list(heights)
    if last is not None:
        column = last % cols
        start[column] -= 1
    failed: set[tuple[int, ...]] = set()

    def takes_off(height: tuple[int, ...]) -> bool:
        count = sum(height)
        if count == 0:
            return True
        if height in failed:
            return False
        mover = X if count % 2 == 1 else O
        for c, h in enumerate(height):
            if (
                h
                and stacks[c][h - 1] == mover
                and takes_off(height[:c] + (h - 1,) + height[c + 1 :])
            ):
                return True
        failed.add(height)
        return False

    return takes_off(tuple(start))
