"""Scores and heuristics on hand-made positions, plus a few checks over every finished game."""

from __future__ import annotations

import itertools

import pytest

from tictac.scoring import (
    depth_aware,
    depth_scaled,
    open_lines,
    piece_count,
    plus_minus_ten,
    two_in_a_row,
    win_loss,
)
from tictac.state import State, reachable_states

X_WON = State.parse("XXX/OO./...")  # X wins on its third move: 4 empty cells
O_WON = State.parse("OOO/XX./X..")  # O wins on its third move: 3 empty cells
DRAW = State.parse("XOX/XOO/OXX")
X_WON_FULL = State.parse("XOX/OXO/XOX")  # X wins with the last cell: nothing empty
RUNNING = State.parse("XX./O../...")

TERMINAL_SCORES = [win_loss, plus_minus_ten, depth_aware, depth_scaled("X"), depth_scaled("O")]
HEURISTICS = [piece_count, two_in_a_row, open_lines]


@pytest.fixture(scope="module")
def finished_games() -> list[State]:
    return [s for s in reachable_states() if s.is_terminal]


# ---------------------------------------------------------------------------------------------
# Terminal scores


@pytest.mark.parametrize(
    ("state", "expected"),
    [(X_WON, 1), (O_WON, -1), (DRAW, 0), (X_WON_FULL, 1)],
)
def test_win_loss(state: State, expected: int) -> None:
    assert win_loss(state, 0) == expected
    assert win_loss(state, 7) == expected  # the depth does not matter


@pytest.mark.parametrize(
    ("state", "expected"),
    [(X_WON, 10), (O_WON, -10), (DRAW, 0), (X_WON_FULL, 10)],
)
def test_plus_minus_ten(state: State, expected: int) -> None:
    assert plus_minus_ten(state, 3) == expected


@pytest.mark.parametrize(
    ("state", "expected"),
    [(X_WON, 5), (O_WON, -4), (DRAW, 0), (X_WON_FULL, 1)],
)
def test_depth_aware(state: State, expected: int) -> None:
    assert depth_aware(state, 0) == expected
    assert depth_aware(state, 4) == expected  # depends on the position only


def test_depth_aware_prefers_sooner_wins_and_later_losses() -> None:
    slow_loss = State.parse("OOO/XXO/XX.")  # O wins on its fourth move
    assert depth_aware(X_WON, 0) > depth_aware(X_WON_FULL, 0) > depth_aware(DRAW, 0)
    assert depth_aware(DRAW, 0) > depth_aware(slow_loss, 0) > depth_aware(O_WON, 0)


def test_depth_aware_orders_finished_games_like_the_tutorial(
    finished_games: list[State],
) -> None:
    """The tutorial's "10 minus O's moves" and ours rank every pair of 3x3 games alike."""

    def tutorial(state: State) -> int:
        o_moves = state.cells.count("O")
        return {"X": 10 - o_moves, "O": -(10 - o_moves), None: 0}[state.winner]

    for a, b in itertools.combinations(finished_games, 2):
        ours = depth_aware(a, 0) - depth_aware(b, 0)
        theirs = tutorial(a) - tutorial(b)
        assert (ours > 0) == (theirs > 0) and (ours < 0) == (theirs < 0), (a, b)


def test_depth_aware_works_on_bigger_boards() -> None:
    assert depth_aware(State.parse("XXXX/OOO./..../...."), 0) == 10  # 9 empty cells
    assert depth_aware(State.parse("XXX./OO../..../....", k=3), 0) == 12
    assert depth_aware(State.parse("OOO./XX../X.../....", k=3), 0) == -11


@pytest.mark.parametrize(
    ("player", "state", "ply", "expected"),
    [
        ("X", X_WON, 1, 50),
        ("X", X_WON, 5, 10),
        ("X", DRAW, 2, 5),
        ("X", O_WON, 2, -5),
        ("O", O_WON, 2, -25),  # a win for O is bad for X
        ("O", DRAW, 5, -2),
        ("O", X_WON, 5, 2),  # a loss for O, good for X
        ("X", X_WON, 0, 50),  # a finished game at the start counts as ply 1
    ],
)
def test_depth_scaled(player: str, state: State, ply: int, expected: float) -> None:
    score = depth_scaled(player)  # type: ignore[arg-type]
    assert score(state, ply) == pytest.approx(expected)


