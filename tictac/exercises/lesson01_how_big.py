"""The check for Lesson 1 (``notebooks/01-how-big.ipynb``): counting positions and games.

:func:`check_count` compares a count with one made live, without giving the answer away.
Lesson 12 (``notebooks/12-play.ipynb``) asks two counting questions of its own, about the
replies that lose; they are in the same table, :data:`COUNT_QUESTIONS`.

>>> check_count("positions with two marks", 72)
positions with two marks: 72 is right.
>>> check_count("full boards won by X", 700)
full boards won by X: 700 is too many; count again.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from tictac.exercises.checking import verdict_html
from tictac.game.state import Mark, State, reachable_states
from tictac.search.solver import solve

__all__ = ["COUNT_QUESTIONS", "CountCheck", "check_count"]


@functools.cache
def _tic_tac_toe() -> tuple[State, ...]:
    """Every reachable 3x3 position (found once: several questions count them)."""
    return tuple(reachable_states())


def _positions_with_marks(marks: int) -> int:
    return sum(1 for s in _tic_tac_toe() if s.moves_made == marks)


def _positions_up_to(start: State, marks: int) -> int:
    """How many positions reachable from `start` have at most `marks` marks (breadth-first,
    stopping at `marks`)."""
    frontier, seen = {start}, {start}
    for _ in range(marks - start.moves_made):
        frontier = {child for s in frontier for child in map(s.play, s.legal_moves())} - seen
        seen |= frontier
    return len(seen)


def _losing_replies(opening: int) -> int:
    after = State.new().play(opening)
    return sum(1 for reply in after.legal_moves() if solve(after.play(reply)) > 0)


def _full_board_wins(player: Mark) -> int:
    return sum(1 for s in _tic_tac_toe() if s.moves_made == 9 and s.winner == player)


COUNT_QUESTIONS: dict[str, Callable[[], int]] = {
    # Lesson 1
    "positions with two marks": lambda: _positions_with_marks(2),
    "positions with three marks": lambda: _positions_with_marks(3),
    "positions with four marks": lambda: _positions_with_marks(4),
    "full boards won by X": lambda: _full_board_wins("X"),
    "4x4 positions with at most three marks": lambda: _positions_up_to(State.new(4, 4, 4), 3),
    # Lesson 12
    "losing replies to a corner opening": lambda: _losing_replies(0),
    "losing replies to a centre opening": lambda: _losing_replies(4),
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
        return verdict_html(str(self), self.passed)


def check_count(question: str, answer: int) -> CountCheck:
    """Check a count from Lesson 1 (or Lesson 12) against the live count, without giving it away.

    >>> check_count("positions with three marks", 250)
    positions with three marks: 250 is too few; count again.
    """
    count = COUNT_QUESTIONS.get(question)
    if count is None:
        raise ValueError(
            f"unknown question {question!r}; the questions are: {', '.join(COUNT_QUESTIONS)}"
        )
    return CountCheck(question, answer, count())
