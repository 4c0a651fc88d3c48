"""Benchmark: how long each lesson and solutions notebook takes to run top to bottom.

Run it as ``.venv/bin/python bench/lessons.py`` (``make bench`` runs it too); name notebooks
to time only those: ``.venv/bin/python bench/lessons.py notebooks/04-*.ipynb``.

The house rule (notebooks/AUTHORING.md) is that every lesson runs in at most 20 s on a busy
2-core machine. Each notebook runs in a fresh kernel, as a student's would, through the same
executor as ``make notebooks``, and is not written back. A row gives the wall-clock time, the
share of the 20 s budget it uses, and ``over`` when it uses more. The times depend on the
machine and on what else it is doing, which is why they live here and not in a test.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
BUDGET_S = 20.0


def run(path: Path) -> float:
    """Seconds to execute the notebook at `path` in a fresh kernel (outputs discarded)."""
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        kernel_name="python3",
        timeout=600,
        resources={"metadata": {"path": path.parent}},
        # The kernel's warnings only (each would warn, between two rows, that its local TCP
        # traffic is unencrypted; it never leaves this machine).
        extra_arguments=["--IPKernelApp.log_level=ERROR"],
    )
    start = time.perf_counter()
    client.execute()
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="notebooks to time (default: all)")
    args = parser.parse_args(argv)
    lessons = ROOT / "notebooks"
    paths = args.notebooks or sorted(lessons.glob("[0-9]*.ipynb")) + sorted(
        (lessons / "solutions").glob("*.ipynb")
    )
    print(f"{'notebook':<42} {'seconds':>8} {'of 20 s':>8}")
    over = 0
    for path in paths:
        seconds = run(path)
        share = seconds / BUDGET_S
        over += share > 1
        flag = "  over" if share > 1 else ""
        print(f"{path.name:<42} {seconds:8.1f} {share:8.0%}{flag}", flush=True)
    print(f"{over} of {len(paths)} notebooks over the {BUDGET_S:.0f} s budget")
    return 0


if __name__ == "__main__":
    sys.exit(main())
