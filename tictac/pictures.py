"""Pictures of boards as SVG text: what a :class:`~tictac.state.State` shows in a notebook.

No drawing library is needed: the SVG is written by hand, so it is the same on every machine
and cheap enough to show hundreds of boards.

>>> from tictac import State
>>> svg = board_svg(State.parse("XXX/OO./..."))
>>> svg.startswith("<svg") and "line" in svg
True
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

from tictac.state import State

__all__ = ["COLORS", "Gallery", "board_svg", "show_boards"]

COLORS = {
    "X": "#2b6cb0",  # blue
    "O": "#c05621",  # orange
    "grid": "#4a5568",
    "background": "#ffffff",
    "win": "#2f855a",  # green
    "highlight": "#f6e05e",
}


def board_svg(
    state: State,
    *,
    cell: int = 40,
    labels: Mapping[int, str] | None = None,
    highlight: frozenset[int] | set[int] | None = None,
    shade: Mapping[int, str] | None = None,
    numbers: bool = False,
) -> str:
    """An SVG picture of `state`: the grid, the marks, and the winning line struck through.

    `labels` writes short text in empty cells (for example each move's value), `shade` fills
    cells with colours, `highlight` outlines cells, and `numbers` writes each empty cell's index.

    >>> "<text" in board_svg(State.new(), numbers=True)
    True
    """
    pad = max(2, cell // 10)
    width, height = state.cols * cell + 2 * pad, state.rows * cell + 2 * pad
    stroke = max(2.0, cell / 12)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{_describe(state)}">',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="{COLORS["background"]}"/>',
    ]
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
                    f'fill="{grid}">{_escape(text)}</text>'
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


class SVGPicture(Protocol):
    """Anything that draws itself as SVG in a notebook (a `draw_board` picture, a tree...)."""

    def _repr_svg_(self) -> str: ...


Drawable = State | SVGPicture


@dataclass(frozen=True)
class Gallery:
    """Several boards or pictures side by side, each with a caption; shows itself in a notebook."""

    boards: tuple[Drawable, ...]
    captions: tuple[str, ...]
    cell: int = 30

    def _repr_html_(self) -> str:
        items = "".join(
            '<figure style="margin:0;text-align:center;font-size:12px">'
            f"{_svg_of(board, self.cell)}"
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


def _svg_of(board: Drawable, cell: int) -> str:
    return board_svg(board, cell=cell) if isinstance(board, State) else board._repr_svg_()


def _text_of(board: Drawable) -> str:
    return board.text if isinstance(board, State) else repr(board)


def show_boards(
    boards: Iterable[Drawable], captions: Iterable[str] | None = None, *, cell: int = 30
) -> Gallery:
    """Boards (or any SVG pictures, such as `draw_move_values`) side by side with captions.

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
    return Gallery(shown, texts, cell)


def _corner(index: int, cols: int, cell: int, pad: int) -> tuple[int, int]:
    return pad + (index % cols) * cell, pad + (index // cols) * cell


def _centre(index: int, cols: int, cell: int, pad: int) -> tuple[float, float]:
    x, y = _corner(index, cols, cell, pad)
    return x + cell / 2, y + cell / 2


def _describe(state: State) -> str:
    result = state.result()
    if result is None:
        status = f"{state.turn} to move"
    elif result == "draw":
        status = "draw"
    else:
        status = f"{result} wins"
    return f"board {state.text}, {status}"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
