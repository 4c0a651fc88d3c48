"""What changes when tictac runs in the browser edition: Python compiled to WebAssembly (Pyodide).

The browser edition (``make site``, README "Run the lessons in your browser") runs the lessons in
JupyterLite, where Python cannot start another program: Graphviz's ``dot``, which draws the
game trees, cannot run (``OSError: [Errno 138] emscripten does not support processes``). The
edition carries Graphviz compiled to WebAssembly instead (the npm package ``@viz-js/viz``, at
``static/viz/viz.js`` in its folder), and :class:`tictac.pictures.tree.GameTree` draws with it
there: the same DOT text, drawn by a newer Graphviz, so the layout may differ a little from
``dot``'s.

Everything else runs as it is: the searches, the boards, the charts (SVG drawn by the package)
and the widgets.

>>> in_browser()  # (these tests run in CPython, not in the browser)
False
>>> render_svg("digraph { a -> b }")
Traceback (most recent call last):
  ...
tictac.pictures.browser.NotInBrowser: Graphviz compiled to WebAssembly draws only in the browser ...
"""

from __future__ import annotations

import functools
import json
import sys
from typing import Any

__all__ = [
    "VIZ_PATH",
    "GraphvizLoading",
    "NotInBrowser",
    "in_browser",
    "render_svg",
    "start_loading",
]

VIZ_PATH = "static/viz/viz.js"
"""Where the browser edition keeps Graphviz compiled to WebAssembly, within its folder."""


class NotInBrowser(RuntimeError):
    """A browser-only drawing was asked for outside the browser edition."""


class GraphvizLoading(RuntimeError):
    """Graphviz has not loaded in the browser (yet): this browser cannot wait for it, or it
    could not be loaded."""


def in_browser() -> bool:
    """Whether this Python runs in the browser (Pyodide, compiled to WebAssembly)."""
    return sys.platform == "emscripten"


def render_svg(dot_source: str) -> str:
    """Draw a graph given as DOT text, as SVG, with Graphviz compiled to WebAssembly."""
    if not in_browser():
        raise NotInBrowser(
            "Graphviz compiled to WebAssembly draws only in the browser edition; here, "
            "Graphviz's dot program draws"
        )
    from pyodide.ffi import to_js

    options = to_js({"format": "svg"}, dict_converter=_js_object)
    return str(_graphviz().renderString(dot_source, options))


def start_loading() -> None:
    """In the browser, start loading Graphviz, so that the first tree draws at once (``import
    tictac`` calls this); elsewhere, nothing."""
    if in_browser():
        _loading()


def _graphviz() -> Any:
    """Graphviz, once it has loaded (:func:`start_loading`).

    Loading is asynchronous. Where the browser can suspend WebAssembly (JSPI, which the
    Chromium the tests drive has), Python waits for it, so that a tree drawn in the same cell as
    ``import tictac`` draws too; elsewhere, a tree asked for before Graphviz is in says to try
    again.
    """
    import js
    from pyodide.ffi import can_run_sync, run_sync

    loading = _loading()
    if getattr(js.globalThis, _LOADED, None) is None:
        if not can_run_sync():
            raise GraphvizLoading(
                "Graphviz, which draws the trees in the browser, is still loading: try again "
                "in a few seconds"
            )
        try:
            run_sync(loading)
        except Exception as error:  # (a JavaScript error: the file is missing, or not served right)
            _loading.cache_clear()  # (the next tree tries again)
            raise GraphvizLoading(
                f"Graphviz could not be loaded in the browser ({error}): the browser edition's "
                f"folder must hold {VIZ_PATH}, served as text/javascript"
            ) from None
    return getattr(js.globalThis, _LOADED)


_LOADED = "tictacGraphviz"  # the name of the loaded module in the kernel's worker


@functools.cache
def _loading() -> Any:
    """Start loading Graphviz, once per kernel, from the browser edition's folder: the
    kernel runs in a worker at ``<the folder>/extensions/.../X.worker.js``."""
    import js
    from pyodide.code import run_js

    folder = str(js.location.href).rsplit("/extensions/", 1)[0]
    url = json.dumps(f"{folder}/{VIZ_PATH}")
    return run_js(
        f"import({url}).then((viz) => viz.instance())"
        f".then((graphviz) => (globalThis.{_LOADED} = graphviz))"
    )


def _js_object(entries: Any) -> Any:
    import js

    return js.Object.fromEntries(entries)
