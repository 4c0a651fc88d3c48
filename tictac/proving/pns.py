"""Proving a win: depth-first proof-number search, and the winning strategy it finds.

:func:`tictac.search.solver.solve` asks "win, draw or loss?" with alpha-beta, which must look at
every reply to every good move *and* sort out draws from losses along the way. When we only
want to know whether one player, the *attacker*, can force a win, there is a sharper tool:
**proof-number search** (L. V. Allis, *Searching for Solutions in Games and Artificial
Intelligence*, PhD thesis, Maastricht 1994; Allis, van der Meulen and van den Herik,
"Proof-number search", *Artificial Intelligence* 66, 1994). Each position gets two numbers:

* its *proof number*: how many unsolved positions below it would at least have to turn out
  wins to prove it a win (a position where the attacker moves needs one good move, so it takes
  the smallest of its moves' numbers; where the defender moves, every reply must be beaten, so
  it adds them up);
* its *disproof number*: the same for proving that the attacker cannot win (the roles of
  smallest and sum swap).

The search always works on the position where the proof is cheapest to finish: it follows the
smallest numbers down, which makes it chase forcing lines (a move that threatens to complete
a line leaves the defender one reply, so its proof number is 1) and leave wide, quiet
positions for later. We use the depth-first form, *df-pn* (A. Nagai, *Df-pn algorithm for
searching AND/OR trees and its applications*, PhD thesis, University of Tokyo 2002): it
stays inside a position until the numbers pass two thresholds, keeping the numbers in a
transposition table instead of a tree, with the "1 + epsilon" thresholds of J. Pawlewicz and
L. Lew ("Improving depth-first PN-search: 1 + epsilon trick", *Computers and Games* 2006) so
that it switches between siblings less often.

What it knows about k in a row (the same facts as the solver and Lesson 9, from the attacker's
side; threats as in Allis's threat-space search, "Go-Moku and threat-space search", 1994):

* a player who can complete a line does so; two cells that would each complete a line for the
  opponent cannot both be blocked; one must be blocked (a *forced move*, the only move tried);
* the attacker cannot win once none of their lines can still be completed in the moves left,
  nor when the defender has a pairing strategy against those lines (see
  :mod:`tictac.search.pairing`; pairs that several lines along one straight line share are
  found by :mod:`tictac.search.exact_pairing`, see :data:`PAIRING_TESTS`). The pairing is
  looked for where the attacker is to move (and so after each defender's reply as it is
  generated), not where the defender is: a pairing there holds after every reply too, and the
  quick test of the first reply tried usually finds it (7x7 with five in a row, measured when
  this was brought in: 1,076 -> 1,075 positions, 40% less time);
* when the attacker could make two threats with one mark, the defender's only replies worth
  trying are the cells that stop every such double threat and the cells that make a threat
  of the defender's own (every other reply loses at once: :meth:`_Search.replies`);
* a *threat sequence* (Allis's threat-space search with "fours" only, often called VCF,
  victory by continuous fours): a run of attacker moves, each making a threat whose block is
  the defender's only reply, that ends in a double threat. Where the attacker is to move and
  has one, the position is won without any df-pn branching (:meth:`_Search.vcf`); where the
  defender is to move and the attacker would have one if it were their turn (a "three"), the
  defender's replies are only the moves that break that sequence, each one checked by playing
  the sequence again (:meth:`_Search.breakers`);
* the first proof number of an attacker's quiet move is the number of defender replies those
  rules leave (zero: a win at once), so the search first tries the moves that leave the
  defender the fewest answers, and "threes" before quiet moves;
* the attacker's moves are tried only on cells of lines someone can still complete, and of the
  defender's moves on cells on no such line only one (they all lead to the same game);
* a *refutation zone* (after Wu and Lin's relevance zones for Connect6, 2010): once one
  attacker move is refuted, a defender's reply to it after which a pairing covers every line
  within one more move of the attacker's reach refutes, with the same pairs, every attacker
  move outside the reply and the pairs' cells (:meth:`_Search.refute_outside_zone`;
  ``zones=False`` switches it off). Positions searched to disprove X's win on the empty
  board, off then on: 5x5 with four in a row 2,004 -> 1,632 (a test keeps these), 6x7 with
  five 349 -> 260, 7x7 with five 1,259 -> 1,140;
* mirror images share one entry of the table (its key is the smallest of their bitboards);
* a new position starts with its number of moves as its proof number (the defender's) or its
  disproof number (the attacker's), read off the lines through the last move only, so that
  moves that threaten (one reply) are tried first; the table keeps only the positions searched.

What each idea saved when it was added (positions searched, time, memory, on the frontier's
boards), and the ideas tried and dropped, are written down in ``docs/prover-measurements.md``;
``bench/frontier.py`` measures the prover as it is now.

When the attacker wins, :meth:`WinProof.strategy` writes the win out: for every position the
attacker can meet (every defender reply, not just the good ones), the move to play, as a
dictionary from the board's text to a cell. :func:`tictac.proving.verify.verify_win` checks such a
dictionary without any of this module's code. When the attacker does not win,
:meth:`WinProof.defence` writes the defender's side out (a reply for every position the
defender can meet, whatever the attacker plays, and the pairings where it stops) for
:func:`tictac.proving.verify.verify_draw` to check.

>>> from tictac.game.state import State
>>> proof = prove_win(State.new(4, 4, 3))
>>> proof.wins, proof.attacker
(True, 'X')
>>> prove_win(State.new(3, 3, 3)).wins  # tic-tac-toe is a draw: X cannot force a win
False
>>> strategy = proof.strategy()
>>> strategy["................"] in range(16)  # X's first move
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from operator import or_
from typing import NamedTuple

from tictac.game.bitboard import Images, bitboards, geometry, read_lines
from tictac.game.position import refuse_other_games
from tictac.game.state import EMPTY, Mark, State, canonical_cells
from tictac.search.budget import SOLVER_BUDGET, BudgetLike, Meter, meter
from tictac.search.exact_pairing import CoverMemo, line_pairing_search
from tictac.search.pairing import PAIRING_EFFORT, match_lines, own_pairs_exist, pairing_search

__all__ = [
    "BALANCED",
    "EXPECT_DRAW",
    "EXPECT_WIN",
    "PAIRING_TESTS",
    "Defence",
    "Epsilon",
    "WinProof",
    "prove_win",
]

INFINITY = 10**9
"""A proof or disproof number that means "this can never be proven"."""


class Epsilon(NamedTuple):
    """How long the search stays with the move it is working on before it looks at a sibling:
    the "1 + epsilon" of Pawlewicz and Lew, one for the attacker's choices and one for the
    defender's.

    The search below a chosen move goes on until its number passes ``(1 + epsilon)`` times
    the second-best sibling's. A small epsilon switches as soon as another move looks
    cheaper; a large one keeps digging into the move in hand, like a depth-first search. The
    answer never depends on it, only the work does, and which setting is quicker depends on
    the answer (see :data:`EXPECT_WIN` and :data:`EXPECT_DRAW`).
    """

    attacker: float
    defender: float


BALANCED = Epsilon(attacker=0.25, defender=0.25)
"""The default: Pawlewicz and Lew's suggestion, switching readily on both sides."""

