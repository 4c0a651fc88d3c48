"""The colours of the package's pictures can be told from what they are painted on.

axe-core (tests/axe_audit.py) checks the contrast of text in HTML; the boards, trees, charts and
the stepper's frames are SVG, which it does not look into. Here every text and every mark of
representative pictures of each kind, and of every picture the lessons store, is measured as
WCAG measures contrast (tests/svg_contrast.py): text at least 4.5:1 against what it is written
on (3:1 if large; WCAG 1.4.3), and the marks and lines that carry meaning at least 3:1 (WCAG
1.4.11). Only lines that carry no meaning of their own are let off, each listed in
`DECORATIVE` with what carries that meaning instead. The game widget's cells are HTML with
their marks drawn by CSS, so their colours are measured from the widget's own palette.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from svg_contrast import Paint, colour, contrast, paints

from tictac.game.connect_four import ConnectFour
from tictac.game.numbertree import NumberTree
from tictac.game.state import State

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9]*.ipynb"))
NOTEBOOKS += sorted((ROOT / "notebooks" / "solutions").glob("[0-9]*.ipynb"))

TEXT, LARGE_TEXT, MARK = 4.5, 3.0, 3.0  # WCAG 2.2, 1.4.3 and 1.4.11 (level AA)

# Lines drawn in these colours carry no meaning of their own, so WCAG 1.4.11 asks no contrast of
# them; what tells the reader instead is said for each.
DECORATIVE = {
    "#ffffff": "white rules between the cells of a heat map and the parts of a results bar: the "
    "cells and parts differ by their shading, their hatching and the numbers written on them",
    "#e4e4e4": "a chart's grid lines, behind the data: the axes' ticks and numbers give the values",
    "#dddddd": "the outline of a heat map's cell that has no number (a player against itself in "
    "a round robin): the cell has a dash written in it instead",
}


def failures(found: list[Paint]) -> list[str]:
    """Each text or mark below WCAG's minimum, once."""
    failing = set()
    for paint in found:
        if paint.kind == "mark" and paint.what.endswith("stroke") and paint.colour in DECORATIVE:
            continue
        need = MARK if paint.kind == "mark" else LARGE_TEXT if paint.large else TEXT
        if paint.ratio < need:
            failing.add(
                f"{paint.kind} {paint.what!r}: {paint.colour} on {paint.background} is "
                f"{paint.ratio:.2f}:1, below {need}:1"
            )
    return sorted(failing)


def outer_svgs(html: str) -> list[str]:
    """Each SVG picture in `html` (inline, not inside another, or as a data address)."""
    found, depth, start = [], 0, 0
    for tag in re.finditer(r"<svg\b|</svg>", html):
        if tag[0] == "</svg>":
            depth -= 1
            if depth == 0:
                found.append(html[start : tag.end()])
        else:
            start = start if depth else tag.start()
            depth += 1
    for data in re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", html):
        found.append(base64.b64decode(data).decode("utf-8"))
    return found


def svgs_of(shown: object) -> list[str]:
    """The SVG pictures of something a notebook shows (a picture, a chart, a Graphviz graph, a
    gallery of boards), or of SVG text itself."""
    if isinstance(shown, str):
        return outer_svgs(shown)
    if hasattr(shown, "pipe"):  # a Graphviz graph: drawn by the machine's dot
        return [shown.pipe(format="svg").decode("utf-8")]
    for method in ("_repr_svg_", "_repr_html_"):
        if hasattr(shown, method):
            return outer_svgs(getattr(shown, method)())
    raise TypeError(f"no picture in {shown!r}")


# -- representative pictures of each kind --------------------------------------------------------


def _boards() -> Iterator[object]:
    from tictac.learning.learners import Menace
    from tictac.pictures.boards import (
        board_svg,
        draw_matchbox,
        draw_move_values,
        draw_pairing,
        game_picture,
        show_boards,
    )
    from tictac.play.session import GameSession

    won = State.parse("XXX/OO./...")
    yield board_svg(won, numbers=True)
    yield board_svg(State.parse("X.O./.XO./..X./...."), labels={3: "a", 15: "b"}, highlight={5})
    yield draw_move_values(State.parse("X.O/.O./..X"))
    yield draw_move_values(State.parse("X../.O./..."), words=True)
    yield show_boards([State.new(), won, State.parse("XOX/XOO/OXX")], ["new", "won", "drawn"])
    yield draw_pairing(State.new(4, 4, 4).play(5), [(0, 1), (2, 3), (4, 8), (6, 7)], outline=[12])
    yield draw_matchbox(Menace(), State.new().play(4))
    session = GameSession(mode="human-vs-human")
    for move in (0, 3, 1, 4, 2):
        session.play(move)
    yield game_picture(session)
    yield game_picture(GameSession(mode="human-vs-human", size=(4, 4), k=3), hints=True)
    yield game_picture(GameSession(mode="human-vs-human"), hints=True)
    four = ConnectFour.new()
    for column in (3, 3, 2, 4, 2, 2, 1, 1, 0):  # X's four across the bottom row
        four = four.play(column)
    yield four
    yield ConnectFour.new(4, 5, 3).play(2).play(2)


