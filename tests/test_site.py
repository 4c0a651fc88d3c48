"""The lesson site (`make site`) in a real browser: built once, every page opened in headless
Chromium, from the file system and from a static HTTP server on localhost.

On every page: each link to a page of the site leads to a page (and anchor) that exists, each
image loads, each stored tree, board, chart and widget picture of the notebook shows, nothing
asks any other host for anything, and the console stays free of errors. Then what the site
promises: the lessons and their solutions in order, with previous and next links, each
exercise linked to its solutions page, and the box that says how to run the lesson.
"""

from __future__ import annotations

import functools
import html.parser
import http.server
import itertools
import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import Browser, Page
from test_browser import WAIT_MS, headless_chromium

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9]*.ipynb"))
SOLUTIONS = sorted((NOTEBOOKS / "solutions").glob("[0-9]*.ipynb"))
WIDGET = "application/vnd.jupyter.widget-view+json"
# What the site shows of an output: the first of these it has (never a widget's live view).
SHOWN = ["text/html", "image/svg+xml", "image/png", "image/jpeg", "text/plain"]


def page_of(notebook: Path) -> str:
    """The site's page of a stored notebook, relative to the site's folder."""
    return notebook.relative_to(ROOT).with_suffix(".html").as_posix()


class PictureCounter(html.parser.HTMLParser):
    """Counts the pictures in HTML: each <img>, and each <svg> not inside another."""

    def __init__(self) -> None:
        super().__init__()
        self.pictures = self.depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("svg", "img") and self.depth == 0:
            self.pictures += 1
        self.depth += tag == "svg"

    def handle_endtag(self, tag: str) -> None:
        self.depth -= tag == "svg"


