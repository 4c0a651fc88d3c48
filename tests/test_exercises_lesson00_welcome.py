"""The checks of Lesson 0 (welcome): each fails the lesson's starter, passes the solution and
catches a plausible wrong answer; moves may be (row, col) pairs, and nothing is given away
before a guess."""

from __future__ import annotations

import pytest

from tictac import State
from tictac.exercises import LEGALITY_BOARDS, check_game, check_legality, check_winner

SOLUTION_GUESSES = {"XOX/OXO/XOX": True, "XXO/XOO/O..": False, "XXX/XOO/OO.": False}


def test_winner_check_fails_the_rows_only_starter_and_passes_all_eight_lines() -> None:
    rows = [(0, 1, 2), (3, 4, 5), (6, 7, 8)]
    lines = [*rows, (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

    def winner_on(lines_to_check: list[tuple[int, int, int]]):  # type: ignore[no-untyped-def]
        def winner(state: State) -> str | None:
            cells = state.cells
            for a, b, c in lines_to_check:
                if cells[a] != "." and cells[a] == cells[b] == cells[c]:
                    return cells[a]
            return None

        return winner

    assert not check_winner(winner_on(rows)).passed
    assert not check_winner(winner_on(lines[:-1])).passed  # forgets one diagonal
    assert check_winner(winner_on(lines)).passed


def test_legality_starter_fails_without_giving_any_answer_away() -> None:
    report = check_legality(dict.fromkeys(LEGALITY_BOARDS))
    assert not report.passed
    shown = str(report) + report._repr_html_()
    assert "no guesses yet" in shown
    assert "impossible" not in shown and "can reach" not in shown
    assert report._repr_html_().count("data-check=") == 1


def test_legality_check_passes_the_solution_and_explains_each_board() -> None:
    report = check_legality(SOLUTION_GUESSES)
    assert report.passed
    text = str(report)
    assert "O moved last" in text  # XXX/XOO/OO.: the game ended at X's line
    assert "X has 3 marks and O has 4" in text
    # the legal board comes with a game that reaches it, and that game really does
    moves = text.split("for example the moves ")[1].split("\n")[0]
    state = State.new()
    for move in moves.split(", "):
        state = state.play(int(move))
    assert state == State.parse("XOX/OXO/XOX")


@pytest.mark.parametrize("board", LEGALITY_BOARDS)
def test_legality_check_fails_each_single_wrong_guess(board: str) -> None:
    wrong = {**SOLUTION_GUESSES, board: not SOLUTION_GUESSES[board]}
    report = check_legality(wrong)
    assert not report.passed and "1 of 3 guesses wrong" in report.summary()


def test_legality_check_needs_every_board_and_refuses_a_guess_that_is_not_true_or_false() -> None:
    assert not check_legality({"XOX/OXO/XOX": True}).passed  # the other two are missing
    with pytest.raises(TypeError, match="True .* False or None"):
        check_legality({"XOX/OXO/XOX": "yes"})  # type: ignore[dict-item]


def test_draw_check_fails_the_in_order_starter_and_passes_a_drawn_game_given_as_pairs() -> None:
    starter = check_game([0, 1, 2, 3, 4, 5, 6, 7, 8], "draw")
    assert not starter.passed and str(starter) == "✗ X wins after 7 moves, not a draw."
    pairs = [(1, 1), (0, 0), (2, 2), (0, 2), (0, 1), (2, 1), (2, 0), (1, 0), (1, 2)]
    assert check_game(pairs, "draw").passed
    assert not check_game(pairs[:-1], "draw").passed  # one move short: still on


def test_shortest_win_check_fails_a_longer_win_and_passes_six_moves() -> None:
    starter = check_game([0, 4, 8, 2, 6, 3, 1, 5], "O", shortest=True)
    assert not starter.passed and "fewer" in str(starter)
    assert "6" not in str(starter)  # the answer is not given away
    assert check_game([0, 4, 1, 2, 8, 6], "O", shortest=True).passed
    # the fewest moves of an O win, by hand: O's third mark, X's three not in a line
    assert not check_game([0, 4, 1, 2, 8], "O", shortest=True).passed


def test_play_out_check_reports_an_illegal_or_late_move_and_a_bad_request() -> None:
    taken = check_game([4, 4], "X")
    assert not taken.passed and "move 2 (4) is not legal" in str(taken)
    late = check_game([0, 4, 1, 2, 8, 6, 3], "O")
    assert not late.passed and "move 7 (3) comes after the end" in str(late)
    with pytest.raises(ValueError, match='"X", "O" or "draw"'):
        check_game([4], "x")
    with pytest.raises(TypeError, match="list of cell numbers"):
        check_game("40812", "X")  # type: ignore[arg-type]