EXPECT_WIN = Epsilon(attacker=0.25, defender=1000.0)
"""Quicker when the attacker wins: the attacker looks around for the cheapest win, while a
defender's reply is followed until it is beaten. 9x4 with four in a row (an X win), measured
when it was brought in: 711,054 positions instead of 1,280,291."""

EXPECT_DRAW = Epsilon(attacker=1000.0, defender=1000.0)
"""Quicker when the attacker cannot win: once the defender has a reply in hand it is followed
to the end, and so is each attacker move it must answer. Positions searched to disprove X's
win on the empty board, :data:`BALANCED` then this: 5x5 with four in a row 5,931 -> 1,632 (a
test keeps these; 7,057 -> 1,757 when it was brought in, before refutation zones and the
pairing test by straight lines); measured then, 7x4 133,036 -> 17,737, and 8x4 out of reach
in 600 s -> 511,167."""

VCF_EFFORT = 200
"""The most positions one threat-sequence search (:meth:`_Search.vcf`) looks at."""

QUICK_PAIRING_EFFORT = 20
"""The effort of the pairing test on each defender's reply as it is generated (see
:meth:`_Search.start_after_defence`): most pairings found are found within 20 steps, and most
failing searches use up all they are given."""

PAIRING_TESTS = ("lines", "search")
"""The two ways :func:`prove_win` looks for pairs that lines share (its `pairing`):

* ``"lines"`` (the default): each straight line's ways to give its lines a pair, worked out
  once, then a search over the straight lines
  (:func:`~tictac.search.exact_pairing.line_pairing_search`);
* ``"search"``: a search pair by pair (:func:`~tictac.search.pairing.pairing_search`), the
  only way before five in a row.

Both give up after a fixed effort, ``"lines"`` rarely. Positions searched to prove the draw,
``"search"`` then ``"lines"`` (the other ideas on): 7x7 with five in a row 6,243 -> 1,140
(about half the time), 6x7 with five 305 -> 260; 5x5 with four 1,636 -> 1,632."""

QUICK_LINES_EFFORT = 300
"""The effort of the ``"lines"`` pairing test on each defender's reply (steps of
:func:`~tictac.search.exact_pairing.choose_covers`; see :data:`QUICK_PAIRING_EFFORT`). On 7x7
with five in a row, 300 steps answer all but about one test in 40, and a larger effort gives
the same proof."""

LINES_EFFORT = 3000
"""The effort of the ``"lines"`` pairing test where a position is examined (see
:data:`~tictac.search.pairing.PAIRING_EFFORT` for ``"search"``)."""

QUICK_TESTED_REPLIES = 8
"""How many of a defender's replies get the quick pairing test as they are generated (see
:meth:`_Search.start_after_defence`), in the order they are tried; the others start with plain
numbers and are tested when the search reaches them, if it does: a reply that leaves a
pairing is nearly always among the first, so the tests of the others were mostly wasted. 7x7
with five in a row is proved in the same 1,140 positions in about 30% less time; 5x5 with four
in a row takes 1,632 positions instead of 1,423, in the same time (fewer replies are settled
at once, and the search goes on with the untested ones)."""

MAX_PAIRINGS = 2_000_000
"""How many answers of the shared-pairs test a search remembers before it starts afresh (about
300 MiB at most; 200,000 was cleared every minute proving 8x4 with four in a row)."""

MAX_NO_VCF = 4_000_000
"""How many positions without a threat sequence a search remembers before it starts afresh
(about 300 MiB at most)."""


def prove_win(
    state: State,
    attacker: Mark | None = None,
    *,
    budget: BudgetLike = SOLVER_BUDGET,
    epsilon: Epsilon = BALANCED,
    pairing: str = "lines",
    zones: bool = True,
) -> WinProof:
    """Can `attacker` (the player to move, unless named) force a win from `state`?

    Counts the positions it expands against `budget` (positions; None for no limit) and
    raises :class:`~tictac.search.budget.BudgetExceeded` past it. `epsilon` changes only how much
    work the answer takes: :data:`EXPECT_DRAW` when you expect the attacker cannot win,
    :data:`EXPECT_WIN` when you expect a win (see :class:`Epsilon`). `pairing` chooses how
    pairs that lines share are looked for, ``"lines"`` or ``"search"`` (see
    :data:`PAIRING_TESTS`); it too changes only the work, as does `zones` (refutation zones,
    see the module's docstring).

    >>> prove_win(State.new(5, 5, 4), budget=None, epsilon=EXPECT_DRAW).wins
    False

    >>> prove_win(State.parse("X../.O./...")).wins  # X to move, and O holds the draw
    False
    >>> prove_win(State.parse("XX./OO./..."), "O").wins  # X completes the top row first
    False
    >>> prove_win(State.parse("XX./OO./...")).wins
    True
    >>> prove_win(State.new(), "Z")
    Traceback (most recent call last):
      ...
    ValueError: prove_win() needs the attacker 'X' or 'O' (or None: the player to move), not 'Z'
    >>> prove_win(State.new(), pairing="exact")
    Traceback (most recent call last):
      ...
    ValueError: prove_win() needs pairing='lines' or pairing='search' (see PAIRING_TESTS), not ...
    """
    refuse_other_games(state, "prove_win()", "minimax(position, memo='plain') for who wins")
    if not isinstance(state, State):
        raise TypeError(f"prove_win() needs a tictac State, not {type(state).__name__}")
    if attacker is None:
        attacker = state.turn
    if attacker not in ("X", "O"):
        raise ValueError(
            "prove_win() needs the attacker 'X' or 'O' (or None: the player to move), "
            f"not {attacker!r}"
        )
    if not (
        isinstance(epsilon, tuple)
        and len(epsilon) == 2
        and all(isinstance(e, (int, float)) and 0 <= e < 10**6 for e in epsilon)
    ):
        raise ValueError(
            "prove_win() needs epsilon=Epsilon(attacker=..., defender=...), two numbers from 0 "
            f"up (BALANCED, EXPECT_WIN or EXPECT_DRAW from tictac.proving.pns), not {epsilon!r}"
        )
    if pairing not in PAIRING_TESTS:
        raise ValueError(
            "prove_win() needs pairing='lines' or pairing='search' (see PAIRING_TESTS), "
            f"not {pairing!r}"
        )
    counter = meter(budget, state, "prove_win", _ADVICE)
    search = _Search(state, attacker, counter, epsilon, pairing, zones)
    # A finished game needs no search (and has an empty strategy).
    wins = state.winner == attacker if state.is_terminal else search.prove(*search.root)
    return WinProof(state, attacker, wins, search.counter.positions, len(search.table), search)


