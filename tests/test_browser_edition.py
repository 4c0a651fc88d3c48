"""Every lesson run top to bottom in the browser edition, offline (and the solutions: in
tests/test_browser_edition_solutions.py, so that pytest-xdist's two processes share the work).

The edition is built afresh from this checkout (site/lite.py), served from 127.0.0.1 and opened
in headless Chromium with every request to any other address refused. Each notebook must run
with no error, fetch nothing from elsewhere, and show what its stored outputs show (see
tests/browser_edition.py for how outputs are compared). A student's game against the AI, a
tree drawn in the cell that imports tictac, a search too big for its budget and a long match's
progress bar are tried too. The fixtures (`lesson`: a notebook open, its kernel started; the
edition built once per run) are in tests/conftest.py. Marked `browser`: `make check` leaves it
out, `make test` runs it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_edition import (
    Run,
    execute,
    graphviz_drawing,
    run_all,
    run_new_cell,
    runs_as_stored,
)
from playwright.sync_api import expect

from tictac import State, draw_tree

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
TREE_POSITION = "XX./OO./..."
LESSONS = [p.name for p in sorted(NOTEBOOKS.glob("[0-9]*.ipynb"))]


@pytest.mark.parametrize("lesson", LESSONS, indirect=True)
def test_the_notebook_runs_in_the_browser_as_stored(lesson: Run) -> None:
    runs_as_stored(lesson)


@pytest.mark.parametrize("lesson", ["12-play.ipynb"], indirect=True)
def test_a_student_plays_the_ai_in_the_browser(lesson: Run) -> None:
    run_all(lesson)
    assert lesson.page is not None
    game = lesson.page.locator(".tictac-game").first
    cells = game.locator(".tictac-board button.tictac-cell")
    marks = game.locator(".tictac-board .tictac-x, .tictac-board .tictac-o")
    expect(cells).to_have_count(9)
    before = marks.count()
    game.locator(".tictac-board button.tictac-cell:not([disabled])").first.click()
    expect(marks).to_have_count(before + 2)  # the student's mark, and the AI's answer
    game.locator("button.tictac-undo").click()
    expect(marks).to_have_count(before)


@pytest.mark.parametrize("lesson", ["00-welcome.ipynb"], indirect=True)
def test_a_tree_draws_in_the_cell_that_imports_tictac(lesson: Run) -> None:
    # (the first drawing waits for Graphviz to load, within the cell)
    drawing = f"draw_tree(State.parse({TREE_POSITION!r}), max_depth=1)"
    (drawn,) = execute(lesson, f"from tictac import State, draw_tree\n{drawing}")
    assert drawn["output_type"] == "execute_result", drawn
    tree = draw_tree(State.parse(TREE_POSITION), max_depth=1)
    here = tree.pipe(format="svg", encoding="utf-8")  # drawn by Graphviz's dot, here
    assert graphviz_drawing(drawn["data"]["image/svg+xml"]) == graphviz_drawing(here)
    assert len(graphviz_drawing(here)) > 10


@pytest.mark.parametrize("lesson", ["00-welcome.ipynb"], indirect=True)
def test_a_search_too_big_stops_with_its_budget_message(lesson: Run) -> None:
    outputs = execute(lesson, "from tictac import State, minimax\nminimax(State.new(4, 4, 4))")
    (error,) = [o for o in outputs if o["output_type"] == "error"]
    assert "BudgetExceeded" in error["ename"]  # (the browser's kernel writes <class '...'>)
    assert "minimax stopped after searching 1,000,000 positions, its budget" in error["evalue"]
    assert lesson.outside == []


@pytest.mark.parametrize("lesson", ["00-welcome.ipynb"], indirect=True)
def test_a_long_match_shows_its_progress_while_it_plays(lesson: Run) -> None:
    assert lesson.page is not None
    run_new_cell(
        lesson,
        "from tictac import make_player, play_match\n"
        "play_match(make_player('mcts'), make_player('random'), games=40, progress=True)",
    )
    # the bar moves while the kernel is still playing, then gives way to a line of text
    lesson.page.wait_for_function(
        """() => [...document.querySelectorAll('.jupyter-widgets .progress-bar')]
          .some((bar) => 0 < parseFloat(bar.style.width) && parseFloat(bar.style.width) < 100)""",
        timeout=60_000,
        polling=50,
    )
    expect(lesson.page.get_by_text("mcts vs random: 40 games played")).to_be_visible()
