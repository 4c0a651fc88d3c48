"""The checks for Lesson 3b (``notebooks/03b-ties-and-scores.ipynb``): depth-aware minimax, and
predictions of the move minimax plays with each score.

>>> from tictac.search.engine import minimax
>>> def my_minimax(state):
...     return minimax(state, memo="plain").value
>>> print(check_depth_aware_minimax(my_minimax).summary())   # win/loss values: not enough
depth-aware minimax: ... positions differ from the reference.
>>> check_predicted_moves({"XX./OO./...": 2}).passed
True
>>> check_predicted_moves({"XX./OO./...": (0, 2)}).passed   # a (row, col) pair works too
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tictac.exercises.checking import Mismatch, Report
from tictac.exercises.lesson03_minimax import check_minimax
from tictac.game.scoring import Score, depth_aware, win_loss
from tictac.game.state import State
from tictac.search.engine import minimax

__all__ = [
    "PredictionReport",
    "check_depth_aware_minimax",
    "check_predicted_moves",
]


def check_depth_aware_minimax(
    function: Callable[[State], float], *, positions: Iterable[State] | None = None
) -> Report:
    """Check ``my_minimax(state) -> value`` with depth-aware scores: a finished game is worth
    the number of empty cells plus one to the winner (+ for X, - for O) and 0 for a draw, so a
    quicker win counts for more (:func:`~tictac.game.scoring.depth_aware`).

    It runs on the same positions as Lesson 3's
    :func:`~tictac.exercises.lesson03_minimax.check_minimax` (or on `positions`).
    """
    report = check_minimax(function, score=depth_aware, positions=positions)
    report.name = "depth-aware minimax"
    return report


class PredictionReport(Report):
    """A :class:`Report` on predicted moves that says which guesses are wrong, not the answers."""

    shown = None  # every wrong guess

    def summary(self) -> str:
        if self.error is not None:
            return f"{self.name}: a prediction could not be checked: {self.error}"
        if self.passed:
            return f"{self.name}: all {self.checked} predictions are right. Well done!"
        return (
            f"{self.name}: {len(self.mismatches)} of {self.checked} predictions are not the "
            "move minimax plays. Look at the value of every move, then guess again."
        )

    def _answers(self, mismatch: Mismatch) -> list[tuple[str, Any]]:
        return [("not", mismatch.got)]


def check_predicted_moves(
    predictions: dict[Any, Any], *, score: Score = win_loss
) -> PredictionReport:
    """Check guesses ``{position: move}`` of the move minimax plays with `score`, taking the
    first best move in board order (``tie_break="first"``).

    Positions may be given as states or as board text, moves as cell numbers or as
    ``(row, col)`` pairs. The report says which guesses are wrong without giving the right
    moves away.

    >>> print(check_predicted_moves({"XX./OO./...": 5}))
    moves chosen with win_loss: 1 of 1 predictions are not the move minimax plays. ...
      XX./OO./...  (X to move): not 5
    """
    name = f"moves chosen with {getattr(score, '__name__', 'your score')}"
    report = PredictionReport(name, 0)
    for position, guess in predictions.items():
        try:
            state = position if isinstance(position, State) else State.parse(position)
        except ValueError as error:
            report.error = f"{position!r}: {error}"
            return report
        expected = minimax(state, score=score, memo="plain").move
        report.checked += 1
        if _cell_of(state, guess) != expected:
            report.mismatches.append(Mismatch(state, expected, guess))
    return report


def _cell_of(state: State, guess: Any) -> int | None:
    """The cell a guess names (a cell number or a ``(row, col)`` pair), or None if it names
    none: a guess such as ``None`` or ``(3, 0)`` is simply wrong."""
    try:
        return state.index_of(guess)
    except (ValueError, TypeError):
        return None
