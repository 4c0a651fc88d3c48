"""The fast solver against a plain recursive minimax, on every position of small boards.

The reference below knows nothing of bitboards, tables or pruning, nor of the `State` class:
it writes each move into a tuple of cells, checks the lines through it, and keeps the best
child (value first, then the fastest win or the slowest loss). A dictionary spares it
recomputing positions, which changes no result.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tictac import solver
from tictac.solver import Outcome, best_moves, move_outcomes, outcome, prove, solve
from tictac.state import State, reachable_states, winning_lines

Cells = tuple[str, ...]
Reference = dict[Cells, Outcome]


def reference_outcome(state: State, memo: Reference) -> Outcome:
    """Plain minimax with distances: X maximises, O minimises; wins fast, losses slow."""
    if state.winner is not None:
        return Outcome(1 if state.winner == "X" else -1, 0)
    if state.is_draw:
        return Outcome(0, 0)
    lines = winning_lines(state.rows, state.cols, state.k)
    through = [[line for line in lines if cell in line] for cell in range(len(state.cells))]
    return plain_minimax(state.cells, through, memo)


def plain_minimax(cells: Cells, through: list[list[tuple[int, ...]]], memo: Reference) -> Outcome:
    """The outcome of a game still running on `cells`."""
    if cells in memo:
        return memo[cells]
    player = "X" if cells.count("X") == cells.count("O") else "O"
    sign = 1 if player == "X" else -1
    children = []
    for i, cell in enumerate(cells):
        if cell != ".":
            continue
        child = cells[:i] + (player,) + cells[i + 1 :]
        if any(all(child[j] == player for j in line) for line in through[i]):
            children.append(Outcome(sign, 0))
        elif "." not in child:
            children.append(Outcome(0, 0))
        else:
            children.append(plain_minimax(child, through, memo))
    best = max(children, key=lambda child: preference(child, sign))
    memo[cells] = result = Outcome(best.value, best.plies + 1)
    return result


def preference(child: Outcome, sign: int) -> tuple[int, int]:
    """How much the player with `sign` (+1 for X) likes a child: value, then speed."""
    value = child.value * sign
    return (value, -child.plies if value > 0 else child.plies if value < 0 else 0)


def reference_best_moves(state: State, memo: Reference) -> tuple[int, ...]:
    sign = 1 if state.turn == "X" else -1
    liked = {
        m: preference(reference_outcome(state.play(m), memo), sign) for m in state.legal_moves()
    }
    return tuple(m for m, like in liked.items() if like == max(liked.values()))


def check_position(state: State, memo: Reference) -> None:
    expected = reference_outcome(state, memo)
    assert outcome(state) == expected, state
    assert solve(state) == expected.value, state
    expected_moves = {m: reference_outcome(state.play(m), memo) for m in state.legal_moves()}
    assert move_outcomes(state) == expected_moves, state
    assert best_moves(state) == reference_best_moves(state, memo), state


@pytest.fixture(scope="module")
def tic_tac_toe() -> list[State]:
    return list(reachable_states())


@pytest.fixture(scope="module")
def tic_tac_toe_reference(tic_tac_toe: list[State]) -> Reference:
    memo: Reference = {}
    for state in tic_tac_toe:
        reference_outcome(state, memo)
    return memo


@pytest.fixture
def search_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Send every question through the big-board path (alpha-beta, win-within-d searches)."""
    monkeypatch.setattr(solver, "FULL_TABLE_CELLS", 0)
    monkeypatch.setattr(solver, "EXACT_EMPTIES", 0)
    solver.clear_caches()
    yield
    solver.clear_caches()


# ---------------------------------------------------------------------------------------------
# Tic-tac-toe, every position


def test_every_tic_tac_toe_position_matches_plain_minimax(
    tic_tac_toe: list[State], tic_tac_toe_reference: Reference
) -> None:
    assert len(tic_tac_toe) == 5478
    solver.clear_caches()
    for state in tic_tac_toe:
        check_position(state, tic_tac_toe_reference)


def test_the_tic_tac_toe_table_holds_every_position() -> None:
    solver.clear_caches()
    assert best_moves(State.new()) == tuple(range(9))
    table = solver._solver(3, 3, 3).table
    assert len(table) == 5478


def test_every_tic_tac_toe_position_by_search_alone(
    search_only: None, tic_tac_toe: list[State], tic_tac_toe_reference: Reference
) -> None:
    for state in tic_tac_toe:
        check_position(state, tic_tac_toe_reference)


