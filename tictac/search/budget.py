"""Budgets: how much work a search may do before it stops and says why.

Game trees grow fast: the empty 3x3 board has 549,946 positions in its full tree, the empty
4x4 board about ten trillion. So every search of the package (:func:`~tictac.search.engine.minimax`,
:func:`~tictac.search.engine.alphabeta`, the solver's :func:`~tictac.search.solver.solve` and its
other questions, :func:`~tictac.pictures.tree.draw_tree`, :func:`~tictac.search.mcts.uct_search`,
the players that search) takes ``budget=``, and stops with :class:`BudgetExceeded` when it has spent
it, rather than running for hours while its memory climbs. The error says how far the search got,
how big the problem is, and what to try instead.

What ``budget=`` accepts (:data:`BudgetLike`):

* a whole number: at most that many positions;
* a :class:`Budget`: positions and/or seconds, e.g. ``Budget(positions=10**7, seconds=60)``;
* None: no limit at all, for the proof scripts in ``bench/`` and the exhaustive tests. A
  search of a big board then runs as long, and takes as much memory, as it needs;
* a :class:`Meter` that is already counting, so that several searches share one budget.

Every default counts both. Positions come first, so that a search that fits does so on every
machine: :data:`DEFAULT_BUDGET`, a million positions, is the default of minimax, alpha-beta,
draw_tree and MCTS, and everything on 3x3 fits (the biggest search there, plain minimax from
the empty board, visits 549,946 positions in a few seconds). The solver's default,
:data:`SOLVER_BUDGET`, and the brute-force player's,
:data:`tictac.players.rules.BRUTE_FORCE_BUDGET`, are 200,000 of their costlier positions. But a
position's cost grows with the board (a proof-number expansion on 10x10 takes tens of
milliseconds), so every default also stops after :data:`DEFAULT_SECONDS`, half a minute: on
every board the package accepts, a search with its default budget answers or stops within
about that. A budget you give is exactly what you give: ``budget=10**7`` has no limit in
seconds, ``Budget(positions=10**7, seconds=60)`` has both.

Memory grows with what a search remembers (memos, transposition tables, traces: at most one
entry for each position searched), so the positions budget bounds it too. The most a search
adds to a Python process at its default budget (measured with CPython 3.11 on 64-bit Linux,
as the growth of the peak resident size over a bare ``import tictac``, 18 MB):

==========================================================  ======
minimax or alphabeta, no memo, no trace                       1 MB
minimax with a memo                                          55 MB
alphabeta with a memo (its table keeps bounds as well)      120 MB
a trace of every position (``trace=True``, no trace_depth)  500 MB
draw_tree (its trace stops at max_depth)                      1 MB
uct_search                                                   35 MB
a question to the solver                                     20 MB
what the solver keeps between questions, at most            200 MB
brute-force: one move, and the sums it keeps, at most       170 MB
==========================================================  ======

``budget=None`` lifts the ceiling with the limit: proving 5x5 with 4 in a row takes about
270 MB (``bench/prove_554.py``).

While :func:`reporting` is in effect, searches report their progress about once a second (the
command line prints it).

>>> from tictac.game.state import State
>>> from tictac.search.engine import minimax
>>> minimax(State.new(4, 4, 4), budget=10_000)
Traceback (most recent call last):
  ...
tictac.search.budget.BudgetExceeded: minimax stopped after searching 10,000 positions, ...
>>> minimax(State.parse("XO./.X./..."), budget=Budget(positions=10**7, seconds=60)).value
1
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import NamedTuple

from tictac.game.numbertree import NumberTree
from tictac.game.position import Position, shown_position
from tictac.game.state import State
from tictac.helpers.checks import as_whole, whole_number

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_POSITIONS",
    "DEFAULT_SECONDS",
    "SOLVER_BUDGET",
    "Budget",
    "BudgetExceeded",
    "BudgetLike",
    "Meter",
    "Progress",
    "as_budget",
    "meter",
    "reporting",
]

DEFAULT_POSITIONS = 1_000_000
"""The positions a search may visit by default: every search on 3x3 fits."""

CHECK_EVERY = 1024
"""The most positions a search visits between two looks at the clock."""

CHECK_SECONDS = 0.05
"""About how long a search works between two looks at the clock. A position's cost varies
a thousandfold (a 3x3 minimax position takes microseconds, a 10x10 proof-number expansion tens
of milliseconds), so the meter looks at the clock after a number of positions that it adapts
to the time they take, between 1 and :data:`CHECK_EVERY`."""

REPORT_EVERY = 1.0
"""Seconds between two progress reports."""


class Progress(NamedTuple):
    """How far a search has got: what is searching, positions visited, seconds spent."""

    search: str
    positions: int
    seconds: float


@dataclass(frozen=True)
class Budget:
    """How much work a search may do: at most `positions` positions and `seconds` seconds
    (None: no limit of that kind).

    >>> Budget()
    Budget(positions=1000000, seconds=None)
    >>> Budget(positions=0)
    Traceback (most recent call last):
      ...
    ValueError: a budget's positions must be a whole number, 1 or more (or None for no limit), ...
    """

    positions: int | None = DEFAULT_POSITIONS
    seconds: float | None = None

    def __post_init__(self) -> None:
        positions, seconds = self.positions, self.seconds
        if positions is not None:
            whole = whole_number(
                positions, "a budget's positions", at_least=1, or_else="None for no limit"
            )
            object.__setattr__(self, "positions", whole)  # a plain int, a NumPy one's too
        if seconds is not None and (
            not isinstance(seconds, (int, float))
            or isinstance(seconds, bool)
            or not 0 < seconds < math.inf
        ):
            raise ValueError(
                f"a budget's seconds must be a number above 0 (or None for no limit), not "
                f"{seconds!r}"
            )


DEFAULT_SECONDS = 30.0
"""The seconds every default budget allows, whatever the board: far more than any search with
a default budget takes on 3x3, where the positions run out first."""

DEFAULT_BUDGET = Budget(seconds=DEFAULT_SECONDS)
"""The default of the searches' ``budget=``: a million positions, or half a minute."""

