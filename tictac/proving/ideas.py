"""How the solver proves bigger boards: its ideas one at a time, each a switch to turn off.

:func:`tictac.search.solver.solve` is written for speed: bitboards, win masks, one long function.
This module writes the same kind of proof search for reading, with the solver's ideas as
switches, so that a lesson can count what each idea saves. Its answers are the solver's (the
tests check that on every position of small boards); it is slower, so it is for counting on
small boards, not for proving big ones. The ideas, as :data:`IDEAS` names them:

* ``"threats"``: if the player to move can complete a line, that is a win, with no search; if
  the opponent could complete lines on two different cells, only one can be blocked: a loss.
  With one, blocking it is a *forced move*, the only move worth trying.
* ``"dead cells"``: a line is *live* for a player while it holds none of the opponent's marks
  and the player still has the moves to fill its empty cells (:func:`live_lines`). A player
  with no live line cannot win. A cell on no live line of either player is *dead*
  (:func:`dead_cells`): marking one changes nothing any line can become, so all dead cells
  are equally good, and only one of them is tried.
* ``"pairing"``: a *pairing strategy* (:mod:`tictac.search.pairing`) for the defender proves that
  the other player cannot win, without searching further: every line the attacker could still
  complete gets two empty cells of its own. (The solver goes further: several lines may share
  one pair, see :func:`tictac.search.pairing.shared_pairs`; this module keeps the simpler test,
  which a lesson can draw and explain in a paragraph.)
* ``"table"``: a *transposition table*, as in Lesson 6b: what was learnt about a position
  (its value, or a bound on it when a search was cut short) is kept and looked up when the
  same position comes again by another order of moves.
* ``"symmetry"``: the table files a position under its ``canonical()`` form, shared by all its
  mirror images (:func:`tictac.game.state.canonical_cells`; without the table, this has nothing to
  act on).
* ``"move order"``: the moves are tried cells on most lines first, nearest the centre among
  equals, rather than in board order, so that alpha-beta finds a good move early and cuts more
  (the solver's order, :func:`tictac.game.bitboard.move_order`).

Alpha-beta itself (Lesson 6) is always on. :func:`proof_search` returns the value and the
number of positions searched:

>>> from tictac.game.state import State
>>> full = proof_search(State.new(4, 4, 4))
>>> full.value, full.positions
(0, 20)
>>> proof_search(State.new(4, 4, 4), without={"pairing"}).positions
9689

:func:`solver_proof` asks the real solver the same question and counts its positions, and
:func:`stored_proofs` reads the counts that ``bench/prove_boards.py`` measured once for the
boards that take too long to prove in a lesson.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, NamedTuple

from tictac.game.bitboard import move_order
from tictac.game.position import refuse_other_games
from tictac.game.state import EMPTY, Line, Mark, State, canonical_cells, other, winning_lines
from tictac.players.rules import completing_moves
from tictac.search.budget import DEFAULT_BUDGET, SOLVER_BUDGET, BudgetLike, Meter, meter
from tictac.search.pairing import match_lines
from tictac.search.solver import clear_caches, solve

__all__ = [
    "FRONTIER_FILE",
    "IDEAS",
    "FrontierCost",
    "FrontierProof",
    "Proof",
    "SolverProof",
    "dead_cells",
    "frontier_proofs",
    "live_lines",
    "moves_left",
    "proof_search",
    "solver_proof",
    "stored_proofs",
]

IDEAS = ("threats", "dead cells", "pairing", "table", "symmetry", "move order")
"""The ideas :func:`proof_search` can leave out, in the order the lesson takes them."""


def moves_left(state: State, player: Mark) -> int:
    """How many more marks `player` can add before the board is full.

    The player to move gets the odd one out: with 5 empty cells, 3 for the mover, 2 for the
    other player.

    >>> s = State.parse("XO./.X./O..")  # X to move, 5 empty cells
    >>> moves_left(s, "X"), moves_left(s, "O")
    (3, 2)
    """
    empty = state.cells.count(EMPTY)
    return (empty + 1) // 2 if player == state.turn else empty // 2


def live_lines(state: State, player: Mark) -> tuple[Line, ...]:
    """The lines `player` could still complete: none of the opponent's marks on them, and no
    more empty cells than `player` has moves left (see :func:`moves_left`).

    >>> s = State.parse("X.O/.X./.O.")  # X to move, 5 empty cells
    >>> live_lines(s, "X")
    ((0, 3, 6), (0, 4, 8), (3, 4, 5))
    >>> live_lines(s, "O")  # (0, 3, 6) would need 3 marks, and O has only 2 moves left
    ((2, 5, 8), (6, 7, 8))
    """
    opponent = other(player)
    budget = moves_left(state, player)
    return tuple(
        line
        for line in winning_lines(state.rows, state.cols, state.k)
        if all(state.cells[i] != opponent for i in line)
        and sum(state.cells[i] == EMPTY for i in line) <= budget
    )


def dead_cells(state: State) -> frozenset[int]:
    """The empty cells that lie on no live line of either player (see :func:`live_lines`).

    Whoever marks a dead cell, no line that can still be completed changes, so all dead cells
    are equally good moves. Once the game is over, every empty cell is dead.

    >>> sorted(dead_cells(State.parse("X.O/.X./.O.")))  # both lines through 1 hold X and O
    [1]
    """
    empty = frozenset(i for i, cell in enumerate(state.cells) if cell == EMPTY)
    if state.is_terminal:
        return empty
    live = {i for player in ("X", "O") for line in live_lines(state, player) for i in line}
    return empty - live


@dataclass(frozen=True)
class Proof:
    """What :func:`proof_search` found: the value (+1 X wins, 0 draw, -1 O wins), the
    positions it searched, and the ideas it was told to leave out."""

    value: int
    positions: int
    without: frozenset[str]


def proof_search(
    state: State, *, without: Iterable[str] = (), budget: BudgetLike = DEFAULT_BUDGET
) -> Proof:
    """Prove the value of `state` with alpha-beta and the ideas of :data:`IDEAS`, leaving out
    those named in `without`; count the positions searched against `budget`.

    >>> proof_search(State.parse("XX./OO./..."), without=IDEAS)
    Proof(value=1, positions=2, without=frozenset({...}))
    >>> proof_search(State.new(), without={"threat"})
    Traceback (most recent call last):
      ...
    ValueError: proof_search() knows the ideas 'threats', 'dead cells', ..., not 'threat'
    """
    refuse_other_games(state, "proof_search()", "minimax(position, memo='plain')")
    if not isinstance(state, State):
        raise TypeError(f"proof_search() needs a tictac State, not {type(state).__name__}")
    if isinstance(without, str):
        without = (without,)  # one idea, named on its own
    off = frozenset(without)
    unknown = sorted(off - set(IDEAS))
    if unknown:
        raise ValueError(
            f"proof_search() knows the ideas {', '.join(map(repr, IDEAS))}, not "
            f"{', '.join(map(repr, unknown))}"
        )
    search = _ProofSearch(state, off, meter(budget, state, "proof_search"))
    value = search.negamax(state, -1, 1)
    return Proof(value if state.turn == "X" else -value, search.counter.positions, off)


class _ProofSearch:
    """One proof: the ideas in use, the counter, the table, and the search itself."""

    def __init__(self, state: State, off: frozenset[str], counter: Meter) -> None:
        self.on = {idea: idea not in off for idea in IDEAS}
        self.counter = counter
        self.table: dict[tuple[str, ...], tuple[int, int]] = {}
        self.rows, self.cols = rows, cols = state.rows, state.cols
        self.lines = winning_lines(rows, cols, state.k)
        cells = range(rows * cols)
        self.order = list(move_order(rows, cols, state.k) if self.on["move order"] else cells)

    def read_lines(self, state: State) -> tuple[list[Line], list[Line]]:
        """The live lines (see :func:`live_lines`) of the player to move, then of the other."""
        cells, me, them = state.cells, state.turn, other(state.turn)
        empty = cells.count(EMPTY)
        my_moves, their_moves = (empty + 1) // 2, empty // 2
        mine: list[Line] = []
        theirs: list[Line] = []
        for line in self.lines:
            marks = [cells[i] for i in line]
            free = marks.count(EMPTY)
            if them not in marks and free <= my_moves:
                mine.append(line)
            if me not in marks and free <= their_moves:
                theirs.append(line)
        return mine, theirs

    def key(self, state: State) -> tuple[str, ...]:
        """What the table files `state` under: its cells, or the smallest of its images'."""
        cells = state.cells
        if not self.on["symmetry"]:
            return cells
        return canonical_cells(cells, self.rows, self.cols)[0]

    def negamax(self, state: State, alpha: int, beta: int) -> int:
        """The value of `state` for the player to move, exact when it lies strictly inside
        (alpha, beta), otherwise a bound on the side it fell (fail-soft, as in Lesson 6b)."""
        self.counter.tick()
        if state.winner is not None:
            return -1  # the player who just moved has won
        if state.is_terminal:
            return 0
        me, them = state.turn, other(state.turn)
        moves = [cell for cell in self.order if state.cells[cell] == EMPTY]
        if self.on["threats"]:
            if completing_moves(state, me):
                return 1
            blocks = completing_moves(state, them)
            if len(blocks) > 1:
                return -1
            if blocks:
                moves = blocks  # a forced move
        low, high = -1, 1
        mine, theirs = self.read_lines(state)
        if self.on["dead cells"]:
            if not mine:
                high = 0  # I cannot win
            if not theirs:
                low = 0  # nor can they
            if low == high:
                return low
            live = {cell for line in mine + theirs for cell in line}
            dead = [cell for cell in moves if cell not in live]
            moves = [cell for cell in moves if cell in live] + dead[:1]  # one dead cell will do
        key = self.key(state) if self.on["table"] else state.cells
        known = self.table.get(key) if self.on["table"] else None
        if known is not None:
            low, high = max(low, known[0]), min(high, known[1])
        elif self.on["pairing"]:
            free = [cell for cell, mark in enumerate(state.cells) if mark == EMPTY]
            if high > 0 and beta > 0 and match_lines(mine, free) is not None:
                high = 0  # they can pair my lines: I cannot win
            if low < 0 and alpha < 0 and match_lines(theirs, free) is not None:
                low = 0  # I can pair their lines: they cannot win
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        start_alpha, best = alpha, -2
        for move in moves:
            score = -self.negamax(state.play_unchecked(move), -beta, -alpha)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        if self.on["table"]:
            if best <= start_alpha:
                high = best  # failed low: at most best
            elif best >= beta:
                low = best  # failed high: at least best
            else:
                low = high = best
            self.table[key] = (low, high)
        return best


