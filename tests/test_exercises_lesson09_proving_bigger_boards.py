"""The checks of Lesson 9 (proving bigger boards): each fails its starter with a message that
helps, passes the solution, and fails plausible wrong answers without giving the answer away."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from tictac import State, winning_lines
from tictac.exercises import (
    PREDICTION_BOARDS,
    check_dead_cells,
    check_lines_without_a_pair,
    check_pairing,
    check_predictions,
)
from tictac.exercises.lesson09_proving_bigger_boards import MOST_PAIRS, pairing_cases
from tictac.proving.ideas import moves_left
from tictac.search.pairing import find_pairing

# -- exercise 1: lines without a pair ---------------------------------------------------------


def solution_lines(pairs: list[tuple[int, int]], rows: int, cols: int, k: int) -> list[tuple]:
    """The solutions notebook's answer."""
    return [
        line
        for line in winning_lines(rows, cols, k)
        if not any(a in line and b in line for a, b in pairs)
    ]


def starter_lines(pairs: list[tuple[int, int]], rows: int, cols: int, k: int) -> list[tuple]:
    """The lesson's starter: a line counts as blocked if it holds either cell of a pair."""
    cells = {cell for pair in pairs for cell in pair}
    return [line for line in winning_lines(rows, cols, k) if not cells & set(line)]


def test_lines_the_starter_fails_with_a_picture_of_a_line_it_missed() -> None:
    report = check_lines_without_a_pair(starter_lines)
    assert not report.passed and report.wrong
    assert "you missed" in str(report)
    html = report._repr_html_()
    assert 'data-check="failed"' in html and "<svg" in html


def test_lines_the_solution_passes_in_any_order_and_any_container() -> None:
    assert check_lines_without_a_pair(solution_lines).passed

    def as_sets(pairs: list[tuple[int, int]], rows: int, cols: int, k: int) -> set[frozenset]:
        return {frozenset(line) for line in reversed(solution_lines(pairs, rows, cols, k))}

    report = check_lines_without_a_pair(as_sets)  # type: ignore[arg-type]
    assert report.passed and 'data-check="passed"' in report._repr_html_()


def test_lines_listing_blocked_lines_too_fails() -> None:
    def every_line(pairs: list[tuple[int, int]], rows: int, cols: int, k: int) -> list[tuple]:
        return list(winning_lines(rows, cols, k))

    report = check_lines_without_a_pair(every_line)
    assert not report.passed and "that hold a pair" in str(report)


def test_lines_a_function_that_raises_or_returns_none_is_reported() -> None:
    def broken(pairs: list[tuple[int, int]], rows: int, cols: int, k: int) -> Iterable[tuple]:
        raise KeyError("oops")

    assert "KeyError" in check_lines_without_a_pair(broken).summary()
    report = check_lines_without_a_pair(lambda pairs, rows, cols, k: None)  # type: ignore[arg-type,return-value]
    assert "returned None" in report.summary()


def test_the_cases_include_pairings_that_block_every_line_and_ones_that_do_not() -> None:
    cases = pairing_cases()
    blocked = [not solution_lines(list(c.pairs), c.rows, c.cols, c.k) for c in cases]
    assert any(blocked) and not all(blocked)
    assert cases == pairing_cases()  # seeded


# -- exercise 2: a pairing of your own --------------------------------------------------------

SIX_PAIRS = [(2 + 8 * row, 3 + 8 * row) for row in range(3)] + [
    (4 + 8 * row, 5 + 8 * row) for row in range(3)
]


def test_pairing_the_starter_fails_and_outlines_a_line_without_a_pair() -> None:
    verdict = check_pairing([(0, 1), (8, 9), (16, 17)])
    assert not verdict.passed and verdict.outline
    assert "hold no pair" in str(verdict)
    assert 'data-check="failed"' in verdict._repr_html_()


def test_pairing_six_pairs_pass_and_say_the_solver_cannot_find_them() -> None:
    verdict = check_pairing(SIX_PAIRS)
    assert verdict.passed, verdict
    assert "Well done" in str(verdict) and "share a pair" in str(verdict)
    assert find_pairing(3, 8, 4) is None
    pairs_as_row_col = [tuple(divmod(cell, 8) for cell in pair) for pair in SIX_PAIRS]
    assert check_pairing(pairs_as_row_col).passed


def test_pairing_a_correct_but_large_pairing_is_asked_for_fewer_pairs() -> None:
    twelve = [(c + 8 * row, c + 1 + 8 * row) for row in range(3) for c in (0, 2, 4, 6)]
    verdict = check_pairing(twelve)
    assert not verdict.passed
    assert f"with {MOST_PAIRS}" in str(verdict) and "every line holds a pair" in str(verdict)
    assert check_pairing(twelve, most=None).passed


