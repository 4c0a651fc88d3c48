"""Every lesson and solutions notebook, run top to bottom in the browser edition, offline.

The edition is built afresh from this checkout (site/lite.py), served from 127.0.0.1 and opened
in headless Chromium with every request to any other address refused. Each notebook must run
with no error, fetch nothing from elsewhere, and show what its stored outputs show (see
tests/browser_edition.py for how outputs are compared). A student's game against the AI, a
tree drawn in the cell that imports tictac, and a search too big for its budget are tried too.
Marked `browser`: `make check` leaves it out, `make test` runs it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_edition import (
    Run,
    build,
    chromium_executable,
    close,
    differences,
    errors,
    offline_chromium,
    open_lesson,
    run_all,
    served,
)
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
ALL = [
    p.relative_to(NOTEBOOKS).as_posix()
    for pattern in ("[0-9]*.ipynb", "solutions/[0-9]*.ipynb")
    for p in sorted(NOTEBOOKS.glob(pattern))
]


@pytest.fixture(scope="module")
def address(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    edition = build(tmp_path_factory.mktemp("browser-edition") / "lite")
    with served(edition) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    executable = chromium_executable()
    if executable is None:
        pytest.fail("the browser edition's test needs Chromium: `make test` installs it")
    expect.set_options(timeout=60_000)
    try:
        with offline_chromium(executable) as launched:
            yield launched
    finally:
        expect.set_options(timeout=None)


@pytest.fixture
def lesson(browser: Browser, address: str, request: pytest.FixtureRequest) -> Iterator[Run]:
    run = open_lesson(browser, address, request.param)
    try:
        yield run
    finally:
        close(run)


@pytest.mark.parametrize("lesson", ALL, indirect=True)
def test_the_notebook_runs_in_the_browser_as_stored(lesson: Run) -> None:
    run_all(lesson)
    assert errors(lesson.cells) == []
    assert lesson.outside == [], "the edition fetched from another site"
    stored = json.loads((NOTEBOOKS / lesson.notebook).read_text())["cells"]
    assert differences(stored, lesson.cells) == []
