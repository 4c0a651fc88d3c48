"""Games and tournaments: let players meet, and count what happens.

>>> from tictac.play.levels import make_player
>>> game = play_game(make_player("master"), make_player("master"))
>>> game.result, game.length
('draw', 9)
>>> match = play_match(make_player("master"), make_player("random"), games=100, seed=1)
>>> match.losses("master")
0
"""

from __future__ import annotations

import html
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from numbers import Real
from statistics import NormalDist
from typing import Any, Protocol

from tictac.game.position import M, Position, Result, require_position
from tictac.game.state import IllegalMove, State
from tictac.helpers.checks import as_whole, shown, whole_number
from tictac.helpers.seeds import whole_seed

__all__ = [
    "Contestant",
    "GameRecord",
    "MatchResult",
    "RoundRobin",
    "play_game",
    "play_match",
    "round_robin",
    "wilson_interval",
]


class Contestant(Protocol[M]):
    """Anything that can play: a name, and a move for any position where it is to move, of the
    games it plays (most players play boards only: a State, and a cell index or ``(row, col)``
    pair). ``Contestant[M]`` chooses moves of type ``M``; plain ``Contestant``, any game's."""

    name: str

    def choose(self, state: Any) -> M: ...


@dataclass(frozen=True)
class GameRecord:
    """One game: who played, every move and position (the start included), and the result.

    On a board a move is a cell index (a ``(row, col)`` a player chose is recorded as its
    index); in any other game, as its `legal_moves()` list it (see :mod:`tictac.game.position`).
    Players are not typed by game, so for the type checker `moves` and `states` are whatever
    the game's are (``Any``)."""

    x: str
    o: str
    moves: tuple[Any, ...]
    states: tuple[Any, ...]
    result: Result

    @property
    def length(self) -> int:
        """How many moves were played."""
        return len(self.moves)

    @property
    def winner(self) -> str | None:
        """The name of the winner, None for a draw."""
        return {"X": self.x, "O": self.o}.get(self.result)

    @property
    def winner_moves(self) -> int:
        """How many moves the winner made (the *Tic-Tac-Toe AI* tutorial's "won in 3, 4 or 5
        moves"): on a board, the winner's marks; in another game, the winner's moves in this
        game."""
        if self.result == "draw":
            return 0
        final = self.states[-1]
        if isinstance(final, State):
            return final.cells.count(self.result)
        return sum(1 for state in self.states[:-1] if state.turn == self.result)


def play_game(
    x_player: Contestant, o_player: Contestant, *, start: Position | None = None
) -> GameRecord:
    """Play one game to the end: `x_player` moves for X, `o_player` for O.

    `start` is the position to play from: a board (the empty 3x3 board when None) or any
    game's position (:class:`~tictac.game.position.Position`), where X is the player who moves
    first. A player that returns an illegal move stops the game with an :class:`IllegalMove`
    naming the player, the move and the reason.

    >>> from tictac.players.rules import Player, random_move
    >>> play_game(Player("a", random_move, seed=1), Player("b", random_move, seed=2)).result
    'O'
    """
    _check_players(x_player=x_player, o_player=o_player)
    _check_start(start)
    state: Any = start if start is not None else State.new()
    states: list[Any] = [state]
    moves: list[Any] = []
    while not state.is_terminal:
        player = x_player if state.turn == "X" else o_player
        move: Any = player.choose(state)  # checked by the game: play refuses an illegal move
        try:
            index = state.index_of(move) if isinstance(state, State) else move
            state = state.play(index)
        except IllegalMove as error:
            raise IllegalMove(
                f"{player.name} (playing {state.turn}) chose the illegal move {move!r}: {error}"
            ) from None
        moves.append(index)
        states.append(state)
    result = state.result()
    if result is None:
        raise TypeError(
            f"the game ended at {state!r}, a finished position without a result(): play_game "
            "needs a game whose finished positions say who won (a tree of numbers has only "
            "numbers; search it with minimax(tree) instead)"
        )
    return GameRecord(x_player.name, o_player.name, tuple(moves), tuple(states), result)


# ---------------------------------------------------------------------------------------------
# Matches


@dataclass
class _Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0

    def add(self, outcome: str) -> None:
        setattr(self, outcome, getattr(self, outcome) + 1)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