# ---------------------------------------------------------------------------------------------
# The real solver's counts


class SolverProof(NamedTuple):
    """The solver's proof of an empty board: its value (+1 X wins, 0 draw) and how many
    positions it searched, starting with empty tables."""

    rows: int
    cols: int
    k: int
    value: int
    positions: int


def solver_proof(
    rows: int, cols: int, k: int, *, budget: BudgetLike = SOLVER_BUDGET
) -> SolverProof:
    """Prove the empty `rows` x `cols` board with `k` in a row with
    :func:`tictac.search.solver.solve`, from cold tables, and count the positions it searches
    (the count does not depend on the machine). It empties the solver's tables before and after (see
    :func:`~tictac.search.solver.clear_caches`), so what the solver had learnt is forgotten. The
    `budget` is the solver's (:data:`~tictac.search.budget.SOLVER_BUDGET` by default; None for no
    limit).

    >>> solver_proof(4, 4, 4)
    SolverProof(rows=4, cols=4, k=4, value=0, positions=20)
    """
    empty = State.new(rows, cols, k)
    counter = meter(budget, empty, "solver_proof")
    clear_caches()  # a proof from scratch, not a lookup of an earlier one
    try:
        value = solve(empty, budget=counter)
    finally:
        clear_caches()  # and no tables left behind to change the next count
    return SolverProof(empty.rows, empty.cols, empty.k, value, counter.positions)


