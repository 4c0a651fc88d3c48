"""The fast solver against the tests' referee, on every position of small boards.

The referee (tests/oracle.py) knows nothing of bitboards, tables or pruning, nor of the `State`
class: it tries every move on a tuple of cells and keeps the best child (value first, then the
fastest win or the slowest loss).
"""

from __future__ import annotations

import contextlib
import importlib.util
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from functools import reduce
from operator import or_
from pathlib import Path
from types import ModuleType

import oracle
import pytest

from tictac.game.bitboard import bitboards
from tictac.game.state import State, reachable_states
from tictac.search import solver
from tictac.search.budget import BudgetExceeded, BudgetLike, meter
from tictac.search.pairing import (
    Pairing,
    forced_pairs_clash,
    never_loses,
    own_pairs_exist,
    shared_pairs,
)
from tictac.search.solver import (
    Outcome,
    best_move,
    best_moves,
    move_outcomes,
    outcome,
    prove,
    solve,
)

BENCH = Path(__file__).resolve().parent.parent / "bench"


def check_position(state: State) -> None:
    """Every question the solver answers about `state`, against the referee."""
    expected = oracle.outcome(state)
    assert outcome(state) == expected, state
    assert solve(state) == expected.value, state
    assert move_outcomes(state) == oracle.move_outcomes(state), state
    assert best_moves(state) == oracle.best_moves(state), state


@pytest.fixture(scope="module")
def tic_tac_toe() -> list[State]:
    return list(reachable_states())


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


def test_every_tic_tac_toe_position_matches_the_referee(tic_tac_toe: list[State]) -> None:
    assert len(tic_tac_toe) == 5478
    solver.clear_caches()
    for state in tic_tac_toe:
        check_position(state)


def test_the_tic_tac_toe_table_holds_every_position() -> None:
    solver.clear_caches()
    assert best_moves(State.new()) == tuple(range(9))
    table = solver._solver(3, 3, 3).table
    assert len(table) == 5478


@pytest.mark.slow
def test_every_tic_tac_toe_position_by_search_alone(
    search_only: None, tic_tac_toe: list[State]
) -> None:
    for state in tic_tac_toe:
        check_position(state)


# ---------------------------------------------------------------------------------------------
# Other boards


@pytest.mark.parametrize(
    ("rows", "cols", "k"),
    [(1, 1, 1), (1, 5, 2), (2, 2, 2), (2, 3, 3), (3, 2, 2), (3, 3, 2), (2, 4, 2), (3, 4, 2)],
)
def test_small_boards_match_the_referee(rows: int, cols: int, k: int) -> None:
    solver.clear_caches()
    for state in reachable_states(State.new(rows, cols, k)):
        check_position(state)


