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


@pytest.mark.slow
def test_the_hidden_games_of_a_difficulty_level_leave_nothing_to_luck() -> None:
    """The hidden check of Lesson 4's level plays 10,000 games from the course's seed: the
    worked solution, beaten in about 9.9% of them (measured in 200,000), stays more than five
    standard errors from the 8% and the 12% it must lie between, whatever the seed. The
    starter fails the never-silly part, which does not depend on luck."""
    from test_exercises_lesson04_difficulty_levels import levelled

    from tictac.exercises.lesson04_difficulty_levels import BEATEN
    from tictac.players.rules import blend, optimal, random_move

    games = grading.HIDDEN_LEVEL_GAMES
    for seed in "ab":
        report = grading.HIDDEN["check_beatable_level"](random.Random(seed), levelled(0.6))
        rate = report.beaten / games
        error = (rate * (1 - rate) / games) ** 0.5
        assert report.games == games and report.passed
        assert all(abs(rate - threshold) > 5 * error for threshold in BEATEN)
        starter = blend(optimal(random_ties=True), random_move, 0.5)
        report = grading.HIDDEN["check_beatable_level"](random.Random(seed), starter)
        assert not report.sensible and not report.passed


@pytest.mark.slow
def test_the_hidden_games_of_the_weights_leave_nothing_to_luck() -> None:
    """The hidden check of Lesson 7's weights plays 1,000 games and asks for an interval five
    standard errors wide to lie above one half. The starter's weights are open lines' own: its
    true share of the decided games is one half, which such an interval leaves below it but
    for a chance under one in a million (and it decides too few games for the interval to
    lie above one half at all: with 25 or fewer, not even all of them won would do). The worked
    solution loses none, and the weights the wrong way round win none."""
    from tictac.players.tournament import wilson_interval

    starter = {"open_1": 1, "open_2": 1, "open_3": 1}
    solution = {"open_1": 1, "open_2": 3, "open_3": 9}
    reversed_ = {"open_1": 9, "open_2": 3, "open_3": 1}
    assert wilson_interval(25, 25, grading.HIDDEN_CONFIDENCE)[0] < 0.5
    for seed in "ab":
        played = grading.HIDDEN["check_weights"](random.Random(seed), starter).played
        assert played.games == 2 * grading.HIDDEN_OPENINGS
        assert played.wins + played.losses <= 25 and not played.shown_better
        played = grading.HIDDEN["check_weights"](random.Random(seed), solution).played
        assert played.losses == 0 and played.interval[0] > 0.9
        played = grading.HIDDEN["check_weights"](random.Random(seed), reversed_).played
        assert played.wins == 0 and not played.shown_better


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
