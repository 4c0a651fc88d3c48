"""The teacher's kit: an nbgrader course folder generated from the lessons (`make assignments`).

    python course/build.py [--course DIR] [--course-id NAME] [--release] [LESSON ...]
    python course/build.py --points

(by default every lesson in POINTS, into _course/, for the course named "tictac", or the name
the folder's config already has; with --release, nbgrader's release versions too, in
DIR/release/, which needs the `grading` extra; --points prints the points table).

For each lesson (``notebooks/NN-name.ipynb``) it writes ``DIR/source/lessonNN/NN-name.ipynb``:
the lesson as it is, except that each exercise cell (a code cell that ends by calling a
``check_...`` function) becomes two cells:

- the answer cell (nbgrader: a solution cell): the lesson's starter, which the release keeps,
  then the solutions notebook's code as the solution region, which the release drops (the
  course's config makes nbgrader's stub empty, so the runnable starter is what students get);
- the test cell (nbgrader: a locked, graded test cell worth the exercise's points): the check
  the lesson ends with, through ``must_pass``, then, as hidden tests, ``must_pass_hidden`` on
  the same arguments: cases the visible check does not use, drawn in the kernel from the
  course's seed, so that no case is written in the cell (see tictac/exercises/grading.py).

It also writes ``DIR/nbgrader_config.py`` (the seed is made once and kept in
``DIR/grading_seed``; a teacher's own settings go in ``DIR/local_config.py``, which the config
reads last and this script never writes); run nbgrader in DIR: ``nbgrader generate_assignment
lesson03``.
The design and its reasons: docs/teachers-kit-design.md.
"""

from __future__ import annotations

import argparse
import ast
import copy
import json
import os
import re
import secrets
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

POINTS: dict[str, dict[str, int]] = {
    # lesson: {exercise: points}; an exercise is named by its check, with "#2", "#3" for the
    # check's second and third cells in the lesson. The generator stops on an exercise cell
    # missing here, and on a name here that no cell has: a lesson's exercises and their points
    # stay in step.
    "00-welcome": {"check_winner": 2, "check_legality": 1, "check_game": 1, "check_game#2": 1},
    "01-how-big": {"check_count": 1, "check_count#2": 1, "check_count#3": 1, "check_count#4": 1},
    "02-simple-strategies": {"check_completing_moves": 2, "check_beat_the_defender": 2},
    "02b-forks-and-rules": {"check_centre_rule": 2, "check_fork_rule": 2},
    "03-minimax": {"check_minimax": 3, "check_visit_order": 1, "check_negamax": 2},
    "03b-ties-and-scores": {
        "check_depth_aware_minimax": 2,
        "check_predicted_moves": 1,
        "check_predicted_moves#2": 1,
    },
    "04-difficulty-levels": {"check_beatable_level": 2, "check_told_apart": 1},
    "05-tutorial-players": {"check_subtree_sum": 2, "check_round_five_utility": 2},
    "06-making-it-fast": {
        "check_alphabeta": 3,
        "check_alphabeta_nodes": 2,
        "check_unvisited_leaves": 1,
        "check_window": 1,
    },
    "06b-alphabeta-in-practice": {"check_move_order": 2, "check_transposition_table": 3},
    "07-depth-limited": {"check_depth_limited": 2, "check_weights": 1},
    "07b-horizon": {"check_extension": 2, "check_horizon": 2},
    "08-monte-carlo": {"check_ucb1": 2, "check_back_up": 2, "check_next_playout": 1},
    "08b-mcts-measured": {"check_best_moves": 2},
    "09-proving-bigger-boards": {"check_lines_without_a_pair": 2, "check_dead_cells": 2},
    "09b-the-frontier": {"check_pairing": 2, "check_predictions": 1},
    "10-matchboxes": {"check_retrograde": 2, "check_reinforce": 1},
    "11-learning-values": {"check_td_update": 2, "check_training": 1},
    "12-play": {
        "check_win_against": 2,
        "check_win_against#2": 2,
        "check_count": 1,
        "check_count#2": 1,
    },
    "13-your-own-game": {"check_no_repeat": 2, "check_nim_move": 2},
}

