"""The checks of Lesson 4 (difficulty levels): each fails the lesson's starter, passes the worked
answer, and catches a plausible wrong answer."""

from __future__ import annotations

import random
from collections.abc import Callable

from tictac import State
from tictac.exercises import check_beatable_level, check_sensible_level, check_told_apart
from tictac.exercises.lesson04_difficulty_levels import BEATEN, TUNING_GAMES
from tictac.game.state import other
from tictac.play.levels import make_player
from tictac.players.rules import (
    Player,
    Rule,
    blend,
    completing_moves,
    optimal,
    random_move,
    tactical,
)
from tictac.players.tournament import MatchResult, play_match


def levelled(p: float) -> Rule:
    """The worked answer of exercise 1: win, else block a single threat, else blend."""
    mix: Callable[[State, random.Random], int] = blend(optimal(random_ties=True), random_move, p)

    def rule(state: State, rng: random.Random) -> int:
        wins = completing_moves(state, state.turn)
        if wins:
            return rng.choice(wins)
        blocks = completing_moves(state, other(state.turn))
        if len(blocks) == 1:
            return blocks[0]
        return mix(state, rng)

    return rule


def test_sensible_level_check() -> None:
    assert check_sensible_level(make_player("offensive")).passed
    assert check_sensible_level(optimal(random_ties=True)).passed
    assert not check_sensible_level(tactical(win=False, block=True)).passed  # misses wins
    assert not check_sensible_level(random_move).passed


def test_beatable_level_check_fails_the_starter_on_its_silly_moves() -> None:
    starter = check_beatable_level(blend(optimal(random_ties=True), random_move, 0.5))
    assert not starter.passed and starter.mismatches
    assert starter.games == 0  # no games are played for a level that looks silly
    assert "positions differ" in starter.summary()


def test_beatable_level_check_passes_the_worked_answer() -> None:
    report = check_beatable_level(levelled(0.6))
    assert report.passed, report.summary()
    assert report.games == TUNING_GAMES
    assert BEATEN[0] <= report.beaten / report.games <= BEATEN[1]
    assert check_beatable_level(Player("mine", levelled(0.6))).passed  # a player will do too


def test_beatable_level_check_fails_sensible_levels_that_are_too_easy_or_too_hard() -> None:
    too_easy = check_beatable_level(levelled(0.0))  # the offensive player itself: ~25% losses
    assert too_easy.sensible and not too_easy.passed
    assert "make it harder" in too_easy.summary()
    too_hard = check_beatable_level(levelled(1.0))  # the master whenever nothing is forced
    assert too_hard.sensible and not too_hard.passed
    assert too_hard.beaten == 0 and "make it easier" in too_hard.summary()


def test_beatable_level_check_enforces_the_bounds_of_its_aim() -> None:
    report = check_beatable_level(levelled(0.6))
    for beaten, inside in [(159, False), (160, True), (240, True), (241, False)]:
        report.beaten = beaten
        assert report.passed is inside, beaten


def test_told_apart_check_fails_the_starter_and_passes_the_worked_answer() -> None:
    def matches(games: int) -> tuple[MatchResult, MatchResult]:
        ours = play_match(make_player("offensive"), make_player("novice"), games=games, seed=3)
        tutorials = play_match(
            make_player("offensive"), make_player("novice", mistake="second"), games=games, seed=4
        )
        return ours, tutorials

    starter = check_told_apart(*matches(100), "offensive")
    assert not starter.passed and "overlap" in starter.summary()
    answer = check_told_apart(*matches(1000), "offensive")
    assert answer.passed, answer.summary()
    assert "wins more often against novice (first match)" in answer.summary()


def test_told_apart_check_fails_one_level_measured_twice_and_names_a_missing_player() -> None:
    a = play_match(make_player("offensive"), make_player("medium"), games=600, seed=1)
    b = play_match(make_player("offensive"), make_player("medium"), games=600, seed=2)
    assert not check_told_apart(a, b, "offensive").passed
    wrong_name = check_told_apart(a, b, "master")
    assert not wrong_name.passed
    assert "'master' did not play in the match offensive vs medium" in wrong_name.summary()
