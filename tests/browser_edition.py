"""Run notebooks in the browser edition, as a student would, and compare what they show.

Used by tests/test_browser_edition.py and bench/browser_edition.py. The edition (site/lite.py)
is served from 127.0.0.1 by a small static server; Debian's Chromium opens it headless, with
every request to any other address refused and recorded, so a test proves that nothing is
fetched from elsewhere. A notebook is opened, its stored outputs cleared, every cell run
(JupyterLab's Run All), and the notebook as the browser then holds it is read back.

:func:`differences` compares those outputs with the stored ones, output by output: the same
kinds of output, the same text (after the lessons' sanitize rules, notebooks/sanitize.cfg), the
same pictures. Two kinds of output are compared by what they show, not byte for byte: a game
tree drawn by Graphviz (the browser's Graphviz is a newer build than ``dot``, so the layout
differs; the boards, values and words in it must not), and a live widget (stored as its still
picture, run as a widget: it must be there and be the same widget).
"""

from __future__ import annotations

import base64
import configparser
import contextlib
import difflib
import fcntl
import functools
import http.server
import json
import os
import re
import shutil
import sys
import threading
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_browser import CHROMIUM_FLAGS

ROOT = Path(__file__).resolve().parent.parent
SANITIZE = ROOT / "notebooks" / "sanitize.cfg"
WIDGET = "application/vnd.jupyter.widget-view+json"
SVG = "image/svg+xml"
STILL_PICTURE = '<figure class="tictac-static">'
# How long a student may wait: for the kernel to start, and for one notebook to run.
KERNEL_WAIT_S = 90
RUN_WAIT_S = 600


def build(out: Path) -> Path:
    """The browser edition, built into `out` by site/lite.py (downloads cached in build/)."""
    sys.path.insert(0, str(ROOT / "site"))
    try:
        import lite
    finally:
        sys.path.remove(str(ROOT / "site"))
    lite.build(out, out.parent / f"{out.name}-work", cache=ROOT / "build" / "lite" / "cache")
    return out


