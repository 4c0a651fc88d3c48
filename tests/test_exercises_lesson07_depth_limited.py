"""The checks of Lesson 7 (when you cannot search to the end): a depth-limited search written
by hand, and weights shown better than open lines. Each fails its starter, passes the solution
and fails plausible wrong answers."""

from __future__ import annotations

import pytest

from tictac import State, open_lines, win_loss
from tictac.exercises import (
    GamesAgainstOpenLines,
    WeightsReport,
    check_depth_limited,
    check_heuristic,
    check_weights,
)
from tictac.exercises.lesson07_depth_limited import (
    LIMITED_POSITIONS,
    OPENINGS,
    decided,
    random_openings,
    random_positions,
)
from tictac.game.scoring import weighted
from tictac.search.engine import minimax

# -- exercise 1: a depth-limited search by hand -----------------------------------------------


def limited_starter(state: State, depth: int, ply: int = 0) -> float:
    """The lesson's starter: it guesses at once."""
    if state.is_terminal:
        return decided(state, ply)
    return open_lines(state, ply)


def limited_solution(
    state: State, depth: int, ply: int = 0, *, score: object = decided, short: int = 0
) -> float:
    """The solutions notebook's, with a wrong `score` or a horizon `short` plies early."""
    if state.is_terminal:
        return score(state, ply)  # type: ignore[operator, no-any-return]
    if ply >= depth - short:
        return open_lines(state, ply)
    values = [
        limited_solution(state.play(m), depth, ply + 1, score=score, short=short)
        for m in state.legal_moves()
    ]
    return max(values) if state.turn == "X" else min(values)


def test_the_depth_limited_starter_fails_with_a_hint_and_the_solution_passes() -> None:
    report = check_depth_limited(limited_starter)
    assert not report.passed and report.checked == LIMITED_POSITIONS
    assert "guess only at the horizon" in report.summary()
    assert 'data-check="failed"' in report._repr_html_()
    assert report.revealed() is None  # no answer before the student has one
    passed = check_depth_limited(limited_solution)
    assert passed.passed, passed.summary()
    assert "def depth_limited_value" in passed._repr_html_()
    assert 'data-check="passed"' in passed._repr_html_()
    assert passed.summary().endswith("Well done!")


def test_the_reference_is_the_engines_depth_limited_minimax() -> None:
    for state in random_positions(State.new(4, 4, 4), 40, marks=(5, 12), seed=1):
        for depth in (1, 2):
            found = minimax(state, depth=depth, heuristic=open_lines, score=decided).value
            assert limited_solution(state, depth) == found, state.text


@pytest.mark.parametrize(
    ("wrong", "hint"),
    [
        (lambda s, d: limited_solution(s, d, score=win_loss), "finished games with win_loss"),
        (lambda s, d: limited_solution(s, d, score=open_lines), "guesses on finished games"),
        (lambda s, d: limited_solution(s, d, short=1), "one move short of the horizon"),
        (lambda s, d: limited_solution(s, d, short=-1), "one move past the horizon"),
    ],
    ids=["a win worth 1", "guessing on finished games", "a ply short", "a ply too deep"],
)
def test_wrong_depth_limited_searches_fail_with_their_hint(wrong: object, hint: str) -> None:
    report = check_depth_limited(wrong)
    assert not report.passed and hint in report.summary()


def test_a_search_from_the_wrong_side_fails_without_a_hint() -> None:
    def wrong_side(state: State, depth: int, ply: int = 0) -> float:
        if state.is_terminal:
            return decided(state, ply)
        if ply == depth:
            return open_lines(state, ply)
        values = [wrong_side(state.play(m), depth, ply + 1) for m in state.legal_moves()]
        return min(values) if state.turn == "X" else max(values)

    report = check_depth_limited(wrong_side)
    assert not report.passed
    assert report.summary().endswith("positions differ from the reference.")


def test_a_depth_limited_search_that_raises_is_reported() -> None:
    def broken(state: State, depth: int) -> float:
        raise KeyError("oops")

    assert "KeyError" in check_depth_limited(broken).summary()


