"""The checks for Lesson 0 (``notebooks/00-welcome.ipynb``): who has won, which boards a game
can reach, and games played out move by move.

>>> def lazy_winner(state):
...     return None
>>> report = check_winner(lazy_winner)
>>> report.passed
False
>>> print(report.summary())
winner: 942 of 5478 positions differ from the reference.
>>> check_winner(lambda state: state.winner).passed
True
>>> check_game([0, 1, 2, 3, 4, 5, 6, 7, 8], "draw")
✗ X wins after 7 moves, not a draw.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from tictac.exercises.checking import (
    Report,
    board_verdict_html,
    check_function,
    exercise_positions,
    verdict_html,
)
from tictac.game.state import IllegalMove, InvalidBoard, Move, State, reachable_states

__all__ = [
    "LEGALITY_BOARDS",
    "GameReplay",
    "LegalityCheck",
    "check_game",
    "check_legality",
    "check_winner",
]

LEGALITY_BOARDS = ("XOX/OXO/XOX", "XXO/XOO/O..", "XXX/XOO/OO.")
"""The boards of Lesson 0's exercise 2: can a game reach them?"""

RESULTS = {"X": "X wins", "O": "O wins", "draw": "a draw"}


def check_winner(function: Callable[[State], str | None]) -> Report:
    """Check a function ``winner(state) -> "X" | "O" | None`` on all 5,478 positions."""
    return check_function("winner", function, lambda s: s.winner, exercise_positions())


# ---------------------------------------------------------------------------------------------
# Exercise 2: legal or not?


@dataclass(frozen=True)
class Judgement:
    """One board of :func:`check_legality`: your guess, the truth, and why."""

    board: str
    guess: bool | None  # None: not guessed yet
    legal: bool
    why: str

    @property
    def right(self) -> bool:
        return self.guess is self.legal

    def __str__(self) -> str:
        if self.guess is None:  # say nothing of the answer before a guess
            return f"{self.board}: no guess yet; replace None by True or False"
        said = "right" if self.right else f"you said {'legal' if self.guess else 'not legal'}"
        truth = "a game can reach it" if self.legal else "no game can reach it"
        return f"{self.board}: {said}; {truth}: {self.why}"


@dataclass(frozen=True)
class LegalityCheck:
    """Your guesses for which boards a game can reach, each compared with ``State.parse``."""

    judgements: tuple[Judgement, ...]

    @property
    def passed(self) -> bool:
        return all(j.right for j in self.judgements)

    def summary(self) -> str:
        if self.passed:
            return f"legal or not: all {len(self.judgements)} boards right. Well done!"
        guessed = [j for j in self.judgements if j.guess is not None]
        if not guessed:
            return "legal or not: no guesses yet; replace each None by True or False."
        missing = len(self.judgements) - len(guessed)
        parts = [f"{sum(not j.right for j in guessed)} of {len(guessed)} guesses wrong"]
        if missing:
            parts.append(f"{missing} board{'s' * (missing != 1)} without a guess")
        return "legal or not: " + ", ".join(parts) + "."

    def __str__(self) -> str:
        return "\n".join([self.summary(), *(f"  {j}" for j in self.judgements)])

    __repr__ = __str__

    def _repr_html_(self) -> str:
        # one verdict for the whole check; each board's line carries its own tick or cross
        items = "".join(
            f"<li>{'✓' if j.right else '✗'} {html.escape(str(j))}</li>" for j in self.judgements
        )
        return verdict_html(self.summary(), self.passed, tag="p") + f"<ul>{items}</ul>"


def check_legality(guesses: Mapping[str, bool | None]) -> LegalityCheck:
    """Check your guesses, ``{board: True if a game can reach it, else False}``, against
    ``State.parse``.

    Every board of the exercise (:data:`LEGALITY_BOARDS`) needs a guess (None: not yet); other
    boards may be added. Each guessed board's line says why: the rule it breaks, or a game that
    reaches it.

    >>> print(check_legality({"XO./.../...": True, "OO./.../...": True}))
    legal or not: 1 of 2 guesses wrong, 3 boards without a guess.
      XO./.../...: right; a game can reach it: for example the moves 0, 1
      OO./.../...: you said legal; no game can reach it: impossible board: X has 0 marks ...
      XOX/OXO/XOX: no guess yet; replace None by True or False
    ...
    >>> check_legality({"XOX/OXO/XOX": "yes"})
    Traceback (most recent call last):
      ...
    TypeError: the guess for 'XOX/OXO/XOX' must be True (a game can reach it), False or None ...
    """
    for board, guess in guesses.items():
        if guess is not None and not isinstance(guess, bool):
            raise TypeError(
                f"the guess for {board!r} must be True (a game can reach it), False or None "
                f"(no guess yet), not {guess!r}"
            )
    boards = list(guesses) + [b for b in LEGALITY_BOARDS if b not in guesses]
    return LegalityCheck(tuple(_judge(board, guesses.get(board)) for board in boards))


