"""Multi-armed bandits: the choice Monte Carlo tree search makes at every node, on its own.

A *bandit* is a row of slot machines, its *arms*. Pulling arm i pays 1 with a probability p_i
and 0 otherwise; the player does not know the p_i and learns them only by pulling. Each pull
either *exploits* (takes the arm that has paid best so far) or *explores* (takes an arm it
knows little about, which may be better). Too little exploring can lock onto a poor arm for
ever; too much wastes pulls on arms already known to be poor.

*Regret* measures what learning costs: after n pulls, n times the best arm's probability
minus the probabilities of the arms actually pulled, added up. It is what the player loses,
on average, against one who knew the best arm from the start (the luck of the draws left out).

**UCB1** (P. Auer, N. Cesa-Bianchi and P. Fischer, "Finite-time Analysis of the Multiarmed
Bandit Problem", *Machine Learning* 47, 2002) pulls every arm once, then always the arm with
the largest *upper confidence bound*

    mean_i + c * sqrt(ln n / n_i)

where mean_i is what arm i has paid per pull so far, n_i how often it was pulled and n the
pulls in all. The second term is large for an arm pulled rarely, and it grows slowly for an
arm that is not pulled (ln n keeps growing): no arm is given up for ever. The paper's constant
is c = sqrt(2), about 1.41; c = 0 is the greedy player. Monte Carlo tree search
(:mod:`tictac.search.mcts`) makes this choice at every node of its tree, with the moves as arms.

>>> bandit = Bandit((0.2, 0.5, 0.6))
>>> run = play_bandit(bandit, pulls=1000, seed=1)
>>> run.pulls_per_arm      # the best arm, 2, is pulled most
(55, 225, 720)
>>> round(run.regret[-1], 1)
44.5
>>> ucb1_choice([10, 3], [7, 1])    # arm 1 is worse so far, but little known: explore it
1
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

from tictac.helpers.checks import whole_number
from tictac.helpers.seeds import Seed, random_source

__all__ = ["UCB1_EXPLORATION", "Bandit", "BanditRun", "mean_regret", "play_bandit", "ucb1_choice"]

UCB1_EXPLORATION = math.sqrt(2)
"""UCB1's exploration constant in Auer, Cesa-Bianchi and Fischer's paper: the square root of 2."""


@dataclass(frozen=True)
class Bandit:
    """A bandit whose arm i pays 1 with probability ``probabilities[i]``, else 0.

    >>> Bandit((0.3, 0.7)).best
    0.7
    >>> Bandit((0.3, 1.5))
    Traceback (most recent call last):
      ...
    ValueError: an arm pays 1 with a probability from 0 to 1, not 1.5
    """

    probabilities: tuple[float, ...]

    def __post_init__(self) -> None:
        probabilities = self.probabilities
        if isinstance(probabilities, (str, bytes)) or not isinstance(probabilities, Sequence):
            raise TypeError(
                f"a bandit needs its arms' probabilities, such as (0.2, 0.5), not {probabilities!r}"
            )
        if len(probabilities) < 2:
            raise ValueError(
                f"a bandit needs two arms or more to choose between, not {len(probabilities)}"
            )
        for p in probabilities:
            if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 <= p <= 1:
                raise ValueError(f"an arm pays 1 with a probability from 0 to 1, not {p!r}")
        object.__setattr__(self, "probabilities", tuple(float(p) for p in probabilities))

    @classmethod
    def random(cls, arms: int, *, seed: Seed = None) -> Bandit:
        """A bandit with `arms` arms whose probabilities are drawn at random (with `seed`),
        evenly between 0 and 1 and rounded to two decimals.

        >>> Bandit.random(3, seed=0).probabilities
        (0.84, 0.76, 0.42)
        """
        arms = whole_number(arms, "arms", at_least=2)
        rng = random_source(seed)
        return cls(tuple(round(rng.random(), 2) for _ in range(arms)))

    @property
    def arms(self) -> int:
        """How many arms the bandit has."""
        return len(self.probabilities)

    @property
    def best(self) -> float:
        """The best arm's probability of paying."""
        return max(self.probabilities)

    def pull(self, arm: int, rng: Random) -> int:
        """Pull `arm`: 1 with its probability, else 0 (drawn from `rng`)."""
        return int(rng.random() < self.probabilities[arm])


