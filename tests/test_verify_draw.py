"""The defence written out by the prover (WinProof.defence) and its checker (verify_draw).

When the prover says "the attacker cannot win", its defence (the defender's replies and the
pairing certificates where it stops) must pass the checker, which tries every attacker move
with nothing but `State`'s rules and checks each certificate against the lines itself. The
checker must refuse a defence with a wrong reply, a missing reply, a pair that shares a cell,
or a certificate that leaves a line without a pair.
"""

from __future__ import annotations

import random

import pytest
from test_pns import random_positions

from tictac import State, solve
from tictac.game.state import Mark, other, winning_lines
from tictac.proving.pns import BALANCED, EXPECT_DRAW, Defence, Epsilon, prove_win
from tictac.proving.verify import verify_draw
from tictac.search.pairing import Pairing, never_loses


def defence_of(state: State, attacker: Mark, epsilon: Epsilon = BALANCED) -> Defence:
    proof = prove_win(state, attacker, budget=None, epsilon=epsilon)
    assert not proof.wins, (state, attacker)
    return proof.defence()


def check_defence(state: State, attacker: Mark, epsilon: Epsilon = BALANCED) -> Defence:
    """The defence of a position the attacker does not win passes the checker."""
    defence = defence_of(state, attacker, epsilon)
    verdict = verify_draw(state, *defence, attacker)
    assert verdict.ok, (state, attacker, verdict)
    return defence


@pytest.mark.parametrize("board", [(3, 3, 3), (4, 4, 4), (4, 5, 4)])
def test_the_defence_of_an_empty_board_verifies(board: tuple[int, int, int]) -> None:
    defence = check_defence(State.new(*board), "X")
    assert defence.replies and defence.certificates


@pytest.mark.parametrize("epsilon", [BALANCED, EXPECT_DRAW], ids=["balanced", "expect a draw"])
@pytest.mark.parametrize("board", [(3, 3, 3), (4, 4, 3), (4, 4, 4), (4, 5, 4)])
def test_the_defence_of_positions_in_play_verifies(
    board: tuple[int, int, int], epsilon: Epsilon
) -> None:
    """Every position (of 25 random ones) that the attacker does not win, for either player
    as the attacker, as `solve` says; the defence written after either kind of search."""
    checked = 0
    for state in random_positions(board, 25, seed=sum(board) + 19):
        value = solve(state, budget=None)
        for attacker, winning_value in (("X", 1), ("O", -1)):
            if value != winning_value:
                check_defence(state, attacker, epsilon)  # type: ignore[arg-type]
                checked += 1
    assert checked >= 25


@pytest.mark.slow
@pytest.mark.parametrize("epsilon", [BALANCED, EXPECT_DRAW], ids=["balanced", "expect a draw"])
@pytest.mark.parametrize("board", [(5, 5, 4), (6, 4, 4), (4, 6, 4)])
def test_the_defence_of_bigger_empty_boards_verifies(
    board: tuple[int, int, int], epsilon: Epsilon
) -> None:
    check_defence(State.new(*board), "X", epsilon)


@pytest.mark.slow
def test_every_certificate_holds_when_played_out() -> None:
    """The pairing theorem the checker trusts, tried by brute force: from each certificate's
    position on 4x4, the pairing player never lets X complete a line."""
    start = State.new(4, 4, 4)
    defence = defence_of(start, "X")
    for board, pairs in defence.certificates.items():
        position = State.from_cells(board, 4, 4, 4)
        trial = never_loses(Pairing(4, 4, 4, pairs), position, defender="O", budget=None)
        assert trial.holds, (board, pairs)


def test_a_finished_game_the_attacker_lost_needs_no_defence() -> None:
    lost = State.parse("XXX/OO./...")
    assert defence_of(lost, "O") == Defence({}, {})
    assert verify_draw(lost, {}, {}, "O").ok
    assert not verify_draw(lost, {}, {}, "X").ok


def test_the_defence_of_a_win_is_refused() -> None:
    with pytest.raises(ValueError, match="can force a win"):
        prove_win(State.new(4, 4, 3)).defence()


# -- broken defences -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def board_and_defence() -> tuple[State, Defence]:
    start = State.new(4, 5, 4)
    defence = check_defence(start, "X")
    return start, defence


def test_the_checker_refuses_every_defence_missing_a_reply(
    board_and_defence: tuple[State, Defence],
) -> None:
    start, (replies, certificates) = board_and_defence
    # The prover writes out only positions the checker meets, so each entry is needed.
    for board in random.Random(2).sample(sorted(replies), 20):
        broken = {b: m for b, m in replies.items() if b != board}
        verdict = verify_draw(start, broken, certificates, "X")
        assert not verdict.ok and verdict.problem.startswith("no reply given for O"), board


def test_the_checker_refuses_every_defence_missing_a_certificate(
    board_and_defence: tuple[State, Defence],
) -> None:
    start, (replies, certificates) = board_and_defence
    for board in random.Random(3).sample(sorted(certificates), 10):
        broken = {b: p for b, p in certificates.items() if b != board}
        verdict = verify_draw(start, replies, broken, "X")
        assert not verdict.ok, board  # with neither a reply nor a certificate there