def test_six_pairs_are_the_fewest_for_3x8() -> None:
    """A pair of one row serves at most three of its five lines, so each row needs two."""
    for first in range(7):
        served = [line for line in winning_lines(1, 8, 4) if {first, first + 1} <= set(line)]
        assert len(served) <= 3


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        (None, "no pairing yet"),
        ([(0, 1), (1, 2)], "in two pairs"),
        ([(0, 24)], "outside the 3x8 board"),
        ([(0, 0)], "two different cells"),
    ],
)
def test_pairing_bad_answers_fail_with_the_reason(pairs: object, message: str) -> None:
    verdict = check_pairing(pairs)  # type: ignore[arg-type]
    assert not verdict.passed and message in str(verdict)


# -- exercise 3: dead cells -------------------------------------------------------------------


def solution_dead_cells(state: State) -> set[int]:
    """The solutions notebook's answer, written from the definition."""
    live = set()
    for player, opponent in (("X", "O"), ("O", "X")):
        budget = moves_left(state, player)  # type: ignore[arg-type]
        for line in winning_lines(state.rows, state.cols, state.k):
            marks = [state.cells[i] for i in line]
            if opponent not in marks and marks.count(".") <= budget:
                live |= set(line)
    return {cell for cell in state.legal_moves() if cell not in live}


def starter_dead_cells(state: State) -> set[int]:
    """The lesson's starter: blocked lines only, moves left forgotten."""
    live = set()
    for line in winning_lines(state.rows, state.cols, state.k):
        marks = {state.cells[i] for i in line}
        if not {"X", "O"} <= marks:
            live |= set(line)
    return {cell for cell in state.legal_moves() if cell not in live}


def test_dead_cells_the_starter_fails_on_positions_where_moves_run_out() -> None:
    report = check_dead_cells(starter_dead_cells)
    assert not report.passed and 0 < len(report.mismatches) < report.checked
    assert 'data-check="failed"' in report._repr_html_()


def test_dead_cells_the_solution_passes_as_cells_or_pairs() -> None:
    report = check_dead_cells(solution_dead_cells)
    assert report.passed and "def dead_cells" in str(report)  # the reference, revealed
    assert "def dead_cells" not in str(check_dead_cells(starter_dead_cells))

    def as_pairs(state: State) -> list[tuple[int, int]]:
        return [divmod(cell, state.cols) for cell in solution_dead_cells(state)]

    assert check_dead_cells(as_pairs).passed


def test_dead_cells_all_empty_cells_fail() -> None:
    assert not check_dead_cells(lambda state: state.legal_moves()).passed


# -- exercise 4: who wins ---------------------------------------------------------------------

RIGHT = {
    (3, 5, 3): "X wins",
    (2, 7, 3): "draw",
    (3, 8, 4): "draw",
    (6, 6, 6): "draw",
    (5, 5, 3): "X wins",
}


def test_predictions_the_boards_are_the_lessons() -> None:
    assert set(RIGHT) == set(PREDICTION_BOARDS)


def test_predictions_the_starter_fails_without_an_answer() -> None:
    verdict = check_predictions({board: None for board in PREDICTION_BOARDS})
    assert not verdict.passed and "no prediction yet" in str(verdict)
    assert 'data-check="failed"' in verdict._repr_html_()
    assert not check_predictions(None).passed


def test_predictions_right_ones_pass() -> None:
    verdict = check_predictions(RIGHT)
    assert verdict.passed and 'data-check="passed"' in verdict._repr_html_()


def test_predictions_wrong_ones_are_counted_not_named() -> None:
    one_wrong = {**RIGHT, (2, 7, 3): "X wins"}
    text = str(check_predictions(one_wrong))
    assert "1 of your 5 predictions is wrong" in text
    assert "(2, 7, 3)" not in text and "2,7,3" not in text
    assert "strategy-stealing" in str(check_predictions({**RIGHT, (6, 6, 6): "O wins"}))


@pytest.mark.parametrize(
    ("predictions", "error", "message"),
    [
        ({(9, 9, 9): "draw"}, ValueError, "not one of the boards"),
        ({**RIGHT, (3, 5, 3): "X"}, ValueError, "must be one of"),
        (["draw"], TypeError, "a dictionary"),
    ],
)
def test_predictions_bad_input_is_refused_clearly(
    predictions: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        check_predictions(predictions)  # type: ignore[arg-type]