def _judge(board: str, guess: bool | None) -> Judgement:
    try:
        state = State.parse(board)
    except InvalidBoard as error:
        return Judgement(board, guess, False, str(error))
    moves = ", ".join(str(move) for move in _a_game_to(state))
    return Judgement(board, guess, True, f"for example the moves {moves}")


def _a_game_to(target: State) -> list[int]:
    """The moves of one game from the empty board to `target` (which ``State.parse`` took)."""

    def search(state: State, moves: list[int]) -> list[int] | None:
        if state == target:
            return moves
        if state.is_terminal:
            return None
        for move in state.legal_moves():
            if target.cells[move] == state.turn:
                found = search(state.play(move), [*moves, move])
                if found is not None:
                    return found
        return None

    start = State.new(target.rows, target.cols, target.k)
    found = search(start, [])
    if found is None:  # State.parse accepts only boards a game can reach
        raise AssertionError(f"no game reaches {target.text}")
    return found


# ---------------------------------------------------------------------------------------------
# Exercise 3: play it out


@dataclass(frozen=True)
class GameReplay:
    """A game played out from the empty board by :func:`check_game`, and the verdict."""

    final: State
    text: str
    passed: bool

    def __str__(self) -> str:
        return f"{'✓' if self.passed else '✗'} {self.text}"

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return board_verdict_html(self.final, self.text, self.passed)


def check_game(moves: Sequence[Move], result: str, *, shortest: bool = False) -> GameReplay:
    """Play `moves` (cell numbers or ``(row, col)`` pairs) from the empty board and check that
    the game ends with `result`: ``"X"`` or ``"O"`` (that player wins) or ``"draw"``. With
    `shortest`, the game must also be as short as a game with that result can be.

    >>> check_game([(1, 1), (0, 0), 8, 2, 1, 7, 6, 3, 5], "draw")
    ✓ a draw after 9 moves, as asked.
    >>> check_game([0, 4, 8, 2, 6, 3, 1, 5], "O", shortest=True)
    ✗ O wins after 8 moves, but O can win a game in fewer: find a shorter one.
    >>> check_game([4, 4], "X")
    ✗ move 2 (4) is not legal: cell 4 (row 1, column 1) is already taken by X; ...
    """
    if result not in RESULTS:
        raise ValueError(f'the result must be "X", "O" or "draw", not {result!r}')
    state, problem = _play_out(moves)
    played, got = state.moves_made, state.result()
    if got is None:
        still_on = f"after {played} moves the game is still on ({state.turn} to move): play on."
        return GameReplay(state, problem or still_on, False)
    ended = f"{RESULTS[got]} after {played} moves"
    if got != result:
        return GameReplay(state, f"{ended}, not {RESULTS[result]}.", False)
    if problem is not None:
        return GameReplay(state, f"{ended}, as asked, but {problem}.", False)
    if shortest and played > _fewest_moves(result):
        who = "a draw can come" if result == "draw" else f"{result} can win a game"
        return GameReplay(state, f"{ended}, but {who} in fewer: find a shorter one.", False)
    how = "the fewest a game can take to end so" if shortest else "as asked"
    return GameReplay(state, f"{ended}, {how}.", True)


def _play_out(moves: Sequence[Move]) -> tuple[State, str | None]:
    """The position after `moves` from the empty board, and what stopped them if one did."""
    if isinstance(moves, (str, bytes)) or not isinstance(moves, Sequence):
        raise TypeError(f"moves must be a list of cell numbers or (row, col) pairs, not {moves!r}")
    state = State.new()
    for number, move in enumerate(moves, start=1):
        if state.is_terminal:
            return state, f"move {number} ({move!r}) comes after the end: leave it out"
        try:
            state = state.play(state.index_of(move))
        except IllegalMove as error:
            return state, f"move {number} ({move!r}) is not legal: {error}"
    return state, None


@functools.cache
def _fewest_moves(result: str) -> int:
    """The fewest moves of a 3x3 game that ends with `result`."""
    return min(s.moves_made for s in reachable_states() if s.result() == result)
