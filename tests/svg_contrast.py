"""The colour contrast of an SVG picture, as WCAG measures it, read from the SVG itself.

axe-core checks the contrast of text in HTML; the package's boards, trees, charts and the
stepper's frames are SVG (its own, or Graphviz's), which axe does not look into. This module
lists, for every text and every mark an SVG paints, its colour, the colour it is painted on,
and the contrast ratio between them (WCAG 2.2's relative luminance and contrast ratio:
https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio). tests/test_contrast.py holds them to WCAG's
minimums: 4.5:1 for text (3:1 for large text), 3:1 for the marks and lines that carry meaning.

What it paints on is found as a browser would paint it: the shapes are painted in document
order, so the background of a point is the last filled shape before it that covers it (its
own translucency blended with what is beneath), and the picture's white where none does. A
text's background is sampled at a few points across the box it takes (its width estimated
from its length); a mark's, at its middle. A text with a halo (a stroke painted under its
fill, ``paint-order="stroke"``) is painted on its halo. A pattern fill (the charts' hatching)
counts as its base colour.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

SVG = "{http://www.w3.org/2000/svg}"
NAMED = {  # the colour names Graphviz writes
    "white": "#ffffff",
    "black": "#000000",
    "red": "#ff0000",
    "grey": "#c0c0c0",  # (Graphviz's X11 grey)
    "gray": "#c0c0c0",
    "lightgrey": "#d3d3d3",
}
# A chart's data marks (tictac.pictures.charts marks its markers, lines and leader lines so): one
# series' marker may lie on another's, but it is measured against the chart, not against it
# (series are told apart by marker and dash as well as colour, never by contrast).
DATA_MARKS = ("point", "line", "leader")
Colour = tuple[float, float, float]  # red, green, blue, each from 0 to 1
Matrix = tuple[float, float, float, float, float, float]  # SVG's a b c d e f
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)
WHITE: Colour = (1.0, 1.0, 1.0)


def colour(text: str) -> Colour | None:
    """An SVG colour (``#rgb``, ``#rrggbb``, a name Graphviz writes), or None for no paint.

    >>> colour("#fff"), colour("none"), colour("white")
    ((1.0, 1.0, 1.0), None, (1.0, 1.0, 1.0))
    """
    text = NAMED.get(text.strip().lower(), text.strip().lower())
    if text in ("none", "transparent", ""):
        return None
    if re.fullmatch(r"#[0-9a-f]{3}", text):
        text = "#" + "".join(ch * 2 for ch in text[1:])
    if not re.fullmatch(r"#[0-9a-f]{6}", text):
        raise ValueError(f"a colour this module cannot read: {text!r}")
    return (int(text[1:3], 16) / 255, int(text[3:5], 16) / 255, int(text[5:7], 16) / 255)


def hex_of(rgb: Colour) -> str:
    return "#" + "".join(f"{round(channel * 255):02x}" for channel in rgb)


def luminance(rgb: Colour) -> float:
    """WCAG's relative luminance of an sRGB colour."""

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(channel) for channel in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: Colour, other: Colour) -> float:
    """WCAG's contrast ratio, from 1 (the same) to 21 (black on white).

    >>> round(contrast(colour("#000"), colour("#fff")), 1), round(contrast(WHITE, WHITE), 1)
    (21.0, 1.0)
    """
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def blend(top: Colour, alpha: float, under: Colour) -> Colour:
    return (
        top[0] * alpha + under[0] * (1 - alpha),
        top[1] * alpha + under[1] * (1 - alpha),
        top[2] * alpha + under[2] * (1 - alpha),
    )


# -- geometry --------------------------------------------------------------------------------


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (
        a * p + c * q,
        b * p + d * q,
        a * r + c * s,
        b * r + d * s,
        a * t + c * u + e,
        b * t + d * u + f,
    )


