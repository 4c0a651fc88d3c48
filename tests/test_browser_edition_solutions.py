"""Every solutions notebook run top to bottom in the browser edition, offline, as
tests/test_browser_edition.py runs the lessons (the same check, the same fixtures from
tests/conftest.py; a file of its own so that pytest-xdist's two processes share the work, and
the edition is built once for both). Marked `browser`: `make check` leaves it out.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_edition import Run, runs_as_stored

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
SOLUTIONS = [f"solutions/{p.name}" for p in sorted(NOTEBOOKS.glob("solutions/[0-9]*.ipynb"))]


@pytest.mark.parametrize("lesson", SOLUTIONS, indirect=True)
def test_the_notebook_runs_in_the_browser_as_stored(lesson: Run) -> None:
    runs_as_stored(lesson)