def test_the_checker_refuses_a_reply_that_lets_x_complete_a_line() -> None:
    """Where O must block X's threat (in tic-tac-toe: on 4x5 X never gets to make one), any
    other reply loses at once; an occupied cell is illegal."""
    start = State.new()
    replies, certificates = check_defence(start, "X")
    lines = winning_lines(3, 3, 3)
    blocks = 0
    for board in sorted(replies):
        position = State.from_cells(board)
        threats = {
            cell
            for line in lines
            for cell in line
            if position.cells[cell] == "." and sum(position.cells[c] == "X" for c in line) == 2
        }
        if len(threats) != 1 or any(  # O cannot complete a line of its own instead
            sum(position.cells[c] == "O" for c in line) == 2
            and sum(position.cells[c] == "." for c in line) == 1
            for line in lines
        ):
            continue
        blocks += 1
        assert replies[board] in threats, board
        wrong = next(cell for cell in position.legal_moves() if cell not in threats)
        verdict = verify_draw(start, {**replies, board: wrong}, certificates, "X")
        assert not verdict.ok and verdict.problem.startswith("X completes a line"), board
        taken = position.cells.index("X")
        verdict = verify_draw(start, {**replies, board: taken}, certificates, "X")
        assert verdict.problem.startswith(f"{taken} is not a legal move"), board
    assert blocks >= 3


def test_the_checker_refuses_a_reply_that_loses(board_and_defence: tuple[State, Defence]) -> None:
    """On 4x5: a reply after which X can force a win (by `solve`) is refused, however the
    checker finds out (here: the defence has nothing written for what follows)."""
    start, (replies, certificates) = board_and_defence
    refused = 0
    for board in random.Random(4).sample(sorted(replies), 20):
        position = State.from_cells(board, 4, 5, 4)
        losing = [m for m in position.legal_moves() if solve(position.play(m), budget=None) == 1]
        if losing:
            verdict = verify_draw(start, {**replies, board: losing[0]}, certificates, "X")
            assert not verdict.ok, board
            refused += 1
    assert refused >= 3


def test_the_checker_refuses_bad_certificates(board_and_defence: tuple[State, Defence]) -> None:
    start, (replies, certificates) = board_and_defence
    lines = winning_lines(4, 5, 4)
    shared = missing = 0
    for board, pairs in sorted(certificates.items()):
        if len(pairs) < 2:
            continue
        # Two pairs sharing a cell: the first cell of the second pair moved into the first.
        (a, b), (_, d), *rest = pairs
        bad = [(a, b), (a, d), *rest]
        verdict = verify_draw(start, replies, {**certificates, board: bad}, "X")
        assert not verdict.ok and "in two pairs" in verdict.problem, board
        shared += 1
        # A pair left out: refused exactly when some line X could complete holds no pair.
        position = State.from_cells(board, 4, 5, 4)
        attacker, left = "X", position.cells.count(".")
        reach = (left + 1) // 2 if position.turn == attacker else left // 2
        for dropped in pairs:
            kept = [pair for pair in pairs if pair != dropped]
            open_line = any(
                other(attacker) not in [position.cells[c] for c in line]
                and sum(position.cells[c] == "." for c in line) <= reach
                and not any(set(pair) <= set(line) for pair in kept)
                for line in lines
            )
            verdict = verify_draw(start, replies, {**certificates, board: kept}, "X")
            assert verdict.ok is not open_line, (board, dropped)
            assert not open_line or "holds no pair" in verdict.problem
            missing += open_line
        if shared >= 5 and missing >= 5:
            break
    assert shared >= 5 and missing >= 5


def test_the_checker_refuses_pairs_on_taken_or_missing_cells() -> None:
    start = State.parse("XX./.O./...")
    replies = {"XX..O....": 2}
    for bad in ([(3, 6), (7, 8), (0, 5)], [(3, 6), (7, 9)], [(3, 3), (7, 8)], [(3, 6, 7)]):
        verdict = verify_draw(start, replies, {"XXO.O....": bad}, "X")
        assert "is not two empty cells" in verdict.problem, bad
    # No pairs at all is fine only where X has no line left to complete.
    assert "holds no pair" in verify_draw(start, replies, {"XXO.O....": []}, "X").problem
    assert verify_draw(State.parse("XOX/XOO/OX."), {}, {"XOXXOOOX.": []}, "X").ok


@pytest.mark.parametrize("board", [(4, 4, 4), (4, 5, 4), (3, 3, 3)])
def test_a_defence_written_up_to_symmetry_verifies_and_is_smaller(
    board: tuple[int, int, int],
) -> None:
    """One mirror image of each position: the checker turns each position into that image."""
    state = State.new(*board)
    proof = prove_win(state, "X", budget=None, epsilon=EXPECT_DRAW)
    whole, folded = proof.defence(), proof.defence(up_to_symmetry=True)
    verdict = verify_draw(state, *folded, up_to_symmetry=True)
    assert verdict.ok, verdict
    assert len(folded.replies) + len(folded.certificates) < len(whole.replies) + len(
        whole.certificates
    )
    assert verdict.positions < verify_draw(state, *whole).positions
    # Without the turning, the folded defence leaves positions without a reply.
    assert not verify_draw(state, *folded).ok


def test_a_wrong_reply_in_a_defence_written_up_to_symmetry_is_found() -> None:
    state = State.new(4, 5, 4)
    replies, certificates = prove_win(state, "X", budget=None).defence(up_to_symmetry=True)
    board, reply = next(iter(replies.items()))
    taken = next(cell for cell, mark in enumerate(board) if mark != ".")
    spoiled = {**replies, board: taken}
    verdict = verify_draw(state, spoiled, certificates, up_to_symmetry=True)
    assert not verdict.ok and "not a legal move" in verdict.problem
    assert reply != taken