BEGIN_SOLUTION, END_SOLUTION = "### BEGIN SOLUTION", "### END SOLUTION"
SOLUTION_MARKERS = (BEGIN_SOLUTION, END_SOLUTION)
BEGIN_HIDDEN, END_HIDDEN = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"


SOLUTIONS_LINK = re.compile(r"^Solutions: \[solutions/[^]]*\]\([^)]*\)\.?[ \t]*\n*", re.MULTILINE)
"""The lessons' line that points to their solutions notebook (left out of an assignment)."""


class CourseError(Exception):
    """A lesson the generator cannot turn into an assignment (it says which cell and why)."""


@dataclass(frozen=True)
class Exercise:
    """One exercise cell of a lesson and what the assignment makes of it."""

    key: str  # check name, "#n" for the n-th cell with that check
    check: str  # the check's source, e.g. "check_minimax(my_minimax)"
    check_name: str
    arguments: str  # the check call's arguments, as written
    starter: str  # the cell without its check
    solution: str  # the solutions notebook's code, in the lesson's names


def _check_call(source: str) -> tuple[ast.Module, ast.Call] | None:
    """The cell's closing ``check_...(...)`` call, if it ends with one."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    if not tree.body:
        return None
    last = tree.body[-1]
    if (
        isinstance(last, ast.Expr)
        and isinstance(last.value, ast.Call)
        and isinstance(last.value.func, ast.Name)
        and last.value.func.id.startswith("check_")
    ):
        return tree, last.value
    return None


def _without_last(source: str, tree: ast.Module) -> str:
    """The cell's code before its last statement."""
    lines = source.splitlines()
    return "\n".join(lines[: tree.body[-1].lineno - 1]).rstrip()


def _code_cells(notebook: dict[str, Any]) -> Iterator[tuple[int, str]]:
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] == "code":
            yield index, "".join(cell["source"])


def _checked_cells(notebook: dict[str, Any]) -> list[tuple[int, str, str]]:
    """(cell index, exercise key, source) of every cell that ends with a check."""
    found, seen = [], {}  # type: ignore[var-annotated]
    for index, source in _code_cells(notebook):
        parsed = _check_call(source)
        if parsed is None:
            continue
        name = parsed[1].func.id  # type: ignore[attr-defined]
        seen[name] = seen.get(name, 0) + 1
        found.append((index, name if seen[name] == 1 else f"{name}#{seen[name]}", source))
    return found


def _arguments(call: ast.Call) -> list[tuple[str | None, ast.expr]]:
    return [(None, a) for a in call.args] + [(k.arg, k.value) for k in call.keywords]


def _solution_in_lesson_names(
    where: str, lesson: str, lesson_call: ast.Call, solution: str, solution_tree: ast.Module
) -> str:
    """The solutions cell's code without its check, plus ``name = value`` for each of the
    lesson's arguments (a variable the student fills in) the solution writes out instead."""
    solution_call = solution_tree.body[-1].value  # type: ignore[attr-defined]
    code = [_without_last(solution, solution_tree)]
    ours = _arguments(lesson_call)
    theirs = dict(enumerate(_arguments(solution_call)))
    if len(ours) != len(theirs):
        raise CourseError(f"{where}: the lesson's check and the solution's take other arguments")
    for place, (keyword, argument) in enumerate(ours):
        other_keyword, other = theirs[place]
        written = ast.get_source_segment(solution, other) or ""
        if keyword != other_keyword:
            raise CourseError(f"{where}: argument {place + 1} differs in name ({keyword})")
        if written == ast.get_source_segment(lesson, argument):
            continue
        if not isinstance(argument, ast.Name):
            raise CourseError(
                f"{where}: the solution gives {written} where the lesson writes an expression, "
                "not a variable the student fills in"
            )
        code.append(f"{argument.id} = {written}")
    return "\n".join(part for part in code if part).strip()


def _imports(notebook: dict[str, Any]) -> dict[str, str]:
    """The names the notebook's code cells import at their top level, each with its import
    statement (one name each: ``from collections import Counter``)."""
    found = {}
    for _, source in _code_cells(notebook):
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        for statement in tree.body:
            if isinstance(statement, ast.Import):
                for alias in statement.names:
                    name = alias.asname or alias.name.split(".")[0]
                    found[name] = f"import {alias.name}" + (
                        f" as {alias.asname}" if alias.asname else ""
                    )
            elif isinstance(statement, ast.ImportFrom) and statement.level == 0:
                for alias in statement.names:
                    name = alias.asname or alias.name
                    found[name] = f"from {statement.module} import {alias.name}" + (
                        f" as {alias.asname}" if alias.asname else ""
                    )
    return found