def ucb1_choice(
    pulls: Sequence[int], wins: Sequence[float], exploration: float = UCB1_EXPLORATION
) -> int:
    """The arm UCB1 pulls next, given how often each arm was pulled and what it paid in all.

    An arm never pulled comes first (the first such arm); otherwise the arm with the largest
    ``wins[i] / pulls[i] + exploration * sqrt(ln(sum(pulls)) / pulls[i])``, the first of
    equal ones.

    >>> ucb1_choice([3, 0, 2], [1, 0, 2])
    1
    >>> ucb1_choice([10, 3], [7, 1], exploration=0)    # greedy: the best mean so far
    0
    """
    _check_counts(pulls, wins, exploration)
    if 0 in pulls:  # an arm never pulled comes first
        return list(pulls).index(0)
    log_total = math.log(sum(pulls))
    bounds = [w / n + exploration * math.sqrt(log_total / n) for n, w in zip(pulls, wins)]
    return bounds.index(max(bounds))


@dataclass(frozen=True)
class BanditRun:
    """What a player did on a bandit: the arm it pulled at each step, what each pull paid,
    and the regret after each pull (see the module's notes)."""

    bandit: Bandit
    arms: tuple[int, ...]
    rewards: tuple[int, ...]
    regret: tuple[float, ...]

    @property
    def pulls_per_arm(self) -> tuple[int, ...]:
        """How often each arm was pulled."""
        return tuple(self.arms.count(arm) for arm in range(self.bandit.arms))


def play_bandit(
    bandit: Bandit,
    *,
    pulls: int,
    exploration: float = UCB1_EXPLORATION,
    seed: Seed = None,
) -> BanditRun:
    """Pull `bandit`'s arms `pulls` times, choosing each pull by UCB1 with `exploration`
    (:func:`ucb1_choice`); the payouts are drawn with `seed`.

    >>> play_bandit(Bandit((0.2, 0.8)), pulls=4, seed=3).arms
    (0, 1, 1, 1)
    """
    pulls = whole_number(pulls, "pulls", at_least=1)
    rng = random_source(seed)
    counts, wins = [0] * bandit.arms, [0] * bandit.arms
    arms, rewards, regret = [], [], []
    shortfall = [bandit.best - p for p in bandit.probabilities]  # each arm's, against the best
    lost = 0.0
    for _ in range(pulls):
        arm = ucb1_choice(counts, wins, exploration)
        reward = bandit.pull(arm, rng)
        counts[arm] += 1
        wins[arm] += reward
        lost += shortfall[arm]
        arms.append(arm)
        rewards.append(reward)
        regret.append(lost)
    return BanditRun(bandit, tuple(arms), tuple(rewards), tuple(regret))


def mean_regret(
    bandit: Bandit,
    *,
    pulls: int,
    runs: int,
    exploration: float = UCB1_EXPLORATION,
    seed: Seed = None,
) -> list[float]:
    """The regret after each pull, averaged over `runs` runs of UCB1 (each with its own
    payouts, all drawn from one stream made with `seed`).

    >>> [round(r, 2) for r in mean_regret(Bandit((0.2, 0.8)), pulls=3, runs=10, seed=0)]
    [0.6, 0.6, 0.9]
    """
    pulls = whole_number(pulls, "pulls", at_least=1)
    runs = whole_number(runs, "runs", at_least=1)
    rng = random_source(seed)
    totals = [0.0] * pulls
    for _ in range(runs):
        run = play_bandit(bandit, pulls=pulls, exploration=exploration, seed=rng)
        totals = [total + r for total, r in zip(totals, run.regret, strict=True)]
    return [total / runs for total in totals]


def _check_counts(pulls: Sequence[int], wins: Sequence[float], exploration: float) -> None:
    if isinstance(exploration, bool) or not isinstance(exploration, (int, float)):
        raise TypeError(f"exploration must be a number, 0 or more, not {exploration!r}")
    if not 0 <= exploration < math.inf:
        raise ValueError(f"exploration must be a number, 0 or more, not {exploration!r}")
    if len(pulls) != len(wins) or not pulls:
        raise ValueError(
            "pulls and wins give one count per arm, so they must be as long as each other (and "
            f"not empty): {len(pulls)} pulls, {len(wins)} wins"
        )
    if min(pulls) < 0 or min(wins) < 0 or not all(map(operator.le, wins, pulls)):
        raise ValueError(
            "each arm's pulls must be 0 or more, and its wins between 0 and its pulls, not "
            f"pulls {list(pulls)} with wins {list(wins)}"
        )
