"""Game-tree search: minimax, minimax with a memo, alpha-beta and depth-limited search.

Values are always from X's side: X picks the largest, O the smallest. Every search returns a
:class:`SearchResult` with the position's value, **all** the best moves, the value of each
legal move, the move chosen among the best (the first in board order, or a random one) and
:class:`SearchStats` counting the work done.

>>> from tictac.game.state import State
>>> result = minimax(State.parse("XX./OO./..."))
>>> result.value, result.best_moves, result.move
(1, (2,), 2)
>>> result.move_values
{2: 1, 5: 0, 6: -1, 7: -1, 8: -1}
>>> alphabeta(State.parse("XX./OO./..."), order_moves=True).value
1

The options, the same for every search:

* `score` values finished games (:mod:`tictac.game.scoring`; default
:func:`~tictac.game.scoring.win_loss`);
* `depth` and `heuristic` stop the search `depth` plies below the start and value the
  positions there with the heuristic, e.g. ``depth=5, heuristic=two_in_a_row``;
* ``extend_threats=True`` searches on past the depth limit while a side must act on a threat,
  trying only the forced moves, up to `max_extension` plies further (:mod:`tictac.search.threats`);
* `memo` remembers the value of every position searched, either as it is (``"plain"`` or
  True) or together with its mirror images (``"symmetric"``); alpha-beta's memo (a
  *transposition table*) also remembers bounds. ``table=`` is alpha-beta's old name for it;
* `tie_break` is ``"first"`` (the tutorials' choice) or ``"random"``, drawing with
  ``random.Random(seed)`` (or with `seed` itself when it is a ``random.Random``);
* ``trace=True`` records the tree searched as :class:`TraceNode` records, down to
  `trace_depth` plies if given (the deeper positions are only counted);
* `budget` bounds the work: by default a million positions, which every search on 3x3 fits
  in; a search that needs more stops with :class:`~tictac.search.budget.BudgetExceeded`, which says
  what to try instead. ``budget=None`` lifts the limit (see :mod:`tictac.search.budget`).

>>> minimax(State.new(4, 4, 4), budget=50_000)
Traceback (most recent call last):
  ...
tictac.search.budget.BudgetExceeded: minimax stopped after searching 50,000 positions, ...

The same algorithms, short and without the bookkeeping, are in :mod:`tictac.search.textbook`
(:func:`minimax_value`, :func:`~tictac.search.textbook.alphabeta_value`,
:func:`~tictac.search.textbook.negamax_value`).
"""

from __future__ import annotations

import functools
import math
import operator
import sys
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, NamedTuple

from tictac.game.numbertree import NumberTree, leaf_number
from tictac.game.position import (
    M,
    NotForThisGame,
    Position,
    move_text,
    require_board,
    require_position,
    shown_position,
    successor,
)
from tictac.game.scoring import Score, win_loss
from tictac.game.state import State, X, canonical_cells, other
from tictac.helpers.checks import whole_number
from tictac.helpers.old_names import renamed
from tictac.helpers.seeds import Seed, random_source
from tictac.search.budget import DEFAULT_BUDGET, BudgetLike, Meter, meter
from tictac.search.textbook import minimax_value
from tictac.search.threats import MAX_EXTENSION, ThreatExtension, line_partners

__all__ = [
    "Memo",
    "NodeKind",
    "Position",
    "SearchResult",
    "SearchStats",
    "TieBreak",
    "TraceNode",
    "alphabeta",
    "minimax",
    "minimax_value",
]

INF = math.inf

TieBreak = Literal["first", "random"]
Memo = Literal["plain", "symmetric"] | bool | None
NodeKind = Literal["expanded", "terminal", "cutoff-heuristic", "cache-hit"]


# ---------------------------------------------------------------------------------------------
# What a search returns


@dataclass(frozen=True)
class SearchStats:
    """How much work a search did.

    `nodes` counts every position visited, the root and the cache hits included; `leaves` the
    positions valued by the score or the heuristic; `cutoffs` the times alpha-beta skipped the
    remaining moves of a position; `cache_hits` the positions answered from the memo;
    `max_ply` the deepest ply reached (the root is ply 0). With a memo,
    ``nodes - cache_hits`` is the number of positions actually worked out.

    >>> minimax(State.parse("XX./OO./...")).stats
    SearchStats(nodes=157, leaves=73, cutoffs=0, cache_hits=0, max_ply=5)
    """

    nodes: int
    leaves: int
    cutoffs: int
    cache_hits: int
    max_ply: int

    @property
    def max_depth(self) -> int:
        """The old name of `max_ply` (a DeprecationWarning says so)."""
        renamed("SearchStats.max_depth", "SearchStats.max_ply")
        return self.max_ply