def _trees() -> Iterator[object]:
    from tictac.game.scoring import two_in_a_row
    from tictac.pictures.thinking import explain_decision
    from tictac.pictures.tree import draw_mcts_tree, draw_number_tree, draw_tree
    from tictac.play.session import GameSession
    from tictac.search.mcts import uct_search

    yield draw_tree(State.parse("XOX/.O./..."), max_depth=4)
    yield draw_tree(State.parse("XO./.X./..."), search="alphabeta", max_nodes=40, words=True)
    yield draw_tree(State.parse("X../.O./..."), memo=True, max_depth=2, max_nodes=30)
    yield draw_tree(
        State.parse("X../.O./..X"), depth=2, heuristic=two_in_a_row, merge_symmetric=True
    )
    textbook = NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    yield draw_number_tree(textbook)
    yield draw_tree(textbook, search="alphabeta")
    yield draw_mcts_tree(
        uct_search(State.parse("X../.O./..."), playouts=60, seed=1, keep_tree=True)
    )
    for level in ("medium", "mcts", "menace", "offensive"):
        session = GameSession(
            level=level, human="O", seed=0, level_options={"mcts": {"playouts": 50}}
        )
        assert session.last_decision is not None
        thinking = explain_decision(session.last_decision)
        if thinking.svg:
            yield thinking.svg


