"""Monte Carlo tree search (UCT): play random games, and grow a tree where they look good.

When a game is too big to search to the end, MCTS estimates each move by playing many
random games (*playouts*) from it. It keeps a tree of the positions it has visited
(:class:`MCTSNode`: visits, and the results they brought), and each playout goes through four
phases, each a function of this module::

    uct_search(state, playouts, C):
        root ← a node for state, all its moves untried
        repeat playouts times:                                       ▷ playout(root, rng, C)
            leaf ← select(root, C)         ▷ 1. down the tree, each time to the child with
                                           ▷    the largest uct(child, C), until a node with
                                           ▷    untried moves or a finished game
            node ← expand(leaf, rng)       ▷ 2. a new child of leaf, for one of its untried
                                           ▷    moves chosen at random (leaf if none)
            winner ← simulate(node.state, rng)   ▷ 3. a random game from node to its end
            backpropagate(node, winner)    ▷ 4. node and every node above it: one more visit,
                                           ▷    and 1 for a win, ½ for a draw, 0 for a loss
                                           ▷    of the player who moved there
        return the root's most visited move

    uct(child, C) = mean(child) + C · √(ln visits(parent) / visits(child))

:func:`uct` is the UCB1 rule of :mod:`tictac.search.bandits`, with a node's moves as the arms: the
mean result so far, plus a bonus for a child tried too little. :func:`playout` runs the four
phases once and returns a :class:`Playout`, the record of what each did.

>>> from tictac.game.state import State
>>> result = uct_search(State.parse("XX./OO./..."), playouts=200, seed=0)
>>> result.move
2

``keep_tree=True`` keeps the tree (:attr:`MCTSResult.tree`) and what the last playout did
(:attr:`MCTSResult.last_playout`), for :func:`tictac.pictures.tree.draw_mcts_tree` to draw.

Each playout walks down the tree and then plays a game to its end, so its positions are
counted against the search's `budget` (see :mod:`tictac.search.budget`): a million by default,
enough for 1000 playouts on every board up to 10x10. ``positions=`` instead stops the search
cleanly, after as many playouts as that many positions allow.

Any game's position will do (:class:`~tictac.game.position.Position`): the playouts read who
won from its `result()`, and ``positions=`` needs the game to say how many moves it can still
last (its `moves_left`).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic

from tictac.game.position import M, NotForThisGame, Position, require_position, successor
from tictac.game.state import IllegalMove, Mark, State, other
from tictac.helpers.checks import whole_number
from tictac.helpers.old_names import renamed
from tictac.helpers.seeds import Seed, random_source
from tictac.search.budget import DEFAULT_BUDGET, BudgetLike, meter

__all__ = [
    "MCTSNode",
    "MCTSResult",
    "Playout",
    "backpropagate",
    "expand",
    "playout",
    "select",
    "simulate",
    "uct",
    "uct_rule",
    "uct_search",
]

DEFAULT_EXPLORATION = 1.4
"""The exploration constant of :func:`uct_search`: about UCB1's square root of 2."""


def _uncounted() -> None:
    """Count nothing: what the phases do with each position when given no `count`."""


@dataclass(eq=False)
class MCTSNode(Generic[M]):
    """A position in the tree MCTS grows: how often playouts went through it (`visits`) and
    what they brought, added up (`reward`), for the player who made `move`, :attr:`mover`:
    1 for each win, ½ for each draw, 0 for each loss.

    `untried` are the legal moves not yet added to the tree as `children`. A move is the
    game's (see :mod:`tictac.game.position`): a cell on a board, ``(heap, take)`` in Nim.

    >>> root = uct_search(State.parse("XX./OO./..."), playouts=20, seed=0, keep_tree=True).tree
    >>> root.visits, sum(child.visits for child in root.children)
    (20, 20)
    >>> win = next(child for child in root.children if child.move == 2)
    >>> win.mover, win.mean, win.state.is_terminal
    ('X', 1.0, True)
    """

    state: Position[M]
    parent: MCTSNode[M] | None = None
    move: M | None = None
    untried: list[M] = field(default_factory=list)
    children: list[MCTSNode[M]] = field(default_factory=list)
    visits: int = 0
    reward: float = 0.0

    @property
    def mover(self) -> Mark:
        """The player who made `move`: the one to move before it (at the root: the player who
        moved last, the other of the one to move)."""
        if self.parent is not None:
            return self.parent.state.turn
        return other(self.state.turn)

    @property
    def mean(self) -> float:
        """The mean result of the playouts through this node for :attr:`mover` (1 a win, ½ a
        draw, 0 a loss); NaN before the first visit."""
        return self.reward / self.visits if self.visits else math.nan

    def uct_score(self, exploration: float = DEFAULT_EXPLORATION) -> float:
        """This node's :func:`uct` score, which selection compares among siblings.

        >>> root = uct_search(State.parse("XX./OO./..."), playouts=20, seed=0, keep_tree=True).tree
        >>> sorted((c.move, c.visits, round(c.uct_score(), 2)) for c in root.children)
        [(2, 7, 1.92), (5, 3, 1.73), (6, 5, 1.78), (7, 3, 1.73), (8, 2, 1.96)]
        """
        return uct(self, exploration)

    def uct_child(self, exploration: float = DEFAULT_EXPLORATION) -> MCTSNode[M]:
        """The child :func:`select` walks to from here: the best :func:`uct` score, the first
        of equal ones.

        >>> root = uct_search(State.parse("XX./OO./..."), playouts=20, seed=0, keep_tree=True).tree
        >>> root.uct_child().move  # 2 wins at once, but 8 is the least known: it is next
        8
        """
        return max(self.children, key=lambda child: uct(child, exploration))

    def walk(self) -> Iterator[MCTSNode[M]]:
        """This node and every node below it, depth first, children in the order they were
        added."""
        yield self
        for child in self.children:
            yield from child.walk()

    def __repr__(self) -> str:
        move = "root" if self.move is None else f"move={self.move!r}"
        mean = f", mean={self.mean:.3g} for {self.mover}" if self.visits else ""
        return f"MCTSNode({move}, visits={self.visits}{mean}, {len(self.children)} children)"


