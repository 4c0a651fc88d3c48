"""The lessons as files: listed in the README, linked to each other, stored fully executed.

(Running them and comparing their outputs is nbval's job: `pytest` collects every notebook.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]*-*.ipynb"))  # 06b-...: the second half of a lesson
ALL_NOTEBOOKS = LESSONS + sorted((NOTEBOOKS / "solutions").glob("*.ipynb"))
LINK = re.compile(r"\]\(([^)#\s]+)(#[^)]*)?\)")
MACHINE_PATHS = re.compile(r"(/work/|/tmp/|/root/|/home/|\.venv/|site-packages)")


def cells(path: Path) -> list[dict[str, object]]:
    return json.loads(path.read_text())["cells"]  # type: ignore[no-any-return]


def text(cell: dict[str, object]) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else str(source)


def lesson_number(path: Path) -> str:
    """A lesson's number as its title writes it: "6" for 06-..., "6b" for 06b-..."""
    found = re.match(r"(\d+)([a-z]?)-", path.name)
    assert found, f"{path.name} is not named like a lesson"
    return f"{int(found.group(1))}{found.group(2)}"


def test_there_are_lessons() -> None:
    assert len(LESSONS) >= 2


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_lesson_is_in_the_readme(path: Path) -> None:
    readme = (ROOT / "README.md").read_text()
    assert f"(notebooks/{path.name})" in readme


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.name)
def test_links_resolve(path: Path) -> None:
    for cell in cells(path):
        if cell["cell_type"] != "markdown":
            continue
        for target, _ in LINK.findall(text(cell)):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            assert (path.parent / target).exists(), f"{path.name} links to missing {target}"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_lesson_shape(path: Path) -> None:
    markdown = "\n".join(text(c) for c in cells(path) if c["cell_type"] == "markdown")
    assert markdown.startswith(f"# Lesson {lesson_number(path)} · ")
    assert "**You will learn**" in markdown
    assert "## Exercises" in markdown and "## Recap" in markdown
    assert f"solutions/{path.stem}-solutions.ipynb" in markdown
    index = LESSONS.index(path)  # the lesson before and the one after, in order (6, 6b, 7)
    neighbours = LESSONS[max(index - 1, 0) : index] + LESSONS[index + 1 : index + 2]
    for neighbour in neighbours:
        assert f"]({neighbour.name})" in markdown, f"{path.name} does not link {neighbour.name}"


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.name)
def test_stored_fully_executed_without_machine_details(path: Path) -> None:
    notebook = json.loads(path.read_text())
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"
    counts = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code" or not text(cell).strip():
            continue
        assert cell["execution_count"] is not None, f"{path.name}: a code cell was not run"
        counts.append(cell["execution_count"])
        for output in cell.get("outputs", []):
            assert output.get("output_type") != "error", f"{path.name}: a cell stored an error"
            shown = json.dumps(output.get("text", "")) + json.dumps(
                {k: v for k, v in output.get("data", {}).items() if not k.startswith("image/png")}
            )
            assert not MACHINE_PATHS.search(shown), f"{path.name}: output shows a machine path"
    assert counts == list(range(1, len(counts) + 1)), f"{path.name}: not run top to bottom"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_solutions_exist_for_every_lesson(path: Path) -> None:
    assert (NOTEBOOKS / "solutions" / f"{path.stem}-solutions.ipynb").exists()
