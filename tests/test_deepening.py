"""Iterative deepening and MTD(f): the same values as plain alpha-beta at every depth, a best
move, and the work counted honestly."""

from __future__ import annotations

import random

import pytest

from tictac.game.numbertree import NumberTree
from tictac.game.scoring import Score, open_lines, two_in_a_row, weighted, win_loss
from tictac.game.state import State, reachable_states
from tictac.search.budget import BudgetExceeded
from tictac.search.deepening import DeepeningResult, iterative_deepening, mtdf
from tictac.search.engine import alphabeta


def decided(state: State, ply: int) -> float:
    return 1000 * win_loss(state, ply)


LINES = weighted({"open_1": 1, "open_2": 3, "open_3": 9})  # many distinct values


def random_positions(count: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        state = State.new(4, 4, 4)
        for _ in range(rng.randrange(14)):
            if state.is_terminal:
                break
            state = state.play(rng.choice(state.legal_moves()))
        found.append(state)
    return found


def positions() -> list[State]:
    return [*list(reachable_states())[::61], *random_positions(25, seed=1)]


def is_a_best_move(state: State, move: int | None, depth: int, heuristic: Score) -> bool:
    exact = alphabeta(state, depth=depth, heuristic=heuristic, score=decided)
    return move in exact.best_moves


@pytest.mark.parametrize("heuristic", [open_lines, LINES, two_in_a_row])
@pytest.mark.slow
def test_iterative_deepening_finds_alphabetas_value_at_every_depth(heuristic: Score) -> None:
    for state in positions():
        for null_window in (False, True):
            result = iterative_deepening(
                state, depth=3, heuristic=heuristic, score=decided, null_window=null_window
            )
            assert [step.depth for step in result.iterations] == [1, 2, 3]
            for step in result.iterations:
                plain = alphabeta(state, depth=step.depth, heuristic=heuristic, score=decided)
                assert step.value == plain.value, (state, step.depth)
            if not state.is_terminal:
                assert is_a_best_move(state, result.move, 3, heuristic), state
            assert result.value == result.iterations[-1].value
            assert result.nodes == sum(step.stats.nodes for step in result.iterations)


@pytest.mark.parametrize("first_guess", [0, -5000, 7.5, 1000])
@pytest.mark.parametrize("memo", ["plain", "symmetric"])
def test_mtdf_finds_alphabetas_value_from_any_first_guess(first_guess: float, memo: str) -> None:
    for state in positions()[::2]:
        for depth in (1, 3):
            found = mtdf(
                state,
                depth=depth,
                heuristic=LINES,
                score=decided,
                first_guess=first_guess,
                memo=memo,  # type: ignore[arg-type]
            )
            plain = alphabeta(state, depth=depth, heuristic=LINES, score=decided)
            assert found.value == plain.value, (state, depth)
            if not state.is_terminal:
                assert found.move in plain.best_moves
                assert found.tests[0] == first_guess and len(found.tests) >= 1


def test_each_null_window_test_narrows_the_range() -> None:
    """Each test's bound is a new lower or upper bound, so the tests never repeat."""
    for state in random_positions(20, seed=2):
        found = mtdf(state, depth=3, heuristic=LINES, score=decided)
        assert len(set(found.tests)) == len(found.tests)


def test_the_move_order_changes_the_work_not_the_answer() -> None:
    state = State.parse("O.../..../..../X...", k=4)
    ordered = iterative_deepening(state, depth=4, heuristic=open_lines, score=decided)
    board = iterative_deepening(
        state, depth=4, heuristic=open_lines, score=decided, order_moves=False
    )
    assert ordered.value == board.value
    assert ordered.nodes != board.nodes
    # The previous depth's values order the moves: the last search visits fewer positions
    # than the same search to that depth with no such help.
    alone = alphabeta(
        state, depth=4, heuristic=open_lines, score=decided, exact_root=False, memo="plain"
    )
    assert board.iterations[-1].stats.nodes < alone.stats.nodes


def test_the_threat_extension_passes_through() -> None:
    horizon = State.parse(".X.X/OXXO/O.XO/....", k=4)
    options = {"depth": 2, "heuristic": open_lines, "score": decided, "extend_threats": True}
    assert iterative_deepening(horizon, **options).move == 0  # type: ignore[arg-type]
    assert mtdf(horizon, **options).move == 0  # type: ignore[arg-type]
    assert iterative_deepening(horizon, depth=2, heuristic=open_lines, score=decided).move == 12


def test_a_finished_game_has_its_score_and_no_move() -> None:
    over = State.parse("XXX/OO./...")
    assert mtdf(over, depth=2, heuristic=open_lines).move is None
    result = iterative_deepening(over, depth=2, heuristic=open_lines)
    assert result.value == 1 and result.move is None
    assert isinstance(result, DeepeningResult)


def test_the_budget_counts_every_iteration_together() -> None:
    start = State.new(4, 4, 4)
    total = iterative_deepening(start, depth=3, heuristic=open_lines).nodes
    iterative_deepening(start, depth=3, heuristic=open_lines, budget=total)
    with pytest.raises(BudgetExceeded, match="iterative_deepening stopped"):
        iterative_deepening(start, depth=3, heuristic=open_lines, budget=total - 1)
    with pytest.raises(BudgetExceeded, match="mtdf stopped"):
        mtdf(start, depth=4, heuristic=open_lines, budget=100)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: iterative_deepening(State.new(), depth=2, heuristic=open_lines, memo=None),
            ValueError,
            "needs one",
        ),
        (
            lambda: mtdf(State.new(), depth=2, heuristic=open_lines, memo=False),
            ValueError,
            "needs one",
        ),
        (
            lambda: iterative_deepening(State.new(), depth=0, heuristic=open_lines),
            ValueError,
            "1 or more",
        ),
        (
            lambda: mtdf(State.new(), depth=2, heuristic=None),  # type: ignore[arg-type]
            ValueError,
            "needs a heuristic",
        ),
        (
            lambda: mtdf(NumberTree([[1, 2], [3]]), depth=1, heuristic=open_lines),  # type: ignore[arg-type]
            TypeError,
            "needs a State",
        ),
        (
            lambda: mtdf(State.new(), depth=1, heuristic=open_lines, order_moves=1),  # type: ignore[arg-type]
            TypeError,
            "True or False",
        ),
    ],
)
def test_bad_input_is_refused_clearly(call: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        call()  # type: ignore[operator]
