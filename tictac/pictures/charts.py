"""Charts of the lessons' numbers, drawn as SVG by the package itself.

No plotting library is needed: like the boards (:mod:`tictac.pictures.boards`), a chart is SVG text
written here, so it shows the same in JupyterLab, in the browser edition, in an HTML export,
on the website and on a code-hosting site's notebook viewer, with no network, and the same
numbers always give the same bytes.

A chart is a :class:`Chart`: a notebook shows it as a picture (``image/svg+xml``), and its
text form (``text/plain``, what a screen reader or a text viewer gets) is a real text
alternative: the chart's title and its data in words and numbers. The SVG carries the same
text in ``<title>`` and ``<desc>``.

* :func:`bar_chart`: vertical bars, one series or several side by side, optional log scale;
* :func:`hbar_chart`: horizontal bars, optional log scale and a reference line;
* :func:`line_chart`: lines with markers and dashes, labelled at their ends or in a legend,
  with optional 95% whiskers, on a linear, logarithmic or "even, then logarithmic" x axis;
* :func:`heat_map`: a table of numbers, each written in its shaded cell;
* :func:`grid`: several charts in rows and columns, as one picture;
* and the lessons' own: :func:`results_chart`, :func:`wins_by_length_chart`,
  :func:`round_robin_chart`, :func:`interval_chart`, :func:`learning_curve_chart`.

Colour never carries meaning alone: the colours come from the Okabe-Ito palette, which
colour-blind readers can tell apart, and every series also differs by a hatching pattern, a
dash, a marker or a label written beside it. Bars start at zero (on a log scale, at the
axis's floor, a power of ten below the smallest bar, so that every bar shows, and the axis
says "log scale").

>>> chart = bar_chart([3, 4, 5], [10, 25, 5], title="wins by length", xlabel="moves")
>>> print(chart)
Bar chart: wins by length
x axis: moves; y axis: from 0 to 25
3: 10; 4: 25; 5: 5
>>> chart.svg.startswith("<svg") and 'role="img"' in chart.svg
True
"""

from __future__ import annotations

import hashlib
import html
import math
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, Protocol

from tictac.helpers.checks import whole_number
from tictac.pictures.boards import save_svg
from tictac.players.tournament import MatchResult, RoundRobin, wilson_interval

__all__ = [
    "LINE_STYLES",
    "PALETTE",
    "Chart",
    "LineStyle",
    "bar_chart",
    "grid",
    "hbar_chart",
    "heat_map",
    "interval_chart",
    "learning_curve_chart",
    "line_chart",
    "results_chart",
    "round_robin_chart",
    "wins_by_length_chart",
]

PALETTE = {
    "blue": "#0072B2",
    "orange": "#BD8300",
    "bluish green": "#009E73",
    "vermillion": "#B65000",
    "grey": "#8A8A8A",
    "reddish purple": "#C66A9D",
    "sky blue": "#1D96DB",
    "black": "#000000",
}
"""The Okabe-Ito colours the charts use (and a neutral grey), the lighter ones darkened.

Each bar, line and marker stands out from the white at least 3:1 (WCAG 2.2, 1.4.11), so Okabe
and Ito's orange, sky blue and reddish purple are darker here, and vermillion too, to keep it
apart from the orange for colour-blind eyes: under simulated protanopia, deuteranopia and
tritanopia (Machado, Oliveira and Fernandes 2009) every two colours stay clearly apart, as
tests/test_contrast.py measures.
"""

_INK = "#222222"  # text and axes
_MUTED = "#555555"  # tick labels
_RULE = "#E4E4E4"  # grid lines
_GUIDE = "#767676"  # a line_chart's guide lines (levels worth marking)
_FONT = "sans-serif"
_TITLE, _LABEL, _TICK, _SMALL = 14, 12, 11, 10  # font sizes in pixels

# The bars' looks, in order: a colour and a hatching ("" plain, "//" and "\\" stripes, ".."
# dots, "xx" crossed, "--" level lines).
_BAR_STYLES = (
    (PALETTE["blue"], ""),
    (PALETTE["orange"], "//"),
    (PALETTE["bluish green"], ".."),
    (PALETTE["vermillion"], "\\\\"),
    (PALETTE["reddish purple"], "xx"),
    (PALETTE["sky blue"], "--"),
)


class LineStyle(NamedTuple):
    """How a line looks: a colour, a dash pattern (SVG ``stroke-dasharray``) and a marker."""

    colour: str
    dashes: str
    marker: str


LINE_STYLES = (
    LineStyle(PALETTE["blue"], "", "circle"),
    LineStyle(PALETTE["orange"], "7 3", "square"),
    LineStyle(PALETTE["bluish green"], "9 3 2 3", "triangle"),
    LineStyle(PALETTE["vermillion"], "2 2.5", "diamond"),
    LineStyle(PALETTE["reddish purple"], "", "triangle-down"),
    LineStyle(PALETTE["sky blue"], "7 3", "plus"),
    LineStyle(PALETTE["black"], "9 3 2 3", "cross"),
)
"""The lines' looks, in order: no two share both a dash and a marker."""


# -- the chart object ---------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class Chart:
    """A chart: its SVG text (`svg`) and its text alternative (`text`, also its ``repr``).

    A notebook shows it as a picture; where pictures cannot be shown, the text stands in.
    """

    svg: str
    text: str
    width: int = field(default=0, compare=False)
    height: int = field(default=0, compare=False)

    def __repr__(self) -> str:
        return self.text

    def _repr_svg_(self) -> str:
        return self.svg

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the chart to an ``.svg`` file.

        >>> bar_chart("ab", [1, 2]).save("/no/such/folder/chart.svg")
        Traceback (most recent call last):
          ...
        FileNotFoundError: [Errno 2] could not save the chart (No such file or directory): ...
        """
        save_svg(self.svg, path, "chart")


_ID = "\x00"  # stands for the chart's id until its content is known (never in escaped text)


def _esc(text: object) -> str:
    """Text as SVG may hold it: escaped, without control characters."""
    cleaned = "".join(ch for ch in str(text) if ch >= " " or ch in "\n\t")
    return html.escape(cleaned, quote=True)


class _Canvas:
    """The parts of one SVG picture, the shared definitions (patterns, clips) among them."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.defs: dict[str, str] = {}

    def add(self, part: str) -> None:
        self.parts.append(part)

    def fill(self, colour: str, hatch: str = "") -> str:
        """A fill: the colour itself, or a pattern of `hatch` over it (defined once)."""
        if not hatch:
            return colour
        name = f"{_ID}-p{colour[1:]}-{_HATCH_NAMES[hatch]}"
        if name not in self.defs:
            self.defs[name] = _pattern(name, colour, hatch)
        return f"url(#{name})"

    def clip(self, box: _Box) -> str:
        """A clip path to `box` (what lies outside it is not drawn)."""
        name = f"{_ID}-c{len(self.defs)}"
        self.defs[name] = (
            f'<clipPath id="{name}"><rect x="{_n(box.left)}" y="{_n(box.top)}" '
            f'width="{_n(box.right - box.left)}" height="{_n(box.bottom - box.top)}"/></clipPath>'
        )
        return f"url(#{name})"

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: int = _TICK,
        anchor: str = "start",
        fill: str = _INK,
        bold: bool = False,
        middle: bool = True,
        rotate: bool = False,
        halo: str = "",
    ) -> None:
        """Text at (x, y); `middle` centres it on y (else y is its baseline)."""
        base = y + size * 0.35 if middle else y
        extra = ' font-weight="bold"' if bold else ""
        if rotate:
            extra += f' transform="rotate(-90 {_n(x)} {_n(base)})"'
        if halo:
            extra += f' stroke="{halo}" stroke-width="3" paint-order="stroke"'
        self.add(
            f'<text x="{_n(x)}" y="{_n(base)}" font-size="{size}" text-anchor="{anchor}" '
            f'fill="{fill}"{extra}>{_esc(text)}</text>'
        )

    def line(
        self, x1: float, y1: float, x2: float, y2: float, colour: str = _INK, **style: Any
    ) -> None:
        extra = "".join(f' {key.replace("_", "-")}="{value}"' for key, value in style.items())
        self.add(
            f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
            f'stroke="{colour}"{extra}/>'
        )

    def finish(self, width: float, height: float, text: str) -> Chart:
        """The chart: the picture, its first line of `text` as its title, the rest as its
        description; ids derived from the content, so that charts on one page never clash."""
        title, _, description = text.partition("\n")
        w, h = math.ceil(width), math.ceil(height)
        body = "".join(self.parts)
        defs = f"<defs>{''.join(self.defs.values())}</defs>" if self.defs else ""
        svg = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" role="img" aria-labelledby="{_ID}-t" '
            f'aria-describedby="{_ID}-d" font-family="{_FONT}">'
            f'<title id="{_ID}-t">{_esc(title)}</title>'
            f'<desc id="{_ID}-d">{_esc(description)}</desc>'
            f'{defs}<rect width="{w}" height="{h}" fill="#ffffff"/>{body}</svg>'
        )
        digest = hashlib.sha256(svg.encode("utf-8")).hexdigest()[:10]
        return Chart(svg.replace(_ID, f"chart-{digest}"), text, w, h)


