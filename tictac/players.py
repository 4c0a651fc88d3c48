"""Players: every AI the classic tutorials build, from a coin flip to perfect play.

A player has a `name` and a method ``choose(state) -> move``. Each AI here is a
:class:`Player` made of a *rule*, a function ``rule(state, rng) -> move`` that picks a legal
move, and its own random source `rng`, so that the same seed gives the same games.

>>> from tictac.state import State
>>> master = make_player("master")
>>> master.choose(State.parse("XX./OO./..."))   # X completes the top row
2
>>> make_player("random", seed=1).choose(State.new())
2

Levels (:data:`LEVELS`) and the tutorials' names for them (:data:`ALIASES`):

============  ================================================================
level         how it chooses
============  ================================================================
random        any legal move, uniformly (the tutorials' *blind* and *easy*)
defensive     blocks the opponent's almost-complete line, else random
offensive     completes its own line, else blocks, else random
brute-force   the move whose whole subtree has the largest *sum* of scores
heuristic     minimax 5 moves deep, two-in-a-row utility at the cut-off
novice        the best move 40% of the time, else the best sub-optimal one
medium        minimax 2 moves deep, the unknown counted as a draw
master        perfect play: wins fastest, loses slowest (*unbeatable*)
epsilon       perfect play, but a random move 10% of the time
mcts          Monte Carlo tree search with a budget of random playouts
============  ================================================================
"""

from __future__ import annotations

import functools
import inspect
import random
from collections.abc import Callable
from typing import Any

from tictac import solver
from tictac.scoring import Score, depth_scaled, plus_minus_ten, two_in_a_row, win_loss
from tictac.search import alphabeta
from tictac.state import EMPTY, IllegalMove, Mark, State, other, winning_lines

__all__ = [
    "ALIASES",
    "LEVELS",
    "Player",
    "Rule",
    "blend",
    "brute_force_sum",
    "completing_moves",
    "first_suboptimal",
    "level_names",
    "make_player",
    "optimal",
    "random_move",
    "searching",
    "subtree_sum",
    "tactical",
    "unknown_is_a_draw",
]

Rule = Callable[[State, random.Random], int]
"""A way to choose: ``rule(state, rng)`` returns a legal move of `state`."""


class Player:
    """An AI player: a rule for choosing moves, a name, and its own seeded random source.

    >>> p = Player("first free cell", lambda state, rng: state.legal_moves()[0])
    >>> p.choose(State.new().play(0))
    1
    """

    def __init__(self, name: str, rule: Rule, *, seed: int | None = None) -> None:
        self.name = name
        self.rule = rule
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, state: State) -> int:
        """The move this player makes in `state` (a row-major cell index)."""
        if state.is_terminal:
            raise IllegalMove(f"{self.name} cannot move: the game is already over")
        return self.rule(state, self.rng)

    def reseed(self, seed: int | None) -> None:
        """Restart the random source, so the next games repeat those after the same seed."""
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"<Player {self.name!r} seed={self.seed}>"


# ---------------------------------------------------------------------------------------------
# Rules


def random_move(state: State, rng: random.Random) -> int:
    """Any legal move, each equally likely: the *blind* or *easy* player."""
    return rng.choice(state.legal_moves())


def completing_moves(state: State, player: Mark) -> list[int]:
    """The empty cells that would complete a line for `player` (a win if it is their turn).

    >>> completing_moves(State.parse("XX./OO./..."), "O")
    [5]
    """
    cells = state.cells
    found = set()
    for line in winning_lines(state.rows, state.cols, state.k):
        marks = [cells[i] for i in line]
        if marks.count(player) == state.k - 1 and marks.count(EMPTY) == 1:
            found.add(line[marks.index(EMPTY)])
    return sorted(found)


