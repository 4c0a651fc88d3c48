"""The win prover (tictac/proving/pns.py) and the strategy checker (tictac/proving/verify.py).

The prover must say "the attacker wins" exactly when the solver's value says so, for either
player as the attacker, and every win it claims must come with a strategy that the checker,
which tries every reply with nothing but `State`'s rules, accepts. The checker must refuse
strategies that do not win.
"""

from __future__ import annotations

import random

import pytest

from tictac import State, reachable_states, solve
from tictac.players.rules import completing_moves
from tictac.proving import pns
from tictac.proving.pns import (
    BALANCED,
    EXPECT_DRAW,
    EXPECT_WIN,
    PAIRING_TESTS,
    Epsilon,
    _Search,
    prove_win,
)
from tictac.proving.verify import verify_win
from tictac.search.budget import BudgetExceeded, meter
from tictac.search.pairing import shared_pairs

SMALL_BOARDS = [(3, 3, 3), (3, 4, 3), (4, 4, 3), (3, 5, 3), (4, 4, 4), (4, 5, 4), (3, 6, 3)]


def random_positions(
    board: tuple[int, int, int], count: int, seed: int, fewest: int = 2, most: int = 0
) -> list[State]:
    """Positions of random games on `board` (not finished), from `fewest` marks to `most`
    (by default: all but two cells)."""
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = State.new(*board)
        for _ in range(rng.randint(fewest, most or state.rows * state.cols - 2)):
            state = state.play(rng.choice(state.legal_moves()))
            if state.is_terminal:
                break
        if not state.is_terminal:
            found.append(state)
    return found


def check_against_solve(state: State, epsilon: Epsilon = BALANCED) -> int:
    """Both players as the attacker: the prover agrees with `solve`, and its wins verify.
    Returns the value."""
    value = solve(state, budget=None)
    for attacker, winning_value in (("X", 1), ("O", -1)):
        proof = prove_win(state, attacker, budget=None, epsilon=epsilon)
        assert proof.wins == (value == winning_value), (state, attacker)
        if proof.wins:
            verdict = verify_win(state, proof.strategy(), attacker)
            assert verdict.ok, (state, attacker, verdict)
    return value


@pytest.mark.parametrize("board", SMALL_BOARDS)
def test_empty_boards_match_solve(board: tuple[int, int, int]) -> None:
    check_against_solve(State.new(*board))


SETTINGS = {"balanced": BALANCED, "expect a win": EXPECT_WIN, "expect a draw": EXPECT_DRAW}


@pytest.mark.parametrize("setting", SETTINGS)
@pytest.mark.parametrize("board", [(4, 4, 3), (3, 5, 3), (4, 4, 4), (4, 5, 4)])
def test_positions_in_play_match_solve(board: tuple[int, int, int], setting: str) -> None:
    """Whatever the epsilon, the same answers: it changes only the work."""
    positions = random_positions(board, 25, seed=sum(board))
    values = [check_against_solve(state, SETTINGS[setting]) for state in positions]
    assert len(set(values)) > 1  # not all of one kind


@pytest.mark.slow
def test_the_settings_change_the_work_as_their_docstrings_say() -> None:
    """The counts quoted for 5x5 with four in a row (a draw): fewer positions expecting one,
    with either pairing test (see EXPECT_DRAW and PAIRING_TESTS)."""
    five = State.new(5, 5, 4)
    counts = {}
    for pairing in PAIRING_TESTS:
        balanced = prove_win(five, budget=None, pairing=pairing)
        draw = prove_win(five, budget=None, epsilon=EXPECT_DRAW, pairing=pairing)
        assert not balanced.wins and not draw.wins
        counts[pairing] = (balanced.positions, draw.positions)
    assert counts == {"search": (6_185, 1_636), "lines": (5_931, 1_632)}


@pytest.mark.parametrize(
    "epsilon", [(0.25,), (0.25, -1.0), ("a", 1.0), (0.25, 1e9), 0.25, (0.25, float("nan"))]
)
def test_a_bad_epsilon_is_refused(epsilon: object) -> None:
    with pytest.raises(ValueError, match="epsilon=Epsilon"):
        prove_win(State.new(), epsilon=epsilon)  # type: ignore[arg-type]


@pytest.mark.slow
@pytest.mark.parametrize("board", [(5, 5, 4), (6, 5, 4), (4, 7, 4)])
def test_positions_in_play_on_bigger_boards_match_solve(board: tuple[int, int, int]) -> None:
    positions = random_positions(board, 8, seed=sum(board), fewest=6, most=10)
    values = [check_against_solve(state) for state in positions]
    assert len(set(values)) > 1  # not all of one kind


@pytest.mark.slow
def test_every_tic_tac_toe_position_matches_solve() -> None:
    for state in reachable_states():
        check_against_solve(state)


