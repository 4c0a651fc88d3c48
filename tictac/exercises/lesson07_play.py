"""The check for Lesson 7 (``notebooks/07-play.ipynb``): can you beat a level?

:func:`check_win_against` replays your moves against a seeded AI level. (Lesson 7's counting
questions are checked by :func:`~tictac.exercises.check_count`, from Lesson 1.)

>>> check_win_against("random", [4, 0, 8], seed=1)
against random: you win in 3 moves!
>>> check_win_against("random", [4, 0, 8], seed=1).passed
True
"""

from __future__ import annotations

from dataclasses import dataclass

from tictac.exercises.checking import verdict_html
from tictac.pictures import board_svg
from tictac.players import make_player
from tictac.state import Mark, State

__all__ = ["GameCheck", "check_win_against"]


@dataclass(frozen=True)
class GameCheck:
    """A game replayed from a list of moves against an AI level, and what became of it."""

    level: str
    final: State
    you: Mark
    note: str

    @property
    def passed(self) -> bool:
        return self.final.winner == self.you

    def __str__(self) -> str:
        return f"against {self.level}: {self.note}"

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return (
            '<div style="display:flex;gap:14px;align-items:center">'
            f"{board_svg(self.final, cell_size=30)}{verdict_html(str(self), self.passed)}</div>"
        )


def check_win_against(level: str, moves: list[int], *, you: Mark = "X", seed: int = 0) -> GameCheck:
    """Replay your `moves` (cell numbers) against the AI `level` and say whether you won.

    The AI is seeded, so the same moves always meet the same replies. Moves that are no longer
    legal when their turn comes (the AI took the cell) end the replay with a note.

    >>> check_win_against("random", [4], seed=1)
    against random: the game is still running after your moves (X to move).
    >>> check_win_against("random", [4], you="x")
    Traceback (most recent call last):
    ...
    ValueError: you must be "X" or "O", not 'x'
    """
    if you not in ("X", "O"):
        raise ValueError(f'you must be "X" or "O", not {you!r}')
    ai = make_player(level, seed=seed)
    state = State.new()
    pending = list(moves)
    while not state.is_terminal:
        if state.turn == you:
            if not pending:
                return GameCheck(
                    level,
                    state,
                    you,
                    f"the game is still running after your moves ({state.turn} to move).",
                )
            move = pending.pop(0)
            if move not in state.legal_moves():
                return GameCheck(
                    level,
                    state,
                    you,
                    f"your move {move} is not legal here; the AI may have taken it.",
                )
            state = state.play(move)
        else:
            state = state.play(ai.choose(state))
    if state.winner == you:
        note = f"you win in {state.cells.count(you)} moves!"
    elif state.winner is None:
        note = "a draw."
    else:
        note = "the AI wins."
    return GameCheck(level, state, you, note)