PROOFS_FILE = "proofs.json"
"""The file in ``tictac/data`` where ``bench/prove_boards.py`` keeps its measurements."""


def stored_proofs() -> tuple[SolverProof, ...]:
    """The solver's proofs of boards too big to prove in a lesson, as measured once by
    ``bench/prove_boards.py`` (which also says how long each took on its machine).

    >>> stored = {(p.rows, p.cols, p.k): p for p in stored_proofs()}
    >>> stored[5, 5, 4].value
    0
    """
    return tuple(SolverProof(**record) for record in json.loads(_data(PROOFS_FILE))["proofs"])


class FrontierCost(NamedTuple):
    """What settling a frontier board cost, on the machine that ran ``bench/frontier.py``:
    the seconds of the proof and of its check, the finishing process's peak memory and the
    most that all the racing processes held at once (MiB), and the Python version and the date
    (UTC) of the run. Unlike a proof's counts, these depend on the machine and how busy it was.

    >>> cost = FrontierCost(2.5, 1.5, 40.0, 80.0, "3.12.3", "2026-11-27")
    >>> cost.seconds
    4.0
    """

    prove_seconds: float
    check_seconds: float
    peak_mib: float
    race_mib: float
    python: str
    date: str

    @property
    def seconds(self) -> float:
        """The proof and its check together."""
        return self.prove_seconds + self.check_seconds


