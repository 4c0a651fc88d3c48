"""The teacher's kit's generator (course/build.py) and its grading helpers, without nbgrader:
quick checks that run in `make check` (the whole cycle is tests/test_course.py, slow)."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from course_cycle import course

from tictac.exercises import grading
from tictac.game.state import State

ROOT = Path(__file__).resolve().parent.parent

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
        # the locked cell imports what it calls: a student who tidies the answer cell's
        # imports away cannot break it
        check = re.match(r"from tictac\.exercises import (check_\w+)\n", visible)
        assert check and f"must_pass({check.group(1)}(" in visible
        assert re.fullmatch(
            r"\nfrom tictac\.exercises\.grading import must_pass_hidden\n\n"
            r'must_pass_hidden\("check_\w+", [^\n]*\)\n### END HIDDEN TESTS',
            hidden,
        )
    # no cell keeps a stored output, and the lesson's line pointing to its solutions is gone
    # (other mentions of the solutions in a lesson's prose stay: the first cell says so)
    assert all(not c.get("outputs") for c in cells)
    assert not [c for c in cells if "execution" in c["metadata"]]
    assert not [c for c in cells if "".join(c["source"]).startswith("Solutions: [")]
    assert "graded" in "".join(cells[0]["source"])
    ids = [c["id"] for c in cells]
    assert len(ids) == len(set(ids))


def test_the_opening_cell_counts_points_and_checks_in_words() -> None:
    def opening(points: dict[str, int]) -> str:
        return "".join(course._about(points)["source"]).split(".*")[0]

    assert opening({"check_best_moves": 2}) == "*A graded assignment: 2 points, in 1 exercise"
    assert opening({"check_a": 1}) == "*A graded assignment: 1 point, in 1 exercise"
    assert opening({"check_a": 2, "check_b": 1}).endswith("3 points, in 2 exercises")
    listed = "".join(course._about({"check_game": 1, "check_game#2": 2})["source"])
    assert listed.endswith("\n- `check_game`: 1 point\n- `check_game` (second): 2 points")


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


def test_a_hidden_check_names_no_position_even_when_the_function_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(grading.SEED_VARIABLE, "a course")

    def breaks_late(state: State) -> float:
        if state.moves_made >= 5:
            raise KeyError(state.text)  # an error message that would name the board
        return 0

    for function in [breaks_late, lambda state: 0]:
        with pytest.raises(AssertionError) as failed:
            grading.must_pass_hidden("check_minimax", function)
        assert not BOARD.search(str(failed.value)), failed.value
        assert "hidden case" in str(failed.value)


def test_hidden_cases_are_never_drawn_without_the_courses_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A seed everyone knows ("0", say) would make the hidden cases public: without the
    course's settings, the hidden test fails and says how to run it."""
    monkeypatch.delenv(grading.SEED_VARIABLE, raising=False)
    with pytest.raises(grading.NoCourseSeed, match="run nbgrader in the course folder"):
        grading.must_pass_hidden("check_winner", lambda state: state.winner)
    monkeypatch.setenv(grading.SEED_VARIABLE, " ")
    with pytest.raises(grading.NoCourseSeed):
        grading.must_pass_hidden("check_minimax", lambda state: 0)


def test_hidden_positions_are_ones_the_visible_check_does_not_use() -> None:
    from tictac.exercises.lesson03_minimax import minimax_positions

    visible = minimax_positions()
    drawn = grading.hidden_positions(visible, random.Random(1), 150, finished=40)
    assert len(drawn) == 190 and not set(drawn) & set(visible)
    assert sum(state.is_terminal for state in drawn) == 40
    # another seed, other cases
    assert drawn != grading.hidden_positions(visible, random.Random(2), 150, finished=40)


def _situations_tried(seed: str) -> set[Any]:
    """The bandit situations Lesson 8's hidden UCB1 check tries with `seed` (and that it passes
    the reference)."""
    from tictac.exercises.lesson08_monte_carlo import Situation
    from tictac.search.bandits import ucb1_choice

    tried = set()

    def recording(pulls: list[int], wins: list[float], exploration: float) -> int:
        tried.add(Situation(tuple(pulls), tuple(wins), exploration))
        return ucb1_choice(pulls, wins, exploration)

    assert grading.HIDDEN["check_ucb1"](random.Random(seed), recording).passed
    return tried


