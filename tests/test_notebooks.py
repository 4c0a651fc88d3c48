"""The lessons as files: listed in the README, linked to each other, stored fully executed.

(Running them and comparing their outputs is nbval's job: `pytest` collects every notebook.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jupyter_client.kernelspec import KernelSpecManager

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
# A lesson is NN-name.ipynb, or NNb-name.ipynb for the second half of a lesson split in two
# (03b-ties-and-scores comes right after 03-minimax, as "-" sorts before letters).
LESSONS = sorted(
    [*NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"), *NOTEBOOKS.glob("[0-9][0-9][a-z]-*.ipynb")]
)
ALL_NOTEBOOKS = LESSONS + sorted((NOTEBOOKS / "solutions").glob("*.ipynb"))
LINK = re.compile(r"\]\(([^)#\s]+)(#[^)]*)?\)")
MACHINE_PATHS = re.compile(r"(/work/|/tmp/|/root/|/home/|\.venv/|site-packages)")


def cells(path: Path) -> list[dict[str, object]]:
    return json.loads(path.read_text())["cells"]  # type: ignore[no-any-return]


def text(cell: dict[str, object]) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else str(source)


def lesson_label(path: Path) -> str:
    """The lesson's number as its title writes it: "3" for 03-minimax, "3b" for 03b-...."""
    return path.name.split("-")[0].lstrip("0") or "0"


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
    assert markdown.startswith(f"# Lesson {lesson_label(path)} · ")
    assert "**You will learn**" in markdown
    assert "## Exercises" in markdown and "## Recap" in markdown
    assert f"solutions/{path.stem}-solutions.ipynb" in markdown
    place = LESSONS.index(path)
    neighbours = LESSONS[max(place - 1, 0) : place] + LESSONS[place + 1 : place + 2]
    for neighbour in neighbours:
        assert f"]({neighbour.name})" in markdown, f"{path.name} does not link {neighbour.name}"


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.name)
def test_stored_fully_executed_without_machine_details(path: Path) -> None:
    notebook = json.loads(path.read_text())
    # The kernel as ipykernel describes itself, so that JupyterLab, which writes the kernel's
    # description into an open notebook, does not mark an untouched lesson modified.
    spec = KernelSpecManager().get_kernel_spec("python3")
    assert notebook["metadata"]["kernelspec"] == {
        "display_name": spec.display_name,
        "language": spec.language,
        "name": "python3",
    }
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
