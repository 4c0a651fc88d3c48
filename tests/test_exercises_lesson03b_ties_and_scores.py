"""The checks of Lesson 3b (ties and scores): depth-aware minimax, and predictions of the move
minimax plays that keep the answers hidden."""

from __future__ import annotations

import pytest

from tictac import State, depth_aware, minimax, plus_minus_ten
from tictac.exercises import check_depth_aware_minimax, check_predicted_moves
from tictac.search.engine import minimax_value


def _lesson_starter(state: State) -> float:
    """Exercise 1's first attempt: it values finished games only, with +1, 0 or -1."""
    if state.is_terminal:
        return {"X": 1, "O": -1, None: 0}[state.winner]
    return 0


@pytest.mark.slow
def test_depth_aware_minimax_passes_the_reference_and_fails_win_loss() -> None:
    assert check_depth_aware_minimax(lambda s: minimax_value(s, depth_aware)).passed
    report = check_depth_aware_minimax(lambda s: minimax(s, memo="plain").value)
    assert not report.passed
    assert report.name == "depth-aware minimax"
    # a win is worth (empty cells + 1): the first mismatch shows such a value
    assert any(abs(m.expected) > 1 for m in report.mismatches)


@pytest.mark.slow
def test_the_depth_aware_check_fails_the_lessons_starter() -> None:
    report = check_depth_aware_minimax(_lesson_starter)
    assert not report.passed and "differ from the reference" in report.summary()
    assert "minimax_value" not in str(report) + report._repr_html_()  # nothing revealed yet


def test_predictions_are_checked_without_giving_the_answer_away() -> None:
    slow_win = State.parse("..O/XX./O..")  # X wins at 5 now; +-10 takes the first win, 0
    assert check_predicted_moves({slow_win: 0}, score=plus_minus_ten).passed
    assert check_predicted_moves({"..O/XX./O..": 5}, score=depth_aware).passed
    wrong = check_predicted_moves({slow_win: 5, "XX./O../...": 2}, score=plus_minus_ten)
    assert not wrong.passed and wrong.checked == 2 and len(wrong.mismatches) == 1
    shown = str(wrong) + repr(wrong) + wrong._repr_html_()
    assert "not 5" in str(wrong) and "not <b>5</b>" in shown
    assert "expected" not in shown.lower() and "<b>0</b>" not in shown


def test_predictions_report_a_bad_board_instead_of_crashing() -> None:
    report = check_predicted_moves({"OO.......": 2})
    assert not report.passed and report.error is not None and "OO......." in report.summary()


def test_predictions_may_name_a_cell_by_row_and_column() -> None:
    fork = State.parse("..X/X.X/O.O")  # O to move: +-10 plays 4, the centre, before the win at 7
    assert check_predicted_moves({fork: (1, 1)}, score=plus_minus_ten).passed
    assert check_predicted_moves({fork: (2, 1)}, score=depth_aware).passed
    wrong = check_predicted_moves({fork: (2, 1)}, score=plus_minus_ten)
    assert not wrong.passed and "not (2, 1)" in str(wrong)


@pytest.mark.parametrize("guess", [None, (3, 0), (1,), "4", 9])
def test_a_guess_that_names_no_cell_is_wrong_not_an_error(guess: object) -> None:
    report = check_predicted_moves({"..X/X.X/O.O": guess}, score=plus_minus_ten)
    assert not report.passed and report.error is None and len(report.mismatches) == 1
    assert f"not {guess!r}" in str(report)
