"""Build the browser edition: `make site` (with the website), or `python site/lite.py [--out DIR]`.

The browser edition is JupyterLab running in the page (JupyterLite, with Python compiled to
WebAssembly by Pyodide), holding every lesson and its solutions, runnable as stored. It is one
static folder: any static host serves it, and once loaded it fetches nothing from anywhere but
the folder it came from.

What goes in, all from package registries at build time (kept in build/lite/ for quick rebuilds):

* JupyterLite and its Pyodide kernel (PyPI, the `site` extra) and JupyterLab's widget manager
  (the build environment's `jupyterlab_widgets`);
* the Pyodide runtime (npm: `pyodide`, at the version the kernel names) with the pure-Python
  wheels the kernel needs at start, taken from PyPI at the versions Pyodide's lock file names
  (their checksums written into the lock: PyPI's files are not byte for byte Pyodide's);
* tictac, built from this checkout, and the packages it needs in a notebook (ipywidgets, comm,
  jupyterlab_widgets, graphviz) at the versions installed here, all preloaded when the kernel
  starts, so that the lessons run unchanged;
* Graphviz compiled to WebAssembly (npm: `@viz-js/viz`), which draws the game trees where the
  `dot` program cannot run (tictac/pictures/tree.py uses it in the browser).

The kernel is told never to fall back to PyPI. Nothing is written into the source tree but
build/ and the output folder.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from importlib.metadata import version
from pathlib import Path
from typing import Any

from jupyter_core.paths import jupyter_path
from jupyterlite_pyodide_kernel.constants import (
    PYODIDE_KERNEL_NPM_NAME,
    PYODIDE_KERNEL_PLUGIN_ID,
    PYODIDE_PYTHON_VERSION,
    PYODIDE_VERSION,
)

from tictac.pictures.browser import VIZ_PATH

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LESSONS = ["[0-9]*.ipynb", "solutions/[0-9]*.ipynb"]

VIZ = "@viz-js/viz@3.31.0"  # Graphviz 14 as one ES module with its wasm inside
# What the kernel loads from Pyodide's lock when it starts (with everything they depend on).
KERNEL_NEEDS = ["micropip", "packaging", "ipython", "jedi"]
# What the lessons need besides tictac, at the versions installed here; preloaded with tictac.
LESSON_NEEDS = {
    "comm": ["traitlets"],
    "jupyterlab-widgets": [],
    "ipywidgets": ["comm", "ipython", "traitlets", "jupyterlab-widgets", "widgetsnbextension"],
    # (widgetsnbextension is the classic Notebook's half of the widgets, 2 MB of JavaScript the
    # kernel never uses: the kernel extension's empty stand-in takes its place, see `stand_in`)
    "graphviz": [],
}
TICTAC_NEEDS = ["ipywidgets", "graphviz"]
# Pyodide's runtime files the kernel loads; the rest of the npm package (consoles, type
# declarations, source maps) is not needed.
RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]


def run(*command: str | Path, cwd: Path | None = None) -> None:
    """Run a build step; its own output is not shown, its errors are."""
    subprocess.run([str(c) for c in command], cwd=cwd, check=True, stdout=subprocess.DEVNULL)


def npm_package(spec: str, cache: Path) -> Path:
    """The unpacked npm package `spec` (name@version), fetched once into `cache`. It is
    unpacked beside its place and moved there whole, so an interrupted build leaves no half
    package behind."""
    folder = cache / spec.replace("/", "+")
    if not folder.is_dir():
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=cache) as scratch:
            run("npm", "pack", "--silent", spec, cwd=Path(scratch))
            (tarball,) = Path(scratch).glob("*.tgz")
            with tarfile.open(tarball) as archive:
                archive.extractall(Path(scratch) / "unpacked", filter="data")
            os.replace(Path(scratch) / "unpacked", folder)
    return folder / "package"


def wheel(name: str, wanted: str, cache: Path) -> Path:
    """The pure-Python wheel of `name` at version `wanted`, downloaded once into `cache`
    (downloaded beside it and moved in whole, as :func:`npm_package` does)."""
    stem = name.replace("-", "_").lower()
    found = [w for w in cache.glob("*.whl") if w.name.lower().startswith(f"{stem}-{wanted}-")]
    if not found:
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=cache) as scratch:
            run(
                sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
                "--no-deps", "--only-binary=:all:", "--python-version", PYODIDE_PYTHON_VERSION,
                "--dest", scratch, f"{name}=={wanted}",
            )  # fmt: skip
            for downloaded in Path(scratch).glob("*.whl"):
                os.replace(downloaded, cache / downloaded.name)
        found = [w for w in cache.glob("*.whl") if w.name.lower().startswith(f"{stem}-{wanted}-")]
    if len(found) != 1 or not found[0].name.endswith("-none-any.whl"):
        raise SystemExit(f"error: no single pure-Python wheel of {name} {wanted}: {found}")
    if not zipfile.is_zipfile(found[0]):
        found[0].unlink()
        raise SystemExit(f"error: {found[0].name} was damaged and is removed: build again")
    return found[0]


def stand_in(name: str) -> Path:
    """The Pyodide kernel's own empty wheel of `name` (version x.y.999, of the installed
    release's major version), which the kernel ships for packages that exist only for their
    front-end half."""
    major = version(name).split(".")[0]
    for labextensions in jupyter_path("labextensions"):
        found = sorted(
            (Path(labextensions) / PYODIDE_KERNEL_NPM_NAME / "static/pypi").glob(
                f"{name}-{major}.*.whl"
            )
        )
        if found:
            return found[-1]
    raise SystemExit(f"error: the Pyodide kernel's stand-in wheel of {name} {major} is missing")


def tictac_wheel(into: Path) -> Path:
    """A wheel of this checkout's tictac, built in a scratch folder (not in the source tree)."""
    for old in into.glob("tictac-*.whl"):
        old.unlink()
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / "tictac"
        shutil.copytree(
            ROOT / "tictac", copy / "tictac", ignore=shutil.ignore_patterns("__pycache__")
        )
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(ROOT / name, copy / name)
        run(
            sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check",
            "--no-deps", "--wheel-dir", into, copy,
        )  # fmt: skip
    (built,) = into.glob("tictac-*.whl")
    return built


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def lock_entry(
    name: str, wheel_file: Path, depends: list[str], imports: list[str]
) -> dict[str, Any]:
    return {
        "name": name,
        "version": wheel_file.name.split("-")[1],
        "file_name": wheel_file.name,
        "install_dir": "site",
        "sha256": sha256(wheel_file),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
    }


