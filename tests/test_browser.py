"""The lessons in a real browser: JupyterLab driven by headless Chromium through Playwright.

The unit tests prove the Python side of the game widget; only a browser proves that a student
clicking in JupyterLab sees the board, the AI's answers and the trees. The test starts its own
JupyterLab server (127.0.0.1, a free port, a random token, private Jupyter and IPython
folders) and Debian's Chromium (never a downloaded browser), and stops both at the end, pass
or fail. On a failure it keeps a screenshot and the server log in ``test-artifacts/`` and
names them. Screenshots for the README are saved there too; with ``TICTAC_SCREENSHOTS=DIR``
they are also copied to DIR (``make screenshots`` uses docs/images).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect, sync_playwright

from tictac.game.state import State

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# Every wait, Playwright's own and its `expect()` assertions' alike: generous, because a loaded
# 2-core CI machine is slow, never wrong. Nothing is counted once: JupyterLab renders cells and
# widgets late under load, so the tests wait for what they need to see.
WAIT_MS = 90_000


def in_ci() -> bool:
    """Whether this is a CI run (CI sets CI=true), which must run every test."""
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def chromium() -> str:
    """The Chromium to drive. Without one the browser test is skipped (and the end of the run
    says so) on a developer's machine, but fails in CI, where a skip would hide it."""
    path = (
        os.environ.get("TICTAC_CHROMIUM")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )
    if path is None:
        how = (
            "install Chromium (Debian/Ubuntu: sudo apt-get install chromium, Fedora: sudo dnf "
            "install chromium, macOS: brew install --cask chromium; `make test` does it as root "
            "with apt) or set TICTAC_CHROMIUM to a Chromium or Chrome binary"
        )
        if in_ci():
            pytest.fail(f"CI must run the browser test, which needs Chromium: {how}")
        pytest.skip(f"no Chromium on this machine; to run the browser test, {how}")
    return path


@dataclass
class Lab:
    url: str
    token: str
    root: Path
    log: Path

    def address(self, notebook: str) -> str:
        return f"{self.url}/lab/tree/{notebook}?reset&token={self.token}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cleared_copy(source: Path, target: Path) -> None:
    """The notebook without outputs or saved widget state, so no stale widget can match."""
    notebook = json.loads(source.read_text())
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    notebook["metadata"].pop("widgets", None)
    target.write_text(json.dumps(notebook, indent=1))


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    home = tmp_path_factory.mktemp("jupyter")
    root = home / "lessons"
    root.mkdir()
    _cleared_copy(NOTEBOOKS / "12-play.ipynb", root / "play.ipynb")
    for lesson in ("01-how-big.ipynb", "03-minimax.ipynb"):
        shutil.copy(NOTEBOOKS / lesson, root / lesson)
    # The same lesson, but not trusted: what a student would see without `make lab`'s trust
    # step. (Trust goes by content, so the copy differs by one line.)
    untrusted = json.loads((NOTEBOOKS / "03-minimax.ipynb").read_text())
    untrusted["cells"][0]["source"] = ["# An untrusted copy\n", *untrusted["cells"][0]["source"]]
    (root / "untrusted-minimax.ipynb").write_text(json.dumps(untrusted, indent=1))
    # A lesson as a student's JupyterLab would find it after we stored it with another Python.
    elsewhere = json.loads((NOTEBOOKS / "01-how-big.ipynb").read_text())
    elsewhere["metadata"]["language_info"]["version"] = "3.10.0"
    (root / "stored-with-python-3.10.ipynb").write_text(json.dumps(elsewhere, indent=1))
    env = dict(
        os.environ,
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_DATA_DIR=str(home / "data"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        IPYTHONDIR=str(home / "ipython"),
    )
    settings = home / "config/lab/user-settings/@jupyterlab/apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    # Trusted by the same script as `make lab` uses, so their stored pictures show at once.
    subprocess.run(
        ["bash", str(ROOT / "scripts" / "trust.sh"), str(root)],
        env={**env, "PYTHON": sys.executable},
        check=True,
        capture_output=True,
    )
    ARTIFACTS.mkdir(exist_ok=True)
    log_path = ARTIFACTS / "jupyterlab.log"
    port, token = _free_port(), secrets.token_hex(16)
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True",
        f"--config={ROOT / 'scripts' / 'jupyter_lab_config.py'}",  # as `make lab` starts it
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        url = f"http://127.0.0.1:{port}"
        try:
            _wait_for_server(url, token, server, log_path)
            yield Lab(url, token, root, log_path)
        finally:
            # SIGTERM lets the server shut its kernels down; then make sure all is gone.
            with contextlib.suppress(ProcessLookupError):
                os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()


def _wait_for_server(url: str, token: str, server: subprocess.Popen[Any], log: Path) -> None:
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"JupyterLab stopped at start-up; its log is {log}")
        try:
            with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    pytest.fail(f"JupyterLab did not answer within {WAIT_MS // 1000} s; its log is {log}")