def _transform(text: str) -> Matrix:
    """An SVG ``transform`` (translate, scale, rotate, matrix) as one matrix."""
    matrix = IDENTITY
    for name, arguments in re.findall(r"(\w+)\s*\(([^)]*)\)", text):
        values = [float(v) for v in re.split(r"[\s,]+", arguments.strip()) if v]
        if name == "translate":
            step: Matrix = (1, 0, 0, 1, values[0], values[1] if len(values) > 1 else 0)
        elif name == "scale":
            sy = values[1] if len(values) > 1 else values[0]
            step = (values[0], 0, 0, sy, 0, 0)
        elif name == "rotate":
            angle = math.radians(values[0])
            cos, sin = math.cos(angle), math.sin(angle)
            step = (cos, sin, -sin, cos, 0, 0)
            if len(values) == 3:
                cx, cy = values[1], values[2]
                step = _multiply(_multiply((1, 0, 0, 1, cx, cy), step), (1, 0, 0, 1, -cx, -cy))
        elif name == "matrix":
            step = (values[0], values[1], values[2], values[3], values[4], values[5])
        else:
            raise ValueError(f"a transform this module cannot read: {name}")
        matrix = _multiply(matrix, step)
    return matrix


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _number(element: ET.Element, name: str, default: float = 0.0) -> float:
    value = element.get(name)
    return float(re.sub(r"(px|pt)$", "", value)) if value else default


@dataclass
class Shape:
    """A painted region: polygons (each one's corners, in the picture's coordinates; a path of
    several parts has several), or a circle."""

    polygons: list[list[tuple[float, float]]]
    circle: tuple[float, float, float] | None = None  # centre x, centre y, radius

    def contains(self, x: float, y: float) -> bool:
        if self.circle is not None:
            cx, cy, r = self.circle
            return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
        return any(_inside(points, x, y) for points in self.polygons)

    def middle(self) -> tuple[float, float]:
        if self.circle is not None:
            return self.circle[0], self.circle[1]
        points = [point for polygon in self.polygons for point in polygon]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2

    def box(self) -> tuple[float, float, float, float]:
        """Left, top, right, bottom."""
        if self.circle is not None:
            cx, cy, r = self.circle
            return cx - r, cy - r, cx + r, cy + r
        points = [point for polygon in self.polygons for point in polygon]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return min(xs), min(ys), max(xs), max(ys)

    def area(self) -> float:
        if self.circle is not None:
            return math.pi * self.circle[2] ** 2
        return sum(_area(points) for points in self.polygons)


def _inside(points: list[tuple[float, float]], x: float, y: float) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _area(points: list[tuple[float, float]]) -> float:
    twice = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]))
    return abs(twice) / 2


def _numbers(text: str) -> list[float]:
    return [float(v) for v in re.findall(r"-?\d*\.?\d+(?:e-?\d+)?", text)]


def _shape(element: ET.Element, m: Matrix) -> Shape | None:
    """The region an element paints, or None if it paints none (text, a group)."""
    tag = element.tag.removeprefix(SVG)
    if tag == "rect":
        x, y = _number(element, "x"), _number(element, "y")
        w, h = _number(element, "width"), _number(element, "height")
        corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    elif tag in ("polygon", "polyline"):
        values = _numbers(element.get("points", ""))
        corners = list(zip(values[0::2], values[1::2]))
    elif tag == "line":
        corners = [
            (_number(element, "x1"), _number(element, "y1")),
            (_number(element, "x2"), _number(element, "y2")),
        ]
    elif tag == "path":  # (each part's outline as the polygon of its points, curves' handles too)
        parts = [_numbers(part) for part in re.split(r"[Mm]", element.get("d", "")) if part.strip()]
        polygons = [list(zip(values[0::2], values[1::2])) for values in parts]
        return Shape([[_apply(m, x, y) for x, y in polygon] for polygon in polygons if polygon])
    elif tag in ("circle", "ellipse"):
        cx, cy = _apply(m, _number(element, "cx"), _number(element, "cy"))
        r = _number(element, "r") or max(_number(element, "rx"), _number(element, "ry"))
        return Shape([], (cx, cy, r * math.hypot(m[0], m[1])))
    else:
        return None
    return Shape([[_apply(m, x, y) for x, y in corners]]) if corners else None