_HATCH_NAMES = {"//": "stripes", "\\\\": "back", "..": "dots", "xx": "cross", "--": "level"}


def _pattern(name: str, colour: str, hatch: str) -> str:
    """A hatching pattern over `colour`: light strokes, or dark dots on light colours."""
    dark = _luminance(colour) > 0.45
    ink = "#333333" if dark else "#ffffff"
    turn = {"/": 45, "x": 45, "\\": -45}.get(hatch[0], 0)
    turned = f' patternTransform="rotate({turn})"' if turn else ""
    head = (
        f'<pattern id="{name}" patternUnits="userSpaceOnUse" width="7" height="7"{turned}>'
        f'<rect width="7" height="7" fill="{colour}"/>'
    )
    if hatch[0] == ".":
        marks = f'<circle cx="3.5" cy="3.5" r="1.1" fill="{ink}"/>'
    elif hatch[0] == "-":
        marks = f'<line x1="0" y1="3.5" x2="7" y2="3.5" stroke="{ink}" stroke-width="1.6"/>'
    else:
        marks = f'<line x1="3.5" y1="0" x2="3.5" y2="7" stroke="{ink}" stroke-width="1.8"/>'
        if hatch[0] == "x":
            marks += f'<line x1="0" y1="3.5" x2="7" y2="3.5" stroke="{ink}" stroke-width="1.8"/>'
    return f"{head}{marks}</pattern>"


# -- numbers, text and scales -------------------------------------------------------------------


def _n(value: float) -> str:
    """A coordinate, to a tenth of a pixel: ``12``, ``12.5``."""
    text = f"{value:.1f}"
    text = text[:-2] if text.endswith(".0") else text
    return "0" if text == "-0" else text


def _number(value: float) -> str:
    """A number as a chart writes it: ``1,452``, ``0.38``, ``12.3``.

    >>> _number(1452), _number(0.375), _number(12.345), _number(2.0), _number(3e-05)
    ('1,452', '0.375', '12.3', '2', '3e-05')
    """
    if isinstance(value, float) and not math.isfinite(value):
        return "no value"
    if float(value).is_integer() and abs(value) < 1e15:
        return f"{int(value):,}"
    if abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:.3g}"


def _percent(value: float, step: float = 0.01) -> str:
    """A share as a percentage, with a decimal when the steps are finer than 1%."""
    return f"{value:.1%}" if step < 0.01 - 1e-12 else f"{value:.0%}"


def _text_width(text: str, size: float) -> float:
    """About how wide `text` is in a sans-serif font of `size` pixels (no font is at hand)."""
    em = 0.0
    for ch in str(text):
        if ch in "ilI.,:;'|!":
            em += 0.28
        elif ch in "fjrt()[]{}- ½":
            em += 0.36
        elif ch in "mwMW@%":
            em += 0.86
        elif ch.isupper() or ch in "×÷√":
            em += 0.7
        else:
            em += 0.6
    return em * size * 1.04  # a little room: fonts differ


Scale = Literal["linear", "log", "symlog"]
_SYMLOG_AT = 100.0  # the "symlog" scale is even up to here, logarithmic beyond
_SYMLOG_EVEN = 0.6  # and its even part is as long as 0.6 of a decade


@dataclass(frozen=True)
class _Axis:
    """A scale from numbers (`low` to `high`) to pixels (`start` to `end`), and its ticks."""

    low: float
    high: float
    start: float
    end: float
    kind: Scale = "linear"
    ticks: tuple[float, ...] = ()

    def _f(self, value: float) -> float:
        if self.kind == "log":
            return math.log10(value)
        if self.kind == "symlog":
            if value <= _SYMLOG_AT:
                return value / _SYMLOG_AT * _SYMLOG_EVEN
            return _SYMLOG_EVEN + math.log10(value / _SYMLOG_AT)
        return value

    def __call__(self, value: float) -> float:
        low, high = self._f(self.low), self._f(self.high)
        t = 0.5 if high == low else (self._f(value) - low) / (high - low)
        return self.start + t * (self.end - self.start)


def _nice_step(span: float, count: int = 5, *, whole: bool = False) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) for about `count` ticks; with
    `whole`, a whole number (for counts)."""
    raw = span / count if span > 0 else 1.0
    power = 10.0 ** math.floor(math.log10(raw))
    factors = (1, 2, 5, 10) if whole and power < 10 else (1, 2, 2.5, 5, 10)
    step = next(m * power for m in factors if m * power >= raw * (1 - 1e-9))
    return max(step, 1.0) if whole else step


def _linear_range(
    low: float, high: float, *, count: int = 5, zero: bool = False, whole: bool = False
) -> tuple[float, float, tuple[float, ...]]:
    """Round bounds that hold `low` to `high` (and 0 with `zero`), and the ticks between.

    >>> _linear_range(1, 9_000, zero=True)
    (0, 10000, (0, 2000, 4000, 6000, 8000, 10000))
    """
    if zero:
        low, high = min(low, 0.0), max(high, 0.0)
    if high == low:
        high = low + 1
    step = _nice_step(high - low, count, whole=whole)
    first, last = math.floor(low / step + 1e-9), math.ceil(high / step - 1e-9)
    ticks = tuple(_tidy(k * step) for k in range(first, last + 1))
    return ticks[0], ticks[-1], ticks


def _tidy(value: float) -> float:
    rounded = round(value, 10)
    return int(rounded) if float(rounded).is_integer() else rounded


def _log_range(
    low: float, high: float, *, floor_below: bool = False
) -> tuple[float, float, tuple[float, ...]]:
    """Powers of ten around `low` to `high` (both above 0), and the powers between as ticks.

    With `floor_below` the first power is below `low` (a decade below it when `low` is itself
    a power of ten), so that a bar starting there and worth `low` still has a length.

    >>> _log_range(10, 500)[:2], _log_range(10, 500, floor_below=True)[:2]
    ((10, 1000), (1, 1000))
    """
    last = math.ceil(math.log10(high) - 1e-9)
    if floor_below:
        first = math.ceil(math.log10(low) - 1e-9) - 1
    else:
        first = math.floor(math.log10(low) + 1e-9)
    last = max(last, first + 1)
    ticks = tuple(_tidy(10.0**k) for k in range(first, last + 1))
    return ticks[0], ticks[-1], ticks


def _scale_label(label: str, kind: Scale) -> str:
    """An axis label that says when the scale is not even."""
    if kind == "log" and "log" not in label:
        return f"{label} (log scale)" if label else "log scale"
    if kind == "symlog" and "log" not in label:
        return f"{label} (even scale to 100, logarithmic beyond)".strip()
    return label


def _scale_words(kind: Scale) -> str:
    return {"linear": "", "log": ", log scale", "symlog": ", even to 100, log beyond"}[kind]


# -- layout: boxes, axes, legends -----------------------------------------------------------------


@dataclass(frozen=True)
class _Box:
    left: float
    top: float
    right: float
    bottom: float


class _Key(NamedTuple):
    """A legend entry: a filled swatch (hatch is not None), or a line (dashes, marker)."""

    label: str
    colour: str
    hatch: str | None = None
    dashes: str = ""
    marker: str = ""


def _legend_height(keys: Sequence[_Key], width: float) -> float:
    return 18.0 * len(_legend_rows(keys, width)) if keys else 0.0


def _legend_rows(keys: Sequence[_Key], width: float) -> list[list[tuple[_Key, float]]]:
    rows: list[list[tuple[_Key, float]]] = [[]]
    used = 0.0
    for key in keys:
        size = 28 + _text_width(key.label, _SMALL + 1) + 16
        if rows[-1] and used + size > width:
            rows.append([])
            used = 0.0
        rows[-1].append((key, size))
        used += size
    return rows


def _legend(canvas: _Canvas, keys: Sequence[_Key], x: float, y: float, width: float) -> None:
    """The keys in rows from (x, y), above the plot, so that they never cover data."""
    for r, row in enumerate(_legend_rows(keys, width)):
        at = x
        middle = y + 9 + 18 * r
        for key, size in row:
            if key.hatch is not None:
                canvas.add(
                    f'<rect x="{_n(at)}" y="{_n(middle - 6)}" width="22" height="12" '
                    f'fill="{canvas.fill(key.colour, key.hatch)}" stroke="{key.colour}"/>'
                )
            else:
                dashes = {"stroke_dasharray": key.dashes} if key.dashes else {}
                canvas.line(at, middle, at + 22, middle, key.colour, stroke_width=2, **dashes)
                if key.marker:
                    canvas.add(_marker(key.marker, at + 11, middle, 3.5, key.colour))
            canvas.text(at + 28, middle, key.label, size=_SMALL + 1)
            at += size


def _marker(
    kind: str,
    x: float,
    y: float,
    r: float,
    colour: str,
    hollow: bool = False,
    *,
    point: bool = False,
) -> str:
    """A marker of `kind` (circle, square, triangle, diamond, ...) centred on (x, y); a
    data `point` (not a legend's) is marked so. A plus and a cross are strokes, never filled."""
    mark = ' class="point"' if point else ""
    if kind in ("plus", "cross"):
        d = r * (1.0 if kind == "plus" else 0.8)
        if kind == "plus":
            path = f"M{_n(x - d)},{_n(y)}H{_n(x + d)}M{_n(x)},{_n(y - d)}V{_n(y + d)}"
        else:
            path = (
                f"M{_n(x - d)},{_n(y - d)}L{_n(x + d)},{_n(y + d)}"
                f"M{_n(x - d)},{_n(y + d)}L{_n(x + d)},{_n(y - d)}"
            )
        return f'<path d="{path}" stroke="{colour}" stroke-width="2" fill="none"{mark}/>'
    fill = "#ffffff" if hollow else colour
    style = f'{mark} fill="{fill}" stroke="{colour}" stroke-width="1.3"'
    if kind == "circle":
        return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}"{style}/>'
    shapes = {
        "square": [(-0.85, -0.85), (0.85, -0.85), (0.85, 0.85), (-0.85, 0.85)],
        "triangle": [(0, -1.15), (1.05, 0.75), (-1.05, 0.75)],
        "triangle-down": [(0, 1.15), (1.05, -0.75), (-1.05, -0.75)],
        "diamond": [(0, -1.2), (1.0, 0), (0, 1.2), (-1.0, 0)],
    }
    points = " ".join(f"{_n(x + dx * r)},{_n(y + dy * r)}" for dx, dy in shapes[kind])
    return f'<polygon points="{points}"{style}/>'