@dataclass(frozen=True)
class Playout(Generic[M]):
    """What one playout did, phase by phase: the moves `selected` by UCT from the root down,
    the move `expanded` into a new node (None when selection ended at a finished game), the
    moves `simulated` by the random game from there, and its `winner` (None for a draw), which
    was then backed up along the path."""

    selected: tuple[M, ...]
    expanded: M | None
    simulated: tuple[M, ...]
    winner: Mark | None


@dataclass(frozen=True)
class MCTSResult(Generic[M]):
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

    move: M
    visits: dict[M, int]
    mean_results: dict[M, float]
    playouts: int
    positions: int = 0
    tree: MCTSNode[M] | None = field(default=None, compare=False, repr=False)
    last_playout: Playout[M] | None = field(default=None, compare=False, repr=False)

    @property
    def win_rates(self) -> dict[M, float]:
        """The old name of :attr:`mean_results` (they are not shares of won games: a draw
        counts as half a win); it warns, and will go."""
        renamed("MCTSResult.win_rates", "MCTSResult.mean_results")
        return self.mean_results


def uct_search(
    state: Position[M],
    *,
    playouts: int | None = 1000,
    exploration: float = DEFAULT_EXPLORATION,
    seed: Seed = None,
    rng: random.Random | None = None,
    budget: BudgetLike = DEFAULT_BUDGET,
    positions: int | None = None,
    keep_tree: bool = False,
) -> MCTSResult[M]:
    """Run `playouts` simulations from `state` and return the most visited move.

    The random games are drawn with `seed` (a whole number, or a ``random.Random`` to draw
    from; ``rng=``, its old name, still works but warns). Every position a playout passes
    through counts against `budget` (see :mod:`tictac.search.budget`). `positions` caps the
    positions instead, without an error: the search stops before a playout that might not
    fit (a playout visits at most one position more than the moves `state`'s game can still
    last, its `moves_left`: on a board, its empty cells), so it visits at most that many; give
    ``playouts=None`` to let `positions` alone decide.
    `keep_tree` keeps the tree in the result.

    >>> uct_search(State.new(4, 4, 4), playouts=None, positions=500, seed=1).positions <= 500
    True
    >>> uct_search(State.parse("XXX/OO./..."), seed=0)
    Traceback (most recent call last):
      ...
    tictac.game.state.IllegalMove: the game is already over: there is no move to search for
    """
    playouts, positions = _check(playouts, exploration, positions)
    require_position(state, "uct_search")
    if state.is_terminal:
        raise IllegalMove("the game is already over: there is no move to search for")
    if rng is not None:
        renamed("uct_search(rng=...)", "uct_search(seed=...)")
    if seed is not None and rng is not None:
        raise ValueError("seed= and rng= are two names for the same option: give only seed=")
    rng = random_source(seed if rng is None else rng)
    nearer = "with fewer empty cells" if isinstance(state, State) else "nearer the end"
    counter = meter(budget, state, "uct_search", ["fewer playouts", f"a position {nearer}"])
    start = counter.positions
    longest = 1 + _moves_left(state, positions)  # the most positions one playout visits
    root = MCTSNode(state, untried=list(state.legal_moves()))
    done, last = 0, None
    for _ in range(playouts) if playouts is not None else itertools.count():
        if positions is not None and counter.positions - start + longest > positions:
            break
        last = playout(root, rng, exploration, count=counter.tick)
        done += 1
    if not root.children:
        raise ValueError(
            f"positions={positions} is too few for one playout from this position, which may "
            f"visit {longest}: give more"
        )
    visits = {c.move: c.visits for c in root.children if c.move is not None}
    means = {c.move: c.reward / c.visits for c in root.children if c.move is not None}
    most = max(visits.values())
    best = min(move for move, count in visits.items() if count == most)  # the first of equals
    return MCTSResult(
        best,
        visits,
        means,
        done,
        counter.positions - start,
        root if keep_tree else None,
        last if keep_tree else None,
    )


