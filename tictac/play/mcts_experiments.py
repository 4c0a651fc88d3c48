"""Lesson 8b's experiments on Monte Carlo tree search: seeded, and stored because they are slow.

Three experiments take minutes, far longer than a lesson may, so they were run once with the
functions below and their results stored in ``tictac/data/``; the loaders read them back.
Every search and game is seeded, so running a function again gives exactly the stored
results (``tests/test_mcts_experiments.py`` re-runs a part of each, marked slow):

* :func:`census_moves`: the move MCTS chooses in each of the 4,520 positions of 3x3 where the
  game is still on, for a number of playouts and an exploration constant. :func:`census`
  loads them for 10 to 1000 playouts, and for seven exploration constants at 30 and 100
  playouts; :func:`optimal_count` counts the moves that keep the position's value.
* :func:`against_master`: MCTS against perfect play on 3x3, 200 games for each number of
  playouts (:func:`games_against_master` loads them).
* :func:`duel`: MCTS against iterative-deepening alpha-beta with a heuristic, each allowed
  the same number of positions per move, on 4x4 with four in a row (:func:`duels` loads them).

To run them all again and write the files (some tens of minutes on a busy 2-core machine)::

    python -m tictac.play.mcts_experiments

>>> stored = census()
>>> len(census_positions()), len(stored.moves[100, 1.4])
(4520, 4520)
>>> optimal_count(stored.moves[1000, 1.4]) > optimal_count(stored.moves[10, 1.4])
True
"""

from __future__ import annotations

import functools
import json
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from tictac.game.scoring import Score, depth_aware, two_in_a_row
from tictac.game.state import State, reachable_states
from tictac.helpers.seeds import Seed, random_source
from tictac.play.levels import make_player
from tictac.players.tournament import play_match
from tictac.search.budget import BudgetExceeded, meter
from tictac.search.engine import alphabeta
from tictac.search.mcts import DEFAULT_EXPLORATION, uct_search
from tictac.search.solver import move_outcomes, solve

__all__ = [
    "CENSUS_PLAYOUTS",
    "DUEL_BOARD",
    "DUEL_BUDGETS",
    "DUEL_GAMES",
    "EXPLORATIONS",
    "EXPLORATION_PLAYOUTS",
    "MASTER_GAMES",
    "MASTER_PLAYOUTS",
    "SEED",
    "Census",
    "DuelGame",
    "alphabeta_within",
    "against_master",
    "census",
    "census_moves",
    "census_positions",
    "census_settings",
    "decided",
    "duel",
    "duel_game",
    "duel_openings",
    "duels",
    "games_against_master",
    "main",
    "optimal_count",
    "optimal_moves",
    "run_census",
]

SEED = 0
"""The seed every stored experiment was run with."""

CENSUS_PLAYOUTS = (10, 30, 100, 300, 1000)
"""The numbers of playouts the census was run with (exploration 1.4)."""

EXPLORATIONS = (0.0, 0.25, 0.5, 1.0, 1.4, 2.0, 4.0)
"""The exploration constants the census was run with, at each of :data:`EXPLORATION_PLAYOUTS`."""

EXPLORATION_PLAYOUTS = (30, 100)
"""The numbers of playouts at which the exploration constants were compared."""

MASTER_PLAYOUTS = (10, 30, 100, 300)
"""The numbers of playouts MCTS played the master with."""

MASTER_GAMES = 200
"""Games against the master for each number of playouts (MCTS is X in every other game)."""

DUEL_BOARD = (4, 4, 4)
"""The duel's board: 4x4, four in a row."""

DUEL_BUDGETS = (250, 1000, 4000)
"""The positions each side of the duel may visit per move."""

DUEL_GAMES = 200
"""Games of the duel for each budget: 100 openings, each played with MCTS as X and as O."""

_DATA = "data"
_CENSUS_FILE = "mcts_census_3x3.json"
_MASTER_FILE = "mcts_against_master_3x3.json"
_DUEL_FILE = "mcts_duel_4x4.json"


# ---------------------------------------------------------------------------------------------
# The census: MCTS's move in every 3x3 position where the game is still on


