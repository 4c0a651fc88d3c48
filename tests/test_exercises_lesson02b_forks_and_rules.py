"""The checks of Lesson 2b (forks and the eight rules): right answers pass, typical wrong ones
are caught.

Also how every rule check treats the rule: players and ``(row, col)`` answers are accepted,
an error is reported rather than raised.
"""

from __future__ import annotations

import random

from tictac import State
from tictac.exercises import OneOf, check_centre_rule, check_fork_rule, fork_moves
from tictac.game.state import other
from tictac.players.rules import Player, completing_moves, tactical


def _fork_rule(state: State, rng: random.Random) -> int:
    forced = completing_moves(state, state.turn) or completing_moves(state, other(state.turn))
    return rng.choice(forced or list(fork_moves(state)) or list(state.legal_moves()))


def test_fork_moves_finds_the_block_that_forks() -> None:
    state = State.parse("X.O/.O./..X")  # O threatens 2-4-6; X's block at 6 threatens 3 and 7
    assert fork_moves(state) == (6,)
    assert fork_moves(State.new()) == ()


def test_fork_rule_check_passes_a_fork_rule_and_fails_the_offensive_one() -> None:
    assert check_fork_rule(_fork_rule).passed
    report = check_fork_rule(tactical(win=True, block=True))
    assert not report.passed
    assert all(isinstance(m.expected, OneOf) for m in report.mismatches)
    assert report.checked == 4520


def test_rule_checks_accept_players_and_row_col_pairs() -> None:
    def as_pair(state: State, rng: random.Random) -> tuple[int, int]:
        move = _fork_rule(state, rng)
        return divmod(move, 3)

    assert check_fork_rule(as_pair).passed
    assert check_fork_rule(Player("forker", _fork_rule, seed=1)).passed


def test_rule_check_reports_an_error_instead_of_crashing() -> None:
    def broken(state: State, rng: random.Random) -> int:
        raise KeyError("oops")

    report = check_fork_rule(broken)
    assert not report.passed and report.error is not None and "KeyError" in report.error


def test_centre_rule_check() -> None:
    def centre_rule(state: State, rng: random.Random) -> int:
        forced = completing_moves(state, state.turn) or completing_moves(state, other(state.turn))
        if forced:
            return rng.choice(forced)
        return 4 if 4 in state.legal_moves() else rng.choice(state.legal_moves())

    assert check_centre_rule(centre_rule).passed
    assert not check_centre_rule(tactical(win=True, block=True)).passed


# --- each check fails its starter and plausible wrong answers, and passes the solution -------


def _offensive(state: State, rng: random.Random) -> int:  # the starters of exercises 1 and 2
    forced = completing_moves(state, state.turn) or completing_moves(state, other(state.turn))
    return rng.choice(forced or list(state.legal_moves()))


def test_centre_rule_check_fails_the_starter_and_a_centre_taken_before_the_block() -> None:
    def centre_too_early(state: State, rng: random.Random) -> int:
        if 4 in state.legal_moves():
            return 4
        return _offensive(state, rng)

    assert not check_centre_rule(_offensive).passed
    report = check_centre_rule(centre_too_early)
    assert not report.passed and report.checked == 4520


def test_fork_rule_check_fails_the_starter_and_a_fork_that_comes_before_the_block() -> None:
    def fork_first(state: State, rng: random.Random) -> int:
        wins = completing_moves(state, state.turn)
        forks = fork_moves(state)
        return rng.choice(wins or list(forks) or [_offensive(state, rng)])

    def any_threat(state: State, rng: random.Random) -> int:  # one threat is not a fork
        forced = completing_moves(state, state.turn) or completing_moves(state, other(state.turn))
        me = state.turn
        threats = [m for m in state.legal_moves() if completing_moves(state.play(m), me)]
        return rng.choice(forced or threats or list(state.legal_moves()))

    def wrong_player(state: State, rng: random.Random) -> int:  # looks at the opponent's threats
        forced = completing_moves(state, state.turn) or completing_moves(state, other(state.turn))
        you = other(state.turn)
        forks = [m for m in state.legal_moves() if len(completing_moves(state.play(m), you)) >= 2]
        return rng.choice(forced or forks or list(state.legal_moves()))

    assert not check_fork_rule(_offensive).passed
    assert not check_fork_rule(fork_first).passed
    assert not check_fork_rule(any_threat).passed
    assert not check_fork_rule(wrong_player).passed
    assert check_fork_rule(_fork_rule).passed
