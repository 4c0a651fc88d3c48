"""The checks of Lesson 11 (learning values by self-play): the TD update and a training
budget. Each fails the lesson's starter with a hint, passes the solution and fails plausible
wrong answers; a failing check never shows the reference."""

from __future__ import annotations

from typing import Any

import pytest

from tictac.exercises import check_td_update, check_training
from tictac.exercises.lesson11_learning_values import TRAINING_BUDGET, td_situations


def starter(
    values: dict[Any, float], previous: Any, new_value: float, step: float, explored: bool
) -> None:
    values[previous] = new_value  # the lesson's starter: jumps all the way


def solution(
    values: dict[Any, float], previous: Any, new_value: float, step: float, explored: bool
) -> None:
    if not explored:
        old = values.get(previous, 0.5)
        values[previous] = old + step * (new_value - old)


def test_the_starter_fails_with_a_hint_and_no_reference() -> None:
    report = check_td_update(starter)
    assert not report.passed and report.checked == 300
    assert 'data-check="failed"' in report._repr_html_()
    assert "def _learn" not in str(report) and "<details>" not in report._repr_html_()


def test_the_solution_passes_and_is_shown_the_reference() -> None:
    report = check_td_update(solution)
    assert report.passed, report.summary()
    assert "def _learn" in str(report) and "<details>" in report._repr_html_()


def test_returning_the_dict_or_adding_the_unchanged_default_is_fine() -> None:
    def returns(
        values: dict[Any, float], previous: Any, new: float, step: float, explored: bool
    ) -> dict[Any, float]:
        old = values.get(previous, 0.5)
        values[previous] = old if explored else old + step * (new - old)
        return values

    assert check_td_update(returns).passed


def wrong_initial(
    values: dict[Any, float], previous: Any, new: float, step: float, explored: bool
) -> None:
    if not explored:
        old = values.get(previous, 0.0)
        values[previous] = old + step * (new - old)


def forgets_exploration(
    values: dict[Any, float], previous: Any, new: float, step: float, explored: bool
) -> None:
    solution(values, previous, new, step, False)


def wrong_sign(
    values: dict[Any, float], previous: Any, new: float, step: float, explored: bool
) -> None:
    if not explored:
        old = values.get(previous, 0.5)
        values[previous] = old + step * (old - new)


def touches_others(
    values: dict[Any, float], previous: Any, new: float, step: float, explored: bool
) -> None:
    solution(values, previous, new, step, explored)
    for key in values:
        values[key] = round(values[key], 1)


@pytest.mark.parametrize(
    ("wrong", "hint"),
    [
        (wrong_initial, "worth 0.5"),
        (forgets_exploration, "After an exploratory move"),
        (wrong_sign, "a step towards"),
        (touches_others, "Only V(previous)"),
        (starter, "After an exploratory move"),
    ],
)
def test_plausible_wrong_updates_fail_with_the_right_hint(wrong: Any, hint: str) -> None:
    report = check_td_update(wrong)
    assert not report.passed
    assert hint in report.summary()


def test_the_situations_cover_exploration_unvalued_positions_and_every_step() -> None:
    situations = td_situations()
    assert any(s.explored for s in situations)
    assert any(s.previous not in s.values and not s.explored for s in situations)
    assert {0.0, 1.0} <= {s.step_size for s in situations}


def test_an_error_is_reported() -> None:
    crashed = check_td_update(lambda *args: 1 / 0)
    assert not crashed.passed and "ZeroDivisionError" in crashed.summary()


def test_the_training_starter_falls_short_and_a_better_setting_passes() -> None:
    starter_check = check_training(0.1, 0.1, games=TRAINING_BUDGET)
    assert not starter_check.passed and "short of 88%" in str(starter_check)
    assert 'data-check="failed"' in starter_check._repr_html_()
    good = check_training(0.5, 0.3, games=TRAINING_BUDGET)  # the solutions' choice
    assert good.passed, str(good)
    assert good.share is not None and good.share.fraction >= 0.88


@pytest.mark.parametrize("step_size", [0.1, 0.5, 1.0])
@pytest.mark.parametrize("games", [300, TRAINING_BUDGET])
def test_exploring_at_every_move_does_not_pass(step_size: float, games: int) -> None:
    # Every move drawn at random is exploratory, even one that lands on a greedy move, so a
    # learner that always explores learns only where its games end: about 80%, short of 88%.
    always = check_training(step_size, 1, games=games)
    assert not always.passed, str(always)
    assert always.share is not None and always.share.fraction < 0.85


def test_the_goal_is_enforced_at_its_edge_and_bad_settings_are_told() -> None:
    near = check_training(0.3, 0.1, games=TRAINING_BUDGET)  # 87.9%: just short
    assert not near.passed and near.share is not None and near.share.fraction < 0.88
    assert "over the budget" in str(check_training(0.3, 0.3, games=TRAINING_BUDGET + 1))
    assert "from 0 to 1" in str(check_training(3, 0.1, games=100))
    assert not check_training(0.3, 0.3, games="many").passed
