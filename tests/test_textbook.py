"""The textbook searches agree with the solver on every reachable position of tic-tac-toe.

Running each textbook function from all 5,478 positions would visit about two million nodes
for minimax alone. Instead each test lets the function's recursion go through a memo (the
module-level name the function calls itself by is replaced for the test): every position's
value is then worked out once, by the function's own body, from children whose values were
themselves checked. That proves the function right on every position at a fraction of the cost.
A plain run from a few positions (no memo) checks the functions as a student calls them.
"""

from __future__ import annotations

import functools
import inspect
import math
from collections.abc import Callable, Iterator

import pytest

from tictac import State, reachable_states, solve
from tictac.game.scoring import depth_scaled, open_lines, win_loss
from tictac.search import textbook as textbook_module
from tictac.search.engine import minimax as search_minimax
from tictac.search.textbook import (
    alphabeta_value,
    depth_limited_value,
    minimax_value,
    negamax_value,
)

POSITIONS = list(reachable_states())
WINDOW_EDGES = (-math.inf, -1, 0, 1, math.inf)


@pytest.fixture
def memoised(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], Callable[..., float]]]:
    """Route a textbook function's recursion through a memo; return the memoised function."""

    def patch(name: str) -> Callable[..., float]:
        remembered = functools.cache(getattr(textbook_module, name))
        monkeypatch.setattr(textbook_module, name, remembered)
        return remembered

    yield patch


def mover_sign(state: State) -> int:
    return 1 if state.turn == "X" else -1


def test_there_are_5478_positions_to_check() -> None:
    assert len(POSITIONS) == 5_478


def test_minimax_value_everywhere(memoised: Callable[[str], Callable[..., float]]) -> None:
    value = memoised("minimax_value")
    wrong = [s.text for s in POSITIONS if value(s) != solve(s)]
    assert not wrong, wrong[:5]


def test_negamax_value_everywhere(memoised: Callable[[str], Callable[..., float]]) -> None:
    value = memoised("negamax_value")
    wrong = [s.text for s in POSITIONS if value(s) != mover_sign(s) * solve(s)]
    assert not wrong, wrong[:5]


@pytest.mark.slow
def test_alphabeta_value_everywhere_with_every_window(
    memoised: Callable[[str], Callable[..., float]],
) -> None:
    """Fail-soft: exact inside the window, an upper bound at alpha or below, a lower bound at
    beta or above; exact with the full window."""
    value = memoised("alphabeta_value")
    checked = 0
    for state in POSITIONS:
        true = solve(state)
        assert value(state) == true, state.text
        for alpha in WINDOW_EDGES:
            for beta in WINDOW_EDGES:
                if alpha >= beta:
                    continue
                found = value(state, alpha, beta)
                checked += 1
                if alpha < found < beta:
                    assert found == true, (state.text, alpha, beta)
                elif found <= alpha:
                    assert true <= found, (state.text, alpha, beta)
                else:
                    assert true >= found, (state.text, alpha, beta)
    assert checked == 5_478 * 10


@pytest.mark.slow
def test_a_score_that_uses_the_ply_gets_the_right_one(
    memoised: Callable[[str], Callable[..., float]],
) -> None:
    """With a score that uses the ply, the three functions agree with each other and with the
    instrumented minimax (a function that passed the wrong ply would differ)."""
    minimax = memoised("minimax_value")
    negamax = memoised("negamax_value")
    alphabeta = memoised("alphabeta_value")
    score = depth_scaled("X")
    for state in POSITIONS[::7]:
        expected = minimax(state, score)
        assert expected == search_minimax(state, score=score).value, state.text
        assert negamax(state, score) == mover_sign(state) * expected
        assert alphabeta(state, score=score) == expected


@pytest.mark.parametrize("text", ["XX./OO./...", "X../.O./..X", "XO./.X./...", "XOX/.O./..."])
def test_plain_calls_without_a_memo(text: str) -> None:
    state = State.parse(text)
    true = solve(state)
    assert minimax_value(state) == true
    assert alphabeta_value(state) == true
    assert negamax_value(state) == mover_sign(state) * true


def test_a_finished_game_is_worth_its_score() -> None:
    won = State.parse("XXX/OO./...")
    assert minimax_value(won) == alphabeta_value(won) == win_loss(won, 0) == 1
    lost_for_x_to_move = State.parse("OOO/XX./X..")
    assert negamax_value(lost_for_x_to_move) == -1


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_depth_limited_value_is_the_engines_depth_limited_minimax(depth: int) -> None:
    """Open lines at the horizon, a win worth more than any guess (Lesson 7's `decided`), on
    3x3 positions and on 4x4 (four in a row) positions of a few marks."""

    def decided(state: State, ply: int) -> float:
        return 1000 * win_loss(state, ply)

    four = State.new(4, 4, 4)
    positions = [*POSITIONS[::11], four.play(5).play(0), four.play(0).play(5).play(10)]
    for state in positions:
        for score in (win_loss, decided):
            expected = search_minimax(state, depth=depth, heuristic=open_lines, score=score).value
            assert depth_limited_value(state, depth, open_lines, score) == expected, state.text


def test_depth_limited_value_deep_enough_is_minimax() -> None:
    for state in POSITIONS[::97]:
        assert depth_limited_value(state, 9, open_lines) == solve(state), state.text


def test_the_functions_fit_on_a_screen() -> None:
    """Written to be read beside the pseudocode: each a screen (about 50 lines) or less."""
    for function in (minimax_value, depth_limited_value, alphabeta_value, negamax_value):
        assert len(inspect.getsource(function).splitlines()) <= 50, function.__name__