def build_once(folder: Path) -> Path:
    """The browser edition in `folder`/lite, built by the first test process that asks and used
    by the others, which wait for it (the test's two files run side by side under
    pytest-xdist; `folder` is the run's own, so every run builds afresh)."""
    with (folder / "lite.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # (released when the file closes)
        if not (folder / "lite.built").exists():
            build(folder / "lite")
            (folder / "lite.built").touch()
    return folder / "lite"


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Static files, with the types WebAssembly and ES modules need, and no log lines."""

    extensions_map = {  # noqa: RUF012 (the base class's attribute)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def served(folder: Path) -> Iterator[str]:
    """`folder` served on 127.0.0.1 at a free port; yields its address."""
    handler = functools.partial(_Handler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def offline_chromium(executable: str) -> Iterator[Browser]:
    """Headless Chromium that reaches nothing but 127.0.0.1 (a proxy that does not exist for
    everything else; the pages' own requests are also checked, see :func:`open_lesson`)."""
    flags = [*CHROMIUM_FLAGS, "--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=127.0.0.1"]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=flags)
        try:
            yield browser
        finally:
            browser.close()


@dataclass
class Run:
    """One notebook run top to bottom in the browser edition."""

    notebook: str
    kernel_seconds: float = 0.0  # from opening the page to an idle kernel
    run_seconds: float = 0.0  # Run All, from the first cell to the last
    cells: list[dict[str, Any]] = field(default_factory=list)  # as the browser holds them
    outside: list[str] = field(default_factory=list)  # requests to anywhere else, refused
    page: Page | None = None


_KERNEL_IDLE = """() => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const kernel = panel && panel.sessionContext && panel.sessionContext.session
    && panel.sessionContext.session.kernel;
  return Boolean(kernel) && kernel.status === "idle";
}"""
_CODE_CELLS = """() => {
  const model = window.jupyterapp.shell.currentWidget.content.model;
  return [...Array(model.cells.length).keys()].map((i) => model.cells.get(i))
    .filter((cell) => cell.type === "code");
}"""
_ALL_CLEARED = f"() => ({_CODE_CELLS})().every((cell) => cell.executionCount === null)"


def open_lesson(browser: Browser, address: str, notebook: str) -> Run:
    """Open `notebook` (a path inside the edition, e.g. ``solutions/03-minimax-solutions.ipynb``)
    in a fresh page and wait for its kernel; the page stays open in ``Run.page``."""
    run = Run(notebook)
    context = browser.new_context(viewport={"width": 1300, "height": 1000})

    def only_here(route: Any) -> None:
        url = route.request.url
        if url.startswith((address, "data:", "blob:")):
            route.continue_()
        else:
            run.outside.append(url)
            route.abort()

    context.route("**/*", only_here)
    page = run.page = context.new_page()
    started = time.monotonic()
    page.goto(f"{address}lab/index.html?path={notebook}")
    page.wait_for_function(_KERNEL_IDLE, timeout=KERNEL_WAIT_S * 1000, polling=200)
    run.kernel_seconds = time.monotonic() - started
    return run


def run_all(run: Run) -> Run:
    """Clear the stored outputs, run every cell (JupyterLab's Run All, which stops at a cell
    that fails: the outputs then say why) and read the notebook back."""
    assert run.page is not None
    page = run.page
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    page.wait_for_function(_ALL_CLEARED, timeout=30_000)
    started = time.monotonic()
    page.evaluate(_START_RUN_ALL)
    try:
        page.wait_for_function(
            f"() => window.tictacRunAll !== null && ({_KERNEL_IDLE})()",
            timeout=RUN_WAIT_S * 1000,
            polling=250,
        )
    except PlaywrightTimeout:
        raise AssertionError(f"{run.notebook} did not finish within {RUN_WAIT_S} s") from None
    run.run_seconds = time.monotonic() - started
    outcome = page.evaluate("() => window.tictacRunAll")
    assert outcome == "done", f"Run All failed in {run.notebook}: {outcome}"
    model = page.evaluate("() => window.jupyterapp.shell.currentWidget.content.model.toJSON()")
    run.cells = model["cells"]
    return run


# Run All, started without waiting for it (Playwright's evaluate has no time limit of its own):
# window.tictacRunAll says "done" when it has finished, or why it failed.
_START_RUN_ALL = """() => {
  window.tictacRunAll = null;
  window.jupyterapp.commands.execute("notebook:run-all-cells").then(
    () => { window.tictacRunAll = "done"; },
    (error) => { window.tictacRunAll = String(error); },
  );
}"""


def close(run: Run) -> None:
    if run.page is not None:
        run.page.context.close()
        run.page = None


# --- Comparing outputs -----------------------------------------------------------------------


@functools.cache
def _sanitize_rules() -> tuple[tuple[re.Pattern[str], str], ...]:
    parser = configparser.ConfigParser()
    parser.read(SANITIZE)
    return tuple(
        (re.compile(s["regex"]), s["replace"].strip()) for s in parser.values() if "regex" in s
    )


def sanitized(text: str) -> str:
    for pattern, replacement in _sanitize_rules():
        text = pattern.sub(replacement, text)
    return text


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def graphviz_drawing(svg: str) -> list[str]:
    """What a Graphviz drawing shows, whatever its layout: each node's and edge's name, its
    words in order, and the colours, line widths and dashes of its shapes (Graphviz builds
    differ in the order they write shapes in, and in "transparent" for "none")."""
    tree = ET.fromstring(re.sub(r"<!DOCTYPE[^>]*>", "", svg))
    shown = []
    for group in tree.iter(f"{{{SVG_NS}}}g"):
        kind = group.get("class", "")
        if kind not in ("node", "edge"):
            continue
        title = next((t.text for t in group.iter(f"{{{SVG_NS}}}title")), "")
        words = [(t.text or "").strip() for t in group.iter(f"{{{SVG_NS}}}text")]
        styles = sorted(
            _style(element)
            for element in group.iter()
            if element.tag.removeprefix(f"{{{SVG_NS}}}") not in ("g", "title")
        )
        shown.append(f"{kind} {title}: {words} {styles}")
    return shown


SVG_NS = "http://www.w3.org/2000/svg"
_STYLE = ("fill", "stroke", "stroke-width", "stroke-dasharray", "font-weight", "font-size")


def _style(element: ET.Element) -> str:
    looks = {k: element.get(k, "").replace("transparent", "none") for k in _STYLE}
    if looks["stroke"] == "none":  # (a line not drawn has no width: builds differ there too)
        looks["stroke-width"] = looks["stroke-dasharray"] = ""
    return element.tag.removeprefix(f"{{{SVG_NS}}}") + repr(sorted(looks.items()))


def _picture(svg: str) -> Any:
    """A picture as compared: a Graphviz drawing by what it shows, any other SVG as it is."""
    is_graphviz = "Generated by graphviz" in svg or 'class="graph"' in svg
    return graphviz_drawing(svg) if is_graphviz else sanitized(svg)


def _still_picture(html: str) -> Any:
    """A widget's still picture (tictac/pictures/static.py): its picture and its caption."""
    found = re.search(
        r'src="data:image/svg\+xml;base64,([^"]+)".*?(?:<figcaption[^>]*>(.*?)<)?', html
    )
    if found is None:
        return sanitized(html)
    svg = base64.b64decode(found.group(1)).decode("utf-8")
    return {"picture": _picture(svg), "caption": found.group(2) or ""}


def _shown(output: dict[str, Any]) -> dict[str, Any]:
    """What an output shows, in a form that two equal showings share."""
    kind = output["output_type"]
    if kind == "stream":
        return {"stream": output["name"], "text": sanitized(_text(output["text"]))}
    if kind == "error":
        return {"error": output["ename"]}
    data = output.get("data", {})
    still = _text(data.get("text/html", ""))
    if WIDGET in data or still.startswith(STILL_PICTURE):
        # a widget: stored as its still picture (tictac/pictures/static.py), run as the live widget,
        # whose output holds the same still picture beside it
        return {"widget": _still_picture(still)}
    shown: dict[str, Any] = {}
    for mime, value in sorted(data.items()):
        text = _text(value)
        if mime == SVG:
            shown[mime] = _picture(text)
        elif mime in ("text/plain", "text/html", SVG, "text/markdown", "text/latex"):
            shown[mime] = sanitized(text)
        else:
            shown[mime] = "(present)"
    return shown


def differences(stored: list[dict[str, Any]], ran: list[dict[str, Any]]) -> list[str]:
    """Where the browser's outputs differ from the stored ones: one line per cell that differs
    (cell numbers count from 0, as in the .ipynb)."""
    if len(stored) != len(ran):
        return [f"the browser holds {len(ran)} cells, the stored notebook {len(stored)}"]
    found = []
    for number, (before, after) in enumerate(zip(stored, ran)):
        if before["cell_type"] != "code":
            continue
        if after.get("execution_count") is None:
            found.append(f"cell {number}: not run")
            continue
        old = [_shown(o) for o in before.get("outputs", [])]
        new = [_shown(o) for o in after.get("outputs", [])]
        old, new = _merged_streams(old), _merged_streams(new)
        if old != new:
            found.append(f"cell {number}, stored (-) and in the browser (+):\n{_diff(old, new)}")
    return found


def errors(ran: list[dict[str, Any]]) -> list[str]:
    """Every error a cell showed, as 'cell N: Name: message'."""
    return [
        f"cell {number}: {output['ename']}: {output['evalue'][:500]}"
        for number, cell in enumerate(ran)
        for output in cell.get("outputs", [])
        if output["output_type"] == "error"
    ]


def _merged_streams(outputs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Consecutive writes to one stream as one (how text is cut into pieces varies)."""
    merged: list[dict[str, Any]] = []
    for output in outputs:
        if merged and "stream" in output and merged[-1].get("stream") == output["stream"]:
            merged[-1] = {**merged[-1], "text": merged[-1]["text"] + output["text"]}
        else:
            merged.append(dict(output))
    return merged


def _diff(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> str:
    """The lines that differ, at most 40 of them."""
    lines = difflib.unified_diff(
        json.dumps(old, indent=1, ensure_ascii=False).replace("\\n", "\n").splitlines(),
        json.dumps(new, indent=1, ensure_ascii=False).replace("\\n", "\n").splitlines(),
        lineterm="",
        n=0,
    )
    return "\n".join(line[:300] for line in list(lines)[2:42])


def chromium_executable() -> str | None:
    """The Chromium to drive, as tests/test_browser.py finds it (TICTAC_CHROMIUM first)."""
    return (
        os.environ.get("TICTAC_CHROMIUM")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )


def execute(run: Run, code: str) -> list[dict[str, Any]]:
    """Run `code` in the page's kernel (not in a cell); its outputs, as the kernel sent them."""
    assert run.page is not None
    script = """async (code) => {
      const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
      const future = kernel.requestExecute({ code });
      const outputs = [];
      future.onIOPub = (message) => {
        const kind = message.header.msg_type;
        if (["stream", "error", "execute_result", "display_data"].includes(kind)) {
          outputs.push({ output_type: kind, ...message.content });
        }
      };
      await future.done;
      return outputs;
    }"""
    return list(run.page.evaluate(script, code))


def run_new_cell(run: Run, code: str) -> None:
    """Add a cell with `code` at the top of the open notebook (in view: JupyterLab draws only
    the cells in view) and start it; it runs on after this returns: wait for what it shows."""
    assert run.page is not None
    run.page.evaluate(
        """(code) => {
          const notebook = window.jupyterapp.shell.currentWidget.content;
          notebook.activeCellIndex = 0;
          window.jupyterapp.commands.execute("notebook:insert-cell-above");
          notebook.activeCell.model.sharedModel.setSource(code);
          window.jupyterapp.commands.execute("notebook:run-cell");
        }""",
        code,
    )


def runs_as_stored(run: Run) -> None:
    """Run the notebook top to bottom and check it: no error, nothing fetched from
    elsewhere, the same outputs as stored (:func:`differences`)."""
    run_all(run)
    assert errors(run.cells) == []
    assert run.outside == [], "the edition fetched from another site"
    stored = json.loads((ROOT / "notebooks" / run.notebook).read_text())["cells"]
    found = differences(stored, run.cells)
    assert not found, "\n".join(found)