@dataclass(frozen=True, repr=False)
class TraceNode(Generic[M]):
    """One position of a traced search, with the positions searched below it.

    `move` is the move played to get here (None at the root): on a board the cell, in any
    other game a move as its `legal_moves()` lists it (see :mod:`tictac.game.position`); `ply`
    how many moves below the root it lies, `alpha` and `beta` the window the position was
    searched with (minus and plus infinity for minimax), `value` what the search returned for
    it. `kind` says how the value was found:

    * ``"expanded"``: from its `children`, the positions searched below it, in search order;
    * ``"terminal"``: the game is over, so the score valued it;
    * ``"cutoff-heuristic"``: the depth limit was reached, so the heuristic valued it;
    * ``"cache-hit"``: the memo already knew it.

    When alpha-beta stopped early, `pruned` lists the moves it skipped and `reason` says why,
    e.g. ``"cut: 1 >= beta 0"``. `hidden` counts the positions searched below this one that
    the trace leaves out because they lie deeper than `trace_depth` (0 without a limit), so
    ``sum(1 + node.hidden for node in root.walk())`` is always the number of positions visited
    (:attr:`size`).

    >>> minimax(State.parse("XX./OO./..."), trace=True).trace
    TraceNode(XX./OO./..., X to move, value 1, expanded, 5 children, trace of 157 nodes)
    """

    state: Position[M]
    move: M | None
    ply: int
    alpha: float
    beta: float
    value: float
    kind: NodeKind
    children: tuple[TraceNode[M], ...] = ()
    pruned: tuple[M, ...] = ()
    reason: str = ""
    hidden: int = 0

    @property
    def depth(self) -> int:
        """The old name of `ply` (a DeprecationWarning says so)."""
        renamed("TraceNode.depth", "TraceNode.ply")
        return self.ply

    @functools.cached_property
    def size(self) -> int:
        """How many positions the search visited here and below, counting those not traced."""
        return sum(1 + node.hidden for node in self.walk())

    def walk(self) -> Iterator[TraceNode[M]]:
        """This node and every node below it, parents before children (depth-first)."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def __repr__(self) -> str:
        state = self.state
        parts = [shown_position(state)]
        if isinstance(state, NumberTree):
            parts.append("leaf" if state.is_terminal else f"{state.player} to move")
        elif state.result() is None:
            parts.append(f"{state.turn} to move")
        else:
            result = state.result()
            parts.append("over (draw)" if result == "draw" else f"over ({result} won)")
        if self.move is not None:
            parts.append(_after(state, self.move))
        parts.append(f"value {_number(self.value)}")
        if (self.alpha, self.beta) != (-INF, INF):
            parts.append(f"window ({_number(self.alpha)}, {_number(self.beta)})")
        parts.append(self.kind)
        if self.children:
            parts.append(_count(len(self.children), "child", "children"))
        if self.pruned:
            parts.append(f"{len(self.pruned)} pruned")
        parts.append(f"trace of {_count(self.size, 'node')}")
        return f"TraceNode({', '.join(parts)})"


@dataclass(frozen=True, repr=False)
class SearchResult(Generic[M]):
    """The outcome of a search.

    `value` is the position's value from X's side; `best_moves` every move that reaches it, in
    board order (in any game, sorted); `move_values` each legal move's value; `move` the best
    move chosen by the tie-break; `stats` the work done; `trace` the searched tree when asked
    for. When the game is already over, `best_moves` and `move_values` are empty and `move` is
    None. The moves are the game's, as its `legal_moves()` lists them (see
    :mod:`tictac.game.position`): a search of a ``Position[M]`` returns a ``SearchResult[M]``,
    so a board's moves are cell indices (ints) and Nim's ``(heap, take)`` pairs.

    Its text form is one line, however big the search:

    >>> minimax(State.parse("XX./OO./..."), trace=True)
    SearchResult(value=1, best_moves=(2,), move=2, nodes=157, leaves=73, trace of 157 nodes)
    """

    value: float
    best_moves: tuple[M, ...]
    move_values: dict[M, float]
    stats: SearchStats
    move: M | None
    trace: TraceNode[M] | None = None

    def __repr__(self) -> str:
        stats = self.stats
        parts = [
            f"value={_number(self.value)}",
            f"best_moves={_short_tuple(self.best_moves)}",
            f"move={self.move!r}",
            f"nodes={stats.nodes}",
            f"leaves={stats.leaves}",
        ]
        if stats.cutoffs:
            parts.append(f"cutoffs={stats.cutoffs}")
        if stats.cache_hits:
            parts.append(f"cache_hits={stats.cache_hits}")
        if self.trace is not None:
            parts.append(f"trace of {_count(self.trace.size, 'node')}")
        return f"SearchResult({', '.join(parts)})"


def _count(number: int, singular: str, plural: str = "") -> str:
    return f"{number} {singular if number == 1 else plural or singular + 's'}"


def _number(value: float) -> str:
    """A value as a search reports it: whole numbers without a point, infinities as ``inf``,
    others exactly as Python writes them (so a value copied from the text compares equal)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return repr(value) if isinstance(value, float) else str(value)