def test_depth_scaled_weights_and_name() -> None:
    score = depth_scaled("X", win=3, draw=1, loss=-2)
    assert score(X_WON, 1) == 3
    assert score(DRAW, 2) == 0.5
    assert score(O_WON, 4) == -0.5
    assert score.__name__ == "depth_scaled('X')"


def test_depth_scaled_needs_a_player() -> None:
    with pytest.raises(ValueError, match="'X' or 'O'"):
        depth_scaled("Z")  # type: ignore[arg-type]


@pytest.mark.parametrize("score", TERMINAL_SCORES)
def test_terminal_scores_refuse_a_running_game(score: object) -> None:
    with pytest.raises(ValueError, match=r"still running.*heuristic"):
        score(RUNNING, 2)  # type: ignore[operator]


@pytest.mark.parametrize("score", [win_loss, plus_minus_ten, depth_aware])
def test_terminal_scores_agree_on_the_winner(score: object, finished_games: list[State]) -> None:
    for state in finished_games:
        value = score(state, 0)  # type: ignore[operator]
        expected = {"X": 1, "O": -1, None: 0}[state.winner]
        assert (value > 0) - (value < 0) == expected, state


# ---------------------------------------------------------------------------------------------
# Heuristics


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("...../...../.....", 0),
        ("X../.../...", 1),
        ("X../.O./...", 0),
        ("XX./OO./X..", 1),
    ],
)
def test_piece_count(text: str, expected: int) -> None:
    assert piece_count(State.parse(text), 0) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("...../...../.....", 0.0),
        ("XX./..O/...", 0.2),  # the row 0-1-2
        ("XX./O../...", 0.2),
        ("XX./OO./...", 0.0),  # one line each
        ("X.X/.O./X.O", 0.4),  # 0-1-2 and 0-3-6; O has none
        ("XXO/.O./...", -0.2),  # X's row is blocked; O has 2-4-6
        ("XO./XO./O.X", -0.4),  # X's column 0-3-6 is blocked; O has 1-4-7 and 2-4-6
        ("X../.O./..X", 0.0),  # no line has two of the same with the third free
    ],
)
def test_two_in_a_row(text: str, expected: float) -> None:
    assert two_in_a_row(State.parse(text), 0) == pytest.approx(expected)


def test_two_in_a_row_counts_k_minus_one_on_bigger_boards() -> None:
    state = State.parse("XXX./OO../..../....")  # k=4: X's top row needs one more
    assert two_in_a_row(state, 0) == pytest.approx(0.2)
    state = State.parse("XX.X/O..O/..../....", k=3)  # k=3 on 4x4: the lines 0-1-2 and 1-2-3
    assert two_in_a_row(state, 0) == pytest.approx(0.4)


def test_two_in_a_row_gives_equal_floats_for_equal_counts() -> None:
    """Ties between moves are found with ==, so the same count must give the same float."""
    a = State.parse("X.X/.OO/X..")  # X has 0-1-2 and 0-3-6, O has 3-4-5
    b = State.parse("XX./.../O..")  # X has 0-1-2
    assert two_in_a_row(a, 0) == two_in_a_row(b, 0)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("...../...../.....", 0),
        (".../.X./...", 4),  # 8 lines open for X, 4 (those avoiding the centre) for O
        ("X../.../...", 3),
        (".X./.../...", 2),
        ("O../.X./...", 1),
        ("XX./O../...", 2),
        ("XOX/XOO/OXX", 0),  # a full board: nothing is open
    ],
)
def test_open_lines(text: str, expected: int) -> None:
    assert open_lines(State.parse(text), 0) == expected


@pytest.mark.parametrize("heuristic", HEURISTICS)
def test_heuristics_value_any_position(heuristic: object, finished_games: list[State]) -> None:
    """Heuristics never refuse a position, finished or not, and give a plain number."""
    for state in [State.new(), RUNNING, *finished_games[:50]]:
        assert isinstance(heuristic(state, 3), (int, float))  # type: ignore[operator]


@pytest.mark.parametrize("heuristic", HEURISTICS)
def test_heuristics_are_symmetric(heuristic: object) -> None:
    """Symmetric memo tables rely on mirror images having the same value."""
    for state in list(reachable_states())[::37]:
        values = {heuristic(image, 0) for image in state.symmetries()}  # type: ignore[operator]
        assert len(values) == 1, state
