"""The game board in a real browser: what a player sees, hears and presses in JupyterLab.

The unit tests give each cell button its name and classes; only a browser shows that the CSS
draws them (grid lines, marks, the hover mark, the struck winning line, readable hints) and
that Chromium gives each cell the accessible name a screen reader reads, and plays it from the
keyboard. The JupyterLab server and the Chromium are the fixtures of tests/test_browser.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from test_browser import (  # the fixtures and helpers of the first browser test
    Lab,
    browser,
    cells_of,
    evidence,
    lab,
    open_notebook,
    save_screenshot,
    write_notebook,
)

__all__ = ["browser", "lab"]  # fixtures, used by name

pytestmark = pytest.mark.browser

GAMES = (
    "from tictac import GameWidget\n"
    "games = [\n"
    "    GameWidget(level='unbeatable', seed=0),\n"
    "    GameWidget(mode='human-vs-human'),\n"
    "    GameWidget(mode='human-vs-human', hint=True),\n"
    "    GameWidget(mode='human-vs-human', size=(4, 4), k=3, hint=True),\n"
    "]\n"
    "display(*games)"
)
CELL_NAME = re.compile(
    r"^cell \d+ \(row [0-3], column [0-3]\), (empty|X|O)(, last move)?(, winning line)?"
)


@pytest.fixture(scope="module")
def page(browser: Browser, lab: Lab) -> Iterator[Page]:
    """The four games of GAMES, run once in JupyterLab, shared by this module's tests."""
    write_notebook(lab.root / "board.ipynb", GAMES)
    opened = open_notebook(browser, lab, "board.ipynb")
    opened.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    expect(opened.locator(".tictac-game")).to_have_count(4)
    yield opened
    opened.close()


def game(page: Page, number: int) -> Locator:
    found = page.locator(".tictac-game").nth(number)
    found.scroll_into_view_if_needed()
    return found


def named(where: Locator | Page, name: str) -> Locator:
    """The button whose accessible name (as Chromium computes it) is exactly `name`."""
    return where.get_by_role("button", name=name, exact=True)


def play(where: Locator, move: int, marks: int, free: int) -> None:
    """Click cell `move`, and wait until the board shows `marks` marks and `free` cells to
    play: the widget makes new cell buttons for each position, and a click that lands on the
    old ones (a loaded machine can be caught halfway) is ignored, by design."""
    cells_of(where).nth(move).click()
    expect(where.locator(".tictac-board .tictac-x, .tictac-board .tictac-o")).to_have_count(marks)
    expect(where.locator(".tictac-board button.tictac-cell:enabled")).to_have_count(free)


def pseudo(cell: Locator, which: str, prop: str) -> str:
    """A computed style of a cell's ``::before`` or ``::after``."""
    return str(
        cell.evaluate(f"(el, p) => getComputedStyle(el, '{which}').getPropertyValue(p)", prop)
    )


def test_every_cell_has_a_name_that_says_where_and_what(page: Page, lab: Lab) -> None:
    with evidence(page, lab, "board-names"):
        first = game(page, 0)
        expect(cells_of(first)).to_have_count(9)
        for row in range(3):
            for column in range(3):
                name = f"cell {3 * row + column} (row {row}, column {column}), empty"
                expect(named(first, name)).to_have_count(1)
        # The 4x4 board with hints: every cell named, its hint appended
        big = game(page, 3)
        expect(cells_of(big)).to_have_count(16)
        expect(named(big, "cell 15 (row 3, column 3), empty, hint: win 11")).to_have_count(1)
        names = [cells_of(big).nth(i).get_attribute("aria-label") for i in range(16)]
        assert names == [None] * 16  # the name is the button's text, not a label
        accessible = big.locator(".tictac-board").aria_snapshot()
        assert accessible.count('button "cell ') == 16, accessible


def test_a_keyboard_plays_a_cell_and_the_ai_answers(page: Page, lab: Lab) -> None:
    with evidence(page, lab, "board-keyboard"):
        first = game(page, 0)
        named(first, "cell 4 (row 1, column 1), empty").focus()
        page.keyboard.press("Enter")
        expect(named(first, "cell 4 (row 1, column 1), X")).to_have_count(1)
        answer = first.get_by_role("button", name=re.compile(r", O, last move$"))
        expect(answer).to_have_count(1)  # the AI answered, and its move is marked
        expect(first.locator(".tictac-board .tictac-o.tictac-last")).to_have_count(1)
        # Space plays too, on a cell reached with the keyboard
        free = first.get_by_role("button", name=re.compile(r", empty$")).first
        where = str(free.text_content()).removesuffix(", empty")
        free.focus()
        page.keyboard.press("Space")
        expect(named(first, f"{where}, X")).to_have_count(1)
        expect(first.locator(".tictac-board .tictac-o")).to_have_count(2)
        # the played button made way for the next position's: Tab goes on from the board
        page.keyboard.press("Tab")
        focused = page.locator(":focus")
        expect(focused).to_have_accessible_name(CELL_NAME)