@contextlib.contextmanager
def headless_chromium() -> Iterator[Browser]:
    """The machine's Chromium, started headless with :data:`CHROMIUM_FLAGS`, closed after."""
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=chromium(), args=CHROMIUM_FLAGS, headless=True
        )
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    expect.set_options(timeout=WAIT_MS)  # (page.set_default_timeout does not reach expect())
    try:
        with headless_chromium() as launched:
            yield launched
    finally:
        expect.set_options(timeout=None)  # back to Playwright's default


@contextlib.contextmanager
def evidence(page: Page, lab: Lab, name: str) -> Iterator[None]:
    """On failure, keep a screenshot and name it and the server log in the error."""
    try:
        yield
    except BaseException as error:
        shot = ARTIFACTS / f"{name}-failure.png"
        with contextlib.suppress(Exception):
            page.screenshot(path=str(shot), full_page=True)
        raise AssertionError(
            f"{error}\n  screenshot: {shot}\n  JupyterLab log: {lab.log}"
        ) from error


def open_notebook(browser: Browser, lab: Lab, notebook: str) -> Page:
    # tall enough that a game with its tree fits on the screen (for the screenshots)
    page = browser.new_page(viewport={"width": 1200, "height": 2000})
    page.set_default_timeout(WAIT_MS)
    page.goto(lab.address(notebook))
    page.locator(".jp-NotebookPanel").first.wait_for()
    expect(page.locator(".jp-StatusBar-Widget", has_text="Idle").first).to_be_visible()
    return page


def cells_of(game: Locator) -> Locator:
    return game.locator(".tictac-board button.tictac-cell")


def board_text(game: Locator) -> str:
    """The board as the player sees it: each cell's mark (drawn for its class ``tictac-x`` or
    ``tictac-o``), row by row."""
    marks = cells_of(game).evaluate_all(
        "cells => cells.map(cell => cell.classList.contains('tictac-x') ? 'X'"
        " : cell.classList.contains('tictac-o') ? 'O' : '.')"
    )
    return "".join(marks)


def settled_board(game: Locator, expected: str | None = None) -> str:
    """The board once it has stopped changing (and equals `expected`, if given): the widget
    redraws its cells after each move, and a loaded machine can be caught halfway."""
    deadline = time.monotonic() + WAIT_MS / 1000
    last = board_text(game)
    while time.monotonic() < deadline:
        time.sleep(0.2)
        now = board_text(game)
        if now == last and (expected is None or now == expected):
            return now
        last = now
    raise AssertionError(f"the board shows {last!r}, expected {expected!r}")


def save_screenshot(locator: Locator, name: str) -> None:
    path = ARTIFACTS / name
    locator.screenshot(path=str(path))
    target = os.environ.get("TICTAC_SCREENSHOTS")
    if target:
        shutil.copy(path, Path(target) / name)


