"""A picture of a Connect Four position: discs in the holes of a blue frame.

What a :class:`~tictac.game.connect_four.ConnectFour` shows itself as in a notebook. X's discs
are filled (blue), O's are rings (orange), so that shape tells them apart as well as colour
(as X and O do on the boards of :mod:`tictac.pictures.boards`, whose colours these are); the
discs of a winning line are circled in black, and the columns are numbered underneath, as
moves name them.

>>> from tictac.game.connect_four import ConnectFour
>>> svg = connect_four_svg(ConnectFour.new(4, 4, 3).play(1))
>>> svg.startswith("<svg") and svg.count("<circle") == 17
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tictac.helpers.checks import whole_number
from tictac.pictures.boards import COLORS, status_words, svg_opening

if TYPE_CHECKING:
    from tictac.game.connect_four import ConnectFour

__all__ = ["FRAME", "connect_four_svg"]

FRAME = "#1d3f72"
"""The frame's blue: dark, so that its white holes stand out (10:1), and unlike X's blue."""


def connect_four_svg(position: ConnectFour, *, cell_size: int = 40, numbers: bool = True) -> str:
    """The SVG text of `position`: the frame, its holes, the discs, the winning line's discs
    circled; `numbers` writes each column's number under it. `cell_size` is the side of a
    cell in pixels.

    >>> from tictac.game.connect_four import ConnectFour
    >>> "<text" in connect_four_svg(ConnectFour.new(), numbers=False)
    False
    """
    cell = whole_number(cell_size, "cell_size", at_least=8, what="pixels")
    rows, cols = position.rows, position.cols
    pad = max(2, cell // 8)
    label = round(cell * 0.6) if numbers else 0
    width, height = cols * cell + 2 * pad, rows * cell + 2 * pad + label
    parts = [
        *svg_opening(width, height, _describe(position)),
        f'<rect x="0" y="0" width="{width}" height="{rows * cell + 2 * pad}" rx="{pad * 2}" '
        f'fill="{FRAME}"/>',
    ]
    hole, disc, stroke = cell * 0.44, cell * 0.3, max(2.0, cell / 10)
    won = set(position.winning_line or ())
    for index, mark in enumerate(position.cells):
        r, c = divmod(index, cols)
        x, y = pad + (c + 0.5) * cell, pad + (r + 0.5) * cell
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{hole:.1f}" fill="#ffffff"/>')
        if mark == "X":
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{disc:.1f}" fill="{COLORS["X"]}"/>')
        elif mark == "O":
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{disc - stroke / 2:.1f}" fill="#ffffff" '
                f'stroke="{COLORS["O"]}" stroke-width="{stroke:.1f}"/>'
            )
        if index in won:
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{(hole + disc) / 2:.1f}" fill="none" '
                f'stroke="#000000" stroke-width="{max(1.5, cell / 20):.1f}"/>'
            )
    if numbers:
        size = cell * 0.36
        y = rows * cell + 2 * pad + label / 2
        for c in range(cols):
            parts.append(
                f'<text x="{pad + (c + 0.5) * cell:.1f}" y="{y:.1f}" font-size="{size:.1f}" '
                'font-family="sans-serif" text-anchor="middle" dominant-baseline="central" '
                f'fill="{COLORS["grid"]}">{c}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)


def _describe(position: ConnectFour) -> str:
    size = f"{position.rows} rows by {position.cols} columns, {position.k} in a row"
    return f"Connect Four board ({size}) {position.text}, {status_words(position)}"