def test_a_finished_game_needs_no_search() -> None:
    won = State.parse("XXX/OO./...")
    assert prove_win(won, "X").wins and not prove_win(won, "O").wins
    assert prove_win(won, "X").strategy() == {}
    assert verify_win(won, {}, "X").ok


def test_strategy_of_a_loss_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot force a win"):
        prove_win(State.new()).strategy()


def test_the_checker_refuses_every_strategy_missing_a_move() -> None:
    start = State.new(3, 4, 3)
    strategy = prove_win(start).strategy()
    assert verify_win(start, strategy).ok
    # The prover writes out only positions the checker meets, so each entry is needed.
    for board in random.Random(1).sample(sorted(strategy), 20):
        broken = {b: m for b, m in strategy.items() if b != board}
        verdict = verify_win(start, broken)
        assert not verdict.ok and verdict.problem.startswith("no move given"), board


def test_the_checker_refuses_a_strategy_that_draws_or_loses() -> None:
    start = State.parse("XO./XO./...")  # X to move: 6 wins, anything else lets O win
    assert verify_win(start, {"XO.XO....": 6}).ok
    assert "O can complete a line" in verify_win(start, {"XO.XO....": 8}).problem
    assert "not a legal move" in verify_win(start, {"XO.XO....": 0}).problem
    last = State.parse("XOX/XOO/OX.")  # X's last move fills the board: a draw
    assert not prove_win(last).wins
    assert verify_win(last, {"XOXXOOOX.": 8}).problem == "a draw at XOX/XOO/OXX"


def test_bad_input_is_refused() -> None:
    with pytest.raises(TypeError, match="needs a tictac State"):
        prove_win("XX./OO./...")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="attacker 'X' or 'O'"):
        prove_win(State.new(), "x")  # type: ignore[arg-type]


def test_the_budget_stops_a_long_proof() -> None:
    with pytest.raises(BudgetExceeded):
        prove_win(State.new(6, 5, 4), budget=50)


@pytest.mark.parametrize("board", [(4, 5, 4), (4, 6, 4)])
@pytest.mark.slow
def test_every_reply_the_prover_leaves_out_loses(board: tuple[int, int, int]) -> None:
    """Where the prover narrows the defender's replies (double threats, one step deeper),
    `solve` confirms that each reply left out loses to the attacker."""
    narrowed = deeper = 0
    for state in random_positions(board, 300, seed=7, fewest=5, most=11):
        if state.turn != "O" or completing_moves(state, "X") or completing_moves(state, "O"):
            continue
        search = _Search(state, "X", meter(None, state, "test"))
        me, opp, _ = search.root
        zone = search.replies(me, opp, search.full ^ (me | opp))
        if zone == -1:
            continue
        narrowed += 1
        twos, _ = search.two_cell_lines(me, opp, search.full ^ (me | opp))
        deeper += search.double_threat_zone(search.partners(twos)) == -1
        for move in state.legal_moves():
            if not zone >> move & 1:
                assert solve(state.play(move), budget=None) == 1, (state, move)
    assert narrowed >= 10 and deeper >= 1, (narrowed, deeper)


@pytest.mark.parametrize("board", [(4, 5, 4), (4, 6, 4), (5, 5, 4)])
@pytest.mark.slow
def test_every_threat_sequence_found_wins(board: tuple[int, int, int]) -> None:
    """Where the threat-sequence search (no defender reply but the forced block) says the
    player to move wins, `solve` agrees; and it finds sequences of more than one move."""
    found = longer = 0
    for state in random_positions(board, 300, seed=11, fewest=4, most=12):
        if completing_moves(state, state.turn):
            continue
        search = _Search(state, state.turn, meter(None, state, "test"))
        me, opp, _ = search.root
        empty = search.full ^ (me | opp)
        threats = 0
        for move in completing_moves(state, "O" if state.turn == "X" else "X"):
            threats |= 1 << move
        sequence = search.vcf(me, opp, empty, threats)
        if sequence:
            found += 1
            longer += len(sequence) > 1
            assert solve(state, budget=None) == (1 if state.turn == "X" else -1), state
    assert found >= 10 and longer >= 3, (found, longer)


def defender_threats(search: _Search, attacker: int, defender: int) -> int:
    """The cells that would complete a line of the defender's (a bit mask)."""
    threats = 0
    for line in search.lines:
        need = line & ~defender
        if not line & attacker and need.bit_count() == 1:
            threats |= need
    return threats