def playout(
    root: MCTSNode[M],
    rng: random.Random,
    exploration: float = DEFAULT_EXPLORATION,
    *,
    count: Callable[[], None] = _uncounted,
) -> Playout[M]:
    """One playout from `root`: the four phases in order. Returns what each did.

    `rng` draws the random choices, and `count` is called once for each position visited
    (:func:`uct_search` passes its budget's :meth:`~tictac.search.budget.Meter.tick`).

    >>> state = State.parse("XX./OO./...")
    >>> root = MCTSNode(state, untried=list(state.legal_moves()))
    >>> rng = random.Random(2)
    >>> playout(root, rng)  # nothing to select yet: 2 is added to the tree, and wins at once
    Playout(selected=(), expanded=2, simulated=(), winner='X')
    >>> for _ in range(4):  # the root's four other moves are added
    ...     _ = playout(root, rng)
    >>> playout(root, rng)  # selection goes to 2, a finished game: nothing to add or play
    Playout(selected=(2,), expanded=None, simulated=(), winner='X')
    >>> root.visits
    6
    """
    leaf = select(root, exploration, count=count)
    node = expand(leaf, rng, count=count)
    winner, moves = simulate(node.state, rng, count=count)
    backpropagate(node, winner)
    expanded = node.move if node is not leaf else None
    return Playout(_moves_between(root, leaf), expanded, moves, winner)


def select(
    node: MCTSNode[M],
    exploration: float = DEFAULT_EXPLORATION,
    *,
    count: Callable[[], None] = _uncounted,
) -> MCTSNode[M]:
    """Selection: from `node` walk down the tree, each time to the child with the largest
    :func:`uct` score (the first of equal ones), until a node that still has untried moves,
    or a finished game; return it. `count` is called for each node on the way, `node`
    included.

    >>> root = uct_search(State.parse("XX./OO./..."), playouts=20, seed=0, keep_tree=True).tree
    >>> leaf = select(root)
    >>> leaf.move, leaf.parent is root, leaf.untried  # 8 has the largest score, and untried moves
    (8, True, [2, 5, 6])
    """
    count()
    while not node.untried and node.children:
        node = max(node.children, key=lambda child: uct(child, exploration))
        count()
    return node


def expand(
    node: MCTSNode[M], rng: random.Random, *, count: Callable[[], None] = _uncounted
) -> MCTSNode[M]:
    """Expansion: add one of `node`'s untried moves, chosen with `rng`, to the tree as a new
    child, and return the child (`count` is called for it). A node with no untried moves, a
    finished game, is returned as it is.

    >>> state = State.parse("XX./OO./...")
    >>> root = MCTSNode(state, untried=list(state.legal_moves()))
    >>> child = expand(root, random.Random(0))
    >>> child.move, child.parent is root, root.untried, child.untried
    (7, True, [2, 5, 6, 8], [2, 5, 6, 8])
    """
    if not node.untried:
        return node
    move = node.untried.pop(rng.randrange(len(node.untried)))
    state = node.state.play(move)
    child = MCTSNode(state, node, move, list(state.legal_moves()))
    node.children.append(child)
    count()
    return child


def simulate(
    state: Position[M], rng: random.Random, *, count: Callable[[], None] = _uncounted
) -> tuple[Mark | None, tuple[M, ...]]:
    """Simulation: play a random game from `state` to its end, each move drawn with `rng`
    from the legal ones. Returns its winner (None for a draw) and its moves; `count` is
    called after each move.

    >>> simulate(State.parse("XX./OO./..."), random.Random(0))  # O blocks, X wins at 2
    ('X', (7, 8, 2))
    """
    moves: list[Any] = []
    play = successor(state)
    while not state.is_terminal:
        move = rng.choice(state.legal_moves())
        state = play(state, move)
        moves.append(move)
        count()
    result = state.result()
    if result is None:
        raise TypeError(
            f"a playout ended at {state!r}, a finished position without a result(): MCTS needs "
            "a game whose finished positions say who won (a tree of numbers has only numbers)"
        )
    return (None if result == "draw" else result), tuple(moves)