@cache
def census_positions() -> tuple[State, ...]:
    """Every reachable 3x3 position where the game is still on, by marks, then board text.

    >>> census_positions()[0]
    State.parse('.../.../...')
    """
    states = [s for s in reachable_states() if not s.is_terminal]
    return tuple(sorted(states, key=lambda s: (s.moves_made, s.text)))


@cache
def optimal_moves(state: State) -> frozenset[int]:
    """The moves that keep `state`'s value with perfect play (a win stays a win, a draw a
    draw), however long they take.

    >>> sorted(optimal_moves(State.parse("XX./OO./...")))
    [2]
    """
    value = solve(state)
    return frozenset(m for m, outcome in move_outcomes(state).items() if outcome.value == value)


def census_moves(
    *,
    playouts: int,
    exploration: float = DEFAULT_EXPLORATION,
    seed: int = SEED,
    positions: Sequence[State] | None = None,
) -> str:
    """The move MCTS chooses in each position (:func:`census_positions` by default), one digit
    per position.

    Each search draws from its own stream, seeded by `seed` and the position: so a position's
    search is the same whatever other positions are searched, and its first 100 playouts are
    the same whether it runs 100 or 1000.

    >>> census_moves(playouts=100, positions=[State.parse("XX./OO./...")])
    '2'
    """
    chosen = []
    for state in census_positions() if positions is None else positions:
        rng = random.Random(f"census {seed} {state.text}")
        chosen.append(uct_search(state, playouts=playouts, exploration=exploration, seed=rng).move)
    return "".join(map(str, chosen))


def optimal_count(moves: str, positions: Sequence[State] | None = None) -> int:
    """How many of `moves` (one digit per position, as :func:`census_moves` gives them) keep
    their position's value.

    >>> optimal_count("20", [State.parse("XX./OO./..."), State.parse("XX./OO./...")])
    1
    """
    states = census_positions() if positions is None else positions
    if len(moves) != len(states):
        raise ValueError(f"{len(moves)} moves for {len(states)} positions: give one per position")
    return sum(int(move) in optimal_moves(state) for move, state in zip(moves, states))


@dataclass(frozen=True)
class Census:
    """The stored census: `moves[playouts, exploration]` is the move chosen in each position of
    :func:`census_positions`, one digit each."""

    seed: int
    moves: dict[tuple[int, float], str]


def census() -> Census:
    """The stored census (see :func:`run_census`)."""
    data = _load(_CENSUS_FILE)
    moves = {
        (int(playouts), float(exploration)): chosen
        for playouts, by_exploration in data["moves"].items()
        for exploration, chosen in by_exploration.items()
    }
    return Census(int(data["seed"]), moves)


def census_settings() -> list[tuple[int, float]]:
    """Every (playouts, exploration) the census is run with.

    >>> len(census_settings()), census_settings()[0]
    (17, (10, 1.4))
    """
    settings = [(playouts, DEFAULT_EXPLORATION) for playouts in CENSUS_PLAYOUTS]
    settings += [(p, c) for p in EXPLORATION_PLAYOUTS for c in EXPLORATIONS]
    return list(dict.fromkeys(settings))


def run_census(seed: int = SEED) -> Census:
    """Run the whole census (several minutes)."""
    moves = {
        (playouts, exploration): census_moves(playouts=playouts, exploration=exploration, seed=seed)
        for playouts, exploration in census_settings()
    }
    return Census(seed, moves)


# ---------------------------------------------------------------------------------------------
# MCTS against the master on 3x3


def against_master(playouts: int, *, games: int = MASTER_GAMES, seed: int = SEED) -> str:
    """MCTS with `playouts` against the master, `games` games, MCTS X in the first and every
    other one: its result in each, ``"w"`` (won), ``"d"`` (drawn) or ``"l"`` (lost).

    >>> against_master(30, games=4)
    'dldd'
    """
    mcts = make_player("mcts", playouts=playouts)
    match = play_match(mcts, make_player("master"), games=games, seed=seed)
    return "".join(
        "d" if game.result == "draw" else "w" if game.winner == mcts.name else "l"
        for game in match.games
    )