def _y_axis(
    canvas: _Canvas, axis: _Axis, box: _Box, show: Callable[[float], str], label: str
) -> None:
    """Grid lines, tick labels and the label of a vertical number axis on the box's left."""
    for tick in axis.ticks:
        y = axis(tick)
        canvas.line(box.left, y, box.right, y, _RULE)
        canvas.text(box.left - 6, y, show(tick), anchor="end", fill=_MUTED)
    canvas.line(box.left, box.top, box.left, box.bottom, _INK)
    if label:
        canvas.text(
            13, (box.top + box.bottom) / 2, label, size=_LABEL, anchor="middle", rotate=True
        )


def _x_axis(
    canvas: _Canvas, axis: _Axis, box: _Box, show: Callable[[float], str], label: str
) -> None:
    """Grid lines, tick marks, tick labels and the label of a horizontal number axis below."""
    for tick in axis.ticks:
        x = axis(tick)
        canvas.line(x, box.top, x, box.bottom, _RULE)
        canvas.line(x, box.bottom, x, box.bottom + 4, _INK)
        canvas.text(x, box.bottom + 15, show(tick), anchor="middle", fill=_MUTED)
    canvas.line(box.left, box.bottom, box.right, box.bottom, _INK)
    if label:
        canvas.text(
            (box.left + box.right) / 2, box.bottom + 35, label, size=_LABEL, anchor="middle"
        )


def _ticks_width(ticks: Sequence[float], show: Callable[[float], str]) -> float:
    return max((_text_width(show(t), _TICK) for t in ticks), default=0.0)


def _top(title: str, keys: Sequence[_Key], width: float) -> tuple[float, float]:
    """Where the legend starts and where the plot starts, below the title and the legend."""
    at = 12 + (24 if title else 0)
    legend = _legend_height(keys, width)
    return at, at + legend + (10 if keys else 4)


def _title(canvas: _Canvas, title: str, width: float) -> None:
    if title:
        canvas.text(width / 2, 20, title, size=_TITLE, anchor="middle", bold=True)


def _check_number(value: object, what: str, *, positive: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"{what} should be a number, not {value!r}")
    if positive and value <= 0:
        raise ValueError(f"{what} is {value!r}, but a log scale shows only numbers above 0")
    return float(value)


def _check_limits(
    limits: tuple[float, float], what: str, *, positive: bool = False
) -> tuple[float, float]:
    """`limits` checked: two numbers (above 0 on a log scale), the low below the high."""
    if len(limits) != 2:
        raise ValueError(f"{what} are two numbers, (low, high), not {limits!r}")
    low, high = (_check_number(v, f"a {what[:-1]}", positive=positive) for v in limits)
    if not low < high:
        raise ValueError(f"{what} are (low, high), with the low below the high, not {limits!r}")
    return low, high


def _outside(what: str, limits: tuple[float, float], name: str) -> ValueError:
    """The error for data (`what` says which, and its number) that `limits` leave out."""
    return ValueError(
        f"{what}, outside the {name} {tuple(limits)!r}: give {name} that hold all the data, or none"
    )


def _check_width(width: int) -> int:
    return whole_number(width, "width", at_least=200, what="pixels")


def _lines(*rows: str) -> str:
    return "\n".join(row for row in rows if row)


def _axis_words(
    name: str, label: str, low: float, high: float, show: Callable[[float], str]
) -> str:
    return f"{name} axis: {label + ', ' if label else ''}from {show(low)} to {show(high)}"


# -- bars -------------------------------------------------------------------------------------


def bar_chart(
    categories: Sequence[object],
    values: Sequence[float] | Mapping[str, Sequence[float]],
    *,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "",
    value_labels: bool = False,
    log: bool = False,
    reference: tuple[float, str] | None = None,
    ymax: float | None = None,
    width: int = 560,
    height: int = 300,
    description: str | None = None,
) -> Chart:
    """Vertical bars, one for each category, or a group of bars with several series.

    `values` is one number per category, or a mapping of series names to such lists (drawn
    side by side, each series with its own colour and hatching, named in a legend).
    `value_labels` writes each bar's number on it. Bars start at zero; with `log`, the y axis
    is logarithmic (it says so), and the bars start at its floor, the power of ten below the
    smallest number (a decade below it, when that is a power of ten), so that every bar
    shows. `reference` draws a dashed level line, ``(value, label)``, named in the legend.
    `ymax` makes the y axis reach at least that high (its top is rounded up like any other):
    charts to be compared side by side, given the same `ymax` (their highest bar), share one
    scale. `description` puts words in place of the numbers in the text alternative, where they must
    not be spelled out (before an exercise that asks for them, say).

    >>> chart = bar_chart(["a", "b"], {"first": [1, 2], "second": [3, 0]}, value_labels=True)
    >>> print(chart)
    Bar chart
    x axis: categories; y axis: from 0 to 3
    first: a: 1; b: 2
    second: a: 3; b: 0
    >>> bar_chart(["a", "b"], [1])
    Traceback (most recent call last):
      ...
    ValueError: 2 categories need 2 values, not 1: [1]
    """
    names = [str(c) for c in categories]
    series = dict(values) if isinstance(values, Mapping) else {"": list(values)}
    if not names:
        raise ValueError("a bar chart needs at least one category")
    if not series or len(series) > len(_BAR_STYLES):
        raise ValueError(
            f"a bar chart tells 1 to {len(_BAR_STYLES)} series apart, not {len(series)}"
        )
    checked: dict[str, list[float]] = {}
    for name, numbers in series.items():
        if len(numbers) != len(names):
            raise ValueError(
                f"{len(names)} categories need {len(names)} values, not {len(numbers)}: "
                f"{list(numbers)!r}"
            )
        checked[name] = [_check_number(v, f"the value for {name or 'a bar'!r}") for v in numbers]
        if log and any(v <= 0 for v in checked[name]):
            raise ValueError(f"a log scale shows only numbers above 0, not {list(numbers)!r}")
        if any(v < 0 for v in checked[name]):
            raise ValueError(f"bars show numbers of 0 or more, not {list(numbers)!r}")
    width = _check_width(width)
    every = [v for numbers in checked.values() for v in numbers]
    if reference is not None:
        every.append(_check_number(reference[0], "the reference", positive=log))
    kind: Scale = "log" if log else "linear"
    whole = all(float(v).is_integer() for v in every)
    top_wanted = max(every)
    if ymax is not None:
        top_wanted = max(top_wanted, _check_number(ymax, "ymax", positive=log))
    low, high, ticks = (
        _log_range(min(every), top_wanted, floor_below=True)
        if log
        else _linear_range(0, top_wanted, zero=True, whole=whole)
    )
    keys = [
        _Key(name, colour, hatch) for name, (colour, hatch) in zip(checked, _BAR_STYLES) if name
    ]
    if reference is not None:
        keys.append(_Key(reference[1], _INK, None, "5 3"))
    left = 16 + _ticks_width(ticks, _number) + (22 if ylabel else 0)
    legend_at, top = _top(title, keys, width - left)
    if value_labels:
        top += 8
    box = _Box(left, top, width - 12, height - (46 if xlabel else 28))
    canvas = _Canvas()
    _title(canvas, title, width)
    _legend(canvas, keys, left, legend_at, width - left)
    y = _Axis(low, high, box.bottom, box.top, kind, ticks)
    _y_axis(canvas, y, box, _number, _scale_label(ylabel, kind))
    band = (box.right - box.left) / len(names)
    bar = band * 0.78 / len(checked)
    for i, name in enumerate(names):
        centre = box.left + band * (i + 0.5)
        canvas.text(centre, box.bottom + 15, name, anchor="middle", fill=_MUTED)
        for s, (numbers, (colour, hatch)) in enumerate(zip(checked.values(), _BAR_STYLES)):
            x = centre - bar * len(checked) / 2 + bar * s
            top_y = y(numbers[i])
            canvas.add(
                f'<rect class="bar" x="{_n(x + 0.5)}" y="{_n(top_y)}" width="{_n(bar - 1)}" '
                f'height="{_n(box.bottom - top_y)}" fill="{canvas.fill(colour, hatch)}"/>'
            )
            if value_labels:
                size = _SMALL if len(checked) == 1 else _SMALL - 1
                canvas.text(x + bar / 2, top_y - 7, _number(numbers[i]), size=size, anchor="middle")
    if reference is not None:
        canvas.line(
            box.left, y(reference[0]), box.right, y(reference[0]), _INK, stroke_dasharray="5 3"
        )
    if xlabel:
        canvas.text(
            (box.left + box.right) / 2, box.bottom + 35, xlabel, size=_LABEL, anchor="middle"
        )
    data = [
        (f"{name}: " if name else "")
        + "; ".join(f"{c}: {_number(v)}" for c, v in zip(names, numbers))
        for name, numbers in checked.items()
    ]
    text = _lines(
        f"Bar chart{': ' + title if title else ''}",
        f"x axis: {xlabel or 'categories'}; "
        + _axis_words("y", _scale_label(ylabel, kind) if log else ylabel, low, high, _number),
        *([description] if description is not None else data),
        f"reference line, {reference[1]}: {_number(reference[0])}" if reference else "",
    )
    return canvas.finish(width, height, text)


