"""Monte Carlo tree search (UCT): play random games, and grow a tree where they look good.

When a game is too big to search to the end, MCTS estimates each move by playing many
random games (*playouts*) from it. It keeps a tree of the positions it has visited, and each
playout goes through four phases:

1. **selection**: from the root, walk down the tree, at each node taking the child with the
   best UCT score (its mean result so far, plus a bonus for a child tried too little: the
   UCB1 rule of :mod:`tictac.bandits`, with the moves as arms), until a node that still has
   untried moves (or a finished game);
2. **expansion**: add one of those untried moves to the tree, as a new node;
3. **simulation**: play a random game from the new node to the end;
4. **backpropagation**: credit the result to every node on the way back up: one more visit
   each, and 1 for a win, ½ for a draw, 0 for a loss of the player who moved into the node.

After the last playout the move played is the root's most visited child.

>>> from tictac.state import State
>>> result = uct_search(State.parse("XX./OO./..."), playouts=200, seed=0)
>>> result.move
2

``keep_tree=True`` keeps the tree (:attr:`MCTSResult.tree`, made of :class:`MCTSNode`) and
what the last playout did (:attr:`MCTSResult.last_playout`), for
:func:`tictac.tree.draw_mcts_tree` to draw.

Each playout walks down the tree and then plays a game to its end, so its positions are
counted against the search's `budget` (see :mod:`tictac.budget`): a million by default,
enough for 1000 playouts on every board up to 10x10. ``positions=`` instead stops the search
cleanly, after as many playouts as that many positions allow.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from tictac.budget import DEFAULT_BUDGET, BudgetLike, Meter, meter
from tictac.seeds import Seed, random_source
from tictac.state import IllegalMove, Mark, State

__all__ = ["MCTSNode", "MCTSResult", "Playout", "back_up", "uct_rule", "uct_search"]

DEFAULT_EXPLORATION = 1.4
"""The exploration constant of :func:`uct_search`: about UCB1's square root of 2."""


@dataclass(eq=False)
class MCTSNode:
    """A position in the tree MCTS grows: how often playouts went through it (`visits`) and
    what they brought, added up (`reward`), for the player who made `move`, :attr:`mover`:
    1 for each win, ½ for each draw, 0 for each loss.

    `untried` are the legal moves not yet added to the tree as `children`.

    >>> root = uct_search(State.parse("XX./OO./..."), playouts=20, seed=0, keep_tree=True).tree
    >>> root.visits, sum(child.visits for child in root.children)
    (20, 20)
    >>> win = next(child for child in root.children if child.move == 2)
    >>> win.mover, win.mean, win.state.is_terminal
    ('X', 1.0, True)
    """

    state: State
    parent: MCTSNode | None = None
    move: int | None = None
    untried: list[int] = field(default_factory=list)
    children: list[MCTSNode] = field(default_factory=list)
    visits: int = 0
    reward: float = 0.0

    @property
    def mover(self) -> Mark:
        """The player who made `move` (at the root: the player who moved last)."""
        return "O" if self.state.turn == "X" else "X"

    @property
    def mean(self) -> float:
        """The mean result of the playouts through this node for :attr:`mover` (1 a win, ½ a
        draw, 0 a loss); NaN before the first visit."""
        return self.reward / self.visits if self.visits else math.nan

    def uct_score(self, exploration: float = DEFAULT_EXPLORATION) -> float:
        """What selection compares among siblings: ``mean + exploration * sqrt(ln(parent's
        visits) / visits)``.

        >>> root = uct_search(State.parse("XX./OO./..."), playouts=20, seed=0, keep_tree=True).tree
        >>> sorted((c.move, c.visits, round(c.uct_score(), 2)) for c in root.children)
        [(2, 7, 1.92), (5, 3, 1.73), (6, 5, 1.78), (7, 3, 1.73), (8, 2, 1.96)]
        >>> root.uct_child().move  # 2 wins at once, but 8 is the least known: it is next
        8
        """
        if self.parent is None:
            raise ValueError("the root has no UCT score: it is not chosen among siblings")
        if not self.visits:
            return math.inf
        return self.mean + exploration * math.sqrt(math.log(self.parent.visits) / self.visits)

    def uct_child(self, exploration: float = DEFAULT_EXPLORATION) -> MCTSNode:
        """The child selection walks to: the best :meth:`uct_score`, the first of equal ones."""
        log_visits = math.log(self.visits)
        return max(
            self.children,
            key=lambda c: c.reward / c.visits + exploration * math.sqrt(log_visits / c.visits),
        )

    def walk(self) -> Iterator[MCTSNode]:
        """This node and every node below it, depth first, children in the order they were
        added."""
        yield self
        for child in self.children:
            yield from child.walk()

    def __repr__(self) -> str:
        move = "root" if self.move is None else f"move={self.move}"
        mean = f", mean={self.mean:.3g} for {self.mover}" if self.visits else ""
        return f"MCTSNode({move}, visits={self.visits}{mean}, {len(self.children)} children)"