class FrontierProof(NamedTuple):
    """A board the literature has settled, proved by :func:`tictac.proving.pns.prove_win` from the
    empty board and its proof checked by :mod:`tictac.proving.verify` (``bench/frontier.py``).

    `value` is +1 (X wins) or 0 (a draw); `literature` and `source` say what the literature
    reports and who; `setting` names the prover's epsilon that settled it (``"win"`` for
    :data:`~tictac.proving.pns.EXPECT_WIN`, ``"draw"`` for :data:`~tictac.proving.pns.EXPECT_DRAW`);
    `searched` and `stored` count the positions the prover expanded and kept; `checked` the
    positions of the written-out strategy or defence that the checker went through. The
    counts do not depend on the machine. `cost` is what the run took on its machine
    (:class:`FrontierCost`), or None where it was not stored.
    """

    rows: int
    cols: int
    k: int
    value: int
    literature: str
    source: str
    setting: str
    searched: int
    stored: int
    checked: int
    cost: FrontierCost | None = None

    def counts(self) -> FrontierProof:
        """The same proof without its cost: what does not depend on the machine, and what
        ``bench/frontier.py --check`` compares.

        >>> proof = FrontierProof(3, 8, 4, 0, "draw", "rows", "win", 1, 1, 1)
        >>> measured = proof._replace(cost=FrontierCost(0.1, 0.1, 20, 40, "3.12.3", "2026-11-27"))
        >>> measured == proof, measured.counts() == proof
        (False, True)
        """
        return self._replace(cost=None)

    def as_record(self) -> dict[str, object]:
        """The proof as ``tictac/data/frontier.json`` stores it (read back by
        :meth:`from_record`): its fields by name, the cost's under ``"cost"``, if any.

        >>> FrontierProof(3, 8, 4, 0, "draw", "rows", "win", 1, 1, 1).as_record()["checked"]
        1
        """
        record: dict[str, object] = self._asdict()
        if self.cost is None:
            del record["cost"]
        else:
            record["cost"] = self.cost._asdict()
        return record

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> FrontierProof:
        """The proof a record of :meth:`as_record` stores; a record without a cost (as stored
        before costs were) gives the cost None.

        >>> proof = FrontierProof(3, 8, 4, 0, "draw", "rows", "win", 1, 1, 1)
        >>> FrontierProof.from_record(proof.as_record()) == proof
        True
        """
        cost = record.get("cost")
        fields = {name: value for name, value in record.items() if name != "cost"}
        return cls(**fields, cost=None if cost is None else FrontierCost(**cost))


FRONTIER_FILE = "frontier.json"
"""The file in ``tictac/data`` where ``bench/frontier.py --write`` keeps the frontier proofs."""


def frontier_proofs() -> tuple[FrontierProof, ...]:
    """The frontier boards as ``bench/frontier.py`` last settled them (too long for a
    lesson: up to minutes each), in the order of its table.

    >>> frontier = {(p.rows, p.cols, p.k): p for p in frontier_proofs()}
    >>> frontier[9, 4, 4].value, frontier[9, 4, 4].literature
    (1, 'X wins')
    """
    records = json.loads(_data(FRONTIER_FILE))["boards"]
    return tuple(FrontierProof.from_record(record) for record in records)


def _data(name: str) -> str:
    """The text of a file in the package's ``data`` folder."""
    return resources.files("tictac").joinpath("data").joinpath(name).read_text(encoding="utf-8")
