"""The checks for Lesson 7 (``notebooks/07-depth-limited.ipynb``): a depth-limited search
written by hand, and weights for a heuristic shown better than open lines. (The threat
extension and the horizon effect, Lesson 7b's, are checked in :mod:`.lesson07b_horizon`.)

:func:`check_depth_limited` compares a depth-limited search with
:func:`tictac.search.textbook.depth_limited_value`; one that guesses at once differs, and says so:

>>> def at_once(state, depth, ply=0):
...     return decided(state, ply) if state.is_terminal else open_lines(state, ply)
>>> print(check_depth_limited(at_once).summary())
depth-limited search: ... positions differ from the reference. Your values are open lines' ...

:func:`check_weights` builds a heuristic from weights (:func:`tictac.game.scoring.weighted`) and
lets it play open lines in seeded games; the weights of open lines itself are not better than
open lines:

>>> report = check_weights({"open_1": 1, "open_2": 1, "open_3": 1})
>>> report.passed
False
>>> print(report)
weights {'open_1': 1, 'open_2': 1, 'open_3': 1}: In 200 games against open_lines, ...
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tictac.exercises.checking import Mismatch, Report, check_function, verdict_html
from tictac.game.scoring import Score, open_lines, weighted, win_loss
from tictac.game.state import State
from tictac.helpers.seeds import Seed, random_source
from tictac.players.rules import Player, searching
from tictac.players.tournament import play_game, wilson_interval
from tictac.search.textbook import depth_limited_value

__all__ = [
    "GamesAgainstOpenLines",
    "HeuristicReport",
    "LimitedReport",
    "WeightsReport",
    "check_depth_limited",
    "check_heuristic",
    "check_weights",
    "limited_positions",
]

# ---------------------------------------------------------------------------------------------
# Exercise 1: a depth-limited search, by hand

LIMITED_DEPTHS = (1, 2)
"""The depth limits :func:`check_depth_limited` tries each position with."""

LIMITED_POSITIONS = 200
"""How many positions of random 4x4 games :func:`check_depth_limited` tries."""


def decided(state: State, ply: int) -> float:
    """The lesson's score: a finished game is worth 1,000 times :func:`win_loss`, more than
    open lines ever counts on 4x4 (at most 10)."""
    return 1000 * win_loss(state, ply)


@dataclass(repr=False)
class LimitedReport(Report):
    """A :class:`Report` on a depth-limited search, with a `hint` when every position where it
    differs shows the same likely mistake."""

    hint: str = ""

    def summary(self) -> str:
        said = super().summary()
        return f"{said} {self.hint}" if self.hint and not self.passed else said


def limited_positions() -> list[State]:
    """The positions :func:`check_depth_limited` tries: 200 positions of seeded random 4x4
    games (four in a row, five to twelve marks, finished games included)."""
    return random_positions(State.new(4, 4, 4), LIMITED_POSITIONS, marks=(5, 12), seed=0)


def check_depth_limited(
    function: Callable[..., Any],
    *,
    positions: list[State] | None = None,
    depths: tuple[int, ...] = LIMITED_DEPTHS,
) -> LimitedReport:
    """Check ``function(state, depth)``, depth-limited minimax with
    :func:`~tictac.game.scoring.open_lines` at the horizon (`depth` moves below the start)
    and :func:`decided` for finished games, against
    :func:`tictac.search.textbook.depth_limited_value`: on 200 positions of seeded random 4x4
    games (four in a row, five to twelve marks, finished games included), at depths 1 and 2
    (or on `positions`, at `depths`). Once it passes, the report shows the package's short
    version.

    >>> def careless(state, depth, ply=0):   # a win is worth 1: less than some guesses
    ...     return depth_limited_value(state, depth, open_lines, win_loss, ply)
    >>> print(check_depth_limited(careless).summary())
    depth-limited search: ... differ from the reference. Your search values finished games with ...
    """

    def values(state: State) -> tuple[float, ...]:
        return tuple(function(state, depth) for depth in depths)

    def reference(state: State) -> tuple[float, ...]:
        return tuple(depth_limited_value(state, depth, open_lines, decided) for depth in depths)

    if positions is None:
        positions = limited_positions()
    found = check_function(
        "depth-limited search", values, reference, positions, reveal=depth_limited_value
    )
    return LimitedReport(
        found.name,
        found.checked,
        found.mismatches,
        found.error,
        found.reference,
        hint=_limited_hint(found.mismatches, depths),
    )


def _limited_hint(mismatches: list[Mismatch], depths: tuple[int, ...]) -> str:
    """The mistake that explains every differing position, if one does."""
    if not mismatches:
        return ""

    def limited(state: State, depth: int) -> float:
        return depth_limited_value(state, depth, open_lines, decided)

    def every(answer: Callable[..., float]) -> bool:
        return all(m.got == tuple(answer(m.state, d) for d in depths) for m in mismatches)

    if every(lambda state, depth: open_lines(state, 0)):
        return (
            "Your values are open lines' guess for the position itself: search `depth` moves "
            "first, and guess only at the horizon."
        )
    if every(lambda state, depth: depth_limited_value(state, depth, open_lines, win_loss)):
        return (
            "Your search values finished games with win_loss, so a win is worth 1, less than "
            "some guesses of open lines: a finished game must outrank every guess (decided)."
        )
    if every(lambda state, depth: depth_limited_value(state, depth, open_lines, open_lines)):
        return (
            "Your search guesses on finished games too: a finished game is worth its score "
            "(decided), which outranks every guess."
        )
    for wrong, said in ((-1, "one move short of"), (1, "one move past")):
        if every(lambda state, depth, wrong=wrong: limited(state, depth + wrong)):
            return f"Your search guesses {said} the horizon: when is ply equal to depth?"
    return ""


def random_positions(start: State, count: int, *, marks: tuple[int, int], seed: int) -> list[State]:
    """`count` positions from seeded random games from `start`, each cut after a random
    number of marks between `marks` (or where the game ended).

    >>> random_positions(State.new(4, 4, 4), 2, marks=(5, 7), seed=0)
    [State.parse('O.../.X../OXO./.X..'), State.parse('..OO/.O../..XX/...X')]
    """
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        state = start
        for _ in range(rng.randint(*marks)):
            if state.is_terminal:
                break
            state = state.play(rng.choice(state.legal_moves()))
        found.append(state)
    return found


# ---------------------------------------------------------------------------------------------
# Exercise 2: weights that beat open lines

OPENINGS = 100
"""Openings :func:`check_weights` plays, each twice (your heuristic as X, then as O)."""

LOOKAHEAD = 1
"""How many moves ahead both players look in the check's games: with one, the heuristic alone
decides which move to make."""


def random_openings(start: State, count: int, seed: Seed = 0) -> list[State]:
    """`count` openings from `start`: a random move for the player to move, then one for the
    other, drawn with `seed`.

    >>> random_openings(State.new(4, 4, 4), 2, seed=1)
    [State.parse('..../X.../..O./....'), State.parse('..X./.O../..../....')]
    """
    rng = random_source(seed)
    openings = []
    for _ in range(count):
        opening = start.play(rng.choice(start.legal_moves()))
        openings.append(opening.play(rng.choice(opening.legal_moves())))
    return openings


@dataclass
class GamesAgainstOpenLines:
    """The check's games: how a heuristic fared against open lines, from its side.

    They show it better when, of the games that were not drawn, the share it won has a 95%
    Wilson interval (or one of another `confidence`) entirely above one half.
    """

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    confidence: float = 0.95

    @property
    def interval(self) -> tuple[float, float]:
        """The interval for the share of the decided games the heuristic won."""
        return wilson_interval(self.wins, self.wins + self.losses, self.confidence)

    @property
    def shown_better(self) -> bool:
        """Did the games show the heuristic better than open lines?"""
        return self.games > 0 and self.interval[0] > 0.5

    def told(self, hint: str) -> str:
        """What the games showed, in words; `hint` for when every game was a draw."""
        played = (
            f"In {self.games} games against open_lines, both looking {LOOKAHEAD} move ahead, "
            f"yours won {self.wins}, drew {self.draws} and lost {self.losses}."
        )
        if not self.wins + self.losses:
            return (
                f"{played} Every game was a draw, so nothing shows it better than open_lines. "
                f"{hint}"
            )
        low, high = self.interval
        share = (
            f"It won {self.wins / (self.wins + self.losses):.0%} of the decided games "
            f"({self.confidence * 100:.7g}% interval {low:.0%} to {high:.0%})"
        )
        if self.shown_better:
            return f"{played} {share}: better than open_lines. Well done!"
        return (
            f"{played} {share}: that does not show it better than open_lines, which needs "
            "the whole interval above 50%."
        )


def _play_against_open_lines(
    heuristic: Score, seed: Seed, openings: int = OPENINGS, confidence: float = 0.95
) -> GamesAgainstOpenLines:
    """The check's games on 4x4 (four in a row): a player using `heuristic` against one using
    open lines, both one move ahead, from `openings` random openings played twice."""
    rng = random_source(seed)
    yours = Player("yours", searching(depth=LOOKAHEAD, heuristic=heuristic))
    theirs = Player("open lines", searching(depth=LOOKAHEAD, heuristic=open_lines))
    played = GamesAgainstOpenLines(confidence=confidence)
    for opening in random_openings(State.new(4, 4, 4), openings, rng):
        for yours_is_x in (True, False):
            yours.reseed(rng.randrange(2**32))
            theirs.reseed(rng.randrange(2**32))
            x, o = (yours, theirs) if yours_is_x else (theirs, yours)
            result = play_game(x, o, start=opening).result
            played.games += 1
            if result == "draw":
                played.draws += 1
            elif (result == "X") == yours_is_x:
                played.wins += 1
            else:
                played.losses += 1
    return played


@dataclass(repr=False)
class WeightsReport:
    """Weights for :func:`~tictac.game.scoring.weighted`, and how their heuristic fared against
    open lines in the check's games (`played`)."""

    weights: dict[str, float]
    played: GamesAgainstOpenLines

    @property
    def passed(self) -> bool:
        return self.played.shown_better

    def summary(self) -> str:
        return f"weights {self.weights}: " + self.played.told(
            "Open lines counts every line still open alike, whatever it holds: which lines "
            "deserve more weight?"
        )

    __str__ = __repr__ = summary

    def _repr_html_(self) -> str:
        return verdict_html(self.summary(), self.passed, tag="p")


