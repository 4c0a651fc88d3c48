"""The check for Lesson 6 (``notebooks/06-beyond-3x3.ipynb``): heuristics for bigger boards.

>>> from tictac.scoring import open_lines
>>> check_heuristic(open_lines).passed
True
>>> def x_in_the_corner(state, ply):   # mirror images disagree
...     return 1 if state.cells[0] == "X" else 0
>>> print(check_heuristic(x_in_the_corner).summary())
heuristic: ... positions differ from the reference.
"""

from __future__ import annotations

from tictac.exercises.checking import Report, check_function
from tictac.scoring import Score
from tictac.state import State, reachable_states, winning_lines

__all__ = ["check_heuristic"]


def _heuristic_positions(rows: int, cols: int, k: int, marks: int) -> list[State]:
    states = []
    for state in reachable_states(State.new(rows, cols, k)):
        if state.moves_made > marks:
            break
        states.append(state)
    return states


def check_heuristic(heuristic: Score, *, rows: int = 4, cols: int = 4, k: int = 4) -> Report:
    """Check a heuristic ``h(state, ply) -> number`` for the properties every good one has.

    On positions of an m,n,k board (4x4 by default) with up to three marks, and on a few
    finished ones: mirror images get the same value, and a position X has won is worth more
    than 0. The heuristic is called with ``ply=0``.
    """
    positions = _heuristic_positions(rows, cols, k, 3)
    won = []
    for first in (0, rows * cols - 1):
        game = State.new(rows, cols, k)
        line = next(line for line in winning_lines(rows, cols, k) if first in line)
        others = [c for c in range(rows * cols) if c not in line]
        for x_cell, o_cell in zip(line, others):
            game = game.play(x_cell)
            if not game.is_terminal:
                game = game.play(o_cell)
        won.append(game)

    def reference(state: State) -> object:
        if state.winner == "X":
            return "positive"
        if state.winner == "O":
            return "negative"
        return "the same for all mirror images"

    def verdict(state: State) -> object:
        value = heuristic(state, 0)
        if state.winner == "X":
            return "positive" if value > 0 else value
        if state.winner == "O":
            return "negative" if value < 0 else value
        images = {heuristic(image, 0) for image in state.symmetries()}
        return "the same for all mirror images" if len(images) == 1 else sorted(images)

    return check_function("heuristic", verdict, reference, [*positions, *won])