def _after(state: Position, move: object) -> str:
    """How a trace names the move that led to `state`: ``after move 4`` (a cell, a branch),
    or in the game's words if it names its moves (``after take 2 from heap 1``)."""
    named = move_text(state, move)
    return f"after move {named}" if named == repr(move) else f"after {named}"


def _short_tuple(items: tuple[object, ...], most: int = 12) -> str:
    """A tuple's text, with the middle left out when it is long.

    >>> _short_tuple(tuple(range(100)))
    '(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, … 88 more, 99)'
    """
    if len(items) <= most:
        return repr(items)
    head = ", ".join(map(repr, items[: most - 1]))
    return f"({head}, … {len(items) - most} more, {items[-1]!r})"


# ---------------------------------------------------------------------------------------------
# The public searches


def minimax(
    state: Position[M],
    *,
    score: Score = win_loss,
    depth: int | None = None,
    heuristic: Score | None = None,
    memo: Memo = None,
    tie_break: TieBreak = "first",
    seed: Seed = None,
    trace: bool = False,
    trace_depth: int | None = None,
    budget: BudgetLike = DEFAULT_BUDGET,
    extend_threats: bool = False,
    max_extension: int | None = None,
) -> SearchResult[M]:
    """Minimax: every move of every position, down to the end of the game or to `depth`.

    Without a memo this visits the whole game tree: 549,946 positions from the empty board.
    With ``memo="plain"`` it works out each position once (5,478 from the empty board) and
    with ``memo="symmetric"`` each position up to mirror images, which assumes the score and
    heuristic give mirror images the same value (all of :mod:`tictac.game.scoring` do).

    >>> result = minimax(State.new(), memo="symmetric")
    >>> result.value, result.best_moves
    (0, (0, 1, 2, 3, 4, 5, 6, 7, 8))
    >>> result = minimax(State.parse("XO./.X./..."), memo="plain", tie_break="random", seed=1)
    >>> result.best_moves, result.move
    ((2, 3, 5, 6, 7, 8), 3)
    """
    search = new_searcher(
        state, score, depth, heuristic, tie_break, trace, trace_depth, memo, who="minimax"
    )
    search.use_memo(memo_key("memo", memo, state))
    set_up_threat_extension(search, state, extend_threats, max_extension, trace_depth)
    search.counter = meter(budget, state, "minimax", budget_advice(depth, memo, "minimax", state))
    value, move_values = search.search_root(state, lambda child: search.minimax(child, 1))
    return search.result(value, move_values, tie_break, seed)


