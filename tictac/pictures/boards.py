"""Pictures of boards as SVG: a board, a board with each move's value, boards side by side.

No drawing library is needed: the SVG is written by hand, so it is the same on every machine
and cheap enough to show hundreds of boards. Every function here takes the size of a cell in
pixels as `cell_size`.

* :func:`board_svg`: the SVG text of one board (what a :class:`~tictac.game.state.State` shows
  itself as in a notebook);
* :func:`draw_board`: the same as a :class:`Picture`, an object that shows itself;
* :func:`draw_move_values`: a heat map, each legal move's value written in its cell;
* :func:`show_boards`: several boards or pictures side by side, with captions;
* :func:`draw_pairing`: a pairing strategy, each pair a letter in its two cells;
* :func:`draw_matchbox`: one of MENACE's matchboxes, its beads in the cells they play;
* :func:`game_picture`: a game widget's game as it stands, with its status and score (the
  still picture a notebook shows where the widget cannot run).

(Game trees, which need Graphviz, are drawn by :mod:`tictac.pictures.tree`.)

>>> from tictac import State
>>> svg = board_svg(State.parse("XXX/OO./..."))
>>> svg.startswith("<svg") and "line" in svg
True
"""

from __future__ import annotations

import html
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from tictac.game.position import Position
from tictac.game.scoring import Score, win_loss
from tictac.game.state import State, symmetry_permutations
from tictac.helpers.checks import whole_number
from tictac.helpers.old_names import renamed
from tictac.search.engine import minimax

if TYPE_CHECKING:
    from tictac.play.session import GameSession

__all__ = [
    "COLORS",
    "Gallery",
    "Picture",
    "board_svg",
    "draw_board",
    "draw_matchbox",
    "draw_move_values",
    "draw_pairing",
    "move_classes",
    "format_value",
    "game_picture",
    "save_svg",
    "show_boards",
    "status_words",
    "svg_opening",
]

COLORS = {
    "X": "#2b6bae",  # blue
    "O": "#ac4d1e",  # orange, burnt
    "grid": "#4a5568",
    "background": "#ffffff",
    "win": "#007f5d",  # bluish green, deep: the line through a win
    "best": "#009e73",  # bluish green: the best moves
    "worst": "#cc79a7",  # reddish purple: the worst moves
    "cut": "#ab4c00",  # vermillion, deep: where and why alpha-beta stopped searching
    "highlight": "#1a202c",  # near black: the outline of chosen cells
}
"""The colours of every picture, trees included.

X and O keep a blue and an orange, which colour-blind eyes tell apart; the others are from
Okabe and Ito's colour-blind-safe palette. No colour carries a meaning alone: a win is also a
line through the marks, a best move also an outline or a tick, a value also a number. Each is
dark enough to read where it is drawn (WCAG 2.2's contrast minimums: 4.5:1 for the marks X and
O written in a tree's cells and for the words of a cut, 3:1 for a line such as the win's;
tests/test_contrast.py measures every picture), hence the deeper orange, bluish green and
vermillion than Okabe and Ito's own.
"""


