"""The stored lessons show their widgets as still pictures before anything runs, in a browser.

Every widget a lesson displays stores a still picture of itself (:mod:`tictac.pictures.static`): the
game's board with its status and score, the stepper's frame. These tests look at what the
stored notebooks hold, as a reader would see it in headless Chromium:

* exported with ``jupyter nbconvert --to html`` (every lesson and solutions notebook, from the
  stored outputs, nothing run): each widget cell shows a picture that loaded, with a board or a
  tree in it, never a blank output or the widget's text form;
* opened in JupyterLab without running (not trusted; and trusted without the saved widget
  state): the same picture in each widget cell;
* run in JupyterLab: the live widget replaces the picture.

The notebooks come from ``notebooks/``; ``TICTAC_STILL_NOTEBOOKS=DIR`` points the tests at a
copy of that folder instead (to try re-executed lessons before storing them). The browser and
the JupyterLab server are those of ``tests/test_browser.py``.
"""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import ipywidgets
import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from test_browser import (  # the same browser and server as the other browser tests
    NOTEBOOKS,
    ROOT,
    WAIT_MS,
    Lab,
    browser,
    evidence,
    lab,
    open_notebook,
    write_notebook,
)

from tictac.pictures.static import WIDGET_VIEW, keep_pictures

pytestmark = pytest.mark.browser
__all__ = ["browser", "lab"]  # fixtures, imported to be used here

LESSONS = Path(os.environ.get("TICTAC_STILL_NOTEBOOKS") or NOTEBOOKS)
STATIC_PAGE_MS = 20_000  # a wait on an exported page, loaded and unchanging
PICTURE = "img[src^='data:image/svg+xml;base64,']"
# A widget's text form, shown where neither the widget nor its picture can be:
# "GameWidget(children=(HTML(value='<style>…", "IntProgress(value=0, ...)", ...; a widget's
# class only, not any object whose text starts alike ("SearchResult(value=1, ...)").
WIDGETS = {
    name
    for name, value in vars(ipywidgets).items()
    if isinstance(value, type) and issubclass(value, ipywidgets.Widget)
} | {"GameWidget", "SearchStepper"}
WIDGET_TEXT = re.compile(rf"^\s*(?:{'|'.join(sorted(WIDGETS))})\((children|value|layout)=")
# A code cell whose last line makes a widget: it must store a widget output.
MAKES_WIDGET = re.compile(r"^\s*(GameWidget|step_search)\(.*\)\s*$")


def notebooks() -> list[Path]:
    return sorted(LESSONS.glob("[0-9]*.ipynb")) + sorted(LESSONS.glob("solutions/*.ipynb"))


def widget_cells(notebook: dict[str, Any]) -> list[str]:
    """The ids of the code cells whose stored output is a widget (in any of its forms)."""
    found = []
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            html = "".join(data.get("text/html", ""))
            text = "".join(data.get("text/plain", ""))
            if WIDGET_VIEW in data or "tictac-static" in html or WIDGET_TEXT.match(text):
                found.append(cell["id"])
                break
    return found


def widget_makers(notebook: dict[str, Any]) -> list[str]:
    """The ids of the code cells that end by making a widget."""
    return [
        cell["id"]
        for cell in notebook["cells"]
        if cell["cell_type"] == "code"
        and MAKES_WIDGET.match(
            "".join(cell["source"]).strip().splitlines()[-1] if cell["source"] else ""
        )
    ]


def load(path: Path) -> dict[str, Any]:
    notebook: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return notebook


def decoded(picture: Locator) -> str:
    """The SVG text of a picture shown as a ``data:`` image."""
    source = picture.get_attribute("src") or ""
    return base64.b64decode(source.split(",", 1)[1]).decode("utf-8")


