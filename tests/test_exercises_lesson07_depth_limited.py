"""The checks of Lesson 7 (when you cannot search to the end): weights shown better than open
lines, the forced moves of the threat extension, and a position that shows the horizon effect.
Each fails its starter, passes the solution and fails plausible wrong answers."""

from __future__ import annotations

import random

import pytest

from tictac import State, solve
from tictac.exercises import check_forced_moves, check_horizon, check_weights
from tictac.exercises.lesson07_depth_limited import (
    HORIZON_POSITION,
    OPENINGS,
    WeightsReport,
    horizon_choices,
    random_openings,
)
from tictac.state import other, winning_lines
from tictac.threats import forced_moves

# -- exercise 1: weights --------------------------------------------------------------------

STARTER_WEIGHTS = {"open_1": 1, "open_2": 1, "open_3": 1}  # the lesson's starter: open lines
SOLUTION_WEIGHTS = {"open_1": 1, "open_2": 3, "open_3": 9}  # the solutions notebook's


def test_the_weights_starter_fails_with_a_hint() -> None:
    report = check_weights(STARTER_WEIGHTS)
    assert not report.passed
    assert report.games == 2 * OPENINGS
    assert "Every game was a draw" in report.summary()
    assert "which lines deserve more weight?" in report.summary()
    assert 'data-check="failed"' in report._repr_html_()


@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow), 2])
def test_the_solution_weights_are_shown_better_whatever_the_openings(seed: int) -> None:
    report = check_weights(SOLUTION_WEIGHTS, seed=seed)
    assert report.passed, report.summary()
    low, _ = report.interval
    assert low > 0.5 and report.wins > report.losses
    assert "Well done!" in report.summary()
    assert 'data-check="passed"' in report._repr_html_()


def test_weights_that_like_the_centre_only_are_worse() -> None:
    report = check_weights({"centre": 1})
    assert not report.passed
    assert report.losses > report.wins
    assert "does not show it better" in report.summary()


def test_open_lines_scaled_is_still_open_lines() -> None:
    report = check_weights({"open_1": 2, "open_2": 2, "open_3": 2, "open_4": 2}, seed=1)
    assert not report.passed and report.wins + report.losses < 10


def test_weights_refuse_names_that_are_not_features() -> None:
    with pytest.raises(ValueError, match="'lines' is not a feature"):
        check_weights({"lines": 1})
    with pytest.raises(ValueError, match="must be a finite number"):
        check_weights({"open_2": "a lot"})  # type: ignore[dict-item]


def test_the_weights_check_is_deterministic() -> None:
    first, second = check_weights(SOLUTION_WEIGHTS), check_weights(SOLUTION_WEIGHTS)
    assert (first.wins, first.draws, first.losses) == (second.wins, second.draws, second.losses)


def test_an_interval_needs_decided_games() -> None:
    report = WeightsReport({}, games=10, draws=10)
    assert report.interval == (0.0, 1.0) and not report.passed


def test_openings_are_one_random_mark_each_and_seeded() -> None:
    openings = random_openings(State.new(4, 4, 4), 50, seed=3)
    assert openings == random_openings(State.new(4, 4, 4), 50, seed=3)
    assert all(o.cells.count("X") == o.cells.count("O") == 1 for o in openings)
    assert len(set(openings)) > 40  # 240 openings to draw from


# -- exercise 2: forced moves -----------------------------------------------------------------


def brute_forced_moves(state: State) -> list[int]:
    """The definition, the long way: try each empty cell for each player."""
    if state.is_terminal:
        return []

    def completes(cell: int, player: str) -> bool:
        cells = list(state.cells)
        cells[cell] = player
        lines = winning_lines(state.rows, state.cols, state.k)
        return any(all(cells[i] == player for i in line) for line in lines)

    empty = [cell for cell, mark in enumerate(state.cells) if mark == "."]
    wins = [cell for cell in empty if completes(cell, state.turn)]
    return wins or [cell for cell in empty if completes(cell, other(state.turn))]


def test_the_forced_moves_starter_fails_and_the_reference_passes() -> None:
    starter = check_forced_moves(lambda state: [])  # the lesson's starter
    assert not starter.passed and starter.mismatches
    assert 'data-check="failed"' in starter._repr_html_()
    assert starter.revealed() is None  # no answer before the student has one
    solution = check_forced_moves(brute_forced_moves)
    assert solution.passed, solution.summary()
    assert solution.revealed() is not None
    assert "def forced_moves" in solution._repr_html_()


def test_forced_moves_accept_pairs_sets_and_any_order() -> None:
    def as_pairs(state: State) -> set[tuple[int, int]]:
        return {divmod(cell, state.cols) for cell in reversed(brute_forced_moves(state))}

    assert check_forced_moves(as_pairs).passed


@pytest.mark.parametrize(
    "wrong",
    [
        lambda s: [] if s.is_terminal else [c for c in range(len(s.cells)) if s.cells[c] == "."],
        lambda s: brute_forced_moves(s)[:1],  # one block is not all the forced moves
        lambda s: brute_forced_moves(s.play(s.legal_moves()[0])) if s.legal_moves() else [],
    ],
    ids=["every move", "only the first", "the next position's"],
)
def test_wrong_forced_moves_fail(wrong: object) -> None:
    assert not check_forced_moves(wrong).passed


def test_forced_moves_that_raise_or_answer_nonsense_are_reported() -> None:
    def broken(state: State) -> list[int]:
        raise KeyError("oops")

    assert "KeyError" in check_forced_moves(broken).summary()
    nonsense = check_forced_moves(lambda state: 7)
    assert not nonsense.passed and nonsense.mismatches[0].got == 7


# -- exercise 3: the horizon effect -----------------------------------------------------------


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


def find_horizon_positions(count: int, seed: int) -> list[State]:
    """What the solutions notebook does: random positions, tested like the check does."""
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = State.new(4, 4, 4)
        for _ in range(rng.randrange(6, 10)):
            if state.is_terminal:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if check_horizon(state).passed:
            found.append(state)
    return found


def test_other_horizon_positions_pass() -> None:
    for position in find_horizon_positions(2, seed=1):
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