def hbar_chart(
    values: Mapping[str, float | None],
    *,
    title: str = "",
    xlabel: str = "",
    log: bool = False,
    limits: tuple[float, float] | None = None,
    percent: bool = False,
    value_labels: bool = True,
    reference: tuple[float, str] | None = None,
    missing: str = "not measured",
    width: int = 560,
) -> Chart:
    """Horizontal bars, one row per label, top to bottom, with each number written at its end.

    A value of ``None`` gets no bar, only the word `missing`. Bars start at zero; with `log`
    the x axis is logarithmic (it says so) and the bars start at its left end, the power of
    ten below the smallest number (a decade below, when that is a power of ten). `limits`,
    ``(low, high)``, fixes the axis's ends; every value and the reference must lie within
    them (on a log scale, above the low end, where the bars start), since a bar cut short
    would tell a wrong number. `percent` writes the numbers as percentages (of 1, the bars'
    own to a tenth of a percent), and `reference` draws a dashed line, ``(value, label)``,
    named in a legend above the bars.

    >>> print(hbar_chart({"plain": 549_946, "memo": 4_520}, log=True, xlabel="positions"))
    Horizontal bar chart
    x axis: positions (log scale), from 1,000 to 1,000,000
    plain: 549,946
    memo: 4,520
    >>> hbar_chart({"b": 50}, limits=(0, 10))
    Traceback (most recent call last):
      ...
    ValueError: the value for 'b' is 50, outside the limits (0, 10): give limits that hold ...
    """
    if not values:
        raise ValueError("a bar chart needs at least one bar")
    width = _check_width(width)
    numbers = {
        label: None if v is None else _check_number(v, f"the value for {label!r}", positive=log)
        for label, v in values.items()
    }
    if any(v is not None and v < 0 for v in numbers.values()):
        raise ValueError(f"bars show numbers of 0 or more, not {dict(values)!r}")
    given = [v for v in numbers.values() if v is not None] or [1.0]
    if reference is not None:
        given.append(_check_number(reference[0], "the reference", positive=log))
    kind: Scale = "log" if log else "linear"
    if limits is not None:
        low, high = _check_limits(limits, "limits", positive=log)
        for label, v in numbers.items():
            if v is not None and not low <= v <= high:
                raise _outside(f"the value for {label!r} is {values[label]!r}", limits, "limits")
            if v is not None and log and v == low:
                raise ValueError(
                    f"the value for {label!r} is {values[label]!r}, but on a log scale the bars "
                    f"start at the lower limit, {limits[0]!r}, and would not show: give values "
                    "above the lower limit, or a lower one"
                )
        if reference is not None and not low <= reference[0] <= high:
            raise _outside(f"the reference is {reference[0]!r}", limits, "limits")
        ticks = _log_range(low, high)[2] if log else _linear_range(low, high)[2]
        ticks = tuple(t for t in ticks if low <= t <= high)
    elif log:
        low, high, ticks = _log_range(min(given), max(given), floor_below=True)
    else:
        low, high, ticks = _linear_range(0, max(given), zero=True)
    show: Callable[[float], str] = (lambda v: _percent(v)) if percent else _number
    written = {
        label: missing if v is None else (f"{v:.1%}" if percent else _number(v))
        for label, v in numbers.items()
    }
    keys = [_Key(reference[1], _INK, None, "5 3")] if reference else []
    left = 14 + max(_text_width(label, _TICK) for label in numbers)
    right = (
        width
        - 14
        - (max(_text_width(w, _SMALL) for w in written.values()) + 6 if value_labels else 0)
    )
    legend_at, top = _top(title, keys, width - left)
    row = 24
    box = _Box(left, top, right, top + row * len(numbers))
    height = box.bottom + (46 if xlabel else 28)
    canvas = _Canvas()
    _title(canvas, title, width)
    _legend(canvas, keys, left, legend_at, width - left)
    x = _Axis(low, high, box.left, box.right, kind, ticks)
    label = _scale_label(xlabel, kind)
    _x_axis(canvas, x, box, show, label)
    ends = {}
    for i, (name, value) in enumerate(numbers.items()):
        middle = box.top + row * (i + 0.5)
        canvas.text(box.left - 6, middle, name, anchor="end")
        ends[name] = box.left if value is None else x(value)
        if value is not None:
            canvas.add(
                f'<rect class="bar" x="{_n(box.left)}" y="{_n(middle - row * 0.36)}" '
                f'width="{_n(ends[name] - box.left)}" height="{_n(row * 0.72)}" '
                f'fill="{PALETTE["blue"]}"/>'
            )
    canvas.line(box.left, box.top, box.left, box.bottom, _INK)
    if reference is not None:  # over the bars, under the numbers
        at = x(reference[0])
        canvas.line(
            at,
            box.top - 4,
            at,
            box.bottom,
            _INK,  # (dark, as bar_chart's: it stands out on the bars as on the white)
            stroke_width=1.5,
            stroke_dasharray="5 3",
        )
    for i, (name, value) in enumerate(numbers.items()):
        if value_labels or value is None:
            middle = box.top + row * (i + 0.5)
            canvas.text(ends[name] + 5, middle, written[name], size=_SMALL, halo="#ffffff")
    text = _lines(
        f"Horizontal bar chart{': ' + title if title else ''}",
        _axis_words("x", label, low, high, show),
        *(f"{name}: {written[name]}" for name in numbers),
        f"reference line, {reference[1]}: {show(reference[0])}" if reference else "",
    )
    return canvas.finish(width, height, text)


# Wins, draws and losses: colour, hatching, and the colour of the numbers written on them.
_RESULT_STYLES = (
    (PALETTE["blue"], "", "#ffffff"),
    (PALETTE["grey"], "..", "#000000"),
    (PALETTE["vermillion"], "//", "#ffffff"),
)
_SHOWN_FROM = 0.06  # shares narrower than this get no number written on them