def test_a_student_plays_the_unbeatable_ai_in_jupyterlab(browser: Browser, lab: Lab) -> None:
    page = open_notebook(browser, lab, "play.ipynb")
    with evidence(page, lab, "play"):
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        games = page.locator(".tictac-game")
        expect(games).to_have_count(5)
        expect(page.locator(".jp-StatusBar-Widget", has_text="Idle").first).to_be_visible()

        # The first game: the human plays X against the unbeatable level, always taking the
        # first free cell, from where the lesson left it (X in the centre, the AI's answer in
        # a corner). Whether the game goes on is read from the settled board itself (the
        # status line and the cells' enabled state may lag behind it under load).
        game = games.nth(0)
        status = game.locator(".tictac-status")
        history = [settled_board(game, expected="O...X....")]
        while not State.parse(history[-1]).is_terminal:
            before = history[-1]
            expect(status).to_have_text(re.compile(r"X to move \(you\)"))
            move = before.index(".")
            cells_of(game).nth(move).click()  # (Playwright waits until the cell is enabled)
            # the human's X, then the AI's O unless the human's move ended the game
            expect(game.locator(".tictac-board .tictac-x")).to_have_count(before.count("X") + 1)
            if not State.parse(before).play(move).is_terminal:
                expect(game.locator(".tictac-board .tictac-o")).to_have_count(before.count("O") + 1)
            history.append(settled_board(game))
        assert State.parse(history[-1]).winner != "X", f"the human beat the AI: {history[-1]}"
        expect(status).to_have_text(re.compile(r"^(Draw|O wins)"))
        save_screenshot(game, "play-finished.png")

        # Undo takes back the human's last move and the AI's reply.
        game.locator("button.tictac-undo").click()
        settled_board(game, expected=history[-2])
        expect(status).to_have_text(re.compile(r"X to move \(you\)"))

        # The third game shows the AI's thinking: the lesson has played X's first move, so
        # medium's answer is drawn as a Graphviz tree from the start, and a move redraws it.
        thinking_game = games.nth(2)
        thinking = thinking_game.locator(".tictac-thinking")
        tree = thinking.get_by_role("img", name=re.compile(r"^The game tree the AI searched: "))
        expect(tree.first).to_be_visible()
        expect(thinking).to_contain_text("O (medium) played cell 4 (row 1, column 1)")
        thinking_game.locator(".tictac-board button.tictac-cell:not([disabled])").first.click()
        expect(thinking).not_to_contain_text("played cell 4")
        expect(tree.first).to_be_visible()

        # AI against AI, one step at a time, thinking shown: the picture for the README. The
        # lesson has played the first two Steps.
        duel = games.nth(3)
        pieces = duel.locator(".tictac-board .tictac-x, .tictac-board .tictac-o")
        expect(pieces).to_have_count(2)
        for marks in range(3, 7):
            duel.locator("button.tictac-step").click()
            expect(pieces).to_have_count(marks)
        expect(duel.locator(".tictac-thinking img").first).to_be_visible()
        save_screenshot(duel, "play-thinking.png")
    page.close()