def needed(lock: dict[str, Any], roots: list[str]) -> list[str]:
    """`roots` and every package of `lock` they depend on, directly or not."""
    seen: list[str] = []
    todo = list(roots)
    while todo:
        name = todo.pop().lower().replace("_", "-")
        if name not in seen:
            seen.append(name)
            todo += lock["packages"][name]["depends"]
    return sorted(seen)


def pyodide_folder(into: Path, cache: Path) -> list[str]:
    """Pyodide's runtime and every wheel the kernel and the lessons load, with a lock file
    that names only them; returns the packages to preload."""
    package = npm_package(f"pyodide@{PYODIDE_VERSION}", cache / "npm")
    shutil.rmtree(into, ignore_errors=True)
    into.mkdir(parents=True)
    for name in RUNTIME:
        shutil.copy2(package / name, into / name)
    lock = json.loads((package / "pyodide-lock.json").read_text())
    wheels = cache / "wheels"
    wheels.mkdir(exist_ok=True)
    packages: dict[str, Any] = {}
    for name in needed(lock, KERNEL_NEEDS):
        entry = lock["packages"][name]
        found = wheel(entry["name"], entry["version"], wheels)
        shutil.copy2(found, into / found.name)
        packages[name] = {**entry, "file_name": found.name, "sha256": sha256(found)}
    for name, depends in LESSON_NEEDS.items():
        found = wheel(name, version(name), wheels)
        shutil.copy2(found, into / found.name)
        packages[name] = lock_entry(name, found, depends, [name.replace("-", "_")])
    found = stand_in("widgetsnbextension")
    shutil.copy2(found, into / found.name)
    packages["widgetsnbextension"] = lock_entry("widgetsnbextension", found, [], [])
    ours = tictac_wheel(cache / "tictac")
    shutil.copy2(ours, into / ours.name)
    packages["tictac"] = lock_entry("tictac", ours, TICTAC_NEEDS, ["tictac"])
    lock["packages"] = dict(sorted(packages.items()))
    (into / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
    return ["tictac", *LESSON_NEEDS]


def lite_dir(work: Path, cache: Path) -> Path:
    """The folder `jupyter lite build` reads: the lessons, Pyodide, Graphviz and settings."""
    source = work / "source"
    shutil.rmtree(source, ignore_errors=True)
    files = source / "files"
    (files / "solutions").mkdir(parents=True)
    for pattern in LESSONS:
        for notebook in sorted(NOTEBOOKS.glob(pattern)):
            shutil.copy2(notebook, files / notebook.relative_to(NOTEBOOKS))
    preload = pyodide_folder(source / "static" / "pyodide", cache)
    settings = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "tictac in your browser",
            "exposeAppInBrowser": True,
            "litePluginSettings": {
                PYODIDE_KERNEL_PLUGIN_ID: {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": preload},
                }
            },
        },
    }
    (source / "jupyter-lite.json").write_text(json.dumps(settings, indent=2) + "\n")
    return source


