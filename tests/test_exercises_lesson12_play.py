"""The check of Lesson 12 (play): each exercise's starter fails, its solution passes, a
plausible wrong answer fails; moves may be (row, col) pairs; and the check replays the same
game as a widget or session with the same seed."""

from __future__ import annotations

import oracle
import pytest

from tictac import State
from tictac.exercises import check_count, check_win_against
from tictac.play.session import GameSession, hint_labels


def test_beating_medium_fails_the_starter_and_passes_a_fork_given_as_cells_or_pairs() -> None:
    starter = check_win_against("medium", [4, 0, 8])
    assert not starter.passed and "not legal" in str(starter) and "X 4, O 7" in str(starter)
    assert check_win_against("medium", [0, 2, 4, 8]).passed
    assert check_win_against("medium", [(0, 0), (0, 2), (1, 1), (2, 2)]).passed
    assert not check_win_against("medium", [0, 2, 4]).passed  # the fork, but not the win


def test_punishing_the_novice_fails_the_starter_and_passes_the_solution() -> None:
    starter = check_win_against("novice", [4], you="O", seed=5)
    assert not starter.passed and "still running" in str(starter)
    assert check_win_against("novice", [4, 2, 6], you="O", seed=5).passed
    assert not check_win_against("novice", [1, 2, 6], you="O", seed=5).passed  # 1 loses


@pytest.mark.parametrize(
    ("level", "you", "seed", "moves"),
    [("medium", "X", 0, [0, 2, 4, 8]), ("novice", "O", 5, [4, 2, 6]), ("medium", "X", 0, [4, 0])],
)
def test_the_check_meets_the_replies_of_a_session_with_the_same_seed(
    level: str, you: str, seed: int, moves: list[int]
) -> None:
    session = GameSession(level=level, human=you, seed=seed)  # type: ignore[arg-type]
    for move in moves:
        session.play(move)
        session.respond()
    assert check_win_against(level, moves, you=you, seed=seed).final == session.state  # type: ignore[arg-type]


def test_a_move_off_the_board_or_a_wrong_type_is_reported() -> None:
    off = check_win_against("medium", [(0, 3)])
    assert not off.passed and "outside the 3x3 board" in str(off)
    with pytest.raises(TypeError, match="list of cell numbers"):
        check_win_against("medium", 4)  # type: ignore[arg-type]


def labelled(opening: int, start: str) -> int:
    """How many of O's replies to `opening` hint_labels marks with a label starting `start`."""
    return sum(label.startswith(start) for label in hint_labels(State.new().play(opening)).values())


@pytest.mark.parametrize(("opening", "question"), [(0, "corner"), (4, "centre")])
def test_losing_replies_fail_the_starter_and_pass_the_solution(opening: int, question: str) -> None:
    name = f"losing replies to a {question} opening"
    assert not check_count(name, labelled(opening, "win")).passed  # the starter's misreading
    assert check_count(name, labelled(opening, "loss")).passed
    assert not check_count(name, 8).passed  # every reply


def test_the_losing_replies_are_those_the_independent_referee_finds() -> None:
    for opening, question in [(0, "corner"), (4, "centre")]:
        after = State.new().play(opening)
        losing = sum(oracle.outcome(after.play(reply)).value > 0 for reply in after.legal_moves())
        assert check_count(f"losing replies to a {question} opening", losing).passed
