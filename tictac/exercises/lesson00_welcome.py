"""The check for Lesson 0 (``notebooks/00-welcome.ipynb``): who has won?

>>> def lazy_winner(state):
...     return None
>>> report = check_winner(lazy_winner)
>>> report.passed
False
>>> print(report.summary())
winner: 942 of 5478 positions differ from the reference.
>>> check_winner(lambda state: state.winner).passed
True
"""

from __future__ import annotations

from collections.abc import Callable

from tictac.exercises.checking import Report, check_function, exercise_positions
from tictac.state import State

__all__ = ["check_winner"]


def check_winner(function: Callable[[State], str | None]) -> Report:
    """Check a function ``winner(state) -> "X" | "O" | None`` on all 5,478 positions."""
    return check_function("winner", function, lambda s: s.winner, exercise_positions())