def alphabeta(
    state: Position[M],
    *,
    score: Score = win_loss,
    depth: int | None = None,
    heuristic: Score | None = None,
    order_moves: bool | Callable[[Any], Iterable[M]] = False,
    memo: Memo = None,
    exact_root: bool = True,
    tie_break: TieBreak = "first",
    seed: Seed = None,
    trace: bool = False,
    trace_depth: int | None = None,
    table: Memo = None,
    budget: BudgetLike = DEFAULT_BUDGET,
    extend_threats: bool = False,
    max_extension: int | None = None,
) -> SearchResult[M]:
    """Alpha-beta: minimax that skips moves which cannot change the value. Same value, less work.

    **By default this is not the textbook's alpha-beta.** With ``exact_root=True`` (the default)
    each move at the root is searched with the full window, so that every first move's value
    is exact; the root's moves then never share a window, and a two-ply tree gets no cut at all.
    On Russell and Norvig's Figure 5.2 tree the default visits all 13 nodes, as many as
    minimax; ``exact_root=False``, the textbook's alpha-beta, visits 11:

    >>> from tictac.game.numbertree import NumberTree
    >>> textbook = NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> alphabeta(textbook).stats.nodes, alphabeta(textbook, exact_root=False).stats.nodes
    (13, 11)

    ``order_moves=True`` tries the likeliest good moves first (a move that wins at once, then
    one that blocks the opponent's win, then cells on more lines: centre, corners, edges),
    which lets more moves be skipped; or pass your own ``order(state) -> moves`` (every legal
    move, once each) to try the moves in that order. `memo` remembers positions as in
    :func:`minimax` (``table=``, its old name, still works but warns); it stores whether a
    value is exact or only a lower or upper bound (a search cut short only learns a bound) and
    uses it only when that is enough.

    With `exact_root` (the default) `move_values` are exact and `best_moves` complete.
    ``exact_root=False`` searches the root like the textbook, with one window shared by all its
    moves, which skips more and is what drawings of alpha-beta (and
    :func:`~tictac.pictures.tree.draw_tree`) show; then `move_values` are exact only for the
    moves that improved on the ones before them (for the others, a bound: X's value is at most,
    O's at least, the number shown) and `best_moves` holds only the first best move.

    >>> alphabeta(State.new(), order_moves=True, memo="symmetric").value
    0
    >>> result = alphabeta(State.parse("X../.O./..X"), exact_root=False)
    >>> result.value, result.best_moves
    (0, (1,))
    """
    if table is not None:
        renamed("alphabeta(table=...)", "alphabeta(memo=...)")
    search = new_searcher(
        state,
        score,
        depth,
        heuristic,
        tie_break,
        trace,
        trace_depth,
        memo or table,
        order_moves,
        who="alphabeta",
    )
    if memo is not None and table is not None:
        raise ValueError(
            "memo= and table= are two names for the same option: give only memo=, e.g. "
            "memo='symmetric'"
        )
    search.use_table(
        memo_key("memo" if table is None else "table", memo if table is None else table, state)
    )
    search.counter = meter(
        budget, state, "alphabeta", budget_advice(depth, memo or table, state=state)
    )
    if callable(order_moves):
        search.moves = lambda position: tuple(order_moves(position))
    elif order_moves:
        search.moves = moves_best_first
    set_up_threat_extension(search, state, extend_threats, max_extension, trace_depth)
    if exact_root:
        value, move_values = search.search_root(
            state, lambda child: search.alphabeta(child, 1, -INF, INF)
        )
    else:
        value, move_values = search.search_root(state, SharedWindow(search, state).value_of)
    return search.result(value, move_values, tie_break, seed, only_first_best=not exact_root)


# ---------------------------------------------------------------------------------------------
# The search itself: one object per search holds the options, the counters and the memo.


class TableEntry(NamedTuple):
    """A transposition-table entry: a value and whether it is exact or a bound."""

    value: float
    bound: Literal["exact", "lower", "upper"]


