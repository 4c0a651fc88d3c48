"""The teacher's kit's generator (course/build.py) and its grading helpers, without nbgrader:
quick checks that run in `make check` (the whole cycle is tests/test_course.py, slow)."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from tictac.exercises import grading
from tictac.game.state import State

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("course_build", ROOT / "course" / "build.py")
assert _spec is not None and _spec.loader is not None
course = importlib.util.module_from_spec(_spec)
sys.modules["course_build"] = course
_spec.loader.exec_module(course)

LESSONS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9]*.ipynb"))
# Lessons whose exercises the generator cannot yet turn into answer cells, and why.
NOT_YET: dict[str, str] = {}
BOARD = re.compile(r"[XO.]{3}/[XO.]{3}/[XO.]{3}")


def _notebooks(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    lesson = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text())
    solutions = json.loads((ROOT / "notebooks/solutions" / f"{name}-solutions.ipynb").read_text())
    return lesson, solutions


@pytest.mark.parametrize("name", LESSONS)
def test_every_exercise_of_a_lesson_is_found_and_matched_with_its_solution(name: str) -> None:
    lesson, solutions = _notebooks(name)
    if name in NOT_YET:
        with pytest.raises(course.CourseError):
            course.exercises(lesson, solutions, name)
        return
    found = course.exercises(lesson, solutions, name)
    assert 1 <= len(found) <= 4  # AUTHORING.md: 2 to 4 exercises (a few cells have two parts)
    for exercise in found.values():
        compile(exercise.starter + "\n" + exercise.solution, name, "exec")
        assert exercise.check.startswith(exercise.check_name + "(")
    if name in course.POINTS:
        assert {e.key for e in found.values()} == set(course.POINTS[name])


@pytest.mark.parametrize("name", sorted(course.POINTS))
def test_an_assignment_splits_each_exercise_into_an_answer_and_a_locked_graded_test(
    name: str,
) -> None:
    notebook = course.assignment(name, course.POINTS[name])
    cells = notebook["cells"]
    graded = [c for c in cells if c["metadata"].get("nbgrader", {}).get("grade")]
    answers = [c for c in cells if c["metadata"].get("nbgrader", {}).get("solution")]
    assert len(graded) == len(course.POINTS[name]) >= len(answers)  # (see Lesson 12's last)
    assert sum(c["metadata"]["nbgrader"]["points"] for c in graded) == sum(
        course.POINTS[name].values()
    )
    for answer in answers:
        test = cells[cells.index(answer) + 1]  # each answer right before its test
        assert test in graded
        assert test["metadata"]["nbgrader"]["grade_id"] == answer["metadata"]["nbgrader"][
            "grade_id"
        ].replace("answer-", "check-")
        assert "".join(answer["source"]).count(course.BEGIN_SOLUTION) == 1
    for test in graded:
        assert test["metadata"]["nbgrader"]["locked"]
        source = "".join(test["source"])
        visible, hidden = source.split(course.BEGIN_HIDDEN)
        assert "must_pass(check_" in visible
        assert re.fullmatch(
            r'\nmust_pass_hidden\("check_\w+", [^\n]*\)\n### END HIDDEN TESTS', hidden
        )
    # no cell keeps a stored output, and the lesson's line pointing to its solutions is gone
    # (other mentions of the solutions in a lesson's prose stay: the first cell says so)
    assert all(not c.get("outputs") for c in cells)
    assert not [c for c in cells if "".join(c["source"]).startswith("Solutions: [")]
    assert "graded" in "".join(cells[0]["source"])
    ids = [c["id"] for c in cells]
    assert len(ids) == len(set(ids))


def test_a_new_exercise_without_points_stops_the_generator() -> None:
    points = dict(course.POINTS["03-minimax"])
    points.pop("check_negamax")
    with pytest.raises(course.CourseError, match="without points"):
        course.assignment("03-minimax", points)


def test_the_course_keeps_its_seed_and_gives_it_to_the_kernels(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    course.build(tmp_path, ["03-minimax"])
    seed = (tmp_path / "grading_seed").read_text()
    course.build(tmp_path, ["03-minimax"])
    assert (tmp_path / "grading_seed").read_text() == seed  # made once, then kept
    monkeypatch.delenv(grading.SEED_VARIABLE, raising=False)
    config = (tmp_path / "nbgrader_config.py").read_text()

    class Config:
        def __getattr__(self, name: str) -> Any:
            value = Config()
            object.__setattr__(self, name, value)
            return value

    exec(
        compile(config, "nbgrader_config.py", "exec"),
        {"get_config": Config, "__file__": str(tmp_path / "nbgrader_config.py")},
    )
    assert os.environ[grading.SEED_VARIABLE] == seed.strip() == grading.grading_seed()


def test_a_hidden_check_names_no_position_even_when_the_function_fails() -> None:
    def breaks_late(state: State) -> float:
        if state.moves_made >= 5:
            raise KeyError(state.text)  # an error message that would name the board
        return 0

    for function in [breaks_late, lambda state: 0]:
        with pytest.raises(AssertionError) as failed:
            grading.must_pass_hidden("check_minimax", function)
        assert not BOARD.search(str(failed.value)), failed.value
        assert "hidden case" in str(failed.value)


def test_hidden_positions_are_ones_the_visible_check_does_not_use() -> None:
    from tictac.exercises.lesson03_minimax import minimax_positions

    visible = minimax_positions()
    drawn = grading.hidden_positions(visible, random.Random(1), 150, finished=40)
    assert len(drawn) == 190 and not set(drawn) & set(visible)
    assert sum(state.is_terminal for state in drawn) == 40
    # another seed, other cases
    assert drawn != grading.hidden_positions(visible, random.Random(2), 150, finished=40)


@pytest.mark.slow
def test_the_hidden_games_against_the_defender_leave_nothing_to_luck() -> None:
    """The hidden check of Lesson 2's rule plays 10,000 games from the course's seed: the
    solution's and the starter's win rates stay far from the 56% the rule must reach (more than
    five standard errors, so that luck turns either verdict with a chance below one in a
    million), whatever the seed."""
    from tictac.exercises.lesson02_simple_strategies import HUMAN_AGAINST_THE_DEFENDER
    from tictac.game.state import other
    from tictac.players.rules import completing_moves

    def solution(state: State, rng: random.Random) -> int:
        wins = completing_moves(state, state.turn)
        blocks = completing_moves(state, other(state.turn))
        corners = [cell for cell in (0, 2, 6, 8) if cell in state.legal_moves()]
        return rng.choice(wins or blocks or corners or state.legal_moves())

    def starter(state: State, rng: random.Random) -> int:
        wins = completing_moves(state, state.turn)
        blocks = completing_moves(state, other(state.turn))
        return rng.choice(wins or blocks or state.legal_moves())

    threshold = HUMAN_AGAINST_THE_DEFENDER[0] / sum(HUMAN_AGAINST_THE_DEFENDER)
    games = grading.HIDDEN_DEFENDER_GAMES
    for seed, rule, passes in [("a", solution, True), ("b", starter, False)]:
        report = grading.HIDDEN["check_beat_the_defender"](random.Random(seed), rule)
        rate = report.wins / games
        error = (rate * (1 - rate) / games) ** 0.5
        assert abs(rate - threshold) > 5 * error
        assert report.passed is passes


def test_a_solution_brings_the_functions_it_needs_from_the_solutions_other_cells() -> None:
    def notebook(*cells: str) -> dict[str, Any]:
        return {"cells": [{"cell_type": "code", "source": source} for source in cells]}

    lesson = notebook(
        "def shown(level):\n    return level", "my_level = None\ncheck_beatable_level(my_level)"
    )
    solutions = notebook(
        "def shown(level):\n    return level",
        "def careful(p):\n    return p\n\n\ndef levelled(p):\n    return shown(careful(p))",
        "check_beatable_level(levelled(0.6))",
    )
    (exercise,) = course.exercises(lesson, solutions, "a lesson").values()
    # levelled, and careful for levelled; shown is the lesson's own
    assert exercise.solution == (
        "def careful(p):\n    return p\n\n\n"
        "def levelled(p):\n    return shown(careful(p))\n\n\n"
        "my_level = levelled(0.6)"
    )