# -- painting ---------------------------------------------------------------------------------


@dataclass
class Paint:
    """One thing the picture paints: text or a mark, its colour, and what it is painted on."""

    kind: str  # "text" or "mark"
    what: str  # the text, or the element's tag and its paint (fill or stroke)
    colour: str
    background: str
    ratio: float
    large: bool = False  # text of 24 px or more, or bold of 18.66 px or more (WCAG's large)


@dataclass
class _Item:
    """A text, a fill or a stroke, as painted, in order."""

    kind: str  # "text", "fill" or "stroke"
    what: str
    rgb: Colour
    alpha: float
    samples: list[tuple[float, float]]  # where its background is read
    shape: Shape | None = None  # (fills)
    area: float = 0.0
    halo: Colour | None = None  # (text)
    large: bool = False
    ground: bool = False  # a fill something else is painted on
    element: int = 0  # which element painted it (a shape's fill and stroke share one)
    data: bool = False  # a chart's data mark (class "point", "line" or "leader")
    index: int = 0  # its place in the order of painting


def _style(element: ET.Element, inherited: dict[str, str]) -> dict[str, str]:
    """The presentation attributes of `element`, with those its groups pass down."""
    style = dict(inherited)
    names = ("fill", "stroke", "stroke-width", "fill-opacity", "stroke-opacity", "font-size")
    names += ("font-weight", "paint-order", "visibility", "text-anchor")
    for name in names:
        if element.get(name) is not None:
            style[name] = element.get(name, "")
    for declaration in element.get("style", "").split(";"):
        name, _, value = declaration.partition(":")
        if name.strip():
            style[name.strip()] = value.strip()
    return style


def _patterns(root: ET.Element) -> dict[str, str]:
    """The colour of each pattern (the fill of its first shape): a hatching's base colour."""
    found = {}
    for pattern in root.iter(f"{SVG}pattern"):
        first = next((child for child in pattern if child.get("fill")), None)
        if first is not None:
            found[pattern.get("id", "")] = first.get("fill", "none")
    return found


def _items(svg: str) -> list[_Item]:
    """What `svg` paints, in order."""
    root = ET.fromstring(re.sub(r"<!DOCTYPE[^>]*>", "", svg))
    patterns = _patterns(root)
    items: list[_Item] = []
    elements = iter(range(1, 1 << 30))

    def paint_of(value: str | None) -> Colour | None:
        if value is None:
            return None
        reference = re.fullmatch(r"url\(#([^)]*)\)", value.strip())
        if reference:
            value = patterns.get(reference[1], "none")
        return colour(value)

    def visit(element: ET.Element, m: Matrix, inherited: dict[str, str], opacity: float) -> None:
        tag = element.tag.removeprefix(SVG)
        if tag in ("defs", "title", "desc", "clipPath", "pattern", "style", "metadata"):
            return
        style = _style(element, inherited)
        if style.get("visibility") == "hidden":
            return
        m = _multiply(m, _transform(element.get("transform", "")))
        opacity *= float(element.get("opacity", "1"))
        if tag == "text":
            text(element, m, style, opacity)
            return
        shape = _shape(element, m)
        if shape is not None:
            fill = None if tag in ("line", "polyline") else paint_of(style.get("fill", "#000"))
            stroke = paint_of(style.get("stroke", "none"))
            width = float(re.sub(r"px$", "", style.get("stroke-width", "1")))
            number = next(elements)
            data = element.get("class", "") in DATA_MARKS
            if fill is not None and shape.area() > 0:  # (a line, or a path of lines, fills nothing)
                alpha = opacity * float(style.get("fill-opacity", "1"))
                item = _Item("fill", f"{tag} fill", fill, alpha, [shape.middle()], shape)
                item.area, item.element, item.data = shape.area(), number, data
                items.append(item)
            if stroke is not None and width > 0:
                alpha = opacity * float(style.get("stroke-opacity", "1"))
                item = _Item("stroke", f"{tag} stroke", stroke, alpha, [shape.middle()])
                item.element, item.data = number, data
                items.append(item)
        for child in element:
            visit(child, m, style, opacity)

    def text(element: ET.Element, m: Matrix, style: dict[str, str], opacity: float) -> None:
        words = "".join(element.itertext()).strip()
        fill = paint_of(style.get("fill", "#000000"))
        if not words or fill is None:
            return
        size = float(re.sub(r"(px|pt)$", "", style.get("font-size", "14")))
        bold = style.get("font-weight", "normal") in ("bold", "700", "800", "900")
        x, y = _number(element, "x"), _number(element, "y")
        width = len(words) * size * 0.55
        anchor = style.get("text-anchor", "start")
        left = x - {"start": 0.0, "middle": width / 2, "end": width}.get(anchor, 0.0)
        middle = y if element.get("dominant-baseline") == "central" else y - size * 0.3
        shares = (0.15, 0.5, 0.85) if len(words) > 1 else (0.5,)
        samples = [_apply(m, left + width * share, middle) for share in shares]
        halo = None
        if style.get("paint-order", "").startswith("stroke"):
            halo = paint_of(style.get("stroke", "none"))
        alpha = opacity * float(style.get("fill-opacity", "1"))
        large = size >= 24 or (bold and size >= 18.66)
        items.append(_Item("text", words[:40], fill, alpha, samples, halo=halo, large=large))

    visit(root, IDENTITY, {}, 1.0)
    return items


