"""The checks for Lesson 7 (``notebooks/07-depth-limited.ipynb``): a heuristic for bigger boards,
and who wins an m,n,k game.

:func:`check_heuristic` asks two things of a heuristic: that it has the properties every good
one has (mirror images agree, a won game counts for the winner), and that it is *shown* better
than :func:`~tictac.scoring.open_lines` in games between the two. Open lines itself is not
better than open lines:

>>> from tictac.scoring import open_lines
>>> report = check_heuristic(open_lines)
>>> report.passed
False
>>> print(report.summary())
heuristic: ... In 200 games against open_lines, ... Every game was a draw, ...
>>> def x_in_the_corner(state, ply):   # mirror images disagree
...     return 1 if state.cells[0] == "X" else 0
>>> print(check_heuristic(x_in_the_corner).summary())
heuristic: ... positions differ from the reference.

:func:`check_who_wins` checks a prediction of who wins an m,n,k game with perfect play, and
with which first moves, without giving the answer away:

>>> print(check_who_wins((3, 3, 3), "X wins", [4]))
3,3,3: the result is not 'X wins'. Your winning first moves are not all right: 1 of them does
not win.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from tictac.exercises.checking import Report, check_function, verdict_html
from tictac.players import Player, searching
from tictac.scoring import Score, open_lines, win_loss
from tictac.seeds import Seed, random_source
from tictac.solver import move_outcomes, solve
from tictac.state import Move, State, winning_lines
from tictac.tournament import play_game, wilson_interval

__all__ = ["HeuristicReport", "WhoWinsCheck", "check_heuristic", "check_who_wins"]

OPENINGS = 100
"""Openings the heuristic check plays, each twice (your heuristic as X, then as O)."""

LOOKAHEAD = 1
"""How many moves ahead both players look in the check's games: with one, the heuristic alone
decides which move to make."""

DECIDED = 10**9
"""What a finished game is worth in the check's games (+ for X, - for O): more than any
heuristic, so that a player takes a win it sees rather than a position its heuristic likes."""


def _decided(state: State, ply: int) -> float:
    return DECIDED * win_loss(state, ply)


# ---------------------------------------------------------------------------------------------
# Exercise 1: a heuristic better than open lines


@dataclass(repr=False)
class HeuristicReport(Report):
    """A :class:`Report` on a heuristic: its properties, then its games against open lines.

    It passes when the properties hold and, of the games that were not drawn, the share won
    by the heuristic has a 95% Wilson interval entirely above one half.
    """

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval for the share of the decided games the heuristic wins."""
        return wilson_interval(self.wins, self.wins + self.losses)

    @property
    def shown_better(self) -> bool:
        """Did the games show the heuristic better than open lines?"""
        return self.games > 0 and self.interval[0] > 0.5

    @property
    def passed(self) -> bool:
        return super().passed and self.shown_better

    def summary(self) -> str:
        properties_hold = not self.mismatches and self.error is None and self.checked > 0
        if not properties_hold or not self.games:
            return super().summary()
        played = (
            f"{self.name}: mirror images agree and won games count for the winner in all "
            f"{self.checked} positions. In {self.games} games against open_lines, both "
            f"looking {LOOKAHEAD} move ahead, yours won {self.wins}, drew {self.draws} and "
            f"lost {self.losses}."
        )
        if not self.wins + self.losses:
            return (
                f"{played} Every game was a draw, so nothing shows it better than open_lines. "
                "Open lines counts a line one mark short of a win the same as an empty line: "
                "make a line count for more the more marks it holds."
            )
        low, high = self.interval
        share = (
            f"It won {self.wins / (self.wins + self.losses):.0%} of the decided games "
            f"(95% interval {low:.0%} to {high:.0%})"
        )
        if self.shown_better:
            return f"{played} {share}: better than open_lines. Well done!"
        return (
            f"{played} {share}: that does not show it better than open_lines, which needs "
            "the whole interval above 50%."
        )


def check_heuristic(
    heuristic: Score, *, rows: int = 4, cols: int = 4, k: int = 4, seed: Seed = 0
) -> HeuristicReport:
    """Check a heuristic ``h(state, ply) -> number`` (X's view) on an m,n,k board, 4x4 with
    four in a row by default, and show whether it beats open lines.

    First its properties, on every position with up to three marks and on a few finished
    ones (the heuristic is called with ``ply=0``): mirror images get the same value, a position
    X has won is worth more than 0 and one O has won less than 0.

    Then games: from 100 openings (a random X and a random O, drawn with `seed`), each played
    twice so that both sides play each opening as X and as O, a player using your heuristic
    meets one using open lines. Both look one move ahead, take a win when they see one and
    otherwise the move their heuristic likes best (ties at random), so the heuristic alone
    decides. It passes when, of the games that were not drawn, your heuristic won a share whose
    95% Wilson interval lies entirely above one half.
    """
    positions = _heuristic_positions(rows, cols, k, 3)
    won = _won_positions(rows, cols, k)

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

    found = check_function("heuristic", verdict, reference, [*positions, *won])
    report = HeuristicReport(found.name, found.checked, found.mismatches, found.error)
    if found.passed:
        try:
            _play_against_open_lines(report, heuristic, State.new(rows, cols, k), seed)
        except Exception as error:  # the student's code: report, don't crash the lesson
            report.error = f"{type(error).__name__}: {error} (during the games)"
    return report


