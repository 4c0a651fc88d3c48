"""The checks for Lesson 4 (``notebooks/04-difficulty-levels.ipynb``): a level that never looks
silly and is beaten about one game in ten, and two levels told apart by enough games.

>>> from tictac.players.rules import optimal, random_move
>>> check_sensible_level(optimal()).passed, check_sensible_level(random_move).passed
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tictac.exercises.checking import Report, check_rule
from tictac.game.state import State, other
from tictac.play.levels import make_player
from tictac.players.rules import Player, completing_moves
from tictac.players.tournament import MatchResult, play_match, wilson_interval

__all__ = [
    "LevelReport",
    "SeparationReport",
    "check_beatable_level",
    "check_sensible_level",
    "check_told_apart",
]

BEATEN = (0.08, 0.12)
"""How often the offensive player may beat a well-tuned level: "about one game in ten"."""

TUNING_GAMES = 2000
"""Games the tuning check plays against the offensive player: enough for an interval about
three points wide, so that the aim of 8% to 12% can be told from its neighbours."""


def check_sensible_level(rule: Callable[[State, Any], Any]) -> Report:
    """Check that a difficulty level never looks silly: it takes a win when it has one, and
    otherwise blocks the opponent's only threat; anything else is up to the level. (Against
    two threats at once every move loses, so then any move will do.)

    >>> from tictac.players.rules import random_move
    >>> print(check_sensible_level(random_move).summary())
    sensible level: ... of 4520 positions differ from the reference.
    """
    return check_rule("sensible level", rule, _sensible_moves)


def _sensible_moves(state: State) -> tuple[int, ...]:
    wins = completing_moves(state, state.turn)
    if wins:
        return tuple(wins)
    blocks = completing_moves(state, other(state.turn))
    return tuple(blocks) if len(blocks) == 1 else state.legal_moves()


@dataclass(repr=False)
class LevelReport(Report):
    """A :class:`Report` on a level: never silly, and how often the offensive player beat it."""

    games: int = 0
    beaten: int = 0

    @property
    def sensible(self) -> bool:
        """True when the level took every win and blocked every single threat."""
        return not self.mismatches and self.error is None and self.checked > 0

    @property
    def passed(self) -> bool:
        """Sensible, and beaten in 8% to 12% of the games."""
        low, high = BEATEN
        return self.sensible and self.games > 0 and low <= self.beaten / self.games <= high

    def summary(self) -> str:
        if not self.sensible:
            return Report.summary(self)
        rate = self.beaten / self.games
        low, high = wilson_interval(self.beaten, self.games)
        measured = (
            f"{self.name}: never silly in all {self.checked} positions; the offensive player "
            f"beat it in {self.beaten} of {self.games} games, {rate:.1%} (95% interval "
            f"{low:.1%} to {high:.1%})."
        )
        if self.passed:
            return f"{measured} About one game in ten. Well done!"
        advice = "make it harder" if rate > BEATEN[1] else "make it easier"
        return f"{measured} Aim for {BEATEN[0]:.0%} to {BEATEN[1]:.0%}: {advice}."


def check_beatable_level(
    rule: Callable[[State, Any], Any], *, games: int = TUNING_GAMES, seed: int = 0
) -> LevelReport:
    """Check a difficulty level: never silly (see :func:`check_sensible_level`), and beaten by
    the offensive player, a stand-in for a casual player, in 8% to 12% of 2,000 seeded games
    (sides alternating). `rule` is a rule ``rule(state, rng)`` or a player. `games` and `seed`
    change the games, and `seed` the `rng` of the never-silly check too (the lesson's are
    2,000 and 0).

    >>> from tictac.players.rules import optimal
    >>> print(check_beatable_level(optimal(random_ties=True)).summary())
    beatable level: never silly in all 4520 positions; the offensive player beat it in 0 of
    2000 games, 0.0% (95% interval 0.0% to 0.2%). Aim for 8% to 12%: make it easier.
    """
    found = check_rule("beatable level", rule, _sensible_moves, seed=seed)
    report = LevelReport(found.name, found.checked, found.mismatches, found.error)
    if report.sensible:
        level = rule if isinstance(rule, Player) else Player("your level", rule)
        match = play_match(level, make_player("offensive"), games=games, seed=seed)
        report.games = games
        report.beaten = match.wins(match.second)
    return report


@dataclass(repr=False)
class SeparationReport(Report):
    """A :class:`Report` on two measured rates: do their 95% intervals overlap?"""

    player: str = ""
    rates: tuple[tuple[str, int, int], ...] = ()

    @property
    def intervals(self) -> list[tuple[float, float]]:
        """The 95% Wilson interval of each rate."""
        return [wilson_interval(wins, games) for _, wins, games in self.rates]

    @property
    def passed(self) -> bool:
        """True when the two intervals do not overlap."""
        if self.error is not None or len(self.rates) != 2:
            return False
        (low_a, high_a), (low_b, high_b) = self.intervals
        return high_a < low_b or high_b < low_a

    def summary(self) -> str:
        if self.error is not None:
            return f"{self.name}: {self.error}"
        parts = [
            f"{wins / games:.1%} of {games:,} games {label} (95% interval {low:.1%} to {high:.1%})"
            for (label, wins, games), (low, high) in zip(self.rates, self.intervals)
        ]
        measured = f"{self.name}: {self.player} wins {parts[0]}; {parts[1]}."
        if self.passed:
            (label_a, wins_a, games_a), (label_b, wins_b, games_b) = self.rates
            more = label_a if wins_a / games_a > wins_b / games_b else label_b
            return (
                f"{measured} The intervals are apart, so the difference is real: {self.player} "
                f"wins more often {more}. Well done!"
            )
        return (
            f"{measured} The intervals overlap, so these games cannot tell the two apart: play "
            "more (four times the games halve an interval's width)."
        )


def check_told_apart(first: MatchResult, second: MatchResult, player: str) -> SeparationReport:
    """Check that two matches tell `player`'s win rates apart: their 95% intervals must not
    overlap.

    >>> from tictac.play.levels import make_player
    >>> a = play_match(make_player("offensive"), make_player("random"), games=40, seed=1)
    >>> b = play_match(make_player("offensive"), make_player("defensive"), games=40, seed=2)
    >>> print(check_told_apart(a, b, "offensive").summary())
    told apart: offensive wins 77.5% of 40 games against random (95% interval 62.5% to 87.7%);
    22.5% of 40 games against defensive (95% interval 12.3% to 37.5%). The intervals are apart,
    so the difference is real: offensive wins more often against random. Well done!
    """
    report = SeparationReport("told apart", 0, player=player)
    rates = []
    for match in (first, second):
        if player not in (match.first, match.second):
            report.error = (
                f"{player!r} did not play in the match {match.first} vs {match.second}: pass "
                "the name of the player the two matches share"
            )
            return report
        opponent = match.second if player == match.first else match.first
        rates.append((f"against {opponent}", match.wins(player), len(match.games)))
    if rates[0][0] == rates[1][0]:
        rates = [
            (f"{label} ({n} match)", w, g) for n, (label, w, g) in zip(("first", "second"), rates)
        ]
    report.rates = tuple(rates)
    report.checked = 2
    return report
