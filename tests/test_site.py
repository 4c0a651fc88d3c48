"""The lesson site (`make site`) in a real browser: built once, with its browser edition in
lite/, every page opened in headless Chromium, from the file system and from a static HTTP
server on localhost.

On every page: each link to a page of the site leads to a page (and anchor) that exists, each
image loads, each stored tree, board, chart and widget picture of the notebook shows, nothing
asks any other host for anything, and the console stays free of errors. Then what the site
promises: the lessons and their solutions in order, with previous and next links, each
exercise linked to its solutions page, and the box that says how to run the lesson, in the
browser edition or in JupyterLab.

Every page passes axe-core's accessibility audit (tests/axe_audit.py), on a wide screen and on
a phone's, and the keyboard reaches everything a page shows, with a visible focus ring, and
nothing it hides.

The browser edition is checked as a folder here: it holds every lesson and solutions notebook,
and its settings and package lists name only files in the folder, with their checksums (that
the lessons run there, with every request outside the folder refused, is for a browser test
that runs them).
"""

from __future__ import annotations

import functools
import hashlib
import html.parser
import itertools
import json
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from axe_audit import audit, axe_version, counts, report
from browser_edition import served
from playwright.sync_api import Browser, Page
from test_browser import WAIT_MS, headless_chromium, in_ci

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9]*.ipynb"))
SOLUTIONS = sorted((NOTEBOOKS / "solutions").glob("[0-9]*.ipynb"))
WIDGET = "application/vnd.jupyter.widget-view+json"
LITE = "lite"  # the browser edition's folder in the site
PYODIDE_KERNEL = "@jupyterlite/pyodide-kernel-extension:kernel"  # its settings' key
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


