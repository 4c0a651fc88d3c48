"""The checks for Lesson 11 (``notebooks/11-learning-values.ipynb``): the temporal-difference
update, and a training budget.

:func:`check_td_update` runs your update on many situations from real positions:

>>> def solution(values, previous, new_value, step_size, explored):
...     if not explored:
...         old = values.get(previous, 0.5)
...         values[previous] = old + step_size * (new_value - old)
>>> check_td_update(solution).passed
True
>>> def forgets_exploration(values, previous, new_value, step_size, explored):
...     old = values.get(previous, 0.5)
...     values[previous] = old + step_size * (new_value - old)
>>> print(check_td_update(forgets_exploration).summary())
TD update: ... After an exploratory move...

:func:`check_training` trains a TD learner in self-play with your settings and measures it:

>>> print(check_training(0.1, 0.1, games=601))
training: 601 games is over the budget of 600; ...
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tictac.exercises.checking import Mismatch, Report, verdict_html
from tictac.game.state import State, reachable_states
from tictac.helpers.checks import whole_number
from tictac.learning.learners import Share, TDLearner, optimal_share

__all__ = [
    "TRAINING_BUDGET",
    "TRAINING_GOAL",
    "TRAINING_SEED",
    "TDUpdateReport",
    "TrainingCheck",
    "check_td_update",
    "check_training",
]

# ---------------------------------------------------------------------------------------------
# Exercise 1: the TD update

TD_SITUATIONS = 300
"""How many situations :func:`check_td_update` tries."""

INITIAL = 0.5
"""The value of a position the learner has never valued (``TDLearner``'s default)."""

_TOLERANCE = 1e-9


@dataclass(frozen=True)
class Situation:
    """One update to make: the values so far, the previous position, the new position's value,
    the step size, and whether the move between them was exploratory."""

    values: dict[State, float]
    previous: State
    new_value: float
    step_size: float
    explored: bool

    def expected(self) -> dict[State, float]:
        """The values after the update, as the lesson's pseudocode makes them."""
        after = dict(self.values)
        if not self.explored:
            old = after.get(self.previous, INITIAL)
            after[self.previous] = old + self.step_size * (self.new_value - old)
        return after

    def __str__(self) -> str:
        old = self.values.get(self.previous, INITIAL)
        known = "" if self.previous in self.values else " (not valued yet)"
        move = "an exploratory move" if self.explored else "a greedy move"
        return (
            f"V(previous) = {old:g}{known}, V(new) = {self.new_value:g}, "
            f"step size {self.step_size:g}, after {move}"
        )


def td_situations(count: int = TD_SITUATIONS, *, seed: int = 11) -> list[Situation]:
    """`count` situations from real positions, drawn with `seed`: one in four after an
    exploratory move, one in four with the previous position not valued yet, new values that
    are results (0, ½, 1) or estimates, and step sizes from 0 to 1.

    >>> situations = td_situations(8)
    >>> len(situations), any(s.explored for s in situations)
    (8, True)
    """
    rng = random.Random(seed)
    positions = sorted((s for s in reachable_states() if not s.is_terminal), key=str)
    steps = (0.1, 0.5, 0.25, 1.0, 0.0, 0.3)
    situations = []
    for index in range(count):
        chosen = rng.sample(positions, 4)
        previous = chosen[0]
        values = {s: round(rng.random(), 3) for s in chosen[1:]}
        if index % 4 != 1:
            values[previous] = round(rng.random(), 3)
        new_value = rng.choice((0.0, 0.5, 1.0)) if index % 3 == 0 else round(rng.random(), 3)
        situations.append(
            Situation(values, previous, new_value, steps[index % len(steps)], index % 4 == 3)
        )
    return situations


@dataclass(repr=False)
class TDUpdateReport(Report):
    """A :class:`Report` on a TD update, with a hint naming the likeliest mistake."""

    problems: set[str] = field(default_factory=set)

    def summary(self) -> str:
        if self.error is not None or not self.checked:
            return super().summary()
        if self.passed:
            return f"{self.name}: all {self.checked} updates agree with the rule. Well done!"
        hint = _HINTS[min(self.problems, key=_ORDER.index)]
        return (
            f"{self.name}: {len(self.mismatches)} of {self.checked} updates differ from the "
            f"rule. {hint}"
        )

    def _answers(self, mismatch: Mismatch) -> list[tuple[str, Any]]:
        return [("expected", mismatch.expected), ("got", mismatch.got)]


_ORDER = ["others", "explored", "initial", "formula"]
_HINTS = {
    "others": "Only V(previous) may change: leave every other position's value as it was.",
    "explored": (
        "After an exploratory move, leave V(previous) as it was: that move was not the "
        "learner's choice, so where it led says nothing about the previous position."
    ),
    "initial": (
        "A position that is not in values yet is worth 0.5 (values.get(previous, 0.5)), not 0."
    ),
    "formula": (
        "Move V(previous) a step towards V(new): V(previous) + step_size * (V(new) - V(previous))."
    ),
}


@dataclass(frozen=True)
class _Shown:
    """How a value is shown under a position in the report."""

    value: float | str

    def __repr__(self) -> str:
        return self.value if isinstance(self.value, str) else f"{self.value:.4g}"


def check_td_update(
    function: Callable[[dict[State, float], State, float, float, bool], Any],
    *,
    reveal: Callable[..., Any] = TDLearner._learn,
    cases: Iterable[Situation] | None = None,
) -> TDUpdateReport:
    """Check ``my_td_update(values, previous, new_value, step_size, explored)``, which changes
    `values` (a dict from position to value; a position not in it is worth 0.5) in place:
    unless `explored`, ``V(previous)`` moves towards `new_value` by `step_size` of the gap.

    It tries `cases` (by default the 300 situations from real positions of
    :func:`td_situations`) and compares the whole dict afterwards. Once it passes, the report
    shows `reveal` (how :class:`~tictac.learning.learners.TDLearner` learns from a game), to
    compare.
    """
    report = TDUpdateReport("TD update", 0, reference=reveal)
    for situation in td_situations() if cases is None else cases:
        values = dict(situation.values)
        try:
            function(
                values,
                situation.previous,
                situation.new_value,
                situation.step_size,
                situation.explored,
            )
        except Exception as error:  # the student's code: report, don't crash the lesson
            report.error = f"{type(error).__name__}: {error} (with {situation})"
            return report
        report.checked += 1
        expected = situation.expected()
        problem = _problem(situation, values, expected)
        if problem is not None:
            report.problems.add(problem)
            got = values.get(situation.previous, INITIAL)
            report.mismatches.append(
                Mismatch(
                    situation.previous,
                    _Shown(expected.get(situation.previous, INITIAL)),
                    _Shown(got if isinstance(got, (int, float)) else repr(got)),
                )
            )
    return report


def _problem(
    situation: Situation, got: dict[State, float], expected: dict[State, float]
) -> str | None:
    """What is wrong with `got`, or None if it is right (a missing position counts 0.5)."""
    keys = set(got) | set(expected)

    def differs(key: State) -> bool:
        mine = got.get(key, INITIAL)
        if isinstance(mine, bool) or not isinstance(mine, (int, float)):
            return True
        return abs(mine - expected.get(key, INITIAL)) > _TOLERANCE

    if any(differs(key) for key in keys - {situation.previous}):
        return "others"
    if not differs(situation.previous):
        return None
    if situation.explored:
        return "explored"
    if situation.previous not in situation.values:
        old = 0.0
        guess = old + situation.step_size * (situation.new_value - old)
        if abs(got.get(situation.previous, INITIAL) - guess) <= _TOLERANCE:
            return "initial"
    return "formula"


# ---------------------------------------------------------------------------------------------
# Exercise 2: a training budget

TRAINING_BUDGET = 600
"""The most games of self-play :func:`check_training` may train for."""

TRAINING_GOAL = 0.88
"""The optimal share of all 4,520 positions the trained learner must reach (at least)."""

TRAINING_SEED = 11
"""The seed of the learner and of its training in :func:`check_training`."""


@dataclass(frozen=True)
class TrainingCheck:
    """The verdict on a choice of settings: the learner's optimal share, or why there is
    none."""

    passed: bool
    note: str
    share: Share | None = None

    name: ClassVar[str] = "training"

    def __str__(self) -> str:
        return f"training: {self.note}"

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return verdict_html(str(self), self.passed, tag="p")


def check_training(
    step_size: Any,
    exploration: Any,
    *,
    games: Any,
    seeds: Sequence[int] = (TRAINING_SEED,),
) -> TrainingCheck:
    """Train ``TDLearner(step_size=..., exploration=..., seed=11)`` in self-play for `games`
    games (seed 11; at most 600) and measure its greedy moves over all 4,520 positions: it
    passes if they are optimal in at least 88% of them. A move drawn at random is exploratory
    even when it lands on a greedy move, and the learner learns nothing from it, so with
    exploration 1 it learns only where its games end, and falls short.

    With several `seeds`, it trains a learner with each (instead of seed 11) and measures them
    together: the optimal moves of all, out of all their positions.

    >>> check_training(0.1, 0.1, games=100).passed
    False
    """
    try:
        games = whole_number(games, "games", at_least=1)
    except ValueError as error:
        return TrainingCheck(False, f"{error}")
    if games > TRAINING_BUDGET:
        return TrainingCheck(
            False,
            f"{games} games is over the budget of {TRAINING_BUDGET}; the goal is to learn "
            "more from fewer games: change the step size or the exploration.",
        )
    try:
        shares = [_trained_share(step_size, exploration, games, seed) for seed in seeds]
    except ValueError as error:
        return TrainingCheck(False, f"{error}")
    share = Share(sum(s.optimal for s in shares), sum(s.positions for s in shares))
    settings = f"step size {step_size:g}, exploration {exploration:g}"
    if len(shares) == 1:
        said = f"after {games} games ({settings}) the greedy move is optimal in {share}"
    else:
        said = (
            f"trained {len(shares)} times with other seeds, {games} games each ({settings}), "
            f"the greedy moves are optimal in {share} positions"
        )
    if share.fraction >= TRAINING_GOAL:
        return TrainingCheck(True, f"{said}: at least {TRAINING_GOAL:.0%}. Well done!", share)
    return TrainingCheck(
        False,
        f"{said}, short of {TRAINING_GOAL:.0%}. Look at the learning curves: which setting "
        "learnt most from its first few hundred games?",
        share,
    )


def _trained_share(step_size: Any, exploration: Any, games: int, seed: int) -> Share:
    """The optimal share of a learner with these settings after `games` games of self-play,
    learner and games drawn with `seed` (a ValueError for settings out of range)."""
    learner = TDLearner(step_size=step_size, exploration=exploration, seed=seed)
    learner.train("self", games=games, seed=seed)
    return optimal_share(learner)
