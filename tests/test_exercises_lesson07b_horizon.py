"""The checks of Lesson 7b (the horizon, and where to spend the search): the forced moves of the
threat extension, and a position that shows the horizon effect. Each fails its starter, passes
the solution and fails plausible wrong answers."""

from __future__ import annotations

import random

import pytest

from tictac import State, open_lines, solve
from tictac.exercises import check_extension, check_horizon, horizon_choices
from tictac.exercises.lesson07_depth_limited import decided, random_positions
from tictac.exercises.lesson07b_horizon import (
    EXTENSION_DEPTHS,
    EXTENSION_POSITIONS,
    HORIZON_POSITION,
    LONG_FORCED_LINES,
)
from tictac.game.state import other
from tictac.players.rules import completing_moves
from tictac.search.threats import MAX_EXTENSION, extended_value, forced_moves

# -- exercise 1: the threat extension by hand -------------------------------------------------


def starter(state: State, depth: int, ply: int = 0) -> float:
    """The lesson's starter: depth-limited minimax without the extension."""
    if state.is_terminal:
        return decided(state, ply)
    if ply == depth:
        return open_lines(state, ply)
    values = [starter(state.play(move), depth, ply + 1) for move in state.legal_moves()]
    return max(values) if state.turn == "X" else min(values)


def solution(state: State, depth: int, ply: int = 0, *, limit: int = 8) -> float:
    """The solutions notebook's: past the horizon, only wins or else blocks (Lesson 2's
    completing moves), at most `limit` plies further."""
    if state.is_terminal:
        return decided(state, ply)
    moves = state.legal_moves()
    if ply >= depth:
        mine, theirs = (completing_moves(state, mark) for mark in (state.turn, other(state.turn)))
        moves = mine or theirs
        if not moves or ply == depth + limit:
            return open_lines(state, ply)
    values = [solution(state.play(m), depth, ply + 1, limit=limit) for m in moves]
    return max(values) if state.turn == "X" else min(values)


def test_the_extension_starter_fails_and_the_solution_passes() -> None:
    report = check_extension(starter)
    assert not report.passed and report.mismatches
    assert 'data-check="failed"' in report._repr_html_()
    assert report.revealed() is None  # no answer before the student has one
    passed = check_extension(solution)
    assert passed.passed, passed.summary()
    assert "def extended_value" in passed._repr_html_()
    assert 'data-check="passed"' in passed._repr_html_()


@pytest.mark.parametrize(
    "wrong",
    [
        lambda state, depth: solution(state, depth, limit=0),  # no extension at all
        lambda state, depth: solution(state, depth, limit=1),  # stops one ply past the horizon
        lambda state, depth: starter(state, depth - 1) if depth > 1 else starter(state, depth),
    ],
    ids=["no extension", "one ply of extension", "a ply short"],
)
def test_wrong_extensions_fail(wrong: object) -> None:
    assert not check_extension(wrong).passed


def longest_forced_line(state: State) -> int:
    """The most plies a line of forced moves from `state` runs (0 when it is quiet)."""
    return max((1 + longest_forced_line(state.play(m)) for m in forced_moves(state)), default=0)


def test_the_long_forced_lines_are_where_the_bound_binds() -> None:
    """On the check's 4x4 positions the 8-ply bound never changes a value; on its two 5x5
    positions a forced line runs past it, one move deep, and the bound changes the value."""
    random_4x4 = random_positions(State.new(4, 4, 4), EXTENSION_POSITIONS, marks=(5, 12), seed=0)
    for state in random_4x4:
        for depth in EXTENSION_DEPTHS:
            assert extended_value(state, depth, open_lines, decided) == extended_value(
                state, depth, open_lines, decided, max_extension=16
            )
    for state in LONG_FORCED_LINES:
        assert (state.rows, state.cols, state.k) == (5, 5, 4) and not state.is_terminal
        assert state.cells.count("X") == state.cells.count("O")  # X to move, a legal position
        assert max(longest_forced_line(state.play(m)) for m in state.legal_moves()) > MAX_EXTENSION
        bounded, unbounded = (
            extended_value(state, 1, open_lines, decided, max_extension=limit)
            for limit in (MAX_EXTENSION, 25)
        )
        assert bounded != unbounded


def unbounded(state: State, depth: int, ply: int = 0) -> float:
    """The threat extension without the 8-ply bound the text asks for: every line of forced
    moves is played out to its end."""
    if state.is_terminal:
        return decided(state, ply)
    moves = state.legal_moves()
    if ply >= depth:
        moves = forced_moves(state)
        if not moves:
            return open_lines(state, ply)
    values = [unbounded(state.play(m), depth, ply + 1) for m in moves]
    return max(values) if state.turn == "X" else min(values)