@dataclass(frozen=True)
class Playout:
    """What one playout did, phase by phase: the moves `selected` by UCT from the root down,
    the move `expanded` into a new node (None when selection ended at a finished game), the
    moves `simulated` by the random game from there, and its `winner` (None for a draw), which
    was then backed up along the path."""

    selected: tuple[int, ...]
    expanded: int | None
    simulated: tuple[int, ...]
    winner: Mark | None


@dataclass(frozen=True)
class MCTSResult:
    """What a search found: the chosen move (the most visited), and per move its number of
    visits and the mean result of its playouts for the player to move: a win counts 1, a draw
    0.5 and a loss 0, so 0.5 can mean all draws or as many wins as losses.

    `playouts` is how many playouts were run, `positions` how many positions they visited
    (each position on the way down the tree, the new one and each position of the random
    game). With ``keep_tree=True``, `tree` is the root of the tree and `last_playout` what the
    last playout did.

    >>> result = uct_search(State.parse("XX./OO./..."), playouts=200, seed=0)
    >>> result.mean_results[2]  # the win at once: every playout through it is won
    1.0
    """

    move: int
    visits: dict[int, int]
    mean_results: dict[int, float]
    playouts: int
    positions: int = 0
    tree: MCTSNode | None = field(default=None, compare=False, repr=False)
    last_playout: Playout | None = field(default=None, compare=False, repr=False)

    @property
    def win_rates(self) -> dict[int, float]:
        """The old name of :attr:`mean_results`, kept so that code written for it still works
        (they are not shares of won games: a draw counts as half a win)."""
        return self.mean_results


def uct_search(
    state: State,
    *,
    playouts: int | None = 1000,
    exploration: float = DEFAULT_EXPLORATION,
    seed: Seed = None,
    rng: random.Random | None = None,
    budget: BudgetLike = DEFAULT_BUDGET,
    positions: int | None = None,
    keep_tree: bool = False,
) -> MCTSResult:
    """Run `playouts` simulations from `state` and return the most visited move.

    The random games are drawn with `seed` (a whole number, or a ``random.Random`` to draw
    from; ``rng=`` is its old name). Every position a playout passes through counts against
    `budget` (see :mod:`tictac.budget`). `positions` caps the positions instead, without an
    error: the search stops before a playout that might not fit (a playout visits at most one
    position more than `state` has empty cells), so it visits at most that many; give
    ``playouts=None`` to let `positions` alone decide. `keep_tree` keeps the tree in the result.

    >>> uct_search(State.new(4, 4, 4), playouts=None, positions=500, seed=1).positions <= 500
    True
    >>> uct_search(State.parse("XXX/OO./..."), seed=0)
    Traceback (most recent call last):
      ...
    tictac.state.IllegalMove: the game is already over: there is no move to search for
    """
    _check(playouts, exploration, positions)
    if state.is_terminal:
        raise IllegalMove("the game is already over: there is no move to search for")
    if seed is not None and rng is not None:
        raise ValueError("seed= and rng= are two names for the same option: give only seed=")
    rng = random_source(seed if rng is None else rng)
    counter = meter(
        budget, state, "uct_search", ["fewer playouts", "a position with fewer empty cells"]
    )
    start = counter.positions
    longest = 1 + len(state.legal_moves())  # the most positions one playout visits
    root = MCTSNode(state, untried=list(state.legal_moves()))
    done, last = 0, None
    for _ in range(playouts) if playouts is not None else itertools.count():
        if positions is not None and counter.positions - start + longest > positions:
            break
        last = _one_playout(root, exploration, rng, counter)
        done += 1
    if not root.children:
        raise ValueError(
            f"positions={positions} is too few for one playout from this position, which may "
            f"visit {longest}: give more"
        )
    visits = {c.move: c.visits for c in root.children if c.move is not None}
    means = {c.move: c.reward / c.visits for c in root.children if c.move is not None}
    best = max(sorted(visits), key=lambda m: visits[m])
    return MCTSResult(
        best,
        visits,
        means,
        done,
        counter.positions - start,
        root if keep_tree else None,
        last if keep_tree else None,
    )


