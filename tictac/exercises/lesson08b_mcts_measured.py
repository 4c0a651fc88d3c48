"""The checks for Lesson 8b (``notebooks/08b-mcts-measured.ipynb``): the yardstick of the
census, a best move.

:func:`check_best_moves` compares your best moves with the census's in every position where the
game is still on:

>>> from tictac.play.mcts_experiments import optimal_moves
>>> check_best_moves(optimal_moves).passed
True
>>> from tictac.search.solver import best_moves
>>> print(check_best_moves(best_moves).summary())
best moves: 852 of 4520 positions differ from the reference. You left out moves ...
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from tictac.exercises.checking import Report, check_function, exercise_positions
from tictac.game.state import State
from tictac.play.mcts_experiments import optimal_moves
from tictac.search.solver import solve

__all__ = ["BestMovesReport", "check_best_moves"]


@dataclass(repr=False)
class BestMovesReport(Report):
    """A :class:`Report` on a function that finds the best moves, with a hint that names the
    likeliest mistake."""

    def summary(self) -> str:
        if self.error is not None or self.passed or not self.mismatches:
            return super().summary()
        return f"{super().summary()} {self.hint()}"

    def hint(self) -> str:
        wrong = self.mismatches
        if all(m.state.turn == "O" and m.got == _best_for_x(m.state) for m in wrong):
            return (
                "In every position you got wrong, O is to move, and you chose X's best moves: "
                "solve's values are for X (1 an X win, -1 an O win), so O's best is the smallest."
            )
        if all(isinstance(m.got, tuple) and set(m.got) < set(m.expected) for m in wrong):
            return (
                "You left out moves that keep the value: a slower win still keeps a win a win, "
                "and when a draw is the best there is, every move that holds it keeps the value."
            )
        if all(isinstance(m.got, tuple) and set(m.got) > set(m.expected) for m in wrong):
            return (
                "Some of your moves give the value away: a best move's position must have the "
                "same value as the position before it."
            )
        return (
            "A move is a best one when the position it leads to has the same value as the "
            "position itself: solve(state.play(move)) == solve(state)."
        )


def _best_for_x(state: State) -> tuple[int, ...]:
    values = {move: solve(state.play(move)) for move in state.legal_moves()}
    return tuple(sorted(m for m, v in values.items() if v == max(values.values())))


def _as_moves(state: State, answer: Any) -> Any:
    """`answer` as a sorted tuple of distinct cells, if it is a collection of moves (cells or
    ``(row, col)`` pairs); otherwise `answer` itself, which then differs from every reference."""
    if isinstance(answer, str | bytes) or not isinstance(answer, Iterable):
        return answer
    try:
        return tuple(sorted({state.index_of(move) for move in answer}))
    except Exception:
        return answer


def check_best_moves(function: Callable[[State], Iterable[Any]]) -> BestMovesReport:
    """Check ``my_best_moves(state)``: the moves that keep `state`'s value with perfect play
    (a win stays a win, a draw a draw), however long they take. It is tried on all 4,520
    positions of 3x3 where the game is still on; the moves may come in any order and any
    collection, as cells or ``(row, col)`` pairs.

    Once it passes, the report shows :func:`tictac.play.mcts_experiments.optimal_moves`, the
    census's yardstick, to compare.

    >>> print(check_best_moves(lambda state: state.legal_moves()).summary())
    best moves: 3191 of 4520 positions differ from the reference. Some of your moves give ...
    """
    found = check_function(
        "best moves",
        lambda state: _as_moves(state, function(state)),
        lambda state: tuple(sorted(optimal_moves(state))),
        [state for state in exercise_positions() if not state.is_terminal],
        reveal=optimal_moves,
    )
    return BestMovesReport(
        found.name, found.checked, found.mismatches, found.error, found.reference
    )
