"""The fast solver: perfect play on small m,n,k boards, with values and distances.

Three ideas make it fast, and each is small enough to read in a few lines below.

1. **Bitboards.** A position is two whole numbers, one per player: bit ``i`` is set when that
   player has a mark on cell ``i`` (row-major, as in :class:`~tictac.game.state.State`). Inside the
   searches they are ``me`` (the player to move) and ``opp`` (the other one), so playing a move
   is ``me | bit``, the empty cells are ``full ^ (me | opp)``, and the next position is
   ``(opp, me | bit)``: the players swap roles every ply.
2. **Win masks.** Each winning line is a number with its ``k`` bits set, so "does this player
   own the whole line?" is ``bits & mask == mask``, one operation instead of a loop.
   (:mod:`tictac.game.bitboard` works these out once per board size, with the move order and the
   board's symmetries, for this solver and for the prover, :mod:`tictac.proving.pns`.)
3. **Negamax with a memo.** A position's value for the player to move is the best, over the
   moves, of minus the value of the next position for the opponent. The same position is
   reached by many move orders, so each is worked out once and kept in a dictionary.

Values are +1/0/-1 from X's view. To prefer a fast win to a slow one, the searches use a
*score* from the mover's view: a win in ``p`` plies (moves) scores ``M - p``, a loss in ``p``
plies ``-(M - p)`` and a draw 0, where ``M`` is the number of cells plus two (more than any
game lasts); a bigger score is always better. A drawn game only ends when the board is full,
so for a draw the number of plies is simply the number of empty cells.

Boards of up to 9 cells (tic-tac-toe) get a complete table: every reachable position with its
score, built once by one memoised negamax from the empty board; later questions are lookups.
Bigger boards are answered on demand: :func:`solve` by alpha-beta with a transposition table,
board symmetries, forced moves and pairing strategies; the distances for :func:`outcome` by a
"win within d plies?" search with d = 1, 3, 5, ... (which is quick because it may ignore every
line that cannot be finished in time), or by the exact memoised negamax once few cells are left.
What is learnt is kept for later questions about the same board size; :func:`clear_caches`
forgets it.

:func:`best_moves` proves every move optimal or not; :func:`best_move` picks one optimal move
and proves only as many moves as it must.

The work grows steeply with the board: a 4x4 decision takes milliseconds, while proving that
5x5 with 4 in a row is a draw takes about twenty seconds and under two hundred megabytes. So every
public function takes a `budget` (see :mod:`tictac.search.budget`): by default 200,000 positions per
question (:data:`~tictac.search.budget.SOLVER_BUDGET`; the lessons' and the widget's questions take
at most about 35,000), after which it stops with :class:`~tictac.search.budget.BudgetExceeded`;
``budget=None`` lifts the limit, as ``bench/prove_554.py`` does to prove 5x5 with 4 in a row. What
the solver learns is kept between questions, up to :data:`MAX_REMEMBERED` positions: past that it
starts afresh, so that its memory stays bounded.

>>> from tictac.game.state import State
>>> solve(State.new())
0
>>> s = State.parse("XX./OO./...")
>>> outcome(s)
Outcome(value=1, plies=1)
>>> best_moves(s)
(2,)
>>> best_move(s)
2
>>> move_outcomes(s)[2], move_outcomes(s)[6]  # after 6, O wins on the next move
(Outcome(value=1, plies=0), Outcome(value=-1, plies=1))
>>> prove(4, 4, 3)
1
>>> solve(State.new(6, 6, 4), budget=20_000)
Traceback (most recent call last):
  ...
tictac.search.budget.BudgetExceeded: solve stopped after searching 20,000 positions, its budget, ...
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterator, Sequence
from operator import or_
from typing import NamedTuple, Protocol, TypeVar

from tictac.game.bitboard import Images, bitboards, geometry, read_lines
from tictac.game.position import refuse_other_games
from tictac.game.state import IllegalMove, State
from tictac.helpers.old_names import moved_away, renamed
from tictac.helpers.seeds import Seed, random_source
from tictac.search.budget import SOLVER_BUDGET, Budget, BudgetLike, Meter, meter
from tictac.search.pairing import shared_pairs

__all__ = [
    "Outcome",
    "best_move",
    "best_moves",
    "clear_caches",
    "move_outcomes",
    "outcome",
    "prove",
    "solve",
]

# Boards with at most this many cells get the complete table of every reachable position
# (3x3: 5,478 positions in a few milliseconds).
FULL_TABLE_CELLS = 9
# On bigger boards, positions with at most this many empty cells are scored (with distances) by
# the same exact memoised negamax; above it by value first, then a win-within-d search.
EXACT_EMPTIES = 9
# What the solvers of all board sizes may remember between questions (positions, over all their
# tables) before they forget it all and start afresh: about 200 MB.
MAX_REMEMBERED = 1_000_000
# How many board sizes keep a solver (the least recently asked about is dropped first).
MAX_BOARDS = 8
# How many of its answers the pairing test of one board size keeps (see pairing_blocks).
MAX_PAIRINGS = 200_000


class Outcome(NamedTuple):
    """The result of perfect play from a position.

    `value` is +1 when X wins, -1 when O wins and 0 for a draw. `plies` counts the moves still
    to be played when the winner wins as fast as possible and the loser holds out as long as
    possible; a draw always fills the board, so there it is the number of empty cells. A
    finished game has ``plies == 0``.

    >>> Outcome(1, 3)
    Outcome(value=1, plies=3)
    """

    value: int
    plies: int


# ---------------------------------------------------------------------------------------------
# Public functions


def solve(state: State, *, budget: BudgetLike = SOLVER_BUDGET) -> int:
    """The game-theoretic value of `state`: +1 if X wins, 0 for a draw, -1 if O wins.

    On bigger boards this asks only "who wins?", which is much cheaper than :func:`outcome`.

    >>> solve(State.parse("XX./OO./..."))
    1
    >>> solve(State.new(4, 4, 4))
    0
    """
    return _solve(state, budget, "solve")


def _solve(state: State, budget: BudgetLike, name: str) -> int:
    _check_state(state, name)
    if state.winner is not None:
        return 1 if state.winner == "X" else -1
    if state.is_terminal:
        return 0
    with _metered(state, budget, name) as solver:
        me, opp = bitboards(state)
        # Small boards read the sign of the full table's score; big ones search for the value.
        value = _sign(solver.score(me, opp)) if solver.has_full_table else solver.value(me, opp)
    return value if state.turn == "X" else -value


def outcome(state: State, *, budget: BudgetLike = SOLVER_BUDGET) -> Outcome:
    """The value of `state` (X's view) and how many plies perfect play lasts from it.

    >>> outcome(State.new())
    Outcome(value=0, plies=9)
    >>> outcome(State.parse("X../.O./..X"))  # O to move holds the draw
    Outcome(value=0, plies=6)
    >>> outcome(State.parse("XXX/OO./..."))  # the game is over
    Outcome(value=1, plies=0)
    """
    _check_state(state, "outcome")
    if state.winner is not None:
        return Outcome(1 if state.winner == "X" else -1, 0)
    if state.is_terminal:
        return Outcome(0, 0)
    with _metered(state, budget, "outcome") as solver:
        me, opp = bitboards(state)
        score = solver.score(me, opp)
    return solver.to_outcome(score, state.turn == "X", len(state.legal_moves()))


def move_outcomes(state: State, *, budget: BudgetLike = SOLVER_BUDGET) -> dict[int, Outcome]:
    """For each legal move, the outcome of the position it leads to (a finished game: {}).

    ``move_outcomes(s)[m] == outcome(s.play(m))``, so `plies` counts the moves *after* `m`;
    add one to count `m` itself ("win in 1" is a move whose outcome has ``plies == 0``).

    >>> move_outcomes(State.parse("XX./OO./..."))  # 2 wins, 5 blocks O, the others lose
    {2: Outcome(value=1, plies=0), 5: Outcome(value=0, plies=4), 6: Outcome(value=-1, plies=1),
     7: Outcome(value=-1, plies=1), 8: Outcome(value=-1, plies=1)}
    """
    _check_state(state, "move_outcomes")
    if state.is_terminal:
        return {}
    with _metered(state, budget, "move_outcomes") as solver:
        scores = solver.move_scores(*bitboards(state))
    x_next = state.turn == "O"  # the player to move after each move
    left = len(state.legal_moves()) - 1
    return {
        move: solver.to_outcome(_score_one_ply_down(score), x_next, left)
        for move, score in scores.items()
    }


def best_moves(state: State, *, budget: BudgetLike = SOLVER_BUDGET) -> tuple[int, ...]:
    """All optimal moves for the player to move, ascending (empty when the game is over).

    Optimal means: the best value for the player to move, then among equal values the fastest
    win or the slowest loss. Draws all last until the board is full, so every drawing move
    counts as optimal when a draw is the best there is.

    >>> best_moves(State.new())
    (0, 1, 2, 3, 4, 5, 6, 7, 8)
    >>> best_moves(State.parse("X../.O./..X"))  # O must take an edge, not a corner
    (1, 3, 5, 7)
    """
    _check_state(state, "best_moves")
    if state.is_terminal:
        return ()
    with _metered(state, budget, "best_moves") as solver:
        return solver.best_moves(*bitboards(state))


def best_move(
    state: State,
    *,
    seed: Seed = None,
    rng: random.Random | None = None,
    budget: BudgetLike = SOLVER_BUDGET,
) -> int:
    """One optimal move for the player to move: always one of :func:`best_moves`.

    Without a seed it is the first optimal move in board order, ``best_moves(state)[0]``; with
    `seed` (a whole number, or a ``random.Random`` to draw from; ``rng=``, its old name, still
    works but warns) it is a random one, each optimal move equally likely. Unlike
    :func:`best_moves` it does not prove every move on big boards: it finds the position's value
    (and, for a win or a loss, its distance) once, then tries the moves one at a time, in board
    order or in a random order, and stops at the first that keeps that value at that distance.

    >>> best_move(State.parse("XX./OO./..."))  # win at once
    2
    >>> best_move(State.parse("X../.O./..X"))  # the first of the edges 1, 3, 5, 7
    1
    >>> best_move(State.parse("X../.O./..X"), seed=3) in (1, 3, 5, 7)
    True
    >>> best_move(State.parse("XXX/OO./..."))
    Traceback (most recent call last):
      ...
    tictac.game.state.IllegalMove: best_move() needs a game still in progress: ...
    """
    _check_state(state, "best_move")
    if state.is_terminal:
        result = state.result()
        how = "a draw" if result == "draw" else f"{result} won"
        raise IllegalMove(f"best_move() needs a game still in progress: this one is over ({how})")
    if rng is not None:
        renamed("best_move(rng=...)", "best_move(seed=...)")
    if seed is not None and rng is not None:
        raise ValueError("seed= and rng= are two names for the same option: give only seed=")
    chosen = seed if seed is not None else rng
    source = None if chosen is None else random_source(chosen)
    with _metered(state, budget, "best_move") as solver:
        return solver.best_move(*bitboards(state), source)


def prove(rows: int, cols: int, k: int, *, budget: BudgetLike = SOLVER_BUDGET) -> int:
    """The value of the empty `rows` x `cols` board with `k` in a row: +1, 0 or -1 (X's view).

    >>> prove(3, 3, 3), prove(4, 4, 3), prove(4, 4, 4)
    (0, 1, 0)

    5x5 with 4 in a row takes more than the default budget: ``prove(5, 5, 4, budget=None)``
    answers in about twenty seconds, with under two hundred megabytes (``bench/prove_554.py``
    proves it twice, by two different searches, and reports the time and memory).
    """
    return _solve(State.new(rows, cols, k), budget, "prove")


def clear_caches() -> None:
    """Forget every table and memo, so the next question starts cold (for benchmarks).

    >>> clear_caches()
    """
    _SOLVERS.clear()


# ---------------------------------------------------------------------------------------------
# Helpers shared by the public functions


_ANY_GAME = "minimax(position, memo='plain') or alphabeta(position, memo='plain')"
"""What to use instead of the bitboard solver on another game than an m,n,k board."""


def _check_state(state: object, name: str) -> None:
    refuse_other_games(state, f"{name}()", _ANY_GAME)
    if not isinstance(state, State):
        raise TypeError(
            f"{name}() needs a tictac State such as State.parse('XO./.X./..O') or State.new(), "
            f"not {type(state).__name__}"
        )


def _sign(score: int) -> int:
    return (score > 0) - (score < 0)


def _score_one_ply_up(score: int) -> int:
    """A position's score for its player to move, seen one ply up the tree: as the score of
    the move that led there, for the player who made it.

    The other point of view, and one ply more: when the player to move loses in ``p`` plies,
    the move that led there wins in ``p + 1``.

    >>> _score_one_ply_up(-11)  # the player to move has lost (on 3x3, M = 11): a win in 1 ply
    10
    """
    if score > 0:
        return 1 - score
    if score < 0:
        return -1 - score
    return 0


def _score_one_ply_down(move_score: int) -> int:
    """A move's score for the player who made it, seen one ply down the tree: as the score of
    the position it leads to, for the next player to move. The inverse of
    :func:`_score_one_ply_up`.

    >>> _score_one_ply_down(_score_one_ply_up(7))
    7
    """
    if move_score > 0:
        return -move_score - 1
    if move_score < 0:
        return -move_score + 1
    return 0


# ---------------------------------------------------------------------------------------------
# Geometry tables


_T_co = TypeVar("_T_co", covariant=True)
_T = TypeVar("_T")


class _Table(Protocol[_T_co]):
    """Anything read as ``table[index]``: a list, a bytearray or a :class:`_Lazy` dictionary."""

    def __getitem__(self, index: int, /) -> _T_co: ...


class _Lazy(dict[int, _T]):
    """A dictionary that fills itself: ``table[key]`` computes a missing entry once."""

    def __init__(self, compute: Callable[[int], _T]) -> None:
        super().__init__()
        self.compute = compute

    def __missing__(self, key: int) -> _T:
        value = self[key] = self.compute(key)
        return value


def _lookup_tables(n: int, lines: Sequence[int]) -> tuple[_Table[int], _Table[tuple[int, ...]]]:
    """``wins[bits]``: does `bits` hold a whole line? ``empties[occupied]``: the free cells' bits.

    Small boards get complete lists (built with a few hundred operations); bigger ones get
    dictionaries that fill themselves as positions are met.
    """
    full = (1 << n) - 1
    if n <= 12:
        wins = bytearray(1 << n)
        for line in lines:  # mark every superset of each line
            rest = full ^ line
            subset = rest
            while True:
                wins[line | subset] = 1
                if not subset:
                    break
                subset = (subset - 1) & rest
        empties: list[tuple[int, ...]] = [()]
        for i in range(n):  # double the table for each new cell: bit i empty, then taken
            bit = (1 << i,)
            empties = [free + bit for free in empties] + empties
        return wins, empties

    def has_line(bits: int) -> int:
        return int(any(bits & line == line for line in lines))

    def free_cells(occupied: int) -> tuple[int, ...]:
        return tuple(1 << i for i in range(n) if not occupied >> i & 1)

    return _Lazy(has_line), _Lazy(free_cells)


# ---------------------------------------------------------------------------------------------
# The solver for one board size


_SOLVERS: dict[tuple[int, int, int], _Solver] = {}


def _solver(rows: int, cols: int, k: int) -> _Solver:
    """The solver (tables and memos) of one board size, made once and kept.

    At most :data:`MAX_BOARDS` sizes are kept (see also :func:`_metered`).
    """
    key = (rows, cols, k)
    solver = _SOLVERS.pop(key, None)
    if solver is None:
        solver = _Solver(rows, cols, k)
        while len(_SOLVERS) >= MAX_BOARDS:
            del _SOLVERS[next(iter(_SOLVERS))]  # the least recently asked about
    _SOLVERS[key] = solver  # the most recently asked about last
    return solver


_ADVICE = (
    "a smaller board or a position with fewer empty cells",
    "bench/prove_554.py to prove a big board (it runs without a limit and reports the time "
    "and memory it took)",
)


@contextlib.contextmanager
def _metered(state: State, budget: BudgetLike, name: str) -> Iterator[_Solver]:
    """The solver for `state`'s board size, counting the positions it searches against
    `budget` until the block ends (`name` is the public function asked, for the messages).

    Before a question, if the solvers' tables hold more than :data:`MAX_REMEMBERED` positions
    in all, they are emptied, so that the memory kept between questions stays bounded.
    """
    if sum(kept.remembered() for kept in _SOLVERS.values()) > MAX_REMEMBERED:
        for kept in _SOLVERS.values():
            kept.forget()
    solver = _solver(state.rows, state.cols, state.k)
    unlimited = solver.counter
    solver.counter = meter(budget, state, name, _ADVICE)
    try:
        yield solver
    finally:
        solver.counter = unlimited


class _Solver:
    """Geometry, memo tables and searches for one board size.

    Every memo maps a *position key* to facts about that position, facts that stay true
    whatever is asked later, so the memos can be kept between questions. The exact table's key
    for the position ``(me, opp)`` is ``me << n | opp``: since X moves first, the counts of
    marks say which of the two is X, so the key names the position exactly. The other memos
    use the canonical key, which also merges mirror images (see `images`).
    """

    def __init__(self, rows: int, cols: int, k: int) -> None:
        self.rows, self.cols, self.k = rows, cols, k
        # The board's bitboard geometry (see tictac.game.bitboard), and the tables of it that the
        # searches read at every node: the line masks, the cells in the order the searches try
        # them, and the symmetries (where each moves each cell, and the images of each mark in
        # a position's keys, see `images`).
        self.geometry = board = geometry(rows, cols, k)
        self.n = n = board.n
        self.full = board.full
        self.lines, self.order, self.where = board.lines, board.order, board.where
        self.x_images, self.o_images = board.x_images, board.o_images
        # The M of the scores (a win in p plies scores M - p): more than the longest game, with
        # one to spare, since the exact table keeps scores one ply up (see `exact`).
        self.top = n + 2
        self.has_full_table = n <= FULL_TABLE_CELLS
        # Exact scores with distances, each stored as the score of the move that led there
        # (see `exact`): position key -> move score.
        self.table: dict[int, int] = {}
        # Alpha-beta transposition table: canonical key -> (lower bound, upper bound) of the
        # value (+1/0/-1) for the player to move.
        self.bounds: dict[int, tuple[int, int]] = {}
        # Win-within-d searches: canonical key -> (largest d known too short, smallest d known
        # enough), for "can the mover win?" and "must the mover lose?".
        self.win_depths: dict[int, tuple[int, int]] = {}
        self.loss_depths: dict[int, tuple[int, int]] = {}
        # Pairing strategies: the empty cells of the attacker's live lines -> can they be
        # paired (see pairing_blocks)? At most MAX_PAIRINGS answers, then it starts afresh.
        self.pairings: dict[tuple[int, ...], bool] = {}
        self._wins: _Table[int] | None = None
        self._empties: _Table[tuple[int, ...]] | None = None
        # Counts the positions searched, against the budget of the question being answered
        # (see _metered); outside a question, without a limit.
        self.counter = Meter(Budget(positions=None), State.new(rows, cols, k), "the solver")

    def remembered(self) -> int:
        """How many positions the tables hold."""
        tables = (self.table, self.bounds, self.win_depths, self.loss_depths, self.pairings)
        stored = sum(len(table) for table in tables)
        lazy = (self._wins, self._empties)  # on big boards, filled as positions are met
        return stored + sum(len(t) for t in lazy if isinstance(t, _Lazy))

    def forget(self) -> None:
        """Empty the tables (they hold facts, so this only costs the time to learn them again)."""
        for table in (self.table, self.bounds, self.win_depths, self.loss_depths, self.pairings):
            table.clear()
        self._wins = self._empties = None

    # -- answers for the public functions -----------------------------------------------------

    def score(self, me: int, opp: int) -> int:
        """The depth-aware score of a position (not finished) for the player to move."""
        if self.is_exact(me, opp):
            return _score_one_ply_down(self.exact(me, opp))
        value = self.value(me, opp)
        if value > 0:
            return self.top - self.win_distance(me, opp)
        if value < 0:
            return -(self.top - self.loss_distance(me, opp))
        return 0

    def move_scores(self, me: int, opp: int) -> dict[int, int]:
        """Each legal move (cell index) with its score for the player who plays it."""
        free = [i for i in range(self.n) if not (me | opp) >> i & 1]
        if self.is_exact(me, opp):
            return {move: self.exact_move_score(me, opp, move) for move in free}
        # Knowing the position's value first narrows what each move can be worth: when the
        # mover cannot lose, a move is a draw or a loss, and one null-window search tells which;
        # when the mover is lost, every move loses.
        value = self.value(me, opp)

        def move_score(move: int) -> int:
            mine = me | 1 << move
            if self.wins(mine):
                return self.top - 1
            theirs = 1 if value < 0 else self.value(opp, mine, low=0 if value == 0 else -1)
            if theirs > 0:
                return _score_one_ply_up(self.top - self.win_distance(opp, mine))
            if theirs < 0:
                return _score_one_ply_up(-(self.top - self.loss_distance(opp, mine)))
            return 0

        return self.per_move(me, opp, move_score)

    def best_moves(self, me: int, opp: int) -> tuple[int, ...]:
        """The optimal moves, ascending, asking no more than needed to pick them out."""
        if self.is_exact(me, opp):
            scores = self.move_scores(me, opp)
            best = max(scores.values())
            return tuple(move for move, score in scores.items() if score == best)
        is_best = self.optimality_test(me, opp)
        kinds = self.move_kinds(me, opp)
        answers: dict[int, bool] = {}
        for kind in kinds.values():
            if kind not in answers:
                answers[kind] = is_best(kind)
        return tuple(move for move, kind in kinds.items() if answers[kind])

    def best_move(self, me: int, opp: int, rng: random.Random | None) -> int:
        """One optimal move: the first in board order, or in a random order with `rng`.

        Taking the first optimal move of a uniformly shuffled list picks each optimal move
        with the same probability, so this draws from :meth:`best_moves` like
        ``rng.choice`` while usually proving only a move or two. Exact positions (all of
        tic-tac-toe) are cheap to answer in full, and there it *is* ``rng.choice``, so a
        seeded player makes the same choices as one that calls ``best_moves``.
        """
        if self.is_exact(me, opp):
            best = self.best_moves(me, opp)
            return best[0] if rng is None else rng.choice(best)
        is_best = self.optimality_test(me, opp)
        kinds = self.move_kinds(me, opp)
        moves = list(kinds)
        if rng is not None:
            rng.shuffle(moves)
        answers: dict[int, bool] = {}
        for move in moves:
            kind = kinds[move]
            if kind not in answers:
                answers[kind] = is_best(kind)
            if answers[kind]:
                return move
        raise AssertionError("no optimal move: the position's value was wrong")

    def optimality_test(self, me: int, opp: int) -> Callable[[int], bool]:
        """``is_best(move)``: does playing cell `move` keep the position's best score?

        The position's value (and, when it is decided, its distance) is found once here, so
        that each move needs only one narrow search: a null-window "can the opponent win?"
        when the position is a draw, "does the opponent lose within d - 1 plies?" when it is
        won in d, "can the opponent not win within d - 2 plies?" when it is lost in d.
        """
        value = self.value(me, opp)
        if value == 0:  # the moves after which the opponent cannot win

            def is_best(m: int) -> bool:
                return self.value(opp, me | 1 << m, low=0) == 0

        elif value > 0:  # the moves that win as fast as the position allows
            d = self.win_distance(me, opp)

            def is_best(m: int) -> bool:
                if d == 1:
                    return self.wins(me | 1 << m)
                return self.within(opp, me | 1 << m, d - 1, to_win=False)

        else:  # lost: the moves after which the opponent needs all d - 1 remaining plies
            d = self.loss_distance(me, opp)

            def is_best(m: int) -> bool:
                return not self.within(opp, me | 1 << m, d - 2, to_win=True)

        return is_best

    def move_kinds(self, me: int, opp: int) -> dict[int, int]:
        """Each legal move (ascending) with the smallest move that is its mirror image.

        When the position is its own mirror image (the empty board, say), moves that are
        mirror images of each other are equally good, so only one of each kind is asked about.
        """
        keys = self.images(me, opp, me.bit_count() == opp.bit_count())
        own = [where for where, key in zip(self.where, keys) if key == keys[0]]
        return {
            move: min(where[move] for where in own)
            for move in range(self.n)
            if not (me | opp) >> move & 1
        }

    def per_move(self, me: int, opp: int, ask: Callable[[int], _T]) -> dict[int, _T]:
        """``{move: ask(move)}`` for the legal moves, asking once per kind of move."""
        answers: dict[int, _T] = {}
        result = {}
        for move, kind in self.move_kinds(me, opp).items():
            if kind not in answers:
                answers[kind] = ask(kind)
            result[move] = answers[kind]
        return result

    def exact_move_score(self, me: int, opp: int, move: int) -> int:
        """The score of playing cell `move`, for its player, from the exact table."""
        mine = me | 1 << move
        if self.wins(mine):
            return self.top - 1  # a win in one ply
        if mine | opp == self.full:
            return 0  # the last cell, and no line: a draw
        return self.exact(opp, mine)

    def is_exact(self, me: int, opp: int) -> bool:
        """Is this position answered by the exact table (few cells, or few left empty)?"""
        return self.has_full_table or self.n - (me | opp).bit_count() <= EXACT_EMPTIES

    def wins(self, bits: int) -> bool:
        """Do the marks `bits` hold a whole line?"""
        return self.geometry.wins(bits)

    def to_outcome(self, score: int, x_to_move: bool, empty_count: int) -> Outcome:
        """The :class:`Outcome` for a mover's `score`, with the value turned to X's view."""
        if score == 0:
            return Outcome(0, empty_count)
        value = 1 if score > 0 else -1
        return Outcome(value if x_to_move else -value, self.top - abs(score))

    def images(self, me: int, opp: int, x_to_move: bool) -> tuple[int, ...]:
        """The position's symmetric keys: ``X | O << n`` under each board symmetry.

        Mirror images and rotations of a position have the same value, so the searches store
        a position under the smallest of these, its *canonical* key. Rather than transforming
        the board at every node, they carry the tuple along and add each move's images (see
        :class:`~tictac.game.bitboard.Geometry`).
        """
        x, o = (me, opp) if x_to_move else (opp, me)
        return self.geometry.keys(x, o)

    # -- 1. the exact table: memoised negamax over every position ----------------------------

    def exact(self, me: int, opp: int) -> int:
        """The score of the move that led to ``(me, opp)``, for the player who made it.

        Storing each position's score from the point of view of the player who just moved
        makes the negamax step a plain maximum: a position's best score is the largest entry
        among its children, turned round once (:func:`_score_one_ply_up`) for its own entry.
        On boards of up to 9 cells the first call fills the table for the whole game.
        """
        n, top, table = self.n, self.top, self.table
        key = me << n | opp
        if key in table:
            return table[key]
        if self._wins is None or self._empties is None:
            self._wins, self._empties = _lookup_tables(n, self.lines)
        wins, empties, get, tick = self._wins, self._empties, table.get, self.counter.tick
        # turned[best + top] is _score_one_ply_up(best); best == -top means the loop found no
        # move: the board is full, a draw.
        turned = [_score_one_ply_up(best) for best in range(-top, top + 1)]
        turned[0] = 0

        def negamax(me: int, opp: int) -> int:
            tick()
            base = opp << n | me  # the children's keys are base | bit: the opponent moves next
            best = -top
            for bit in empties[me | opp]:
                score = get(base | bit)
                if score is None:
                    mine = me | bit
                    if wins[mine]:
                        score = table[base | bit] = top - 1  # the move wins at once
                    else:
                        score = negamax(opp, mine)
                if score > best:
                    best = score
            score = table[me << n | opp] = turned[best + top]
            return score

        if self.has_full_table and not table:
            negamax(0, 0)  # the first question fills the table for the whole game
        if key not in table:
            negamax(me, opp)
        return table[key]

    # -- 2. values only: alpha-beta with a transposition table, symmetry, forced moves ---------

    def value(self, me: int, opp: int, low: int = -1, high: int = 1) -> int:
        """+1, 0 or -1 for the player to move in ``(me, opp)`` (not a finished position).

        The caller may say that the value is known to lie in ``low..high``: asking only
        "0 or 1?" (a null window) is about twice as fast as asking "-1, 0 or 1?".

        Negamax with alpha-beta pruning on the three values. Before searching the moves it
        reads the lines, which settles many positions at once:

        - a line the mover can finish now is a win; two such lines for the opponent are a
          loss, and one must be blocked (a forced move);
        - a player none of whose lines can still be finished in the moves they have left
          cannot win; nor can the opponent if all of the opponent's such lines share an empty
          cell, since the mover takes it now. Either bounds the value;
        - a cell on no line that either player can still finish is *dead*: playing any dead
          cell leads to the same game, so only one of them is tried.
        - a *pairing strategy* for the defender (see :meth:`pairing_blocks`) proves that the
          other player cannot win. Reading the lines cannot see this far, and on 4x4 with 4 in
          a row it settles most positions after the first few moves.

        Positions are stored under their canonical (smallest symmetric) key with what is known
        about their value: a lower and an upper bound.
        """
        full, lines, order, k = self.full, self.lines, self.order, self.k
        bounds, tick = self.bounds, self.counter.tick

        def negamax(
            me: int,
            opp: int,
            alpha: int,
            beta: int,
            keys: tuple[int, ...],
            my_images: Images,
            their_images: Images,
        ) -> int:
            tick()
            empty = full ^ (me | opp)
            if not empty:
                return 0
            left = empty.bit_count()
            my_moves, their_moves = (left + 1) // 2, left // 2
            my_threats, their_threats, my_live, their_live, their_common = read_lines(
                lines, k, me, opp, my_moves, their_moves
            )
            live = my_live | their_live
            if my_threats:
                return 1
            if their_threats:
                if their_threats & (their_threats - 1):
                    return -1  # two threats: one can be blocked, the other wins
                block = their_threats  # a forced move
                child_keys = tuple(map(or_, keys, my_images[block]))
                return -negamax(opp, me | block, -beta, -alpha, child_keys, their_images, my_images)
            low = -1 if their_live and not their_common & empty else 0
            high = 1 if my_live else 0
            if low == high:
                return low
            key = min(keys)
            known = bounds.get(key)
            if known is not None:
                low, high = max(low, known[0]), min(high, known[1])
            else:  # a new position: try the pairing strategies, when their answer matters
                if high > 0 and beta > 0 and self.pairing_blocks(opp, empty, my_moves):
                    high = 0
                if low < 0 and alpha < 0 and self.pairing_blocks(me, empty, their_moves):
                    low = 0
                if low == high or low >= beta or high <= alpha:
                    bounds[key] = (low, high)
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
            start_alpha = alpha
            dead = empty & ~live
            moves = empty & live | dead & -dead  # the live cells and one dead cell
            best = -2
            for bit in order:
                if moves & bit:
                    child_keys = tuple(map(or_, keys, my_images[bit]))
                    score = -negamax(
                        opp, me | bit, -beta, -alpha, child_keys, their_images, my_images
                    )
                    if score > best:
                        best = score
                        if score > alpha:
                            alpha = score
                            if alpha >= beta:
                                break
            if best <= start_alpha:
                high = best  # failed low: the true value is at most best
            elif best >= beta:
                low = best  # failed high: at least best
            else:
                low = high = best
            bounds[key] = (low, high)
            return best

        x_to_move = me.bit_count() == opp.bit_count()
        mine, theirs = (self.x_images, self.o_images)[:: 1 if x_to_move else -1]
        keys = self.images(me, opp, x_to_move)
        return max(low, min(high, negamax(me, opp, low, high, keys, mine, theirs)))

    def pairing_blocks(self, defender: int, empty: int, moves: int) -> bool:
        """Can the player with the marks `defender` stop the other player from ever winning?

        A sufficient test (a *pairing strategy*): put some empty cells in pairs, no cell in
        two pairs, so that every line the attacker could still finish (no defender mark, and
        no more empty cells than the attacker's `moves` left) holds a whole pair; several lines
        may share one pair. Whenever the attacker takes one cell of a pair, the defender takes
        the other at once (and otherwise plays anywhere), so the attacker never holds a whole
        pair and never finishes a line. Who moves first does not matter: the defender's other
        moves only block more lines.

        The pairs are searched for by :func:`tictac.search.pairing.shared_pairs`. Different
        positions often leave the attacker the same lines with the same empty cells, so the answers
        are remembered, keyed by those cells.
        """
        needs = []
        for line in self.lines:
            if not line & defender:
                free = line & empty
                if free.bit_count() <= moves:
                    needs.append(free)
        key = tuple(needs)
        known = self.pairings.get(key)
        if known is None:
            if len(self.pairings) >= MAX_PAIRINGS:
                self.pairings.clear()
            known = self.pairings[key] = shared_pairs(needs) is not None
        return known

    # -- 3. distances on big boards: "can the winner win within d plies?" --------------------

    def win_distance(self, me: int, opp: int) -> int:
        """Plies to the end when the player to move wins (known) as fast as possible."""
        return self._first_depth(me, opp, 1, to_win=True)

    def loss_distance(self, me: int, opp: int) -> int:
        """Plies to the end when the player to move loses (known) as slowly as possible."""
        return self._first_depth(me, opp, 2, to_win=False)

    def _first_depth(self, me: int, opp: int, start: int, *, to_win: bool) -> int:
        """The smallest depth from `start` on, in steps of two, at which `within` says yes."""
        for depth in range(start, self.n + 1, 2):
            if self.within(me, opp, depth, to_win=to_win):
                return depth
        raise AssertionError("no win in any number of plies: the position's value was wrong")

    def within(self, me: int, opp: int, depth: int, *, to_win: bool) -> bool:
        """Can the mover force a win (`to_win`), or must the mover lose, within `depth` plies?

        An AND-OR search: the side trying to win needs one good move, the other side must have
        no escape. Lines that the winning side could not finish within the plies left are
        ignored, which makes short searches cheap.
        """
        n, full, lines, order, k = self.n, self.full, self.lines, self.order, self.k
        memos = {True: self.win_depths, False: self.loss_depths}
        tick = self.counter.tick

        def search(
            me: int,
            opp: int,
            depth: int,
            to_win: bool,
            keys: tuple[int, ...],
            my_images: Images,
            their_images: Images,
        ) -> bool:
            tick()
            empty = full ^ (me | opp)
            if not empty or depth < (1 if to_win else 2):
                return False  # a draw, or no time left for the attacker's next mark
            # Marks the attacker can still add within `depth` plies: the mover's own moves when
            # the mover attacks, the opponent's moves otherwise.
            reach = (depth + 1) // 2 if to_win else depth // 2
            my_threats, their_threats, my_live, their_live, _ = read_lines(
                lines, k, me, opp, reach, reach
            )
            alive = my_live if to_win else their_live  # can the attacker finish a line in time?
            if my_threats:
                return to_win  # the mover wins at once
            if their_threats & (their_threats - 1):
                return not to_win  # the opponent wins on the next ply
            if not alive or depth < (3 if to_win else 2):
                return False
            memo = memos[to_win]
            key = min(keys)
            too_short, enough = memo.get(key, (0, n + 1))  # no search is deeper than n plies
            if depth <= too_short:
                return False
            if depth >= enough:
                return True
            moves = (their_threats,) if their_threats else [b for b in order if empty & b]
            children = (
                search(
                    opp,
                    me | bit,
                    depth - 1,
                    not to_win,
                    tuple(map(or_, keys, my_images[bit])),
                    their_images,
                    my_images,
                )
                for bit in moves
            )
            # Winning needs one move after which the opponent must lose in time; losing means
            # that every move lets the opponent win in time.
            result = any(children) if to_win else all(children)
            if result:
                memo[key] = (too_short, min(enough, depth))
            else:
                memo[key] = (max(too_short, depth), enough)
            return result

        x_to_move = me.bit_count() == opp.bit_count()
        mine, theirs = (self.x_images, self.o_images)[:: 1 if x_to_move else -1]
        return search(me, opp, depth, to_win, self.images(me, opp, x_to_move), mine, theirs)


# Old names, still importable from here for a while: name -> the module it has moved to.
_MOVED = {"PAIRING_EFFORT": "tictac.search.pairing"}


__getattr__ = moved_away(__name__, _MOVED)