@dataclass
class MatchResult:
    """The statistics of a match between two players, `first` and `second`.

    Per player: wins, draws and losses in all, and as X and as O; wins by how many of its own
    moves they took; and a confidence interval for the win rate.
    """

    first: str
    second: str
    games: list[GameRecord] = field(default_factory=list, repr=False)
    tallies: dict[tuple[str, str], _Tally] = field(default_factory=dict, repr=False)

    def _record(self, game: GameRecord, first_side: str) -> None:
        self.games.append(game)
        second_side = "O" if first_side == "X" else "X"
        for name, side in ((self.first, first_side), (self.second, second_side)):
            outcome = (
                "draws" if game.result == "draw" else "wins" if game.result == side else "losses"
            )
            self.tallies.setdefault((name, side), _Tally()).add(outcome)

    def _check_player(self, player: str) -> None:
        if player not in (self.first, self.second):
            raise ValueError(
                f"{shown(player)} did not play in this match: ask about {self.first!r} or "
                f"{self.second!r}"
            )

    def _tally(self, player: str, side: str | None = None) -> _Tally:
        self._check_player(player)
        if side not in (None, "X", "O"):
            raise ValueError(
                f"side is 'X' or 'O' (capital letters), or None for both sides, not {shown(side)}"
            )
        total = _Tally()
        for (name, s), tally in self.tallies.items():
            if name == player and side in (None, s):
                total.wins += tally.wins
                total.draws += tally.draws
                total.losses += tally.losses
        return total

    def wins(self, player: str, side: str | None = None) -> int:
        """Games `player` won (as `side` "X" or "O" only, if given)."""
        return self._tally(player, side).wins

    def draws(self, player: str | None = None, side: str | None = None) -> int:
        """Drawn games (those where `player` had `side`, if given)."""
        return self._tally(player or self.first, side).draws

    def losses(self, player: str, side: str | None = None) -> int:
        """Games `player` lost (as `side`, if given)."""
        return self._tally(player, side).losses

    def win_rate(self, player: str) -> float:
        """The share of games `player` won."""
        return self.wins(player) / len(self.games) if self.games else 0.0

    def win_interval(self, player: str, confidence: float = 0.95) -> tuple[float, float]:
        """A confidence interval for `player`'s true win rate (Wilson score interval)."""
        return wilson_interval(self.wins(player), len(self.games), confidence)

    def wins_by_length(self, player: str) -> dict[int, int]:
        """How many of `player`'s wins took it 3, 4, 5, ... of its own moves."""
        self._check_player(player)
        counts = Counter(g.winner_moves for g in self.games if g.winner == player)
        return dict(sorted(counts.items()))

    @property
    def mean_length(self) -> float:
        """The average number of moves in a game."""
        return sum(g.length for g in self.games) / len(self.games) if self.games else 0.0

    def rows(self) -> list[dict[str, object]]:
        """The table as rows: one per player and side, and one for both sides together."""
        table: list[dict[str, object]] = []
        for player in (self.first, self.second):
            for side in ("X", "O", None):
                t = self._tally(player, side)
                table.append(
                    {
                        "player": player,
                        "as": side or "both",
                        "games": t.games,
                        "wins": t.wins,
                        "draws": t.draws,
                        "losses": t.losses,
                    }
                )
        return table

    def __str__(self) -> str:
        lines = [
            f"{self.first} vs {self.second}: {len(self.games)} games, "
            f"{self.mean_length:.2f} moves on average"
        ]
        header = f"{'player':<14} {'as':>4} {'games':>6} {'wins':>6} {'draws':>6} {'losses':>6}"
        lines.append(header)
        for row in self.rows():
            lines.append(
                f"{row['player']!s:<14} {row['as']!s:>4} {row['games']:>6} {row['wins']:>6} "
                f"{row['draws']:>6} {row['losses']:>6}"
            )
        for player in (self.first, self.second):
            low, high = self.win_interval(player)
            lines.append(
                f"{player} wins {self.win_rate(player):.1%} of games "
                f"(95% confidence interval {low:.1%} to {high:.1%})"
            )
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        cells = "".join(
            "<tr>"
            + "".join(f"<td>{html.escape(str(value))}</td>" for value in row.values())
            + "</tr>"
            for row in self.rows()
        )
        head = "".join(
            f"<th>{name}</th>" for name in ("player", "as", "games", "wins", "draws", "losses")
        )
        return f"<table><thead><tr>{head}</tr></thead><tbody>{cells}</tbody></table>"


