"""The project's own files: the two install routes name the same packages, imports stay light."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import yaml

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent

# conda-forge spells some packages differently from PyPI.
CONDA_TO_PYPI = {"python-graphviz": "graphviz", "matplotlib-base": "matplotlib"}
# Not Python packages: the interpreter, its installer and Graphviz's `dot` program.
CONDA_ONLY = {"python", "pip", "graphviz"}


def _name(requirement: str) -> str:
    return re.split(r"[ <>=!;\[]", requirement.strip(), maxsplit=1)[0].lower()


def pyproject_packages() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = {_name(r) for r in project["dependencies"]}
    for extra, requirements in project["optional-dependencies"].items():
        if extra == "bench":  # optional comparisons, not part of the lessons
            continue
        for requirement in requirements:
            if "python_version < " in requirement:  # back-ports for old Pythons
                continue
            names.add(_name(requirement))
    return {name for name in names if name != "tictac"}


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


def test_environment_yml_and_pyproject_name_the_same_packages() -> None:
    assert conda_packages() == pyproject_packages()


def test_environment_yml_brings_graphviz_dot_and_a_python() -> None:
    environment = yaml.safe_load((ROOT / "environment.yml").read_text())
    names = {_name(d) for d in environment["dependencies"] if isinstance(d, str)}
    assert {"graphviz", "python-graphviz", "python", "pip"} <= names
    assert "conda-forge" in environment["channels"]


def test_import_is_light() -> None:
    """`import tictac` must not load the notebook libraries (the CLI and tests start fast)."""
    heavy = ["ipywidgets", "graphviz", "matplotlib", "IPython"]
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
    assert [line for line in recipes["test"] if "pytest" in line.lower()] == ["$(PYTEST)"]
    pytest_settings = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]
    names = [marker.split(":")[0] for marker in pytest_settings["ini_options"]["markers"]]
    assert sorted(names) == ["browser", "notebooks", "slow"]
    left_out = " and ".join(f"not {name}" for name in names)
    checks = [line for line in recipes["test"] if "PYTEST" not in line and "setup" not in line]
    assert recipes["check"] == [*checks, f'$(PYTEST) -q -m "{left_out}"']
