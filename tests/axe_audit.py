"""axe-core, the accessibility checker, run in a page that Playwright has open: the website's
pages (tests/test_site.py) and the lessons' outputs in JupyterLab (tests/test_browser_a11y.py).

axe-core comes inside the PyPI package axe-playwright-python (the `test` extra, in
pyproject.toml), as one script that is put into the page: nothing is fetched when the tests run.
Every rule axe runs by default must pass: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's
best practices (a unique name for each landmark, one first-level heading, ...). No rule is
switched off; a node that cannot be fixed in our markup is left out by name, with the reason
next to it (tests/test_browser_a11y.py leaves out two kinds of JupyterLab's and ipywidgets'
own nodes; the website, none).
"""

from __future__ import annotations

from typing import Any

from axe_playwright_python.base import AXE_SCRIPT
from playwright.sync_api import Page

Violation = dict[str, Any]  # one rule that failed, with the nodes it failed on (axe's own form)


def audit(
    page: Page, include: list[str] | None = None, exclude: list[str] | None = None
) -> list[Violation]:
    """axe's violations in `page`, in the whole document or only inside the elements that
    match the CSS selectors `include` (each must match at least one, or axe says so), leaving
    out those that match `exclude` (and what is inside them)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE_SCRIPT)
    context: dict[str, Any] | None = None
    if include or exclude:
        context = {"include": [[selector] for selector in include or ["html"]]}
        context["exclude"] = [[selector] for selector in exclude or []]
    results: dict[str, Any] = page.evaluate(
        "([context, options]) => axe.run(context ?? document, options)",
        [context, {"resultTypes": ["violations"]}],
    )
    return list(results["violations"])


def axe_version(page: Page) -> str:
    """The version of axe-core in `page` (after :func:`audit`)."""
    return str(page.evaluate("() => axe.version"))


def counts(violations: list[Violation]) -> dict[str, int]:
    """How many nodes fail each rule."""
    return {violation["id"]: len(violation["nodes"]) for violation in violations}


def report(violations: list[Violation], nodes: int = 3) -> str:
    """The violations as a person reads them: each rule, what it asks, and where it fails
    (its first `nodes` nodes, with their markup)."""
    lines = []
    for violation in violations:
        lines.append(
            f"  {violation['id']} ({violation['impact']}): {violation['help']}, "
            f"{len(violation['nodes'])} nodes; {violation['helpUrl'].split('?')[0]}"
        )
        for node in violation["nodes"][:nodes]:
            target = " ".join(str(part) for part in node["target"])
            lines.append(f"    at {target}: {node['html'][:160]}")
            lines.append(f"      {node['failureSummary'].splitlines()[-1].strip()[:200]}")
    return "\n".join(lines)