def check_weights(
    weights: Mapping[str, float],
    *,
    seed: Seed = 0,
    openings: int = OPENINGS,
    confidence: float = 0.95,
) -> WeightsReport:
    """Play a heuristic made of `weights` (see :func:`tictac.game.scoring.weighted`) against
    :func:`~tictac.game.scoring.open_lines` on 4x4 with four in a row, and say whether the games
    show it better.

    From 100 openings (:func:`random_openings`, drawn with `seed`), each played twice so
    that each side plays each opening as X and as O, a player using your heuristic meets one
    using open lines. Both look one move ahead, take a win when they see one and otherwise
    the move their heuristic likes best (ties at random, seeded), so the heuristic alone
    decides. It passes when, of the games that were not drawn, yours won a share whose 95%
    Wilson interval lies entirely above one half. (`openings` and `confidence` change the
    number of openings and the interval's confidence.)

    >>> check_weights({"open_two": 1})
    Traceback (most recent call last):
      ...
    ValueError: 'open_two' is not a feature: the features are open_1, open_2, ... open_k ...
    """
    heuristic = weighted(weights)  # refuses names that are not features, and non-numbers
    return WeightsReport(
        dict(weights), _play_against_open_lines(heuristic, seed, openings, confidence)
    )


@dataclass(repr=False)
class HeuristicReport(Report):
    """A :class:`Report` on a heuristic function: its properties, then (once they hold) its
    games against open lines (`played`). It passes when both do."""

    played: GamesAgainstOpenLines = field(default_factory=GamesAgainstOpenLines)

    @property
    def passed(self) -> bool:
        return super().passed and self.played.shown_better

    def summary(self) -> str:
        if not super().passed or not self.played.games:
            return super().summary()
        return (
            f"{self.name}: mirror images agree and won games count for the winner in all "
            f"{self.checked} positions. "
            + self.played.told(
                "Open lines counts a line one mark short of a win the same as a line with one "
                "mark: which lines deserve more?"
            )
        )


