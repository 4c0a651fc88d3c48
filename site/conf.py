"""The lessons as a static website: Sphinx with MyST-NB and the Furo theme (`make site`).

The pages are the notebooks as stored, outputs and all: nothing is executed, nothing is
fetched. `notebooks` here is a link to the project's notebooks folder; `index.md` is the
home page, whose table of contents lists the lessons and then their solutions, in order.
What is particular to this project (the "Run this lesson yourself" box, the README links, the
widgets' stand-ins) is in `tictac_site.py`, next to this file.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

project = "tictac"
author = "The tictac developers"
copyright = "the tictac developers, MIT licence"

extensions = ["myst_nb", "tictac_site"]
root_doc = "index"
# The home page, the teacher's guide, the lessons and their solutions; not the authors' notes,
# nor notebooks of one's own.
include_patterns = [
    "index.md",
    "teachers.md",
    "notebooks/[0-9]*.ipynb",
    "notebooks/solutions/*.ipynb",
]

# The notebooks as stored, never run (their outputs are checked by `make test` instead).
nb_execution_mode = "off"
nb_custom_formats = {".ipynb": ("tictac_site.read_notebook", {}, False)}
# Widgets cannot run without a kernel: no widget manager (it would come from a CDN), and a
# widget's output shows its still picture (text/html) rather than an empty widget box.
nb_ipywidgets_js: dict[str, dict[str, str]] = {}
nb_mime_priority_overrides = [
    ("html", "application/vnd.jupyter.widget-view+json", None),
    ("html", "application/javascript", None),
]
# `[text](other.md#heading)` links to headings, as on GitHub (the README's "#the-lessons").
myst_heading_anchors = 3

html_theme = "furo"
html_title = "tictac: game-tree search, taught through tic-tac-toe"
html_static_path = ["_static"]
# Furo's page and search templates, each with a fix for people who use a screen reader (see each)
templates_path = ["_templates"]
html_favicon = "_static/favicon.svg"  # (without one, browsers ask for /favicon.ico)
html_css_files = ["tictac-site.css"]
html_js_files = ["tictac-site.js"]  # (scrolling boxes take focus: see the file)
html_copy_source = False  # the notebooks are in the repository; the site is for reading
html_show_sourcelink = False
html_permalinks_icon = "#"