SOLVER_BUDGET = Budget(positions=200_000, seconds=DEFAULT_SECONDS)
"""The default ``budget=`` of the solver (:mod:`tictac.search.solver`): 200,000 positions (or
:data:`DEFAULT_SECONDS`). The
solver does much more at each position than minimax does (it reads every line of the board, looks
for pairing strategies, files the position under its mirror images), so its positions cost more, up
to 40 microseconds each on a 10x10 board; but it needs few of them: every question of the lessons
and the widget takes at most about 35,000 (``prove(5, 4, 4)``)."""


_REPORTERS: ContextVar[tuple[Callable[[Progress], object], ...]] = ContextVar(
    "tictac_progress_reporters", default=()
)


@contextlib.contextmanager
def reporting(report: Callable[[Progress], object]) -> Iterator[None]:
    """While the block runs, every search calls ``report(Progress(...))`` about once a second
    (every :data:`REPORT_EVERY` seconds) as it works, the command line to print a line.

    >>> seen = []
    >>> with reporting(seen.append):
    ...     pass
    >>> seen
    []
    """
    token = _REPORTERS.set((*_REPORTERS.get(), report))
    try:
        yield
    finally:
        _REPORTERS.reset(token)


class BudgetExceeded(RuntimeError):
    """A search spent its budget before it finished.

    The message says how far it got (:attr:`positions`, :attr:`seconds`), how big the problem
    is (the board, :attr:`empty_cells`) and what to do instead (:attr:`advice`, then a larger
    budget). :attr:`summary` is the first part alone, for messages that word the way out
    differently (the command line names ``--budget``).
    """

    def __init__(
        self,
        search: str,
        state: Position,
        positions: int,
        seconds: float,
        budget: Budget,
        advice: Sequence[str] = (),
        *,
        out_of_time: bool = False,
    ) -> None:
        self.search = search
        self.state = state
        self.positions = positions
        self.seconds = seconds
        self.budget = budget
        self.advice = tuple(advice)
        self.empty_cells = len(state.legal_moves())
        self.out_of_time = out_of_time
        spent = "its time limit" if out_of_time else "its budget"
        self.summary = (
            f"{search} stopped after searching {positions:,} positions, {spent}, in "
            f"{seconds:.1f} s, without an answer: " + _problem_size(state)
        )
        larger = f"budget={self.larger_budget():_} (budget=None: no limit)"
        super().__init__(
            f"{self.summary}. Try {_one_of([*self.advice, 'a larger budget: ' + larger])}"
        )

    def larger_budget(self) -> int:
        """A budget worth trying next: ten times the positions searched."""
        return 10 * (self.budget.positions or self.positions or 1)


def _problem_size(state: Position) -> str:
    if isinstance(state, NumberTree):
        return f"the tree of numbers below {state.name} has {len(state.leaves()):,} leaves"
    if not isinstance(state, State):
        return (
            f"the position {shown_position(state)} of {type(state).__name__} has "
            f"{len(state.legal_moves())} legal moves, and the work grows many times over with "
            "each move the game may still last"
        )
    return (
        f"the position is on a {state.rows}x{state.cols} board with {state.k} in a row and "
        f"has {len(state.legal_moves())} empty cells, and the work grows many times over with "
        "each empty cell"
    )