def _defined(source: str) -> dict[str, str]:
    """The functions and classes `source` defines at its top level, each with its source."""
    found = {}
    for statement in ast.parse(source).body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found[statement.name] = ast.get_source_segment(source, statement) or ""
    return found


def _definitions(notebook: dict[str, Any]) -> dict[str, str]:
    """The functions and classes the notebook's code cells define at their top level (the last
    definition of a name, as running the notebook leaves it)."""
    found = {}
    for _, source in _code_cells(notebook):
        try:
            found.update(_defined(source))
        except SyntaxError:
            continue
    return found


def _names_used(code: str) -> set[str]:
    return {node.id for node in ast.walk(ast.parse(code)) if isinstance(node, ast.Name)}


def _with_definitions(solution: str, lesson: dict[str, Any], solutions: dict[str, Any]) -> str:
    """`solution` after the functions and classes it needs that the solutions notebook defines
    in cells of their own and the lesson does not (``levelled`` for ``my_level =
    levelled(0.6)``), and those they need in turn."""
    have = set(_imports(lesson)) | set(_definitions(lesson))
    theirs = _definitions(solutions)
    while True:
        have_here = have | set(_defined(solution))
        needed = sorted(name for name in _names_used(solution) - have_here if name in theirs)
        if not needed:
            return solution
        solution = "\n\n\n".join([*(theirs[name] for name in needed), solution])


def _with_imports(solution: str, lesson: dict[str, Any], solutions: dict[str, Any]) -> str:
    """`solution` after the imports it needs from the solutions notebook that the lesson does
    not make (the solutions may import a helper the lesson never uses)."""
    used = _names_used(solution)
    have, theirs = _imports(lesson), _imports(solutions)
    needed = [theirs[name] for name in sorted(used) if name in theirs and name not in have]
    return "\n".join([*needed, solution]) if needed else solution


def _parameter_names(check: str) -> list[str]:
    """The names of the check's parameters, in order (from ``tictac.exercises``)."""
    import inspect

    import tictac.exercises

    return list(inspect.signature(getattr(tictac.exercises, check)).parameters)


def _named_answers(source: str, solution: str) -> str:
    """The lesson's cell with each answer it writes into the check call itself (a literal the
    solution changes, as in ``check_win_against("medium", [4, 0, 8])``) taken out into a
    variable named after the check's parameter (``moves = [4, 0, 8]``), so that the answer is
    in the student's cell and the check in the locked one."""
    parsed, theirs = _check_call(source), _check_call(solution)
    assert parsed is not None and theirs is not None
    tree, call = parsed
    names = _parameter_names(call.func.id)  # type: ignore[attr-defined]
    other = dict(enumerate(_arguments(theirs[1])))
    # (ast's col_offset counts bytes of UTF-8, so the cell is cut as bytes)
    encoded = source.encode()
    starts = [0]
    for line in encoded.split(b"\n"):
        starts.append(starts[-1] + len(line) + 1)
    changes = []
    for place, (keyword, argument) in enumerate(_arguments(call)):
        written = ast.get_source_segment(source, argument)
        if isinstance(argument, ast.Name) or place not in other:
            continue
        if written == ast.get_source_segment(solution, other[place][1]):
            continue
        variable = keyword or names[place]
        start = starts[argument.lineno - 1] + argument.col_offset
        end = starts[(argument.end_lineno or argument.lineno) - 1] + (argument.end_col_offset or 0)
        changes.append((start, end, variable, written))
    if not changes:
        return source
    statement = tree.body[-1]
    head = starts[statement.lineno - 1]
    for start, end, variable, _ in reversed(changes):
        encoded = encoded[:start] + variable.encode() + encoded[end:]
    assignments = "".join(f"{variable} = {written}\n" for _, _, variable, written in changes)
    return (
        encoded[:head].decode().rstrip("\n") + "\n" + assignments + "\n" + encoded[head:].decode()
    ).lstrip("\n")


