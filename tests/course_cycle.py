"""The teacher's kit's grading cycle (course/build.py), offline, in a scratch course: what the
tests/test_course*.py files share.

For one lesson: the course is generated, nbgrader makes the release, and students hand it in:
one with the worked solutions, one with the untouched starters, and a plausible wrong answer to
every exercise (in two hand-ins, each with every other exercise wrong and the rest solved).
Autograded, the solutions get full marks, the starters none, and each wrong answer loses
exactly its exercise's points. Needs the `grading` extra (nbgrader), which `make test`
installs; the test files skip without it, except in CI (CI=true), where they fail.

The cycle is cut by lesson, and the lessons into three files, so that pytest-xdist's workers
share it (`make test` hands out whole files).
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def skip_without_nbgrader() -> None:
    """Skip the calling test module without nbgrader, except in CI, where it must be there."""
    if os.environ.get("CI", "").lower() in ("", "0", "false", "no"):
        pytest.importorskip("nbgrader", reason="nbgrader is in the `grading` extra (make test)")


def _load_course() -> Any:
    if "course_build" in sys.modules:
        return sys.modules["course_build"]
    spec = importlib.util.spec_from_file_location("course_build", ROOT / "course" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["course_build"] = module
    spec.loader.exec_module(module)
    return module


course = _load_course()


def nbgrader(course_dir: Path, *arguments: str) -> float:
    """Run nbgrader in the course folder; the seconds it took."""
    bin_dir = str(Path(sys.executable).parent)
    environment = {
        **os.environ,
        "PATH": bin_dir + os.pathsep + os.environ.get("PATH", ""),  # nbgrader runs `alembic`
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        "JUPYTER_CONFIG_DIR": str(course_dir / ".jupyter"),  # nothing from the user's config
    }
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "nbgrader", *arguments],
        cwd=course_dir,
        env=environment,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "[ERROR]" not in done.stderr, done.stderr
    return time.perf_counter() - started


def key_of(grade_id: str, prefix: str) -> str:
    """The exercise key of a cell's grade id ("check-check_game-2" -> "check_game#2")."""
    key = grade_id.removeprefix(prefix)
    if key[-2] == "-" and key[-1].isdigit():
        key = f"{key[:-2]}#{key[-1]}"
    return key


def answer_cells(notebook: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The answer cells by exercise key ("answer-check_game-2" -> "check_game#2")."""
    found = {}
    for cell in notebook["cells"]:
        grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id", "")
        if grade_id.startswith("answer-"):
            found[key_of(grade_id, "answer-")] = cell
    return found


def solution_of(cell: dict[str, Any]) -> str:
    """A source answer cell as a student who solved it would hand it in: the starter, then the
    worked solution (without nbgrader's markers)."""
    lines = "".join(cell["source"]).splitlines()
    return "\n".join(line for line in lines if line.strip() not in course.SOLUTION_MARKERS)


def wrong_halves(release: dict[str, Any]) -> dict[str, set[str]]:
    """Which exercises each of the two wrong hand-ins gets wrong: every other answer cell, in
    the notebook's order, and with an answer the exercises that only check it further on (a
    test cell without an answer cell of its own, such as Lesson 12's second count)."""
    halves: dict[str, set[str]] = {"wrong-odd": set(), "wrong-even": set()}
    answered = 0
    current = ""
    for cell in release["cells"]:
        grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id", "")
        if grade_id.startswith("answer-"):
            current = "wrong-even" if answered % 2 == 0 else "wrong-odd"
            answered += 1
        elif grade_id.startswith("check-"):
            halves[current].add(key_of(grade_id, "check-"))
    return halves


def release_answer_source(release: dict[str, Any], key: str) -> str:
    return "".join(answer_cells(release)[key]["source"])


def submit(course_dir: Path, student: str, assignment: str, name: str, notebook: Any) -> None:
    folder = course_dir / "submitted" / student / assignment
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.ipynb").write_text(json.dumps(notebook))


@dataclass
class Cycle:
    """One lesson's course after autograding: where it is, the assignment, the release."""

    course_dir: Path
    lesson: str
    assignment: str
    release: dict[str, Any]

    def scores(self, student: str) -> dict[str, float]:
        """The student's score on each exercise, read from the gradebook."""
        from nbgrader.api import Gradebook

        with Gradebook(f"sqlite:///{self.course_dir / 'gradebook.db'}") as gradebook:
            notebook = gradebook.find_submission_notebook(self.lesson, self.assignment, student)
            return {
                key_of(grade.name, "check-"): grade.score
                for grade in notebook.grades
                if grade.name.startswith("check-")
            }


def grade_lesson(
    course_dir: Path,
    lesson: str,
    wrong: dict[str, str],
    more: dict[str, dict[str, str]] | None = None,
) -> Cycle:
    """Run the whole cycle for `lesson` in `course_dir` and check the four students' grades.

    `wrong` holds a plausible wrong answer per exercise with an answer cell, written after the
    lesson's starter (so it has the starter's imports and helpers, as a student's edited cell
    would). `more` hands in further students: their answers, written after the starter, in an
    otherwise solved notebook; their grades are for the caller to check.
    """
    (assignment,) = course.build(course_dir, [lesson])
    nbgrader(course_dir, "generate_assignment", assignment, "--force")
    release = json.loads((course_dir / "release" / assignment / f"{lesson}.ipynb").read_text())
    source = json.loads((course_dir / "source" / assignment / f"{lesson}.ipynb").read_text())
    text = json.dumps(release)
    assert "BEGIN HIDDEN" not in text and "must_pass_hidden(" not in text.replace(
        "import must_pass, must_pass_hidden", ""
    )
    assert "BEGIN SOLUTION" not in text
    answers, solved = answer_cells(release), answer_cells(source)
    # (an exercise whose cell only checks an answer given above has no answer cell)
    assert set(answers) == set(wrong) <= set(course.POINTS[lesson])
    submit(course_dir, "starters", assignment, lesson, release)
    solutions = json.loads(json.dumps(release))
    for key, cell in answer_cells(solutions).items():
        cell["source"] = solution_of(solved[key])
    submit(course_dir, "solutions", assignment, lesson, solutions)

    def with_answers(answers: dict[str, str]) -> dict[str, Any]:
        handed_in: dict[str, Any] = json.loads(json.dumps(solutions))
        for key, cell in answer_cells(handed_in).items():
            if key in answers:
                starter = "".join(answer_cells(release)[key]["source"]).rstrip()
                cell["source"] = starter + "\n" + answers[key]
        return handed_in

    # the wrong answers, in two hand-ins: each has every other exercise wrong and the rest
    # solved, so a wrong answer that cost a neighbour its points would show
    halves = wrong_halves(release)
    for student, wrong_keys in halves.items():
        answers_ = {key: wrong[key] for key in wrong_keys if key in wrong}
        submit(course_dir, student, assignment, lesson, with_answers(answers_))
    for student, answers_ in (more or {}).items():
        submit(course_dir, student, assignment, lesson, with_answers(answers_))
    nbgrader(course_dir, "autograde", assignment)

    cycle = Cycle(course_dir, lesson, assignment, release)
    points = course.POINTS[lesson]
    assert cycle.scores("solutions") == points
    assert cycle.scores("starters") == dict.fromkeys(points, 0)
    for student, wrong_keys in halves.items():
        # each wrong answer loses exactly its exercise's points
        expected = {key: 0 if key in wrong_keys else p for key, p in points.items()}
        assert cycle.scores(student) == expected, student
    return cycle