def results_chart(
    results: Mapping[str, Sequence[float]],
    *,
    title: str = "",
    parts: Sequence[str] = ("wins", "draws", "losses"),
    width: int = 620,
) -> Chart:
    """One horizontal bar per label, split into wins, draws and losses as shares of its games.

    `results` maps each bar's label to its three counts (wins, draws, losses), top bar first.
    Each bar is scaled to its own total, so 50 games and 1,000 games can stand side by side.
    `parts` names the three parts in the legend (say, ``("human wins", "draws", "computer
    wins")``). Wins are blue, draws grey and dotted, losses vermillion and striped, and each
    share of 6% or more is written on its bar; the text alternative gives every count.

    >>> chart = results_chart({"offensive": (813, 145, 42), "human": (12, 27, 11)}, title="X")
    >>> print(chart)
    Results chart: X
    each bar is one player's games, split into shares: wins, draws, losses
    offensive: 813 wins (81%), 145 draws (14%), 42 losses (4%), of 1,000 games
    human: 12 wins (24%), 27 draws (54%), 11 losses (22%), of 50 games
    >>> [s for s in (">81%<", ">14%<", ">4%<") if s in chart.svg]  # 4% is too thin to write
    ['>81%<', '>14%<']
    >>> results_chart({"nobody": (0, 0, 0)})
    Traceback (most recent call last):
      ...
    ValueError: the results for 'nobody' add up to no games; give (wins, draws, losses) counts
    """
    rows = {label: _shares(label, counts) for label, counts in results.items()}
    if len(parts) != 3:
        raise ValueError(
            f"parts names the wins, the draws and the losses: three names, not {parts!r}"
        )
    if not rows:
        raise ValueError("results_chart needs at least one label with its (wins, draws, losses)")
    width = _check_width(width)
    keys = [_Key(part, colour, hatch) for part, (colour, hatch, _) in zip(parts, _RESULT_STYLES)]
    left = 14 + max(_text_width(label, _TICK) for label in rows)
    legend_at, top = _top(title, keys, width - left)
    row = 26
    box = _Box(left, top, width - 18, top + row * len(rows))
    canvas = _Canvas()
    _title(canvas, title, width)
    _legend(canvas, keys, left, legend_at, width - left)
    x = _Axis(0, 1, box.left, box.right, "linear", (0, 0.2, 0.4, 0.6, 0.8, 1))
    _x_axis(canvas, x, box, _percent, "")
    for i, (label, shares) in enumerate(rows.items()):
        middle = box.top + row * (i + 0.5)
        canvas.text(box.left - 6, middle, label, anchor="end")
        start = 0.0
        for share, (colour, hatch, ink) in zip(shares, _RESULT_STYLES):
            x1, x2 = x(start), x(start + share)
            canvas.add(
                f'<rect class="bar" x="{_n(x1)}" y="{_n(middle - row * 0.38)}" '
                f'width="{_n(x2 - x1)}" '
                f'height="{_n(row * 0.76)}" fill="{canvas.fill(colour, hatch)}" '
                'stroke="#ffffff" stroke-width="1"/>'
            )
            if share >= _SHOWN_FROM:
                canvas.text(
                    (x1 + x2) / 2,
                    middle,
                    f"{share:.0%}",
                    size=_SMALL,
                    anchor="middle",
                    fill=ink,
                    bold=True,
                    halo=colour,
                )
            start += share
    canvas.line(box.left, box.top, box.left, box.bottom, _INK)
    described = []
    for label, counts in results.items():
        total = sum(counts)
        described.append(
            f"{label}: "
            + ", ".join(f"{_number(n)} {part} ({n / total:.0%})" for n, part in zip(counts, parts))
            + f", of {_number(total)} games"
        )
    text = _lines(
        f"Results chart{': ' + title if title else ''}",
        f"each bar is one player's games, split into shares: {', '.join(parts)}",
        *described,
    )
    return canvas.finish(width, box.bottom + 28, text)


def _shares(label: str, counts: Sequence[float]) -> tuple[float, float, float]:
    if len(counts) != 3:
        raise ValueError(
            f"the results for {label!r} should be three counts (wins, draws, losses), "
            f"not {counts!r}"
        )
    if any(
        isinstance(n, bool) or not isinstance(n, (int, float)) or n < 0 or not math.isfinite(n)
        for n in counts
    ):
        raise ValueError(f"the results for {label!r} should be counts of 0 or more, not {counts!r}")
    total = sum(counts)
    if total == 0:
        raise ValueError(
            f"the results for {label!r} add up to no games; give (wins, draws, losses) counts"
        )
    wins, draws, losses = (n / total for n in counts)
    return wins, draws, losses


def wins_by_length_chart(
    match: MatchResult, *, title: str | None = None, ymax: float | None = None, width: int = 560
) -> Chart:
    """Bars of each player's wins by how many of its own moves they took (3, 4, 5, ...).

    The first player's bars are blue and plain, the second's orange and striped; each bar has
    its count on top. The title says who played and how many games were drawn, unless
    `title` is given. `ymax` is :func:`bar_chart`'s: charts of several matches given the same
    one share a scale.

    >>> from tictac.play.levels import make_player
    >>> from tictac.players.tournament import play_match
    >>> match = play_match(make_player("novice"), make_player("random"), games=50, seed=3)
    >>> print(wins_by_length_chart(match))
    Bar chart: novice vs random: 50 games, 6 draws
    x axis: moves the winner made; y axis: games won, from 0 to 15
    novice: 3: 10; 4: 12; 5: 4
    random: 3: 5; 4: 7; 5: 6
    """
    players = (match.first, match.second)
    lengths = sorted({n for p in players for n in match.wins_by_length(p)}) or [3, 4, 5]
    series = {
        player: [match.wins_by_length(player).get(n, 0) for n in lengths] for player in players
    }
    if title is None:
        title = f"{match.first} vs {match.second}: {len(match.games)} games, {match.draws()} draws"
    return bar_chart(
        lengths,
        series,
        title=title,
        xlabel="moves the winner made",
        ylabel="games won",
        value_labels=True,
        ymax=ymax,
        width=width,
    )


# -- intervals --------------------------------------------------------------------------------

_HIT, _MISS = PALETTE["blue"], PALETTE["vermillion"]


def interval_chart(
    counts: Mapping[str, tuple[int, int]],
    *,
    truth: float | None = None,
    xlabel: str = "rate",
    title: str = "",
    limits: tuple[float, float] | None = None,
    reference: tuple[float, str] | None = None,
    width: int = 560,
) -> Chart:
    """Rates with their 95% Wilson intervals, one row per label, top to bottom.

    `counts` maps a label to ``(successes, trials)``; each row shows the rate as a dot and the
    interval as a line. With `truth`, a dashed line marks the true rate, and an interval that
    misses it is drawn in vermillion, thicker, with a hollow dot (the title counts them). With
    many rows (more than 30) the labels are left out, and the text alternative lists only the
    intervals that miss. `limits` fixes the ends of the axis (shares of 1); `reference`,
    ``(value, label)``, marks another rate with a dotted line and its label.

    >>> chart = interval_chart({"a": (30, 100), "b": (60, 100)}, truth=0.5)
    >>> print(chart)
    Interval chart: 2 intervals, 2 miss the true rate
    x axis: rate, from 20% to 70%; true rate: 50% (dashed line)
    a: 30 of 100 (30%), 95% interval 22% to 40%, misses the true rate
    b: 60 of 100 (60%), 95% interval 50% to 69%, misses the true rate
    """
    if not counts:
        raise ValueError("an interval chart needs at least one (successes, trials) pair")
    width = _check_width(width)
    rows: dict[str, tuple[float, float, float, bool]] = {}
    for label, pair in counts.items():
        if len(pair) != 2:
            raise ValueError(
                f"the counts for {label!r} should be (successes, trials), not {pair!r}"
            )
        successes, trials = pair
        low, high = wilson_interval(successes, trials)
        if trials == 0:
            raise ValueError(
                f"the counts for {label!r} have no trials, so there is no rate to draw; "
                f"give (successes, trials) with 1 trial or more, not {pair!r}"
            )
        missed = truth is not None and not low <= truth <= high
        rows[str(label)] = (successes / trials, low, high, missed)
    misses = sum(r[3] for r in rows.values())
    if truth is not None and not title:
        title = f"{len(rows)} intervals, {misses} miss the true rate"
    marks = [v for r in rows.values() for v in r[1:3]]
    marks += [v for v in (truth, reference[0] if reference else None) if v is not None]
    if limits is not None:
        low, high = (_check_number(v, "a limit") for v in limits)
        ticks = tuple(t for t in _linear_range(low, high)[2] if low - 1e-9 <= t <= high + 1e-9)
    else:
        low, high, ticks = _linear_range(max(0.0, min(marks)), min(1.0, max(marks)))
    step = ticks[1] - ticks[0] if len(ticks) > 1 else 0.1

    def show(value: float) -> str:
        return _percent(value, step)

    many = len(rows) > 30
    left = 16 if many else 14 + max(_text_width(label, _TICK) for label in rows)
    _, top = _top(title, [], width)
    if reference is not None or truth is not None:
        top += 14
    row = max(4.0, 480 / len(rows)) if many else 22.0
    box = _Box(left, top, width - 18, top + row * len(rows))
    canvas = _Canvas()
    _title(canvas, title, width)
    x = _Axis(low, high, box.left, box.right, "linear", ticks)
    _x_axis(canvas, x, box, show, xlabel)
    clip = canvas.clip(_Box(box.left - 5, box.top - 2, box.right + 5, box.bottom + 2))
    for at, label, dashes in (
        (truth, "true rate", "5 3"),
        (reference[0] if reference else None, reference[1] if reference else "", "1.5 2.5"),
    ):
        if at is not None and low <= at <= high:
            canvas.line(x(at), box.top - 4, x(at), box.bottom, "#333333", stroke_dasharray=dashes)
            canvas.text(x(at), box.top - 10, label, size=_SMALL, anchor="middle", fill="#333333")
    r = 3.0 if not many else min(3.0, row / 2)
    for i, (label, (rate, lo, hi, missed)) in enumerate(rows.items()):
        middle = box.top + row * (i + 0.5)
        if not many:
            canvas.text(box.left - 6, middle, label, anchor="end")
        colour = _MISS if missed else _HIT
        canvas.add(f'<g clip-path="{clip}">')
        canvas.line(x(lo), middle, x(hi), middle, colour, stroke_width=2.4 if missed else 1.6)
        canvas.add(
            _marker("circle", x(rate), middle, r, colour, hollow=missed, point=True) + "</g>"
        )
    canvas.line(box.left, box.top, box.left, box.bottom, _INK)

    def described(label: str, rate: float, lo: float, hi: float, missed: bool) -> str:
        successes, trials = counts[label]
        verdict = ", misses the true rate" if missed else ""
        return (
            f"{label}: {_number(successes)} of {_number(trials)} ({rate:.0%}), 95% interval "
            f"{lo:.0%} to {hi:.0%}{verdict}"
        )

    listed = [described(label, *row) for label, row in rows.items() if row[3] or not many]
    text = _lines(
        f"Interval chart{': ' + title if title else ''}",
        _axis_words("x", xlabel, low, high, show)
        + (f"; true rate: {show(truth)} (dashed line)" if truth is not None else "")
        + (f"; {reference[1]}: {show(reference[0])} (dotted line)" if reference else ""),
        f"{len(rows)} rows; the {len(listed)} that miss:" if many else "",
        *listed,
    )
    return canvas.finish(width, box.bottom + (46 if xlabel else 28), text)