def exercises(lesson: dict[str, Any], solutions: dict[str, Any], name: str) -> dict[int, Exercise]:
    """The exercise cells of a lesson, by cell index, each matched with its solution: the n-th
    cell that ends with a check is solved by the solutions notebook's n-th cell ending with the
    same check."""
    solved = {key: source for _, key, source in _checked_cells(solutions)}
    found = {}
    for index, key, source in _checked_cells(lesson):
        where = f"{name}, cell {index} ({key})"
        if key not in solved:
            raise CourseError(f"{where}: no cell of the solutions notebook ends with this check")
        source = _named_answers(source, solved[key])
        parsed, solution_parsed = _check_call(source), _check_call(solved[key])
        assert parsed is not None and solution_parsed is not None
        tree, call = parsed
        check = ast.get_source_segment(source, tree.body[-1]) or ""
        solution = _solution_in_lesson_names(where, source, call, solved[key], solution_parsed[0])
        solution = _with_definitions(solution, lesson, solutions)
        found[index] = Exercise(
            key=key,
            check=check,
            check_name=call.func.id,  # type: ignore[attr-defined]
            arguments=check[check.index("(") + 1 : -1],
            starter=_without_last(source, tree),
            solution=_with_imports(solution, lesson, solutions),
        )
    return found


def _nbgrader(grade_id: str, **fields: Any) -> dict[str, Any]:
    return {"nbgrader": {"grade_id": grade_id, "schema_version": 3, "task": False, **fields}}


def assignment(name: str, points: dict[str, int]) -> dict[str, Any]:
    """The nbgrader source notebook of lesson `name` (e.g. "03-minimax")."""
    lesson = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text())
    solutions = json.loads((NOTEBOOKS / "solutions" / f"{name}-solutions.ipynb").read_text())
    found = exercises(lesson, solutions, name)
    keys = {exercise.key for exercise in found.values()}
    if keys != set(points):
        raise CourseError(
            f"{name}: exercises without points {sorted(keys - set(points))}, points without "
            f"an exercise {sorted(set(points) - keys)} (course/build.py, POINTS)"
        )
    cells = []
    for index, cell in enumerate(lesson["cells"]):
        cell = copy.deepcopy(cell)
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
            cell["metadata"].pop("execution", None)  # when the lesson last ran, here
        if cell["cell_type"] == "markdown":  # an assignment comes without its solutions
            text = SOLUTIONS_LINK.sub("", "".join(cell["source"])).lstrip("\n")
            if not text.strip():
                continue
            cell["source"] = text
        if index not in found:
            cells.append(cell)
            continue
        exercise = found[index]
        slug = exercise.key.replace("#", "-")
        answer = f"{exercise.starter}\n{BEGIN_SOLUTION}\n{exercise.solution}\n{END_SOLUTION}"
        cell["source"] = answer.lstrip("\n")
        cell["metadata"] = {
            **cell["metadata"],
            **_nbgrader(f"answer-{slug}", grade=False, solution=True, locked=False),
        }
        test = (
            f"from tictac.exercises import {exercise.check_name}\n"
            "from tictac.exercises.grading import must_pass\n\n"
            f"must_pass({exercise.check})\n{BEGIN_HIDDEN}\n"
            "from tictac.exercises.grading import must_pass_hidden\n\n"
            f'must_pass_hidden("{exercise.check_name}", {exercise.arguments})\n{END_HIDDEN}'
        )
        if exercise.starter or exercise.solution:
            cells.append(cell)
        # (else the cell only checks an answer given above, such as a second question about
        # the same function: no answer cell, only the test)
        cells.append(
            {
                "cell_type": "code",
                "execution_count": None,
                "id": f"{cell.get('id', index)}-check"[:64],
                "metadata": _nbgrader(
                    f"check-{slug}",
                    grade=True,
                    solution=False,
                    locked=True,
                    points=points[exercise.key],
                ),
                "outputs": [],
                "source": test,
            }
        )
    lesson["cells"] = [_about(points), *cells]
    return lesson


