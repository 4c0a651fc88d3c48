"""Shared test settings, the markers of the notebook items, the one whole-game-tree search,
the browser edition's fixtures, and `--progress` (tests/progress_lines.py).

Markers (registered in pyproject.toml; `make check` leaves the first three out):
  slow       a test that takes more than about a second on an idle 2-core machine, all its
             cases together: the exhaustive checks (every test that uses the `full_game_tree`
             fixture is marked here), and the slowest of the others, as `--durations` found
             them (`make check` stays under a minute; `make test` runs them all)
  notebooks  a lesson run top to bottom by nbval (marked here, by the item's file)
  browser    a real Chromium: JupyterLab, the website, the browser edition
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings
from progress_lines import Progress

from tictac.game.state import State
from tictac.search.engine import SearchResult, minimax

if TYPE_CHECKING:
    from browser_edition import Run
    from playwright.sync_api import Browser

# No per-example deadline: a loaded 2-core CI machine must not turn slowness into failures.
# In CI the examples are derived from the test names, so every run checks the same games.
settings.register_profile("default", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")

# How deep the shared search keeps its trace: enough for every drawing the tests make of it,
# and for the values of the positions near the top (18,730 nodes kept; the rest are counted).
FULL_TREE_TRACE_DEPTH = 5


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--progress",
        metavar="LABEL",
        help="print no dots but a line every 30 s: LABEL, tests done, of how many, time taken "
        "(tests/progress_lines.py; `make test` uses it)",
    )


def pytest_configure(config: pytest.Config) -> None:
    label = config.getoption("--progress")
    if label and not hasattr(config, "workerinput"):  # (pytest-xdist's workers report nothing)
        config.pluginmanager.register(Progress(config, label), "progress-lines")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every cell nbval runs from a notebook `notebooks`, and every test that needs the
    whole game tree `slow`, so `-m "not notebooks and not slow"` leaves them out."""
    for item in items:
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.notebooks)
        if "full_game_tree" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say plainly, at the end of the run, that the browser test was skipped and how to get it
    (pytest's own last line only counts the skips)."""
    skipped = [
        report
        for report in terminalreporter.stats.get("skipped", [])
        if "browser" in report.keywords and isinstance(report.longrepr, tuple)
    ]
    if skipped:
        terminalreporter.section("the browser test did not run", yellow=True, bold=True)
        reasons = {str(report.longrepr[2]).removeprefix("Skipped: ") for report in skipped}
        for reason in sorted(reasons):
            terminalreporter.line(f"{len(skipped)} browser tests skipped: {reason}.")


@pytest.fixture(scope="session")
def full_game_tree() -> SearchResult:
    """Plain minimax from the empty board: the whole game tree, all 549,946 nodes.

    Searched once per test process (it is the slowest search there is) and traced to depth
    `FULL_TREE_TRACE_DEPTH`, with the positions below counted.
    """
    return minimax(State.new(), trace=True, trace_depth=FULL_TREE_TRACE_DEPTH)


# The browser edition's fixtures, for its two test files (tests/test_browser_edition*.py), which
# pytest-xdist runs side by side; they import Playwright only when a test asks for them.


@pytest.fixture(scope="module")
def edition_address(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The browser edition, built once per run (the first test process builds it, the other
    waits for it: the folder all of a run's processes share), served from 127.0.0.1."""
    from browser_edition import build_once, served
    from test_site import needs_npm

    needs_npm("to test it")
    if os.environ.get("PYTEST_XDIST_WORKER"):
        folder = tmp_path_factory.getbasetemp().parent  # the run's, above each worker's own
    else:
        folder = tmp_path_factory.mktemp("browser-edition")
    with served(build_once(folder)) as url:
        yield url


@pytest.fixture(scope="module")
def edition_browser() -> Iterator[Browser]:
    """Chromium, refusing and recording every request to any other address than 127.0.0.1
    (without it, the test is skipped, and fails in CI, as tests/test_browser.py says)."""
    from browser_edition import offline_chromium
    from playwright.sync_api import expect
    from test_browser import chromium

    expect.set_options(timeout=60_000)
    try:
        with offline_chromium(chromium()) as launched:
            yield launched
    finally:
        expect.set_options(timeout=None)


@pytest.fixture
def lesson(
    edition_browser: Browser, edition_address: str, request: pytest.FixtureRequest
) -> Iterator[Run]:
    """The notebook `request.param` open in the browser edition, its kernel started."""
    from browser_edition import close, open_lesson

    run = open_lesson(edition_browser, edition_address, request.param)
    try:
        yield run
    finally:
        close(run)