_ADVICE = ("a position with fewer empty cells", "budget=None to search without a limit")


class Defence(NamedTuple):
    """The defender's side of a disproof, written out (see :meth:`WinProof.defence`).

    `replies`: board text -> the defender's cell; `certificates`: board text -> pairs of
    cells (each ``(smaller, larger)``) that end the game there by a pairing strategy.
    """

    replies: dict[str, int]
    certificates: dict[str, tuple[tuple[int, int], ...]]


@dataclass(frozen=True)
class WinProof:
    """What :func:`prove_win` found: whether `attacker` wins from `state`, how many positions
    it expanded and how many it stored in its table.

    >>> proof = prove_win(State.parse("XX./OO./..."))
    >>> proof.wins, proof.positions, proof.stored
    (True, 1, 1)
    """

    state: State
    attacker: Mark
    wins: bool
    positions: int
    stored: int
    _search: _Search = field(repr=False, compare=False)

    def strategy(self, *, up_to_symmetry: bool = False) -> dict[str, int]:
        """The attacker's win written out: board text (the cells, row by row, ``.`` for an
        empty one) -> the cell to play, for every position the attacker can meet on the way,
        whatever the defender replies. Raises ValueError when the attacker does not win.

        With `up_to_symmetry`, each position is written out once for all its mirror images and
        rotations, as the image whose text comes first in alphabetical order; check it with
        ``verify_win(..., up_to_symmetry=True)``.

        >>> prove_win(State.parse("XX./OO./...")).strategy()
        {'XX.OO....': 2}
        """
        if not self.wins:
            raise ValueError(
                f"{self.attacker} cannot force a win from this position, so there is no "
                "winning strategy to write out; check .wins first"
            )
        if self.state.is_terminal:
            return {}  # the attacker has already won: no move left to choose
        return dict(self._search.strategy(up_to_symmetry))

    def defence(self, *, up_to_symmetry: bool = False) -> Defence:
        """How the defender holds the attacker off, written out; only when `wins` is False.

        For every position the defender can meet while the attacker tries *every* move (not
        just the moves the search tried), either a reply, or a *certificate*: pairs of empty
        cells such that every line the attacker could still complete holds a whole pair (no
        pairs at all when the attacker has no such line). From there the defender answers
        each attacker move on a pair with its partner and the attacker never completes a line
        (a pairing strategy, as in Hales and Jewett, 1963);
        :func:`tictac.proving.verify.verify_draw` checks all of it. Raises
        ValueError when the attacker wins.

        With `up_to_symmetry`, each position is written out once for all its mirror images and
        rotations, as the image whose text comes first in alphabetical order (a quarter or an
        eighth of the size); check it with ``verify_draw(..., up_to_symmetry=True)``.

        >>> defence = prove_win(State.parse("XX./.O./..."), "X").defence()
        >>> defence.replies  # O blocks
        {'XX..O....': 2}
        >>> defence.certificates  # then X's lines (0, 3, 6) and (6, 7, 8) hold a pair each
        {'XXO.O....': ((3, 6), (7, 8))}
        """
        if self.wins:
            raise ValueError(
                f"{self.attacker} can force a win from this position, so the defender has no "
                "strategy to write out; check .wins first"
            )
        if self.state.is_terminal:
            return Defence({}, {})  # the game is over, and the attacker has not won
        return self._search.defence(up_to_symmetry)


Child = tuple[int, int, tuple[int, ...], tuple[int, int]]
"""A move in :meth:`_Search.mid`'s list: the child's key in the table, the move (a bit), the
child's symmetric keys, and its first numbers."""


def straight_lines(lines: Sequence[int]) -> tuple[int, ...]:
    """For each line (a bit mask of its cells), a number that it shares with the lines it shares
    two cells with, and theirs, and so on: such lines lie along one straight line (row, column
    or diagonal), and only they can share a pair (see :mod:`tictac.search.exact_pairing`).

    >>> straight_lines([0b000111, 0b001110, 0b111000, 0b1001001])  # along a row of 6; across
    (0, 0, 2, 3)
    """
    number = list(range(len(lines)))
    for i, line in enumerate(lines):
        for j in range(i):
            if (line & lines[j]).bit_count() > 1:
                old, new = number[i], number[j]
                number = [new if n == old else n for n in number]
    return tuple(number)


