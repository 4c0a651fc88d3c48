"""The check for Lesson 12 (``notebooks/12-play.ipynb``): can you beat a level?

:func:`check_win_against` replays your moves against a seeded AI level. (Lesson 12's counting
questions are checked by :func:`~tictac.exercises.check_count`, from Lesson 1.)

>>> check_win_against("random", [4, 0, 8], seed=1)
against random: you win in 3 moves!
>>> check_win_against("random", [(1, 1), (0, 0), (2, 2)], seed=1).passed
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tictac.exercises.checking import board_verdict_html
from tictac.game.state import IllegalMove, Mark, Move, State
from tictac.play.levels import make_player

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
        return board_verdict_html(self.final, str(self), self.passed)


def check_win_against(
    level: str, moves: Sequence[Move], *, you: Mark = "X", seed: int = 0
) -> GameCheck:
    """Replay your `moves` (cell numbers or ``(row, col)`` pairs) against the AI `level`, and
    say whether you won.

    The AI is seeded, so the same moves always meet the same replies: those of the first game
    of ``GameWidget(level=level, human=you, seed=seed)`` (or a ``GameSession`` with the same
    settings). When a game does not end in your win, the note lists the moves of the game so
    far, so you can see where the AI's replies differ from the ones you expected.

    >>> check_win_against("random", [4], seed=1)
    against random: the game is still running after your 1 move (X to move); moves so far: X 4, O 2.
    >>> check_win_against("random", [4], you="x")
    Traceback (most recent call last):
    ...
    ValueError: you must be "X" or "O", not 'x'
    """
    if you not in ("X", "O"):
        raise ValueError(f'you must be "X" or "O", not {you!r}')
    if isinstance(moves, (str, bytes)) or not isinstance(moves, Sequence):
        raise TypeError(f"moves must be a list of cell numbers or (row, col) pairs, not {moves!r}")
    ai = make_player(level, seed=seed)
    state = State.new()
    played: list[str] = []

    def stop(note: str) -> GameCheck:
        return GameCheck(level, state, you, f"{note}; moves so far: {', '.join(played)}.")

    pending = list(moves)
    while not state.is_terminal:
        if state.turn == you:
            if not pending:
                made = len(moves)
                return stop(
                    f"the game is still running after your {made} move{'s' * (made != 1)} "
                    f"({state.turn} to move)"
                )
            move = pending.pop(0)
            try:
                index = state.index_of(move)
                state.play(index)
            except IllegalMove as error:
                return stop(f"your move {move!r} is not legal here ({error})")
        else:
            index = ai.choose(state)
        played.append(f"{state.turn} {index}")
        state = state.play(index)
    if state.winner == you:
        note = f"you win in {state.cells.count(you)} moves!"
    else:
        outcome = "a draw" if state.winner is None else "the AI wins"
        note = f"{outcome}; the game: {', '.join(played)}."
    if pending:
        note += f" (The game was over before your moves {pending}.)"
    return GameCheck(level, state, you, note)