# -- lines ------------------------------------------------------------------------------------

Points = Sequence[tuple[float, float]]


def line_chart(
    lines: Mapping[str, Points],
    *,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "",
    x_scale: Scale = "linear",
    xticks: Sequence[float] | None = None,
    ylim: tuple[float, float] | None = None,
    percent: bool = False,
    intervals: Mapping[str, Sequence[tuple[float, float]]] | None = None,
    guides: Sequence[float] = (),
    legend: bool = False,
    end_labels: Mapping[str, str] | None = None,
    groups: Mapping[str, str] | None = None,
    colours: Mapping[str, str] | None = None,
    markers: bool | None = None,
    width: int = 560,
    height: int = 320,
) -> Chart:
    """Lines through points ``(x, y)``, one per label, each with its colour, dash and marker.

    Each line's label is written after its end, at the end's height (`end_labels` may give
    other text), or with `legend` in a legend above the plot. Where end labels would overlap
    they are moved apart as little as they can be, and then every label is joined to its
    line's end by a thin line of the line's colour. `x_scale` is
    ``"linear"``, ``"log"`` or ``"symlog"`` (even up to 100, logarithmic beyond), and the axis
    label says so; `xticks` chooses the ticks. `ylim`, ``(low, high)``, fixes the y axis's
    ends, and must hold every point, whisker and guide. `percent` writes the y axis as
    percentages (of 1). `intervals` gives some lines a ``(low, high)`` whisker at each
    point, `guides` draws thin grey level lines, and `groups` gives lines of the same group
    one look (each group its colour, dash and marker). `colours` chooses a group's look (a
    line's, without groups) by the name of its colour in :data:`PALETTE`: the look of
    :data:`LINE_STYLES` in that colour, its dash and marker with it; the groups it does not
    name take the other looks in order. Markers are drawn on lines of 60
    points or fewer unless `markers` says otherwise. A point with a NaN y is left out (the
    line breaks).

    >>> chart = line_chart({"slow": [(0, 0.2), (10, 0.5)], "fast": [(0, 0.4), (10, 0.9)]},
    ...                    xlabel="games", percent=True)
    >>> print(chart)
    Line chart
    x axis: games, from 0 to 10
    y axis: from 20% to 100%
    slow (blue, solid, circles): 0: 20%; 10: 50%
    fast (orange, dashed, squares): 0: 40%; 10: 90%
    >>> line_chart({"a": [(0, 1)]}, x_scale="log")
    Traceback (most recent call last):
      ...
    ValueError: the x of 'a''s point 1 is 0, but a log scale shows only numbers above 0
    """
    if not lines:
        raise ValueError("a line chart needs at least one line")
    width = _check_width(width)
    if x_scale not in ("linear", "log", "symlog"):
        raise ValueError(f'x_scale is "linear", "log" or "symlog", not {x_scale!r}')
    group_of = {label: (groups or {}).get(label, label) for label in lines}
    order = list(dict.fromkeys(group_of.values()))
    if len(order) > len(LINE_STYLES):
        raise ValueError(
            f"a chart tells at most {len(LINE_STYLES)} lines apart, not {len(order)}; "
            "draw them on two charts"
        )
    look_of = _chosen_looks(order, colours or {})
    style = {label: look_of[group_of[label]] for label in lines}
    points: dict[str, list[tuple[float, float]]] = {}
    for label, given in lines.items():
        if not given:
            raise ValueError(f"the line {label!r} has no points")
        points[label] = []
        for i, (px, py) in enumerate(given, start=1):
            fx = _check_number(px, f"the x of {label!r}'s point {i}", positive=x_scale == "log")
            if x_scale == "symlog" and fx < 0:
                raise ValueError(
                    f"the x of {label!r}'s point {i} is {px!r}; this scale starts at 0"
                )
            fy = (
                math.nan
                if isinstance(py, float) and math.isnan(py)
                else _check_number(py, f"the y of {label!r}'s point {i}")
            )
            points[label].append((fx, fy))
    whiskers = {label: list(w) for label, w in (intervals or {}).items()}
    for label, w in whiskers.items():
        if label not in points or len(w) != len(points[label]):
            raise ValueError(
                f"the intervals of {label!r} need one (low, high) per point of its line"
            )
    xs = [p[0] for ps in points.values() for p in ps]
    ys = [p[1] for ps in points.values() for p in ps if not math.isnan(p[1])]
    ys += [v for w in whiskers.values() for pair in w for v in pair] + list(guides)
    if not ys:
        raise ValueError("every point has a NaN y: there is nothing to draw")
    if x_scale == "log":
        xlow, xhigh, xt = _log_range(min(xs), max(xs))
    elif x_scale == "symlog":
        xlow, xhigh = 0.0, max(max(xs), _SYMLOG_AT * 2)
        powers = range(2, 1 + math.floor(math.log10(xhigh) + 1e-9))
        xt = (0, *(_tidy(10.0**k) for k in powers))
    else:
        xlow, xhigh, xt = _linear_range(min(xs), max(xs))
    if xticks is not None:
        xt = tuple(xticks)
        xlow, xhigh = min(xlow, *xt), max(xhigh, *xt)
    if ylim is not None:
        ylow, yhigh = _check_limits(ylim, "y limits")
        for label, ps in points.items():
            for i, (_, py) in enumerate(ps, start=1):
                if not math.isnan(py) and not ylow <= py <= yhigh:
                    what = f"the y of {label!r}'s point {i} is {lines[label][i - 1][1]!r}"
                    raise _outside(what, ylim, "y limits")
        for label, w in whiskers.items():
            for i, pair in enumerate(w, start=1):
                for v in pair:
                    if not ylow <= v <= yhigh:
                        what = f"the interval of {label!r}'s point {i} reaches {v!r}"
                        raise _outside(what, ylim, "y limits")
        for level in guides:
            if not ylow <= level <= yhigh:
                raise _outside(f"a level line is at {level!r}", ylim, "y limits")
        yt = tuple(t for t in _linear_range(ylow, yhigh)[2] if ylow - 1e-9 <= t <= yhigh + 1e-9)
    else:
        ylow, yhigh, yt = _linear_range(min(ys), max(ys))
    ystep = yt[1] - yt[0] if len(yt) > 1 else 1.0
    yshow: Callable[[float], str] = (lambda v: _percent(v, ystep)) if percent else _number
    xshow: Callable[[float], str] = _number
    words = dict(end_labels or {})
    written = {label: words.get(label, label) for label in lines}
    keys = (
        [_Key(g, look_of[g].colour, None, look_of[g].dashes, look_of[g].marker) for g in order]
        if legend
        else []
    )
    left = 16 + _ticks_width(yt, yshow) + (22 if ylabel else 0)
    legend_at, top = _top(title, keys, width - left)
    bottom = height - (46 if xlabel else 28)
    y = _Axis(ylow, yhigh, bottom, top + 4, "linear", yt)
    ends = {  # where each line ends: its last point with a y
        label: last[-1] for label, ps in points.items() if (last := _drawn(ps))
    }
    labelled = (
        {} if legend else _spread({k: y(py) for k, (_, py) in ends.items()}, 13, top + 4, bottom)
    )
    joined = any(abs(labelled[k] - y(ends[k][1])) > 0.5 for k in labelled)
    gap = _LEADER if joined else 8  # from the plot's right edge to the labels
    right = 16.0 if legend else gap + 6 + max(_text_width(t, _SMALL) for t in written.values())
    right = max(right, _text_width(xshow(xt[-1]), _TICK) / 2 + 4)  # room for the last tick
    box = _Box(left, top + 4, width - right, bottom)
    canvas = _Canvas()
    _title(canvas, title, width)
    _legend(canvas, keys, left, legend_at, width - left)
    x = _Axis(xlow, xhigh, box.left, box.right, x_scale, xt)
    _y_axis(canvas, y, box, yshow, ylabel)
    xlabel_shown = _scale_label(xlabel, x_scale)
    _x_axis(canvas, x, box, xshow, xlabel_shown)
    for level in guides:
        canvas.line(box.left, y(level), box.right, y(level), _GUIDE, stroke_width=1)
    clip = canvas.clip(_Box(box.left - 6, box.top - 6, box.right + 6, box.bottom + 6))
    canvas.add(f'<g clip-path="{clip}">')
    for label, ps in points.items():
        s = style[label]
        path, pen_down = [], False
        for px, py in ps:
            if math.isnan(py):
                pen_down = False
                continue
            path.append(f"{'L' if pen_down else 'M'}{_n(x(px))},{_n(y(py))}")
            pen_down = True
        dash = f' stroke-dasharray="{s.dashes}"' if s.dashes else ""
        canvas.add(
            f'<path class="line" d="{"".join(path)}" fill="none" stroke="{s.colour}" '
            'stroke-width="2"'
            f' stroke-linejoin="round"{dash}/>'
        )
        for (px, _), (lo, hi) in zip(ps, whiskers.get(label, [])):
            canvas.line(x(px), y(lo), x(px), y(hi), s.colour, stroke_width=1.3)
            for v in (lo, hi):
                canvas.line(x(px) - 3.5, y(v), x(px) + 3.5, y(v), s.colour, stroke_width=1.3)
        if markers if markers is not None else len(ps) <= 60:
            for px, py in ps:
                if not math.isnan(py):
                    canvas.add(_marker(s.marker, x(px), y(py), 3.2, s.colour, point=True))
    canvas.add("</g>")
    for label, at in labelled.items():
        if joined:  # a thin line from the line's end to its label
            end_x, end_y = x(ends[label][0]), y(ends[label][1])
            canvas.add(
                f'<line class="leader" x1="{_n(end_x + 5)}" y1="{_n(end_y)}" '
                f'x2="{_n(box.right + gap - 3)}" y2="{_n(at)}" stroke="{style[label].colour}" '
                'stroke-width="1"/>'
            )
        canvas.text(box.right + gap, at, written[label], size=_SMALL, fill=_INK)
    described = []
    for label, ps in points.items():
        s = style[label]
        colour = _COLOUR_NAMES.get(s.colour, s.colour)
        look = f"{colour}, {_DASH_NAMES[s.dashes]}, {_MARKERS[s.marker]}"
        shown = _sample(range(len(ps)), 12)
        whisk = whiskers.get(label)
        values = "; ".join(
            f"{xshow(ps[i][0])}: {yshow(ps[i][1]) if not math.isnan(ps[i][1]) else 'no value'}"
            + (f" ({yshow(whisk[i][0])} to {yshow(whisk[i][1])})" if whisk else "")
            for i in shown
        )
        more = f" ({len(ps):,} points, {len(shown)} shown)" if len(shown) < len(ps) else ""
        name = written[label]
        described.append(f"{name} ({look}){more}: {values}")
    text = _lines(
        f"Line chart{': ' + title if title else ''}",
        _axis_words("x", xlabel_shown, xlow, xhigh, xshow),
        _axis_words("y", ylabel, ylow, yhigh, yshow),
        *described,
        f"grey level lines at {', '.join(yshow(g) for g in guides)}" if guides else "",
        "whiskers: 95% intervals" if whiskers else "",
    )
    return canvas.finish(width, height, text)