def tactical(*, win: bool, block: bool) -> Rule:
    """A rule of thumb: complete an own line if `win`, else block the opponent's if `block`,
    else play at random (the five-rounds tutorial's rounds two and three).

    >>> defensive = tactical(win=False, block=True)
    >>> defensive(State.parse("XX./O../..."), random.Random(0))
    2
    """

    def rule(state: State, rng: random.Random) -> int:
        wins = completing_moves(state, state.turn) if win else []
        blocks = completing_moves(state, other(state.turn)) if block else []
        return rng.choice(wins or blocks or list(state.legal_moves()))

    return rule


def optimal(*, random_ties: bool = False, corner_opening: bool = False) -> Rule:
    """Perfect play from the solver: the best result, won as fast or lost as slowly as can be.

    Among equally good moves it takes the first in board order, or a random one with
    `random_ties` (each optimal move equally likely, drawn from the player's `rng`). With
    `corner_opening` it always opens in the top-left corner, the shortcut one tutorial used
    to save its slow search the first, biggest decision.

    It asks :func:`tictac.solver.best_move`, which proves only as many moves as it needs.
    """

    def rule(state: State, rng: random.Random) -> int:
        if corner_opening and state.moves_made == 0:
            return 0
        return solver.best_move(state, rng=rng if random_ties else None)

    return rule


def first_suboptimal(state: State, rng: random.Random) -> int:
    """The best of the moves that are worse than the best one (the best if all are equal).

    Moves are ranked the way the master ranks them: result first, then how soon a win
    comes or how late a loss does.
    """
    outcomes = solver.move_outcomes(state)
    ranked = sorted(outcomes, key=lambda move: _rank(outcomes[move], state.turn))
    best = _rank(outcomes[ranked[0]], state.turn)
    worse = [move for move in ranked if _rank(outcomes[move], state.turn) != best]
    return worse[0] if worse else ranked[0]


def _rank(outcome: solver.Outcome, player: Mark) -> tuple[int, int]:
    """Sort key, smallest first = best for `player`: better result, then quicker win or
    slower loss (a draw's length does not matter)."""
    value = outcome.value if player == "X" else -outcome.value
    return (-value, outcome.plies * value)


def blend(primary: Rule, alternative: Rule, probability: float) -> Rule:
    """Follow `primary` with the given probability, otherwise `alternative`.

    The novice plays the best move 40% of the time: ``blend(optimal(), first_suboptimal, 0.4)``.
    """
    _check_probability(probability)

    def rule(state: State, rng: random.Random) -> int:
        chosen = primary if rng.random() < probability else alternative
        return chosen(state, rng)

    return rule


def searching(*, depth: int, heuristic: Score, score: Score = win_loss) -> Rule:
    """Depth-limited minimax (alpha-beta, same answer): look `depth` moves ahead, value the
    positions there by `heuristic`, and take a best move (ties broken at random)."""
    if not isinstance(depth, int) or depth < 1:
        raise ValueError(
            f"the search depth must be a whole number of moves, 1 or more, not {depth!r}"
        )

    known: dict[State, tuple[int, ...]] = {}  # a position's best moves never change

    def rule(state: State, rng: random.Random) -> int:
        if state not in known:
            found = alphabeta(state, score=score, depth=depth, heuristic=heuristic, table=True)
            known[state] = found.best_moves
        return rng.choice(known[state])

    return rule


def unknown_is_a_draw(state: State, depth: int) -> float:
    """The medium level's view of a position beyond its depth limit: no idea, call it 0."""
    return 0


def brute_force_sum(state: State, rng: random.Random) -> int:
    """The five-rounds tutorial's round four: the move whose subtree adds up to most.

    Every finished game below a move scores, for the player to move, 50 / depth for a win,
    10 / depth for a draw and -10 / depth for a loss, where depth counts the marks on the
    final board plus one (as in the tutorial, whose tree starts at depth 1). The move with
    the largest *sum* over all the games below it wins; ties go to the first in board order.
    Summing is not minimax: a move that wins in many lines but loses in one can look best.
    """
    me = state.turn
    sums = {move: subtree_sum(state._play_unchecked(move), me) for move in state.legal_moves()}
    return max(sums, key=lambda move: sums[move])


