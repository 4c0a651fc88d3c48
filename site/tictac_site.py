"""What the lesson site needs beyond Sphinx and MyST-NB, applied while building, never to the
stored notebooks:

- each lesson and solutions page gets a box "Run this lesson yourself": a link that opens it
  in the browser edition (site/lite.py, in the site's folder `lite/`), and how to open it in
  JupyterLab, with the two commands;
- the lessons' links to the README's list of lessons (``../README.md#the-lessons``) lead to
  the site's own list, on the home page;
- a widget stored without a still picture shows a sentence saying where it runs, not its text
  form (``GameWidget(children=...)``) nor an empty box;
- the captions of the tables of contents ("Lessons", "Solutions", in the sidebar and on the
  home page) are headings with a level, as a screen reader needs them to be.

(What the theme's templates need is in _templates/, and the keyboard's way into scrolling boxes
in _static/tictac-site.js.)
"""

from __future__ import annotations

import hashlib
import html
import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote

import nbformat
from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.writers.html5 import HTML5Translator

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = "notebooks/"  # where the lessons are, in the site as in the repository
INDEX_SECTION = "the-lessons"  # the home page's heading "The lessons", as in the README
JUPYTERLAB = "http://127.0.0.1:8888/lab/tree/"  # where `make lab` serves the notebooks folder
# The browser edition's JupyterLab, from the site's root (site/build.py builds it there); it
# opens the notebook named by `?path=`, relative to the notebooks folder.
IN_BROWSER = "lite/lab/index.html?path="
WIDGET = "application/vnd.jupyter.widget-view+json"
PICTURES = ("text/html", "image/svg+xml", "image/png", "image/jpeg")


def repository() -> str:
    """The project's repository, as pyproject.toml names it."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return str(project["urls"]["Homepage"]).rstrip("/")


def read_notebook(text: str) -> nbformat.NotebookNode:
    """The notebook as MyST-NB reads it, with each widget that has no still picture stored
    given a sentence in place of its text form."""
    notebook = nbformat.reads(text, as_version=4)
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET in data and not any(kind in data for kind in PICTURES):
                data["text/html"] = live_only(str(data.get("text/plain", "")))
    return notebook


def live_only(text: str) -> str:
    """What a page shows for a widget stored without a picture.

    >>> live_only("GameWidget(children=(HTML(value='<style>...'),))")
    '<p class="tictac-live-only">▶ Here the lesson shows a <code>GameWidget</code>...'
    """
    name = re.match(r"\s*<?\s*([A-Za-z_]\w*)", text)
    widget = f"<code>{html.escape(name[1])}</code>" if name else "widget"
    return (
        f'<p class="tictac-live-only">▶ Here the lesson shows a {widget} that you can click: '
        "it needs Python behind it, so it works only where the lesson runs: in your browser "
        "or in JupyterLab (see <em>Run this lesson yourself</em> at the top of the page).</p>"
    )


def in_browser(docname: str) -> str:
    """The link from the page `docname` to its notebook in the browser edition, relative to
    the page, so that it works wherever the site is served.

    >>> in_browser("notebooks/03-minimax")
    '../lite/lab/index.html?path=03-minimax.ipynb'
    >>> in_browser("notebooks/solutions/03-minimax-solutions")
    '../../lite/lab/index.html?path=solutions/03-minimax-solutions.ipynb'
    """
    path = docname.removeprefix(NOTEBOOKS) + ".ipynb"
    return "../" * docname.count("/") + IN_BROWSER + quote(path)


def run_box(docname: str, repository: str) -> str:
    """The box "Run this lesson yourself" of the page `docname` (a notebook under notebooks/).

    >>> print(run_box("notebooks/03-minimax", "https://example.org/tictac"))
    <div class="admonition tip tictac-run">
    ...<a class="tictac-in-browser" href="../lite/lab/index.html?path=03-minimax.ipynb">...
    ...<a href="http://127.0.0.1:8888/lab/tree/03-minimax.ipynb">...
    """
    path = docname.removeprefix(NOTEBOOKS) + ".ipynb"
    what = "these solutions" if path.startswith("solutions/") else "this lesson"
    folder = repository.rsplit("/", 1)[-1]
    lab = html.escape(JUPYTERLAB + path)
    source = html.escape(f"{repository}/blob/main/{NOTEBOOKS}{path}")
    return f"""<div class="admonition tip tictac-run">