def _stepper() -> Iterator[object]:
    from tictac.pictures.stepper import record_search

    steps = record_search(NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    for index in (0, 3, 8, len(steps.steps) - 1):
        yield steps.svg(index)
    board = record_search(State.parse("XO./.X./..O"), search="minimax")
    yield board.svg(len(board.steps) // 2)


def _charts() -> Iterator[object]:
    from collections import namedtuple

    from tictac.learning.learners import Share
    from tictac.pictures import charts
    from tictac.play.levels import make_player
    from tictac.players.tournament import play_match, round_robin

    yield charts.bar_chart("abcdef", [1, 30, 200, 5, 80, 12], title="one series", value_labels=True)
    six = {name: [1 + i, 20 + i, 300 - i, 4 + i] for i, name in enumerate("pqrstu")}
    yield charts.bar_chart([3, 5, 7, 9], six, log=True, reference=(50, "a line"), title="six")
    yield charts.hbar_chart(
        {"one": 12, "two": 400, "three": 9000, "four": None}, log=True, reference=(500, "a line")
    )
    lines = {name: [(x, (i + 1) * x) for x in (1, 2, 5, 10)] for i, name in enumerate("abcdefg")}
    whiskers = {"a": [(0.5, 1.5), (1, 3), (4, 6), (8, 12)]}
    yield charts.line_chart(lines, title="seven lines", legend=True, intervals=whiskers)
    yield charts.line_chart(lines, title="labelled at their ends", guides=(4,))
    shares = {"r1": [0, 0.2, 0.4, 0.5], "r2": [0.6, 0.8, 1, None]}
    yield charts.heat_map(shares, ["a", "b", "c", "d"], title="from white to blue")
    yield charts.heat_map(shares, list("abcd"), colours=("#D55E00", "#ffffff", "#0072B2"))
    yield charts.results_chart({"one": (813, 145, 42), "two": (12, 27, 11)}, title="results")
    match = play_match(make_player("novice"), make_player("random"), games=50, seed=3)
    yield charts.wins_by_length_chart(match)
    players = [make_player(name) for name in ("random", "offensive", "medium")]
    yield charts.round_robin_chart(round_robin(players, games=10, seed=1))
    yield charts.interval_chart({"a": (30, 100), "b": (60, 100), "c": (48, 100)}, truth=0.5)
    point = namedtuple("point", "games met all")
    curve = [point(n, Share(n // 10 + 1, 40), Share(n // 10 + 1, 40)) for n in (0, 50, 200)]
    yield charts.learning_curve_chart({"a": curve, "b": curve[:2]})
    yield charts.grid([charts.bar_chart("ab", [1, 2]), charts.bar_chart("cd", [3, 1])])


KINDS: dict[str, Callable[[], Iterator[object]]] = {
    "boards": _boards,
    "trees": _trees,
    "stepper": _stepper,
    "charts": _charts,
}


@pytest.mark.parametrize(
    "kind",
    [pytest.param(k, marks=pytest.mark.slow) if k in ("trees", "stepper") else k for k in KINDS],
)
def test_every_text_and_mark_of_the_package_s_pictures_stands_out(kind: str) -> None:
    pictures = [svg for shown in KINDS[kind]() for svg in svgs_of(shown)]
    assert pictures
    failing = {
        f"{kind} {n}: {failure}"
        for n, svg in enumerate(pictures)
        for failure in failures(paints(svg))
    }
    assert not failing, "\n".join(sorted(failing))


@pytest.mark.notebooks
def test_every_picture_the_lessons_store_stands_out() -> None:
    """The same, for every SVG picture in the stored outputs of every lesson and solutions
    notebook: what a student sees before running anything (and what the website shows)."""
    failing, pictures = set(), 0
    for notebook in NOTEBOOKS:
        for number, cell in enumerate(json.loads(notebook.read_text())["cells"]):
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                shown = data.get("image/svg+xml") or data.get("text/html") or ""
                for svg in svgs_of("".join(shown)):
                    pictures += 1
                    where = f"{notebook.name} cell {number}"
                    failing |= {f"{where}: {failure}" for failure in failures(paints(svg))}
    assert pictures > 100
    assert not failing, f"{len(failing)} failures:\n" + "\n".join(sorted(failing)[:60])


def test_the_readme_s_pictures_stand_out() -> None:
    """The board and the tree the README shows (docs/images/, drawn by the package)."""
    pictures = sorted((ROOT / "docs" / "images").glob("*.svg"))
    assert len(pictures) >= 2
    failing = [
        f"{p.name}: {failure}" for p in pictures for failure in failures(paints(p.read_text()))
    ]
    assert not failing, "\n".join(failing)


def test_the_game_widget_s_colours_stand_out() -> None:
    """The game widget's board is HTML whose marks, lines and words CSS draws: its colours, on
    every ground they are drawn on."""
    from svg_contrast import blend, hex_of

    from tictac.pictures import widget
    from tictac.pictures.boards import COLORS

    white, last, won = widget._WHITE, widget._LAST_BG, widget._WIN_BG
    strike = hex_of(blend(colour(COLORS["win"]), 0.85, colour(won)))  # (drawn at 85%)
    needs = [  # (what, colour, ground, WCAG's minimum)
        *(
            (f"{mark} in a cell", COLORS[mark], ground, MARK)
            for mark in "XO"
            for ground in (white, last, won)
        ),
        ("the grid lines", COLORS["grid"], white, MARK),
        ("the strike through a win", strike, won, MARK),
        ("the last move's underline", widget._TEXT, last, MARK),
        ("the keyboard's focus ring", widget._TEXT, white, MARK),
        *(
            (f"a hint ({kind})", widget._TEXT, ground, TEXT)
            for kind, ground in widget._HINT_BG.items()
        ),
        ("a note under the board", widget._MUTED, white, TEXT),
    ]
    ratios = [
        (what, ink, ground, contrast(colour(ink), colour(ground)), need)
        for what, ink, ground, need in needs
    ]
    failing = [
        f"{what}: {ink} on {ground} is {ratio:.2f}:1"
        for what, ink, ground, ratio, need in ratios
        if ratio < need
    ]
    assert not failing, failing


# -- and told apart by colour-blind eyes ----------------------------------------------------------

# Colour vision deficiency as Machado, Oliveira and Fernandes simulate it ("A physiologically-based
# model for simulation of color vision deficiency", IEEE TVCG 15(6), 2009; doi
# 10.1109/TVCG.2009.113): their matrices for full protanopia, deuteranopia and tritanopia (severity
# 1.0), applied to linear sRGB.
MACHADO_2009 = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _lab(rgb: tuple[float, float, float], vision: str | None) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour as seen with `vision` (None: full colour vision)."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    if vision is not None:
        r, g, b = (min(1.0, max(0.0, m[0] * r + m[1] * g + m[2] * b)) for m in MACHADO_2009[vision])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def nearest_pair(colours: dict[str, str]) -> tuple[float, str]:
    """The smallest colour difference (CIE76 ΔE) between two of `colours`, under full colour
    vision and each simulated deficiency, and which two and for whom."""
    found = []
    for vision in (None, *MACHADO_2009):
        seen = {name: _lab(colour(value) or (1, 1, 1), vision) for name, value in colours.items()}
        names = list(seen)
        for i, one in enumerate(names):
            for other in names[i + 1 :]:
                difference = sum((a - b) ** 2 for a, b in zip(seen[one], seen[other])) ** 0.5
                found.append((difference, f"{one} and {other}, {vision or 'full colour vision'}"))
    return min(found)


def test_the_darkened_colours_stay_apart_for_colour_blind_eyes() -> None:
    """Darkening Okabe and Ito's light colours for contrast must not make two of them alike:
    every two colours a chart's series can have stay at least 10 apart (CIE76 ΔE; 2.3 is about
    the least difference a person notices) under simulated protanopia, deuteranopia and
    tritanopia, and X's blue and O's orange far apart."""
    from tictac.pictures.boards import COLORS
    from tictac.pictures.charts import LINE_STYLES, PALETTE

    series = {name: value for name, value in PALETTE.items() if name != "grey"}
    assert {style.colour for style in LINE_STYLES} <= set(series.values())
    difference, between = nearest_pair(series)
    assert difference >= 10, (difference, between)
    difference, between = nearest_pair({"X": COLORS["X"], "O": COLORS["O"]})
    assert difference >= 40, (difference, between)