# -- exercise 2: weights --------------------------------------------------------------------

STARTER_WEIGHTS = {"open_1": 1, "open_2": 1, "open_3": 1}  # the lesson's starter: open lines
SOLUTION_WEIGHTS = {"open_1": 1, "open_2": 3, "open_3": 9}  # the solutions notebook's


def test_the_weights_starter_fails_with_a_hint() -> None:
    report = check_weights(STARTER_WEIGHTS)
    assert not report.passed
    assert report.played.games == 2 * OPENINGS
    assert "Every game was a draw" in report.summary()
    assert "which lines deserve more weight?" in report.summary()
    assert 'data-check="failed"' in report._repr_html_()


@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow), 2])
def test_the_solution_weights_are_shown_better_whatever_the_openings(seed: int) -> None:
    report = check_weights(SOLUTION_WEIGHTS, seed=seed)
    assert report.passed, report.summary()
    low, _ = report.played.interval
    assert low > 0.5 and report.played.wins > report.played.losses
    assert "Well done!" in report.summary()
    assert 'data-check="passed"' in report._repr_html_()


def test_weights_that_like_the_centre_only_are_worse() -> None:
    report = check_weights({"centre": 1})
    assert not report.passed
    assert report.played.losses > report.played.wins
    assert "does not show it better" in report.summary()


def test_open_lines_scaled_is_still_open_lines() -> None:
    report = check_weights({"open_1": 2, "open_2": 2, "open_3": 2, "open_4": 2}, seed=1)
    assert not report.passed and report.played.wins + report.played.losses < 10


def test_weights_refuse_names_that_are_not_features() -> None:
    with pytest.raises(ValueError, match="'lines' is not a feature"):
        check_weights({"lines": 1})
    with pytest.raises(ValueError, match="must be a finite number"):
        check_weights({"open_2": "a lot"})  # type: ignore[dict-item]


def test_the_weights_check_is_deterministic() -> None:
    first, second = check_weights(SOLUTION_WEIGHTS), check_weights(SOLUTION_WEIGHTS)
    assert first.played == second.played


def test_an_interval_needs_decided_games() -> None:
    report = WeightsReport({}, GamesAgainstOpenLines(games=10, draws=10))
    assert report.played.interval == (0.0, 1.0) and not report.passed


# -- check_heuristic: the same games for a heuristic function ---------------------------------


def weighted_lines(state: State, ply: int) -> float:
    """A heuristic function like the solution's weights, right about won games too."""
    if state.winner is not None:
        return 1000 if state.winner == "X" else -1000
    return weighted(SOLUTION_WEIGHTS)(state, ply)


def test_check_heuristic_plays_the_same_games_as_check_weights() -> None:
    report = check_heuristic(weighted_lines)
    assert report.passed and report.checked > 1000, report.summary()
    assert report.played == check_weights(SOLUTION_WEIGHTS).played
    assert "mirror images agree" in report.summary() and "Well done!" in report.summary()
    assert not check_heuristic(open_lines).passed


def test_check_heuristic_fails_before_any_game_on_broken_properties() -> None:
    def likes_the_top_left(state: State, ply: int) -> float:
        return weighted_lines(state, ply) + (state.cells[0] == "X")

    def zero_for_wins(state: State, ply: int) -> float:
        return 0 if state.winner else weighted_lines(state, ply)

    for broken in (likes_the_top_left, zero_for_wins):
        report = check_heuristic(broken)
        assert report.mismatches and report.played.games == 0 and not report.passed
        assert "differ from the reference" in report.summary()

    def raises(state: State, ply: int) -> float:
        raise KeyError("oops")

    assert "KeyError" in check_heuristic(raises).summary()


def test_openings_are_one_random_mark_each_and_seeded() -> None:
    openings = random_openings(State.new(4, 4, 4), 50, seed=3)
    assert openings == random_openings(State.new(4, 4, 4), 50, seed=3)
    assert all(o.cells.count("X") == o.cells.count("O") == 1 for o in openings)
    assert len(set(openings)) > 40  # 240 openings to draw from
