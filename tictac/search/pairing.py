"""Pairing strategies: how a player who may never win can prove that the other never wins.

Put some cells of the board in *pairs*, no cell in two pairs, so that every winning line holds
both cells of some pair. Then the defender can answer: whenever the attacker marks one cell
of a pair, the defender marks the other at once (and otherwise plays anywhere). The attacker
never holds both cells of a pair, so never a whole line: a draw at worst for the defender,
whoever moves first. Several lines may share one pair (two lines along the same row can),
and a cell may stay out of every pair.

This module holds the idea as data and code a student can read:

* :class:`Pairing`: the pairs on one board, checked; :meth:`Pairing.unblocked_lines` lists the
  lines that hold no pair (none, for a pairing that proves a draw);
* :func:`lines_without_a_pair`: the same, for pairs written as a plain list;
* :func:`match_lines`: give each of some lines two free cells of its own, no cell twice, by
  augmenting paths; :func:`find_pairing` does it for every line of an empty board (on the
  n-by-n boards with n in a row, n at least 5, such pairs exist: Hales and Jewett's pairing
  technique, as *Winning Ways* reports it);
* :func:`pairing_move`: the defender's rule, the move to make
  (:func:`tictac.players.rules.pairing_player` plays it as a player in a game);
* :func:`never_loses`: a check that tries every move of the attacker, against the pairing
  rule, and reports whether the attacker ever completes a line.

>>> pairing = find_pairing(5, 5, 5)
>>> len(pairing.pairs), pairing.unblocked_lines()
(12, ())
>>> find_pairing(4, 4, 4) is None  # 10 lines would need 20 cells; 4x4 has 16
True

Nothing here searches for the best move: a pairing is a *proof* that the defender cannot lose,
and the solver (:mod:`tictac.search.solver`) and the prover (:mod:`tictac.proving.pns`) use the same
idea to stop searching early. They ask at every position, on bitboards (:mod:`tictac.game.bitboard`:
each line the attacker could still complete given as the bit mask of its empty cells), and this
module answers them too:

* :func:`own_pairs_exist`: can each line get two cells of its own? (:func:`match_lines` on
  bit masks);
* :func:`shared_pairs`: pairs that several lines may share, found by a small search
  (:func:`pairing_search`) that gives up after :data:`PAIRING_EFFORT` steps;
  :func:`forced_pairs_clash` is its quick first test.

>>> lines = [0b00111, 0b01110, 0b11100]  # the three lines of 3 on a row of 5 cells
>>> own_pairs_exist(lines)  # they would want 6 cells of their own
False
>>> [bin(pair) for pair in shared_pairs(lines)]  # but (1, 2) serves two of them
['0b11000', '0b110']

This module needs only the rules (:mod:`tictac.game.state`) and the budgets: the players and the
pictures come above it. (:meth:`Pairing._repr_svg_`, which lets a notebook show a pairing,
imports :func:`tictac.pictures.boards.draw_pairing` when it is called.)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tictac.game.position import refuse_other_games
from tictac.game.state import EMPTY, Line, Mark, State, other, winning_lines
from tictac.helpers.old_names import moved_away
from tictac.search.budget import DEFAULT_BUDGET, BudgetLike, meter

__all__ = [
    "PAIRING_EFFORT",
    "Pair",
    "Pairing",
    "PairingTrial",
    "find_pairing",
    "forced_pairs_clash",
    "lines_without_a_pair",
    "match_lines",
    "never_loses",
    "own_pairs",
    "own_pairs_exist",
    "pairing_move",
    "pairing_search",
    "shared_pairs",
]

Pair = tuple[int, int]
"""Two cells (row-major indices), smaller first."""


@dataclass(frozen=True)
class Pairing:
    """Pairs of cells on a `rows` x `cols` board with `k` in a row; no cell in two pairs.

    The pairs are kept sorted, each smaller cell first, so two pairings with the same pairs
    are equal. Cells may be given as indices or ``(row, col)`` pairs.

    >>> p = Pairing(1, 4, 2, [(1, 0), (2, 3)])
    >>> p.pairs, p.partner(3), p.partner(1)
    (((0, 1), (2, 3)), 2, 0)
    >>> p.unblocked_lines()  # the line (1, 2) holds no pair
    ((1, 2),)
    >>> Pairing(1, 4, 2, [(0, 1), (1, 2)])
    Traceback (most recent call last):
      ...
    ValueError: cell 1 is in two pairs, (0, 1) and (1, 2): a pairing gives each cell at most ...
    """

    rows: int
    cols: int
    k: int
    pairs: tuple[Pair, ...]
    _partners: dict[int, int] = field(init=False, repr=False, compare=False)

    def __init__(self, rows: int, cols: int, k: int, pairs: Iterable[Sequence[object]]) -> None:
        board = State.new(rows, cols, k)  # checks the size, and reads (row, col) cells
        object.__setattr__(self, "rows", board.rows)
        object.__setattr__(self, "cols", board.cols)
        object.__setattr__(self, "k", board.k)
        if isinstance(pairs, (str, bytes)):
            raise TypeError(f"pairs is a list of two-cell pairs such as [(0, 1)], not {pairs!r}")
        checked: list[Pair] = []
        partners: dict[int, int] = {}
        for pair in pairs:
            if isinstance(pair, (str, bytes)) or not isinstance(pair, Sequence) or len(pair) != 2:
                raise ValueError(f"a pair is two cells, such as (0, 1), not {pair!r}")
            a, b = (board.index_of(cell) for cell in pair)  # type: ignore[arg-type]
            if a == b:
                raise ValueError(f"a pair is two different cells, not {pair!r}")
            a, b = min(a, b), max(a, b)
            for cell in (a, b):
                if cell in partners:
                    taken = (min(cell, partners[cell]), max(cell, partners[cell]))
                    raise ValueError(
                        f"cell {cell} is in two pairs, {taken} and {(a, b)}: a pairing gives "
                        "each cell at most one partner"
                    )
            partners[a], partners[b] = b, a
            checked.append((a, b))
        object.__setattr__(self, "pairs", tuple(sorted(checked)))
        object.__setattr__(self, "_partners", partners)

    def partner(self, cell: int) -> int | None:
        """The other cell of `cell`'s pair, or None when `cell` is in no pair."""
        return self._partners.get(cell)

    def unblocked_lines(self, state: State | None = None, defender: Mark = "O") -> tuple[Line, ...]:
        """The winning lines that hold both cells of no pair, in :func:`winning_lines` order.

        Given a position `state` (of this board), a line that already holds a mark of the
        `defender` is blocked too. Empty when the pairing proves that the defender never loses
        (from `state`, when the defender answers at once whenever the other player takes a
        cell of a pair).

        >>> pairing = Pairing(1, 4, 2, [(0, 1), (2, 3)])
        >>> pairing.unblocked_lines()
        ((1, 2),)
        >>> pairing.unblocked_lines(State.parse(".X../", k=2), defender="X")  # X blocks it
        ()
        """
        if state is not None:
            _check_board(state, self)
        if defender not in ("X", "O"):
            raise ValueError(f"defender is 'X' or 'O', not {defender!r}")
        return tuple(
            line
            for line in winning_lines(self.rows, self.cols, self.k)
            if not any(self.partner(cell) in line for cell in line)
            and not (state is not None and any(state.cells[cell] == defender for cell in line))
        )

    @property
    def blocks_every_line(self) -> bool:
        """Does every winning line hold both cells of some pair?"""
        return not self.unblocked_lines()

    def _repr_svg_(self) -> str:
        from tictac.pictures.boards import (
            draw_pairing,  # tictac.pictures.boards imports the searches
        )

        return draw_pairing(State.new(self.rows, self.cols, self.k), self.pairs)._repr_svg_()