def drop_old_font_formats(folder: Path) -> None:
    """Remove the fonts' SVG, EOT, TTF and WOFF copies where a WOFF2 one exists: they are
    for browsers without WOFF2, none of which can run Pyodide (2.7 MB)."""
    for woff2 in folder.glob("*.woff2"):
        for suffix in (".svg", ".eot", ".ttf", ".woff"):
            woff2.with_suffix(suffix).unlink(missing_ok=True)


def build(out: Path, work: Path, cache: Path | None = None) -> None:
    """Build the browser edition into `out`, staging it in `work`; downloads are kept in
    `cache` (default: work/cache), which several builds at once may share."""
    if shutil.which("npm") is None:
        raise SystemExit(
            "error: building the browser edition needs npm (Node.js): `make site` installs it "
            "as root with apt, or install Node.js and npm yourself, then build again"
        )
    if out.exists() and not (out / "jupyter-lite.json").is_file():
        raise SystemExit(
            f"error: {out} exists and is not a browser edition built before: name a new "
            "folder, or an earlier build's, for --out"
        )
    cache = cache or work / "cache"
    cache.mkdir(parents=True, exist_ok=True)
    work.mkdir(parents=True, exist_ok=True)
    with open(cache / ".lock", "w") as lock:  # one download at a time into the cache
        fcntl.flock(lock, fcntl.LOCK_EX)
        source = lite_dir(work, cache)
        viz_js = npm_package(VIZ, cache / "npm") / "dist" / "viz.js"
    # (a whole build takes seconds: start afresh, so that no step is skipped as done before)
    shutil.rmtree(out, ignore_errors=True)
    (work / ".jupyterlite.doit.db").unlink(missing_ok=True)
    run(
        sys.executable, "-m", "jupyterlite_core", "build", "--no-sourcemaps",
        "--apps", "lab", "--no-unused-shared-packages",
        "--lite-dir", source, "--contents", source / "files", "--output-dir", out,
        cwd=work,
    )  # fmt: skip
    drop_old_font_formats(out / "build")
    # Graphviz for the kernel's worker, where tictac.pictures.browser looks for it.
    (out / VIZ_PATH).parent.mkdir(parents=True)
    shutil.copy2(viz_js, out / VIZ_PATH)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", type=Path, default=ROOT / "_site" / "lite", help="default: _site/lite"
    )
    parser.add_argument("--work", type=Path, default=ROOT / "build/lite", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    started = time.monotonic()
    arguments.work.mkdir(parents=True, exist_ok=True)
    build(arguments.out.resolve(), arguments.work.resolve())
    print(f"The browser edition is in {arguments.out} ({time.monotonic() - started:.0f} s).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
