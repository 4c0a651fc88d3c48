"""Benchmark: each lesson's time in the browser edition beside its time in JupyterLab.

Run it as ``.venv/bin/python bench/browser_edition.py`` (after ``make test`` has installed the
test tools and Chromium); name notebooks to time only those, as paths inside notebooks/:
``.venv/bin/python bench/browser_edition.py 03-minimax.ipynb``.

The edition is built afresh (site/lite.py) and opened in headless Chromium, offline, exactly
as tests/test_browser_edition.py does. For each notebook it prints the seconds from opening
the page to an idle kernel, the seconds to run every cell there, the seconds the same notebook
takes in JupyterLab's kernel (CPython, run by nbclient: no page drawn, once started, as in the
browser), and their ratio. The goals
(issue 28): a kernel ready within 15 s, no lesson over 60 s in the browser, and none over 3x
its JupyterLab time; a row says which it misses. Times depend on the machine and its load,
which is why they live here, not in a test.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "bench")]

from browser_edition import (  # noqa: E402 (after the path it is found on)
    build,
    chromium_executable,
    close,
    errors,
    offline_chromium,
    open_lesson,
    run_all,
    served,
)

KERNEL_GOAL_S, BROWSER_GOAL_S, RATIO_GOAL = 15.0, 60.0, 3.0


def jupyterlab_seconds(path: Path) -> float:
    """Seconds to run every cell of the notebook in JupyterLab's kernel (CPython), once it
    has started: the same span the browser's time covers."""
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook, kernel_name="python3", timeout=600, resources={"metadata": {"path": path.parent}}
    )
    with client.setup_kernel():
        started = time.perf_counter()
        for index, cell in enumerate(notebook.cells):
            client.execute_cell(cell, index)
        return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", help="paths inside notebooks/ (default: all)")
    args = parser.parse_args(argv)
    lessons = ROOT / "notebooks"
    names = args.notebooks or [
        p.relative_to(lessons).as_posix()
        for pattern in ("[0-9]*.ipynb", "solutions/[0-9]*.ipynb")
        for p in sorted(lessons.glob(pattern))
    ]
    executable = chromium_executable()
    if executable is None:
        print("error: no Chromium; `make test` installs it", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as scratch:
        edition = build(Path(scratch) / "lite")
        header = f"{'notebook':<52} {'kernel s':>8} {'browser s':>9} {'CPython s':>9} ratio"
        print(header)
        missed = 0
        with served(edition) as address, offline_chromium(executable) as browser:
            for name in names:
                run = open_lesson(browser, address, name)
                try:
                    run_all(run)
                finally:
                    close(run)
                lab = jupyterlab_seconds(lessons / name)
                ratio = run.run_seconds / lab
                notes = [
                    note
                    for note, missed_goal in [
                        ("kernel slow", run.kernel_seconds > KERNEL_GOAL_S),
                        (f"over {BROWSER_GOAL_S:.0f} s", run.run_seconds > BROWSER_GOAL_S),
                        (f"over {RATIO_GOAL:.0f}x", ratio > RATIO_GOAL),
                        ("ERRORS", bool(errors(run.cells))),
                        ("fetched elsewhere", bool(run.outside)),
                    ]
                    if missed_goal
                ]
                missed += bool(notes)
                print(
                    f"{name:<52} {run.kernel_seconds:8.1f} {run.run_seconds:9.1f} {lab:9.1f} "
                    f"{ratio:5.1f}x  {', '.join(notes)}",
                    flush=True,
                )
    print(f"{missed} of {len(names)} notebooks miss a goal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