def backpropagate(node: MCTSNode[Any], winner: Mark | None) -> None:
    """Backpropagation: credit a playout's result to `node` and every node above it, up to
    the root. Each gets one more visit, and its reward grows by 1 if its :attr:`~MCTSNode.mover`
    won, by ½ for a draw (`winner` None) and by 0 if its mover lost.

    >>> root = MCTSNode(State.parse("XX./OO./..."))
    >>> child = MCTSNode(root.state.play(2), parent=root, move=2)
    >>> backpropagate(child, "X")
    >>> (child.visits, child.reward), (root.visits, root.reward)  # X moved into child, O into root
    ((1, 1.0), (1, 0.0))
    """
    on_path: MCTSNode[Any] | None = node
    while on_path is not None:
        on_path.visits += 1
        on_path.reward += 0.5 if winner is None else float(winner == on_path.mover)
        on_path = on_path.parent


def uct(child: MCTSNode[Any], exploration: float = DEFAULT_EXPLORATION) -> float:
    """The UCT score :func:`select` compares among siblings: the child's mean result for its
    :attr:`~MCTSNode.mover`, plus a bonus that is larger the fewer of its parent's visits
    went to it::

        mean + exploration * sqrt(ln(parent's visits) / visits)

    A child not yet visited scores infinity; the root, chosen among no siblings, has no score.

    >>> root = uct_search(State.parse("XX./OO./..."), playouts=20, seed=0, keep_tree=True).tree
    >>> sorted((c.move, c.visits, round(c.mean, 2), round(uct(c), 2)) for c in root.children)
    [(2, 7, 1.0, 1.92), (5, 3, 0.33, 1.73), (6, 5, 0.7, 1.78), (7, 3, 0.33, 1.73),
     (8, 2, 0.25, 1.96)]
    """
    if child.parent is None:
        raise ValueError("the root has no UCT score: it is not chosen among siblings")
    if not child.visits:
        return math.inf
    return child.mean + exploration * math.sqrt(math.log(child.parent.visits) / child.visits)


def back_up(node: MCTSNode[Any], winner: Mark | None) -> None:
    """The old name of :func:`backpropagate`; it warns, and will go."""
    renamed("tictac.search.mcts.back_up", "tictac.search.mcts.backpropagate")
    backpropagate(node, winner)


def _moves_left(state: Position, positions: int | None) -> int:
    """The most moves the game at `state` can still last (for ``positions=``): its
    `moves_left`, which a game without one cannot give, so ``positions=`` refuses it."""
    moves_left = getattr(state, "moves_left", None)
    if isinstance(moves_left, int):
        return moves_left
    if positions is None:
        return len(state.legal_moves())  # only said in messages
    raise NotForThisGame(
        "uct_search(positions=...)",
        state,
        "playouts=... alone",
        works_on="games that say how many moves they can still last (a moves_left, as State has)",
    )


def _moves_between(top: MCTSNode[M], node: MCTSNode[M]) -> tuple[M, ...]:
    """The moves that lead from `top` down to `node`, a node at or below it."""
    moves: list[M] = []
    while node is not top and node.parent is not None and node.move is not None:
        moves.append(node.move)
        node = node.parent
    return tuple(reversed(moves))


def uct_rule(
    *, playouts: int = 1000, exploration: float = DEFAULT_EXPLORATION
) -> Callable[[Any, random.Random], Any]:
    """A player's rule (see :mod:`tictac.players.rules`) that moves by :func:`uct_search`.

    Its `playouts` bound the work of each move, so it takes no budget of its own; each
    search has the default budget, which 1000 playouts fit on every board.
    """
    whole, _ = _check(playouts, exploration, None)

    def rule(state: Position[M], rng: random.Random) -> M:
        return uct_search(state, playouts=whole, exploration=exploration, seed=rng).move

    return rule


def _check(
    playouts: int | None, exploration: float, positions: int | None
) -> tuple[int | None, int | None]:
    """`playouts` and `positions` as plain ints (or None), once all three are checked."""
    if playouts is None and positions is None:
        raise ValueError(
            "playouts=None leaves the number of playouts to positions=, which is None too: "
            "give playouts (such as 1000) or positions (such as 10_000)"
        )
    if playouts is not None:
        playouts = whole_number(playouts, "playouts", at_least=1)
    if positions is not None:
        positions = whole_number(positions, "positions", at_least=1)
    if (
        isinstance(exploration, bool)
        or not isinstance(exploration, (int, float))
        or not 0 <= exploration < math.inf
    ):
        raise ValueError(f"exploration must be a number, 0 or more, not {exploration!r}")
    return playouts, positions