def needs_npm(why: str) -> None:
    """Building the browser edition needs npm: without it a test is skipped (and the end of
    the run says so), except in CI, where it fails."""
    if shutil.which("npm") is None:
        how = (
            "install Node.js and npm (Debian/Ubuntu: sudo apt-get install nodejs npm, Fedora: "
            "sudo dnf install nodejs npm, macOS: brew install node; `make test` does it as root "
            "with apt)"
        )
        if in_ci():
            pytest.fail(f"CI must build the browser edition, which needs npm: {how}")
        pytest.skip(f"no npm on this machine to build the browser edition; {why}, {how}")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site and its browser edition, built once as `make site` builds them (into a folder
    of the test's own; the browser edition's downloads come from pip's and npm's caches after
    the first time)."""
    needs_npm("to test the site")
    work = tmp_path_factory.mktemp("site")
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, str(ROOT / "site" / "build.py"), "--out", str(work / "html")]
        + ["--work", str(work / "work"), "--lite-work", str(work / "lite")],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, f"the site did not build:\n{done.stdout}\n{done.stderr}"
    print(f"site and browser edition built in {time.monotonic() - started:.1f} s")
    return work / "html"


@pytest.fixture(scope="module")
def site(browser: Browser, built: Path) -> Path:
    """The site, once Chromium is known to be there."""
    return built


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[str]:
    """A static HTTP server of the site on localhost, as any static host would serve it."""
    with served(site) as address:
        yield address.rstrip("/")


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
        # (the website's own pages, not the browser edition's, which needs http and is
        # JupyterLab's own; the links to it are checked like any other)
        pages = (p.relative_to(site).as_posix() for p in site.rglob("*.html"))
        for path in sorted(p for p in pages if not p.startswith(f"{LITE}/")):
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

    # The table of contents: the lessons in order, then their solutions, each titled so, then
    # the teacher's guide.
    pages = [page_of(notebook) for notebook in LESSONS + SOLUTIONS] + ["teachers.html"]
    toc = [local_path(link, site, base) for link in visits["index.html"].seen["toc"]]
    assert toc == pages
    for notebook in SOLUTIONS:
        number = notebook.name.split("-")[0]  # "02", or "02b" for a split lesson's second half
        title = f"Solutions · Lesson {int(number[:2])}{number[2:]} ·"
        assert visits[page_of(notebook)].seen["title"].startswith(title)
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
        # and how to run the lesson: in the browser edition, with a link that opens this
        # notebook there; or in JupyterLab, with the two commands
        path = notebook.relative_to(NOTEBOOKS).as_posix()
        in_browser = f"{base}/{LITE}/lab/index.html?path={path}"
        assert in_browser in seen["run_links"], seen["run_links"]
        assert in_lite(site, path), f"{path} is not in the browser edition"
        assert "Run in your browser" in seen["run_text"]
        assert "http or https" in seen["run_text"]  # (from the file system, it cannot start)
        in_lab = "http://127.0.0.1:8888/lab/tree/" + path
        assert in_lab in seen["run_links"], seen["run_links"]
        assert "git clone " in seen["run_text"] and "make lab" in seen["run_text"]
    # the home page and the teacher's guide link to the browser edition
    assert f"{base}/{LITE}/lab/index.html" in visits["index.html"].seen["links"]
    assert f"{base}/{LITE}/lab/index.html" in visits["teachers.html"].seen["links"]


# --- accessibility: axe-core on every page, and the keyboard ------------------------------------

SCREENS = {"wide": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
# The page's transitions and smooth scrolling off: where the focus lands is checked at once,
# not after a slide.
NO_TRANSITIONS = "* { transition: none !important; scroll-behavior: auto !important; }"


def website_pages(site: Path) -> list[str]:
    """Every HTML page of the website (not the browser edition's, which is JupyterLab's own)."""
    pages = (p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    return sorted(p for p in pages if not p.startswith(f"{LITE}/"))


@pytest.mark.parametrize("screen", SCREENS)
def test_every_page_passes_the_accessibility_audit(
    browser: Browser, site: Path, screen: str
) -> None:
    """axe-core, every rule it runs by default, on every page of the website, Furo's markup
    included, and on the search page showing results: no violation. On a phone's screen more
    code blocks and outputs scroll sideways (each must take focus: site/_static/tictac-site.js)."""
    page = browser.new_page(viewport=SCREENS[screen])
    page.set_default_timeout(WAIT_MS)
    found: dict[str, list[Any]] = {}
    started = time.monotonic()
    try:
        for path in website_pages(site):
            page.goto((site / path).as_uri(), wait_until="load")
            found[path] = audit(page)
        page.goto((site / "search.html").as_uri() + "?q=minimax", wait_until="load")
        page.locator("#search-results ul.search li").first.wait_for()
        found["search.html?q=minimax"] = audit(page)
        version = axe_version(page)
    finally:
        page.close()
    failing = {path: violations for path, violations in found.items() if violations}
    took = time.monotonic() - started
    print(f"axe-core {version}: {len(found)} pages, {screen} screen, {took:.0f} s")
    assert not failing, (
        f"{len(failing)} of {len(found)} pages fail axe-core {version}:\n"
        + "\n".join(
            f"{path}: {counts(violations)}\n{report(violations)}"
            for path, violations in failing.items()
        )
    )


# Where the focus is, and whether a person can see it there: inside the window, not hidden, and
# ringed (an outline, or, for the search box, its box's: tictac-site.css).
FOCUSED = """() => {
  const e = document.activeElement, box = e.getBoundingClientRect(), style = getComputedStyle(e);
  const ring = (s) => s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0;
  const holder = e.closest(".sidebar-search-container");
  const name = (e.getAttribute("aria-label") || e.textContent).trim().slice(0, 40);
  return {
    what: `${e.tagName.toLowerCase()} ${name}`,
    body: e === document.body,
    seen: box.width > 0 && box.height > 0 && box.right > 0 && box.bottom > 0
      && box.left < innerWidth && box.top < innerHeight && style.visibility === "visible",
    ringed: ring(style) || (holder !== null && ring(getComputedStyle(holder))),
    scrolls: e.hasAttribute("data-tictac-scrolls"),
  };
}"""


def tab_through(page: Page) -> list[dict[str, Any]]:
    """Every stop of the Tab key on the page, from its top until the focus leaves it."""
    page.keyboard.press("Home")
    page.evaluate("() => document.activeElement?.blur()")
    stops = []
    for _ in range(500):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused["body"]:
            return stops
        stops.append(focused)
    raise AssertionError("Tab never left the page")


@pytest.mark.parametrize("screen", SCREENS)
def test_the_keyboard_sees_where_it_is_and_reaches_what_scrolls(
    browser: Browser, site: Path, screen: str
) -> None:
    """Tab, from the top of a lesson to its end: every stop is in sight and ringed (Furo's
    closed drawers, off the screen, are not stops), every box that scrolls sideways is a stop
    and the arrow keys scroll it, and a box that fits the screen is no stop."""
    page = browser.new_page(viewport=SCREENS[screen])
    page.set_default_timeout(WAIT_MS)
    try:
        page.goto((site / "notebooks/03-minimax.html").as_uri(), wait_until="load")
        page.add_style_tag(content=NO_TRANSITIONS)
        boxes = page.evaluate(
            """() => [...document.querySelectorAll("article pre")].map((e) => ({
                 wider: e.scrollWidth > e.clientWidth,
                 stop: e.getAttribute("tabindex") === "0"}))"""
        )
        assert boxes and all(box["wider"] == box["stop"] for box in boxes), boxes
        stops = tab_through(page)
        unseen = [stop["what"] for stop in stops if not (stop["seen"] and stop["ringed"])]
        assert not unseen, (
            f"{len(unseen)} of {len(stops)} stops out of sight or not ringed: {unseen}"
        )
        wide = sum(box["wider"] for box in boxes)
        assert sum(stop["scrolls"] for stop in stops) == wide > 0
        box = page.locator("article pre[data-tictac-scrolls]").first
        box.focus()
        page.keyboard.press("ArrowRight")
        page.wait_for_function("(e) => e.scrollLeft > 0", arg=box.element_handle())
        # and the ring is ours, 2 px wide (tictac-site.css)
        assert box.evaluate("(e) => getComputedStyle(e).outlineWidth") == "2px"
    finally:
        page.close()


def test_on_a_phone_the_keyboard_opens_and_closes_the_drawers(browser: Browser, site: Path) -> None:
    """On a narrow screen, Furo's drawers (the site's navigation, and "On this page") open
    from their icons with the keyboard as with a mouse: each icon is a button with a name that
    says whether its drawer is open; Enter opens it and moves the focus into it, Escape closes
    it and brings the focus back. Closed, a drawer's links are no Tab stops."""
    page = browser.new_page(viewport=SCREENS["phone"])
    page.set_default_timeout(WAIT_MS)
    try:
        page.goto((site / "notebooks/03-minimax.html").as_uri(), wait_until="load")
        page.add_style_tag(content=NO_TRANSITIONS)
        for name, first in (("Site navigation", "tictac: game-tree search"), ("On this page", "")):
            button = page.get_by_role("button", name=name, exact=True)
            drawer = page.locator(f"aside[aria-label='{name}']")
            assert button.get_attribute("aria-expanded") == "false"
            assert drawer.evaluate("(e) => getComputedStyle(e).visibility") == "hidden"
            button.focus()
            page.keyboard.press("Enter")
            assert button.get_attribute("aria-expanded") == "true"
            focused = page.evaluate(FOCUSED)
            assert focused["seen"] and focused["ringed"], focused
            assert page.evaluate(
                "(name) => document.activeElement.closest(`aside[aria-label='${name}']`) !== null",
                name,
            ), focused
            assert first in focused["what"]
            found = audit(page)  # (the drawer open, over the page)
            assert not found, report(found)
            page.keyboard.press("Escape")
            assert button.get_attribute("aria-expanded") == "false"
            assert page.evaluate(FOCUSED)["what"] == f"button {name}"
    finally:
        page.close()


