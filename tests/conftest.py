"""Shared test settings, the markers of the notebook items, and the one whole-game-tree search.

Markers (registered in pyproject.toml; `make check` leaves the first three out):
  slow       an exhaustive check that takes more than a couple of seconds (every test that
             uses the `full_game_tree` fixture is marked here)
  notebooks  a lesson run top to bottom by nbval (marked here, by the item's file)
  browser    JupyterLab driven by a real Chromium (tests/test_browser.py)
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from tictac.search import SearchResult, minimax
from tictac.state import State

# No per-example deadline: a loaded 2-core CI machine must not turn slowness into failures.
# In CI the examples are derived from the test names, so every run checks the same games.
settings.register_profile("default", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")

# How deep the shared search keeps its trace: enough for every drawing the tests make of it,
# and for the values of the positions near the top (18,730 nodes kept; the rest are counted).
FULL_TREE_TRACE_DEPTH = 5


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
