"""The check of Lesson 8b (Monte Carlo tree search, measured): the census's best moves. It fails
the lesson's starter with a hint, passes the solution and fails plausible wrong answers; a
failing check never shows the reference."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import oracle
import pytest

from tictac import State, best_moves, solve
from tictac.exercises import check_best_moves


def starter_best_moves(state: State) -> set[int]:
    values = {move: solve(state.play(move)) for move in state.legal_moves()}  # for X
    return {move for move, value in values.items() if value == max(values.values())}


def solution_best_moves(state: State) -> set[int]:
    return {move for move in state.legal_moves() if solve(state.play(move)) == solve(state)}


def test_the_starter_fails_with_a_hint_and_no_reference() -> None:
    report = check_best_moves(starter_best_moves)
    assert not report.passed and report.checked == 4520
    assert "O is to move" in report.summary() and "the smallest" in report.summary()
    assert 'data-check="failed"' in report._repr_html_()
    assert "def optimal_moves" not in str(report) and "<details>" not in report._repr_html_()


def test_the_solution_passes_and_is_shown_the_reference() -> None:
    report = check_best_moves(solution_best_moves)
    assert report.passed, report.summary()
    assert 'data-check="passed"' in report._repr_html_()
    assert "def optimal_moves" in str(report) and "<details>" in report._repr_html_()


def test_any_collection_in_any_order_and_row_col_pairs_are_accepted() -> None:
    def as_pairs(state: State) -> list[tuple[int, int]]:
        return [divmod(move, 3) for move in sorted(solution_best_moves(state), reverse=True)]

    assert check_best_moves(as_pairs).passed
    assert check_best_moves(lambda state: tuple(solution_best_moves(state))).passed


def test_the_reference_is_what_a_count_without_tictac_finds() -> None:
    """A best move keeps the value: by the oracle's perfect play, the position after it has the
    value of the position itself; checked with the oracle as the student's function."""

    def by_the_oracle(state: State) -> list[int]:
        value = oracle.outcome(state).value
        return [move for move, child in oracle.move_outcomes(state).items() if child.value == value]

    assert check_best_moves(by_the_oracle).passed


def fastest(state: State) -> tuple[int, ...]:
    return best_moves(state)  # fastest win, slowest loss: leaves out slower wins


@pytest.mark.parametrize(
    ("wrong", "hint"),
    [
        (fastest, "You left out moves"),
        (lambda state: state.legal_moves(), "give the value away"),
        (
            lambda state: [m for m in state.legal_moves() if solve(state.play(m)) >= 0],
            "solve(state.play(move)) == solve(state)",
        ),
    ],
)
def test_plausible_wrong_answers_fail_with_the_right_hint(wrong: Any, hint: str) -> None:
    report = check_best_moves(wrong)
    assert not report.passed
    assert hint in report.summary()


@pytest.mark.parametrize("answer", [None, 4, "4", [(5, 5)], [True]])
def test_an_answer_that_is_no_collection_of_moves_fails(answer: Any) -> None:
    assert not check_best_moves(lambda state: answer).passed


def test_an_error_is_reported() -> None:
    def crashes(state: State) -> Iterable[int]:
        raise ZeroDivisionError("no")

    report = check_best_moves(crashes)
    assert not report.passed and "ZeroDivisionError" in report.summary()