def _one_of(ways: Sequence[str]) -> str:
    """Ways out, as a list to choose from.

    >>> _one_of(["a", "b", "c"]), _one_of(["a"])
    ('a; b; or c', 'a')
    """
    if len(ways) == 1:
        return ways[0]
    return "; ".join(ways[:-1]) + "; or " + ways[-1]


class Meter:
    """A budget being spent: counts the positions one search (or several) visits, and stops
    the search with :class:`BudgetExceeded` when the budget is spent.

    A search calls :meth:`tick` once for each position it visits; that costs one addition and
    one comparison, and every :data:`CHECK_EVERY` positions a look at the clock.

    >>> counter = meter(3, State.new(), "counting")
    >>> counter.tick(); counter.tick(); counter.tick(); counter.positions
    3
    >>> counter.tick()
    Traceback (most recent call last):
      ...
    tictac.search.budget.BudgetExceeded: counting stopped after searching 3 positions, ...
    """

    def __init__(
        self, budget: Budget, state: Position, search: str, advice: Sequence[str] = ()
    ) -> None:
        self.budget = budget
        self.state = state
        self.search = search
        self.advice = tuple(advice)
        self.positions = 0
        self.limit = math.inf if budget.positions is None else budget.positions
        self.start = time.monotonic()
        self.deadline = math.inf if budget.seconds is None else self.start + budget.seconds
        self.next_report = self.start + REPORT_EVERY
        self.last_look = self.start
        self.stride = 16  # positions between two looks at the clock, adapted as it goes
        self.checkpoint = min(self.limit, self.stride)

    def tick(self) -> None:
        """Count one more position; stop the search if that is one too many."""
        self.positions += 1
        if self.positions > self.checkpoint:
            self.check()

    def check(self) -> None:
        """Stop if the budget is spent; report progress if it is time to."""
        now = time.monotonic()
        if self.positions > self.limit or now > self.deadline:
            raise BudgetExceeded(
                self.search,
                self.state,
                min(self.positions, self.budget.positions or self.positions),
                now - self.start,
                self.budget,
                self.advice,
                out_of_time=self.positions <= self.limit,
            )
        if now >= self.next_report:
            self.next_report = now + REPORT_EVERY
            for report in _REPORTERS.get():
                report(Progress(self.search, self.positions, now - self.start))
        self.stride = _next_stride(self.stride, now - self.last_look)
        self.last_look = now
        self.checkpoint = min(self.limit, self.positions + self.stride)


def _next_stride(stride: int, seconds: float) -> int:
    """How many positions to visit before the next look at the clock, when the last `stride`
    positions took `seconds`: twice as many when they were quick, half as many when slow.

    >>> _next_stride(16, 0.001), _next_stride(16, 0.5), _next_stride(1, 0.5), _next_stride(1024, 0)
    (32, 8, 1, 1024)
    """
    if seconds < CHECK_SECONDS / 2:
        return min(2 * stride, CHECK_EVERY)
    if seconds > CHECK_SECONDS:
        return max(stride // 2, 1)
    return stride


BudgetLike = Budget | int | Meter | None
"""What ``budget=`` accepts: a whole number of positions, a :class:`Budget`, None for no
limit, or a :class:`Meter` already counting (several searches then share one budget)."""


def meter(budget: BudgetLike, state: Position, search: str, advice: Sequence[str] = ()) -> Meter:
    """A :class:`Meter` for one search of `state`: `search` names it and `advice` lists what
    to try instead, for the error message. Given a Meter, returns it, to go on counting.

    >>> meter(None, State.new(), "minimax").limit
    inf
    >>> meter("lots", State.new(), "minimax")
    Traceback (most recent call last):
      ...
    TypeError: budget must be a whole number of positions, a Budget, None (no limit) ...
    """
    if isinstance(budget, Meter):
        return budget
    return Meter(as_budget(budget), state, search, advice)


def as_budget(budget: Budget | int | None) -> Budget:
    """The :class:`Budget` that ``budget=`` stands for.

    >>> as_budget(5000)
    Budget(positions=5000, seconds=None)
    >>> as_budget(None)
    Budget(positions=None, seconds=None)
    """
    if isinstance(budget, Budget):
        return budget
    if budget is None:
        return Budget(positions=None)
    whole = as_whole(budget)
    if whole is not None:
        return Budget(positions=whole)
    raise TypeError(
        "budget must be a whole number of positions, a Budget, None (no limit) or a Meter, "
        f"not {budget!r}"
    )