def lines_without_a_pair(
    pairs: Iterable[Sequence[object]], rows: int, cols: int, k: int
) -> tuple[Line, ...]:
    """The winning lines of the board that hold both cells of none of `pairs`.

    >>> lines_without_a_pair([(0, 1), (2, 3)], 1, 4, 2)
    ((1, 2),)
    >>> lines_without_a_pair([(0, 1), (1, 2), (2, 3)], 1, 4, 2)
    Traceback (most recent call last):
      ...
    ValueError: cell 1 is in two pairs, (0, 1) and (1, 2): a pairing gives each cell at most ...
    """
    return Pairing(rows, cols, k, pairs).unblocked_lines()


def match_lines(lines: Iterable[Iterable[int]], free: Iterable[int]) -> dict[Line, Pair] | None:
    """Give each line two of its `free` cells as its own pair, no cell given twice; None if
    that cannot be done.

    This is a *matching*: each line has two places to fill, each free cell fills at most one.
    It is grown one place at a time: a place takes a free cell of its line that no one holds,
    or one whose holder can move to another cell, and so on down the path (an *augmenting
    path*, Kuhn's algorithm). Giving each line a pair of its own is more than a pairing needs
    (lines along one row could share a pair), but it is quick to find, and on an n-by-n board
    with n in a row two lines never share two cells anyway.

    >>> match_lines([(0, 1, 2), (2, 3, 4)], range(5))
    {(0, 1, 2): (0, 1), (2, 3, 4): (2, 3)}
    >>> match_lines([(0, 1, 2), (1, 2, 3)], [1, 2, 3]) is None  # four places, three cells
    True
    """
    free_cells = set(free)
    wanted = [tuple(line) for line in lines]
    places = [line for line in wanted for _ in range(2)]  # two places per line
    options = [[cell for cell in line if cell in free_cells] for line in places]
    if 2 * len(wanted) > len(free_cells):
        return None
    holder: dict[int, int] = {}  # cell -> the place holding it

    def place(index: int, seen: set[int]) -> bool:
        for cell in options[index]:
            if cell in seen:
                continue
            seen.add(cell)
            if cell not in holder or place(holder[cell], seen):
                holder[cell] = index
                return True
        return False

    for index in range(len(places)):
        if not place(index, set()):
            return None
    cells: dict[int, list[int]] = {}
    for cell, index in holder.items():
        cells.setdefault(index // 2, []).append(cell)
    return {line: _pair(cells[i]) for i, line in enumerate(wanted)}


def _pair(cells: list[int]) -> Pair:
    a, b = sorted(cells)
    return a, b


def find_pairing(rows: int, cols: int, k: int) -> Pairing | None:
    """A pairing that gives every line of the empty board a pair of its own, or None.

    It exists when the lines can share out the cells two each (see :func:`match_lines`); on
    the n-by-n board with n in a row that is so from n = 5 on (A. W. Hales and R. I. Jewett's
    pairing technique, as Berlekamp, Conway and Guy's *Winning Ways* reports it). When
    it returns None, a pairing in which some lines share a pair may still exist.

    >>> find_pairing(6, 6, 6).blocks_every_line
    True
    >>> find_pairing(3, 8, 4) is None  # each row has 5 lines: 10 cells wanted of its 8
    True
    """
    lines = winning_lines(rows, cols, k)
    matched = match_lines(lines, range(rows * cols))
    if matched is None:
        return None
    return Pairing(rows, cols, k, matched.values())


# ---------------------------------------------------------------------------------------------
# Playing the pairing


def pairing_move(state: State, pairing: Pairing) -> int:
    """The pairing strategy's move for the player to move (the defender) in `state`.

    If the other player holds one cell of a pair and the other cell is empty, take that
    cell (when the defender answers every move so, there is at most one such pair). Otherwise
    any move will do: the first empty cell outside every pair, or else the first empty cell.

    >>> pairing = Pairing(1, 4, 2, [(0, 1), (2, 3)])
    >>> pairing_move(State.parse("..X./", k=2), pairing)
    3
    """
    _check_board(state, pairing)
    if state.is_terminal:
        raise ValueError("the game is over: a pairing strategy has no move to make")
    attacker = other(state.turn)
    for a, b in pairing.pairs:
        cells = state.cells[a], state.cells[b]
        if cells == (attacker, EMPTY):
            return b
        if cells == (EMPTY, attacker):
            return a
    empty = state.legal_moves()
    outside = [cell for cell in empty if pairing.partner(cell) is None]
    return (outside or empty)[0]


@dataclass(frozen=True)
class PairingTrial:
    """What :func:`never_loses` found: did the attacker ever complete a line?

    `positions` counts the positions it searched (each once); `lost` is a game the
    defender lost, from the start, when there is one.
    """

    defender: Mark
    holds: bool
    positions: int
    lost: tuple[State, ...] = ()

    def __str__(self) -> str:
        if self.holds:
            return (
                f"the pairing holds: {other(self.defender)} never completes a line, whatever "
                f"it plays ({self.positions:,} positions searched)"
            )
        return (
            f"the pairing fails: {other(self.defender)} completes a line after "
            f"{len(self.lost) - 1} moves ({self.positions:,} positions searched)"
        )


def never_loses(
    pairing: Pairing,
    start: State | None = None,
    *,
    defender: Mark = "O",
    budget: BudgetLike = DEFAULT_BUDGET,
) -> PairingTrial:
    """Play the pairing strategy for `defender` against *every* way the other player can play
    from `start` (the empty board by default), and report whether it ever loses.

    The attacker's moves are all tried, the defender's are :func:`pairing_move`'s; each
    position is searched once. This checks by brute force what the pairing argument proves,
    so it is for boards small enough (or positions with few empty cells): the positions
    count against `budget`.

    >>> print(never_loses(Pairing(1, 4, 2, [(0, 1), (2, 3)])))
    the pairing fails: X completes a line after 3 moves (10 positions searched)
    >>> print(never_loses(Pairing(2, 4, 4, [(0, 1), (6, 7)])))
    the pairing holds: X never completes a line, whatever it plays (291 positions searched)
    """
    state = State.new(pairing.rows, pairing.cols, pairing.k) if start is None else start
    _check_board(state, pairing)
    if defender not in ("X", "O"):
        raise ValueError(f"defender is 'X' or 'O', not {defender!r}")
    counter = meter(budget, state, "never_loses")
    seen: set[State] = set()
    path: list[State] = []

    def loses(state: State) -> bool:
        if state in seen:
            return False  # searched before, from another order of the same moves: it held
        seen.add(state)
        counter.tick()
        path.append(state)
        if state.winner == other(defender):
            return True
        if not state.is_terminal:
            if state.turn == defender:
                if loses(state.play(pairing_move(state, pairing))):
                    return True
            elif any(loses(state.play_unchecked(move)) for move in state.legal_moves()):
                return True
        path.pop()
        return False

    lost = loses(state)
    return PairingTrial(defender, not lost, counter.positions, tuple(path) if lost else ())


def _check_board(state: State, pairing: Pairing) -> None:
    refuse_other_games(state, "a pairing strategy", "a player of level 'random' or 'mcts'")
    if not isinstance(state, State):
        raise TypeError(f"a pairing strategy plays on a tictac State, not {type(state).__name__}")
    if (state.rows, state.cols, state.k) != (pairing.rows, pairing.cols, pairing.k):
        raise ValueError(
            f"the pairing is for {pairing.rows}x{pairing.cols} with {pairing.k} in a row, "
            f"but the game is {state.rows}x{state.cols} with {state.k} in a row"
        )


# ---------------------------------------------------------------------------------------------
# Pairs on bitboards: the tests the solver and the prover ask at every position

PAIRING_EFFORT = 200
"""How many pairs :func:`shared_pairs` may try in one position before it gives up: cheap
enough to ask at every node of the solver's search (proving 6x4 with four in a row, it never
ran out)."""


def own_pairs_exist(needs: Sequence[int]) -> bool:
    """Can each set of cells in `needs` (bit masks) get two cells of its own, none shared?
    (:func:`own_pairs`, which also says which.)

    >>> own_pairs_exist([0b0111, 0b1110])  # {0, 1} and {2, 3}
    True
    >>> own_pairs_exist([0b0111, 0b0111])  # four cells wanted out of three
    False
    """
    return _two_cells_each(needs) is not None


def own_pairs(needs: Sequence[int]) -> list[int] | None:
    """Two cells of its own for each set of cells in `needs` (bit masks), none shared: the
    pairs (bit masks, in the order of `needs`), or None if there are none.

    A bipartite matching of two slots per set to the cells, grown one slot at a time by
    augmenting paths (Kuhn's algorithm): a slot takes a free cell of its set, or a cell whose
    current slot can move on to another cell, and so on down the path.

    >>> [bin(pair) for pair in own_pairs([0b0111, 0b1110])]  # {0, 2} and {1, 3}
    ['0b101', '0b1010']
    >>> own_pairs([0b0111, 0b0111]) is None  # four cells wanted out of three
    True
    """
    owner = _two_cells_each(needs)
    if owner is None:
        return None
    pairs = [0] * len(needs)
    for bit, slot in owner.items():
        pairs[slot // 2] |= bit
    return pairs


def _two_cells_each(needs: Sequence[int]) -> dict[int, int] | None:
    """:func:`own_pairs`' matching: each cell's bit -> the slot holding it (set ``i`` has slots
    ``2i`` and ``2i + 1``), or None."""
    cells = 0
    for need in needs:
        cells |= need
    if 2 * len(needs) > cells.bit_count():
        return None  # more cells wanted than there are: the common case, answered at once
    owner: dict[int, int] = {}  # cell bit -> the slot holding it
    slots = [need for need in needs for _ in range(2)]
    seen = 0

    def place(slot: int) -> bool:
        nonlocal seen
        free = slots[slot] & ~seen
        while free:
            bit = free & -free
            free ^= bit
            seen |= bit
            holder = owner.get(bit)
            if holder is None or place(holder):
                owner[bit] = slot
                return True
        return False

    for slot in range(len(slots)):
        seen = 0
        if not place(slot):
            return None
    return owner


class _GiveUp(Exception):
    """Raised inside :func:`shared_pairs` when its search has used up its effort."""


def shared_pairs(needs: Sequence[int], effort: int | None = PAIRING_EFFORT) -> list[int] | None:
    """Disjoint pairs of cells such that each set in `needs` (bit masks) holds a whole pair;
    None when there are none, or when finding them would take more than `effort` steps.

    Unlike :func:`own_pairs_exist`, several sets may share one pair. The defender's rule is the
    same pairing strategy (as in A. W. Hales and R. I. Jewett, "Regularity and positional
    games", Trans. Amer. Math. Soc. 106, 1963); finding pairs that sets share is this search of
    our own. On a row of 8 cells with 4 in a row, five lines would want ten cells of their own,
    but the three pairs (1, 2), (3, 4), (5, 6) lie in all five. (J. W. H. M. Uiterwijk's *set
    matching*, ACG 2017 and ICGA Journal 40(3), 2018, goes further still: fewer than two cells
    per line; that is not tried here.)

    Finding such pairs is a search, kept cheap by four steps:

    1. A set with fewer than two cells can hold no pair, and the pairs some sets force (a set
       of two cells is its own pair) may leave another set fewer than two cells: no
       (:func:`forced_pairs_clash`; most "no"s end here).
    2. A set that contains another is dropped, since any pair inside the smaller one lies in
       it too.
    3. The sets fall into groups that share no cell, and each group is paired on its own.
    4. Within a group, a depth-first search: take the unpaired set with the fewest cells not
       yet in a pair, and try each pair of those cells (those lying in most unpaired sets
       first); go on with the sets that pair leaves unpaired. Each pair tried is a step; after
       `effort` steps the search gives up (None; ``effort=None`` searches to the end).

    >>> [bin(pair) for pair in shared_pairs([0b01111, 0b11110])]  # two lines, one pair
    ['0b110']
    >>> shared_pairs([0b1100, 0b1010, 0b0110]) is None  # {2, 3}, {1, 3}, {1, 2}: they clash
    True
    """
    return pairing_search(needs, effort)[0]


def forced_pairs_clash(needs: Sequence[int]) -> bool:
    """Do the pairs that some sets force leave another set no pair of its own? If so, no
    pairs as :func:`shared_pairs` wants them exist.

    A set with two cells not yet in a pair (and no pair inside it yet) can only hold the pair
    of those two cells; taking it may leave another set with two, and so on. A set left with
    fewer than two cells (and no pair) is a clash. Most sets of real positions that have no
    pairs fail this way (on 10x4 with four in a row, four failures in five), and this finds it
    without the search.

    >>> forced_pairs_clash([0b0011, 0b0110])  # {0, 1} and {1, 2} both need cell 1
    True
    >>> forced_pairs_clash([0b0011, 0b1110])  # {0, 1}, then {2, 3}
    False
    """
    pairs: list[int] = []
    used = 0
    waiting = list(needs)
    while waiting:
        left = []
        for need in waiting:
            if any(pair & need == pair for pair in pairs):
                continue  # it holds a pair already
            free = need & ~used
            count = free.bit_count()
            if count < 2:
                return True
            if count == 2:
                pairs.append(free)
                used |= free
            else:
                left.append(need)
        if len(left) == len(waiting):
            return False  # nothing forced any more
        waiting = left
    return False


def pairing_search(
    needs: Sequence[int], effort: int | None = PAIRING_EFFORT
) -> tuple[list[int] | None, bool]:
    """:func:`shared_pairs`, and whether its search went to the end: a None that went to
    the end means there are no such pairs at all (not only none within `effort`).

    >>> pairing_search([0b1100, 0b1010, 0b0110], effort=1)
    (None, True)
    """
    if forced_pairs_clash(needs):
        return None, True  # most failures end here, before any search
    sets = sorted(set(needs), key=int.bit_count)
    kept: list[int] = []
    for need in sets:  # (each has two cells or more: see forced_pairs_clash)
        if not any(smaller & need == smaller for smaller in kept):
            kept.append(need)
    groups: list[tuple[int, list[int]]] = []  # (the cells of a group, its sets)
    for need in kept:
        cells, members = need, [need]
        apart = []
        for group in groups:
            if group[0] & cells:
                cells |= group[0]
                members += group[1]
            else:
                apart.append(group)
        groups = [*apart, (cells, members)]
    steps = 0

    def pair_up(unpaired: list[int]) -> list[int] | None:
        # Each set in `unpaired` holds only its cells not yet in a pair.
        nonlocal steps
        if not unpaired:
            return []
        fewest = min(unpaired, key=int.bit_count)
        cells = []
        free = fewest
        while free:
            bit = free & -free
            free ^= bit
            cells.append(bit)
        pairs = [a | b for i, a in enumerate(cells) for b in cells[i + 1 :]]
        if len(pairs) > 1:  # (most often the set has two cells left: one pair, no order)
            # A pair of these cells lies only in sets that share two cells or more with them.
            near = [need for need in unpaired if (need & fewest).bit_count() > 1]
            pairs.sort(key=lambda pair: -sum(need & pair == pair for need in near))
        for pair in pairs:
            steps += 1
            if effort is not None and steps > effort:
                raise _GiveUp
            rest = [need & ~pair for need in unpaired if need & pair != pair]
            found = pair_up(rest)
            if found is not None:
                found.append(pair)
                return found
        return None

    chosen: list[int] = []
    try:
        for _, members in groups:
            found = pair_up(members)
            if found is None:
                return None, True
            chosen += found
    except _GiveUp:
        return None, False
    return chosen, True


# Old names, still importable from here for a while: name -> the module it has moved to.
_MOVED = {"pairing_player": "tictac.players"}


__getattr__ = moved_away(__name__, _MOVED)