@functools.cache
def _score_for(player: Mark) -> Score:
    return depth_scaled(player)


@functools.cache
def subtree_sum(state: State, me: Mark) -> float:
    """Sum of `me`'s depth-scaled scores over every finished game below `state`: what the
    brute-force player adds up (cached: the depth counts the marks on the final board, so a
    position's sum is the same whichever way it was reached).

    >>> round(subtree_sum(State.parse("XX./OO./..."), "X"), 2)
    117.63
    """
    if state.is_terminal:
        side = 1 if me == "X" else -1
        return side * _score_for(me)(state, state.moves_made + 1)
    return sum(subtree_sum(state._play_unchecked(move), me) for move in state.legal_moves())


def _check_probability(probability: float) -> None:
    if not isinstance(probability, (int, float)) or not 0 <= probability <= 1:
        raise ValueError(f"a probability goes from 0 to 1, not {probability!r}")


# ---------------------------------------------------------------------------------------------
# Levels by name


def _novice(*, probability: float = 0.4) -> Rule:
    return blend(optimal(random_ties=True), first_suboptimal, probability)


def _epsilon(*, epsilon: float = 0.1) -> Rule:
    return blend(random_move, optimal(random_ties=True), epsilon)


def _medium(*, depth: int = 2) -> Rule:
    return searching(depth=depth, heuristic=unknown_is_a_draw, score=plus_minus_ten)


def _heuristic(*, depth: int = 5) -> Rule:
    return searching(depth=depth, heuristic=two_in_a_row, score=win_loss)


def _mcts(*, playouts: int = 1000, exploration: float = 1.4) -> Rule:
    from tictac.mcts import uct_rule

    return uct_rule(playouts=playouts, exploration=exploration)


LEVELS: dict[str, Callable[..., Rule]] = {
    "random": lambda: random_move,
    "defensive": lambda: tactical(win=False, block=True),
    "offensive": lambda: tactical(win=True, block=True),
    "brute-force": lambda: brute_force_sum,
    "heuristic": _heuristic,
    "novice": _novice,
    "medium": _medium,
    "master": optimal,
    "epsilon": _epsilon,
    "mcts": _mcts,
}
"""Every level: its name and a factory taking the level's options as keyword arguments."""

ALIASES = {
    "blind": "random",
    "easy": "random",
    "unbeatable": "master",
    "perfect": "master",
    "brute-force-sum": "brute-force",
    "heuristic-depth-5": "heuristic",
    "trembling-hand": "epsilon",
}
"""The tutorials' names for the levels."""


def level_names() -> list[str]:
    """Every name `make_player` accepts: the levels, then the aliases."""
    return [*LEVELS, *ALIASES]


def make_player(level: str, *, seed: int | None = None, **options: Any) -> Player:
    """A player by level name (see the table above), with its options as keywords.

    >>> make_player("novice", probability=0.5, seed=7).name
    'novice'
    >>> make_player("grandmaster")
    Traceback (most recent call last):
      ...
    ValueError: unknown level 'grandmaster'; choose one of random, defensive, ...
    """
    key = str(level).strip().lower().replace("_", "-").replace(" ", "-")
    key = ALIASES.get(key, key)
    factory = LEVELS.get(key)
    if factory is None:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(level_names())}")
    try:
        inspect.signature(factory).bind(**options)
    except TypeError:
        accepted = [p for p in inspect.signature(factory).parameters]
        raise ValueError(
            f"level {key!r} does not take the option(s) {', '.join(options)}; "
            + (f"it takes {', '.join(accepted)}" if accepted else "it takes no options")
        ) from None
    return Player(str(level), factory(**options), seed=seed)
