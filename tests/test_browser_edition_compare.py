"""The browser edition's test compares outputs with tests/browser_edition.py: what it must
see as different, and what it must not (a tree laid out differently, text cut differently)."""

from __future__ import annotations

import base64
import copy
import json
import re
from pathlib import Path
from typing import Any

from browser_edition import differences

from tictac.pictures.boards import COLORS

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def cells(name: str) -> list[dict[str, Any]]:
    return list(json.loads((NOTEBOOKS / name).read_text())["cells"])


def first_output(notebook: list[dict[str, Any]], test: Any) -> tuple[int, dict[str, Any]]:
    for number, cell in enumerate(notebook):
        for output in cell.get("outputs", []):
            if test(output):
                return number, output
    raise AssertionError("no such output")


def shown(output: dict[str, Any], kind: str) -> str:
    return "".join(output.get("data", {}).get(kind, ""))


def test_a_notebook_agrees_with_itself() -> None:
    for name in ("03-minimax.ipynb", "12-play.ipynb", "08-monte-carlo.ipynb"):
        assert differences(cells(name), cells(name)) == []


def test_a_missing_cell_or_output_is_a_difference() -> None:
    stored = cells("03-minimax.ipynb")
    assert differences(stored, stored[:5]) != []
    ran = copy.deepcopy(stored)
    number, _ = first_output(ran, lambda o: o["output_type"] == "execute_result")
    ran[number]["outputs"] = []
    assert [f for f in differences(stored, ran) if f.startswith(f"cell {number},")]


def test_text_cut_into_other_pieces_is_the_same_text_but_other_text_is_not() -> None:
    stored = cells("05-tutorial-players.ipynb")
    ran = copy.deepcopy(stored)
    number, output = first_output(ran, lambda o: o["output_type"] == "stream")
    text = "".join(output["text"])
    ran[number]["outputs"] = [
        {**output, "text": text[:10]},
        {**output, "text": text[10:]},
        *ran[number]["outputs"][1:],
    ]
    assert differences(stored, ran) == []
    output_again = ran[number]["outputs"][1]
    output_again["text"] = output_again["text"].replace("1", "2", 1)
    assert differences(stored, ran) != []


def test_a_tree_is_compared_by_what_it_shows_not_where() -> None:
    stored = cells("03-minimax.ipynb")
    number, _ = first_output(
        stored, lambda o: "graphviz" in "".join(o.get("data", {}).get("image/svg+xml", ""))
    )
    moved, restyled = copy.deepcopy(stored), copy.deepcopy(stored)
    svg = "".join(moved[number]["outputs"][0]["data"]["image/svg+xml"])
    elsewhere = re.sub(r'(points|d|x|y)="[^"]*"', lambda m: f'{m.group(1)}="1.5"', svg)
    moved[number]["outputs"][0]["data"]["image/svg+xml"] = elsewhere
    assert differences(stored, moved) == []  # the layout changed, nothing else
    assert COLORS["X"] in svg  # (stored with today's colours)
    restyled[number]["outputs"][0]["data"]["image/svg+xml"] = svg.replace(COLORS["X"], "#000000")
    assert differences(stored, restyled) != []  # the colours changed


def test_a_widget_showing_another_board_is_a_difference() -> None:
    stored = cells("12-play.ipynb")
    number, output = first_output(
        stored, lambda o: "tictac-static" in "".join(o.get("data", {}).get("text/html", ""))
    )
    html = "".join(output["data"]["text/html"])
    data = re.search(r"base64,([^\"]+)", html)
    assert data is not None
    svg = base64.b64decode(data.group(1)).decode()
    other = base64.b64encode(svg.replace("X to move", "O to move").encode()).decode()
    changed = copy.deepcopy(stored)
    changed[number]["outputs"][0]["data"]["text/html"] = html.replace(data.group(1), other)
    assert differences(stored, changed) != []
