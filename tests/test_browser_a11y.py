"""The lessons' own outputs pass axe-core's accessibility audit in JupyterLab.

A notebook of the outputs the lessons show (the game widget with hints and "show thinking" on,
the search stepper, boards, a gallery of boards, a tree, charts) runs in a real JupyterLab
(the server and the Chromium of tests/test_browser.py); axe-core (tests/axe_audit.py) then
checks every output area, and only those: JupyterLab's own menus, panels and cells are
upstream's, and so are two kinds of node inside the outputs (`UPSTREAM`, with the reasons).
Every rule axe runs by default must pass, with the widget as it starts and after a move, and
the stepper after a step.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from axe_audit import audit, axe_version, counts, report
from playwright.sync_api import Browser, Page, expect
from test_browser import (  # the fixtures and helpers of the first browser test
    Lab,
    browser,
    evidence,
    lab,
    open_notebook,
    write_notebook,
)

__all__ = ["browser", "lab"]  # fixtures, used by name

pytestmark = pytest.mark.browser

OUTPUTS = """\
from tictac import GameWidget, State, draw_tree, step_search, show_boards, draw_move_values
from tictac.game.numbertree import NumberTree
from tictac.pictures import charts

game = GameWidget(level="medium", human="O", hint=True, show_thinking=True, seed=0)
duel = GameWidget(mode="human-vs-human", size=(4, 4), k=3, hint=True)
stepper = step_search(NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
display(game, duel, stepper)
display(State.parse("XXX/OO./..."))
display(show_boards([State.new(), State.parse("XO./.X./..O")], ["empty", "X wins"]))
display(draw_move_values(State.parse("X../.O./...")))
display(draw_tree(State.parse("XOX/.O./..."), max_depth=2, merge_symmetric=True))
display(charts.bar_chart([3, 4, 5], {"first": [10, 25, 5], "second": [4, 8, 9]}, title="wins"))
display(charts.results_chart({"offensive": (813, 145, 42), "human": (12, 27, 11)}, title="r"))
charts.heat_map({"a": [0.1, 0.9], "b": [0.5, None]}, ["a", "b"], title="points")
"""
# Two kinds of node among the output areas are JupyterLab's and ipywidgets' own markup, which no
# output can change; the audit leaves out exactly these, and everything else must pass:
UPSTREAM = [
    # JupyterLab (4.6) draws an image/svg+xml output as an <img> with no text alternative, in an
    # output area that scrolls a picture wider than the notebook but takes no focus: axe's
    # image-alt and scrollable-region-focusable. The notebook format has no place for an image's
    # alt text yet (jupyter/enhancement-proposals#120, open); the package's pictures carry their
    # text alternative in text/plain and in the SVG (role="img" with aria-label, or <title> and
    # <desc>), which JupyterLab does not pass on. (The widgets' own pictures are <img> with alt
    # text in boxes the keyboard reaches: those are audited.)
    ".jp-RenderedSVG",
    # ipywidgets' IntSlider (8.1; the stepper's "Step" slider) draws its handle as a
    # role="slider" <div> with no accessible name and offers no way to give it one (its label is
    # not tied to the handle; noUiSlider, which draws it, takes handle attributes that ipywidgets
    # does not pass: leongersen/noUiSlider#1019): axe's aria-input-field-name. The stepper's
    # buttons (Start, Back, Step, Next cut, End) and its sentence ("Step 3 of 16: ...") do what
    # the slider does, by name.
    ".tictac-stepper-slider .noUi-handle",
]
# (an SVG output's area is itself the .jp-RenderedSVG element: it is left out of the areas)
OUTPUT_AREAS = f".jp-OutputArea-output:not({UPSTREAM[0]})"


@pytest.fixture(scope="module")
def page(browser: Browser, lab: Lab) -> Iterator[Page]:
    """The outputs of OUTPUTS, run once in JupyterLab."""
    write_notebook(lab.root / "outputs.ipynb", OUTPUTS)
    opened = open_notebook(browser, lab, "outputs.ipynb")
    opened.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    expect(opened.locator(".tictac-game")).to_have_count(2)
    expect(opened.locator(".tictac-stepper")).to_have_count(1)
    # the thinking of the AI's first move (X, medium) is drawn, and every picture has shown
    expect(opened.locator(".tictac-thinking img").first).to_be_visible()
    # (each picture: the state's, the tree's and three charts' SVG outputs, two HTML outputs)
    expect(opened.locator(".jp-RenderedSVG > img")).to_have_count(6)
    expect(opened.locator(".jp-StatusBar-Widget", has_text="Idle").first).to_be_visible()
    yield opened
    opened.close()


def assert_no_violations(page: Page, when: str) -> None:
    found = audit(page, include=[OUTPUT_AREAS], exclude=UPSTREAM[1:])
    version = axe_version(page)
    assert not found, f"axe-core {version}, {when}: {counts(found)}\n{report(found)}"


def test_the_lessons_outputs_pass_the_accessibility_audit(page: Page, lab: Lab) -> None:
    with evidence(page, lab, "a11y-outputs"):
        assert_no_violations(page, "as the outputs first show")


def test_after_a_move_and_a_step_they_still_pass(page: Page, lab: Lab) -> None:
    """The game after the human's move (the AI answers, its thinking and the hints redrawn),
    and the stepper after a step and a run to the end."""
    with evidence(page, lab, "a11y-after"):
        game = page.locator(".tictac-game").first
        game.locator(".tictac-board button.tictac-cell:enabled").first.click()
        expect(game.locator(".tictac-board .tictac-x")).to_have_count(2)  # the AI answered
        expect(game.locator(".tictac-thinking img").first).to_be_visible()
        stepper = page.locator(".tictac-stepper")
        stepper.locator("button.tictac-stepper-step").click()
        expect(stepper.locator(".tictac-stepper-sentence")).to_contain_text("Step 2 of 16")
        assert_no_violations(page, "after a move and a step")
        # the boxes that scroll a tree are named, and Tab reaches them
        for where, name in (
            (game, "How the AI chose its move"),
            (stepper, "The tree at this step"),
        ):
            box = where.get_by_role("group", name=name)
            expect(box).to_have_count(1)
            expect(box).to_have_attribute("tabindex", "0")
        expect(
            game.get_by_role("img", name=re.compile("^The game tree the AI searched"))
        ).to_be_visible()
        stepper.locator("button.tictac-stepper-end").click()
        expect(stepper.locator(".tictac-stepper-sentence")).to_contain_text("the search is over")
        assert_no_violations(page, "with the stepper at its end")
