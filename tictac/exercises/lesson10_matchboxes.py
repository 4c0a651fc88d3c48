"""The checks for Lesson 10 (``notebooks/10-matchboxes.ipynb``): solving backwards, and
MENACE's reinforcement rule.

>>> from tictac.learning.learners import MENACE_REWARDS, reinforce, retrograde
>>> check_retrograde(retrograde).passed
True
>>> check_reinforce(reinforce).passed
True
>>> def stingy(box, move, outcome):   # forgets that a box never holds fewer than 0 beads
...     return {**box, move: box[move] + MENACE_REWARDS[outcome]}
>>> print(check_reinforce(stingy).summary())
reinforcement: 15 of 360 cases differ from Michie's rule. ...
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from tictac.exercises.checking import CaseReport, Mismatch, Report
from tictac.game.state import State
from tictac.helpers.checks import shown
from tictac.learning.learners import Outcome, reinforce, retrograde

__all__ = [
    "RETROGRADE_STARTS",
    "ReinforceReport",
    "check_reinforce",
    "check_retrograde",
    "reinforce",
]

# ---------------------------------------------------------------------------------------------
# Exercise 1: solving backwards

RETROGRADE_STARTS = ("XOX/.O./...", "X.O/.O./X..", "X../.O./...", ".../.../...")
"""The positions :func:`check_retrograde` solves backwards from, smallest first."""


class RetrogradeReport(Report):
    """A :class:`Report` on a retrograde solver, with a hint naming the likeliest mistake."""

    def summary(self) -> str:
        text = super().summary()
        if self.passed or self.error is not None:
            return text
        missing = [m for m in self.mismatches if m.got == "missing"]
        if missing:
            return (
                f"{text} {len(missing)} reachable positions are missing from your dict: list "
                "every position reachable from the start, layer by layer."
            )
        if all(m.state.is_terminal for m in self.mismatches):
            return f"{text} All of them are finished games: a finished game is worth its result."
        return (
            f"{text} Value the layers from the last to the first: a position is worth the best "
            "of its children's values for the player to move (max for X, min for O)."
        )


def check_retrograde(
    function: Callable[[State], Mapping[State, int]],
    *,
    reveal: Callable[..., Any] | None = retrograde,
    starts: Iterable[State] | None = None,
) -> Report:
    """Check ``my_retrograde(start) -> {position: value}``: the value (X's view, +1, 0 or -1)
    of every position reachable from `start`, found backwards from the finished games.

    It runs from each of `starts` (by default :data:`RETROGRADE_STARTS`: a few positions near
    the end, then the empty board) and compares every position's value with
    :func:`tictac.learning.learners.retrograde`; once yours agrees everywhere, the report shows that
    function, to compare.
    """
    report = RetrogradeReport("retrograde", 0, reference=reveal)
    if starts is None:
        starts = [State.parse(text) for text in RETROGRADE_STARTS]
    for start in starts:
        expected = retrograde(start)
        try:
            got = function(start)
        except Exception as error:  # the student's code: report, don't crash the lesson
            report.error = f"{type(error).__name__}: {error} (starting from {start.text})"
            return report
        if not isinstance(got, Mapping):
            report.error = f"it should return a dict from positions to values, not {shown(got)}"
            return report
        for state, value in expected.items():
            report.checked += 1
            answer = got.get(state, "missing")
            if answer != value:
                report.mismatches.append(Mismatch(state, value, answer))
        extra = [state for state in got if state not in expected]
        if extra:
            report.error = (
                f"from {start.text} your dict has {len(extra)} positions that cannot be reached "
                f"from it, such as {shown(extra[0])}"
            )
            return report
    return report


# ---------------------------------------------------------------------------------------------
# Exercise 2: the reinforcement rule


@dataclass(frozen=True)
class ReinforceCase:
    """A box, the move that was played from it, and how the game ended."""

    box: tuple[tuple[int, int], ...]
    move: int
    outcome: Outcome

    def __str__(self) -> str:
        return f"reinforce({dict(self.box)}, {self.move}, {self.outcome!r})"


def reinforce_cases(seed: int = 10) -> list[ReinforceCase]:
    """The 360 cases :func:`check_reinforce` tries: boxes of 1 to 8 moves holding 0 to 9 beads
    each (empty colours and single beads included), every outcome."""
    rng = random.Random(seed)
    cases = []
    for number in range(120):
        cells = sorted(rng.sample(range(9), rng.randint(1, 8)))
        counts = [rng.choice((0, 1, 1, 2, 3, 4, 5, 9)) for _ in cells]
        if number % 4 == 0:  # the bead to be played is the colour's last one
            counts[0] = 1
        box = tuple(zip(cells, counts))
        move = cells[0] if number % 4 == 0 else rng.choice(cells)
        for outcome in ("win", "draw", "loss"):
            cases.append(ReinforceCase(box, move, outcome))
    return cases


class ReinforceReport(CaseReport[ReinforceCase]):
    """The verdict on a reinforcement rule: the cases it got wrong, and a hint."""

    agreed = "follow Michie's rule"
    differ = "differ from Michie's rule"

    def hint(self) -> str:
        outcomes = {case.outcome for case, _ in self.wrong}
        if outcomes == {"loss"} and all(
            isinstance(got, Mapping) and any(n < 0 for n in got.values()) for _, got in self.wrong
        ):
            return "A box cannot hold fewer than 0 beads of a colour: an empty colour stays at 0."
        if any(
            isinstance(got, Mapping) and dict(case.box).keys() != got.keys()
            for case, got in self.wrong
        ):
            return "Keep every move of the box, even one whose colour runs out."
        return (
            "After a win the played colour gets 3 more beads, after a draw 1 more, after a "
            f"loss 1 fewer. Wrong outcomes: {', '.join(sorted(outcomes))}."
        )

    def reference(self) -> Callable[..., Any]:
        """The package's :func:`~tictac.learning.learners.reinforce`."""
        return reinforce

    def describe(self, case: ReinforceCase, got: Any) -> str:
        expected = reinforce(dict(case.box), case.move, case.outcome)
        return f"{case}: expected {expected}, got {got!r}"


def check_reinforce(
    function: Callable[[dict[int, int], int, Outcome], Any],
    *,
    cases: Iterable[ReinforceCase] | None = None,
) -> ReinforceReport:
    """Check ``my_reinforce(box, move, outcome) -> new box`` on `cases` (by default the 360 of
    :func:`reinforce_cases`): the box (a dict from move to beads) after a game in which `move`
    was drawn from it and the game ended in `outcome` (``"win"``, ``"draw"`` or ``"loss"``, for
    MENACE). Your function may change the box it is given and return it, or return a new one.

    Once it passes, the report shows :func:`reinforce`, to compare.
    """
    report = ReinforceReport("reinforcement")
    for case in reinforce_cases() if cases is None else cases:
        expected = reinforce(dict(case.box), case.move, case.outcome)
        try:
            got = function(dict(case.box), case.move, case.outcome)
        except Exception as error:  # the student's code: report, don't crash the lesson
            report.error = f"{type(error).__name__}: {error} (in {case})"
            return report
        report.checked += 1
        if not isinstance(got, Mapping) or dict(got) != expected:
            report.wrong.append((case, dict(got) if isinstance(got, Mapping) else got))
    return report
