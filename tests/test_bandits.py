"""Bandits and UCB1 (tictac.search.bandits): the rule, worked out independently, and the regret it
pays, added up independently."""

from __future__ import annotations

import math
import random

import pytest

from tictac.search.bandits import (
    UCB1_EXPLORATION,
    Bandit,
    mean_regret,
    play_bandit,
    ucb1_choice,
)


def test_the_exploration_constant_is_the_papers() -> None:
    assert round(UCB1_EXPLORATION**2, 12) == 2


@pytest.mark.parametrize(
    ("probabilities", "error", "message"),
    [
        ((0.5,), ValueError, "two arms or more"),
        ((0.5, -0.1), ValueError, "from 0 to 1"),
        ((0.5, True), ValueError, "from 0 to 1"),
        ("0.5", TypeError, "probabilities"),
    ],
)
def test_a_bad_bandit_is_refused(probabilities: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        Bandit(probabilities)  # type: ignore[arg-type]


def test_a_random_bandit_is_seeded_and_rounded() -> None:
    bandit = Bandit.random(5, seed=3)
    assert bandit == Bandit.random(5, seed=3) != Bandit.random(5, seed=4)
    assert all(round(p, 2) == p and 0 <= p <= 1 for p in bandit.probabilities)
    with pytest.raises(ValueError, match="2 or more"):
        Bandit.random(1)


def test_pulling_pays_with_the_arms_probability() -> None:
    bandit = Bandit((0.0, 1.0, 0.3))
    rng = random.Random(0)
    assert {bandit.pull(0, rng) for _ in range(50)} == {0}
    assert {bandit.pull(1, rng) for _ in range(50)} == {1}
    share = sum(bandit.pull(2, rng) for _ in range(10_000)) / 10_000
    assert 0.28 < share < 0.32


def by_hand(pulls: list[int], wins: list[float], c: float) -> int:
    """UCB1 written out again: an unpulled arm first, else the largest bound (first of equal)."""
    for arm, n in enumerate(pulls):
        if n == 0:
            return arm
    total = sum(pulls)
    best, best_bound = 0, -math.inf
    for arm, (n, w) in enumerate(zip(pulls, wins)):
        bound = w / n + c * (math.log(total) / n) ** 0.5
        if bound > best_bound:
            best, best_bound = arm, bound
    return best


def test_ucb1_agrees_with_the_rule_worked_out_by_hand() -> None:
    rng = random.Random(1)
    for _ in range(2000):
        arms = rng.randint(2, 6)
        pulls = [rng.randint(0 if rng.random() < 0.1 else 1, 40) for _ in range(arms)]
        wins = [rng.randint(0, 2 * n) / 2 for n in pulls]
        c = rng.choice([0.0, 0.3, 1.0, UCB1_EXPLORATION, 3.0])
        assert ucb1_choice(pulls, wins, c) == by_hand(pulls, wins, c)


def test_ucb1_pulls_an_unpulled_arm_first_and_breaks_ties_by_order() -> None:
    assert ucb1_choice([5, 0, 0], [5, 0, 0]) == 1
    assert ucb1_choice([4, 4], [2, 2]) == 0


def test_ucb1_explores_an_arm_that_greedy_would_give_up() -> None:
    assert ucb1_choice([10, 3], [7, 1], exploration=0) == 0
    assert ucb1_choice([10, 3], [7, 1]) == 1


@pytest.mark.parametrize(
    ("pulls", "wins", "exploration", "message"),
    [
        ([1, 2], [1], 1.0, "as long as each other"),
        ([], [], 1.0, "not empty"),
        ([1, 2], [2, 1], 1.0, "between 0 and its pulls"),
        ([1, -2], [0, 0], 1.0, "0 or more"),
        ([1, 2], [1, 1], -1.0, "0 or more"),
        ([1, 2], [1, 1], math.inf, "0 or more"),
    ],
)
def test_ucb1_refuses_impossible_counts(
    pulls: list[int], wins: list[float], exploration: float, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        ucb1_choice(pulls, wins, exploration)


def test_the_regret_adds_up_the_gaps_of_the_arms_pulled() -> None:
    bandit = Bandit((0.2, 0.5, 0.65))
    run = play_bandit(bandit, pulls=300, seed=2)
    gaps = [0.65 - bandit.probabilities[arm] for arm in run.arms]
    assert run.regret == pytest.approx([sum(gaps[: i + 1]) for i in range(300)])
    assert sum(run.pulls_per_arm) == 300 == len(run.rewards)
    assert set(run.rewards) <= {0, 1}


def test_a_run_follows_ucb1_on_what_it_has_seen() -> None:
    bandit = Bandit((0.3, 0.6, 0.55, 0.1))
    run = play_bandit(bandit, pulls=200, exploration=0.7, seed=5)
    pulls, wins = [0] * 4, [0] * 4
    for arm, reward in zip(run.arms, run.rewards):
        assert arm == by_hand(pulls, wins, 0.7)
        pulls[arm] += 1
        wins[arm] += reward


def test_runs_are_seeded() -> None:
    bandit = Bandit.random(4, seed=1)
    assert play_bandit(bandit, pulls=100, seed=9) == play_bandit(bandit, pulls=100, seed=9)
    with pytest.raises(ValueError, match="1 or more"):
        play_bandit(bandit, pulls=0)


def test_the_mean_regret_averages_runs_drawn_from_one_stream() -> None:
    bandit = Bandit((0.4, 0.6))
    rng = random.Random(3)
    runs = [play_bandit(bandit, pulls=50, seed=rng).regret for _ in range(7)]
    expected = [sum(values) / 7 for values in zip(*runs)]
    assert mean_regret(bandit, pulls=50, runs=7, seed=3) == pytest.approx(expected)
    with pytest.raises(ValueError, match="runs"):
        mean_regret(bandit, pulls=50, runs=0)


def test_greedy_play_locks_onto_a_poorer_arm_where_ucb1_keeps_learning() -> None:
    """The lesson's point: with no exploration, regret grows in a straight line (some runs
    never find the best arm); with UCB1 it flattens out."""
    bandit = Bandit.random(5, seed=3)
    greedy = mean_regret(bandit, pulls=1000, runs=40, exploration=0, seed=1)
    ucb1 = mean_regret(bandit, pulls=1000, runs=40, exploration=0.5, seed=1)
    assert ucb1[-1] < greedy[-1]
    assert greedy[-1] - greedy[499] > 0.8 * greedy[499]  # the second half costs as much again
    assert ucb1[-1] - ucb1[499] < 0.6 * ucb1[499]  # the second half costs much less