def stored_pictures(notebook: Path, mime_type: str) -> list[str]:
    """The text form of each stored output of `notebook` that holds a `mime_type` picture."""
    texts = []
    for cell in json.loads(notebook.read_text())["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if mime_type in data:
                texts.append("".join(data.get("text/plain", "")))
    return texts


def text_outputs(page: Page, text: str) -> Locator:
    """The outputs that show exactly `text` (a picture's text form shown instead of it)."""
    exactly = re.compile(rf"^\s*{re.escape(text.strip())}\s*$")
    return page.locator(".jp-OutputArea-output", has_text=exactly)


@pytest.mark.parametrize(
    ("notebook", "mime_type", "selector"),
    [
        ("03-minimax.ipynb", "image/svg+xml", ".jp-RenderedSVG img"),  # trees and boards
        ("01-how-big.ipynb", "image/svg+xml", ".jp-RenderedSVG img"),  # charts (and boards)
    ],
    ids=["lesson-3-trees", "lesson-1-charts"],
)
def test_stored_pictures_show_before_anything_runs(
    browser: Browser, lab: Lab, notebook: str, mime_type: str, selector: str
) -> None:
    """Every picture the lesson stores shows as a picture, none as its text form."""
    stored = stored_pictures(lab.root / notebook, mime_type)
    assert len(stored) >= 2, f"{notebook} stores {len(stored)} pictures"
    page = open_notebook(browser, lab, notebook)
    with evidence(page, lab, notebook.removesuffix(".ipynb")):
        pictures = page.locator(selector)
        # JupyterLab renders the cells late under load (and only near the viewport): wait
        # until every stored picture is there, then look at each in turn.
        expect(pictures).to_have_count(len(stored))
        for i in range(len(stored)):
            pictures.nth(i).scroll_into_view_if_needed()
            expect(pictures.nth(i)).to_be_visible()
        for text in set(stored):
            expect(text_outputs(page, text)).to_have_count(0)
        # nothing ran: no kernel work
        expect(page.locator(".jp-StatusBar-Widget", has_text="Idle").first).to_be_visible()
    page.close()


def test_without_trust_the_stored_trees_would_not_show(browser: Browser, lab: Lab) -> None:
    """The reason `make lab` trusts the lessons: JupyterLab hides the stored SVG pictures of a
    notebook it does not trust, until the student runs it, and shows their text form."""
    notebook = "untrusted-minimax.ipynb"
    stored = stored_pictures(lab.root / notebook, "image/svg+xml")
    assert len(stored) >= 2, f"{notebook} stores {len(stored)} pictures"
    page = open_notebook(browser, lab, notebook)
    with evidence(page, lab, "untrusted"):
        # Wait until every output that holds a picture is rendered (as text), then look.
        for text, times in Counter(stored).items():
            expect(text_outputs(page, text)).to_have_count(times)
        expect(page.locator(".jp-RenderedSVG img")).to_have_count(0)
    page.close()


STEPPER_CELL = (
    "from tictac import step_search\n"
    "from tictac.game.numbertree import NumberTree\n"
    "step_search(NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))"
)


def write_notebook(path: Path, source: str, outputs: list[dict[str, Any]] | None = None) -> None:
    """A notebook of one code cell (with `outputs` stored, if given: as if it had run)."""
    cell = {
        "cell_type": "code",
        "execution_count": 1 if outputs else None,
        "metadata": {},
        "outputs": outputs or [],
        "source": source,
    }
    notebook = {
        "cells": [cell],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook, indent=1))


def test_a_student_clicks_through_alpha_beta_in_the_stepper(browser: Browser, lab: Lab) -> None:
    """The stepper on the textbook's tree: each click on Step moves the highlighted node, the
    path shows α and β, "Next cut" stops where alpha-beta skips C2 and C3, and the end shows
    the pruned moves dashed."""
    write_notebook(lab.root / "stepper.ipynb", STEPPER_CELL)
    page = open_notebook(browser, lab, "stepper.ipynb")
    with evidence(page, lab, "stepper"):
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        stepper = page.locator(".tictac-stepper")
        expect(stepper).to_have_count(1)
        frame = stepper.locator(".tictac-stepper-frame svg")
        now = frame.locator("g.node.tictac-now > title")
        sentence = stepper.locator(".tictac-stepper-sentence")
        expect(now).to_have_text("m")  # the root, A
        expect(sentence).to_contain_text("Step 1 of 16")
        expect(frame).to_contain_text("α −∞")
        # Step: into B, then its leaves one by one; the highlight follows, β comes down to 3
        expected = ["m0", "m0_0", "m0_1"]
        for node in expected:
            stepper.locator("button.tictac-stepper-step").click()
            expect(now).to_have_text(node)
        expect(sentence).to_contain_text("B2 is worth 12: MIN keeps β = 3.")
        expect(frame.locator("text", has_text=re.compile(r"β\s*3"))).not_to_have_count(0)
        # Run to the cut at C: C2 and C3 are pruned, dashed
        stepper.locator("button.tictac-stepper-next-cut").click()
        expect(now).to_have_text("m1")
        expect(sentence).to_contain_text("MAX will never choose C, so skip C2 and C3.")
        expect(frame.locator("text", has_text="pruned")).to_have_count(2)
        expect(stepper.locator("button.tictac-stepper-next-cut")).to_be_disabled()
        # Run to the end: the root is worth 3; the pruned moves stay
        stepper.locator("button.tictac-stepper-end").click()
        expect(now).to_have_text("m")
        expect(sentence).to_contain_text("A is worth 3, and the search is over")
        expect(frame.locator("g.edge path[stroke-dasharray]")).to_have_count(2)
        expect(frame.locator("text", has_text="pruned")).to_have_count(2)
        expect(stepper.locator("button.tictac-stepper-step")).to_be_disabled()
        save_screenshot(stepper, "stepper.png")
    page.close()