def test_hidden_bandit_situations_are_ones_the_visible_check_does_not_use() -> None:
    from tictac.exercises.lesson08_monte_carlo import check_ucb1, ucb1_situations
    from tictac.search.bandits import ucb1_choice

    visible = ucb1_situations()
    learnt = {
        (s.pulls, s.wins, s.exploration): ucb1_choice(s.pulls, s.wins, s.exploration)
        for s in visible
    }

    def by_heart(pulls: list[int], wins: list[float], exploration: float) -> int:
        return learnt.get((tuple(pulls), tuple(wins), exploration), 0)

    assert check_ucb1(by_heart).passed
    assert not grading.HIDDEN["check_ucb1"](random.Random("1"), by_heart).passed
    drawn = _situations_tried("1")
    assert len(drawn) > 350 and not drawn & set(visible)
    assert drawn != _situations_tried("2")


def _roots_tried(seed: str) -> set[State]:
    """The positions whose search trees Lesson 8's hidden backpropagation check uses with
    `seed` (and that it passes the reference)."""
    from tictac.search.mcts import MCTSNode, backpropagate

    roots = set()

    def recording(node: MCTSNode, winner: Any) -> None:
        root = node
        while root.parent is not None:
            root = root.parent
        roots.add(root.state)
        backpropagate(node, winner)

    assert grading.HIDDEN["check_back_up"](random.Random(seed), recording).passed
    return roots


def test_hidden_search_trees_grow_from_positions_the_visible_check_does_not_use() -> None:
    from tictac.exercises.lesson08_monte_carlo import back_up_positions

    drawn = _roots_tried("1")
    assert len(drawn) == 5 and not drawn & set(back_up_positions())
    assert drawn != _roots_tried("2")


def test_lesson_9s_answers_learnt_by_heart_fail_the_hidden_cases() -> None:
    """Lesson 9's answers looked up in a table of the visible cases (the starter elsewhere)
    pass the visible checks; the hidden pairings and positions are others."""
    from tictac.exercises import check_dead_cells, check_lines_without_a_pair
    from tictac.exercises.lesson09_proving_bigger_boards import (
        dead_cell_positions,
        pairing_cases,
    )
    from tictac.game.state import winning_lines
    from tictac.proving.ideas import dead_cells
    from tictac.search.pairing import lines_without_a_pair

    lines = {
        (tuple(c.pairs), c.rows, c.cols, c.k): lines_without_a_pair(c.pairs, c.rows, c.cols, c.k)
        for c in pairing_cases()
    }
    dead = {state: dead_cells(state) for state in dead_cell_positions()}

    def lines_by_heart(pairs: Any, rows: int, cols: int, k: int) -> Any:
        return lines.get((tuple(pairs), rows, cols, k), winning_lines(rows, cols, k))

    def dead_by_heart(state: State) -> Any:
        return dead.get(state, set())

    for check, answer in [
        (check_lines_without_a_pair, lines_by_heart),
        (check_dead_cells, dead_by_heart),
    ]:
        assert check(answer).passed
        hidden = grading.HIDDEN[check.__name__](random.Random("a"), answer)
        assert not hidden.passed and hidden.checked > 300
    drawn = grading.HIDDEN["check_dead_cells"](random.Random("b"), dead_by_heart)
    assert len(drawn.mismatches) > 20  # not one lucky case


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