def check_shows_a_picture(page: Page, picture: Locator) -> None:
    """`picture` is on screen, decoded and drawn, and shows a board or a tree."""
    picture.scroll_into_view_if_needed()
    expect(picture).to_be_visible()
    page.wait_for_function(
        "img => img.complete && img.naturalWidth > 0 && img.naturalHeight > 0",
        arg=picture.element_handle(),
        timeout=WAIT_MS,
    )
    svg = decoded(picture)
    assert 'aria-label="board ' in svg or 'class="graph"' in svg, svg[:300]


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every lesson and solutions notebook as HTML, by ``jupyter nbconvert --to html``."""
    folder = tmp_path_factory.mktemp("html")
    paths = [str(path) for path in notebooks()]
    assert paths, f"no lessons in {LESSONS}"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "jupyter",
            "nbconvert",
            "--to",
            "html",
            "--output-dir",
            str(folder),
            *paths,
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return folder


def test_every_widget_cell_of_every_exported_lesson_shows_a_picture(
    browser: Browser, exported: Path
) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    page.set_default_timeout(WAIT_MS)
    checked = 0
    try:
        for path in notebooks():
            notebook = load(path)
            cells = widget_cells(notebook)
            missing = set(widget_makers(notebook)) - set(cells)
            assert not missing, f"{path.name}: cells {sorted(missing)} make a widget but store none"
            if not cells:
                continue
            page.goto((exported / path.with_suffix(".html").name).as_uri())
            for cell_id in cells:
                outputs = page.locator(f'[id="cell-id={cell_id}"] .jp-OutputArea-output')
                where = f"{path.name}, cell {cell_id}"
                try:
                    pictures = outputs.locator(PICTURE)
                    # the page has loaded: what is not there now never will be
                    expect(pictures).to_have_count(1, timeout=STATIC_PAGE_MS)
                    check_shows_a_picture(page, pictures.first)
                    expect(outputs.filter(has_text="(children=")).to_have_count(
                        0, timeout=STATIC_PAGE_MS
                    )
                except AssertionError as error:
                    shot = ROOT / "test-artifacts" / f"{path.stem}-{cell_id}-html-failure.png"
                    shot.parent.mkdir(exist_ok=True)
                    page.screenshot(path=str(shot), full_page=True)
                    raise AssertionError(
                        f"{where} does not show its widget's still picture: {error}\n"
                        f"  screenshot: {shot}\n  (`make notebooks` stores each widget as its "
                        "picture: it runs `python -m tictac.pictures.static` on the lessons)"
                    ) from error
                checked += 1
    finally:
        page.close()
    assert checked >= 1, f"no widget cell in the lessons of {LESSONS}"


def stored_copy(lab: Lab, name: str, *, trusted: bool) -> str:
    """A copy of the stored lesson `name` in the server's folder: not trusted, or trusted (by
    ``make lab``'s script) and without the saved widget state. Returns its path there."""
    notebook = load(LESSONS / name)
    if trusted:
        notebook["metadata"].pop("widgets", None)
        folder = lab.root / "still-trusted"
    else:
        folder = lab.root / "still-untrusted"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    if trusted:
        home = lab.root.parent  # the private Jupyter folders of the `lab` fixture
        subprocess.run(
            ["bash", str(ROOT / "scripts" / "trust.sh"), str(folder)],
            env={**os.environ, "PYTHON": sys.executable, "JUPYTER_DATA_DIR": str(home / "data")},
            check=True,
            capture_output=True,
        )
    return f"{folder.name}/{name}"


@pytest.mark.parametrize("trusted", [False, True], ids=["untrusted", "trusted-without-state"])
def test_a_stored_lesson_shows_its_widgets_as_pictures_in_jupyterlab(
    browser: Browser, lab: Lab, trusted: bool
) -> None:
    name = "12-play.ipynb"
    expected = len(widget_cells(load(LESSONS / name)))
    assert expected >= 2, f"{name} stores {expected} widgets"
    page = open_notebook(browser, lab, stored_copy(lab, name, trusted=trusted))
    with evidence(page, lab, f"still-{'trusted' if trusted else 'untrusted'}"):
        pictures = page.locator(f".jp-OutputArea-output figure.tictac-static {PICTURE}")
        expect(pictures).to_have_count(expected)
        for i in range(expected):
            check_shows_a_picture(page, pictures.nth(i))
        expect(page.locator(".jp-OutputArea-output figcaption").first).to_contain_text(
            "run the cell to play"
        )
        for text in ("(children=", "Error displaying widget", "Loading widget"):
            expect(page.locator(".jp-OutputArea-output", has_text=text)).to_have_count(0)
        expect(page.locator(".tictac-game")).to_have_count(0)  # nothing ran
    page.close()


GAME_CELL = 'from tictac import GameWidget\nGameWidget(mode="human-vs-human")'


def test_the_live_widget_replaces_the_picture_once_the_cell_runs(
    browser: Browser, lab: Lab
) -> None:
    from tictac.pictures.widget import GameWidget

    game = GameWidget(mode="human-vs-human")
    game.cells[4].click()  # the stored picture shows an X in the centre; the live game starts empty
    output = {"output_type": "execute_result", "execution_count": 1, "metadata": {}}
    output["data"] = game._repr_mimebundle_()
    notebook: dict[str, Any] = {"cells": [{"outputs": [output]}]}
    keep_pictures(notebook)  # as the lessons are stored
    write_notebook(lab.root / "still-live.ipynb", GAME_CELL, [output])
    page = open_notebook(browser, lab, "still-live.ipynb")
    with evidence(page, lab, "still-live"):
        picture = page.locator(f".jp-OutputArea-output figure.tictac-static {PICTURE}")
        expect(picture).to_have_count(1)
        check_shows_a_picture(page, picture)
        assert "board .../.X./..." in decoded(picture)
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        live = page.locator(".tictac-game")
        expect(live).to_have_count(1)
        expect(live.locator(".tictac-board button.tictac-cell")).to_have_count(9)
        expect(page.locator(".tictac-static")).to_have_count(0)
        # the widget alone, in the cell's one output
        expect(page.locator(".jp-Cell-outputArea > .jp-OutputArea-child")).to_have_count(1)
        live.locator(".tictac-board button.tictac-cell").nth(0).click()  # and it plays
        expect(live.locator(".tictac-board .tictac-x")).to_have_count(1)
        expect(live.locator(".tictac-status")).to_contain_text("O to move")
    page.close()
