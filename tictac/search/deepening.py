"""Depth-limited search done the way game programs do it: iterative deepening, and MTD(f).

**Iterative deepening** searches to depth 1, then 2, then 3, ... up to `depth`. Each search
but the first tries the moves of every position in the order the previous one found best:
the previous search's transposition table (its memo) holds a value for each position it
visited, and the moves whose positions it valued best for the mover come first. Alpha-beta
skips most when good moves come first (Lesson 6b), so the last search often visits fewer
positions than a search that goes straight to `depth`; the earlier ones cost a fraction
more, and a program short of time can stop after any of them with a move in hand. The idea
goes back to the chess program Chess 4.5 (D. J. Slate and L. R. Atkin, "CHESS 4.5 - The
Northwestern University chess program", in *Chess Skill in Man and Machine*, 1977).

**MTD(f)** asks alpha-beta only yes-or-no questions: searched with a *null window*, a window
with no value inside it, alpha-beta answers "is the value at least β?" and returns a bound
that says which. Each answer narrows the range the value lies in, and the next question is
asked at the new bound, until the range closes on one value. A transposition table that
keeps bounds (``memo=``) lets each search reuse what the earlier ones learnt. The algorithm
is from A. Plaat, J. Schaeffer, W. Pijls and A. de Bruin, "Best-first fixed-depth minimax
algorithms", *Artificial Intelligence* 87, 1996; with ``null_window=True``,
:func:`iterative_deepening` runs it at each depth, starting from the previous depth's value.

Both are built on the searches of :mod:`tictac.search.engine` and count their work the same way:
``nodes`` is every position visited, the root and the answers from the memo included.

Here O is to move, and only 0 holds the draw (X wins after any other move, two moves after
O's next one). Searching deeper, the search changes its mind twice; at depth 4 it sees it:

>>> from tictac.game.scoring import open_lines
>>> from tictac.game.state import State
>>> def decided(state, ply):   # a win outweighs any open-lines count
...     return 1000 * win_loss(state, ply)
>>> start = State.parse(".X.X/OXXO/O.XO/....", k=4)
>>> deepened = iterative_deepening(start, depth=4, heuristic=open_lines, score=decided)
>>> [(step.depth, step.value, step.move) for step in deepened.iterations]
[(1, 2, 0), (2, 3, 12), (3, 1, 12), (4, 2, 0)]
>>> found = mtdf(start, depth=4, heuristic=open_lines, score=decided)
>>> found.value, found.move, len(found.tests)
(2, 0, 3)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Generic

from tictac.game.numbertree import NumberTree
from tictac.game.position import M, Position, require_board, require_position
from tictac.game.scoring import Score, win_loss
from tictac.game.state import State, X  # noqa: F401  (the examples in the docstrings use State)
from tictac.helpers.checks import whole_number
from tictac.search.budget import DEFAULT_BUDGET, BudgetLike, meter
from tictac.search.engine import (
    INF,
    Memo,
    Searcher,
    SearchStats,
    SharedWindow,
    TableEntry,
    budget_advice,
    memo_key,
    moves_best_first,
    new_searcher,
    set_up_threat_extension,
)

__all__ = ["DeepeningResult", "DepthResult", "iterative_deepening", "mtdf"]


@dataclass(frozen=True)
class DepthResult(Generic[M]):
    """One search to a fixed `depth`: the value, the move chosen (the first best move found,
    a move of the game as its `legal_moves()` lists it; None when the game is over), and the
    work done. For a null-window search, `tests` lists
    the β of each of its yes-or-no questions ("is the value at least β?"), in the order
    asked."""

    depth: int
    value: float
    move: M | None
    stats: SearchStats
    tests: tuple[float, ...] = ()


@dataclass(frozen=True)
class DeepeningResult(Generic[M]):
    """The searches of iterative deepening, one per depth from 1 up, the last one deepest."""

    iterations: tuple[DepthResult[M], ...]

    @property
    def value(self) -> float:
        """The value found by the deepest search."""
        return self.iterations[-1].value

    @property
    def move(self) -> M | None:
        """The move chosen by the deepest search."""
        return self.iterations[-1].move

    @property
    def nodes(self) -> int:
        """The positions visited by all the searches together."""
        return sum(step.stats.nodes for step in self.iterations)


def iterative_deepening(
    state: Position[M],
    *,
    depth: int,
    heuristic: Score,
    score: Score = win_loss,
    null_window: bool = False,
    order_moves: bool = True,
    memo: Memo = "plain",
    extend_threats: bool = False,
    budget: BudgetLike = DEFAULT_BUDGET,
) -> DeepeningResult[M]:
    """Search `state` to depth 1, 2, ... `depth`, each search trying first the moves that the
    one before valued best (positions it did not reach come after, best first by
    ``order_moves=True``'s rule: wins, blocks, cells on more lines).

    Each search is alpha-beta with a transposition table (`memo`, "plain" or "symmetric") and
    the textbook root (one window shared by the root's moves, as with ``exact_root=False``);
    with `null_window`, each is :func:`mtdf`, its first guess the previous depth's value.
    `extend_threats` adds the threat extension to each (:mod:`tictac.search.threats`). `budget`
    bounds all the searches together.

    >>> from tictac.game.scoring import open_lines
    >>> result = iterative_deepening(State.parse("XX./OO./..."), depth=2, heuristic=open_lines)
    >>> result.value, result.move, len(result.iterations)
    (1, 2, 2)
    >>> iterative_deepening(State.new(), depth=3, heuristic=open_lines, memo=None)
    Traceback (most recent call last):
      ...
    ValueError: iterative deepening orders the moves by the previous search's memo, so it needs ...
    """
    if not memo:
        raise ValueError(
            "iterative deepening orders the moves by the previous search's memo, so it needs "
            f"one: memo='plain' or memo='symmetric', not {memo!r}"
        )
    depth = whole_number(depth, "depth", at_least=1, what="plies")
    counter = meter(budget, state, "iterative_deepening", budget_advice(depth, memo, state=state))
    iterations: list[DepthResult[M]] = []
    previous: dict[Hashable, TableEntry] = {}
    for limit in range(1, depth + 1):
        search = _table_search(
            state, limit, heuristic, score, memo, order_moves, extend_threats, previous
        )
        search.counter = counter
        guess = iterations[-1].value if iterations else 0.0
        iterations.append(_run(search, state, limit, null_window, guess))
        assert search.table is not None
        previous = search.table
    return DeepeningResult(tuple(iterations))


def mtdf(
    state: Position[M],
    *,
    depth: int,
    heuristic: Score,
    score: Score = win_loss,
    first_guess: float = 0.0,
    order_moves: bool = True,
    memo: Memo = "plain",
    extend_threats: bool = False,
    budget: BudgetLike = DEFAULT_BUDGET,
) -> DepthResult[M]:
    """MTD(f) to `depth`: null-window alpha-beta searches with a transposition table (`memo`),
    the first asking whether the value is at least `first_guess`, each next one asking at
    the bound the last one returned, until the value is pinned down. Moves are tried best
    first by ``order_moves=True``'s rule.

    >>> from tictac.game.scoring import open_lines
    >>> found = mtdf(State.parse("XX./OO./..."), depth=2, heuristic=open_lines)
    >>> found.value, found.move, found.tests   # "at least 0?" yes, 1; "more than 1?" no
    (1, 2, (0.0, 1.0000000000000002))
    """
    if not memo:
        raise ValueError(
            "MTD(f) keeps what each null-window search learnt in a memo, so it needs one: "
            f"memo='plain' or memo='symmetric', not {memo!r}"
        )
    depth = whole_number(depth, "depth", at_least=1, what="plies")
    search = _table_search(state, depth, heuristic, score, memo, order_moves, extend_threats, {})
    search.counter = meter(budget, state, "mtdf", budget_advice(depth, memo, state=state))
    return _run(search, state, depth, True, first_guess)


# ---------------------------------------------------------------------------------------------
# The searches


def _table_search(
    state: Position,
    depth: int,
    heuristic: Score,
    score: Score,
    memo: Memo,
    order_moves: bool,
    extend_threats: bool,
    previous: dict[Hashable, TableEntry],
) -> Searcher:
    """A depth-limited alpha-beta search with a table, its moves ordered by `previous`, then
    by ``order_moves=True``'s rule or in board order."""
    require_position(state, "this search")
    if isinstance(state, NumberTree):
        raise TypeError(
            "this search needs a State, such as State.new(), or another game's position: a "
            "tree of numbers has no memo to order its moves by; use alphabeta(tree, "
            "exact_root=False)"
        )
    if not isinstance(order_moves, bool):
        raise TypeError(f"order_moves is True or False here, not {order_moves!r}")
    if order_moves:
        require_board(state, "order_moves=True", "order_moves=False (the game's own order)")
    search = new_searcher(state, score, depth, heuristic, "first", False, None, memo, order_moves)
    key = memo_key("memo", memo, state)
    assert key is not None
    search.use_table(key)
    fallback = moves_best_first if order_moves else type(state).legal_moves
    search.moves = _ordered_by(previous, key, fallback, search.play) if previous else fallback
    set_up_threat_extension(search, state, extend_threats, None, None)
    return search


def _ordered_by(
    table: dict[Hashable, TableEntry],
    key: Callable[[Any], Hashable],
    fallback: Callable[[Any], tuple[Any, ...]],
    play: Callable[[Any, Any], Any],
) -> Callable[[Any], tuple[Any, ...]]:
    """Moves ordered by the values `table` holds for the positions they lead to, best for the
    mover first; moves to positions it lacks come last, in the `fallback` order (which also
    breaks ties)."""

    def order(state: Position) -> tuple[Any, ...]:
        moves = fallback(state)
        sign = -1 if state.turn == X else 1  # sort ascending: X wants the largest first
        ranked = []
        for rank, move in enumerate(moves):
            entry = table.get(key(play(state, move)))
            ranked.append((entry is None, 0.0 if entry is None else sign * entry.value, rank))
        return tuple(moves[rank] for _, _, rank in sorted(ranked))

    return order


def _run(
    search: Searcher, state: Position[M], depth: int, null_window: bool, first_guess: float
) -> DepthResult[M]:
    if state.is_terminal:
        search.visit(0)
        return DepthResult(depth, search.leaf_value(state, 0), None, search.stats())
    if null_window:
        value, move, tests = _mtdf(search, state, first_guess)
        return DepthResult(depth, value, move, search.stats(), tests)
    value, move_values = search.search_root(state, SharedWindow(search, state).value_of)
    move = next(move for move, v in move_values.items() if v == value)  # the first best
    return DepthResult(depth, value, move, search.stats())


def _mtdf(
    search: Searcher, root: Position[M], first_guess: float
) -> tuple[float, M | None, tuple[float, ...]]:
    """The value and a best move of `root`, and the β of each null-window test."""
    lower, upper = -INF, INF
    value, move = float(first_guess), None
    tests = []
    while lower < upper:
        beta = math.nextafter(value, INF) if value == lower else value
        tests.append(beta)
        value, reached = _test(search, root, beta)
        if value < beta:
            upper = value
            if root.turn != X:
                move = reached  # O's move that keeps X below beta
        else:
            lower = value
            if root.turn == X:
                move = reached  # X's move that reaches beta
    return value, move, tuple(tests)


def _test(search: Searcher, root: Position[M], beta: float) -> tuple[float, M | None]:
    """Alpha-beta at `root` with the null window just below `beta`: its value if the value is
    below `beta` (an upper bound, exact or not) or a lower bound of at least `beta`; and the
    move that settled it (for X: reached beta; for O: stayed below it), else the best tried."""
    alpha = math.nextafter(beta, -INF)  # no value lies strictly between alpha and beta
    search.visit(0)
    maximising = root.turn == X
    best, best_move = (-INF if maximising else INF), None
    for move in search.moves(root):
        value = search.alphabeta(search.play(root, move), 1, alpha, beta)
        if (value > best) if maximising else (value < best):
            best, best_move = value, move
        if (best >= beta) if maximising else (best <= alpha):
            break
    return best, best_move