_COLOUR_NAMES = {colour: name for name, colour in PALETTE.items()}
_DASH_NAMES = {"": "solid", "7 3": "dashed", "9 3 2 3": "dash-dotted", "2 2.5": "dotted"}
_MARKERS = {  # the markers' names in the text alternative
    "circle": "circles",
    "square": "squares",
    "triangle": "triangles",
    "diamond": "diamonds",
    "triangle-down": "triangles pointing down",
    "plus": "pluses",
    "cross": "crosses",
}
_LEADER = 24  # from the plot's right edge to end labels joined to their lines


def _chosen_looks(order: Sequence[str], colours: Mapping[str, str]) -> dict[str, LineStyle]:
    """Each group's look: the one of :data:`LINE_STYLES` in the colour `colours` names for
    it, else the first look no group has taken.

    >>> looks = _chosen_looks(["win", "draw", "loss"], {"loss": "vermillion"})
    >>> [(group, look.colour, look.marker) for group, look in looks.items()]
    [('win', '#0072B2', 'circle'), ('draw', '#BD8300', 'square'), ('loss', '#B65000', 'diamond')]
    """
    by_name = {_COLOUR_NAMES[look.colour]: look for look in LINE_STYLES}
    chosen: dict[str, LineStyle] = {}
    for group, name in colours.items():
        if group not in order:
            raise ValueError(f"colours names {group!r}, which is not one of the lines or groups")
        if name not in by_name:
            raise ValueError(f"a line's colour is one of {', '.join(by_name)}, not {name!r}")
        if by_name[name] in chosen.values():
            raise ValueError(f"two groups cannot both be {name}: they would look alike")
        chosen[group] = by_name[name]
    free = iter(look for look in LINE_STYLES if look not in chosen.values())
    return {group: chosen[group] if group in chosen else next(free) for group in order}