def test_a_ten_cell_board_by_both_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    """2x5 with 3 in a row: every position, first as shipped, then by search alone."""
    positions = list(reachable_states(State.new(2, 5, 3)))
    solver.clear_caches()
    for state in positions:
        assert outcome(state) == oracle.outcome(state), state
    monkeypatch.setattr(solver, "EXACT_EMPTIES", 0)
    solver.clear_caches()
    for state in positions[:: len(positions) // 400]:
        check_position(state)
    solver.clear_caches()


@pytest.mark.slow
def test_three_by_four_opening_matches_the_referee() -> None:
    """3x4, 3 in a row (X wins): the positions after up to two moves, checked in full."""
    solver.clear_caches()
    start = State.new(3, 4, 3)
    assert outcome(start) == oracle.outcome(start)
    assert solve(start) == 1
    for first in start.legal_moves()[:6]:  # the rest are mirror images
        after = start.play(first)
        assert outcome(after) == oracle.outcome(after), after
        assert best_moves(after) == oracle.best_moves(after), after


def test_four_by_four_endgames_match_the_referee(search_only: None) -> None:
    """Positions from random 4x4 games with 7 to 9 empty cells, through the search path."""
    rng = random.Random(4)
    for k in (3, 4):
        checked = 0
        while checked < 12:
            state = State.new(4, 4, k)
            while not state.is_terminal and len(state.legal_moves()) > rng.choice((7, 8, 9)):
                state = state.play(rng.choice(state.legal_moves()))
            if not state.is_terminal:
                check_position(state)
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


def load_prove_554() -> ModuleType:
    """bench/prove_554.py as a module (bench/ is not a package)."""
    spec = importlib.util.spec_from_file_location("prove_554", BENCH / "prove_554.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("rows", "cols", "k", "value"), [(3, 3, 3, 0), (4, 4, 3, 1), (4, 4, 4, 0), (4, 5, 4, 0)]
)
def test_prove_554_methods_agree_on_small_boards(rows: int, cols: int, k: int, value: int) -> None:
    """The two methods of bench/prove_554.py (alpha-beta, AND-OR search) give the same value."""
    script = load_prove_554()
    assert script.check_geometry(rows, cols, k).endswith("checked")
    solver.clear_caches()
    assert script.run_prove(rows, cols, k).value == value
    assert script.run_within(rows, cols, k).value == value


def test_prove_554_exits_0_only_for_a_draw() -> None:
    """The command itself, each method in a fresh process: a draw exits 0, a win exits 1."""
    script = str(BENCH / "prove_554.py")
    draw = subprocess.run(
        [sys.executable, script, "--rows", "4", "--cols", "4", "--k", "4"],
        capture_output=True,
        text=True,
    )
    assert draw.returncode == 0, draw.stdout + draw.stderr
    assert draw.stdout.count("result: draw") == 2
    assert "Both methods say: (4, 4, 4) is a draw." in draw.stdout
    win = subprocess.run(
        [sys.executable, script, "--method", "within", "--rows", "4", "--cols", "4", "--k", "3"],
        capture_output=True,
        text=True,
    )
    assert win.returncode == 1, win.stdout + win.stderr
    assert "is not a draw: X wins" in win.stdout


def test_four_by_four_decisions_are_consistent() -> None:
    """On 4x4 the optimal moves are exactly the moves whose outcome is the best one."""
    state = State.parse("X.../.O../..X./....", k=4)
    outcomes = move_outcomes(state)
    assert set(outcomes) == set(state.legal_moves())
    best = best_moves(state)
    sign = 1 if state.turn == "X" else -1
    liked = {m: oracle.preference(o, sign) for m, o in outcomes.items()}
    assert best == tuple(m for m in sorted(liked) if liked[m] == max(liked.values()))
    total = outcome(state)
    assert all(total == Outcome(outcomes[m].value, outcomes[m].plies + 1) for m in best)


# ---------------------------------------------------------------------------------------------
# One optimal move: best_move


def check_best_move(state: State, expected: tuple[int, ...], seeds: range = range(3)) -> None:
    """`best_move` is the first of the optimal moves, or with an rng one of them."""
    assert best_move(state) == expected[0], state
    for seed in seeds:
        assert best_move(state, seed=seed) in expected, (state, seed)


def test_best_move_on_every_tic_tac_toe_position(tic_tac_toe: list[State]) -> None:
    """From the complete table: the first optimal move, or exactly ``rng.choice`` of them, so
    seeded players choose as they did when they called ``best_moves``."""
    solver.clear_caches()
    for state in tic_tac_toe:
        if state.is_terminal:
            continue
        best = best_moves(state)
        assert best_move(state) == best[0], state
        for seed in range(3):
            chosen = best_move(state, seed=seed)
            assert chosen == random.Random(seed).choice(best), (state, seed)


@pytest.mark.slow
def test_best_move_on_every_tic_tac_toe_position_by_search_alone(
    search_only: None, tic_tac_toe: list[State]
) -> None:
    """The big-board path (won, drawn and lost positions alike) against the referee."""
    for state in tic_tac_toe:
        if not state.is_terminal:
            check_best_move(state, oracle.best_moves(state))


def four_by_four_openings(k: int, plies: int) -> list[State]:
    """Every position of the 4x4 board reached in at most `plies` moves, games over left out."""
    found, frontier = [], [State.new(4, 4, k)]
    for _ in range(plies + 1):
        found += frontier
        frontier = list({s.play(m) for s in frontier for m in s.legal_moves()})
        frontier = sorted((s for s in frontier if not s.is_terminal), key=lambda s: s.cells)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("k", [4, 3])
def test_best_move_on_four_by_four_openings(k: int) -> None:
    """Every position after up to two moves and a sample after three or four: best_move is an
    optimal move, keeps the outcome (value and distance), and does not depend on the cache."""
    rng = random.Random(k)
    deeper = [s for s in four_by_four_openings(k, 4) if s.moves_made > 2]
    positions = four_by_four_openings(k, 2) + rng.sample(deeper, 40)
    solver.clear_caches()
    for i, state in enumerate(positions):
        if i % 5 == 0:
            solver.clear_caches()  # some decisions cold, the others after earlier questions
        chosen = best_move(state)
        randomly = best_move(state, seed=i)
        best = best_moves(state)
        assert chosen == best[0], state
        assert randomly in best, state
        total = outcome(state)
        for move in (chosen, randomly):
            after = outcome(state.play(move))
            assert Outcome(after.value, after.plies + 1) == total, (state, move)


@pytest.mark.parametrize(
    ("text", "k"),
    [
        ("X../.O./..X", None),  # O to move draws only on an edge
        ("................", 4),  # every move draws
        ("..../..O./..../X...", 3),  # X wins fastest with 4 or 14
        (".XO./...O/X.../..X.", 3),  # O wins fastest with 6, 10 or 11
        ("..X./..../..../....", 3),  # O has lost: 0, 1 and 3 hold out longest
    ],
)
def test_best_move_with_an_rng_picks_every_optimal_move_alike(text: str, k: int | None) -> None:
    state = State.parse(text, k=k)
    best = best_moves(state)
    rng = random.Random(1)
    draws = 200 * len(best)
    counts = {move: 0 for move in best}
    for _ in range(draws):
        counts[best_move(state, seed=rng)] += 1
    assert set(counts) == set(best)  # never a move outside best_moves
    # each optimal move about 200 times (uniform), never badly off
    assert all(120 < count < 280 for count in counts.values()), counts


def test_best_move_refuses_a_finished_game() -> None:
    for finished in (State.parse("XXX/OO./..."), State.parse("XOX/XOO/OXX")):
        with pytest.raises(ValueError, match="game still in progress"):
            best_move(finished)


# ---------------------------------------------------------------------------------------------
# Pairing strategies


def brute_force_pairs(needs: list[int]) -> bool:
    """Try every way of giving each set two cells of its own."""
    if not needs:
        return True
    cells = [bit for bit in range(needs[0].bit_length()) if needs[0] >> bit & 1]
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            taken = 1 << a | 1 << b
            if brute_force_pairs([need & ~taken for need in needs[1:]]):
                return True
    return False


def test_pairs_exist_matches_brute_force() -> None:
    rng = random.Random(2)
    answers = set()
    for _ in range(2000):
        needs = [
            sum(1 << c for c in rng.sample(range(9), rng.randint(1, 4)))
            for _ in range(rng.randint(0, 5))
        ]
        answer = own_pairs_exist(needs)
        assert answer == brute_force_pairs(needs), [bin(need) for need in needs]
        answers.add(answer)
    assert answers == {True, False}


def brute_force_shared_pairs(needs: list[int]) -> bool:
    """Try every set of disjoint pairs drawn from the pairs that lie inside some set: does
    one of them put a whole pair inside every set? (Written apart from the solver's search.)"""
    cells = sorted({c for need in needs for c in range(need.bit_length()) if need >> c & 1})
    candidates = [
        (a, b)
        for i, a in enumerate(cells)
        for b in cells[i + 1 :]
        if any(need >> a & 1 and need >> b & 1 for need in needs)
    ]

    def extend(start: int, taken: set[int], chosen: list[tuple[int, int]]) -> bool:
        if all(any(need >> a & 1 and need >> b & 1 for a, b in chosen) for need in needs):
            return True
        for index in range(start, len(candidates)):
            a, b = candidates[index]
            if (
                a not in taken
                and b not in taken
                and extend(index + 1, taken | {a, b}, [*chosen, (a, b)])
            ):
                return True
        return False

    return extend(0, set(), [])


def check_shared_pairing(needs: list[int], pairs: list[int], free: int) -> None:
    """A pairing as `shared_pairs` reports it is two free cells per pair, no cell in two
    pairs, and a whole pair inside every set in `needs`."""
    assert all(pair.bit_count() == 2 and pair & free == pair for pair in pairs), pairs
    assert sum(pairs).bit_count() == 2 * len(pairs), "a cell is in two pairs"
    assert all(any(need & pair == pair for pair in pairs) for need in needs), needs


@pytest.mark.slow
def test_shared_pairs_match_brute_force_on_random_sets() -> None:
    rng = random.Random(19)
    answers = set()
    for _ in range(3000):
        needs = [
            sum(1 << c for c in rng.sample(range(9), rng.randint(1, 5)))
            for _ in range(rng.randint(0, 7))
        ]
        pairs = shared_pairs(needs, effort=None)
        assert (pairs is not None) == brute_force_shared_pairs(needs), [bin(n) for n in needs]
        if pairs is not None:
            check_shared_pairing(needs, pairs, reduce(or_, needs, 0))
        answers.add(pairs is not None)
        if own_pairs_exist(needs):  # lines with pairs of their own share nothing
            assert pairs is not None
    assert answers == {True, False}


def test_a_forced_pairs_clash_means_no_pairs_at_all() -> None:
    """`forced_pairs_clash` (the quick first step of the pairing search) is only ever right
    to say no: wherever it finds a clash, the brute force finds no pairs either; and it does
    find clashes, also ones that take more than one forced pair."""
    rng = random.Random(23)
    clashes = chained = 0
    for _ in range(3000):
        needs = [
            sum(1 << c for c in rng.sample(range(9), rng.randint(2, 4)))
            for _ in range(rng.randint(1, 7))
        ]
        if forced_pairs_clash(needs):
            assert not brute_force_shared_pairs(needs), [bin(n) for n in needs]
            clashes += 1
            twos = [need for need in needs if need.bit_count() == 2]
            chained += not any(a & b and a != b for a in twos for b in twos)
    assert clashes > 100 and chained > 10, (clashes, chained)


def live_needs(table: solver._Solver, defender: int, empty: int, moves: int) -> list[int]:
    """The free cells of the lines the attacker could still finish (as `pairing_blocks`)."""
    return [
        line & empty
        for line in table.lines
        if not line & defender and (line & empty).bit_count() <= moves
    ]


@pytest.mark.parametrize("board", [(4, 4, 4), (3, 8, 4), (4, 5, 4)])
@pytest.mark.slow
def test_shared_pairs_match_brute_force_in_real_positions(board: tuple[int, int, int]) -> None:
    """Positions of random games with 6 to 12 empty cells, for both players as defender; a
    pairing found is also played out by `tictac.search.pairing.never_loses` against every attack.
    On 4x4 with four in a row no two lines share two cells, so no pair can serve two lines;
    on the other boards some positions need shared pairs."""
    rng = random.Random(sum(board))
    table = solver._Solver(*board)
    found = shared_only = 0
    for _ in range(120):
        state = State.new(*board)
        empties = rng.randint(6, 12)
        while not state.is_terminal and len(state.legal_moves()) > empties:
            state = state.play(rng.choice(state.legal_moves()))
        if state.is_terminal:
            continue
        me, opp = bitboards(state)
        empty = table.full ^ (me | opp)
        left = empty.bit_count()
        for defender, attacker_moves, mark in (
            (opp, (left + 1) // 2, "XO"[state.turn == "X"]),
            (me, left // 2, state.turn),
        ):
            needs = live_needs(table, defender, empty, attacker_moves)
            pairs = shared_pairs(needs, effort=None)
            assert (pairs is not None) == brute_force_shared_pairs(needs), state
            assert (pairs is not None) == table.pairing_blocks(defender, empty, attacker_moves)
            if pairs is None:
                continue
            check_shared_pairing(needs, pairs, empty)
            found += 1
            shared_only += not own_pairs_exist(needs)
            cells = [[c for c in range(table.n) if pair >> c & 1] for pair in pairs]
            pairing = Pairing(*board, cells)
            trial = never_loses(pairing, state, defender=mark, budget=None)  # type: ignore[arg-type]
            assert trial.holds, (state, cells)
    assert found > 20 and (shared_only > 0) == (board != (4, 4, 4))


def test_a_pairing_strategy_never_hides_a_win_in_tic_tac_toe(tic_tac_toe: list[State]) -> None:
    """Whenever the pairing test says a player cannot win, the referee agrees."""
    table = solver._Solver(3, 3, 3)
    fired = 0
    for state in tic_tac_toe:
        if state.is_terminal:
            continue
        me, opp = bitboards(state)
        empty = table.full ^ (me | opp)
        left = empty.bit_count()
        value = oracle.outcome(state).value
        mover_value = value if state.turn == "X" else -value
        if table.pairing_blocks(opp, empty, (left + 1) // 2):  # the mover cannot win
            fired += 1
            assert mover_value <= 0, state
        if table.pairing_blocks(me, empty, left // 2):  # the opponent cannot win
            fired += 1
            assert mover_value >= 0, state
    assert fired > 1000


@pytest.mark.parametrize("k", [4, 3])
def test_four_by_four_search_agrees_with_the_exact_table(k: int) -> None:
    """Values by alpha-beta (with pairing strategies) and by the exact memoised negamax, on
    positions from random games with 8 to 10 empty cells, where the pairings often fire."""
    rng = random.Random(10 + k)
    table = solver._Solver(4, 4, k)
    fired = checked = 0
    while checked < 60:
        state = State.new(4, 4, k)
        empties = rng.choice((8, 9, 10))
        while not state.is_terminal and len(state.legal_moves()) > empties:
            state = state.play(rng.choice(state.legal_moves()))
        if state.is_terminal:
            continue
        me, opp = bitboards(state)
        empty = table.full ^ (me | opp)
        fired += table.pairing_blocks(opp, empty, (empty.bit_count() + 1) // 2)
        exact = solver._sign(solver._score_one_ply_down(table.exact(me, opp)))
        assert solver._Solver(4, 4, k).value(me, opp) == exact, state
        checked += 1
    assert k == 3 or fired > 10


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


@pytest.mark.parametrize("function", [solve, outcome, move_outcomes, best_moves, best_move])
@pytest.mark.parametrize("bad", ["XO./.X./..O", None, ("X", ".", "."), 4])
def test_anything_but_a_state_is_refused_clearly(function: object, bad: object) -> None:
    with pytest.raises(TypeError, match=r"needs a tictac State .* not "):
        function(bad)  # type: ignore[operator]


# ---------------------------------------------------------------------------------------------
# Budgets (tictac.search.budget; more in tests/test_budget.py)


def questions() -> dict[str, Callable[[BudgetLike], object]]:
    """Every public question of the solver, asked of the empty 5x5 board with 4 in a row."""
    empty = State.new(5, 5, 4)
    return {
        "solve": lambda budget: solve(empty, budget=budget),
        "outcome": lambda budget: outcome(empty, budget=budget),
        "move_outcomes": lambda budget: move_outcomes(empty, budget=budget),
        "best_moves": lambda budget: best_moves(empty, budget=budget),
        "best_move": lambda budget: best_move(empty, budget=budget),
        "prove": lambda budget: prove(5, 5, 4, budget=budget),
    }


@pytest.mark.parametrize("name", list(questions()))
def test_every_question_stops_at_its_budget(name: str) -> None:
    solver.clear_caches()
    with pytest.raises(BudgetExceeded) as caught:
        questions()[name](500)
    error = caught.value
    assert (error.search, error.positions, error.empty_cells) == (name, 500, 25)
    assert "bench/prove_554.py" in str(error) and "budget=5_000" in str(error)


def test_a_budget_counts_exactly_the_positions_the_solver_searches() -> None:
    empty = State.new(4, 5, 4)
    solver.clear_caches()
    counter = meter(None, empty, "solve")
    assert solve(empty, budget=counter) == 0
    needed = counter.positions
    assert needed > 1000
    solver.clear_caches()
    assert solve(empty, budget=needed) == 0
    solver.clear_caches()
    with pytest.raises(BudgetExceeded, match=f"after searching {needed - 1:,} positions"):
        solve(empty, budget=needed - 1)


def test_a_question_cut_short_leaves_only_true_facts_behind() -> None:
    """What the solver stored before its budget ran out is kept, and must still be right."""
    rng = random.Random(13)
    solver.clear_caches()
    checked = 0
    while checked < 8:
        state = State.new(4, 4, 3)
        while not state.is_terminal and len(state.legal_moves()) > 10:
            state = state.play(rng.choice(state.legal_moves()))
        if state.is_terminal:
            continue
        for budget in (5, 20, 80):
            with contextlib.suppress(BudgetExceeded):
                best_moves(state, budget=budget)
        assert outcome(state, budget=None) == oracle.outcome(state), state
        assert best_moves(state, budget=None) == oracle.best_moves(state), state
        checked += 1


def test_the_solver_forgets_what_it_learnt_past_its_memory_ceiling(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    solver.clear_caches()
    assert prove(4, 5, 4) == 0
    learnt = solver._solver(4, 5, 4).remembered()
    assert learnt > 1000
    assert prove(4, 5, 4) == 0  # below the ceiling: answered from what it knows
    assert solver._solver(4, 5, 4).remembered() == learnt
    monkeypatch.setattr(solver, "MAX_REMEMBERED", learnt - 1)
    assert solve(State.new(3, 3, 3)) == 0  # past it: the next question starts afresh
    assert solver._solver(4, 5, 4).remembered() == 0
    assert solver._solver(3, 3, 3).remembered() == 5478


def test_the_default_budget_fits_the_lessons_biggest_question() -> None:
    solver.clear_caches()
    assert (prove(4, 5, 4), prove(5, 4, 4)) == (0, 0)