def check_heuristic(heuristic: Score, *, seed: Seed = 0) -> HeuristicReport:
    """Check a heuristic function ``h(state, ply) -> number`` (X's view) for 4x4 with four in
    a row, and show whether it beats open lines (:func:`check_weights` does the same for a
    heuristic made of weights).

    First its properties, on every position with up to three marks and on two finished ones
    (the heuristic is called with ``ply=0``): mirror images get the same value, a position X
    has won is worth more than 0 and one O has won less than 0. Then the games of
    :func:`check_weights`.

    >>> check_heuristic(open_lines).passed
    False
    >>> def x_in_the_corner(state, ply):   # mirror images disagree
    ...     return 1 if state.cells[0] == "X" else 0
    >>> print(check_heuristic(x_in_the_corner).summary())
    heuristic: ... positions differ from the reference.
    """
    positions = _first_positions(State.new(4, 4, 4), 3)

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

    won = [State.parse("XXXX/OOO./..../....", k=4), State.parse("XXX./OOOO/X.../....", k=4)]
    found = check_function("heuristic", verdict, reference, [*positions, *won])
    report = HeuristicReport(found.name, found.checked, found.mismatches, found.error)
    if found.passed:
        try:
            report.played = _play_against_open_lines(heuristic, seed)
        except Exception as error:  # the student's code: report, don't crash the lesson
            report.error = f"{type(error).__name__}: {error} (during the games)"
    return report


def _first_positions(start: State, marks: int) -> list[State]:
    """Every position with up to `marks` marks, level by level (no deeper level is built)."""
    level = [start]
    states = list(level)
    for _ in range(marks):
        level = list(dict.fromkeys(s.play_unchecked(m) for s in level for m in s.legal_moves()))
        states += level
    return states