def stored_pictures(notebook: Path) -> tuple[int, int]:
    """How many pictures the notebook's stored outputs hold (each SVG or PNG output, and each
    <svg> or <img> inside an HTML output), and how many widgets it stores without one."""
    pictures = live_only = 0
    for cell in json.loads(notebook.read_text())["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            shown = next((kind for kind in SHOWN if kind in data), None)
            if shown == "text/html":
                counter = PictureCounter()
                counter.feed("".join(data[shown]))
                pictures += counter.pictures
            elif shown is not None and shown.startswith("image/"):
                pictures += 1
            elif WIDGET in data:
                live_only += 1
    return pictures, live_only


# Everything a page shows that the test looks at, read in the page itself.
READ_PAGE = """() => {
  const visible = (e) => {
    const box = e.getBoundingClientRect(), style = getComputedStyle(e);
    return box.width > 0 && box.height > 0 && style.visibility !== "hidden";
  };
  const outputs = [...document.querySelectorAll(".cell_output")];
  const pictures = outputs.flatMap((o) => [...o.querySelectorAll("img, svg")])
    .filter((e) => !e.parentElement.closest("svg"));
  const first = (selector) => document.querySelector(selector)?.href ?? null;
  return {
    title: document.querySelector("h1")?.textContent.replace("#", "").trim() ?? "",
    ids: [...document.querySelectorAll("[id]")].map((e) => e.id),
    links: [...document.querySelectorAll("a[href]")].map((a) => a.href),
    resources: [...document.querySelectorAll("link[href], script[src]")].map(
      (e) => e.href || e.src),
    images: [...document.querySelectorAll("img")].map(
      (i) => ({ src: i.src.slice(0, 120), loaded: i.complete && i.naturalWidth > 0 })),
    pictures: pictures.length,
    hidden_pictures: pictures.filter((e) => !visible(e)).length,
    live_only: document.querySelectorAll(".cell_output .tictac-live-only").length,
    raw_widgets: outputs.filter((o) => /Widget\\(children=/.test(o.innerText)).length,
    empty_outputs: outputs.filter(
      (o) => !o.innerText.trim() && !o.querySelector("img, svg")).length,
    run_links: [...document.querySelectorAll(".tictac-run a")].map((a) => a.href),
    run_text: document.querySelector(".tictac-run")?.innerText ?? "",
    next: first("a.next-page"),
    prev: first("a.prev-page"),
    toc: [...document.querySelectorAll(".sidebar-tree a.reference")].map((a) => a.href),
  };
}"""


@dataclass
class Visit:
    """One page as the browser saw it."""

    url: str
    seen: dict[str, Any]
    requests: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # failed requests, console errors


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with headless_chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def site(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once as `make site` builds it (into a folder of the test's own)."""
    work = tmp_path_factory.mktemp("site")
    started = time.monotonic()
    built = subprocess.run(
        [sys.executable, str(ROOT / "site" / "build.py"), "--out", str(work / "html")]
        + ["--work", str(work / "work")],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, f"the site did not build:\n{built.stdout}\n{built.stderr}"
    print(f"site built in {time.monotonic() - started:.1f} s")
    return work / "html"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[str]:
    """A static HTTP server of the site on localhost, as any static host would serve it."""
    handler = functools.partial(QuietHandler, directory=str(site))
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler) as httpd:
        thread = threading.Thread(target=httpd.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{httpd.server_address[1]}"
        finally:
            httpd.shutdown()


def visit_every_page(browser: Browser, site: Path, base: str) -> dict[str, Visit]:
    """Every HTML page of the site, opened at `base` in one browser page, by its path."""
    page: Page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(WAIT_MS)
    current: list[Visit] = []
    page.on("request", lambda request: current[-1].requests.append(request.url))
    # (A request still running when the test moves on, such as the icon's, is aborted; that
    # is the test's doing, not the page's. Every file a page names is checked to exist.)
    page.on(
        "requestfailed",
        lambda request: (
            request.failure != "net::ERR_ABORTED"
            and current[-1].problems.append(
                f"request failed: {request.url[:120]} ({request.failure})"
            )
        ),
    )
    page.on(
        "response",
        lambda response: (
            response.status >= 400
            and current[-1].problems.append(f"HTTP {response.status}: {response.url}")
        ),
    )
    page.on(
        "console",
        lambda message: (
            message.type == "error"
            and current[-1].problems.append(f"console error: {message.text}")
        ),
    )
    page.on("pageerror", lambda error: current[-1].problems.append(f"page error: {error}"))
    visits = {}
    try:
        for path in sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")):
            current.append(Visit(f"{base}/{path}", {}))
            page.goto(current[-1].url, wait_until="load")
            current[-1].seen = page.evaluate(READ_PAGE)
            visits[path] = current[-1]
    finally:
        page.close()
    return visits


def local_path(url: str, site: Path, base: str) -> str | None:
    """The path in the site that `url` names, or None if it is not the site's."""
    if not url.startswith(base + "/"):
        return None
    path = unquote(urlsplit(url).path.removeprefix(urlsplit(base).path))
    path = path.lstrip("/")
    return path + "index.html" if path == "" or path.endswith("/") else path


def check_site(visits: dict[str, Visit], site: Path, base: str) -> None:
    problems: list[str] = []
    for path, visit in visits.items():
        seen = visit.seen
        say = functools.partial(lambda where, what: problems.append(f"{where}: {what}"), path)
        for problem in visit.problems:
            say(problem)
        for request in visit.requests:
            if not request.startswith((base + "/", "data:", "about:")):
                say(f"a request to another site: {request[:120]}")
        for image in seen["images"]:
            if not image["loaded"]:
                say(f"an image did not load: {image['src']}")
        for resource in seen["resources"]:
            target = local_path(resource, site, base)
            if target is not None and not (site / target).is_file():
                say(f"a missing file: {resource}")
        for link in seen["links"]:
            target = local_path(link, site, base)
            if target is None:
                continue
            if not (site / target).is_file():
                say(f"a broken link: {link}")
                continue
            anchor = urlsplit(link).fragment
            if anchor and target.endswith(".html") and anchor not in visits[target].seen["ids"]:
                say(f"a link to a missing anchor: {link}")
        if seen["hidden_pictures"]:
            say(f"{seen['hidden_pictures']} pictures in the outputs are not visible")
        if seen["raw_widgets"] or seen["empty_outputs"]:
            say(f"outputs as text or empty: {seen['raw_widgets']}, {seen['empty_outputs']}")
    for notebook in LESSONS + SOLUTIONS:
        seen = visits[page_of(notebook)].seen
        pictures, live_only = stored_pictures(notebook)
        if (seen["pictures"], seen["live_only"]) != (pictures, live_only):
            problems.append(
                f"{page_of(notebook)}: {seen['pictures']} pictures and {seen['live_only']} "
                f"widget notes shown, {pictures} and {live_only} stored"
            )
    assert not problems, f"{len(problems)} problems at {base}:\n" + "\n".join(problems)


@pytest.mark.parametrize("served", ["file", "http"])
def test_every_page_works_from_the_file_system_and_from_a_static_host(
    browser: Browser, site: Path, request: pytest.FixtureRequest, served: str
) -> None:
    base = site.as_uri() if served == "file" else request.getfixturevalue("server")
    started = time.monotonic()
    visits = visit_every_page(browser, site, base)
    assert len(visits) >= len(LESSONS) + len(SOLUTIONS) + 1
    check_site(visits, site, base)
    print(f"{len(visits)} pages checked at {served}:// in {time.monotonic() - started:.1f} s")

    # The table of contents: the lessons in order, then their solutions, each titled so.
    pages = [page_of(notebook) for notebook in LESSONS + SOLUTIONS]
    toc = [local_path(link, site, base) for link in visits["index.html"].seen["toc"]]
    assert toc == pages
    for notebook in SOLUTIONS:
        number = int(notebook.name[:2])
        assert visits[page_of(notebook)].seen["title"].startswith(f"Solutions · Lesson {number}")
    # Previous and next, page after page.
    for before, after in itertools.pairwise(pages):
        assert local_path(visits[before].seen["next"], site, base) == after
        assert local_path(visits[after].seen["prev"], site, base) == before

    for notebook in LESSONS + SOLUTIONS:
        seen = visits[page_of(notebook)].seen
        links = {local_path(link, site, base) for link in seen["links"]}
        # every lesson links to its solutions page (from its exercises), and back
        partner = (
            NOTEBOOKS / "solutions" / f"{notebook.stem}-solutions.ipynb"
            if notebook in LESSONS
            else NOTEBOOKS / f"{notebook.stem.removesuffix('-solutions')}.ipynb"
        )
        assert page_of(partner) in links, f"{notebook.name} has no link to {partner.name}"
        # the lessons' "All lessons" links reach the home page's list
        assert "index.html" in links
        # and how to run the lesson: the notebook in JupyterLab, and the two commands
        in_lab = "http://127.0.0.1:8888/lab/tree/" + notebook.relative_to(NOTEBOOKS).as_posix()
        assert in_lab in seen["run_links"], seen["run_links"]
        assert "git clone " in seen["run_text"] and "make lab" in seen["run_text"]
