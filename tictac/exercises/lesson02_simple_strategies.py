"""The checks for Lesson 2 (``notebooks/02-simple-strategies.ipynb``): rules of thumb.

:func:`check_completing_moves` compares a function with the package's on every position;
:func:`check_beat_the_defender` plays a rule against the defensive player and compares its
results with the *five-rounds* tutorial's human's.

>>> from tictac.players.rules import completing_moves
>>> check_completing_moves(completing_moves).passed
True
>>> check_beat_the_defender(lambda state, rng: state.legal_moves()[0]).passed
False
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from tictac.exercises.checking import Report, check_function, exercise_positions
from tictac.game.state import Mark, State
from tictac.play.levels import make_player
from tictac.players.rules import Player, completing_moves
from tictac.players.tournament import play_match

__all__ = ["DefenderReport", "check_beat_the_defender", "check_completing_moves"]

HUMAN_AGAINST_THE_DEFENDER = (28, 19, 3)
"""The *five-rounds* tutorial's human, playing X against its defensive AI (round two): wins,
draws and losses in 50 games, as the tutorial reports them."""

DEFENDER_GAMES = 500
"""Games :func:`check_beat_the_defender` plays, as many as the lesson's offensive rule played
against the defender."""

DEFENDER_SEED = 5
"""The seed of those games: the lesson's, so the offensive rule's games are the lesson's."""


def check_completing_moves(function: Callable[[State, Mark], Iterable[int]]) -> Report:
    """Check ``my_completing_moves(state, player)``: the empty cells that would complete a
    line for `player`, on all 5,478 positions and for both players (any order is fine).

    >>> print(check_completing_moves(lambda state, player: []).summary())
    completing moves: 4522 of 5478 positions differ from the reference.
    """
    return check_function(
        "completing moves",
        lambda s: {p: sorted(set(function(s, p))) for p in ("X", "O")},
        lambda s: {p: completing_moves(s, p) for p in ("X", "O")},
        exercise_positions(),
    )


@dataclass(repr=False)
class DefenderReport(Report):
    """A rule's games as X against the defensive player (`checked` of them), beside the
    human's: it passes when it wins at least as large a share as the human did and loses no
    larger one."""

    wins: int = 0
    losses: int = 0

    @property
    def passed(self) -> bool:
        """At least the human's share of wins (28 of 50), at most their share of losses (3)."""
        human_wins, _, human_losses = HUMAN_AGAINST_THE_DEFENDER
        human_games = sum(HUMAN_AGAINST_THE_DEFENDER)
        return (
            self.error is None
            and self.checked > 0
            and self.wins * human_games >= human_wins * self.checked
            and self.losses * human_games <= human_losses * self.checked
        )

    def summary(self) -> str:
        if self.error is not None:
            return Report.summary(self)
        human_wins, _, human_losses = HUMAN_AGAINST_THE_DEFENDER
        human_games = sum(HUMAN_AGAINST_THE_DEFENDER)
        games = self.checked
        measured = (
            f"{self.name}: as X against the defensive player, your rule won {self.wins} of "
            f"{games} games ({self.wins / games:.1%}) and lost {self.losses} "
            f"({self.losses / games:.1%}); the human won {human_wins} of {human_games} "
            f"({human_wins / human_games:.0%}) and lost {human_losses} "
            f"({human_losses / human_games:.0%})."
        )
        if self.passed:
            return f"{measured} As well as the human, or better. Well done!"
        advice = []
        if self.wins * human_games < human_wins * games:
            fewest = -(-human_wins * games // human_games)
            advice.append(f"win more (at least {fewest} of {games})")
        if self.losses * human_games > human_losses * games:
            most = human_losses * games // human_games
            advice.append(f"lose less (at most {most})")
        return f"{measured} To match the human, {' and '.join(advice)}."


def check_beat_the_defender(
    rule: Callable[[State, Any], Any],
    *,
    games: int = DEFENDER_GAMES,
    seed: int = DEFENDER_SEED,
) -> DefenderReport:
    """Play `rule` (a rule ``rule(state, rng)`` or a player) as X against the defensive player,
    500 seeded games, and compare its results with the *five-rounds* tutorial's human's against
    the same rule: it must win at least 56% of its games, as the human did (28 of 50), and lose
    at most 6% (3 of 50). (`games` and `seed` are for the graded assignments' hidden games,
    :mod:`tictac.exercises.grading`.)

    >>> from tictac.players.rules import tactical
    >>> print(check_beat_the_defender(tactical(win=True, block=True)).summary())
    beat the defender: as X against the defensive player, your rule won 149 of 500 games
    (29.8%) and lost 35 (7.0%); the human won 28 of 50 (56%) and lost 3 (6%). To match the
    human, win more (at least 280 of 500) and lose less (at most 30).
    """
    report = DefenderReport("beat the defender", 0)
    player = rule if isinstance(rule, Player) else Player("your rule", rule)
    try:
        match = play_match(
            player,
            make_player("defensive"),
            games=games,
            alternate=False,
            seed=seed,
        )
    except Exception as error:  # the student's code: report, don't crash the lesson
        report.error = f"{type(error).__name__}: {error}"
        return report
    report.checked = len(match.games)
    report.wins = match.wins(match.first)
    report.losses = match.losses(match.first)
    return report
