"""The still pictures of the widgets (tictac.pictures.static, tictac.pictures.boards.game_picture):
right on every 3x3 position and on 4x4, built only when a notebook asks, stored in place of the
widget."""

from __future__ import annotations

import base64
import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from tictac.game.state import State
from tictac.pictures import widget as widget_module
from tictac.pictures.boards import COLORS, game_picture
from tictac.pictures.static import WIDGET_VIEW, keep_pictures, main
from tictac.pictures.widget import GameWidget
from tictac.play.session import GameSession, hint_labels

SVG = "{http://www.w3.org/2000/svg}"
CELL = 48
PAD = max(2, CELL // 10)


def cell_at(x: float, y: float, cols: int) -> int:
    """The index of the cell holding the point (x, y) of the board."""
    return int((y - PAD) // CELL) * cols + int((x - PAD) // CELL)


def read_picture(svg: str, state: State) -> dict[str, Any]:
    """What the picture shows, read back from its SVG: the marks by cell, the struck lines,
    the outlined cells, the words in the cells and the two lines of text under the board."""
    root = ET.fromstring(svg)
    board = root.find(f"{SVG}g/{SVG}svg")
    assert board is not None, "no board in the picture"
    cells = ["."] * len(state.cells)
    for path in board.iter(f"{SVG}path"):
        x, y = (float(v) for v in re.match(r"M([\d.]+),([\d.]+)", path.get("d", "")).groups())  # type: ignore[union-attr]
        assert path.get("stroke") == COLORS["X"]
        cells[cell_at(x, y, state.cols)] = "X"
    for circle in board.iter(f"{SVG}circle"):
        assert circle.get("stroke") == COLORS["O"]
        cells[cell_at(float(circle.get("cx", 0)), float(circle.get("cy", 0)), state.cols)] = "O"
    struck = [
        (
            cell_at(float(line.get("x1", 0)), float(line.get("y1", 0)), state.cols),
            cell_at(float(line.get("x2", 0)), float(line.get("y2", 0)), state.cols),
        )
        for line in board.iter(f"{SVG}line")
        if line.get("stroke") == COLORS["win"]
    ]
    outlined = [
        cell_at(float(rect.get("x", 0)) + 3, float(rect.get("y", 0)) + 3, state.cols)
        for rect in board.iter(f"{SVG}rect")
        if rect.get("stroke") == COLORS["highlight"]
    ]
    group = root.find(f"{SVG}g")
    assert group is not None
    words = {
        cell_at(float(text.get("x", 0)), float(text.get("y", 0)), state.cols): text.text
        for text in group.findall(f"{SVG}text")
    }
    below = [text.text for text in root.findall(f"{SVG}text")]
    return {
        "cells": "".join(cells),
        "struck": struck,
        "outlined": outlined,
        "words": words,
        "below": below,
    }


def check_picture(session: GameSession, hints: bool) -> None:
    state = session.state
    seen = read_picture(game_picture(session, hints=hints, cell_size=CELL), state)
    assert seen["cells"] == "".join(state.cells), state.text
    line = state.winning_line
    assert seen["struck"] == ([] if line is None else [(line[0], line[-1])]), state.text
    assert seen["outlined"] == list(session.moves[-1:]), state.text
    expected_words = hint_labels(state) if hints and not state.is_terminal else {}
    assert seen["words"] == expected_words, state.text
    assert seen["below"] == [session.status_text(), session.score_text()], state.text


def test_the_picture_is_right_on_every_3x3_position() -> None:
    """Every position a game can reach, each drawn once (with the hints on every other one):
    the marks in their cells, the winning line iff there is a winner, the last move, the
    status and score lines."""
    session = GameSession(mode="human-vs-human")
    seen: set[State] = {session.state}
    check_picture(session, hints=True)
    count = 1

    def visit() -> None:
        nonlocal count
        for move in session.state.legal_moves():
            session.play(move)
            if session.state not in seen:
                seen.add(session.state)
                count += 1
                check_picture(session, hints=count % 2 == 0)
                visit()
            session.undo()

    visit()
    assert count == 5478


def test_the_picture_is_right_on_4x4_boards() -> None:
    for k, seed in ((4, 1), (3, 2)):
        session = GameSession(mode="human-vs-human", size=(4, 4), k=k)
        rng = random.Random(seed)
        check_picture(session, hints=False)
        while not session.state.is_terminal:
            session.play(rng.choice(session.state.legal_moves()))
            check_picture(session, hints=False)
        assert session.state.result() is not None


def test_the_picture_shows_4x4_hints_in_words() -> None:
    session = GameSession(mode="human-vs-human", size=(4, 4), k=3)
    for move in (5, 0, 6):
        session.play(move)
    check_picture(session, hints=True)


def test_a_game_widget_shows_its_game_as_a_still_picture() -> None:
    game = GameWidget(mode="ai-vs-ai", x_level="novice", level="unbeatable", seed=4, hint=True)
    game.step_button.click()
    bundle = game._repr_mimebundle_()
    assert WIDGET_VIEW in bundle and "text/plain" in bundle  # the live widget is still there
    page = bundle["text/html"]
    data = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', page)
    assert data is not None, page[:200]
    svg = base64.b64decode(data.group(1)).decode("utf-8")
    assert svg == game_picture(game.session, hints=True)
    assert read_picture(svg, game.state)["cells"] == "".join(game.state.cells)
    assert "AI vs AI (X: novice, O: unbeatable), 3x3" in page
    assert "run the cell to play" in page


def test_the_picture_is_drawn_only_when_the_notebook_asks(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = []
    monkeypatch.setattr(widget_module, "game_picture", lambda *a, **k: drawn.append(a) or "<svg/>")
    game = GameWidget(mode="human-vs-human", hint=True)
    for cell in (4, 0, 8):
        game.cells[cell].click()
    assert drawn == []
    game._repr_mimebundle_()
    assert len(drawn) == 1


def test_game_picture_refuses_what_is_not_a_session() -> None:
    with pytest.raises(TypeError, match=re.escape("GameSession, such as GameWidget().session")):
        game_picture(State.new())  # type: ignore[arg-type]


# -- stored notebooks ---------------------------------------------------------------------------


def widget_output(picture: bool) -> dict[str, Any]:
    data: dict[str, Any] = {WIDGET_VIEW: {"model_id": "abc"}, "text/plain": "VBox()"}
    if picture:
        data["text/html"] = "<figure class='tictac-static'></figure>"
    return {"output_type": "execute_result", "metadata": {}, "data": data}


def notebook_with(*outputs: dict[str, Any]) -> dict[str, Any]:
    return {
        "cells": [
            {"cell_type": "code", "outputs": list(outputs), "source": ""},
            {"cell_type": "markdown", "source": "text"},
        ],
        "metadata": {"widgets": {"application/vnd.jupyter.widget-state+json": {"state": {}}}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def test_stored_widgets_keep_only_their_pictures() -> None:
    notebook = notebook_with(widget_output(True), widget_output(True))
    assert keep_pictures(notebook) == 2
    for output in notebook["cells"][0]["outputs"]:
        assert sorted(output["data"]) == ["text/html", "text/plain"]
    assert "widgets" not in notebook["metadata"]


def test_a_widget_without_a_picture_keeps_its_form_and_the_state() -> None:
    notebook = notebook_with(widget_output(True), widget_output(False))
    assert keep_pictures(notebook) == 1
    assert WIDGET_VIEW in notebook["cells"][0]["outputs"][1]["data"]
    assert "widgets" in notebook["metadata"]


def test_the_command_rewrites_notebooks_in_place_and_refuses_bad_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.ipynb"
    good.write_text(json.dumps(notebook_with(widget_output(True))))
    broken = tmp_path / "broken.ipynb"
    broken.write_text("{not json")
    assert main([str(good), str(broken)]) == 1
    assert "broken.ipynb: cannot read a notebook" in capsys.readouterr().err
    assert WIDGET_VIEW in good.read_text()  # nothing changed
    assert main([str(good)]) == 0
    assert WIDGET_VIEW not in good.read_text()
    assert "1 widget output(s) stored as their still picture" in capsys.readouterr().out
    before = good.read_text()
    assert main([str(good)]) == 0  # nothing left to do: the file is left alone
    assert good.read_text() == before
    assert main([]) == 2


def test_a_finished_progress_bar_leaves_a_line_of_text(monkeypatch: pytest.MonkeyPatch) -> None:
    import IPython.display

    from tictac.players.tournament import _progress_bar

    shown: list[Any] = []

    class Handle:
        def update(self, obj: Any, **kwargs: Any) -> None:
            shown.append((obj, kwargs))

    def display(obj: Any, **kwargs: Any) -> Handle:
        shown.append(obj)
        return Handle()

    monkeypatch.setattr(IPython.display, "display", display)
    tick = _progress_bar(3, "novice vs master")
    bar = shown[0]
    for _ in range(3):
        tick()
    assert shown[1] == ({"text/plain": "novice vs master: 3 games played"}, {"raw": True})
    assert bar.comm is None  # closed