@pytest.mark.parametrize("pairing", PAIRING_TESTS)
@pytest.mark.parametrize(("board", "setting"), [((6, 5, 4), EXPECT_WIN), ((5, 5, 4), EXPECT_DRAW)])
def test_what_a_proof_remembers_as_hopeless_is_hopeless(
    board: tuple[int, int, int], setting: Epsilon, pairing: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The threat-sequence search and the pairing search remember where they found nothing,
    for every later search, but only where they went to the end. With tiny efforts, so that
    many searches are cut short, every position remembered as having no threat sequence has
    none (a search with no limit finds none), and every set of lines remembered as having
    no pairs has none (the pairing search with no limit); every pairing remembered is one."""
    monkeypatch.setattr(pns, "VCF_EFFORT", 3)
    monkeypatch.setattr(pns, "QUICK_PAIRING_EFFORT", 2)
    monkeypatch.setattr(pns, "QUICK_LINES_EFFORT", 1)
    state = State.new(*board)
    search = _Search(state, "X", meter(None, state, "test"), setting, pairing)
    search.prove(*search.root)
    monkeypatch.setattr(pns, "VCF_EFFORT", 10**9)
    fresh = _Search(state, "X", meter(None, state, "test"))
    for key in search.no_vcf:
        fresh.no_vcf.clear()  # each check on its own: nothing remembered from the last one
        attacker, defender = key >> search.n, key & search.full
        empty = search.full ^ (attacker | defender)
        threats = defender_threats(search, attacker, defender)
        assert not fresh.vcf(attacker, defender, empty, threats), (bin(attacker), bin(defender))
    hopeless = paired = 0
    for key, known in search.pairings.items():
        which, covered = key >> search.n, key & search.full
        needs = [line & covered for i, line in enumerate(search.lines) if which >> i & 1]
        if isinstance(known, list):
            paired += 1
            assert all(any(need & pair == pair for pair in known) for need in needs), needs
            assert sum(known).bit_count() == 2 * len(known), known
        elif known == pns.INFINITY:
            hopeless += 1
            assert shared_pairs(needs, effort=None) is None, needs
    assert len(search.no_vcf) > 50 and hopeless > 50, (len(search.no_vcf), hopeless, paired)


@pytest.mark.parametrize("board", [(4, 4, 3), (5, 6, 4), (3, 5, 3)])
@pytest.mark.slow
def test_a_strategy_written_up_to_symmetry_verifies_and_is_smaller(
    board: tuple[int, int, int],
) -> None:
    state = State.new(*board)
    proof = prove_win(state, budget=None)
    whole, folded = proof.strategy(), proof.strategy(up_to_symmetry=True)
    assert len(folded) < len(whole)
    assert verify_win(state, folded, up_to_symmetry=True).ok
    assert not verify_win(state, folded).ok  # without turning positions, moves are missing


@pytest.mark.parametrize("board", [(4, 5, 4), (5, 5, 4), (6, 6, 5)])
def test_every_move_a_refutation_zone_refutes_is_refuted(
    board: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each attacker move that a zone refutes without a search (see refute_outside_zone) is
    one the attacker cannot win after: a search without zones, from that position, agrees.
    From the empty board and from positions of random games, where some moves win."""
    refuted: list[State] = []
    original = _Search.refute_outside_zone

    def recording(search: _Search, me: int, opp: int, bit: int, children: list) -> bool:  # type: ignore[type-arg]
        before = {key for key, value in search.table.items() if value == (pns.INFINITY, 0)}
        found = original(search, me, opp, bit, children)
        for key, move, _, _ in children:
            if found and key not in before and search.table.get(key) == (pns.INFINITY, 0):
                x, o = (me | move, opp) if search.attacker_is_x else (opp, me | move)
                refuted.append(state_of(board, x, o))
        return found

    monkeypatch.setattr(_Search, "refute_outside_zone", recording)
    starts = [State.new(*board), *random_positions(board, 30, seed=34, most=8)]
    for state in starts:
        prove_win(state, budget=None, epsilon=EXPECT_DRAW)
    assert len(refuted) > 20
    for state in refuted:
        attacker = "O" if state.turn == "X" else "X"
        assert not prove_win(state, attacker, budget=None, epsilon=EXPECT_DRAW, zones=False).wins


def state_of(board: tuple[int, int, int], x: int, o: int) -> State:
    """The State with X's marks `x` and O's marks `o` (bitboards)."""
    rows, cols, k = board
    cells = ["X" if x >> i & 1 else "O" if o >> i & 1 else "." for i in range(rows * cols)]
    text = "/".join("".join(cells[r * cols : (r + 1) * cols]) for r in range(rows))
    return State.parse(text, k=k)


def test_zones_change_the_work_not_the_answer() -> None:
    five = State.new(5, 5, 4)
    with_zones = prove_win(five, budget=None, epsilon=EXPECT_DRAW)
    without = prove_win(five, budget=None, epsilon=EXPECT_DRAW, zones=False)
    assert not with_zones.wins and not without.wins
    assert (with_zones.positions, without.positions) == (1_632, 2_004)