class Searcher:
    """The engine behind :func:`minimax` and :func:`alphabeta`, and the deepening searches of
    :mod:`tictac.search.deepening`: one search's settings, memo, statistics and trace. Made by
    :func:`new_searcher`; the lessons use the two functions, not this."""

    counter: Meter  # counts the positions visited against the budget (set by the caller)

    def __init__(self, score: Score, heuristic: Score | None, horizon: int) -> None:
        self.score: Callable[[Any, int], float] = score
        self.heuristic: Callable[[Any, int], float] | None = heuristic
        self.horizon = horizon  # the ply where a running game is valued by the heuristic
        self.key: Callable[[Any], Hashable] | None = None
        self.memo: dict[Hashable, float] | None = None
        self.table: dict[Hashable, TableEntry] | None = None
        self.moves: Callable[[Any], tuple[Any, ...]] = State.legal_moves
        self.play: Callable[[Any, Any], Any] = State.play_unchecked  # the game's fast play
        self.nodes = self.leaves = self.cutoffs = self.cache_hits = self.max_ply = 0

    def use_memo(self, key: Callable[[Any], Hashable] | None) -> None:
        """Remember exact values (minimax), filed under `key` (None: remember nothing)."""
        self.key = key
        self.memo = None if key is None else {}

    def use_table(self, key: Callable[[Any], Hashable] | None) -> None:
        """Remember values or bounds (alpha-beta), filed under `key` (None: remember nothing)."""
        self.key = key
        self.table = None if key is None else {}

    # -- one position ---------------------------------------------------------------------------

    def visit(self, ply: int) -> None:
        self.counter.tick()
        self.nodes += 1
        if ply > self.max_ply:
            self.max_ply = ply

    def is_leaf(self, state: Position, ply: int) -> bool:
        return state.is_terminal or ply == self.horizon

    def leaf_value(self, state: Position, ply: int) -> float:
        self.leaves += 1
        if state.is_terminal or self.heuristic is None:  # no heuristic: no depth limit either
            return self.score(state, ply)
        return self.heuristic(state, ply)

    def minimax(self, state: Position, ply: int) -> float:
        self.visit(ply)
        if self.memo is not None:
            key = self.key_of(state)
            if key in self.memo:
                self.cache_hits += 1
                return self.memo[key]
        if self.is_leaf(state, ply):
            value = self.leaf_value(state, ply)
        else:
            play = self.play
            values = [self.minimax(play(state, move), ply + 1) for move in self.moves(state)]
            value = max(values) if state.turn == X else min(values)
        if self.memo is not None:
            self.memo[key] = value
        return value

    def alphabeta(self, state: Position, ply: int, alpha: float, beta: float) -> float:
        self.visit(ply)
        if self.table is not None:
            key = self.key_of(state)
            known = self.table.get(key)
            if known is not None and _settles(known, alpha, beta):
                self.cache_hits += 1
                return known.value
        leaf = self.is_leaf(state, ply)
        if leaf:
            value = self.leaf_value(state, ply)
        else:
            value = self.best_child_value(state, ply, alpha, beta)
        if self.table is not None:
            self.table[key] = TableEntry(value, "exact" if leaf else _bound(value, alpha, beta))
        return value

    def best_child_value(self, state: Position, ply: int, alpha: float, beta: float) -> float:
        """Alpha-beta over the moves of `state`: stop as soon as alpha meets beta."""
        maximising = state.turn == X
        best = -INF if maximising else INF
        moves, play = self.moves(state), self.play
        for index, move in enumerate(moves):
            value = self.alphabeta(play(state, move), ply + 1, alpha, beta)
            if maximising:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta and index + 1 < len(moves):
                self.cut_off(state, best, alpha, beta, moves[index + 1 :])
                break
        return best

    def cut_off(
        self, state: Position, best: float, alpha: float, beta: float, pruned: tuple[Any, ...]
    ) -> None:
        """Alpha has met beta: the `pruned` moves cannot change the value, so skip them."""
        self.cutoffs += 1

    def key_of(self, state: Position) -> Hashable:
        assert self.key is not None
        return self.key(state)

    # -- the root -------------------------------------------------------------------------------

    def search_root(
        self, root: Position, value_of: Callable[[Position], float]
    ) -> tuple[float, dict[Any, float]]:
        """The root's value and the value of each of its moves, in the order searched.

        With a shared window only the first best move found is sure to be best (later moves
        may show bounds), so :meth:`result` needs the order the moves were tried in.
        """
        self.visit(0)
        if root.is_terminal:
            return self.leaf_value(root, 0), {}
        move_values = {move: value_of(self.play(root, move)) for move in self.moves(root)}
        best = max if root.turn == X else min
        return best(move_values.values()), move_values

    def result(
        self,
        value: float,
        move_values: dict[Any, float],
        tie_break: TieBreak,
        seed: Seed,
        only_first_best: bool = False,
    ) -> SearchResult[Any]:
        best_moves = tuple(move for move, v in move_values.items() if v == value)
        best_moves = best_moves[:1] if only_first_best else tuple(sorted(best_moves))
        return SearchResult(
            value=value,
            best_moves=best_moves,
            move_values=dict(sorted(move_values.items())),  # board order
            stats=self.stats(),
            move=_break_tie(best_moves, tie_break, seed),
            trace=self.trace(),
        )

    def stats(self) -> SearchStats:
        return SearchStats(self.nodes, self.leaves, self.cutoffs, self.cache_hits, self.max_ply)

    def trace(self) -> TraceNode[Any] | None:
        return None


class SharedWindow:
    """The textbook root of alpha-beta: each move's search starts from the best so far."""

    def __init__(self, search: Searcher, root: Position) -> None:
        self.search = search
        self.maximising = root.turn == X
        self.alpha, self.beta = -INF, INF

    def value_of(self, child: Position) -> float:
        value = self.search.alphabeta(child, 1, self.alpha, self.beta)
        if self.maximising:
            self.alpha = max(self.alpha, value)
        else:
            self.beta = min(self.beta, value)
        return value


def _settles(entry: TableEntry, alpha: float, beta: float) -> bool:
    """Whether a remembered value answers a search with window (alpha, beta)."""
    if entry.bound == "exact":
        return True
    if entry.bound == "lower":
        return entry.value >= beta
    return entry.value <= alpha