def games_against_master() -> dict[int, str]:
    """The stored games against the master, by number of playouts (see :func:`against_master`)."""
    return {int(playouts): results for playouts, results in _load(_MASTER_FILE)["games"].items()}


# ---------------------------------------------------------------------------------------------
# The duel: MCTS against alpha-beta with a heuristic, the same positions per move each


def decided(state: State, ply: int) -> float:
    """The duel's score of a finished game: 1,000 times :func:`~tictac.game.scoring.depth_aware`,
    so that any win outweighs every heuristic value, and a quicker win counts for more.

    >>> decided(State.parse("XXXX/OOO./..../...."), 0)  # X won with nine cells empty
    10000
    """
    return 1000 * depth_aware(state, ply)


def alphabeta_within(
    state: State,
    positions: int,
    *,
    heuristic: Score = two_in_a_row,
    seed: Seed = None,
) -> tuple[int, int, int]:
    """Deepening within `positions` positions: alpha-beta (moves ordered, a new transposition
    table each time) searched 1, 2, 3, ... moves deep with `heuristic` where it stops,
    until the next search would go past `positions` in all (the positions of every search
    count, the one cut short included). Returns a best move of the deepest search that
    finished (ties broken with `seed`), that depth, and the positions visited.

    >>> move, depth, visited = alphabeta_within(State.new(4, 4, 4), 1000, seed=0)
    >>> depth, visited
    (3, 1000)
    """
    counter = meter(positions, state, "alphabeta_within")
    best: tuple[int, ...] = ()
    reached = 0
    for depth in range(1, len(state.legal_moves()) + 1):
        try:
            found = alphabeta(
                state,
                score=decided,
                depth=depth,
                heuristic=heuristic,
                order_moves=True,
                memo=True,
                budget=counter,
            )
        except BudgetExceeded:
            break
        best, reached = found.best_moves, depth
    if not best:
        raise ValueError(
            f"positions={positions} is too few for a search one move deep from {state.text}"
        )
    rng = random_source(seed)
    return rng.choice(best), reached, min(counter.positions, positions)


