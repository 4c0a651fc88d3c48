"""Build the lesson site: `make site`, or `python site/build.py [--out DIR]`.

Sphinx reads its pages from one folder, so the home page (site/index.md) and the stored
lessons and solutions are copied, as they are, into build/site/, where Sphinx (configured by
site/conf.py) turns them into HTML, then copied to _site/. Nothing is executed and nothing
is fetched; any warning (a broken link, an unknown document) stops the build.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path

from sphinx.cmd.build import build_main

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
NOTEBOOKS = ROOT / "notebooks"
PAGES = ["[0-9]*.ipynb", "solutions/[0-9]*.ipynb"]  # the lessons, then their solutions


def stage(source: Path) -> None:
    """Copy the pages into `source`, as they are (their times too, so that Sphinx rebuilds
    only the pages that changed since the last build)."""
    shutil.rmtree(source, ignore_errors=True)
    (source / "notebooks" / "solutions").mkdir(parents=True)
    shutil.copy2(SITE / "index.md", source / "index.md")
    for pattern in PAGES:
        for notebook in sorted(NOTEBOOKS.glob(pattern)):
            shutil.copy2(notebook, source / "notebooks" / notebook.relative_to(NOTEBOOKS))


def build(out: Path, work: Path, quiet: bool = True) -> int:
    """Build the site into `out`; Sphinx's exit status (0: built without a warning)."""
    stage(work / "source")
    options = ["-q"] if quiet else []
    options += ["-W", "--keep-going", "-b", "html", "-c", str(SITE)]
    # (into a folder of `work` first: MyST-NB keeps files of its own next to Sphinx's output)
    options += ["-d", str(work / "doctrees"), str(work / "source"), str(work / "html")]
    status = build_main(options)
    if status == 0:
        shutil.rmtree(out, ignore_errors=True)
        shutil.copytree(work / "html", out)
    return status


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_site", help="default: _site")
    parser.add_argument("--work", type=Path, default=ROOT / "build/site", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    started = time.monotonic()
    status = build(arguments.out.resolve(), arguments.work.resolve())
    if status != 0:
        print("error: the site was not built (Sphinx's warnings above)", file=sys.stderr)
        return status
    index = arguments.out.resolve() / "index.html"
    print(
        f"The site is in {arguments.out} ({time.monotonic() - started:.0f} s). Open {index}\n"
        f"in a browser, or serve it with `python3 -m http.server -d {arguments.out}` and open\n"
        "http://localhost:8000/; to publish it, copy the folder to any static host."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