def paints(svg: str) -> list[Paint]:
    """Every text and mark `svg` paints, each with its colour, its background and their
    contrast.

    A fill that a text or a smaller shape is painted on (a cell behind its mark, a node behind
    its board, a bar behind its label), other than a chart's data mark, is a ground: what is
    painted on it is measured against it, and it is not measured itself (what it tells is told
    by what is on it). Any other fill
    (a chart's marker, a bar without a label, a legend's swatch) is a mark, and so is every
    stroke (lines, outlines, grids, edges, the marks X and O); a hollow shape (white, with an
    outline) is measured by its outline.
    """
    items = _items(svg)
    boxes = {id(item): item.shape.box() for item in items if item.shape is not None}
    for number, item in enumerate(items):
        if item.kind != "fill" or item.shape is None or item.data:
            continue
        left, top, right, bottom = boxes[id(item)]
        for later in items[number + 1 :]:
            if later.element == item.element:
                continue  # (its own outline)
            if later.kind == "fill" and later.area >= item.area / 2:
                continue
            if any(
                left <= x <= right and top <= y <= bottom and item.shape.contains(x, y)
                for x, y in later.samples
            ):
                item.ground = True
                break

    for number, item in enumerate(items):
        item.index = number
    grounds = [item for item in items if item.ground]

    def under(x: float, y: float, upto: int) -> Colour:
        """What the grounds before item `upto` paint at (x, y), on the picture's white (an
        outline is measured against what lies under its shape, not against its own fill)."""
        rgb = WHITE
        for item in grounds:
            if item.index >= upto:
                break
            if item.element == items[upto].element:
                continue
            left, top, right, bottom = boxes[id(item)]
            if left <= x <= right and top <= y <= bottom and item.shape.contains(x, y):  # type: ignore[union-attr]
                rgb = blend(item.rgb, item.alpha, rgb)
        return rgb

    outlined = {item.element for item in items if item.kind == "stroke"}
    found = []
    for number, item in enumerate(items):
        if item.ground:
            continue
        if item.kind == "fill" and item.rgb == WHITE and item.element in outlined:
            continue  # a hollow shape: its outline is what shows it
        worst: Paint | None = None
        for x, y in item.samples:
            background = under(x, y, number)
            if item.halo is not None:
                background = item.halo
            seen = blend(item.rgb, item.alpha, background)
            kind = "text" if item.kind == "text" else "mark"
            paint = Paint(
                kind, item.what, hex_of(seen), hex_of(background), contrast(seen, background)
            )
            if worst is None or paint.ratio < worst.ratio:
                worst = paint
        if worst is not None:
            worst.large = item.large
            found.append(worst)
    return found
