"""The counting questions of Lessons 1 and 8: each answer is the one an independent count
finds, the lessons' starters fail, and the message says which way to look without the answer."""

from __future__ import annotations

from math import comb

import oracle
import pytest

from tictac import State, reachable_states
from tictac.exercises import COUNT_QUESTIONS, check_count


def boards_by_marks() -> dict[int, set[str]]:
    """Every 3x3 board a game reaches, by marks, found without tictac: X and O alternate,
    and a game stops at the first line."""
    found = {0: {"." * 9}}
    for marks in range(1, 10):
        mover = "X" if marks % 2 else "O"
        found[marks] = {
            board[:i] + mover + board[i + 1 :]
            for board in found[marks - 1]
            if oracle.winner(tuple(board), 3, 3, 3) is None
            for i, cell in enumerate(board)
            if cell == "."
        }
    return found


BOARDS = boards_by_marks()


@pytest.mark.parametrize("marks", [2, 3, 4])
def test_positions_with_few_marks_are_the_independent_count(marks: int) -> None:
    name = {2: "two", 3: "three", 4: "four"}[marks]
    assert check_count(f"positions with {name} marks", len(BOARDS[marks])).passed
    # no game ends before five marks: X's marks anywhere, then O's in the other cells
    x, o = (marks + 1) // 2, marks // 2
    assert len(BOARDS[marks]) == comb(9, x) * comb(9 - x, o)


def test_full_boards_won_by_x_are_the_independent_count() -> None:
    full_x_wins = sum(oracle.winner(tuple(b), 3, 3, 3) == "X" for b in BOARDS[9])
    assert check_count("full boards won by X", full_x_wins).passed


def test_small_4x4_positions_are_the_count_by_formula() -> None:
    # on 4x4 no game ends before seven marks, so every arrangement of the marks is reached
    by_formula = sum(comb(16, (n + 1) // 2) * comb(16 - (n + 1) // 2, n // 2) for n in range(4))
    assert check_count("4x4 positions with at most three marks", by_formula).passed


def test_the_lessons_starters_fail_and_say_which_way_to_look() -> None:
    starters = {
        "positions with two marks": 9 * 9,  # O placed where X already is
        "positions with three marks": 9 * 8 * 7,  # X's two marks counted in both orders
        "full boards won by X": sum(  # every X win, not only full boards
            oracle.winner(tuple(b), 3, 3, 3) == "X" for boards in BOARDS.values() for b in boards
        ),
    }
    for question, answer in starters.items():
        report = check_count(question, answer)
        assert not report.passed and str(report).endswith("is too many; count again.")
    stops_too_soon = 0
    for state in reachable_states(State.new(4, 4, 4)):
        if state.moves_made >= 3:
            break
        stops_too_soon += 1
    report = check_count("4x4 positions with at most three marks", stops_too_soon)
    assert not report.passed and "too few" in str(report)
    assert 'data-check="failed"' in report._repr_html_()


def test_an_unknown_question_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="positions with two marks"):
        check_count("positions with 2 marks", 72)
    assert "positions with two marks" in COUNT_QUESTIONS