def _drawn(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """The points of a line that are drawn: those with a y."""
    return [p for p in points if not math.isnan(p[1])]


def _sample(indices: range, most: int) -> list[int]:
    """At most `most` of `indices`, evenly spread, the first and the last among them."""
    if len(indices) <= most:
        return list(indices)
    return sorted({indices[round(i * (len(indices) - 1) / (most - 1))] for i in range(most)})


def _spread(wanted: Mapping[str, float], gap: float, top: float, bottom: float) -> dict[str, float]:
    """Label heights as near `wanted` as they can be, at least `gap` apart, within the box.

    >>> _spread({"a": 50, "b": 52, "c": 200}, 10, 0, 100)
    {'a': 46.0, 'b': 56.0, 'c': 100}
    """
    order = sorted(wanted, key=lambda k: wanted[k])
    placed: dict[str, float] = {}
    # Pull the labels apart in clusters, each centred on the mean of what its labels want.
    clusters: list[list[str]] = []
    for label in order:
        clusters.append([label])
        while len(clusters) > 1:
            a, b = clusters[-2], clusters[-1]
            a_end = _centre(a, wanted) + gap * (len(a) - 1) / 2
            b_start = _centre(b, wanted) - gap * (len(b) - 1) / 2
            if b_start - a_end >= gap:
                break
            clusters[-2:] = [a + b]
    for cluster in clusters:
        start = _centre(cluster, wanted) - gap * (len(cluster) - 1) / 2
        for i, label in enumerate(cluster):
            placed[label] = start + gap * i
    # then keep them inside the box
    for label in order:
        placed[label] = min(max(placed[label], top), bottom)
    return {label: placed[label] for label in wanted}


def _centre(cluster: Sequence[str], wanted: Mapping[str, float]) -> float:
    return sum(wanted[k] for k in cluster) / len(cluster)


class _Measured(Protocol):
    """A point of a learning curve (:class:`tictac.learning.learners.CurvePoint` and the like)."""

    @property
    def games(self) -> int: ...

    @property
    def met(self) -> Any: ...

    @property
    def all(self) -> Any: ...


def learning_curve_chart(
    curves: Mapping[str, Sequence[_Measured]],
    *,
    measure: str = "all",
    title: str = "",
    width: int = 620,
) -> Chart:
    """Learning curves: each learner's optimal share as its training grows, one line each.

    `curves` maps a label to the points of a curve (such as
    :func:`tictac.learning.learners.learning_curve` returns), in order of games. `measure` is
    ``"all"`` (the share of all the positions measured) or ``"met"`` (of those the learner's
    side can meet). The games are on a scale that is even up to 100 and logarithmic beyond,
    so that short and long training both show. Each line has its own colour, dash and
    marker, and its label and last share written at its end.

    >>> from tictac.learning.learners import Share
    >>> from collections import namedtuple
    >>> Point = namedtuple("Point", "games met all")
    >>> print(learning_curve_chart({"a": [Point(0, Share(1, 4), Share(1, 4)),
    ...                                   Point(100, Share(3, 4), Share(3, 4))]}))
    Line chart
    x axis: games of training (even scale to 100, logarithmic beyond), from 0 to 200
    y axis: optimal share, all positions, from 20% to 80%
    a 75% (blue, solid, circles): 0: 25%; 100: 75%
    >>> learning_curve_chart({"a": []})
    Traceback (most recent call last):
      ...
    ValueError: the curve 'a' has no points; measure a learner at least once
    """
    if measure not in ("all", "met"):
        raise ValueError(
            f'measure is "all" or "met" (the positions its side can meet), not {measure!r}'
        )
    if len(curves) > len(LINE_STYLES):
        raise ValueError(
            f"a chart tells at most {len(LINE_STYLES)} curves apart, not {len(curves)}; "
            "draw them on two charts"
        )
    for label, points in curves.items():
        if not points:
            raise ValueError(f"the curve {label!r} has no points; measure a learner at least once")
    lines = {
        label: [(p.games, getattr(p, measure).fraction) for p in points]
        for label, points in curves.items()
    }
    return line_chart(
        lines,
        title=title,
        xlabel="games of training (even scale to 100, logarithmic beyond)",
        ylabel="optimal share, " + ("all positions" if measure == "all" else "its side's"),
        x_scale="symlog",
        percent=True,
        end_labels={label: f"{label} {points[-1][1]:.0%}" for label, points in lines.items()},
        width=width,
        height=340,
    )


# -- heat maps --------------------------------------------------------------------------------


def heat_map(
    rows: Mapping[str, Sequence[float | None]],
    columns: Sequence[str],
    *,
    title: str = "",
    cell_text: Callable[[float], str] | str = "{:.2f}",
    colours: Sequence[str] = ("#ffffff", PALETTE["blue"]),
    low: float | None = None,
    high: float | None = None,
    log: bool = False,
    xlabel: str = "",
    columns_on_top: bool = False,
) -> Chart:
    """A table of numbers, each written in its cell, the cell shaded by the number.

    `rows` maps each row's label to its numbers, one per column (``None`` leaves a cell
    blank). The shading runs through `colours` from `low` to `high` (by default the smallest
    and the largest number; with `log`, evenly in their logarithms); it only helps the eye,
    the number is written in every cell (`cell_text` is a format, or a function).

    >>> chart = heat_map({"a": [1, 0.5], "b": [None, 0]}, ["x", "y"])
    >>> print(chart)
    Heat map
    columns: x, y
    a: x 1.00, y 0.50
    b: x no value, y 0.00
    """
    if not rows or not columns:
        raise ValueError("a heat map needs at least one row and one column")
    write = cell_text.format if isinstance(cell_text, str) else cell_text
    table: dict[str, list[float | None]] = {}
    for label, numbers in rows.items():
        if len(numbers) != len(columns):
            raise ValueError(
                f"the row {label!r} needs {len(columns)} numbers, one per column, "
                f"not {len(numbers)}"
            )
        table[label] = [
            None if v is None else _check_number(v, f"a number of row {label!r}", positive=log)
            for v in numbers
        ]
    given = [v for numbers in table.values() for v in numbers if v is not None] or [0.0]
    lo = min(given) if low is None else _check_number(low, "low", positive=log)
    hi = max(given) if high is None else _check_number(high, "high", positive=log)
    f: Callable[[float], float] = math.log10 if log else (lambda v: v)
    cell_w = max(58.0, max(_text_width(c, _TICK) for c in columns) + 12)
    cell_h = 30.0
    left = 14 + max(_text_width(label, _TICK) for label in table)
    top = 12 + (24 if title else 0) + (22 if columns_on_top else 0)
    width = left + cell_w * len(columns) + 14
    bottom = top + cell_h * len(table)
    height = bottom + (10 if columns_on_top else 26) + (20 if xlabel else 0)
    width = max(width, _text_width(title, _TITLE) + 24)
    canvas = _Canvas()
    _title(canvas, title, width)
    for c, name in enumerate(columns):
        at = left + cell_w * (c + 0.5)
        canvas.text(at, top - 12 if columns_on_top else bottom + 14, name, anchor="middle")
    for r, (label, numbers) in enumerate(table.items()):
        y = top + cell_h * r
        canvas.text(left - 6, y + cell_h / 2, label, anchor="end")
        for c, value in enumerate(numbers):
            x = left + cell_w * c
            if value is None:  # (a dash says so, as the text alternative's "no value" does)
                canvas.add(
                    f'<rect class="cell" x="{_n(x)}" y="{_n(y)}" width="{_n(cell_w)}" '
                    f'height="{_n(cell_h)}" fill="#ffffff" stroke="#dddddd"/>'
                )
                canvas.text(x + cell_w / 2, y + cell_h / 2, "–", anchor="middle", fill=_MUTED)
                continue
            t = 0.5 if f(hi) == f(lo) else (f(min(max(value, lo), hi)) - f(lo)) / (f(hi) - f(lo))
            shade = _ramp(colours, t)
            ink = _ink_on(shade)
            canvas.add(
                f'<rect class="cell" x="{_n(x)}" y="{_n(y)}" width="{_n(cell_w)}" '
                f'height="{_n(cell_h)}" fill="{shade}" stroke="#ffffff"/>'
            )
            canvas.text(x + cell_w / 2, y + cell_h / 2, write(value), anchor="middle", fill=ink)
    if xlabel:
        canvas.text(
            left + cell_w * len(columns) / 2, bottom + 34, xlabel, size=_LABEL, anchor="middle"
        )
    text = _lines(
        f"Heat map{': ' + title if title else ''}",
        f"columns{' (' + xlabel + ')' if xlabel else ''}: {', '.join(columns)}",
        *(
            f"{label}: "
            + ", ".join(
                f"{column} {'no value' if v is None else write(v)}"
                for column, v in zip(columns, numbers)
            )
            for label, numbers in table.items()
        ),
    )
    return canvas.finish(width, height, text)


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _ramp(colours: Sequence[str], t: float) -> str:
    """The colour a share `t` (0 to 1) of the way along `colours`."""
    at = t * (len(colours) - 1)
    i = min(int(at), len(colours) - 2)
    (r1, g1, b1), (r2, g2, b2) = _rgb(colours[i]), _rgb(colours[i + 1])
    u = at - i
    return "#{:02x}{:02x}{:02x}".format(
        *(round(a + (b - a) * u) for a, b in ((r1, r2), (g1, g2), (b1, b2)))
    )


def _luminance(colour: str) -> float:
    r, g, b = (c / 255 for c in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _ink_on(colour: str) -> str:
    """Black or white, whichever stands out more on `colour` (by WCAG's contrast ratio, from
    the colour's relative luminance).

    >>> _ink_on("#0072B2"), _ink_on("#8A8A8A"), _ink_on("#ffffff")
    ('#ffffff', '#000000', '#000000')
    """

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in _rgb(colour))
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    # black's contrast (L + 0.05) / 0.05 beats white's 1.05 / (L + 0.05) above L = 0.179
    return "#000000" if (luminance + 0.05) ** 2 > 1.05 * 0.05 else "#ffffff"


def round_robin_chart(table: RoundRobin) -> Chart:
    """A heat map of a round robin: row player's points per game against the column player.

    Each cell has its number written in it; the shading (vermillion for 0, white for ½, blue
    for 1) only helps the eye.

    >>> from tictac.play.levels import make_player
    >>> from tictac.players.tournament import round_robin
    >>> table = round_robin([make_player("random"), make_player("offensive")], games=20, seed=1)
    >>> print(round_robin_chart(table))
    Heat map: points per game (win 1, draw ½)
    columns (against): random, offensive
    random: random no value, offensive 0.15
    offensive: random 0.85, offensive no value
    """
    scores = table.table()
    rows = {
        name: [None if i == j else scores[i][j] for j in range(len(table.names))]
        for i, name in enumerate(table.names)
    }
    return heat_map(
        rows,
        list(table.names),
        title="points per game (win 1, draw ½)",
        colours=(PALETTE["vermillion"], "#ffffff", PALETTE["blue"]),
        low=0,
        high=1,
        xlabel="against",
    )


# -- several charts ---------------------------------------------------------------------------


def grid(charts: Sequence[Chart], *, columns: int = 2, title: str = "") -> Chart:
    """Several charts as one picture, in rows of `columns`, under an optional title.

    >>> both = grid([bar_chart("ab", [1, 2]), bar_chart("ab", [3, 4])], title="two")
    >>> print(both)
    Two charts: two
    1. Bar chart
       x axis: categories; y axis: from 0 to 2
       a: 1; b: 2
    2. Bar chart
       x axis: categories; y axis: from 0 to 4
       a: 3; b: 4
    """
    if not charts:
        raise ValueError("a grid needs at least one chart")
    columns = whole_number(columns, "columns", at_least=1, what="charts in a row")
    for chart in charts:
        if not isinstance(chart, Chart):
            raise TypeError(f"grid puts charts together, not {chart!r}")
    rows = [charts[i : i + columns] for i in range(0, len(charts), columns)]
    widths = [max(row[c].width for row in rows if c < len(row)) for c in range(columns)]
    heights = [max(chart.height for chart in row) for row in rows]
    top = 34.0 if title else 0.0
    width = sum(widths) + 16 * (columns - 1)
    canvas = _Canvas()
    _title(canvas, title, width)
    y = top
    for row, row_height in zip(rows, heights):
        x = 0.0
        for chart, column_width in zip(row, widths):
            inner = chart.svg[chart.svg.index(">") + 1 : chart.svg.rindex("</svg>")]
            canvas.add(
                f'<svg x="{_n(x)}" y="{_n(y)}" width="{chart.width}" height="{chart.height}" '
                f'viewBox="0 0 {chart.width} {chart.height}">{inner}</svg>'
            )
            x += column_width + 16
        y += row_height + 8
    words = ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"]
    count = words[len(charts) - 1] if len(charts) <= len(words) else str(len(charts))
    parts = [
        f"{i}. " + chart.text.replace("\n", "\n   ") for i, chart in enumerate(charts, start=1)
    ]
    text = _lines(
        f"{count} chart{'s' if len(charts) > 1 else ''}{': ' + title if title else ''}", *parts
    )
    return canvas.finish(width, y - 8, text)