# --- the browser edition, as a folder ------------------------------------------------------------


def in_lite(site: Path, path: str) -> bool:
    """Whether the browser edition lists the notebook `path` (relative to notebooks/) and
    holds it as stored."""
    folder, _, name = path.rpartition("/")
    listing = json.loads((site / LITE / "api/contents" / folder / "all.json").read_text())
    listed = {entry["name"]: entry for entry in listing["content"]}
    held = site / LITE / "files" / path
    return (
        name in listed
        and listed[name]["type"] == "notebook"
        and held.is_file()
        and json.loads(held.read_text()) == json.loads((NOTEBOOKS / path).read_text())
    )


def urls(value: Any) -> list[str]:
    """Every string in a JSON value that names another host (`scheme://`)."""
    if isinstance(value, dict):
        return [url for item in value.values() for url in urls(item)]
    if isinstance(value, list):
        return [url for item in value for url in urls(item)]
    return [value] if isinstance(value, str) and "://" in value else []


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_browser_edition_holds_every_lesson_and_solutions_notebook(built: Path) -> None:
    for notebook in LESSONS + SOLUTIONS:
        path = notebook.relative_to(NOTEBOOKS).as_posix()
        assert in_lite(built, path), f"{path} is not in the browser edition as stored"
    held = {p.relative_to(built / LITE / "files") for p in (built / LITE / "files").rglob("*")}
    notebooks = {p.relative_to(NOTEBOOKS) for p in LESSONS + SOLUTIONS}
    assert held - {Path("solutions")} == notebooks  # and nothing else: no notes, no checkpoints


