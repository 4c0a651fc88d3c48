"""A picture of Nim's heaps as SVG: one row of sticks for each heap, and who is to move.

What a :class:`~tictac.game.nim.Nim` position shows itself as in a notebook. The SVG is
written by hand, as the boards' is (:mod:`tictac.pictures.boards`), in the same colours.

>>> from tictac.game.nim import Nim
>>> svg = heaps_svg(Nim.new((3, 4, 5)))
>>> svg.startswith("<svg") and svg.count("<line") == 12
True
"""

from __future__ import annotations

import html

from tictac.game.nim import Nim
from tictac.helpers.checks import shown, whole_number
from tictac.pictures.boards import COLORS, svg_opening

__all__ = ["heaps_svg"]


def heaps_svg(position: Nim, *, cell_size: int = 24) -> str:
    """An SVG picture of a Nim position: each heap a row of sticks in groups of five, its
    number on the left and its size on the right, and under them who is to move (or who won,
    written in the winner's colour).

    `cell_size` is the height of a row in pixels; a stick takes less than half of it in width.

    >>> from tictac.game.nim import Nim
    >>> "O to move" in heaps_svg(Nim.new((2, 1)).play((0, 1)))
    True
    """
    if not isinstance(position, Nim):
        raise TypeError(
            f"heaps_svg draws a Nim position, such as Nim.new((3, 4, 5)), not {shown(position)}"
        )
    cell = whole_number(cell_size, "cell_size", at_least=4, what="pixels")
    pitch, gap = cell * 0.4, cell * 0.3  # from stick to stick, and more between fives
    font = cell * 0.55
    label_width = font * 4.2  # "heap 9" and a space
    pad = max(4.0, cell / 4)

    def stick_x(i: int) -> float:
        return pad + label_width + i * pitch + (i // 5) * gap

    longest = max(position.heaps)
    sticks_end = stick_x(longest - 1) + pitch if longest else pad + label_width
    width = max(sticks_end + font * 2.5, font * 18) + pad
    height = pad * 2 + cell * (len(position.heaps) + 1.2)
    ink = COLORS["grid"]
    text_style = f'font-family="sans-serif" font-size="{font:.1f}" dominant-baseline="central"'
    label = f"Nim, heaps {position.text}: {html.escape(position.status)}"
    parts = svg_opening(width, height, label)
    for row, size in enumerate(position.heaps):
        middle = pad + cell * (row + 0.5)
        parts.append(
            f'<text x="{pad:.1f}" y="{middle:.1f}" {text_style} fill="{ink}">heap {row}</text>'
        )
        top, bottom = middle - cell * 0.38, middle + cell * 0.38
        for i in range(size):
            x = stick_x(i) + pitch / 2
            parts.append(
                f'<line x1="{x:.1f}" y1="{top:.1f}" x2="{x:.1f}" y2="{bottom:.1f}" '
                f'stroke="{ink}" stroke-width="{max(1.5, cell / 10):.1f}" '
                'stroke-linecap="round"/>'
            )
        end = (stick_x(size - 1) + pitch if size else pad + label_width) + font * 0.6
        parts.append(
            f'<text x="{end:.1f}" y="{middle:.1f}" {text_style} fill="{ink}">{size}</text>'
        )
    winner = position.result()
    status_colour = COLORS[winner] if winner is not None else ink
    parts.append(
        f'<text x="{pad:.1f}" y="{pad + cell * (len(position.heaps) + 0.6):.1f}" {text_style} '
        f'fill="{status_colour}">{html.escape(position.status)}</text>'
    )
    parts.append("</svg>")
    return "".join(parts)