@dataclass(frozen=True)
class DuelGame:
    """One game of the duel: its `opening`, the `moves` played from there, MCTS's side, the
    `result` for MCTS (``"w"``, ``"d"`` or ``"l"``), per side the positions it visited and the
    moves it made, and the depth alpha-beta's deepest finished search reached at each move."""

    opening: State
    moves: tuple[int, ...]
    mcts_side: Literal["X", "O"]
    result: Literal["w", "d", "l"]
    mcts_positions: int
    mcts_moves: int
    alphabeta_positions: int
    alphabeta_moves: int
    depths: tuple[int, ...]

    def as_json(self) -> dict[str, Any]:
        """The game as stored."""
        return {
            "opening": self.opening.text,
            "moves": "".join(f"{m:x}" for m in self.moves),
            "mcts": self.mcts_side,
            "result": self.result,
            "mcts_positions": self.mcts_positions,
            "mcts_moves": self.mcts_moves,
            "alphabeta_positions": self.alphabeta_positions,
            "alphabeta_moves": self.alphabeta_moves,
            "depths": "".join(map(str, self.depths)),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DuelGame:
        """A game as stored, read back."""
        return cls(
            State.parse(data["opening"]),
            tuple(int(m, 16) for m in data["moves"]),
            data["mcts"],
            data["result"],
            data["mcts_positions"],
            data["mcts_moves"],
            data["alphabeta_positions"],
            data["alphabeta_moves"],
            tuple(int(d) for d in data["depths"]),
        )


def duel_openings(count: int, *, seed: int = SEED) -> list[State]:
    """`count` openings on the duel's board: a random mark for X, then one for O.

    >>> duel_openings(1)[0].moves_made
    2
    """
    rng = random.Random(f"openings {seed}")
    openings = []
    for _ in range(count):
        opening = State.new(*DUEL_BOARD)
        for _ in range(2):
            opening = opening.play(rng.choice(opening.legal_moves()))
        openings.append(opening)
    return openings


def duel_game(
    opening: State, mcts_side: Literal["X", "O"], positions: int, rng: random.Random
) -> DuelGame:
    """Play one game of the duel from `opening`: MCTS (``playouts=None, positions=...``)
    against :func:`alphabeta_within`, both with `positions` positions per move."""
    state = opening
    counts = {"mcts": [0, 0], "alphabeta": [0, 0]}  # positions, moves
    depths, moves = [], []
    while not state.is_terminal:
        if state.turn == mcts_side:
            found = uct_search(state, playouts=None, positions=positions, seed=rng)
            move, side, visited = found.move, "mcts", found.positions
        else:
            move, depth, visited = alphabeta_within(state, positions, seed=rng)
            side = "alphabeta"
            depths.append(depth)
        counts[side][0] += visited
        counts[side][1] += 1
        moves.append(move)
        state = state.play(move)
    result = state.result()
    outcome: Literal["w", "d", "l"] = (
        "d" if result == "draw" else "w" if result == mcts_side else "l"
    )
    return DuelGame(
        opening=opening,
        moves=tuple(moves),
        mcts_side=mcts_side,
        result=outcome,
        mcts_positions=counts["mcts"][0],
        mcts_moves=counts["mcts"][1],
        alphabeta_positions=counts["alphabeta"][0],
        alphabeta_moves=counts["alphabeta"][1],
        depths=tuple(depths),
    )


def duel(
    positions: int,
    *,
    games: int = DUEL_GAMES,
    seed: int = SEED,
    first: int = 0,
    progress: Callable[[int], object] | None = None,
) -> list[DuelGame]:
    """Games `first` to `games - 1` of the duel with `positions` positions per move: opening
    ``i // 2`` of :func:`duel_openings`, MCTS X in the even games and O in the odd ones; game i
    draws from its own stream, so any part of the duel can be played again on its own."""
    openings = duel_openings((games + 1) // 2, seed=seed)
    played = []
    for i in range(first, games):
        rng = random.Random(f"duel {seed} {positions} {i}")
        played.append(duel_game(openings[i // 2], "X" if i % 2 == 0 else "O", positions, rng))
        if progress is not None:
            progress(i)
    return played


def duels() -> dict[int, list[DuelGame]]:
    """The stored duel, by positions per move (see :func:`duel`)."""
    data = _load(_DUEL_FILE)["games"]
    return {int(budget): [DuelGame.from_json(g) for g in games] for budget, games in data.items()}


# ---------------------------------------------------------------------------------------------
# Storing and loading


def _load(name: str) -> dict[str, Any]:
    text = resources.files("tictac").joinpath(_DATA).joinpath(name).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def _store(name: str, data: dict[str, Any]) -> None:
    path = Path(__file__).parent.parent / _DATA / name
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def main() -> None:
    """Run every experiment again and store the results
    (``python -m tictac.play.mcts_experiments``)."""
    found = run_census()
    _store(
        _CENSUS_FILE,
        {
            "about": "tictac.play.mcts_experiments.census_moves: the move MCTS chooses in each of "
            "census_positions(), one digit each, by playouts and exploration",
            "seed": found.seed,
            "moves": {
                str(p): {str(c): found.moves[p, c] for (q, c) in found.moves if q == p}
                for p in dict.fromkeys(p for p, _ in found.moves)
            },
        },
    )
    _say("census stored")
    _store(
        _MASTER_FILE,
        {
            "about": "tictac.play.mcts_experiments.against_master: MCTS's result in each game",
            "seed": SEED,
            "games": {str(p): against_master(p) for p in MASTER_PLAYOUTS},
        },
    )
    _say("games against the master stored")
    games = {}
    for budget in DUEL_BUDGETS:
        played = duel(budget, progress=functools.partial(_say_game, budget))
        games[str(budget)] = [game.as_json() for game in played]
    _store(
        _DUEL_FILE,
        {
            "about": "tictac.play.mcts_experiments.duel: every game, by positions per move",
            "seed": SEED,
            "board": list(DUEL_BOARD),
            "games": games,
        },
    )
    _say("duel stored")


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _say_game(budget: int, game: int) -> None:
    _say(f"duel with {budget} positions per move: game {game + 1} played")


if __name__ == "__main__":
    main()
