"""The checks of Lesson 2 (simple strategies): right answers pass, typical wrong ones are caught,
each starter fails."""

from __future__ import annotations

import random

from tictac import State
from tictac.exercises import DefenderReport, check_beat_the_defender, check_completing_moves
from tictac.game.state import other
from tictac.play.levels import make_player
from tictac.players.rules import Player, completing_moves
from tictac.players.tournament import play_match


def test_completing_moves_check_passes_the_reference_in_any_order() -> None:
    assert check_completing_moves(lambda s, p: reversed(completing_moves(s, p))).passed


def test_completing_moves_check_catches_a_rows_only_answer() -> None:
    def rows_only(state: State, player: str) -> list[int]:  # the starter
        found = []
        for row in range(3):
            line = [3 * row + col for col in range(3)]
            marks = [state.cells[i] for i in line]
            if marks.count(player) == 2 and marks.count(".") == 1:
                found.append(line[marks.index(".")])
        return found

    report = check_completing_moves(rows_only)
    assert not report.passed and report.mismatches
    assert report.checked == 5478


def test_completing_moves_check_catches_answers_that_forget_a_line_or_the_empty_cell() -> None:
    def without_diagonals(state: State, player: str) -> list[int]:
        return [m for m in completing_moves(state, player) if m not in (0, 2, 4, 6, 8)]

    def ignores_the_opponent(state: State, player: str) -> list[int]:  # two marks, any third
        found = set()
        for line in ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8)):
            marks = [state.cells[i] for i in line]
            if marks.count(player) == 2:
                found.add(line[marks.index(".")] if "." in marks else line[0])
        return sorted(found)

    assert not check_completing_moves(without_diagonals).passed
    assert not check_completing_moves(ignores_the_opponent).passed


# --- beat the defender as the human did ------------------------------------------------------


def _forced(state: State) -> list[int]:
    return completing_moves(state, state.turn) or completing_moves(state, other(state.turn))


def _offensive(state: State, rng: random.Random) -> int:  # the starter
    wins = completing_moves(state, state.turn)
    blocks = completing_moves(state, other(state.turn))
    return rng.choice(wins or blocks or list(state.legal_moves()))


def _corners(state: State, rng: random.Random) -> int:  # the solutions notebook's answer
    corners = [cell for cell in (0, 2, 6, 8) if cell in state.legal_moves()]
    return rng.choice(_forced(state) or corners or list(state.legal_moves()))


def test_beat_the_defender_fails_the_starter_with_the_lessons_figures() -> None:
    report = check_beat_the_defender(_offensive)
    assert not report.passed
    # the lesson's offensive rule, as X against the defender, 500 games with seed 5
    lesson = play_match(
        make_player("offensive"), make_player("defensive"), games=500, alternate=False, seed=5
    )
    assert (report.checked, report.wins, report.losses) == (
        500,
        lesson.wins("offensive"),
        lesson.losses("offensive"),
    )
    assert "win more (at least 280 of 500) and lose less (at most 30)" in report.summary()
    assert 'data-check="failed"' in report._repr_html_()


def test_beat_the_defender_passes_the_corners_as_a_rule_a_player_or_row_col_pairs() -> None:
    report = check_beat_the_defender(_corners)
    assert report.passed, report.summary()
    assert report.wins >= 280 and report.losses <= 30
    assert "Well done!" in report.summary() and 'data-check="passed"' in report._repr_html_()
    assert check_beat_the_defender(Player("corners", _corners, seed=3)).passed
    assert check_beat_the_defender(lambda s, rng: divmod(_corners(s, rng), 3)).passed


def test_beat_the_defender_needs_both_the_wins_and_the_blocks() -> None:
    def corners_without_blocks(state: State, rng: random.Random) -> int:  # wins, loses a lot
        corners = [cell for cell in (0, 2, 6, 8) if cell in state.legal_moves()]
        return rng.choice(completing_moves(state, "X") or corners or list(state.legal_moves()))

    def centre(state: State, rng: random.Random) -> int:  # hardly loses, hardly wins
        forced = _forced(state)
        if forced:
            return rng.choice(forced)
        return 4 if 4 in state.legal_moves() else rng.choice(list(state.legal_moves()))

    many_losses = check_beat_the_defender(corners_without_blocks)
    assert not many_losses.passed and many_losses.wins >= 280 and many_losses.losses > 30
    assert "lose less" in many_losses.summary() and "win more" not in many_losses.summary()
    few_wins = check_beat_the_defender(centre)
    assert not few_wins.passed and few_wins.wins < 280 and few_wins.losses <= 30
    assert "win more" in few_wins.summary() and "lose less" not in few_wins.summary()


def test_beat_the_defender_enforces_the_humans_rates_exactly() -> None:
    for wins, losses, passed in [(280, 30, True), (279, 30, False), (280, 31, False)]:
        assert DefenderReport("beat the defender", 500, wins=wins, losses=losses).passed is passed
    assert not DefenderReport("beat the defender", 0).passed  # no games, no verdict


def test_beat_the_defender_reports_an_error_or_an_illegal_move_instead_of_crashing() -> None:
    def broken(state: State, rng: random.Random) -> int:
        raise KeyError("oops")

    report = check_beat_the_defender(broken)
    assert not report.passed and report.error is not None and "KeyError" in report.error
    illegal = check_beat_the_defender(lambda state, rng: 0)  # cell 0, taken or not
    assert not illegal.passed and illegal.error is not None and "IllegalMove" in illegal.error
    assert "stopped with an error" in illegal.summary()
