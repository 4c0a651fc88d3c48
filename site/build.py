"""Build the lesson site and the browser edition: `make site`, or `python site/build.py`.

Sphinx reads its pages from one folder, so the home page (site/index.md), the teacher's guide
(site/teachers.md) and the stored lessons and solutions are copied, as they are, into
build/site/, where Sphinx (configured by
site/conf.py) turns them into HTML, then copied to _site/. Nothing is executed and nothing
is fetched; any warning (a broken link, an unknown document) stops the build.

Then the browser edition (site/lite.py: JupyterLab in the page, with Python compiled to
WebAssembly) is built into _site/lite/, after Sphinx, so that Sphinx never reads it. Its
downloads (the first time only) and work files are kept in build/lite/; its builder's own
output goes to build/lite/build.log. `--no-lite` builds the website alone.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from sphinx.cmd.build import build_main

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
NOTEBOOKS = ROOT / "notebooks"
PAGES = ["[0-9]*.ipynb", "solutions/[0-9]*.ipynb"]  # the lessons, then their solutions
PAGES_OF_OUR_OWN = ["index.md", "teachers.md"]  # the home page, the teacher's guide
LITE = "lite"  # the browser edition's folder in the site (tictac_site.py links to it)


def stage(source: Path) -> None:
    """Copy the pages into `source`, as they are (their times too, so that Sphinx rebuilds
    only the pages that changed since the last build)."""
    shutil.rmtree(source, ignore_errors=True)
    (source / "notebooks" / "solutions").mkdir(parents=True)
    for page in PAGES_OF_OUR_OWN:
        shutil.copy2(SITE / page, source / page)
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


@contextlib.contextmanager
def stderr_to(log: Path) -> Iterator[None]:
    """Everything written to stderr, by this process and the programs it runs, goes to `log`."""
    sys.stderr.flush()
    saved = os.dup(2)
    with open(log, "w") as file:
        os.dup2(file.fileno(), 2)
    try:
        yield
    finally:
        sys.stderr.flush()
        os.dup2(saved, 2)
        os.close(saved)


def build_lite(out: Path, work: Path) -> bool:
    """Build the browser edition into `out` (site/lite.py); whether it was built."""
    setup = "`make site` (scripts/setup.sh --site) installs it, or says how"
    try:
        import lite  # (site/lite.py, next to this file)
    except ModuleNotFoundError as error:
        print(
            f"error: the browser edition's builder is missing ({error}); {setup}", file=sys.stderr
        )
        return False
    if shutil.which("npm") is None:
        print(f"error: the browser edition needs npm (Node.js) to build; {setup}", file=sys.stderr)
        return False
    work.mkdir(parents=True, exist_ok=True)
    log = work / "build.log"
    try:
        with stderr_to(log):
            # (downloads kept in one place, shared by every build of this checkout)
            lite.build(out, work, cache=ROOT / "build" / "lite" / "cache")
    except (subprocess.CalledProcessError, OSError) as error:
        print(log.read_text()[-4000:], file=sys.stderr)
        print(
            f"error: the browser edition was not built: {error} (its log: {log})", file=sys.stderr
        )
        return False
    return True


def size(folder: Path) -> str:
    total = sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())
    return f"{total / 1e6:.0f} MB"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_site", help="default: _site")
    parser.add_argument(
        "--no-lite", action="store_true", help="the website alone, without the browser edition"
    )
    parser.add_argument("--work", type=Path, default=ROOT / "build/site", help=argparse.SUPPRESS)
    parser.add_argument(
        "--lite-work", type=Path, default=ROOT / "build/lite", help=argparse.SUPPRESS
    )
    arguments = parser.parse_args()
    out = arguments.out.resolve()
    started = time.monotonic()
    status = build(out, arguments.work.resolve())
    if status != 0:
        print("error: the site was not built (Sphinx's warnings above)", file=sys.stderr)
        return status
    built = f"The site is in {arguments.out} ({size(out)})"
    if not arguments.no_lite:
        if not build_lite(out / LITE, arguments.lite_work.resolve()):
            return 1
        built += f", the browser edition in {arguments.out / LITE} ({size(out / LITE)})"
    home = "http://localhost:8000/"
    serve = f"Serve it with `python3 -m http.server -d {arguments.out}` and open {home}"
    if not arguments.no_lite:
        serve += (
            f",\nthe browser edition at {home}{LITE}/lab/index.html (it needs http, not file://)"
        )
    took = time.monotonic() - started
    print(f"{built}; {took:.0f} s.\n{serve};\nto publish it, copy the folder to any static host.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