def test_the_browser_edition_loads_its_python_from_its_own_folder(built: Path) -> None:
    """What the kernel is told: Pyodide from the folder, never PyPI, tictac and the lessons'
    packages loaded at start; Pyodide's lock and the kernel's wheel index name only files in
    the folder, with their true checksums. (Where the page itself loads from is the browser
    test's to check, with every other host refused: JupyterLab's scripts mention addresses in
    strings that are never fetched.)"""
    lite = built / LITE
    settings = json.loads((lite / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = settings["litePluginSettings"][PYODIDE_KERNEL]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert (lite / kernel["pyodideUrl"]).is_file()
    preload = kernel["loadPyodideOptions"]["packages"]
    assert {"tictac", "ipywidgets", "graphviz"} <= set(preload)
    for index in kernel["pipliteUrls"]:
        assert not urls(index), index
        listing = lite / index.split("?")[0]
        for name, package in json.loads(listing.read_text()).items():
            for release in package["releases"].values():
                for wheel in release:
                    assert not urls(wheel["url"]), wheel["url"]
                    found = listing.parent / wheel["url"]
                    assert found.is_file(), f"{name}: {wheel['url']} is not in the folder"
                    assert sha256(found) == wheel["digests"]["sha256"], found.name
    for config in [lite / "jupyter-lite.json", lite / "lab" / "jupyter-lite.json"]:
        assert not urls(json.loads(config.read_text())), config

    lock = json.loads((lite / "static/pyodide/pyodide-lock.json").read_text())
    assert not urls(lock)
    packages = lock["packages"]
    for name, package in packages.items():
        wheel = lite / "static/pyodide" / package["file_name"]
        assert "/" not in package["file_name"] and wheel.is_file(), f"{name}: not in the folder"
        assert sha256(wheel) == package["sha256"], f"{name}: another file than the lock's"
        # (Pyodide's own lock spells some names with "_", as Pyodide's loader accepts)
        assert {canonical(d) for d in package["depends"]} <= set(packages), name
    assert {canonical(p) for p in preload} <= set(packages)
    assert "tictac" in packages and "micropip" in packages
    # and Graphviz compiled to WebAssembly, where tictac.pictures.browser looks for it
    from tictac.pictures.browser import VIZ_PATH

    assert (lite / VIZ_PATH).stat().st_size > 500_000


def test_run_in_your_browser_opens_the_notebook_in_the_browser_edition(
    browser: Browser, site: Path, server: str
) -> None:
    """The link on a solutions page (the deepest path) opens that notebook in the browser
    edition's JupyterLab, served over http, asking no other host for anything."""
    notebook = SOLUTIONS[0]
    context = browser.new_context()
    outside: list[str] = []
    context.on(
        "request",
        lambda request: (
            request.url.startswith((server + "/", "data:", "blob:")) or outside.append(request.url)
        ),
    )
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto(f"{server}/{page_of(notebook)}")
        page.click(".tictac-run a.tictac-in-browser")
        tab = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tabLabel", has_text=notebook.name)
        tab.wait_for()
        page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for()
    finally:
        context.close()
    assert not outside, outside