def wilson_interval(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for a success rate: sound even near 0% or 100%.

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    >>> wilson_interval(5, 3)
    Traceback (most recent call last):
      ...
    ValueError: successes are counted among the trials: give 0 to 3 successes, not 5
    """
    if isinstance(confidence, bool) or not isinstance(confidence, Real) or not 0 < confidence < 1:
        raise ValueError(
            f"confidence is a probability between 0 and 1, such as 0.95, not {shown(confidence)}"
        )
    whole_trials = whole_number(trials, "trials", at_least=0)
    whole_successes = as_whole(successes)
    if whole_successes is None or not 0 <= whole_successes <= whole_trials:
        raise ValueError(
            "successes are counted among the trials: give 0 to "
            f"{whole_trials} successes, not {shown(successes)}"
        )
    successes, trials, confidence = whole_successes, whole_trials, float(confidence)
    if trials == 0:
        return (0.0, 1.0)
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    rate = successes / trials
    centre = (rate + z * z / (2 * trials)) / (1 + z * z / trials)
    spread = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials))
    spread /= 1 + z * z / trials
    return (max(0.0, centre - spread), min(1.0, centre + spread))


def play_match(
    first: Contestant,
    second: Contestant,
    *,
    games: int = 100,
    alternate: bool = True,
    seed: int | None = None,
    start: Position | None = None,
    progress: bool = False,
) -> MatchResult:
    """Play `games` games between two players and gather the statistics.

    With `alternate` the players take turns at being X (`first` starts as X); otherwise
    `first` is always X. A `seed` reseeds both players first, so the same seed gives the same
    games. `progress` shows a progress bar in a notebook.
    """
    _check_players(first=first, second=second)
    games = _game_count(games)
    _check_flags(alternate=alternate, progress=progress)
    _check_start(start)
    names = _distinct_names(first.name, second.name)
    seed = whole_seed(seed, "play_match")
    if seed is not None:
        for offset, player in enumerate((first, second)):
            if hasattr(player, "reseed"):
                player.reseed(seed * 2 + offset)
    result = MatchResult(*names)
    tick = _progress_bar(games, f"{names[0]} vs {names[1]}") if progress else None
    for number in range(games):
        first_is_x = not alternate or number % 2 == 0
        x, o = (first, second) if first_is_x else (second, first)
        game = play_game(x, o, start=start)
        x_name, o_name = names if first_is_x else names[::-1]
        result._record(
            GameRecord(x_name, o_name, game.moves, game.states, game.result),
            "X" if first_is_x else "O",
        )
        if tick:
            tick()
    return result


def _distinct_names(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a != b else (f"{a} (1)", f"{b} (2)")


# ---------------------------------------------------------------------------------------------
# Checking the arguments: each refusal says what was given and what is wanted


def _check_players(**players: object) -> None:
    for role, player in players.items():
        if not (
            isinstance(getattr(player, "name", None), str)
            and callable(getattr(player, "choose", None))
        ):
            raise TypeError(
                f"{role} must be a player, such as make_player('master') (anything with a name "
                f"and a choose(state) method), not {shown(player)}"
            )


def _check_start(start: object) -> None:
    if start is not None and not isinstance(start, State):
        require_position(start, "start")


def _check_flags(**flags: object) -> None:
    for name, value in flags.items():
        if not isinstance(value, bool):
            raise TypeError(f"{name} must be True or False, not {shown(value)}")


def _game_count(games: object) -> int:
    return whole_number(games, "games", at_least=1)


def _progress_bar(total: int, label: str) -> Callable[[], None]:
    # Imported here, not at the top: `import tictac` loads this module and must stay light.
    import ipywidgets
    from IPython.display import display

    bar = ipywidgets.IntProgress(min=0, max=total, description=label[:20])
    shown = display(bar, display_id=True)  # type: ignore[no-untyped-call]

    def tick() -> None:
        bar.value += 1
        if bar.value == total:
            # The bar's output becomes a line of text, which a stored notebook keeps (a closed
            # bar would leave a widget that no viewer can show).
            if shown is not None:
                shown.update({"text/plain": f"{label}: {total} games played"}, raw=True)
            bar.close()

    return tick


# ---------------------------------------------------------------------------------------------
# Round robin


@dataclass
class RoundRobin:
    """Every pair of players met: `score[a][b]` is a's points per game against b (a win 1,
    a draw 0.5), with both sides played equally often."""

    names: list[str]
    matches: dict[tuple[str, str], MatchResult]

    def score(self, a: str, b: str) -> float:
        """`a`'s points per game against `b`."""
        for name in (a, b):
            if name not in self.names:
                raise ValueError(
                    f"{shown(name)} did not play in this round robin: ask about one of "
                    f"{', '.join(map(repr, self.names))}"
                )
        if a == b:
            return 0.5
        if (a, b) in self.matches:
            match = self.matches[(a, b)]
            me = match.first
        else:
            match = self.matches[(b, a)]
            me = match.second
        return (match.wins(me) + 0.5 * match.draws(me)) / len(match.games)

    def table(self) -> list[list[float]]:
        """The score matrix, rows and columns in the order of `names`."""
        return [[self.score(a, b) for b in self.names] for a in self.names]

    def __str__(self) -> str:
        width = max(len(n) for n in self.names) + 2
        lines = [" " * width + "".join(f"{n[:9]:>10}" for n in self.names)]
        for a in self.names:
            lines.append(
                f"{a:<{width}}" + "".join(f"{self.score(a, b):>10.2f}" for b in self.names)
            )
        return "\n".join(lines)


def round_robin(
    players: Sequence[Contestant],
    *,
    games: int = 100,
    seed: int | None = None,
    progress: bool = False,
) -> RoundRobin:
    """Every player meets every other in a match of `games` games, sides alternating."""
    seed = whole_seed(seed, "round_robin")
    games = _game_count(games)
    _check_flags(progress=progress)
    if isinstance(players, str) or not isinstance(players, Sequence) or len(players) < 2:
        raise ValueError(
            "a round robin needs a list of two or more players, such as "
            f"[make_player('master'), make_player('random')], not {shown(players)}"
        )
    _check_players(**{f"players[{i}]": player for i, player in enumerate(players)})
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        raise ValueError(f"each player in a round robin needs its own name, but got {names}")
    matches = {}
    for i, a in enumerate(players):
        for j in range(i + 1, len(players)):
            b = players[j]
            match_seed = None if seed is None else seed * 1000 + i * 37 + j
            matches[(a.name, b.name)] = play_match(
                a, b, games=games, seed=match_seed, progress=progress
            )
    return RoundRobin(names, matches)
