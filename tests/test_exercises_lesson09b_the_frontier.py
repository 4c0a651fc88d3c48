"""The checks of Lesson 9b (the frontier of k in a row): each fails its starter with a message
that helps, passes the solution, and fails plausible wrong answers without giving the answer
away."""

from __future__ import annotations

import pytest

from tictac import winning_lines
from tictac.exercises import PREDICTION_BOARDS, check_pairing, check_predictions
from tictac.exercises.lesson09b_the_frontier import MOST_PAIRS
from tictac.search.pairing import find_pairing

# -- exercise 1: a pairing of your own --------------------------------------------------------

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


# -- exercise 2: who wins ---------------------------------------------------------------------

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