def _play_against_open_lines(
    report: HeuristicReport, heuristic: Score, empty: State, seed: Seed
) -> None:
    """Play the check's games and add their results to `report`."""
    rng = random_source(seed)
    yours = Player("yours", searching(depth=LOOKAHEAD, heuristic=heuristic, score=_decided))
    theirs = Player("open lines", searching(depth=LOOKAHEAD, heuristic=open_lines, score=_decided))
    for opening in _openings(empty, OPENINGS, rng):
        for yours_is_x in (True, False):
            yours.reseed(rng.randrange(2**32))
            theirs.reseed(rng.randrange(2**32))
            x, o = (yours, theirs) if yours_is_x else (theirs, yours)
            result = play_game(x, o, start=opening).result
            report.games += 1
            if result == "draw":
                report.draws += 1
            elif (result == "X") == yours_is_x:
                report.wins += 1
            else:
                report.losses += 1


def _openings(empty: State, count: int, rng: random.Random) -> list[State]:
    """`count` openings: a random mark for X, then one for O."""
    openings = []
    for _ in range(count):
        opening = empty.play(rng.choice(empty.legal_moves()))
        openings.append(opening.play(rng.choice(opening.legal_moves())))
    return openings


def _heuristic_positions(rows: int, cols: int, k: int, marks: int) -> list[State]:
    """Every position with up to `marks` marks, level by level (no deeper level is built)."""
    level = [State.new(rows, cols, k)]
    states = list(level)
    for _ in range(marks):
        level = list(dict.fromkeys(s._play_unchecked(m) for s in level for m in s.legal_moves()))
        states += level
    return states


def _won_positions(rows: int, cols: int, k: int) -> list[State]:
    """Two finished games: X completes a line through one corner, then through the other."""
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
    return won


# ---------------------------------------------------------------------------------------------
# Exercise 2: who wins an m,n,k game, and with which first moves

RESULTS = {"X wins": 1, "draw": 0, "O wins": -1}
"""The results a prediction may name, with the value :func:`~tictac.solver.solve` gives."""

MAX_CELLS = 16  # bigger boards take the solver too long for a check


@dataclass(frozen=True)
class WhoWinsCheck:
    """A prediction of an m,n,k game's result and X's winning first moves, compared with the
    solver's answer. It says what is wrong without giving the answer away."""

    board: tuple[int, int, int]
    result: str | None  # None: no prediction yet
    moves: frozenset[int] | None
    value: int
    winning: frozenset[int]

    @property
    def result_right(self) -> bool:
        return self.result is not None and RESULTS[self.result] == self.value

    @property
    def moves_right(self) -> bool:
        return self.moves == self.winning

    @property
    def passed(self) -> bool:
        return self.result_right and self.moves_right

    def __str__(self) -> str:
        name = ",".join(map(str, self.board))
        if self.result is None or self.moves is None:
            return (
                f"{name}: no prediction yet. Set result to "
                f"{', '.join(map(repr, RESULTS))} and winning_first_moves to the list of X's "
                "first moves that keep a win (an empty list if there are none)."
            )
        if self.passed:
            if not self.winning:
                return f"{name}: right, {self.result}, so no first move of X wins. Well done!"
            return (
                f"{name}: right, {self.result}, and you found all {len(self.winning)} winning "
                "first moves. Well done!"
            )
        said = [f"the result is {'right' if self.result_right else f'not {self.result!r}'}."]
        if not self.moves_right:
            wrong, missing = len(self.moves - self.winning), len(self.winning - self.moves)
            problems = []
            if wrong:
                problems.append(f"{wrong} of them {'does' if wrong == 1 else 'do'} not win")
            if missing:
                problems.append("some winning first moves are missing")
            said.append(f"Your winning first moves are not all right: {' and '.join(problems)}.")
        else:
            said.append("Your winning first moves are right.")
        return f"{name}: " + " ".join(said)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return verdict_html(str(self), self.passed, tag="p")


def check_who_wins(
    board: tuple[int, int, int], result: str | None, winning_first_moves: Iterable[Move] | None
) -> WhoWinsCheck:
    """Check a prediction for the empty `board` ``(rows, cols, k)`` played perfectly: its
    `result` ("X wins", "draw" or "O wins") and X's first moves that win (cell numbers or
    ``(row, col)`` pairs; none when X cannot win). None for either means no prediction yet:
    the check fails and says what to fill in, giving nothing away.

    A winning first move is one after which X can still force a win, fast or slow.

    >>> check_who_wins((3, 3, 3), "draw", []).passed
    True
    >>> check_who_wins((3, 3, 3), None, None)
    3,3,3: no prediction yet. Set result to 'X wins', 'draw', 'O wins' and ...
    >>> check_who_wins((3, 3, 3), "a draw", [])
    Traceback (most recent call last):
      ...
    ValueError: result must be one of 'X wins', 'draw', 'O wins', not 'a draw'
    >>> check_who_wins((3, 3, 3), "draw", [(3, 0)])
    Traceback (most recent call last):
      ...
    tictac.state.IllegalMove: (3, 0) is outside the 3x3 board: ...
    """
    if result is not None and result not in RESULTS:
        raise ValueError(f"result must be one of {', '.join(map(repr, RESULTS))}, not {result!r}")
    rows, cols, k = board
    empty = State.new(rows, cols, k)
    if rows * cols > MAX_CELLS:
        raise ValueError(
            f"check_who_wins() takes boards of up to {MAX_CELLS} cells, not {rows * cols}: "
            "bigger ones take the solver too long"
        )
    if isinstance(winning_first_moves, (str, int)):
        raise TypeError(
            "winning_first_moves is a list of moves, such as [0, 5] or [(0, 0), (1, 1)], "
            f"not {winning_first_moves!r}"
        )
    moves = None
    if winning_first_moves is not None:
        moves = frozenset(empty.index_of(move) for move in winning_first_moves)
    winning = frozenset(m for m, outcome in move_outcomes(empty).items() if outcome.value > 0)
    return WhoWinsCheck((rows, cols, k), result, moves, solve(empty), winning)
