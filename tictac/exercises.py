"""Checks for the lessons' exercises: run your function on many positions, see where it differs.

Each ``check_...`` function calls the function you wrote on many positions, compares it with
the reference from :mod:`tictac`, and returns a :class:`Report`. In a notebook the report
shows the first few positions where your answer differs, as pictures, with the expected and
the actual answer.

>>> from tictac.state import State
>>> def lazy_winner(state):
...     return None
>>> report = check_winner(lazy_winner)
>>> report.passed
False
>>> print(report.summary())
winner: 942 of 5478 positions differ from the reference.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from tictac.pictures import board_svg
from tictac.scoring import Score, win_loss
from tictac.search import minimax
from tictac.state import State, reachable_states

__all__ = [
    "Mismatch",
    "Report",
    "check_alphabeta",
    "check_count",
    "check_function",
    "check_minimax",
    "check_winner",
    "exercise_positions",
]

SHOWN = 6  # how many differing positions a report draws


@dataclass(frozen=True)
class Mismatch:
    """A position where the function's answer differs from the reference."""

    state: State
    expected: Any
    got: Any


@dataclass(repr=False)
class Report:
    """The result of a check: how many positions were tried and where the answers differ."""

    name: str
    checked: int
    mismatches: list[Mismatch] = field(default_factory=list)
    error: str | None = None

    @property
    def passed(self) -> bool:
        """True when the function agreed with the reference everywhere."""
        return not self.mismatches and self.error is None and self.checked > 0

    def summary(self) -> str:
        """One line: passed, or how many positions differ."""
        if self.error is not None:
            return f"{self.name}: your function stopped with an error: {self.error}"
        if self.passed:
            return f"{self.name}: all {self.checked} positions agree with the reference. Well done!"
        return (
            f"{self.name}: {len(self.mismatches)} of {self.checked} positions differ from the "
            "reference."
        )

    def __str__(self) -> str:
        lines = [self.summary()]
        for m in self.mismatches[:SHOWN]:
            lines.append(
                f"  {m.state.text} ({m.state.turn} to move): expected {m.expected!r}, got {m.got!r}"
            )
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        colour = "#2f855a" if self.passed else "#b91c1c"
        parts = [f'<p style="color:{colour}"><b>{html.escape(self.summary())}</b></p>']
        if self.mismatches:
            shown = self.mismatches[:SHOWN]
            more = len(self.mismatches) - len(shown)
            parts.append('<div style="display:flex;flex-wrap:wrap;gap:14px">')
            for m in shown:
                parts.append(
                    '<div style="text-align:center;font-size:12px">'
                    f"{board_svg(m.state, cell=26)}<br>{m.state.turn} to move<br>"
                    f"expected <b>{html.escape(repr(m.expected))}</b><br>"
                    f"got <b>{html.escape(repr(m.got))}</b></div>"
                )
            parts.append("</div>")
            if more:
                parts.append(f"<p>… and {more} more.</p>")
        return "".join(parts)


def check_function(
    name: str,
    function: Callable[[State], Any],
    reference: Callable[[State], Any],
    positions: Iterable[State],
) -> Report:
    """Compare `function` with `reference` on every position; the engine of every check."""
    report = Report(name, 0)
    for state in positions:
        expected = reference(state)
        try:
            got = function(state)
        except Exception as error:  # the student's code: report, don't crash the lesson
            report.error = f"{type(error).__name__}: {error} (on the board {state.text})"
            return report
        report.checked += 1
        if got != expected:
            report.mismatches.append(Mismatch(state, expected, got))
    return report


def exercise_positions(*, min_marks: int = 0, up_to_symmetry: bool = False) -> list[State]:
    """Reachable 3x3 positions the checks use, in a fixed order (by marks, then board text)."""
    states = [s for s in reachable_states() if s.moves_made >= min_marks]
    if up_to_symmetry:
        states = list({s.canonical(): s.canonical() for s in states}.values())
    return sorted(states, key=lambda s: (s.moves_made, s.text))


def check_winner(function: Callable[[State], str | None]) -> Report:
    """Check a function ``winner(state) -> "X" | "O" | None`` on all 5,478 positions."""
    return check_function("winner", function, lambda s: s.winner, exercise_positions())


def check_minimax(function: Callable[[State], float], *, score: Score = win_loss) -> Report:
    """Check a function ``my_minimax(state) -> value`` (X's view) against the reference.

    It runs on every position with at least two marks whose game is still running, one per
    group of mirror images (so the check takes seconds even for plain, unmemoised minimax).
    """
    positions = [
        s for s in exercise_positions(min_marks=2, up_to_symmetry=True) if not s.is_terminal
    ]
    return check_function(
        "minimax", function, lambda s: minimax(s, score=score, memo="plain").value, positions
    )


def check_alphabeta(function: Callable[[State], float], *, score: Score = win_loss) -> Report:
    """Check ``my_alphabeta(state) -> value``: it must give minimax's value everywhere."""
    report = check_minimax(function, score=score)
    report.name = "alpha-beta"
    return report


# ---------------------------------------------------------------------------------------------
# Lesson 1: counting


def _positions_with_marks(marks: int) -> int:
    return sum(1 for s in reachable_states() if s.moves_made == marks)


def _full_board_wins(player: str) -> int:
    return sum(1 for s in reachable_states() if s.moves_made == 9 and s.winner == player)


COUNT_QUESTIONS: dict[str, Callable[[], int]] = {
    "positions with two marks": lambda: _positions_with_marks(2),
    "positions with three marks": lambda: _positions_with_marks(3),
    "positions with four marks": lambda: _positions_with_marks(4),
    "full boards won by X": lambda: _full_board_wins("X"),
}
"""The counting questions :func:`check_count` knows, each with a way to count it live."""


@dataclass(frozen=True)
class CountCheck:
    """The answer to a counting question, compared with a live count."""

    question: str
    answer: int
    expected: int

    @property
    def passed(self) -> bool:
        return self.answer == self.expected

    def __str__(self) -> str:
        if self.passed:
            return f"{self.question}: {self.answer} is right."
        hint = "too many" if self.answer > self.expected else "too few"
        return f"{self.question}: {self.answer} is {hint}; count again."

    __repr__ = __str__

    def _repr_html_(self) -> str:
        colour = "#2f855a" if self.passed else "#b91c1c"
        return f'<span style="color:{colour}"><b>{html.escape(str(self))}</b></span>'


def check_count(question: str, answer: int) -> CountCheck:
    """Check a count from Lesson 1 against the live count, without giving it away.

    >>> check_count("positions with two marks", 72)
    positions with two marks: 72 is right.
    """
    count = COUNT_QUESTIONS.get(question)
    if count is None:
        raise ValueError(
            f"unknown question {question!r}; the questions are: {', '.join(COUNT_QUESTIONS)}"
        )
    return CountCheck(question, answer, count())