def board_svg(
    state: State,
    *,
    cell_size: int = 40,
    labels: Mapping[int, str] | None = None,
    highlight: frozenset[int] | set[int] | None = None,
    shade: Mapping[int, str] | None = None,
    numbers: bool = False,
    cell: int | None = None,
) -> str:
    """An SVG picture of `state`: the grid, the marks, and the winning line struck through.

    `cell_size` is the side of a cell in pixels (``cell=``, its old name, still works but
    warns). `labels` writes short text in empty cells (for example each move's value),
    `shade` fills cells with colours, `highlight` outlines cells, and `numbers` writes each
    empty cell's index.

    >>> "<text" in board_svg(State.new(), numbers=True)
    True
    """
    cell = _pixels(cell_size, cell, "cell", default=40)
    pad = max(2, cell // 10)
    width, height = state.cols * cell + 2 * pad, state.rows * cell + 2 * pad
    stroke = max(2.0, cell / 12)
    parts = svg_opening(width, height, f"board {state.text}, {status_words(state)}")
    for index, color in (shade or {}).items():
        x, y = _corner(index, state.cols, cell, pad)
        parts.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{color}"/>')
    for index in sorted(highlight or ()):
        x, y = _corner(index, state.cols, cell, pad)
        parts.append(
            f'<rect x="{x + 2}" y="{y + 2}" width="{cell - 4}" height="{cell - 4}" '
            f'fill="none" stroke="{COLORS["highlight"]}" stroke-width="4"/>'
        )
    grid = COLORS["grid"]
    for c in range(1, state.cols):
        x = pad + c * cell
        parts.append(
            f'<line x1="{x}" y1="{pad}" x2="{x}" y2="{height - pad}" stroke="{grid}" '
            'stroke-width="1.5"/>'
        )
    for r in range(1, state.rows):
        y = pad + r * cell
        parts.append(
            f'<line x1="{pad}" y1="{y}" x2="{width - pad}" y2="{y}" stroke="{grid}" '
            'stroke-width="1.5"/>'
        )
    for index, mark in enumerate(state.cells):
        x, y = _corner(index, state.cols, cell, pad)
        m = cell * 0.22
        if mark == "X":
            color = COLORS["X"]
            parts.append(
                f'<path d="M{x + m:.1f},{y + m:.1f} L{x + cell - m:.1f},{y + cell - m:.1f} '
                f'M{x + cell - m:.1f},{y + m:.1f} L{x + m:.1f},{y + cell - m:.1f}" '
                f'stroke="{color}" stroke-width="{stroke:.1f}" stroke-linecap="round"/>'
            )
        elif mark == "O":
            parts.append(
                f'<circle cx="{x + cell / 2:.1f}" cy="{y + cell / 2:.1f}" r="{cell / 2 - m:.1f}" '
                f'fill="none" stroke="{COLORS["O"]}" stroke-width="{stroke:.1f}"/>'
            )
        else:
            text = (labels or {}).get(index)
            if text is None and numbers:
                text = str(index)
            if text:
                size = cell * (0.42 if len(text) <= 2 else 0.3)
                parts.append(
                    f'<text x="{x + cell / 2:.1f}" y="{y + cell / 2:.1f}" font-size="{size:.1f}" '
                    'font-family="sans-serif" text-anchor="middle" dominant-baseline="central" '
                    f'fill="{grid}">{html.escape(text, quote=False)}</text>'
                )
    if state.winning_line is not None:
        first, last = state.winning_line[0], state.winning_line[-1]
        (x1, y1), (x2, y2) = (_centre(i, state.cols, cell, pad) for i in (first, last))
        parts.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'stroke="{COLORS["win"]}" stroke-width="{stroke * 1.6:.1f}" stroke-linecap="round" '
            'opacity="0.8"/>'
        )
    parts.append("</svg>")
    return "".join(parts)


