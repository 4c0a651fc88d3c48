"""The project's own files: what `make lab`, `make test` and `make clean` do (the set-up script
and the JupyterLab launcher run on made-up machines), the two install routes name the same
packages, imports stay light."""

from __future__ import annotations

import contextlib
import fnmatch
import os
import queue
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import yaml

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent

# conda-forge spells some packages differently from PyPI.
CONDA_TO_PYPI = {"python-graphviz": "graphviz"}
# Not Python packages: the interpreter, its installer and Graphviz's `dot` program.
CONDA_ONLY = {"python", "pip", "graphviz"}


def _name(requirement: str) -> str:
    return re.split(r"[ <>=!;\[]", requirement.strip(), maxsplit=1)[0].lower()


def _extras() -> dict[str, list[str]]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]


def extra_packages(extra: str) -> set[str]:
    """What `pip install -e '.[extra]'` asks for by name: the package's own dependencies, the
    extra's, and those of the extras it names (`tictac[lab,test]`); not the back-ports for old
    Pythons."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = {_name(r) for r in project["dependencies"]}
    for requirement in _extras()[extra]:
        if "python_version < " in requirement:
            continue
        included = re.fullmatch(r"tictac\[([\w,]+)\]", requirement.strip())
        if included:
            for other in included[1].split(","):
                names |= extra_packages(other)
        else:
            names.add(_name(requirement))
    return names


def conda_packages() -> set[str]:
    environment = yaml.safe_load((ROOT / "environment.yml").read_text())
    names = set()
    for dependency in environment["dependencies"]:
        if isinstance(dependency, dict):  # a pip: section
            names |= {_name(r) for r in dependency.get("pip", []) if not r.startswith("-")}
        else:
            conda_name = _name(dependency)
            if conda_name not in CONDA_ONLY:
                names.add(CONDA_TO_PYPI.get(conda_name, conda_name))
    return names


def test_environment_yml_names_the_lessons_packages() -> None:
    """The conda and Binder route is for learners: the same packages as `make lab` installs."""
    assert conda_packages() == extra_packages("lab")


# The tools that only the tests and the developers need (a student's `make lab` gets none).
TEST_TOOLS = {"pytest", "pytest-xdist", "nbval", "hypothesis", "playwright", "ruff", "mypy"}
TEST_TOOLS |= {"axe-playwright-python"}  # (axe-core, the accessibility audit's checker)


def test_make_lab_installs_what_the_lessons_need_and_no_test_tools() -> None:
    lessons = extra_packages("lab")
    assert {"jupyterlab", "ipywidgets", "graphviz"} <= lessons
    # the charts are SVG drawn by tictac itself: no plotting library, which the browser
    # edition (Pyodide) could not load
    assert not {"matplotlib", "numpy"} & lessons
    # what the `test` and `dev` extras name themselves: the tools, none of them a lesson's
    tools = {
        _name(requirement)
        for extra in ("test", "dev")
        for requirement in _extras()[extra]
        if not requirement.startswith("tictac[")
    }
    assert tools >= TEST_TOOLS
    assert not lessons & tools, f"test tools that `make lab` would install: {lessons & tools}"
    assert lessons <= extra_packages("dev"), "`make test` must keep what the lessons need"


def test_make_site_has_its_own_extra_which_make_test_includes_and_make_lab_does_not() -> None:
    site = {_name(r) for r in _extras()["site"] if "python_version < " not in r}
    assert {"sphinx", "myst-nb", "furo", "jupyter-server"} <= site
    # the browser edition's builders, pinned: the kernel names the Pyodide release it carries
    pinned = {r for r in _extras()["site"] if r.startswith("jupyterlite")}
    assert pinned == {"jupyterlite-core==0.8.6", "jupyterlite-pyodide-kernel==0.8.6"}
    assert site <= extra_packages("dev"), "`make test` builds the site in its test"
    assert not site & extra_packages("lab"), "`make lab` needs no site builder"


def test_make_assignments_has_its_own_extra_which_make_test_includes_and_make_lab_does_not() -> (
    None
):
    grading = {_name(r) for r in _extras()["grading"] if not r.startswith("tictac[")}
    assert grading == {"nbgrader"}
    assert "tictac[lab]" in _extras()["grading"], "autograding runs the lessons"
    assert grading <= extra_packages("dev"), "`make test` grades a course in its test"
    assert not grading & extra_packages("lab"), "`make lab` needs no grader"
    _, recipes = makefile()
    assert recipes["assignments"][0] == "@scripts/setup.sh --grading"


def test_environment_yml_brings_graphviz_dot_and_a_python() -> None:
    environment = yaml.safe_load((ROOT / "environment.yml").read_text())
    names = {_name(d) for d in environment["dependencies"] if isinstance(d, str)}
    assert {"graphviz", "python-graphviz", "python", "pip"} <= names
    assert "conda-forge" in environment["channels"]


def test_import_is_light() -> None:
    """`import tictac` must not load the notebook libraries (the CLI and tests start fast)."""
    heavy = ["ipywidgets", "graphviz", "matplotlib", "numpy", "IPython"]
    code = (
        "import sys, tictac\n"
        "tictac.State.new().play(4)\n"
        f"print([m for m in {heavy!r} if m in sys.modules])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_ci_runs_the_readme_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text()
    readme = (ROOT / "README.md").read_text()
    assert "make test" in ci and "make test" in readme and "make lab" in readme


@pytest.mark.slow
def test_readme_examples_run() -> None:
    import doctest

    failures, tried = doctest.testfile(
        str(ROOT / "README.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert tried > 0 and failures == 0


def makefile() -> tuple[dict[str, str], dict[str, list[str]]]:
    """The Makefile's variables, and each target's commands (its tab-indented lines)."""
    variables: dict[str, str] = {}
    recipes: dict[str, list[str]] = {}
    target = None
    for line in (ROOT / "Makefile").read_text().splitlines():
        variable = re.match(r"^(\w+) := (.*)$", line)
        rule = re.match(r"^([\w-]+):", line)
        if variable:
            variables[variable[1]] = variable[2]
        elif rule:
            target = rule[1]
            recipes[target] = []
        elif line.startswith("\t") and target is not None:
            recipes[target].append(line.strip())
    return variables, recipes


def test_make_test_runs_every_test_and_make_check_the_fast_ones() -> None:
    """`make test` selects nothing away; `make check` runs the same lint and type checks and
    leaves out exactly the tests of the markers registered in pyproject.toml."""
    variables, recipes = makefile()
    command = variables["PYTEST"].split()
    assert command[:3] == ["$(BIN)/python", "-m", "pytest"]
    # only the workers are chosen: no -m, -k, --deselect, --ignore or paths
    assert command[3:] == ["-n", "2", "--dist", "loadfile"]
    progress = '-q -o console_output_style=classic --progress="4/4 tests"'  # output only
    assert [line for line in recipes["test"] if "PYTEST" in line] == [f"$(PYTEST) {progress}"]
    pytest_settings = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]
    names = [marker.split(":")[0] for marker in pytest_settings["ini_options"]["markers"]]
    assert sorted(names) == ["browser", "notebooks", "slow"]
    left_out = " and ".join(f"not {name}" for name in names)
    checks = [line for line in recipes["test"] if "PYTEST" not in line and "setup" not in line]
    assert recipes["check"] == [*checks, f'$(PYTEST) {progress} -m "{left_out}"']
    # each stage says its name before it starts
    assert [line for line in checks if line.startswith("@echo")] == [
        '@echo "==> 1/4 lint (ruff check)"',
        '@echo "==> 2/4 format (ruff format --check)"',
        '@echo "==> 3/4 types (mypy)"',
        '@echo "==> 4/4 tests (pytest, in two processes)"',
    ]


@pytest.mark.slow
def test_progress_lines_replace_the_dots_and_pytests_closing_line_stays_last() -> None:
    """What `make test` prints while its tests run (tests/progress_lines.py), on a small file."""
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadfile", "-q"]
        + ["-o", "console_output_style=classic", "--progress=4/4 tests", "tests/test_bandits.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    passed = re.fullmatch(r"(\d+) passed in .*", lines[-1])
    assert passed, lines[-1]  # pytest's own closing line, which CI reads, is still the last
    total = int(passed[1])
    assert f"==> 4/4 tests: {total:,} of {total:,} (100%), " in result.stdout
    assert not [line for line in lines if line.strip(".") == "" and line]  # no dots


def test_make_lab_sets_up_the_lessons_only_and_make_test_adds_the_test_tools() -> None:
    _, recipes = makefile()
    assert recipes["lab"] == ["@scripts/setup.sh", "@scripts/lab.sh"]
    assert recipes["test"][0] == "@scripts/setup.sh --test --browser"
    assert recipes["setup"] == ["@scripts/setup.sh --test"]  # `make check` and `make format`
    assert recipes["site"] == ["@scripts/setup.sh --site", "$(BIN)/python site/build.py"]
    makefile_text = (ROOT / "Makefile").read_text()
    assert re.search(r"^check: setup$", makefile_text, re.MULTILINE)


# --- scripts/setup.sh, run in a copy of the project on a made-up machine --------------------

# A stand-in for python3 and the venv's python: it passes the version check, makes a "venv" of
# itself, and for `pip install` writes its arguments to pip-calls.txt and says what pip says
# (taking FAKE_PIP_SECONDS to install, or failing when FAKE_PIP_FAILS is set).
FAKE_PYTHON = r"""#!/bin/sh
case "$1 $2" in
  "-m venv") mkdir -p "$3/bin" && cp "$0" "$3/bin/python" ;;
  "-m pip")
    echo "$*" >>"$FAKE_LOG"
    echo "Collecting jupyterlab>=4 (from tictac==0.1.0)"
    if [ -n "$FAKE_PIP_FAILS" ]; then echo "ERROR: no matching distribution" >&2; exit 1; fi
    echo "Installing collected packages: babel, jupyterlab, tictac"
    sleep "${FAKE_PIP_SECONDS:-0}"
    echo "Successfully installed tictac-0.1.0" ;;
  *) exit 0 ;;  # the version check