def test_a_stored_stepper_shows_a_still_picture_before_anything_runs(
    browser: Browser, lab: Lab
) -> None:
    """A notebook saved with a stepper's output, opened where the widget cannot run (not
    trusted: JupyterLab runs no widget of it), shows the frame as a picture, with its
    sentence, rather than the widget's text form."""
    from tictac.game.numbertree import NumberTree
    from tictac.pictures.stepper_widget import step_search

    stepper = step_search(NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    stepper.go(8)
    output = {"output_type": "execute_result", "execution_count": 1, "metadata": {}}
    output["data"] = stepper._repr_mimebundle_()
    write_notebook(lab.root / "stored-stepper.ipynb", STEPPER_CELL, [output])
    page = open_notebook(browser, lab, "stored-stepper.ipynb")
    with evidence(page, lab, "stored-stepper"):
        picture = page.locator(".jp-OutputArea-output img[src^='data:image/svg+xml;base64,']")
        expect(picture).to_have_count(1)
        expect(picture).to_be_visible()
        expect(page.locator(".jp-OutputArea-output figcaption")).to_contain_text(
            "Step 9 of 16: C1 is worth 2 ≤ α = 3"
        )
        expect(text_outputs(page, repr(stepper))).to_have_count(0)
        size = picture.evaluate("img => [img.naturalWidth, img.naturalHeight]")
        assert size[0] > 300 and size[1] > 150, size  # the SVG decoded and drew
    page.close()


@pytest.mark.parametrize(
    "notebook", ["01-how-big.ipynb", "03-minimax.ipynb", "stored-with-python-3.10.ipynb"]
)
def test_an_untouched_lesson_opens_unmodified(browser: Browser, lab: Lab, notebook: str) -> None:
    """Opening a lesson and letting its kernel start changes nothing: JupyterLab does not mark
    it modified, so closing it does not ask to save, even where the kernel's Python is not the
    one the lessons were stored with. (JupyterLab writes what the kernel reports into the
    notebook: the lessons store ipykernel's kernel name, and scripts/jupyter_lab_config.py
    gives JupyterLab the running Python's version.)"""
    page = open_notebook(browser, lab, notebook)
    with evidence(page, lab, f"unmodified-{notebook.removesuffix('.ipynb')}"):
        dirty = (
            "() => window.jupyterapp.shell.currentWidget.context.model.dirty"
            " || document.querySelectorAll('.lm-TabBar-tab.jp-mod-dirty').length > 0"
        )
        page.wait_for_timeout(3000)  # JupyterLab writes the kernel's details once it answers
        assert page.evaluate(f"({dirty})()") is False
        metadata = page.evaluate(
            "() => window.jupyterapp.shell.currentWidget.context.model.metadata"
        )
        stored = json.loads((lab.root / notebook).read_text())["metadata"]
        assert metadata["kernelspec"] == stored["kernelspec"]
    page.close()


def test_the_teachers_grading_tools_stay_out_of_the_lessons(browser: Browser, lab: Lab) -> None:
    """nbgrader (the teacher's kit's `grading` extra, which `make test` installs into the same
    `.venv` as `make lab`) enables its JupyterLab and server extensions on install;
    scripts/jupyter_lab_config.py switches them off, so a student's JupyterLab shows no
    Assignments, Courses, Formgrader or Validate."""
    pytest.importorskip("nbgrader", reason="nbgrader is in the `grading` extra (make test)")
    for page_name in ["formgrader", "assignments", "courses"]:
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{lab.url}/{page_name}?token={lab.token}", timeout=10)
        assert refused.value.code == 404, page_name
    page = open_notebook(browser, lab, "01-how-big.ipynb")
    with evidence(page, lab, "no-grading-tools"):
        active = page.evaluate(
            "() => window.jupyterapp.listPlugins()"
            ".filter(id => id.includes('nbgrader') && window.jupyterapp.isPluginActivated(id))"
        )
        assert active == []
        disabled = page.evaluate(
            "() => JSON.parse(document.getElementById('jupyter-config-data').textContent)"
            ".disabledExtensions"
        )
        assert "@jupyter/nbgrader" in disabled
        expect(page.locator(".lm-MenuBar-itemLabel", has_text="Nbgrader")).to_have_count(0)
    page.close()