def test_a_lesson_is_named_by_its_file_its_assignment_or_its_number() -> None:
    assert course.lesson_named("03-minimax") == "03-minimax"
    assert course.lesson_named("lesson03b") == "03b-ties-and-scores"
    assert course.lesson_named("0") == course.lesson_named("00") == "00-welcome"
    assert (
        course.lesson_named("6b")
        == course.lesson_named("Lesson06B")
        == ("06b-alphabeta-in-practice")
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["lesson99"], "there is no lesson 'lesson99' with an assignment; name one as"),
        (["--course-id", "a b", "3"], "a course id is 1 to 64 letters, digits, - or _"),
        (["--course-id", "", "3"], "a course id is 1 to 64 letters"),
        (["--points", "3"], "--points prints the whole table: give it no lessons"),
    ],
)
def test_bad_input_is_named_and_writes_nothing(
    arguments: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "course"
    assert course.main(["--course", str(folder), *arguments]) == 2
    assert capsys.readouterr().err.startswith(f"error: {message}")
    assert not folder.exists()


def test_a_course_folder_that_is_a_file_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "course"
    file.write_text("notes")
    assert course.main(["--course", str(file), "3"]) == 2
    assert capsys.readouterr().err.startswith(f"error: {file} is a file, not a folder")
    assert file.read_text() == "notes"


def test_a_lesson_that_cannot_be_made_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The generator makes every assignment before it writes a file: a lesson whose
    exercises and points disagree leaves no half-made course (not even its config)."""
    points = {**course.POINTS, "03-minimax": {"check_minimax": 3}}
    monkeypatch.setattr(course, "POINTS", points)
    with pytest.raises(course.CourseError, match="without points"):
        course.build(tmp_path / "course", ["00-welcome", "03-minimax"])
    assert not (tmp_path / "course").exists()


def test_the_course_id_goes_into_nbgraders_config_and_stays(tmp_path: Path) -> None:
    from traitlets.config.loader import PyFileConfigLoader

    assert course.main(["--course", str(tmp_path), "--course-id", "cs101", "lesson00"]) == 0

    def settings() -> Any:
        return PyFileConfigLoader("nbgrader_config.py", path=str(tmp_path)).load_config()

    assert settings().CourseDirectory.course_id == "cs101"
    # made again without --course-id (as `make assignments` does): the name stays
    assert course.main(["--course", str(tmp_path), "lesson00"]) == 0
    assert settings().CourseDirectory.course_id == "cs101"
    # the teacher's own settings, in local_config.py, are read last and never rewritten
    local = 'c.LateSubmissionPlugin.penalty_method = "zero"\n'
    (tmp_path / "local_config.py").write_text(local)
    assert course.main(["--course", str(tmp_path), "lesson00"]) == 0
    assert (tmp_path / "local_config.py").read_text() == local
    assert settings().LateSubmissionPlugin.penalty_method == "zero"
    assert settings().CourseDirectory.course_id == "cs101"
    assert [p.name for p in (tmp_path / "source").iterdir()] == ["lesson00"]


@pytest.mark.parametrize("page", ["README.md", "site/teachers.md"])
def test_the_points_the_readme_and_the_guide_state_are_the_generators(page: str) -> None:
    """The points per exercise and their totals, as POINTS has them, in the README and the
    teacher's guide (`course/build.py --points` prints the table to paste)."""
    text = (ROOT / page).read_text()
    assert course.points_table() in text
    assert text.count("| Lesson | Assignment | Checks and their points | Points |") == 1


def test_a_hidden_check_names_no_position_when_the_answer_has_the_wrong_form(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tictac.learning.learners import retrograde

    monkeypatch.setenv(grading.SEED_VARIABLE, "a course")

    # a position instead of a dict; a dict of positions the start cannot reach (both make the
    # check's own message name a board)
    for function in [lambda start: start, lambda start: retrograde()]:
        with pytest.raises(AssertionError) as failed:
            grading.must_pass_hidden("check_retrograde", function)
        assert not BOARD.search(str(failed.value)), failed.value
        assert "hidden case" in str(failed.value)


def test_the_hidden_retrograde_starts_leave_x_to_move() -> None:
    """Every visible start has X to move, so a solver that takes the start's layer to be X's
    passes the visible check; the hidden starts include positions with O to move."""
    from tictac.exercises.lesson10_matchboxes import RETROGRADE_STARTS, check_retrograde
    from tictac.learning.learners import retrograde

    def by_layer(start: State) -> dict[State, int]:
        values = retrograde(start)
        layers = {s: s.moves_made - start.moves_made for s in values}
        for state in sorted(values, key=layers.__getitem__, reverse=True):
            if not state.is_terminal:
                children = [values[state.play(move)] for move in state.legal_moves()]
                values[state] = (max if layers[state] % 2 == 0 else min)(children)
        return values

    assert {State.parse(text).turn for text in RETROGRADE_STARTS} == {"X"}
    assert check_retrograde(by_layer).passed
    assert not grading.HIDDEN["check_retrograde"](random.Random(0), by_layer).passed


def test_a_box_or_an_update_learnt_by_heart_fails_the_hidden_cases(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hidden reinforcement and TD update cases are drawn with another seed, leaving out
    the visible ones: a table of the visible answers passes the visible check only."""
    monkeypatch.setenv(grading.SEED_VARIABLE, "a course")
    from tictac.exercises import check_reinforce, check_td_update
    from tictac.exercises.lesson10_matchboxes import ReinforceCase, reinforce_cases
    from tictac.exercises.lesson11_learning_values import td_situations
    from tictac.learning.learners import reinforce

    boxes = {case: reinforce(dict(case.box), case.move, case.outcome) for case in reinforce_cases()}

    def recalled_box(box: dict[int, int], move: int, outcome: Any) -> dict[int, int]:
        return boxes.get(ReinforceCase(tuple(box.items()), move, outcome), box)

    def situation(*arguments: Any) -> tuple[Any, ...]:
        return (frozenset(arguments[0].items()), *arguments[1:])

    updates = {
        situation(s.values, s.previous, s.new_value, s.step_size, s.explored): s.expected()
        for s in td_situations()
    }

    def recalled_update(values: dict[State, float], *others: Any) -> None:
        values.update(updates.get(situation(values, *others), {}))

    assert check_reinforce(recalled_box).passed and check_td_update(recalled_update).passed
    for check, function in [
        ("check_reinforce", recalled_box),
        ("check_td_update", recalled_update),
    ]:
        with pytest.raises(AssertionError, match="hidden cases differ"):
            grading.must_pass_hidden(check, function)


@pytest.mark.slow
def test_the_hidden_trainings_leave_nothing_to_luck() -> None:
    """The hidden check of Lesson 11's settings trains a learner on each of 40 seeds drawn from
    the course's: with the solution's settings, the starter's and always exploring, the
    learners' average share stays more than five standard errors (of the seed-to-seed spread)
    from the 88% goal, on the side of the verdict."""
    import statistics

    from tictac.exercises.lesson11_learning_values import (
        TRAINING_BUDGET,
        TRAINING_GOAL,
        check_training,
    )

    for seed, settings, passes in [
        ("a", (0.5, 0.3), True),
        ("b", (0.1, 0.1), False),
        ("c", (0.5, 1.0), False),
    ]:
        shares = []
        for training_seed in grading.hidden_training_seeds(random.Random(seed)):
            share = check_training(*settings, games=TRAINING_BUDGET, seeds=[training_seed]).share
            assert share is not None
            shares.append(share.fraction)
        mean = statistics.mean(shares)
        error = statistics.stdev(shares) / len(shares) ** 0.5
        print(f"{settings}: {mean:.2%}, {(mean - TRAINING_GOAL) / error:+.1f} standard errors")
        assert abs(mean - TRAINING_GOAL) > 5 * error
        assert (mean >= TRAINING_GOAL) is passes


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


def test_what_a_students_function_prints_on_a_hidden_case_stays_out_of_the_output(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """nbgrader's feedback shows the hidden test cells' outputs: a student's function that
    prints the boards it is given must not show the hidden ones there."""
    monkeypatch.setenv(grading.SEED_VARIABLE, "a course")
    from tictac.search.engine import minimax

    def chatty(state: State) -> float:
        print(f"looking at {state.text}")
        return minimax(state, memo="plain").value

    grading.must_pass_hidden("check_minimax", chatty)
    printed = capsys.readouterr()
    assert printed.out == "minimax: the hidden cases pass too.\n"
    assert not BOARD.search(printed.out + printed.err)
