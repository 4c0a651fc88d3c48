"""The proof search with switches (tictac/proving/ideas.py): it must give the solver's value with
any idea switched off, its line reading must follow the definitions, and the stored proofs of
big boards must be what the solver really finds."""

from __future__ import annotations

import random

import pytest

from tictac import State, reachable_states, solve, winning_lines
from tictac.proving.ideas import (
    IDEAS,
    Proof,
    dead_cells,
    live_lines,
    moves_left,
    proof_search,
    solver_proof,
    stored_proofs,
)
from tictac.search import solver
from tictac.search.budget import BudgetExceeded


def random_positions(board: tuple[int, int, int], count: int, seed: int) -> list[State]:
    """Positions of random games on `board`, not finished, with at least half the cells full."""
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = State.new(*board)
        for _ in range(rng.randint(state.rows * state.cols // 2, state.rows * state.cols - 1)):
            state = state.play(rng.choice(state.legal_moves()))
            if state.is_terminal:
                break
        if not state.is_terminal:
            found.append(state)
    return found


@pytest.fixture(scope="module")
def tic_tac_toe() -> list[State]:
    return list(reachable_states())


# -- the value is the solver's, whatever is switched off --------------------------------------


@pytest.mark.parametrize(
    "without", [(), pytest.param(IDEAS, marks=pytest.mark.slow)], ids=["all ideas", "no ideas"]
)
def test_every_tic_tac_toe_position_gets_the_solvers_value(
    tic_tac_toe: list[State], without: tuple[str, ...]
) -> None:
    for state in tic_tac_toe:
        assert proof_search(state, without=without).value == solve(state), state


@pytest.mark.parametrize("idea", IDEAS)
def test_each_idea_left_out_keeps_the_value(idea: str) -> None:
    positions = [s for s in reachable_states() if s.moves_made >= 3][::7]
    for board in [(4, 4, 4), (3, 5, 3), (2, 6, 3)]:
        positions += random_positions(board, 25, seed=len(idea))
    for state in positions:
        assert proof_search(state, without={idea}).value == solve(state), state


@pytest.mark.parametrize(
    ("board", "value"), [((3, 4, 3), 1), ((4, 4, 3), 1), ((4, 4, 4), 0), ((2, 6, 3), 0)]
)
def test_empty_boards_get_the_solvers_value(board: tuple[int, int, int], value: int) -> None:
    assert proof_search(State.new(*board)).value == value == solve(State.new(*board))


def test_an_idea_left_out_costs_positions_where_the_lesson_says() -> None:
    def cost(state: State, idea: str) -> int:
        return proof_search(state, without={idea}).positions

    three_by_four = State.new(3, 4, 3)
    base = proof_search(three_by_four).positions
    assert cost(three_by_four, "threats") > 10 * base
    after_two = State.new(4, 4, 4).play(5).play(1)
    assert cost(after_two, "pairing") > 100 * proof_search(after_two).positions


def test_proof_search_refuses_what_it_does_not_know() -> None:
    with pytest.raises(ValueError, match="not 'threat'"):
        proof_search(State.new(), without={"threat"})
    with pytest.raises(TypeError, match="needs a tictac State"):
        proof_search("X../.../...")  # type: ignore[arg-type]
    assert proof_search(State.new(), without="pairing").without == {"pairing"}  # one name


def test_proof_search_counts_against_its_budget() -> None:
    with pytest.raises(BudgetExceeded):
        proof_search(State.new(4, 4, 4), without={"pairing"}, budget=1000)


def test_a_proof_of_a_finished_game_is_its_result() -> None:
    assert proof_search(State.parse("XXX/OO./...")) == Proof(1, 1, frozenset())
    assert proof_search(State.parse("XOX/XOO/OXX")).value == 0


# -- reading the lines ------------------------------------------------------------------------


def test_moves_left_share_the_empty_cells_mover_first() -> None:
    for state in random_positions((4, 5, 4), 50, seed=1):
        empty = len(state.legal_moves())
        mover, other = moves_left(state, state.turn), moves_left(state, "XO"[state.turn == "X"])
        assert mover + other == empty and mover - other in (0, 1)


def test_live_lines_follow_the_definition() -> None:
    for state in random_positions((4, 4, 4), 100, seed=2) + random_positions((3, 5, 3), 50, 3):
        for player, opponent in (("X", "O"), ("O", "X")):
            budget = moves_left(state, player)
            expected = []
            for line in winning_lines(state.rows, state.cols, state.k):
                cells = [state.cells[i] for i in line]
                if opponent not in cells and cells.count(".") <= budget:
                    expected.append(line)
            assert live_lines(state, player) == tuple(expected)


def test_all_dead_cells_are_equally_good_moves() -> None:
    """Marking any dead cell leads to positions of the same value (the solver's), so trying
    one of them is enough."""
    checked = 0
    for state in random_positions((4, 4, 4), 200, seed=4) + random_positions((3, 5, 3), 100, 5):
        dead = sorted(dead_cells(state))
        if len(dead) > 1:
            checked += 1
            assert len({solve(state.play(cell)) for cell in dead}) == 1, state
    assert checked > 50


def test_a_dead_cell_lies_on_no_live_line_and_a_finished_game_is_all_dead() -> None:
    state = State.parse("XO../.X../O.../....", k=4)
    live = {cell for p in "XO" for line in live_lines(state, p) for cell in line}  # type: ignore[arg-type]
    assert dead_cells(state) == frozenset(state.legal_moves()) - live
    won = State.parse("XXX/OO./...")
    assert dead_cells(won) == frozenset({5, 6, 7, 8})


# -- the solver's proofs ----------------------------------------------------------------------


def test_the_solvers_proof_starts_cold_and_leaves_no_tables_behind() -> None:
    solve(State.new(4, 5, 4))  # warm tables would make the next count smaller
    first = solver_proof(4, 4, 4)
    assert first == solver_proof(4, 4, 4)
    assert first.value == 0 and first.positions == 20
    assert not solver._SOLVERS


def test_the_stored_proofs_are_draws_of_the_boards_the_bench_measures() -> None:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "bench" / "prove_boards.py"
    spec = importlib.util.spec_from_file_location("prove_boards", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    stored = stored_proofs()
    assert [(p.rows, p.cols, p.k) for p in stored] == list(bench.BOARDS)
    assert all(p.value == 0 and p.positions > 100_000 for p in stored)


@pytest.mark.slow
def test_the_smallest_stored_proof_is_what_the_solver_finds_today() -> None:
    """Re-runs the smallest stored board (seconds); ``bench/prove_boards.py --check``
    re-runs the others, which take minutes."""
    smallest = min(stored_proofs(), key=lambda p: p.positions)
    assert solver_proof(smallest.rows, smallest.cols, smallest.k, budget=None) == smallest