@dataclass(frozen=True, repr=False)
class Picture:
    """An SVG picture that shows itself in a notebook; `svg` holds its text."""

    svg: str

    def __repr__(self) -> str:
        return f"<Picture: {len(self.svg):,} characters of SVG>"

    def _repr_svg_(self) -> str:
        return self.svg

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the picture to an ``.svg`` file.

        When the file cannot be written (no such folder, no permission, a full disk), the
        error says which file and why:

        >>> draw_board(State.new()).save("/no/such/folder/board.svg")
        Traceback (most recent call last):
          ...
        FileNotFoundError: [Errno 2] could not save the picture (No such file or directory): ...
        """
        save_svg(self.svg, path, "picture")


def save_svg(svg: str, path: str | os.PathLike[str], what: str) -> None:
    """Write `svg` to the file `path`; if it cannot be written, the error says which file, and
    why, for the `what` (a picture, a chart) that was being saved.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "board.svg")
    >>> save_svg(board_svg(State.new()), path, "picture")
    >>> open(path).read().startswith("<svg")
    True
    """
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(svg)
    except OSError as error:
        reason = error.strerror or str(error)
        raise OSError(
            error.errno, f"could not save the {what} ({reason})", os.fspath(path)
        ) from None


def draw_board(
    state: State, *, cell_size: int = 40, numbers: bool = False, size: int | None = None
) -> Picture:
    """A picture of one board; `numbers` writes each empty cell's index in it.

    `cell_size` is the side of a cell in pixels (``size=``, its old name, still works but warns).

    >>> draw_board(State.new(), numbers=True).svg.count("<text")
    9
    """
    return Picture(
        board_svg(state, cell_size=_pixels(cell_size, size, "size", default=40), numbers=numbers)
    )


def draw_move_values(
    state: State,
    values: Mapping[int, float] | None = None,
    *,
    score: Score = win_loss,
    cell_size: int = 48,
    words: bool = False,
    size: int | None = None,
) -> Picture:
    """A heat map of the moves: each empty cell shows the value of playing there.

    The values are `values` if given (e.g. ``result.move_values``), otherwise a minimax search
    with `score`. The shading is for the player to move: bluish green for the best moves,
    reddish purple for the worst, pale grey in between; the best moves are also outlined, and
    every value is written in its cell. `cell_size` is the side of a cell in pixels
    (``size=``, its old name, still works but warns).

    >>> picture = draw_move_values(State.parse("XX./OO./..."))
    >>> "<text" in picture.svg
    True
    """
    if values is None:
        values = minimax(state, score=score, memo="plain").move_values
    sign = 1 if state.turn == "X" else -1
    own = {move: sign * value for move, value in values.items()}
    low, high = (min(own.values()), max(own.values())) if own else (0.0, 0.0)
    shade = {move: _heat(v, low, high) for move, v in own.items()}
    labels = {move: format_value(value, words, short=True) for move, value in values.items()}
    best = {move for move, v in own.items() if v == high}
    return Picture(
        board_svg(
            state,
            cell_size=_pixels(cell_size, size, "size", default=48),
            labels=labels,
            shade=shade,
            highlight=best,
        )
    )


def format_value(value: float, words: bool = False, *, short: bool = False) -> str:
    """A value as the pictures write it: ``1``, ``-0.4``, ``+∞``, or in words.

    >>> format_value(0.25), format_value(0.001), format_value(float("-inf"))
    ('0.25', '0', '−∞')
    >>> format_value(1, words=True)
    'X wins'
    >>> format_value(-1, words=True, short=True)
    'O+'
    """
    if words:
        if value > 0:
            return "X+" if short else "X wins"
        if value < 0:
            return "O+" if short else "O wins"
        return "=" if short else "draw"
    if value == float("inf"):
        return "+∞"
    if value == float("-inf"):
        return "−∞"
    if float(value).is_integer():
        return f"{int(value)}"
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class SVGPicture(Protocol):
    """Anything that draws itself as SVG in a notebook (a `draw_board` picture, a tree...)."""

    def _repr_svg_(self) -> str: ...


Drawable = State | SVGPicture


@dataclass(frozen=True)
class Gallery:
    """Several boards or pictures side by side, each with a caption; shows itself in a notebook."""

    boards: tuple[Drawable, ...]
    captions: tuple[str, ...]
    cell_size: int = 30

    def _repr_html_(self) -> str:
        items = "".join(
            '<figure style="margin:0;text-align:center;font-size:12px">'
            f"{_svg_of(board, self.cell_size)}"
            f"<figcaption>{html.escape(caption)}</figcaption></figure>"
            for board, caption in zip(self.boards, self.captions)
        )
        return (
            f'<div style="display:flex;flex-wrap:wrap;gap:16px;align-items:flex-end">{items}</div>'
        )

    def __repr__(self) -> str:
        return "\n".join(
            f"{caption}: {_text_of(board)}" if caption else _text_of(board)
            for board, caption in zip(self.boards, self.captions)
        )


def _svg_of(board: Drawable, cell_size: int) -> str:
    return board_svg(board, cell_size=cell_size) if isinstance(board, State) else board._repr_svg_()


def _text_of(board: Drawable) -> str:
    return board.text if isinstance(board, State) else repr(board)


def show_boards(
    boards: Iterable[Drawable],
    captions: Iterable[str] | None = None,
    *,
    cell_size: int = 30,
    cell: int | None = None,
) -> Gallery:
    """Boards (or any SVG pictures, such as `draw_move_values`) side by side with captions.

    `cell_size` is the side of a board's cell in pixels (``cell=``, its old name, still works
    but warns).

    >>> g = show_boards([State.new(), State.new().play(4)], ["empty", "centre"])
    >>> print(repr(g))
    empty: .../.../...
    centre: .../.X./...
    """
    shown = tuple(boards)
    texts = tuple(captions) if captions is not None else ("",) * len(shown)
    if len(texts) != len(shown):
        raise ValueError(f"{len(shown)} boards need {len(shown)} captions, not {len(texts)}")
    for board in shown:
        if not isinstance(board, State) and not hasattr(board, "_repr_svg_"):
            raise TypeError(f"show_boards draws States and SVG pictures, not {board!r}")
    return Gallery(shown, texts, _pixels(cell_size, cell, "cell", default=30))


def _corner(index: int, cols: int, cell: int, pad: int) -> tuple[int, int]:
    return pad + (index % cols) * cell, pad + (index // cols) * cell


def _centre(index: int, cols: int, cell: int, pad: int) -> tuple[float, float]:
    x, y = _corner(index, cols, cell, pad)
    return x + cell / 2, y + cell / 2


def svg_opening(width: float, height: float, label: str) -> list[str]:
    """The start of a position's picture in SVG: its size in pixels (whole), `label` for
    screen readers (the caller escapes it), and the white ground.

    >>> svg_opening(30, 20.4, "an empty board")[0].split(" role=")[0][-31:]
    'height="20" viewBox="0 0 30 20"'
    """
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" aria-label="{label}">',
        f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" '
        f'fill="{COLORS["background"]}"/>',
    ]


def status_words(position: Position) -> str:
    """Where a game stands, as a picture's label says it: who is to move, who won, or a draw.

    >>> status_words(State.new()), status_words(State.parse("XXX/OO./..."))
    ('X to move', 'X wins')
    """
    result = position.result()
    if result is None:
        return f"{position.turn} to move"
    return "draw" if result == "draw" else f"{result} wins"


def _pixels(cell_size: int, old: int | None, old_name: str, *, default: int) -> int:
    """The cell size in pixels, from `cell_size` or from the keyword's old name (not both,
    and the old name with a warning)."""
    if old is not None:
        renamed(f"{old_name}=", "cell_size=", levels_up=2)
    if old is not None and cell_size != default:
        raise ValueError(
            f"cell_size= and {old_name}= are two names for the same option: give only cell_size="
        )
    pixels = cell_size if old is None else old
    name = "cell_size" if old is None else old_name
    return whole_number(pixels, name, at_least=4, what="pixels")


def _heat(value: float, low: float, high: float) -> str:
    """A pale shade from reddish purple (worst) through grey to bluish green (best).

    >>> _heat(1, -1, 1), _heat(0, -1, 1), _heat(-1, -1, 1)
    ('#99d8c7', '#ededed', '#ebc9dc')
    """
    t = 0.5 if high == low else (value - low) / (high - low)
    if t >= 0.5:
        r, g, b = _mix(_MIDDLE, _pale(COLORS["best"]), (t - 0.5) * 2)
    else:
        r, g, b = _mix(_pale(COLORS["worst"]), _MIDDLE, t * 2)
    return f"#{r:02x}{g:02x}{b:02x}"


_MIDDLE = (237, 237, 237)  # pale grey, neither good nor bad


def _pale(color: str) -> tuple[int, int, int]:
    """A colour mixed with white, pale enough for the dark text written on it."""
    rgb = (int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16))
    return _mix((255, 255, 255), rgb, 0.4)


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


# ---------------------------------------------------------------------------------------------
# Pairings (Lesson 9): which cells answer which


_PAIR_SHADES = tuple(
    _mix((255, 255, 255), _pale(color), 0.75)
    for color in ("#56B4E9", "#E69F00", "#009E73", "#F0E442", "#CC79A7", "#0072B2", "#D55E00")
)
"""Pale Okabe-Ito colours, one after another for the pairs; the letters say which cells pair."""


def draw_pairing(
    state: State,
    pairs: Iterable[tuple[int, int]],
    *,
    cell_size: int = 40,
    outline: Iterable[int] = (),
) -> Picture:
    """A picture of a pairing: both cells of each pair carry the same letter (a, b, c, ...)
    and the same pale shade; cells in no pair stay blank. `outline` draws a frame round some
    cells, such as a line that holds no pair.

    The letters, not the shades, say which cells belong together; marks already on the board
    are drawn as usual, and a pair's letter shows only in its empty cells.

    >>> picture = draw_pairing(State.new(1, 4, 2), [(0, 1), (2, 3)], outline=[1, 2])
    >>> picture.svg.count(">a<"), picture.svg.count(">b<")
    (2, 2)
    """
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    labels: dict[int, str] = {}
    shade: dict[int, str] = {}
    for number, (a, b) in enumerate(pairs):
        if number >= len(letters):
            raise ValueError(f"draw_pairing names at most {len(letters)} pairs, by letters")
        r, g, bl = _PAIR_SHADES[number % len(_PAIR_SHADES)]
        for cell in (a, b):
            labels[cell] = letters[number]
            shade[cell] = f"#{r:02x}{g:02x}{bl:02x}"
    return Picture(
        board_svg(
            state,
            cell_size=_pixels(cell_size, None, "cell_size", default=40),
            labels=labels,
            shade=shade,
            highlight=frozenset(outline),
        )
    )


# ---------------------------------------------------------------------------------------------
# Matchboxes (Lesson 10): MENACE's beads


class Matchboxes(Protocol):
    """Anything with a matchbox for a position, as :class:`tictac.learning.learners.Menace` has."""

    def box(self, state: State) -> Mapping[int, int]: ...


def move_classes(state: State) -> list[tuple[int, ...]]:
    """The free cells of `state` in groups that its own symmetries swap (the board looks the
    same after the mirror or turn, so these moves are the same move), by first cell.

    >>> move_classes(State.new())   # corners, edges, centre
    [(0, 2, 6, 8), (1, 3, 5, 7), (4,)]
    >>> move_classes(State.parse("X../.O./..."))   # mirrored along the diagonal
    [(1, 3), (2, 6), (5, 7), (8,)]
    """
    own = [p for p in symmetry_permutations(state.rows, state.cols) if state.transform(p) == state]
    classes = {tuple(sorted({p[move] for p in own})) for move in state.legal_moves()}
    return sorted(classes)


def draw_matchbox(menace: Matchboxes, state: State, *, cell_size: int = 48) -> Picture:
    """One of MENACE's matchboxes: the position on its lid, each free cell showing the beads
    that play there, and the box's total below.

    A box holds one colour of bead for each *different* move: cells that the position's own
    symmetries swap are the same move, so they share a colour (a pale shade), a letter
    (a, b, c...) and one count; the box's beads are counted once per colour. Under each
    count a small bar shows its share of the box. An empty box is drawn with its counts at 0
    and says that the machine resigns there.

    `menace` is anything with ``box(state)``, such as :class:`tictac.learning.learners.Menace`;
    positions with no box (a finished game, a forced last move) raise its error.

    >>> from tictac.learning.learners import Menace
    >>> picture = draw_matchbox(Menace(), State.new())
    >>> picture.svg.count(">4<"), "12 beads" in picture.svg   # 3 colours of 4 beads, 9 cells
    (9, True)
    """
    box = menace.box(state)
    cell = _pixels(cell_size, None, "cell_size", default=48)
    classes = move_classes(state)
    counts: dict[tuple[int, ...], int] = {}
    for group in classes:
        found = [move for move in group if move in box]
        if len(found) != 1:
            raise ValueError(f"the box {dict(box)} does not fit the moves of {state.text}")
        counts[group] = box[found[0]]
    total = sum(counts.values())
    most = max(counts.values())
    shade: dict[int, str] = {}
    letters = "abcdefghijklmnopqrstuvwxyz"
    marks = []
    pad = max(2, cell // 10)
    grid = COLORS["grid"]
    for number, group in enumerate(classes):
        r, g, b = _PAIR_SHADES[number % len(_PAIR_SHADES)]
        for move in group:
            shade[move] = f"#{r:02x}{g:02x}{b:02x}"
            x, y = _corner(move, state.cols, cell, pad)
            count = counts[group]
            marks.append(
                f'<text x="{x + 4}" y="{y + cell * 0.22:.1f}" font-size="{cell * 0.2:.1f}" '
                f'font-family="sans-serif" fill="{grid}">{letters[number % 26]}</text>'
                f'<text x="{x + cell / 2:.1f}" y="{y + cell * 0.48:.1f}" '
                f'font-size="{cell * 0.36:.1f}" font-family="sans-serif" font-weight="bold" '
                f'text-anchor="middle" dominant-baseline="central" fill="{grid}">{count}</text>'
            )
            if count:
                width = (cell - 12) * count / most
                marks.append(
                    f'<rect x="{x + 6}" y="{y + cell * 0.76:.1f}" width="{width:.1f}" '
                    f'height="{cell * 0.1:.1f}" fill="{grid}"/>'
                )
    board = board_svg(state, cell_size=cell, shade=shade)
    width = state.cols * cell + 2 * pad
    height = state.rows * cell + 2 * pad
    beads = f"{total} bead{'s' if total != 1 else ''}" if total else "empty: the machine resigns"
    caption = (
        f'<text x="{width / 2:.1f}" y="{height + 14}" font-size="12" font-family="sans-serif" '
        f'text-anchor="middle" fill="{grid}">{beads}</text>'
    )
    return Picture(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 20}" '
        f'viewBox="0 0 {width} {height + 20}" role="img" '
        f'aria-label="matchbox for {state.text}: {beads}">'
        f"{board}{''.join(marks)}{caption}</svg>"
    )


# ---------------------------------------------------------------------------------------------
# A game as it stands (Lesson 12's widget, before it runs)


_HINT_SHADES = {"win": _pale(COLORS["best"]), "draw": _MIDDLE, "loss": _pale(COLORS["worst"])}
"""Pale shades under the hints; the words ("win 3", "draw", "loss 2") carry the meaning."""


def game_picture(session: GameSession, *, hints: bool = False, cell_size: int = 48) -> str:
    """The SVG of a game as the game widget shows it now: the board (the last move outlined,
    a winning line struck through) with the status line and the score written under it.

    `session` is a :class:`~tictac.play.session.GameSession` (a widget's ``session``). With
    `hints`, each free cell says what playing there gets the player to move, in words
    ("win 3", "draw", "loss 2", as the widget's Hint button shows), on a pale shade.

    >>> from tictac.play.session import GameSession
    >>> session = GameSession(mode="human-vs-human")
    >>> for move in (0, 3, 1, 4, 2):
    ...     session.play(move)
    >>> svg = game_picture(session)
    >>> ">X wins<" in svg, ">Score: X wins 1 · O wins 0 · draws 0<" in svg
    (True, True)
    >>> session.undo()
    (2,)
    >>> ">win 1<" in game_picture(session, hints=True)
    True
    """
    # Imported here: the session imports the players, heavy to load for a board picture.
    from tictac.play.session import GameSession, hint_labels

    if not isinstance(session, GameSession):
        raise TypeError(
            f"game_picture() draws a GameSession, such as GameWidget().session, not {session!r}"
        )
    cell = _pixels(cell_size, None, "cell_size", default=48)
    state = session.state
    last = session.moves[-1] if session.moves else None
    labels = hint_labels(state) if hints and not state.is_terminal else {}
    shade = {}
    for move, text in labels.items():
        r, g, b = _HINT_SHADES[text.split()[0]]
        shade[move] = f"#{r:02x}{g:02x}{b:02x}"
    board = board_svg(
        state,
        cell_size=cell,
        shade=shade,
        highlight=frozenset(() if last is None else (last,)),
    )
    pad = max(2, cell // 10)
    board_width = state.cols * cell + 2 * pad
    board_height = state.rows * cell + 2 * pad
    grid = COLORS["grid"]
    words = []
    for move, text in labels.items():
        x, y = _corner(move, state.cols, cell, pad)
        size = min(cell * 0.3, cell * 1.6 / len(text))
        words.append(
            f'<text x="{x + cell / 2:.1f}" y="{y + cell / 2:.1f}" font-size="{size:.1f}" '
            'font-family="sans-serif" text-anchor="middle" dominant-baseline="central" '
            f'fill="{grid}">{html.escape(text, quote=False)}</text>'
        )
    status, score = session.status_text(), session.score_text()
    width = max(board_width, 8 + round(7 * max(len(status) * 1.3, len(score))))
    left = (width - board_width) // 2
    lines = (
        (status, 18, "bold", COLORS["highlight"], board_height + 24),
        (score, 13, "normal", grid, board_height + 44),
    )
    text = "".join(
        f'<text x="{width / 2:.1f}" y="{y}" font-size="{size}" font-weight="{weight}" '
        f'font-family="sans-serif" text-anchor="middle" fill="{color}">'
        f"{html.escape(line, quote=False)}</text>"
        for line, size, weight, color, y in lines
    )
    height = board_height + 54
    label = html.escape(f"board {state.text}: {status}; {score}")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{label}">'
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="{COLORS["background"]}"/>'
        f'<g transform="translate({left},0)">{board}{"".join(words)}</g>{text}</svg>'
    )