def _one_playout(root: MCTSNode, exploration: float, rng: random.Random, counter: Meter) -> Playout:
    """One playout's four phases, from `root`; returns what it did."""
    node = root
    selected: list[int] = []
    counter.tick()
    while not node.untried and node.children:  # 1. selection
        node = node.uct_child(exploration)
        selected.append(node.move)  # type: ignore[arg-type]
        counter.tick()
    expanded = None
    if node.untried:  # 2. expansion
        move = node.untried.pop(rng.randrange(len(node.untried)))
        child_state = node.state.play(move)
        child = MCTSNode(child_state, node, move, list(child_state.legal_moves()))
        node.children.append(child)
        node, expanded = child, move
        counter.tick()
    winner, simulated = _random_playout(node.state, rng, counter)  # 3. simulation
    back_up(node, winner)  # 4. backpropagation
    return Playout(tuple(selected), expanded, simulated, winner)


def _random_playout(
    state: State, rng: random.Random, counter: Meter
) -> tuple[Mark | None, tuple[int, ...]]:
    moves = []
    while not state.is_terminal:
        move = rng.choice(state.legal_moves())
        state = state._play_unchecked(move)
        moves.append(move)
        counter.tick()
    return state.winner, tuple(moves)


def back_up(node: MCTSNode, winner: Mark | None) -> None:
    """Backpropagation: credit a playout's result to `node` and every node above it, up to
    the root. Each gets one more visit, and its reward grows by 1 if its :attr:`~MCTSNode.mover`
    won, by ½ for a draw (`winner` None) and by 0 if its mover lost.

    >>> root = MCTSNode(State.parse("XX./OO./..."))
    >>> child = MCTSNode(root.state.play(2), parent=root, move=2)
    >>> back_up(child, "X")
    >>> (child.visits, child.reward), (root.visits, root.reward)  # X moved into child, O into root
    ((1, 1.0), (1, 0.0))
    """
    on_path: MCTSNode | None = node
    while on_path is not None:
        on_path.visits += 1
        on_path.reward += 0.5 if winner is None else float(winner == on_path.mover)
        on_path = on_path.parent


def uct_rule(
    *, playouts: int = 1000, exploration: float = DEFAULT_EXPLORATION
) -> Callable[[State, random.Random], int]:
    """A player's rule (see :mod:`tictac.players`) that moves by :func:`uct_search`.

    Its `playouts` bound the work of each move, so it takes no budget of its own; each
    search has the default budget, which 1000 playouts fit on every board.
    """
    _check(playouts, exploration, None)

    def rule(state: State, rng: random.Random) -> int:
        return uct_search(state, playouts=playouts, exploration=exploration, rng=rng).move

    return rule


def _check(playouts: int | None, exploration: float, positions: int | None) -> None:
    if playouts is None and positions is None:
        raise ValueError(
            "playouts=None leaves the number of playouts to positions=, which is None too: "
            "give playouts (such as 1000) or positions (such as 10_000)"
        )
    if playouts is not None and (
        isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1
    ):
        raise ValueError(f"playouts must be a whole number, 1 or more, not {playouts!r}")
    if positions is not None and (
        isinstance(positions, bool) or not isinstance(positions, int) or positions < 1
    ):
        raise ValueError(f"positions must be a whole number, 1 or more, not {positions!r}")
    if (
        isinstance(exploration, bool)
        or not isinstance(exploration, (int, float))
        or not 0 <= exploration < math.inf
    ):
        raise ValueError(f"exploration must be a number, 0 or more, not {exploration!r}")