def _bound(value: float, alpha: float, beta: float) -> Literal["exact", "lower", "upper"]:
    """What a value found with window (alpha, beta) tells: the value itself or a bound."""
    if value <= alpha:
        return "upper"  # every move was tried and none reached alpha: at most this
    if value >= beta:
        return "lower"  # the search stopped early: at least this
    return "exact"


# ---------------------------------------------------------------------------------------------
# Tracing: a search that also records the tree it walks. A separate class, so that a search
# without a trace runs the plain code above and pays nothing for it.


@dataclass
class _Frame:
    """A position whose search has begun but not ended (a TraceNode in the making)."""

    state: Position
    move: Any
    ply: int
    alpha: float
    beta: float
    known: bool
    children: list[TraceNode[Any]] = field(default_factory=list)
    pruned: tuple[Any, ...] = ()
    reason: str = ""
    hidden: int = 0

    def finish(self, value: float) -> TraceNode[Any]:
        kind: NodeKind
        if self.children or self.hidden:
            kind = "expanded"
        elif self.known:
            kind = "cache-hit"
        elif self.state.is_terminal:
            kind = "terminal"
        else:
            kind = "cutoff-heuristic"
        return TraceNode(
            self.state,
            self.move,
            self.ply,
            self.alpha,
            self.beta,
            value,
            kind,
            tuple(self.children),
            self.pruned,
            self.reason,
            self.hidden,
        )


class _TracedSearch(Searcher):
    def __init__(
        self, score: Score, heuristic: Score | None, horizon: int, trace_depth: int | None
    ) -> None:
        super().__init__(score, heuristic, horizon)
        self.trace_depth = horizon if trace_depth is None else trace_depth
        self.frames: list[_Frame] = []  # the positions being searched, root first
        self.root_node: TraceNode[Any] | None = None

    def minimax(self, state: Position, ply: int) -> float:
        if ply > self.trace_depth:
            self.frames[-1].hidden += 1
            return super().minimax(state, ply)
        self.begin(state, ply, -INF, INF)
        return self.end(super().minimax(state, ply))

    def alphabeta(self, state: Position, ply: int, alpha: float, beta: float) -> float:
        if ply > self.trace_depth:
            self.frames[-1].hidden += 1
            return super().alphabeta(state, ply, alpha, beta)
        self.begin(state, ply, alpha, beta)
        return self.end(super().alphabeta(state, ply, alpha, beta))

    def search_root(
        self, root: Position, value_of: Callable[[Position], float]
    ) -> tuple[float, dict[Any, float]]:
        self.begin(root, 0, -INF, INF)
        value, move_values = super().search_root(root, value_of)
        self.end(value)
        return value, move_values

    def cut_off(
        self, state: Position, best: float, alpha: float, beta: float, pruned: tuple[Any, ...]
    ) -> None:
        super().cut_off(state, best, alpha, beta, pruned)
        frame = self.frames[-1]
        if frame.state is not state:  # a position too deep to be traced
            return
        frame.pruned = pruned
        if state.turn == X:
            frame.reason = f"cut: {best:g} >= beta {beta:g}"
        else:
            frame.reason = f"cut: {best:g} <= alpha {alpha:g}"

    def begin(self, state: Position, ply: int, alpha: float, beta: float) -> None:
        parent = self.frames[-1].state if self.frames else None
        move = None if parent is None else _move_between(parent, state)
        self.frames.append(_Frame(state, move, ply, alpha, beta, self.is_known(state)))

    def end(self, value: float) -> float:
        node = self.frames.pop().finish(value)
        if self.frames:
            self.frames[-1].children.append(node)
        else:
            self.root_node = node
        return value

    def is_known(self, state: Position) -> bool:
        if self.key is None:
            return False
        key = self.key(state)
        return (self.memo is not None and key in self.memo) or (
            self.table is not None and key in self.table
        )

    def trace(self) -> TraceNode[Any] | None:
        return self.root_node


def _move_between(parent: Position, child: Position) -> Any:
    """The move that leads from `parent` to `child`: a cell, a tree of numbers' index, or for
    any other game the legal move whose position has the child's key."""
    if isinstance(child, NumberTree):
        return child.path[-1]
    if isinstance(parent, State) and isinstance(child, State):
        return next(i for i, (a, b) in enumerate(zip(parent.cells, child.cells)) if a != b)
    play, key = successor(parent), child.key
    return next(move for move in parent.legal_moves() if play(parent, move).key == key)


# ---------------------------------------------------------------------------------------------
# Options


