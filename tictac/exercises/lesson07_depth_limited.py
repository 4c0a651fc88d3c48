"""The checks for Lesson 7 (``notebooks/07-depth-limited.ipynb``): weights for a heuristic
shown better than open lines, the threat extension written by hand, and a position that shows
the horizon effect.

:func:`check_weights` builds a heuristic from weights (:func:`tictac.game.scoring.weighted`) and
lets it play open lines in seeded games; the weights of open lines itself are not better than
open lines:

>>> report = check_weights({"open_1": 1, "open_2": 1, "open_3": 1})
>>> report.passed
False
>>> print(report)
weights {'open_1': 1, 'open_2': 1, 'open_3': 1}: In 200 games against open_lines, ...

:func:`check_extension` compares a depth-limited search with the threat extension with
:func:`tictac.search.threats.extended_value`; the search without it differs:

>>> from tictac.search.engine import minimax
>>> def plain(state, depth):
...     return minimax(state, depth=depth, heuristic=open_lines, score=decided).value
>>> check_extension(plain).passed
False

:func:`check_horizon` checks a position where the depth-2 search walks into a loss that the
threat extension avoids; the lesson's own position does not count:

>>> print(check_horizon(HORIZON_POSITION))
.X.X/OXXO/O.XO/....: that is the lesson's position (or a mirror image of it): find another one.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tictac.exercises.checking import Report, board_verdict_html, check_function, verdict_html
from tictac.game.scoring import Score, bounded, decisive, open_lines, weighted, win_loss
from tictac.game.state import State
from tictac.helpers.seeds import Seed, random_source
from tictac.players.rules import Player, searching
from tictac.players.tournament import play_game, wilson_interval
from tictac.search.engine import alphabeta
from tictac.search.solver import move_outcomes
from tictac.search.threats import MAX_EXTENSION, extended_value

__all__ = [
    "ExtensionReport",
    "GamesAgainstOpenLines",
    "HeuristicReport",
    "HorizonCheck",
    "WeightsReport",
    "check_extension",
    "check_heuristic",
    "check_horizon",
    "check_weights",
    "horizon_choices",
]

# ---------------------------------------------------------------------------------------------
# Exercise 1: weights that beat open lines

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
    Wilson interval entirely above one half.
    """

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval for the share of the decided games the heuristic won."""
        return wilson_interval(self.wins, self.wins + self.losses)

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
            f"(95% interval {low:.0%} to {high:.0%})"
        )
        if self.shown_better:
            return f"{played} {share}: better than open_lines. Well done!"
        return (
            f"{played} {share}: that does not show it better than open_lines, which needs "
            "the whole interval above 50%."
        )


def _play_against_open_lines(heuristic: Score, seed: Seed) -> GamesAgainstOpenLines:
    """The check's games on 4x4 (four in a row): a player using `heuristic` against one using
    open lines, both one move ahead, from :data:`OPENINGS` random openings played twice."""
    rng = random_source(seed)
    yours = Player("yours", searching(depth=LOOKAHEAD, heuristic=heuristic))
    theirs = Player("open lines", searching(depth=LOOKAHEAD, heuristic=open_lines))
    played = GamesAgainstOpenLines()
    for opening in random_openings(State.new(4, 4, 4), OPENINGS, rng):
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


def check_weights(weights: Mapping[str, float], *, seed: Seed = 0) -> WeightsReport:
    """Play a heuristic made of `weights` (see :func:`tictac.game.scoring.weighted`) against
    :func:`~tictac.game.scoring.open_lines` on 4x4 with four in a row, and say whether the games
    show it better.

    From 100 openings (:func:`random_openings`, drawn with `seed`), each played twice so
    that each side plays each opening as X and as O, a player using your heuristic meets one
    using open lines. Both look one move ahead, take a win when they see one and otherwise
    the move their heuristic likes best (ties at random, seeded), so the heuristic alone
    decides. It passes when, of the games that were not drawn, yours won a share whose 95%
    Wilson interval lies entirely above one half.

    >>> check_weights({"open_two": 1})
    Traceback (most recent call last):
      ...
    ValueError: 'open_two' is not a feature: the features are open_1, open_2, ... open_k ...
    """
    heuristic = weighted(weights)  # refuses names that are not features, and non-numbers
    return WeightsReport(dict(weights), _play_against_open_lines(heuristic, seed))


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


# ---------------------------------------------------------------------------------------------
# Exercise 2: the threat extension, by hand

EXTENSION_DEPTHS = (1, 2)
"""The depth limits :func:`check_extension` tries each position with."""

EXTENSION_POSITIONS = 200
"""How many positions of random 4x4 games :func:`check_extension` tries."""

LONG_FORCED_LINES = (
    State.parse("XX.../.XO../XO.XO/.OO.O/.OX.X", k=4),
    State.parse("XX..O/.O..X/XOO../.XOOX/O.X..", k=4),
)
"""Two 5x5 positions (four in a row, X to move) that :func:`check_extension` tries as well:
one move deep, a line of forced moves runs on more than
:data:`~tictac.search.threats.MAX_EXTENSION` plies past the depth limit, so an extension with
no bound, or another bound, finds another value there. (On the check's positions of random
4x4 games the bound never binds. These two were found by searching random 5x5 positions.)"""


def decided(state: State, ply: int) -> float:
    """The lesson's score: a finished game is worth 1,000 times :func:`win_loss`, more than
    open lines ever counts on 4x4 (at most 10)."""
    return 1000 * win_loss(state, ply)


@dataclass(repr=False)
class ExtensionReport(Report):
    """A :class:`Report` on a threat extension that says so when it differs only on
    :data:`LONG_FORCED_LINES`: then the bound of 8 plies is what is missing or wrong."""

    def summary(self) -> str:
        said = super().summary()
        if self.mismatches and all(m.state in LONG_FORCED_LINES for m in self.mismatches):
            said += (
                " It differs only on the 5x5 boards, where a line of forced moves runs on more "
                f"than {MAX_EXTENSION} plies past the depth limit: does your extension stop "
                f"{MAX_EXTENSION} plies past it?"
            )
        return said


def check_extension(function: Any) -> ExtensionReport:
    """Check ``function(state, depth)``, depth-limited minimax with open lines at the horizon,
    :func:`decided` for finished games and the threat extension (past the horizon, only the
    forced moves, at most :data:`~tictac.search.threats.MAX_EXTENSION` plies further), against
    :func:`tictac.search.threats.extended_value`: on 200 positions of seeded random 4x4 games (four
    in a row, five to twelve marks, finished games included) and on the two 5x5 positions of
    :data:`LONG_FORCED_LINES`, where the bound matters, at depths 1 and 2. Once it passes, the
    report shows the package's short version.

    >>> def without_extension(state, depth, ply=0):
    ...     if state.is_terminal:
    ...         return decided(state, ply)
    ...     if ply == depth:
    ...         return open_lines(state, ply)
    ...     values = [without_extension(state.play(m), depth, ply + 1) for m in state.legal_moves()]
    ...     return max(values) if state.turn == "X" else min(values)
    >>> print(check_extension(without_extension).summary())
    threat extension: 49 of 202 positions differ from the reference.
    """

    def values(state: State) -> tuple[float, ...]:
        return tuple(function(state, depth) for depth in EXTENSION_DEPTHS)

    def reference(state: State) -> tuple[float, ...]:
        return tuple(
            extended_value(state, depth, open_lines, decided) for depth in EXTENSION_DEPTHS
        )

    positions = _random_positions(State.new(4, 4, 4), EXTENSION_POSITIONS, marks=(5, 12), seed=0)
    found = check_function(
        "threat extension",
        values,
        reference,
        [*positions, *LONG_FORCED_LINES],
        reveal=extended_value,
    )
    return ExtensionReport(
        found.name, found.checked, found.mismatches, found.error, found.reference
    )


def _random_positions(
    start: State, count: int, *, marks: tuple[int, int], seed: int
) -> list[State]:
    """`count` positions from seeded random games from `start`, each cut after a random
    number of marks between `marks` (or where the game ended)."""
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
# Exercise 3: a position that shows the horizon effect

HORIZON_POSITION = State.parse(".X.X/OXXO/O.XO/....", k=4)
"""The lesson's position: O to move; every move but 0 loses, and the depth-2 search with
open lines plays 12, a loss it cannot see (X's forced block at 0 is a double threat)."""

HORIZON_DEPTH = 2
"""The depth of the lesson's search (and of the check's)."""


def horizon_choices(state: State, *, extend_threats: bool = False) -> tuple[int, ...]:
    """The best moves of the lesson's search: alpha-beta :data:`HORIZON_DEPTH` plies deep,
    open lines at the depth limit, a win worth more than any guess; with `extend_threats`,
    searching on while a side must win or block at once.

    >>> horizon_choices(HORIZON_POSITION), horizon_choices(HORIZON_POSITION, extend_threats=True)
    ((12,), (0,))
    """
    found = alphabeta(
        state,
        depth=HORIZON_DEPTH,
        heuristic=bounded(open_lines),
        score=decisive(win_loss),
        memo=True,
        extend_threats=extend_threats,
    )
    return found.best_moves


@dataclass(repr=False)
class HorizonCheck:
    """A position checked for the horizon effect: the conditions it meets, or the first it
    misses, said without pointing at an answer."""

    position: State
    problem: str | None  # None: it shows the horizon effect
    plain: tuple[int, ...] = ()
    extended: tuple[int, ...] = ()
    losing: frozenset[int] = field(default_factory=frozenset)

    @property
    def passed(self) -> bool:
        return self.problem is None

    def __str__(self) -> str:
        name = self.position.text if isinstance(self.position, State) else repr(self.position)
        if self.problem is not None:
            return f"{name}: {self.problem}"
        return (
            f"{name}: right. The depth-{HORIZON_DEPTH} search plays {_moves(self.plain)}, "
            f"which lose{'s' if len(self.plain) == 1 else ''} with perfect play, although "
            f"{_count(len(self.position.legal_moves()) - len(self.losing), 'move')} would not; "
            f"with the threat extension it plays {_moves(self.extended)}, which do"
            f"{'es' if len(self.extended) == 1 else ''} not lose. Well done!"
        )

    __repr__ = __str__

    def _repr_html_(self) -> str:
        if not isinstance(self.position, State):
            return verdict_html(str(self), self.passed, tag="p")
        return board_verdict_html(self.position, str(self), self.passed)


def check_horizon(position: State) -> HorizonCheck:
    """Check a position (4x4, four in a row) where the lesson's depth-2 search walks into a
    loss that it cannot see, and the threat extension avoids it:

    * the game is still on, and the player to move has a move that does not lose;
    * every best move of the depth-2 search (:func:`horizon_choices`) loses with perfect play;
    * with the threat extension, none of its best moves loses;
    * it is not the lesson's position, nor a mirror image of it.

    >>> check_horizon(State.new(4, 4, 4)).passed
    False
    >>> str(check_horizon(State.new())).endswith("use a board made with State.new(4, 4, 4) "
    ...                                          "or State.parse(..., k=4).")
    True
    """
    if not isinstance(position, State):
        return HorizonCheck(
            position,
            "a position is a State, such as State.parse('..../..../..../....', k=4), not "
            f"{position!r}",
        )
    if (position.rows, position.cols, position.k) != (4, 4, 4):
        return HorizonCheck(
            position,
            "the lesson's search plays 4x4 with four in a row: use a board made with "
            "State.new(4, 4, 4) or State.parse(..., k=4).",
        )
    if position.is_terminal:
        return HorizonCheck(position, "the game is over: the search has no move to choose.")
    if position.canonical() == HORIZON_POSITION.canonical():
        return HorizonCheck(
            position, "that is the lesson's position (or a mirror image of it): find another one."
        )
    sign = 1 if position.turn == "X" else -1
    outcomes = move_outcomes(position)
    losing = frozenset(m for m, outcome in outcomes.items() if sign * outcome.value < 0)
    if len(losing) == len(outcomes):
        return HorizonCheck(
            position,
            f"every move loses for {position.turn} here, so no search could do better: look "
            "for a position with a move that does not lose.",
            losing=losing,
        )
    plain = horizon_choices(position)
    if not losing.issuperset(plain):
        return HorizonCheck(
            position,
            f"the depth-{HORIZON_DEPTH} search does not walk into a loss here: a move it likes "
            "best does not lose. Look for a position where every move it likes best loses.",
            plain,
            losing=losing,
        )
    extended = horizon_choices(position, extend_threats=True)
    if losing.intersection(extended):
        return HorizonCheck(
            position,
            f"the depth-{HORIZON_DEPTH} search walks into a loss here, but the threat "
            "extension does not save it: the loss does not come from a line of forced "
            "moves. Look for one that does.",
            plain,
            extended,
            losing,
        )
    return HorizonCheck(position, None, plain, extended, losing)


def _moves(moves: Iterable[int]) -> str:
    listed = [str(move) for move in moves]
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " or " + listed[-1]


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