<p class="admonition-title">Run {what} yourself</p>
<p>This page is the notebook as stored, outputs and all; nothing runs here. To run its code,
change it, check your exercises and play with the widgets:</p>
<p><a class="tictac-in-browser" href="{html.escape(in_browser(docname))}"><strong>Run in your
browser</strong></a>, with nothing to install: JupyterLab opens {html.escape(path)} in this
browser, with Python compiled to WebAssembly (the first start loads about 27 MB). What you
change is saved in this browser only. This needs the site served over http or https: from
a folder opened as files, the link shows an empty page.</p>
<p>Or open it in JupyterLab on your own computer (Python 3.10 or newer, Graphviz, git and
make; Debian, Ubuntu, Fedora and macOS work). In a terminal:</p>
<pre>git clone {html.escape(repository)}.git &amp;&amp; cd {html.escape(folder)}
make lab</pre>
<p><code>make lab</code> sets everything up the first time, starts JupyterLab and prints its
address. Then open <a href="{lab}"><code>{html.escape(path)}</code> in JupyterLab</a>
(JupyterLab asks for the token that address ends with; if port 8888 was taken,
<code>make lab</code> says which port it chose). The notebook is also
<a href="{source}">in the repository</a>.</p>
</div>"""


class ReadmeLinks(SphinxTransform):
    """The lessons' links to the README's list of lessons lead to the home page's list."""

    default_priority = 100  # after MyST has made the links, before they are resolved

    def apply(self, **kwargs: Any) -> None:
        for link in self.document.findall(addnodes.pending_xref):
            target = str(link.get("reftarget", ""))
            path, _, anchor = target.partition("#")
            if link.get("refdomain") is None and re.fullmatch(r"(\.\./)*README\.md", path):
                link["refdomain"] = "doc"
                link["reftarget"] = self.config.root_doc
                link["reftargetid"] = anchor or INDEX_SECTION


class RunBox(SphinxTransform):
    """The box "Run this lesson yourself" on every notebook's page, after its introduction
    (before its first code cell or section)."""

    default_priority = 500

    def apply(self, **kwargs: Any) -> None:
        if not self.env.docname.startswith(NOTEBOOKS):
            return
        page = next(iter(self.document.findall(nodes.section)), None)
        if page is None:
            return
        box = nodes.raw("", run_box(self.env.docname, repository()), format="html")
        for child in page.children:
            if isinstance(child, nodes.section) or "cell" in child.get("classes", []):
                page.insert(page.index(child), box)
                return
        page.append(box)


class Translator(HTML5Translator):
    """Sphinx's HTML, but a table of contents' caption, which Sphinx marks as a heading
    (``role="heading"``) without saying which level, gets its level (``aria-level``): one below
    the section it is in (on the home page, under "The lessons", 3), or 2 in the sidebar, which
    is in no section of the page (below its one level-1 heading, the page's title)."""

    def visit_title(self, node: nodes.title) -> None:
        if isinstance(node.parent, addnodes.compact_paragraph) and node.parent.get("toctree"):
            level = {"aria-level": str(min(6, max(2, self.section_level + 1)))}
            self.body.append(self.starttag(node, "p", "", CLASS="caption", ROLE="heading", **level))
            self.body.append('<span class="caption-text">')
            self.context.append("</span></p>\n")
        else:
            super().visit_title(node)


def setup(app: Sphinx) -> dict[str, Any]:
    app.set_translator("html", Translator)
    app.add_transform(ReadmeLinks)
    app.add_transform(RunBox)
    # Every page is rebuilt when this file changes (its text goes into every page; without
    # this, Sphinx would rebuild only the notebooks that changed).
    version = int(hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:8], 16)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "env_version": version}