def new_searcher(
    state: Position,
    score: Score,
    depth: int | None,
    heuristic: Score | None,
    tie_break: TieBreak,
    trace: bool,
    trace_depth: int | None,
    memo: Memo = None,
    order_moves: object = False,
    *,
    who: str = "a search",
) -> Searcher:
    """A :class:`Searcher` for `state` with these options, each checked (a ValueError or a
    TypeError says what is wrong)."""
    if isinstance(state, NumberTree):
        score = _number_tree_options(score, memo, order_moves)
    else:
        require_position(state, who)
        if order_moves is True:
            require_board(
                state,
                "order_moves=True",
                "order_moves=your_order, a function order(position) -> its moves, best first",
            )
    for name, function in (("score", score), ("heuristic", heuristic)):
        if function is not None and not callable(function):
            raise TypeError(f"{name} must be a function score(state, ply), not {function!r}")
    if tie_break not in ("first", "random"):
        raise ValueError(
            f"tie_break={tie_break!r} is not an option: use 'first' (the first best move in "
            "board order) or 'random' (any best move, chosen with seed=...)"
        )
    horizon = _horizon(state, depth, heuristic)
    if trace_depth is not None:
        if not trace:
            raise ValueError("trace_depth limits the trace, so it needs trace=True as well")
        trace_depth = whole_number(trace_depth, "trace_depth", at_least=0, what="plies")
    search = (
        _TracedSearch(score, heuristic, horizon, trace_depth)
        if trace
        else Searcher(score, heuristic, horizon)
    )
    search.moves = type(state).legal_moves
    search.play = successor(state)
    return search


def set_up_threat_extension(
    search: Searcher,
    state: Position,
    extend_threats: bool,
    max_extension: int | None,
    trace_depth: int | None,
) -> None:
    """With `extend_threats`, make `search` search on past its depth limit while a side must
    act on a threat (see :mod:`tictac.search.threats`): a leaf test and a choice of moves of its own
    replace the search's, which stay untouched (and as fast) without it."""
    if not isinstance(extend_threats, bool):
        raise TypeError(f"extend_threats is True or False, not {extend_threats!r}")
    if not extend_threats:
        if max_extension is not None:
            raise ValueError(
                "max_extension bounds the threat extension: give extend_threats=True as well"
            )
        return
    if isinstance(state, NumberTree):
        raise ValueError(
            "extend_threats=True looks for lines about to be completed, which a tree of "
            "numbers does not have: leave it out"
        )
    require_board(state, "extend_threats=True", "depth=... with heuristic=... alone")
    assert isinstance(state, State)
    if search.horizon == _NO_HORIZON:
        raise ValueError(
            "extend_threats=True searches on past a depth limit, so it needs depth=... and "
            "heuristic=... too; without a depth limit the search goes to the end anyway"
        )
    if max_extension is None:
        max_extension = MAX_EXTENSION
    max_extension = whole_number(max_extension, "max_extension", at_least=0, what="plies")
    extension = ThreatExtension(
        horizon=search.horizon,
        max_extension=max_extension,
        first_marks=state.moves_made,
        moves=search.moves,
    )
    search.is_leaf = extension.is_leaf  # type: ignore[method-assign, assignment]
    search.moves = extension.moves
    if isinstance(search, _TracedSearch) and trace_depth is None:
        search.trace_depth = extension.last  # trace the extension too


def _number_tree_options(score: Score, memo: Memo, order_moves: object) -> Score:
    """The score of a search on a tree of numbers, once its options are checked."""
    if score is not win_loss and score is not leaf_number:
        raise ValueError(
            "a tree of numbers is scored by its leaves' numbers: leave score= out (a score "
            "such as win_loss values finished boards)"
        )
    if memo:
        raise ValueError(
            "memo= has nothing to remember in a tree of numbers, where no node is reached "
            "two ways: leave it out"
        )
    if order_moves is True:
        raise ValueError(
            "order_moves=True orders a board's moves (wins, blocks, the centre); for a tree "
            "of numbers give the order yourself, e.g. "
            "order_moves=lambda node: reversed(node.legal_moves())"
        )
    return leaf_number


def _horizon(state: Position, depth: int | None, heuristic: Score | None) -> int:
    """The ply at which a running game is valued by the heuristic (past the end if none)."""
    if depth is None:
        if heuristic is not None:
            raise ValueError(
                "a heuristic is only used where a depth-limited search stops: give depth=... "
                "too, or leave the heuristic out to search to the end of the game"
            )
        return _NO_HORIZON
    depth = whole_number(
        depth, "depth", at_least=1, what="plies", or_else="None to search to the end of the game"
    )
    if heuristic is None:
        raise ValueError(
            f"depth={depth} stops the search before the game ends, so it needs a heuristic to "
            "value the positions there, e.g. heuristic=two_in_a_row from tictac.game.scoring"
        )
    return depth