@pytest.mark.parametrize(
    "wrong",
    [
        unbounded,
        lambda state, depth: solution(state, depth, limit=7),
        lambda state, depth: solution(state, depth, limit=9),
    ],
    ids=["no bound", "7 plies", "9 plies"],
)
def test_an_extension_without_the_8_ply_bound_fails(wrong: object) -> None:
    """The text asks for at most 8 plies past the depth limit: no bound, or another, fails on
    the 5x5 positions (only there), with a hint at the bound."""
    report = check_extension(wrong)
    assert not report.passed
    assert {m.state for m in report.mismatches} == set(LONG_FORCED_LINES)
    assert f"does your extension stop {MAX_EXTENSION} plies past it?" in report.summary()
    assert 'data-check="failed"' in report._repr_html_()
    assert "does your extension stop" not in check_extension(starter).summary()


def test_every_legal_move_past_the_horizon_is_not_the_extension() -> None:
    """Searching every move while a threat is pending (not only the forced ones) differs."""

    def too_wide(state: State, depth: int, ply: int = 0) -> float:
        if state.is_terminal:
            return decided(state, ply)
        pending = forced_moves(state)
        if ply >= depth and (not pending or ply == depth + 1):  # one ply: wide gets costly
            return open_lines(state, ply)
        values = [too_wide(state.play(m), depth, ply + 1) for m in state.legal_moves()]
        return max(values) if state.turn == "X" else min(values)

    report = check_extension(too_wide)
    assert not report.passed
    limited = check_extension(lambda state, depth: solution(state, depth, limit=1))
    assert {m.state for m in report.mismatches} != {m.state for m in limited.mismatches}


def test_an_extension_that_raises_is_reported() -> None:
    def broken(state: State, depth: int) -> float:
        raise KeyError("oops")

    assert "KeyError" in check_extension(broken).summary()


# -- exercise 2: the horizon effect -----------------------------------------------------------


def test_the_lessons_position_shows_the_horizon_effect() -> None:
    """What the lesson says: O to move; only 0 holds the draw; depth 2 plays 12."""
    position = HORIZON_POSITION
    assert position.turn == "O" and solve(position) == 0
    drawing = [m for m in position.legal_moves() if solve(position.play(m)) == 0]
    assert drawing == [0]
    assert horizon_choices(position) == (12,)
    assert horizon_choices(position, extend_threats=True) == (0,)
    assert not forced_moves(position)  # a quiet position: nothing forced at the root


def test_the_horizon_starter_and_the_lessons_position_fail() -> None:
    starter = check_horizon(State.new(4, 4, 4))
    assert not starter.passed
    assert "does not walk into a loss" in str(starter)
    assert 'data-check="failed"' in starter._repr_html_()
    for image in HORIZON_POSITION.symmetries():
        assert "the lesson's position" in str(check_horizon(image))


def find_horizon_position(seed: int) -> State:
    """What the solutions notebook does: random positions, tested like the check does."""
    rng = random.Random(seed)
    while True:
        state = State.new(4, 4, 4)
        for _ in range(rng.randrange(6, 10)):
            if state.is_terminal:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if check_horizon(state).passed:
            return state


def test_other_horizon_positions_pass() -> None:
    for position in (find_horizon_position(seed) for seed in (7, 3)):
        check = check_horizon(position)
        assert check.passed and "Well done!" in str(check)
        assert 'data-check="passed"' in check._repr_html_()
        sign = 1 if position.turn == "X" else -1
        for move in check.plain:  # the search's choice loses, the extension's does not
            assert sign * solve(position.play(move)) < 0
        for move in check.extended:
            assert sign * solve(position.play(move)) >= 0


@pytest.mark.parametrize(
    ("position", "problem"),
    [
        (State.parse("XXXX/OOO./..../....", k=4), "the game is over"),
        (State.parse("OOO./OXX./OXX./...X", k=4), "every move loses for X"),
        (State.new(), "4x4 with four in a row"),
        (State.new(4, 4, 3), "4x4 with four in a row"),
        ("..../..../..../....", "a position is a State"),
    ],
)
def test_the_horizon_check_says_what_is_missing(position: State, problem: str) -> None:
    check = check_horizon(position)
    assert not check.passed and problem in str(check)
    assert 'data-check="failed"' in check._repr_html_()


def test_a_loss_the_extension_cannot_see_is_not_enough() -> None:
    """Depth 2 walks into a loss here too, and the extension may still play it: the loss
    does not come through a line of forced moves alone."""
    position = State.parse("..../O.XO/OXX./...X", k=4)
    assert position.turn == "O"
    assert [solve(position.play(move)) for move in horizon_choices(position)] == [1]
    extended = horizon_choices(position, extend_threats=True)
    assert any(solve(position.play(move)) == 1 for move in extended)
    check = check_horizon(position)
    assert not check.passed and "does not save it" in str(check)
