"""Monte Carlo tree search (UCT): play random games, and grow a tree where they look good.

When a game is too big to search to the end, MCTS estimates each move by playing many
random games (*playouts*) from it. It keeps a tree of the positions it has visited; at each
step it walks down the tree choosing children by the UCT rule (mostly the move with the best
average so far, sometimes one it has tried too little), adds one new position, plays a random
game from there, and credits the result to every position on the way back up.

>>> from tictac.state import State
>>> result = uct_search(State.parse("XX./OO./..."), playouts=200, seed=0)
>>> result.move
2

Each playout walks down the tree and then plays a game to its end, so its positions are
counted against the search's `budget` (see :mod:`tictac.budget`): a million by default,
enough for 1000 playouts on every board up to 10x10.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from tictac.budget import DEFAULT_BUDGET, BudgetLike, Meter, meter
from tictac.seeds import Seed, random_source
from tictac.state import IllegalMove, Mark, State

__all__ = ["MCTSResult", "uct_rule", "uct_search"]


@dataclass
class _Node:
    state: State
    parent: _Node | None = None
    move: int | None = None
    untried: list[int] = field(default_factory=list)
    children: list[_Node] = field(default_factory=list)
    visits: int = 0
    reward: float = 0.0  # for the player who made `move`: 1 a win, 0.5 a draw

    def uct_child(self, exploration: float) -> _Node:
        log_visits = math.log(self.visits)
        return max(
            self.children,
            key=lambda c: c.reward / c.visits + exploration * math.sqrt(log_visits / c.visits),
        )


@dataclass(frozen=True)
class MCTSResult:
    """What a search found: the chosen move (the most visited), and per move its number of
    visits and the mean result of its playouts for the player to move: a win counts 1, a draw
    0.5 and a loss 0, so 0.5 can mean all draws or as many wins as losses.

    >>> result = uct_search(State.parse("XX./OO./..."), playouts=200, seed=0)
    >>> result.mean_results[2]  # the win at once: every playout through it is won
    1.0
    """

    move: int
    visits: dict[int, int]
    mean_results: dict[int, float]
    playouts: int

    @property
    def win_rates(self) -> dict[int, float]:
        """The old name of :attr:`mean_results`, kept so that code written for it still works
        (they are not shares of won games: a draw counts as half a win)."""
        return self.mean_results


def uct_search(
    state: State,
    *,
    playouts: int = 1000,
    exploration: float = 1.4,
    seed: Seed = None,
    rng: random.Random | None = None,
    budget: BudgetLike = DEFAULT_BUDGET,
) -> MCTSResult:
    """Run `playouts` simulations from `state` and return the most visited move.

    The random games are drawn with `seed` (a whole number, or a ``random.Random`` to draw
    from; ``rng=`` is its old name). Every position a playout passes through counts against
    `budget` (see :mod:`tictac.budget`).

    >>> uct_search(State.parse("XXX/OO./..."), seed=0)
    Traceback (most recent call last):
      ...
    tictac.state.IllegalMove: the game is already over: there is no move to search for
    """
    _check(playouts, exploration)
    if state.is_terminal:
        raise IllegalMove("the game is already over: there is no move to search for")
    if seed is not None and rng is not None:
        raise ValueError("seed= and rng= are two names for the same option: give only seed=")
    rng = random_source(seed if rng is None else rng)
    counter = meter(
        budget, state, "uct_search", ["fewer playouts", "a position with fewer empty cells"]
    )
    root = _Node(state, untried=list(state.legal_moves()))
    for _ in range(playouts):
        node = root
        counter.tick()
        while not node.untried and node.children:  # 1. select
            node = node.uct_child(exploration)
            counter.tick()
        if node.untried:  # 2. expand
            move = node.untried.pop(rng.randrange(len(node.untried)))
            child_state = node.state.play(move)
            child = _Node(child_state, node, move, list(child_state.legal_moves()))
            node.children.append(child)
            node = child
            counter.tick()
        winner = _random_playout(node.state, rng, counter)  # 3. simulate
        on_path: _Node | None = node
        while on_path is not None:  # 4. back up
            on_path.visits += 1
            mover: Mark = "O" if on_path.state.turn == "X" else "X"
            on_path.reward += 0.5 if winner is None else float(winner == mover)
            on_path = on_path.parent
    visits = {c.move: c.visits for c in root.children if c.move is not None}
    means = {c.move: c.reward / c.visits for c in root.children if c.move is not None}
    best = max(sorted(visits), key=lambda m: visits[m])
    return MCTSResult(best, visits, means, playouts)


def _random_playout(state: State, rng: random.Random, counter: Meter) -> Mark | None:
    while not state.is_terminal:
        state = state._play_unchecked(rng.choice(state.legal_moves()))
        counter.tick()
    return state.winner


def uct_rule(
    *, playouts: int = 1000, exploration: float = 1.4
) -> Callable[[State, random.Random], int]:
    """A player's rule (see :mod:`tictac.players`) that moves by :func:`uct_search`.

    Its `playouts` bound the work of each move, so it takes no budget of its own; each
    search has the default budget, which 1000 playouts fit on every board.
    """
    _check(playouts, exploration)

    def rule(state: State, rng: random.Random) -> int:
        return uct_search(state, playouts=playouts, exploration=exploration, rng=rng).move

    return rule


def _check(playouts: int, exploration: float) -> None:
    if not isinstance(playouts, int) or playouts < 1:
        raise ValueError(f"playouts must be a whole number, 1 or more, not {playouts!r}")
    if not isinstance(exploration, (int, float)) or exploration < 0:
        raise ValueError(f"exploration must be a number, 0 or more, not {exploration!r}")