def _about(points: dict[str, int]) -> dict[str, Any]:
    """The assignment's first cell: what is graded and how."""
    total, checks = _counted(sum(points.values()), "point"), _counted(len(points), "exercise")
    worth = "".join(f"\n- {_check_label(key)}: {_counted(p, 'point')}" for key, p in points.items())
    text = (
        f"*A graded assignment: {total}, in {checks}.*\n\n"
        "This is the lesson, with its outputs cleared: run the cells to see its pictures. "
        "Each exercise's code cell is yours to change. The locked cell after it runs the "
        "lesson's check on your answer. When your teacher grades the assignment, that cell "
        "also runs the check on cases you do not see. So make your code right for every "
        "case, not only for the ones the check shows. Run every cell from the top before "
        "you hand it in. The lesson's links to other lessons and to its solutions are not "
        f"part of the assignment.\n\nThe exercises, by the check that grades them:{worth}"
    )
    return {
        "cell_type": "markdown",
        "id": "about-this-assignment",
        "metadata": _nbgrader("about-this-assignment", grade=False, solution=False, locked=True),
        "source": text,
    }


def _counted(number: int, noun: str) -> str:
    """ "1 check", "3 checks"."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _number(lesson: str) -> str:
    """ "03-minimax" -> "03"; "02b-forks-and-rules" -> "02b"."""
    return lesson.split("-", 1)[0]


def assignment_name(lesson: str) -> str:
    """ "03-minimax" -> "lesson03"; "02b-forks-and-rules" -> "lesson02b"."""
    return "lesson" + _number(lesson)


CONFIG = """\
# Written by course/build.py (make assignments); it is rewritten on every run.
import os

c = get_config()  # noqa: F821 (nbgrader defines it)
c.CourseDirectory.course_id = "{course_id}"
# The release keeps the lesson's runnable starter: the solution region goes without a stub.
c.ClearSolutions.code_stub = {{"python": ""}}
# Every lesson runs in under 20 s; grading adds the hidden checks, a few seconds each.
c.ExecutePreprocessor.timeout = 300
# The hidden cases' seed: the kernels that autograde inherits it (tictac/exercises/grading.py).
_here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(_here, "grading_seed")) as _seed:
    os.environ["{variable}"] = _seed.read().strip()
# Your own settings (late penalties, say) go in local_config.py beside this file: it is read
# last, so it can change anything above, and course/build.py never writes it.
if os.path.exists(os.path.join(_here, "local_config.py")):
    load_subconfig(os.path.join(_here, "local_config.py"))  # noqa: F821 (traitlets defines it)
"""

COURSE_ID_LINE = re.compile(r'^c\.CourseDirectory\.course_id = "([^"]*)"$', re.MULTILINE)


COURSE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
"""What a course id may be: it names the course's folder in nbgrader's exchange."""


def lesson_named(name: str) -> str:
    """The lesson that `name` means: its file name, its assignment's name or its number.

    >>> lesson_named("lesson03"), lesson_named("3b"), lesson_named("06-making-it-fast")
    ('03-minimax', '03b-ties-and-scores', '06-making-it-fast')
    """
    wanted = name.strip().lower().removesuffix(".ipynb").removeprefix("lesson")
    for lesson in POINTS:
        number = _number(lesson)
        if wanted in (lesson, number, number.lstrip("0") or "0"):
            return lesson
    raise CourseError(
        f"there is no lesson {name!r} with an assignment; name one as 03-minimax, lesson03 "
        f"or 3 (these have one: {', '.join(assignment_name(lesson) for lesson in POINTS)})"
    )


def course_id_of(course: Path) -> str | None:
    """The course id that the folder's ``nbgrader_config.py`` already has, if any."""
    config = course / "nbgrader_config.py"
    found = COURSE_ID_LINE.search(config.read_text()) if config.is_file() else None
    return found.group(1) if found else None