esac
"""
BASH = shutil.which("bash") or "/bin/bash"
# What setup.sh uses from the system, besides the stand-ins.
SETUP_TOOLS = ["dirname", "mkdir", "cp", "rm", "sha256sum", "cut", "head", "sed", "tee", "tr"]
SETUP_TOOLS += ["wc", "grep", "tail", "sleep"]


def run_setup(
    project: Path,
    *args: str,
    dot: bool = True,
    npm: bool = True,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """scripts/setup.sh in `project` (made on first use), as a user who is not root, with
    `dot` and `npm` or without them, and no Chromium."""
    if not (project / "scripts").exists():
        (project / "scripts").mkdir(parents=True)
        (project / "scripts" / "setup.sh").write_text((ROOT / "scripts/setup.sh").read_text())
        (project / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
        bin_ = project / "bin"
        bin_.mkdir()
        for tool in SETUP_TOOLS + (["dot"] if dot else []):
            found = shutil.which(tool)
            assert found, f"{tool} is needed for this test"
            (bin_ / tool).symlink_to(found)
        fakes = [("python3", FAKE_PYTHON), ("id", "#!/bin/sh\necho 1000\n")]
        fakes += [("npm", "#!/bin/sh\nexit 0\n")] if npm else []
        for name, text in fakes:
            (bin_ / name).write_text(text)
            (bin_ / name).chmod(0o755)
    environment = {
        "PATH": str(project / "bin"),
        "HOME": str(project),
        "FAKE_LOG": str(project / "pip-calls.txt"),
        **(env or {}),
    }
    return subprocess.run(
        [BASH, str(project / "scripts" / "setup.sh"), *args],
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )


def pip_calls(project: Path) -> list[str]:
    log = project / "pip-calls.txt"
    return log.read_text().splitlines() if log.exists() else []


def test_setup_checks_for_graphviz_before_the_long_install(tmp_path: Path) -> None:
    result = run_setup(tmp_path, dot=False)
    assert result.returncode != 0
    assert "the Graphviz program 'dot' is missing" in result.stderr
    assert "sudo apt-get install -y graphviz" in result.stderr
    assert not (tmp_path / ".venv").exists() and pip_calls(tmp_path) == []


def test_setup_installs_each_extra_once_and_never_takes_one_away(tmp_path: Path) -> None:
    def installs(*args: str) -> list[str]:
        before = len(pip_calls(tmp_path))
        result = run_setup(tmp_path, *args)
        assert result.returncode == 0, result.stderr
        return [call.split()[-1] for call in pip_calls(tmp_path)[before:]]

    assert installs() == [".[lab]"]  # `make lab`: the lessons only
    assert installs() == []  # again: nothing to do
    assert installs("--test") == [".[dev]"]  # `make test` after it: the rest
    assert installs() == []  # `make lab` after `make test`: nothing reinstalled or removed
    assert installs("--test") == []
    with open(tmp_path / "pyproject.toml", "a") as pyproject:
        pyproject.write("# changed\n")
    assert installs() == [".[lab]"]  # changed requirements: installed again
    assert installs("--test") == [".[dev]"]
    assert installs("--site") == []  # `make site` after `make test`: the builder is there
    assert installs("--grading") == []  # `make assignments` after `make test`: nbgrader too


def test_setup_for_the_teachers_kit_installs_the_grader_with_the_lessons(tmp_path: Path) -> None:
    def installs(*args: str) -> list[str]:
        before = len(pip_calls(tmp_path))
        result = run_setup(tmp_path, *args)
        assert result.returncode == 0, result.stderr
        return [call.split()[-1] for call in pip_calls(tmp_path)[before:]]

    assert installs("--grading") == [".[grading]"]  # `make assignments` on a fresh clone
    assert installs("--grading") == []
    assert installs() == []  # `make lab` after it: the lessons' packages came with the grader
    assert (tmp_path / ".venv/.installed").read_text().splitlines()[1] == "grading lab"
    assert installs("--test") == [".[dev]"]


def test_setup_for_the_site_installs_its_extra_alone_and_needs_no_graphviz(tmp_path: Path) -> None:
    def installs(*args: str) -> list[str]:
        before = len(pip_calls(tmp_path))
        result = run_setup(tmp_path, *args, dot=False)
        assert result.returncode == 0, result.stderr
        return [call.split()[-1] for call in pip_calls(tmp_path)[before:]]

    assert installs("--site") == [".[site]"]  # `make site` on a fresh clone
    assert installs("--site") == []
    assert (tmp_path / ".venv/.installed").read_text().splitlines()[1] == "site"
    result = run_setup(tmp_path)  # `make lab` adds the lessons, but needs Graphviz
    assert "the Graphviz program 'dot' is missing" in result.stderr
    (tmp_path / "bin" / "dot").symlink_to(shutil.which("true") or "/bin/true")
    assert installs() == [".[lab]"]
    assert installs("--site") == []  # the site's builder was kept
    assert (tmp_path / ".venv/.installed").read_text().splitlines()[1] == "site lab"


def test_setup_for_the_site_checks_for_npm_before_the_long_install(tmp_path: Path) -> None:
    """The browser edition's build needs npm: `make site` stops without it, `make test` goes on
    (its website test is skipped), except in CI."""
    result = run_setup(tmp_path / "site", "--site", npm=False)
    assert result.returncode != 0
    assert "the program 'npm' is missing" in result.stderr
    assert "sudo apt-get install -y nodejs npm" in result.stderr
    assert pip_calls(tmp_path / "site") == []

    result = run_setup(
        tmp_path / "test", "--test", "--browser", npm=False, env={"TICTAC_CHROMIUM": "x"}
    )
    assert result.returncode == 0, result.stderr
    assert "npm is missing: the website's test will be skipped" in result.stdout
    assert pip_calls(tmp_path / "test")[-1].endswith(".[dev]")

    result = run_setup(
        tmp_path / "ci",
        "--test",
        "--browser",
        npm=False,
        env={"CI": "true", "TICTAC_CHROMIUM": "x"},
    )
    assert result.returncode != 0
    assert "CI runs the website's test, which builds the browser edition with npm" in result.stderr
    assert pip_calls(tmp_path / "ci") == []

    result = run_setup(tmp_path / "lab", npm=False)  # `make lab` and `make check` need no npm
    assert result.returncode == 0, result.stderr
    assert "npm" not in result.stdout + result.stderr


@pytest.mark.slow
def test_setup_shows_how_far_pip_is_every_few_seconds(tmp_path: Path) -> None:
    result = run_setup(tmp_path, env={"FAKE_PIP_SECONDS": "7"})
    assert result.returncode == 0, result.stderr
    assert re.search(r"^ +[5-7] s  installing 3 packages$", result.stdout, re.MULTILINE)
    assert re.search(r"^==> installed in [7-9] s", result.stdout, re.MULTILINE)


def test_setup_shows_pip_failing_and_tries_again_next_time(tmp_path: Path) -> None:
    result = run_setup(tmp_path, env={"FAKE_PIP_FAILS": "1"})
    assert result.returncode != 0
    assert "ERROR: no matching distribution" in result.stderr  # pip's own words
    assert "pip could not install the packages" in result.stderr
    assert ".venv/pip.log" in result.stderr
    assert run_setup(tmp_path).returncode == 0
    assert len(pip_calls(tmp_path)) == 2


def test_without_chromium_setup_goes_on_but_in_ci_stops_before_the_install(
    tmp_path: Path,
) -> None:
    result = run_setup(tmp_path / "here", "--test", "--browser")
    assert result.returncode == 0, result.stderr
    assert "Chromium is missing: the browser test will be skipped" in result.stdout
    assert "sudo apt-get install -y chromium" in result.stdout
    assert pip_calls(tmp_path / "here")[-1].endswith(".[dev]")

    result = run_setup(tmp_path / "ci", "--test", "--browser", env={"CI": "true"})
    assert result.returncode != 0
    assert "CI runs the browser test, which needs Chromium" in result.stderr
    assert pip_calls(tmp_path / "ci") == []


# --- the browser test without Chromium --------------------------------------------------------


def browser_tests() -> int:
    """How many tests tests/test_browser.py has (every one of them is skipped without Chromium)."""
    listed = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "--collect-only", "tests/test_browser.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    ).stdout
    found = re.search(r"^(\d+) tests? collected", listed, flags=re.M)
    assert found, listed
    return int(found.group(1))


@pytest.mark.slow
def test_without_chromium_the_browser_test_is_skipped_and_the_run_says_so(tmp_path: Path) -> None:
    environment = {k: v for k, v in os.environ.items() if k not in ("CI", "TICTAC_CHROMIUM")}
    environment["PATH"] = str(tmp_path)  # no Chromium on it
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "tests/test_browser.py"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout
    tests = browser_tests()
    assert re.search(rf"^{tests} skipped", result.stdout.splitlines()[-1])
    assert "the browser test did not run" in result.stdout
    assert f"{tests} browser tests skipped: no Chromium on this machine" in result.stdout
    assert "sudo apt-get install chromium" in result.stdout


@pytest.mark.parametrize(
    ("ci", "fails"), [("true", True), ("1", True), ("false", False), ("", False)]
)
def test_without_chromium_the_browser_test_fails_in_ci(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, ci: str, fails: bool
) -> None:
    import test_browser

    monkeypatch.setenv("PATH", str(tmp_path))  # no Chromium on it
    monkeypatch.delenv("TICTAC_CHROMIUM", raising=False)
    monkeypatch.setenv("CI", ci)
    expected = pytest.fail.Exception if fails else pytest.skip.Exception
    with pytest.raises(expected, match="Chromium"):
        test_browser.chromium()


# --- make clean --------------------------------------------------------------------------------


def ignored() -> set[str]:
    lines = (ROOT / ".gitignore").read_text().splitlines()
    return {line.strip("/") for line in lines if line.strip() and not line.startswith("#")}


def is_ignored(path: str) -> bool:
    return any(fnmatch.fnmatch(part, name) for part in Path(path).parts for name in ignored())


def test_make_clean_removes_exactly_what_gitignore_lists() -> None:
    _, recipes = makefile()
    removed, found = recipes["clean"]
    assert removed.startswith("rm -rf ")
    names = set(removed.split()[2:]) | set(re.findall(r"-name (\S+)", found))
    assert names == ignored()


def test_make_clean_leaves_the_projects_own_files(tmp_path: Path) -> None:
    made = [".venv/bin/python", "tictac.egg-info/PKG-INFO", "build/lib/x.py", "dist/x.whl"]
    made += [".pytest_cache/v", ".mypy_cache/3.11/x", ".ruff_cache/x", ".hypothesis/examples/x"]
    made += ["test-artifacts/play.png", "tictac/__pycache__/state.pyc", "tests/__pycache__/x.pyc"]
    made += ["notebooks/.ipynb_checkpoints/03-minimax-checkpoint.ipynb", "_site/index.html"]
    made += ["build/site/source/index.md", "build/lite/cache/npm/x.tgz", "_site/lite/index.html"]
    made += ["_course/source/lesson03/03-minimax.ipynb", "_course/gradebook.db"]
    own = [
        "Makefile",
        "tictac/game/state.py",
        "notebooks/03-minimax.ipynb",
        ".git/HEAD",
        "README.md",
    ]
    own += ["notebooks/my-notes.ipynb", "docs/images/tree.svg", "site/conf.py", "site/index.md"]
    for path in made + own:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text("x")
    (tmp_path / "Makefile").write_text((ROOT / "Makefile").read_text())
    # (what is made is ignored, so `git status` never shows it; nothing of our own is)
    assert all(is_ignored(path) for path in made)
    assert not any(is_ignored(path) for path in own)
    subprocess.run(["make", "-s", "-C", str(tmp_path), "clean"], check=True, timeout=60)
    left = {str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file()}
    assert left == set(own)


# --- make lab's launcher ------------------------------------------------------------------------


def run_lab(settings: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [BASH, str(ROOT / "scripts" / "lab.sh")],
        env={**os.environ, "PYTHON": sys.executable, **settings},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_lab_refuses_a_busy_port_before_starting_anything() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = run_lab({"TICTAC_PORT": str(port)})
    assert result.returncode == 2
    assert f"port {port} is in use on 127.0.0.1" in result.stderr
    assert "make lab TICTAC_PORT=" in result.stderr  # how to choose another
    assert "Starting JupyterLab" not in result.stdout


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("TICTAC_PORT", "eighty"),
        ("TICTAC_PORT", "0"),
        ("TICTAC_PORT", "65536"),
        ("TICTAC_TOKEN", "short"),  # too easy to guess
        ("TICTAC_TOKEN", "a&b=c1234567"),  # would break the address
    ],
)
def test_lab_refuses_a_bad_port_or_token(name: str, value: str) -> None:
    result = run_lab({name: value})
    assert result.returncode == 2
    assert result.stderr.startswith(f"error: {name} must be")
    assert "Starting JupyterLab" not in result.stdout


@pytest.mark.slow
def test_lab_prints_the_address_once_jupyterlab_answers_there(tmp_path: Path) -> None:
    """The whole launcher, with JupyterLab's usual port taken: it moves to a free one, says so,
    and prints the address only once JupyterLab answers there; without the token it refuses."""
    private = {
        name: str(tmp_path / name.lower())
        for name in ["JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"]
    }
    settings = {**os.environ, **private, "PYTHON": sys.executable}
    for name in ("TICTAC_PORT", "TICTAC_TOKEN", "DISPLAY"):
        settings.pop(name, None)
    blocker = socket.socket()
    with blocker, open(tmp_path / "jupyterlab.log", "w") as log:
        with contextlib.suppress(OSError):  # (if it is taken already, all the better)
            blocker.bind(("127.0.0.1", 8888))
            blocker.listen()
        lab = subprocess.Popen(
            [BASH, str(ROOT / "scripts" / "lab.sh")],
            env=settings,
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
            start_new_session=True,
        )
        lines: queue.Queue[str] = queue.Queue()
        assert lab.stdout is not None
        threading.Thread(
            target=lambda: [lines.put(line) for line in lab.stdout], daemon=True
        ).start()
        said: list[str] = []
        deadline = time.monotonic() + 180
        try:
            while len(said) < 2 or said[-2] != "The lessons are at":
                try:
                    said.append(lines.get(timeout=1).rstrip())
                except queue.Empty:
                    if lab.poll() is not None or time.monotonic() > deadline:
                        pytest.fail(f"no address; the launcher said {said}, see {log.name}")
            url = said[-1].strip()
            address = re.fullmatch(
                r"http://127\.0\.0\.1:(\d+)/lab/tree/00-welcome\.ipynb\?token=([0-9a-f]{32})", url
            )
            assert address, url
            port = address[1]
            assert port != "8888"
            moved = f"Port 8888 is in use (another JupyterLab?), so the lessons use port {port}"
            assert moved in "\n".join(said)
            # JupyterLab answers at once at that address, and only with the token
            direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))
            with direct.open(url, timeout=10) as page:
                assert page.status == 200
            with pytest.raises(urllib.error.HTTPError, match="403"):
                direct.open(f"http://127.0.0.1:{port}/api/contents", timeout=10)
            # and the token is on no command line, where every account could read it with ps
            if Path("/proc/self/cmdline").exists():  # Linux: every process's command line
                token = address[2].encode()
                lines_seen = [_read(path) for path in Path("/proc").glob("[0-9]*/cmdline")]
                assert len(lines_seen) > 3 and not any(token in line for line in lines_seen)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(lab.pid, signal.SIGTERM)
            lab.wait(timeout=60)


def _read(path: Path) -> bytes:
    """A process's file, or nothing if the process has ended meanwhile."""
    try:
        return path.read_bytes()
    except OSError:
        return b""