class _Search:
    """One proof: the board's geometry, the table and the df-pn search itself.

    Positions are bitboards seen from the player to move, ``(me, opp)`` as in
    :mod:`tictac.game.bitboard`; `attacking` says whether the player to move is the attacker.
    """

    def __init__(
        self,
        state: State,
        attacker: Mark,
        counter: Meter,
        epsilon: Epsilon = BALANCED,
        pairing: str = "lines",
        zones: bool = True,
    ) -> None:
        self.epsilon = Epsilon(*epsilon)
        self.by_lines = pairing == "lines"  # see PAIRING_TESTS
        # Refutation zones (see refute_outside_zone): on or off, and the attacker's positions
        # (as they stand, like `moves`) where one has been looked for.
        self.zones = zones
        self.zone_tried: set[int] = set()
        self.covers: CoverMemo = {}  # each straight line's ways, for the "lines" test
        # The board's bitboard geometry (see tictac.game.bitboard), and the tables of it that the
        # search reads at every node: the line masks (and the lines through each cell), the
        # cells in the order the search tries them, and the images of each mark in a
        # position's keys under the symmetries (see `images`).
        self.geometry = board = geometry(state.rows, state.cols, state.k)
        self.n = board.n
        self.k = board.k
        self.full = board.full
        self.lines, self.through, self.order = board.lines, board.through, board.order
        self.x_images, self.o_images = board.x_images, board.o_images
        self.numbered_lines = tuple((line, 1 << i) for i, line in enumerate(self.lines))
        self.straight = straight_lines(self.lines)  # for the pairing test by straight lines
        self.counter = counter
        # canonical key -> (proof number, disproof number), for the attacker's win.
        self.table: dict[int, tuple[int, int]] = {}
        # What the search has worked out and would otherwise work out again on each visit:
        # the moves worth trying (a bit mask) of each position searched, as it stands, and
        # the first proof numbers of the attacker's moves' positions (by their symmetric keys;
        # see attacker_move_numbers).
        self.moves: dict[int, int] = {}
        self.first: dict[int, int] = {}
        self.vcf_left = 0  # what the threat-sequence search now running may still look at
        self.vcf_cut = False  # has it run out of effort?
        # the positions from which there is no threat sequence (searched to the end)
        self.no_vcf: set[int] = set()
        # the attacker's lines, as a key (see needs) -> the defender's pairs (bit masks) when
        # there is a pairing, else the effort that failed to find one, INFINITY when the search
        # went to the end (see shared_pairs)
        self.pairings: dict[int, list[int] | int] = {}
        self.x_to_move = state.turn == "X"
        self.attacker_is_x = attacker == "X"
        me, opp = bitboards(state)
        self.root = (me, opp, state.turn == attacker)

    # -- the pieces ------------------------------------------------------------------------

    def images(self, me: int, opp: int, attacking: bool) -> tuple[tuple[int, ...], Images, Images]:
        """The position's symmetric keys (:meth:`tictac.game.bitboard.Geometry.keys`: mirror
        images share one entry of the table, under the smallest), and the image tables of the
        mover and the other."""
        x_moves = attacking == self.attacker_is_x
        x, o = (me, opp) if x_moves else (opp, me)
        mine, theirs = (self.x_images, self.o_images) if x_moves else (self.o_images, self.x_images)
        return self.geometry.keys(x, o), mine, theirs

    def examine(self, me: int, opp: int, attacking: bool) -> tuple[int, int] | list[int]:
        """A settled position's (proof, disproof) numbers, or the moves worth trying.

        The position is not finished: nobody has a line yet.
        """
        empty = self.full ^ (me | opp)
        if not empty:
            return (INFINITY, 0)  # a draw: no win for the attacker
        left = empty.bit_count()
        my_moves, their_moves = (left + 1) // 2, left // 2
        my_threats, their_threats, my_live, their_live, _ = read_lines(
            self.lines, self.k, me, opp, my_moves, their_moves
        )
        won, lost = ((0, INFINITY), (INFINITY, 0)) if attacking else ((INFINITY, 0), (0, INFINITY))
        if my_threats:
            return won
        if their_threats & (their_threats - 1):
            return lost
        defender, attack_live, reach = (
            (opp, my_live, my_moves) if attacking else (me, their_live, their_moves)
        )
        # (a pairing is looked for only where the attacker moves: see the module's docstring)
        if not attack_live or (attacking and self.pairs(defender, empty, reach)):
            return (INFINITY, 0)
        if attacking and self.vcf(me, opp, empty, their_threats):
            return won
        if their_threats:
            return [their_threats]
        live = my_live | their_live
        if attacking:
            return [bit for bit in self.order if live & empty & bit]
        zone = self.replies(me, opp, empty)
        moves = [bit for bit in self.order if live & empty & zone & bit]
        dead = empty & ~live & zone
        if dead:  # the defender also gets one dead cell, if there is one
            moves.append(dead & -dead)
        return moves or (0, INFINITY)  # no reply stops every double threat

    def replies(self, defender: int, attacker: int, empty: int) -> int:
        """The defender's moves (a bit mask) that might escape, or -1 for all of them.

        When the attacker, to move, could make two threats at once with one mark (a cell on
        two of the attacker's lines that miss only it and one other cell each), any defender
        move that neither takes one of those cells nor makes a threat of the defender's own
        loses: the attacker plays the double threat, and only one can be blocked. So the
        defender's replies are the cells on every such double threat, and the cells that
        make a threat (one of the threat-space ideas of Allis, van den Herik and Huntjens,
        "Go-Moku and threat-space search", 1994: a threat narrows the replies worth trying).

        One step deeper: if the attacker could make one threat, whose forced block gives the
        defender no threat, and then a double threat, the defender must also stop that whole
        sequence (see :meth:`threat_then_double`).

        The defender has no threat here (no line to complete: the search settles such positions
        before it asks for replies), so the threat-sequence search starts with none to block.
        """
        twos, counters = self.two_cell_lines(defender, attacker, empty)
        partners = self.partners(twos)
        zone = self.double_threat_zone(partners)
        if zone == -1:
            zone = self.threat_then_double(defender, attacker, empty, twos, partners)
        if zone != -1:
            zone |= counters
            if not zone & empty:
                return 0  # every move loses already: no need to look for a threat sequence
        sequence = self.vcf(attacker, defender, empty, 0, twos)
        if sequence:
            zone &= self.breakers(sequence, attacker, defender, empty, zone)
        return zone

    def breakers(
        self, sequence: list[int], attacker: int, defender: int, empty: int, among: int = -1
    ) -> int:
        """The defender's moves (a bit mask) after which the attacker's threat `sequence`
        (from :meth:`vcf`, the defender having no threat) no longer wins.

        Every other move loses: the attacker plays the sequence. Only two kinds of move can
        break it: one on a cell the sequence uses (its moves, the forced blocks, the two
        threats at the end), or one that gives the defender a threat along the way (on a
        line free of the attacker's marks whose cells, but for the defender's marks, the
        blocks and at most one more, are this move). These are replayed one by one.
        """
        touched = blocks = 0
        mine, theirs, free = attacker, defender, empty
        for move in sequence:
            made = self.made_threats(move, theirs, free)
            touched |= move | made
            blocks |= made
            free ^= move | made
            mine |= move
            theirs |= made
        for line in self.lines:
            if not line & attacker:
                rest = line & empty & ~blocks
                if rest.bit_count() <= 2:
                    touched |= rest
        spared = 0
        touched &= empty & among
        while touched:
            bit = touched & -touched
            touched ^= bit
            if not self.replays(sequence, attacker, defender | bit, empty ^ bit, bit):
                spared |= bit
        return spared

    def made_threats(self, move: int, defender: int, empty: int) -> int:
        """The cells that would complete a line of the player who marks `move` (empty)."""
        made = 0
        for line in self.through[move]:
            if not line & defender:
                need = line & empty ^ move
                if need and not need & (need - 1):
                    made |= need
        return made

    def two_cell_lines(self, defender: int, attacker: int, empty: int) -> tuple[list[int], int]:
        """The empty cells (bit masks) of each of the attacker's lines that misses two cells,
        and the cells where the defender would make a threat (a bit mask)."""
        twos = []
        counters = 0
        for line in self.lines:
            free = line & empty
            if free.bit_count() != 2:
                continue
            if not line & attacker:
                counters |= free
            if not line & defender:
                twos.append(free)
        return twos, counters

    @staticmethod
    def partners(twos: list[int]) -> dict[int, int]:
        """``{cell: the cells it would threaten}`` for lines missing two cells (`twos`): a
        mark on one of a line's two cells threatens to complete it on the other."""
        partners: dict[int, int] = {}
        for free in twos:
            one = free & -free
            other = free ^ one
            partners[one] = partners.get(one, 0) | other
            partners[other] = partners.get(other, 0) | one
        return partners

    @staticmethod
    def double_threat_zone(partners: dict[int, int]) -> int:
        """The cells on every double threat (each cell with its two or more threatened
        cells), or -1 when there is none."""
        zone = -1
        for cell, threatened in partners.items():
            if threatened & (threatened - 1):  # two threats at once
                zone &= cell | threatened
        return zone

    def threat_then_double(
        self, defender: int, attacker: int, empty: int, twos: list[int], partners: dict[int, int]
    ) -> int:
        """The cells a defender's move must touch to stop every "threat, forced block, double
        threat" of the attacker's, or -1 when there is no such sequence.

        `twos` and `partners` are the attacker's lines missing two cells, as from
        :meth:`two_cell_lines` and :meth:`partners`. For a threat at `cell` answered at
        `block`: the sequence counts only if the block makes no threat for the defender; the
        defender's move must then take `cell`, `block`, a cell on every double threat that
        follows, or a cell of a defender's line through `block` that misses three cells (with
        the block and that move it would threaten).
        """
        zone = -1
        for cell, block in partners.items():
            if block & (block - 1):
                continue  # a double threat already (not here: there was none)
            near = 0  # the defender's lines through the block with three cells to fill
            for line in self.through[block]:
                if line & attacker:
                    continue
                free = (line & empty).bit_count()
                if free == 2:
                    break  # the block would make a threat: the sequence does not count
                if free == 3:
                    near |= line & empty
            else:
                later = self.twos_after(twos, cell, block, defender, empty)
                doubles = self.double_threat_zone(self.partners(later))
                if doubles != -1:
                    zone &= cell | block | near | doubles
        return zone

    def twos_after(
        self, twos: list[int], move: int, block: int, defender: int, empty: int
    ) -> list[int]:
        """The attacker's lines missing two cells, as in `twos` (their empty cells, lines with
        no mark of the defender's), after the attacker marks `move` and the defender `block`:
        those in `twos` that neither touches, and those through `move` that missed three."""
        gone = move | block
        later = [free for free in twos if not free & gone]
        for line in self.through[move]:
            if not line & (defender | block):
                free = line & empty
                if free.bit_count() == 3:
                    later.append(free ^ move)
        return later

    def vcf(
        self, attacker: int, defender: int, empty: int, threats: int, twos: list[int] | None = None
    ) -> list[int]:
        """The attacker's moves (bits) of a win by continuous threats from here, the attacker
        to move, or an empty list when none is found within :data:`VCF_EFFORT` positions.

        `threats` holds the defender's threats (cells that would complete a defender's
        line). Each attacker move makes a threat (a line of the attacker's missing one cell),
        so the defender's reply is forced: block it, or lose at once; the sequence ends in a
        move that makes two threats, which cannot both be blocked. This is the threat-space
        search of Allis, van den Herik and Huntjens ("Go-Moku and threat-space search",
        1994) with threats that complete a line next move ("fours" in Go-Moku). It is sound
        because every defender reply but the block loses at once: an attacker move is only
        tried while the defender has no threat, or when it blocks the defender's only one.

        `twos`: the attacker's lines missing two cells, if the caller has them (see
        :meth:`two_cell_lines`).
        """
        self.vcf_left = VCF_EFFORT
        self.vcf_cut = False
        if len(self.no_vcf) >= MAX_NO_VCF:
            self.no_vcf.clear()
        if twos is None:
            twos, _ = self.two_cell_lines(defender, attacker, empty)
        return self.threat_sequence(attacker, defender, empty, threats, twos)

    def threat_sequence(
        self, attacker: int, defender: int, empty: int, threats: int, twos: list[int]
    ) -> list[int]:
        """One step of :meth:`vcf` (its search, depth first, remembering failures).

        `twos`: the empty cells of the attacker's lines missing two cells (with no mark of
        the defender's): a mark on one cell of such a line threatens to complete it on the
        other. Kept up to date move by move (:meth:`twos_after`).

        A position from which the search found nothing before it ran out of effort has no
        threat sequence at all: that is remembered for every later search (``no_vcf``), which
        then does not look there again. (Once the effort is spent, nothing more is remembered:
        a search cut short proves nothing.)
        """
        key = attacker << self.n | defender
        if key in self.no_vcf:
            return []
        if self.vcf_left <= 0:
            self.vcf_cut = True
            return []
        self.vcf_left -= 1
        partners = self.partners(twos)  # each cell -> the threats a mark there makes
        if threats:
            if threats & (threats - 1):
                return []  # two of the defender's threats: no time for ours
            candidates = threats  # we must block, and the block must threaten
        else:
            candidates = sum(partners)
        while candidates:
            move = candidates & -candidates
            candidates ^= move
            made = partners.get(move, 0)  # the threats this move makes
            if not made:
                continue
            if made & (made - 1):
                return [move]  # two threats: one of them will complete a line
            after = empty ^ move ^ made
            mine = attacker | move
            theirs = self.made_threats(made, mine, after | made)  # after the block
            later = self.twos_after(twos, move, made, defender, empty)
            rest = self.threat_sequence(mine, defender | made, after, theirs, later)
            if rest:
                return [move, *rest]
        if not self.vcf_cut:
            self.no_vcf.add(key)
        return []

    def replays(
        self, sequence: list[int], attacker: int, defender: int, empty: int, last: int
    ) -> bool:
        """Does the threat `sequence` (from :meth:`vcf`) still win, the attacker to move here,
        after the defender's move `last`, the defender having had no threat before it?

        It is played move by move under the same rules as :meth:`vcf`: each move is on an
        empty cell, blocks the defender's only threat if there is one, and makes a threat;
        the last makes two.
        """
        move = last
        for attack in sequence:
            threats = self.made_threats(move, attacker, empty | move)
            if not attack & empty or (threats and threats != attack):
                return False
            made = self.made_threats(attack, defender, empty)
            if not made:
                return False
            if made & (made - 1):
                return True
            empty ^= attack | made
            attacker |= attack
            defender |= made
            move = made
        return False

    def pairs(self, defender: int, empty: int, reach: int) -> bool:
        """Does the defender have a pairing strategy against every line still live for the
        attacker (at most `reach` empty cells, none of the defender's)?

        First the cheap test, each line a pair of its own
        (:func:`~tictac.search.pairing.own_pairs_exist`); then pairs that several lines may share
        (as :data:`PAIRING_TESTS` says: on a row of 8 cells with 4 in a row, five lines share
        three pairs). The second answer
        is remembered, keyed by the lines and their empty cells (see :meth:`needs`), which many
        positions have in common. Measured (positions searched, X's win disproved from the empty
        board): 5x5 with 4 in a row 93,947 -> 13,147; 6x4 267,178 -> 9,715; 7x4 663,960 -> 228,485.
        """
        return self.paired(*self.needs(defender, empty, reach))

    def paired(self, needs: list[int], key: int, quick: bool = False) -> bool:
        """Can each set of cells in `needs` (named by `key`, see :meth:`needs`) hold a whole
        pair, pairs disjoint? (See :meth:`pairs`; `quick`: with the effort of the test on
        each defender's reply, :data:`QUICK_PAIRING_EFFORT` or :data:`QUICK_LINES_EFFORT`.)"""
        if own_pairs_exist(needs):
            return True
        return self.shared_pairs(needs, key, quick) is not None

    def shared_pairs(self, needs: list[int], key: int, quick: bool = False) -> list[int] | None:
        """Pairs that the sets in `needs` may share, found as :data:`PAIRING_TESTS` says, the
        answers remembered under `key`: the pairs found, or None. A search that went to the end
        without finding pairs is not tried again; one that gave up is tried again only with
        more effort."""
        if self.by_lines:
            effort = QUICK_LINES_EFFORT if quick else LINES_EFFORT
        else:
            effort = QUICK_PAIRING_EFFORT if quick else PAIRING_EFFORT
        known = self.pairings.get(key)
        if isinstance(known, list):
            return known
        if known is not None and known >= effort:
            return None  # a search as long as this one has failed already
        if self.by_lines:
            which = key >> self.n  # the lines of `needs`, in order (see needs)
            straight = []
            while which:
                line = which & -which
                which ^= line
                straight.append(self.straight[line.bit_length() - 1])
            found, finished = line_pairing_search(needs, effort, self.covers, straight)
        else:
            found, finished = pairing_search(needs, effort)
        if len(self.pairings) >= MAX_PAIRINGS:
            self.pairings.clear()
        if found is not None:
            self.pairings[key] = found
        else:
            self.pairings[key] = INFINITY if finished else effort
        return found

    def needs(self, defender: int, empty: int, reach: int) -> tuple[list[int], int]:
        """The empty cells of each line the attacker could still complete: no mark of the
        `defender`'s, and at most `reach` empty cells (the attacker's moves left); and a key
        that names them (which lines, and the cells they cover: a line's empty cells are the
        cells of it so covered), under which the pairing test remembers its answers."""
        needs = []
        which = covered = 0
        for line, bit in self.numbered_lines:
            if not line & defender:
                free = line & empty
                if free.bit_count() <= reach:
                    needs.append(free)
                    which |= bit
                    covered |= free
        return needs, which << self.n | covered

    def start(
        self, me: int, opp: int, bit: int, attacking: bool, moves: int, quick_test: bool = True
    ) -> tuple[int, int]:
        """The first numbers of the position after the mover plays `bit`, out of `moves`.

        Reading only the lines through `bit` (the mover can have had no line to complete,
        or it would not be searching): two new threats are a win, one leaves the other
        player a single reply; otherwise the other player has about ``moves - 1`` replies,
        which becomes the child's proof number (the defender to move) or disproof number.
        After a defender's move, `quick_test` asks :meth:`start_after_defence` for a pairing.
        """
        mine = me | bit
        threats = 0
        for line in self.through[bit]:
            if not line & opp:
                need = line & ~mine
                if not need & (need - 1):
                    threats |= need
        if threats & (threats - 1):  # the mover wins: settled for the attacker's question
            return (0, INFINITY) if attacking else (INFINITY, 0)
        if mine | opp == self.full:
            return (INFINITY, 0)  # the last cell, and no line: a draw
        replies = 1 if threats else max(1, moves - 1)
        if attacking:
            if not threats:
                after = self.full ^ (mine | opp)
                zone = self.replies(opp, mine, after) & after
                if not zone:
                    return (0, INFINITY)  # every reply loses
                replies = min(replies, zone.bit_count())
            return (replies, 1)
        if not quick_test:  # (see QUICK_TESTED_REPLIES)
            return (1, replies)
        return self.start_after_defence(mine, opp, replies)

    def start_after_defence(self, defender: int, attacker: int, replies: int) -> tuple[int, int]:
        """The first numbers of a position after the defender's move, the attacker to move
        with about `replies` moves.

        Settled at once (the attacker cannot win) when the defender has a pairing against
        every line the attacker could still complete: so a defender's reply that leaves such
        a pairing (among the first :data:`QUICK_TESTED_REPLIES`, which get this test) is
        found without searching it, and the search, which takes the reply with
        the smallest disproof number first, tries it first. Measured, positions searched:
        5x5 with 4 in a row 13,147 -> 6,058; 6x4 9,715 -> 3,170; 7x4 228,485 -> 54,365 (but
        each position costs more: 7x4 took about as long). Giving the other replies the number
        of the attacker's lines still to stop (or half that) as their disproof number, instead
        of the attacker's number of moves, searched more: 7x4 about 99,000.
        """
        empty = self.full ^ (defender | attacker)
        needs, key = self.needs(defender, empty, (empty.bit_count() + 1) // 2)
        if self.paired(needs, key, quick=True):
            return (INFINITY, 0)
        return (1, replies)

    def attacker_move_numbers(
        self, me: int, opp: int, bit: int, child_key: int, moves: int
    ) -> tuple[int, int]:
        """The first numbers of the position after the attacker (to move) plays `bit`, one of
        `moves`, by :meth:`start`, worked out once (they take a threat-sequence search) and kept
        under `child_key`. Kept is the proof number alone, a small number or :data:`INFINITY`
        that takes no memory of its own: the disproof number is 1 unless the move settles the
        game (a proof number of 0 or :data:`INFINITY`)."""
        proof = self.first.get(child_key)
        if proof is None:
            numbers = self.start(me, opp, bit, True, moves)
            self.first[child_key] = numbers[0]
            return numbers
        if proof == 0:
            return (0, INFINITY)
        if proof == INFINITY:
            return (INFINITY, 0)
        return (proof, 1)

    # -- df-pn -----------------------------------------------------------------------------

    def prove(self, me: int, opp: int, attacking: bool) -> bool:
        """Does the attacker win from this position? (Searches until the table knows.)"""
        keys, mine, theirs = self.images(me, opp, attacking)
        key = min(keys)
        if key not in self.table:
            self.table[key] = (1, 1)
        while 0 not in self.table[key]:
            self.mid(me, opp, attacking, keys, mine, theirs, INFINITY, INFINITY)
        return self.table[key][0] == 0

    def mid(
        self,
        me: int,
        opp: int,
        attacking: bool,
        keys: tuple[int, ...],
        mine: Images,
        theirs: Images,
        phi_limit: int,
        delta_limit: int,
    ) -> None:
        """Search below the position until its numbers reach the limits, and store them.

        In the mover's view: `phi` is the number for "the mover gets what they want" (the
        proof number when the attacker moves, the disproof number otherwise) and `delta` the
        other one; a position's phi is the least delta of its children, its delta the sum of
        their phis.
        """
        self.counter.tick()
        table = self.table
        key = min(keys)
        here = (me << self.n | opp) << 1 | attacking  # as it stands: the moves are not mirrored
        known = self.moves.get(here)
        if known is None:
            found = self.examine(me, opp, attacking)
            if isinstance(found, tuple):
                table[key] = found
                return
            self.moves[here] = sum(found)
        else:
            found = [bit for bit in self.order if known & bit]
        children: list[Child] = []
        seen = set()
        for bit in found:
            child_keys = tuple(map(or_, keys, mine[bit]))
            child_key = min(child_keys)
            if child_key in seen:
                continue  # a mirror image of a move already listed
            seen.add(child_key)
            # A child's first numbers are cheap to work out, so the table keeps only the
            # positions searched: far fewer than the positions met.
            first = table.get(child_key)
            if first is None:
                first = (
                    self.attacker_move_numbers(me, opp, bit, child_key, len(found))
                    if attacking
                    else self.start(
                        me, opp, bit, False, len(found), len(children) < QUICK_TESTED_REPLIES
                    )
                )
            if first[not attacking] == 0:  # a move that settles it for the mover: no need to
                table[key] = first  # work out the others' numbers
                return
            children.append((child_key, bit, child_keys, first))
        while True:
            phi, delta, delta_2, best = INFINITY, 0, INFINITY, children[0]
            best_phi = 0
            for child in children:
                proof, disproof = table.get(child[0], child[3])
                # the child's own phi and delta: its mover is the other player
                c_phi, c_delta = (disproof, proof) if attacking else (proof, disproof)
                delta += c_phi
                if c_delta < phi:
                    delta_2, phi, best, best_phi = phi, c_delta, child, c_phi
                elif c_delta < delta_2:
                    delta_2 = c_delta
            delta = min(delta, INFINITY)
            if attacking and self.zones and here not in self.zone_tried and delta < INFINITY:
                refuted = [child for child in children if table.get(child[0], child[3])[1] == 0]
                if refuted:
                    self.zone_tried.add(here)
                    if self.refute_outside_zone(me, opp, refuted[0][1], children):
                        continue  # numbers again, with the moves outside the zone refuted
            if phi >= phi_limit or delta >= delta_limit:
                table[key] = (phi, delta) if attacking else (delta, phi)
                return
            child_phi_limit = min(INFINITY, delta_limit - delta + best_phi)
            child_delta_limit = min(phi_limit, int(delta_2 * (1 + self.epsilon[not attacking])) + 1)
            self.mid(
                opp,
                me | best[1],
                not attacking,
                best[2],
                theirs,
                mine,
                child_phi_limit,
                child_delta_limit,
            )

    def refute_outside_zone(
        self,
        me: int,
        opp: int,
        refuted: int,
        children: list[Child],
    ) -> bool:
        """The attacker (to move) has a move, `refuted`, that the search has refuted: look for
        a defender's reply to it after which a pairing holds against every line with one more
        empty cell than the attacker has moves left (a *zone*: the reply and the pairs' cells).
        If there is one, every other attacker move outside the zone is refuted by the same
        reply and the same pairs (store that in the table, and say True).

        Why: after another move `a` outside the zone and the same reply, the defender's marks
        are the same and the pairs' cells still empty. A line the attacker could then complete
        has at most one more attacker mark (`a`) than after `refuted`, so at most one more
        empty cell there: the pairs cover it. (The written defence answers such a move with a
        reply and pairs of its own, and :func:`~tictac.proving.verify.verify_draw` checks
        them, so nothing here is taken on trust.)
        """
        after = opp, me | refuted  # the defender to move
        replies = self.examine(*after, False)
        if not isinstance(replies, list):
            return False
        empty = self.full ^ (me | opp | refuted)
        for reply in replies:
            left = empty & ~reply
            reach = (left.bit_count() + 1) // 2 + 1  # one more than the attacker's moves
            pairs = self.pairing(opp | reply, left, reach)
            if pairs is None:
                continue
            zone = reply
            for a, b in pairs:
                zone |= 1 << a | 1 << b
            for child_key, bit, _, _ in children:
                if not bit & zone:
                    self.table[child_key] = (INFINITY, 0)
            return True
        return False

    # -- writing the win out ---------------------------------------------------------------

    def strategy(self, up_to_symmetry: bool = False) -> Iterator[tuple[str, int]]:
        """(board text, cell) for every attacker position on the way to the win; with
        `up_to_symmetry`, for one mirror image of each (see :meth:`canonical`)."""
        seen: set[int] = set()
        pending = [self.root]
        while pending:
            me, opp, attacking = pending.pop()
            if up_to_symmetry and attacking:
                _, me, opp = self.canonical(me, opp, attacking)
            if self.full == me | opp:
                raise AssertionError("the strategy let the game end in a draw")
            position = me << self.n | opp
            if position in seen:
                continue
            seen.add(position)
            if any(opp & line == line for line in self.lines):
                raise AssertionError("the strategy let the defender complete a line")
            if attacking:
                bit = self.winning_move(me, opp)
                yield self.text(me, opp, attacking), bit.bit_length() - 1
                mine = me | bit
                if not any(mine & line == line for line in self.lines):
                    pending.append((opp, mine, False))
                continue
            empty = self.full ^ (me | opp)
            while empty:
                bit = empty & -empty
                empty ^= bit
                pending.append((opp, me | bit, True))

    def winning_move(self, me: int, opp: int) -> int:
        """A move of the attacker (to move) that keeps a proven win, proving it if need be.

        Every position the strategy reaches is a win for the attacker, but the search may not
        have stored it (a defender reply it did not need to try, such as a second dead cell or
        ignoring a threat): then it is proven here, with the same table.
        """
        win = self.completing_move(me, opp)  # a line to complete: no table needed
        if win:
            return win
        sequence = self.mirrored_vcf(me, opp)
        if sequence:
            return sequence
        keys, mine, _ = self.images(me, opp, True)
        if not self.prove(me, opp, True):
            raise AssertionError("the strategy reached a position the attacker does not win")
        moves = self.examine(me, opp, True)
        for bit in moves if isinstance(moves, list) else ():  # (a block, if one is forced)
            child = min(map(or_, keys, mine[bit]))
            known = self.table.get(child) or self.attacker_move_numbers(
                me, opp, bit, child, len(moves)
            )
            if known[0] == 0:
                return bit
        raise AssertionError("a proven position with no proven move")

    def mirrored_vcf(self, me: int, opp: int) -> int:
        """The first move of a threat sequence of the attacker (to move) in any mirror image
        of the position, mapped back onto it; 0 when there is none.

        The search may have met this position in another orientation, where
        :meth:`vcf` (which tries cells in order, within an effort) found a sequence; so each
        image is tried.
        """
        board = self.geometry
        for image in range(len(board.perms)):
            mine, theirs = board.image(me, image), board.image(opp, image)
            empty = self.full ^ (mine | theirs)
            threats = 0  # the defender's (a block is forced, and the search knows it)
            for line in self.lines:
                if not line & mine:
                    need = line & empty
                    if need and not need & (need - 1):
                        threats |= need
            sequence = self.vcf(mine, theirs, empty, threats)
            if sequence:  # its first move, moved back: the cell that the image moves there
                return 1 << board.where[image].index(sequence[0].bit_length() - 1)
        return 0

    def text(self, me: int, opp: int, attacking: bool) -> str:
        """The board as text, ``X``, ``O`` and ``.``, row by row with no separators."""
        x, o = (me, opp) if attacking == self.attacker_is_x else (opp, me)
        return "".join("X" if x >> i & 1 else "O" if o >> i & 1 else EMPTY for i in range(self.n))

    # -- writing the defence out -----------------------------------------------------------

    def canonical(self, me: int, opp: int, attacking: bool) -> tuple[str, int, int]:
        """The mirror image of the position whose text comes first in alphabetical order
        (:func:`tictac.game.state.canonical_cells`): its text and its bitboards (as `me`, `opp`)."""
        text, symmetry = self.first_image(me, opp, attacking)
        if symmetry == 0:
            return text, me, opp
        board = self.geometry
        return text, board.image(me, symmetry), board.image(opp, symmetry)

    def first_image(self, me: int, opp: int, attacking: bool) -> tuple[str, int]:
        """The text of :meth:`canonical`'s image, and the number of the symmetry that makes it
        (see :attr:`tictac.game.bitboard.Geometry.where`; 0 leaves the board as it is)."""
        text = self.text(me, opp, attacking)
        cells, permutation = canonical_cells(text, self.geometry.rows, self.geometry.cols)
        return "".join(cells), self.geometry.perms.index(permutation)

    def defence(self, up_to_symmetry: bool = False) -> Defence:
        """The defender's replies and certificates for every position the defender can meet
        on the way, whatever the attacker plays (see :meth:`WinProof.defence`); with
        `up_to_symmetry`, for one mirror image of each (see :meth:`canonical`).

        Every attacker move is followed, also those the search left out: a dead cell (on no
        line anyone can still complete), a move that ignores a forced block (the defender then
        completes a line), a mirror image of a move tried. Where the table does not know the
        position, :meth:`holding_move` proves it with the same search.
        """
        replies: dict[str, int] = {}
        certificates: dict[str, tuple[tuple[int, int], ...]] = {}
        seen: set[str] = set()
        pending = [self.root]
        while pending:
            me, opp, attacking = pending.pop()
            # The position is worked on as the search met it (its pairing tests are
            # remembered so), and written as its first image: `moved` takes each cell there.
            if up_to_symmetry:
                text, symmetry = self.first_image(me, opp, attacking)
            else:
                text, symmetry = self.text(me, opp, attacking), 0
            if text in seen:
                continue
            seen.add(text)
            if up_to_symmetry:  # the image the search met, if it met another one
                searched = self.as_searched(me, opp, attacking)
                if searched != (me, opp):
                    me, opp = searched
                    text, symmetry = self.first_image(me, opp, attacking)
            moved = self.geometry.where[symmetry]
            if any(opp & line == line for line in self.lines):
                if not attacking:
                    raise AssertionError("the defence let the attacker complete a line")
                continue  # the defender has won
            empty = self.full ^ (me | opp)
            if not empty:
                continue  # a draw
            if not attacking:
                win = self.completing_move(me, opp)
                if win:
                    replies[text] = moved[win.bit_length() - 1]
                    continue
            left = empty.bit_count()
            # (pairs where the attacker moves; the defender's reply leads to them)
            pairs = self.pairing(opp, empty, (left + 1) // 2) if attacking else None
            if pairs is not None:
                certificates[text] = tuple(
                    sorted((min(moved[a], moved[b]), max(moved[a], moved[b])) for a, b in pairs)
                )
            elif attacking:
                while empty:
                    bit = empty & -empty
                    empty ^= bit
                    pending.append((opp, me | bit, False))
            else:
                bit = self.holding_move(me, opp)
                replies[text] = moved[bit.bit_length() - 1]
                pending.append((opp, me | bit, True))
        return Defence(replies, certificates)

    def as_searched(self, me: int, opp: int, attacking: bool) -> tuple[int, int]:
        """The mirror image of the position that the search expanded (its moves are kept, and
        its pairing tests and its children's are remembered, for that image only), or the
        position as it is when the search expanded none."""
        if (me << self.n | opp) << 1 | attacking in self.moves:
            return me, opp
        for symmetry in range(1, len(self.geometry.where)):
            x, o = self.geometry.image(me, symmetry), self.geometry.image(opp, symmetry)
            if (x << self.n | o) << 1 | attacking in self.moves:
                return x, o
        return me, opp

    def completing_move(self, me: int, opp: int) -> int:
        """A cell (a bit) that completes a line for the player to move, or 0 if none does."""
        for line in self.lines:
            need = line & ~me
            if not line & opp and need.bit_count() == 1:
                return need
        return 0

    def pairing(self, defender: int, empty: int, reach: int) -> tuple[tuple[int, int], ...] | None:
        """The pairs behind :meth:`pairs`' yes, as cells ``(smaller, larger)``, or None."""
        needs, key = self.needs(defender, empty, reach)
        if own_pairs_exist(needs):
            cells = [[i for i in range(self.n) if need >> i & 1] for need in needs]
            matched = match_lines(cells, range(self.n))
            assert matched is not None, "own_pairs_exist and match_lines disagree"
            return tuple(sorted(set(matched.values())))
        found = self.shared_pairs(needs, key)
        if found is None:
            return None
        return tuple(
            sorted(((pair & -pair).bit_length() - 1, pair.bit_length() - 1) for pair in found)
        )

    def holding_move(self, me: int, opp: int) -> int:
        """A move of the defender (to move) after which the attacker still cannot win,
        proving it if need be (the mirror of :meth:`winning_move`)."""
        if self.prove(me, opp, False):
            raise AssertionError("the defence reached a position the attacker wins")
        keys, mine, _ = self.images(me, opp, False)
        empty = self.full ^ (me | opp)
        for bit in self.order:  # a reply the search has proven already: no reading needed
            if empty & bit:
                known = self.table.get(min(map(or_, keys, mine[bit])))
                if known is not None and known[1] == 0:
                    return bit
        # A reply after which a pairing holds, among the replies worth trying (the search
        # tested the first of them here, so those tests are remembered; every other reply
        # loses).
        moves = self.examine(me, opp, False)
        moves = (
            moves if isinstance(moves, list) else [bit for bit in self.order if bit & ~me & ~opp]
        )
        for bit in moves:
            child = min(map(or_, keys, mine[bit]))
            known = self.table.get(child) or self.start(me, opp, bit, False, 2)
            if known[1] == 0:
                return bit
        # The table may know this position from a mirror image, where a pairing test (which
        # gives up after a fixed effort, and so may answer a mirror image differently) settled
        # a reply at once: then the replies are searched here.
        for bit in moves:
            if not self.prove(opp, me | bit, True):
                return bit
        raise AssertionError("a disproved position with no move that holds")