def budget_advice(
    depth: int | None, memo: Memo, search: str = "", state: object = None
) -> list[str]:
    """What to try when a search of `state` runs out of budget, for the error message: in the
    words of boards, or for another game's position without what only boards have."""
    board = state is None or isinstance(state, State)
    advice = ["a position with fewer empty cells" if board else "a position nearer the end"]
    if depth is None:
        advice.append(
            f"a depth limit ({_SUGGESTED_DEPTH})" if board else "a depth limit with a heuristic"
        )
    if not memo and (board or hasattr(type(state), "symmetric_key")):
        advice.append("a memo (memo='symmetric': each position once, mirror images too)")
    elif not memo:
        advice.append("a memo (memo='plain': each position once)")
    if search == "minimax":
        order = "order_moves=True" if board else "order_moves=your_order"
        advice.append(f"alphabeta(..., {order}), which skips what cannot matter")
    return advice


_NO_HORIZON = sys.maxsize  # deeper than any game: without a depth limit, search to the end

_SUGGESTED_DEPTH = "depth=4, heuristic=two_in_a_row from tictac.game.scoring"


def memo_key(
    name: str, option: Memo, position: Position | None = None
) -> Callable[[Any], Hashable] | None:
    """How a memo keys positions for the option `option` given as `name=` (None: no memo):
    by their `key`, or for ``"symmetric"`` by their `symmetric_key`, which a game whose
    `position` lacks it refuses (:class:`~tictac.game.position.NotForThisGame`); an unknown
    option is a ValueError.

    >>> memo_key("memo", "plain")(State.parse("X../.../..."))
    ('X', '.', '.', '.', '.', '.', '.', '.', '.')
    """
    if option is None or option is False:
        return None
    board = position is None or isinstance(position, State)
    if option is True or option == "plain":
        return _cells if board else _plain_key
    if option == "symmetric":
        if position is not None and not hasattr(type(position), "symmetric_key"):
            raise NotForThisGame(
                f"{name}='symmetric'",
                position,
                f"{name}='plain'",
                works_on="games that know their mirror images (a symmetric_key, as State has)",
            )
        return _board_symmetric_key if board else _symmetric_key
    raise ValueError(
        f"{name}={option!r} is not an option: use None or False (remember nothing), 'plain' "
        "or True (remember each position) or 'symmetric' (remember each position together "
        "with its mirror images)"
    )


_plain_key: Callable[[Any], Hashable] = operator.attrgetter("key")
"""A position's key (for a board, its cells)."""

_symmetric_key: Callable[[Any], Hashable] = operator.attrgetter("symmetric_key")
"""The same key for a position and all its mirror images."""

# A board's keys read its cells directly, as State.key and State.symmetric_key do, without
# the property call: the searches ask for them at every position.
_cells: Callable[[Any], Hashable] = operator.attrgetter("cells")


def _board_symmetric_key(state: State) -> Hashable:
    """A board's :attr:`~tictac.game.state.State.symmetric_key`: the smallest of its mirror
    images' cells (:func:`~tictac.game.state.canonical_cells`)."""
    return canonical_cells(state.cells, state.rows, state.cols)[0]


def _break_tie(best_moves: tuple[M, ...], tie_break: TieBreak, seed: Seed) -> M | None:
    if not best_moves:
        return None
    if tie_break == "first":
        return best_moves[0]
    return random_source(seed).choice(best_moves)


# ---------------------------------------------------------------------------------------------
# Move ordering


def moves_best_first(state: State) -> tuple[int, ...]:
    """Legal moves, likeliest best first: a move that wins, then one that blocks a win of the
    opponent's, then cells on more lines (on 3x3: the centre, then corners, then edges)."""
    partners = line_partners(state.rows, state.cols, state.k)
    cells, me, opponent = state.cells, state.turn, other(state.turn)

    def promise(move: int) -> tuple[bool, bool, int]:
        lines = partners[move]
        wins = any(all(cells[i] == me for i in rest) for rest in lines)
        blocks = any(all(cells[i] == opponent for i in rest) for rest in lines)
        return (not wins, not blocks, -len(lines))

    return tuple(sorted(state.legal_moves(), key=promise))