def build(course: Path, lessons: list[str], course_id: str | None = None) -> list[str]:
    """Write the course folder; return the assignments' names.

    `lessons` are lesson file names without ".ipynb" (keys of ``POINTS``); `course_id` is the
    course's name in nbgrader (on a JupyterHub, the one the hub's nbgrader set-up uses); by
    default the one the folder's config already has, else "tictac". Nothing is written unless
    every assignment can be made.
    """
    if course.exists() and not course.is_dir():
        raise CourseError(f"{course} is a file, not a folder: name a folder for the course")
    course_id = course_id if course_id is not None else course_id_of(course) or "tictac"
    if not COURSE_ID.fullmatch(course_id):
        raise CourseError(
            f"a course id is 1 to 64 letters, digits, - or _, starting with a letter or "
            f"digit, not {course_id!r}"
        )
    from tictac.exercises.grading import SEED_VARIABLE

    notebooks = {lesson: assignment(lesson, POINTS[lesson]) for lesson in lessons}
    course.mkdir(parents=True, exist_ok=True)
    seed = course / "grading_seed"
    if not seed.exists():
        seed.write_text(secrets.token_hex(8) + "\n")
    (course / "nbgrader_config.py").write_text(
        CONFIG.format(variable=SEED_VARIABLE, course_id=course_id)
    )
    for lesson, notebook in notebooks.items():
        folder = course / "source" / assignment_name(lesson)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{lesson}.ipynb").write_text(
            json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"
        )
    return [assignment_name(lesson) for lesson in notebooks]


def nbgrader_missing() -> str | None:
    """Why nbgrader cannot run here, or None if it can."""
    try:
        import nbgrader  # noqa: F401
    except ImportError:
        return (
            "nbgrader is not installed in this Python: run `make assignments`, or install "
            "the grading extra (scripts/setup.sh --grading)"
        )
    return None


def release(course: Path, names: list[str]) -> None:
    """Run ``nbgrader generate_assignment`` in the course folder for each assignment
    (CourseError, with nbgrader's own words, if it fails)."""
    environment = dict(os.environ)  # nbgrader runs `alembic`, installed beside this Python
    environment["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), environment["PATH"]])
    for name in names:
        done = subprocess.run(
            [sys.executable, "-m", "nbgrader", "generate_assignment", name, "--force"],
            cwd=course,
            env=environment,
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            said = (done.stderr or done.stdout).strip().splitlines()
            raise CourseError(
                f"nbgrader could not make the release of {name}: "
                f"{said[-1] if said else 'no message'}"
            )
        print(f"  {name}: released", flush=True)


def points_table() -> str:
    """The points of every assignment, as the Markdown table the README and the teacher's guide
    show (a test keeps them equal to ``POINTS``; ``course/build.py --points`` prints it)."""
    rows = [
        "| Lesson | Assignment | Checks and their points | Points |",
        "| --- | --- | --- | ---: |",
    ]
    for lesson, points in POINTS.items():
        number = _number(lesson).lstrip("0") or "0"
        checks = ", ".join(f"{_check_label(key)} {p}" for key, p in points.items())
        rows.append(f"| {number} | {assignment_name(lesson)} | {checks} | {sum(points.values())} |")
    total = sum(sum(points.values()) for points in POINTS.values())
    rows.append(f"| | all {len(POINTS)} | | {total} |")
    return "\n".join(rows) + "\n"


def _check_label(key: str) -> str:
    """ "check_game#2" -> "`check_game` (second)": an exercise as the points table names it."""
    name, _, count = key.partition("#")
    ordinals = {"2": "second", "3": "third", "4": "fourth"}
    return f"`{name}`" + (f" ({ordinals.get(count, 'number ' + count)})" if count else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--course", type=Path, default=ROOT / "_course", help="the course folder (_course)"
    )
    parser.add_argument(
        "--course-id",
        help="the course's name in nbgrader (default: the name the folder's config has, else "
        "tictac)",
    )
    parser.add_argument("--release", action="store_true", help="run nbgrader generate_assignment")
    parser.add_argument(
        "--points", action="store_true", help="print the points table (for the README) and stop"
    )
    parser.add_argument(
        "lessons",
        nargs="*",
        help="lessons to make assignments of, as 03-minimax, lesson03 or 3 "
        "(all that have one, by default)",
    )
    options = parser.parse_args(argv)
    try:
        if options.points:
            if options.lessons:
                raise CourseError("--points prints the whole table: give it no lessons")
            print(points_table(), end="")
            return 0
        lessons = [lesson_named(name) for name in options.lessons] or list(POINTS)
        if options.release and (missing := nbgrader_missing()):
            raise CourseError(missing)
        names = build(options.course, lessons, options.course_id)
        print(f"{len(names)} assignments in {options.course}/source: {', '.join(names)}")
        if options.release:
            release(options.course, names)
            print(f"their release versions, for the students: {options.course}/release")
        else:
            print(f"next: cd {options.course} && nbgrader generate_assignment ASSIGNMENT --force")
    except CourseError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