def test_hovering_a_free_cell_shows_the_mark_to_come(page: Page, lab: Lab) -> None:
    with evidence(page, lab, "board-hover"):
        duel = game(page, 1)
        cell = named(duel, "cell 0 (row 0, column 0), empty")
        other = named(duel, "cell 8 (row 2, column 2), empty")
        expect(other).to_have_css("background-image", "none")
        cell.hover()
        expect(cell).to_have_css("background-image", re.compile(r"^url\(\"data:image/svg"))
        expect(other).to_have_css("background-image", "none")
        play(duel, 0, 1, 8)  # X played: the mark drawn in full, and O's hover mark elsewhere
        played = named(duel, "cell 0 (row 0, column 0), X, last move")
        expect(played).to_have_class(re.compile(r"\btictac-x\b"))
        hovered_x = str(played.evaluate("el => getComputedStyle(el).backgroundImage"))
        other.hover()
        expect(other).to_have_css("background-image", re.compile(r"^url\(\"data:image/svg"))
        hovered_o = str(other.evaluate("el => getComputedStyle(el).backgroundImage"))
        assert "opacity" in hovered_o and "opacity" not in hovered_x  # faint, and full
        assert hovered_o.count("circle") == 1 and hovered_x.count("circle") == 0  # an O, an X


@pytest.mark.parametrize(
    ("moves", "line", "angle"),
    [
        ((0, 3, 1, 4, 2), (0, 1, 2), 0),  # a row
        ((2, 0, 5, 1, 8), (2, 5, 8), 90),  # a column
        ((0, 1, 4, 2, 8), (0, 4, 8), 45),  # a diagonal
        ((2, 0, 4, 1, 6), (2, 4, 6), -45),  # the other diagonal
    ],
    ids=["row", "column", "diagonal", "antidiagonal"],
)
def test_the_winning_line_is_struck_across_the_board(
    page: Page, lab: Lab, moves: tuple[int, ...], line: tuple[int, ...], angle: int
) -> None:
    with evidence(page, lab, f"board-win-{angle}"):
        duel = game(page, 1)
        duel.locator("button.tictac-new").click()
        expect(duel.locator(".tictac-board .tictac-x, .tictac-board .tictac-o")).to_have_count(0)
        for count, move in enumerate(moves, start=1):
            play(duel, move, count, 0 if count == len(moves) else 9 - count)
        expect(duel.locator(".tictac-status")).to_have_text("X wins")
        struck = duel.locator(".tictac-board .tictac-win")
        expect(struck).to_have_count(3)
        for index in line:
            cell = cells_of(duel).nth(index)
            expect(cell).to_have_class(re.compile(r"\btictac-win\b"))
            expect(cell).to_have_accessible_name(re.compile(r", winning line$"))
            assert pseudo(cell, "::after", "content") != "none"
            drawn = cell.evaluate(
                "el => { const s = getComputedStyle(el, '::after');"
                " const m = new DOMMatrix(s.transform);"
                " return [Math.round(Math.atan2(m.b, m.a) * 180 / Math.PI),"
                " parseFloat(s.width), el.getBoundingClientRect().width]; }"
            )
            turned, length, side = drawn
            assert turned == angle, drawn
            # the pieces of the line meet across the grid lines: each reaches past its cell
            reach = side * (2**0.5 if angle % 90 else 1)
            assert length > reach, drawn
        if angle == 45:
            save_screenshot(duel, "board-won.png")


def test_hints_are_written_in_the_cells_legibly(page: Page, lab: Lab) -> None:
    with evidence(page, lab, "board-hints"):
        # the empty boards: 3x3 is a draw, 4x4 with three in a row a win for X in 11 moves
        for number, cells, word, moves in ((2, 9, "draw", None), (3, 16, "win", "11")):
            hinted = game(page, number)
            expect(hinted.locator(".tictac-board .tictac-hint")).to_have_count(cells)
            cell = cells_of(hinted).first
            label = f"{word} {moves}" if moves else word
            expect(cell).to_have_accessible_name(f"cell 0 (row 0, column 0), empty, hint: {label}")
            assert pseudo(cell, "::before", "content").startswith(f'"{word}"')
            assert pseudo(cell, "::after", "content").startswith(f'"{moves}"' if moves else "none")
            assert float(pseudo(cell, "::before", "font-size").removesuffix("px")) >= 13
            assert pseudo(cell, "::before", "color") == "rgb(26, 32, 44)"  # dark on a pale tint
        # X to move wins at once on the 4x4 board (k=3) after these 4 moves, and loses soon
        # elsewhere: the words and numbers change with the position
        big = game(page, 3)
        for count, move in enumerate((0, 4, 1, 5), start=1):
            play(big, move, count, 16 - count)
        win = named(big, "cell 2 (row 0, column 2), empty, hint: win 1")
        expect(win).to_have_class(re.compile(r"\btictac-hint-win\b"))
        assert pseudo(win, "::before", "content").startswith('"win"')
        assert pseudo(win, "::after", "content").startswith('"1"')
        loss = named(big, "cell 3 (row 0, column 3), empty, hint: loss 2")
        expect(loss).to_have_class(re.compile(r"\btictac-hint-loss\b"))
        assert pseudo(loss, "::before", "content").startswith('"loss"')
        save_screenshot(big, "board-hints-4x4.png")