# ---------------------------------------------------------------------------------------------
# Other boards


@pytest.mark.parametrize(
    ("rows", "cols", "k"),
    [(1, 1, 1), (1, 5, 2), (2, 2, 2), (2, 3, 3), (3, 2, 2), (3, 3, 2), (2, 4, 2), (3, 4, 2)],
)
def test_small_boards_match_plain_minimax(rows: int, cols: int, k: int) -> None:
    solver.clear_caches()
    memo: Reference = {}
    for state in reachable_states(State.new(rows, cols, k)):
        check_position(state, memo)


def test_a_ten_cell_board_by_both_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    """2x5 with 3 in a row: every position, first as shipped, then by search alone."""
    positions = list(reachable_states(State.new(2, 5, 3)))
    memo: Reference = {}
    solver.clear_caches()
    for state in positions:
        assert outcome(state) == reference_outcome(state, memo), state
    monkeypatch.setattr(solver, "EXACT_EMPTIES", 0)
    solver.clear_caches()
    for state in positions[:: len(positions) // 400]:
        check_position(state, memo)
    solver.clear_caches()


def test_three_by_four_opening_matches_plain_minimax() -> None:
    """3x4, 3 in a row (X wins): the positions after up to two moves, checked in full."""
    memo: Reference = {}
    solver.clear_caches()
    start = State.new(3, 4, 3)
    assert outcome(start) == reference_outcome(start, memo)
    assert solve(start) == 1
    for first in start.legal_moves()[:6]:  # the rest are mirror images
        after = start.play(first)
        assert outcome(after) == reference_outcome(after, memo), after
        assert best_moves(after) == reference_best_moves(after, memo), after


def test_four_by_four_endgames_match_plain_minimax(search_only: None) -> None:
    """Positions from random 4x4 games with 7 to 9 empty cells, through the search path."""
    rng = random.Random(4)
    for k in (3, 4):
        memo: Reference = {}  # one per board: the reference keys positions by their cells
        checked = 0
        while checked < 12:
            state = State.new(4, 4, k)
            while not state.is_terminal and len(state.legal_moves()) > rng.choice((7, 8, 9)):
                state = state.play(rng.choice(state.legal_moves()))
            if not state.is_terminal:
                check_position(state, memo)
                checked += 1


# ---------------------------------------------------------------------------------------------
# The famous results


def test_tic_tac_toe_is_a_draw() -> None:
    assert prove(3, 3, 3) == 0
    assert outcome(State.new()) == Outcome(0, 9)


def test_four_by_four_three_in_a_row_is_a_first_player_win() -> None:
    solver.clear_caches()
    assert prove(4, 4, 3) == 1
    assert outcome(State.new(4, 4, 3)).value == 1


def test_four_by_four_four_in_a_row_is_a_draw() -> None:
    solver.clear_caches()
    assert prove(4, 4, 4) == 0
    assert solve(State.new(4, 4, 4).play(5)) == 0


def test_four_by_four_decisions_are_consistent() -> None:
    """On 4x4 the optimal moves are exactly the moves whose outcome is the best one."""
    state = State.parse("X.../.O../..X./....", k=4)
    outcomes = move_outcomes(state)
    assert set(outcomes) == set(state.legal_moves())
    best = best_moves(state)
    sign = 1 if state.turn == "X" else -1
    liked = {m: preference(o, sign) for m, o in outcomes.items()}
    assert best == tuple(m for m in sorted(liked) if liked[m] == max(liked.values()))
    total = outcome(state)
    assert all(total == Outcome(outcomes[m].value, outcomes[m].plies + 1) for m in best)


# ---------------------------------------------------------------------------------------------
# Finished games and bad input


def test_finished_games() -> None:
    won = State.parse("XXX/OO./...")
    assert (solve(won), outcome(won), move_outcomes(won), best_moves(won)) == (
        1,
        Outcome(1, 0),
        {},
        (),
    )
    full = State.parse("XOX/XOO/OXX")
    assert (solve(full), outcome(full), move_outcomes(full), best_moves(full)) == (
        0,
        Outcome(0, 0),
        {},
        (),
    )


@pytest.mark.parametrize("function", [solve, outcome, move_outcomes, best_moves])
@pytest.mark.parametrize("bad", ["XO./.X./..O", None, ("X", ".", "."), 4])
def test_anything_but_a_state_is_refused_clearly(function: object, bad: object) -> None:
    with pytest.raises(TypeError, match=r"needs a tictac State .* not "):
        function(bad)  # type: ignore[operator]
