"""The checks of Lesson 10 (learning with matchboxes): a retrograde solver and MENACE's
reinforcement rule. Each fails the lesson's starter with a hint, passes the solution and
fails plausible wrong answers; a failing check never shows the reference."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from tictac.exercises import check_reinforce, check_retrograde, reinforce
from tictac.exercises.lesson10_matchboxes import reinforce_cases
from tictac.game.state import State
from tictac.learning.learners import Menace

# -- exercise 1: solving backwards ----------------------------------------------------------


def layers_from(start: State) -> list[list[State]]:
    layers, seen = [[start]], {start}
    while layers[-1]:
        next_layer = []
        for state in layers[-1]:
            for move in state.legal_moves():
                child = state.play(move)
                if child not in seen:
                    seen.add(child)
                    next_layer.append(child)
        layers.append(next_layer)
    return layers


def starter_retrograde(start: State) -> dict[State, int]:
    values = {}
    for layer in reversed(layers_from(start)):
        for state in layer:
            if state.is_terminal:
                values[state] = {"X": 1, "O": -1, None: 0}[state.winner]
            else:
                values[state] = 0  # the lesson's starter: the backing up is the exercise
    return values


def solution_retrograde(start: State) -> dict[State, int]:
    values: dict[State, int] = {}
    for layer in reversed(layers_from(start)):
        for state in layer:
            if state.is_terminal:
                values[state] = {"X": 1, "O": -1, None: 0}[state.winner]
            else:
                children = [values[state.play(m)] for m in state.legal_moves()]
                values[state] = max(children) if state.turn == "X" else min(children)
    return values


def test_the_retrograde_starter_fails_with_a_hint_and_no_reference() -> None:
    report = check_retrograde(starter_retrograde)
    assert not report.passed
    assert "max for X" in report.summary()
    assert 'data-check="failed"' in report._repr_html_()
    assert "def retrograde" not in str(report) and "<details>" not in report._repr_html_()


def test_the_retrograde_solution_passes_and_is_shown_the_reference() -> None:
    report = check_retrograde(solution_retrograde)
    assert report.passed, report.summary()
    assert report.checked > 5478  # every position from the empty board, and the small starts
    assert "def retrograde" in str(report) and "<details>" in report._repr_html_()


def test_wrong_solvers_fail() -> None:
    def min_for_x(start: State) -> dict[State, int]:  # the players swapped
        values: dict[State, int] = {}
        for layer in reversed(layers_from(start)):
            for state in layer:
                if state.is_terminal:
                    values[state] = {"X": 1, "O": -1, None: 0}[state.winner]
                else:
                    children = [values[state.play(m)] for m in state.legal_moves()]
                    values[state] = min(children) if state.turn == "X" else max(children)
        return values

    def only_the_start_missing(start: State) -> dict[State, int]:
        values = solution_retrograde(start)
        del values[start]
        return values

    def wrong_winners(start: State) -> dict[State, int]:
        values = solution_retrograde(start)
        return {s: (-v if s.is_terminal else v) for s, v in values.items()}

    assert not check_retrograde(min_for_x).passed
    report = check_retrograde(only_the_start_missing)
    assert not report.passed and "missing" in report.summary()
    report = check_retrograde(wrong_winners)
    assert not report.passed and "finished games" in report.summary()


def test_a_solver_that_adds_positions_or_crashes_is_told_so() -> None:
    def extra(start: State) -> dict[State, int]:
        return {**solution_retrograde(start), State.parse("OOO/XX./X.."): -1}

    def crashes(start: State) -> dict[State, int]:
        raise KeyError("oops")

    assert "cannot be reached" in check_retrograde(extra).summary()
    assert "KeyError" in check_retrograde(crashes).summary()
    assert "dict" in check_retrograde(lambda start: [1, 2]).summary()  # type: ignore[arg-type,return-value]


# -- exercise 2: the reinforcement rule -----------------------------------------------------


def starter_reinforce(box: dict[int, int], move: int, outcome: str) -> dict[int, int]:
    new_box = dict(box)
    if outcome == "win":
        new_box[move] += 3
    return new_box  # the lesson's starter: draws and losses are the exercise


def solution_reinforce(box: dict[int, int], move: int, outcome: str) -> dict[int, int]:
    box[move] = max(0, box[move] + {"win": 3, "draw": 1, "loss": -1}[outcome])
    return box  # changing the box given is allowed


def test_the_reinforce_starter_fails_with_a_hint_and_no_reference() -> None:
    report = check_reinforce(starter_reinforce)  # type: ignore[arg-type]
    assert not report.passed and report.checked == 360
    assert "draw" in report.summary() and "loss" in report.summary()
    assert 'data-check="failed"' in report._repr_html_()
    assert "def reinforce" not in str(report) and "<details>" not in report._repr_html_()


def test_the_reinforce_solution_passes_and_is_shown_the_reference() -> None:
    report = check_reinforce(solution_reinforce)  # type: ignore[arg-type]
    assert report.passed, report.summary()
    assert "def reinforce" in str(report) and "<details>" in report._repr_html_()


def test_going_below_zero_or_dropping_a_colour_fails_with_its_hint() -> None:
    def below_zero(box: dict[int, int], move: int, outcome: str) -> dict[int, int]:
        return {**box, move: box[move] + {"win": 3, "draw": 1, "loss": -1}[outcome]}

    def drops_empty(box: dict[int, int], move: int, outcome: str) -> dict[int, int]:
        new = solution_reinforce(dict(box), move, outcome)
        return {m: n for m, n in new.items() if n > 0}

    report = check_reinforce(below_zero)  # type: ignore[arg-type]
    assert not report.passed and "fewer than 0" in report.summary()
    report = check_reinforce(drops_empty)  # type: ignore[arg-type]
    assert not report.passed and "Keep every move" in report.summary()
    assert not check_reinforce(lambda b, m, o: None).passed  # type: ignore[arg-type,return-value]


def test_the_cases_include_empty_colours_last_beads_and_every_outcome() -> None:
    cases = reinforce_cases()
    assert {case.outcome for case in cases} == {"win", "draw", "loss"}
    assert any(dict(case.box)[case.move] == 0 for case in cases)
    assert any(dict(case.box)[case.move] == 1 and case.outcome == "loss" for case in cases)


@pytest.mark.parametrize("seed", [1, 2])
def test_reinforce_is_the_rule_menace_learns_by(seed: int) -> None:
    """Replaying a MENACE's training through `reinforce` gives the same boxes."""
    menace = Menace(seed=seed)
    menace.train("random", games=1, side="X", seed=seed)
    fresh = Menace()
    for canonical, box in menace.boxes.items():
        before = fresh.box(canonical)
        changed = [m for m in box if box[m] != before[m]]
        for move in changed:
            outcome = {3: "win", 1: "draw", -1: "loss"}[box[move] - before[move]]
            assert reinforce(before, move, outcome) == {**before, move: box[move]}  # type: ignore[arg-type]
    assert isinstance(menace.boxes, Mapping)
