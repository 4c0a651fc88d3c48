"""Shared pairs, found exactly: does a pairing exist, yes or no, with no effort limit?

:func:`tictac.search.pairing.shared_pairs` searches pair by pair and gives up after a fixed
effort. On four in a row that is enough, but on five in a row it gives up on about three
tests in four, and about 40% of those had a pairing after all (measured on 7x7, see
``docs/five-in-a-row-plan.md``). This module answers the same question exactly, using the
board's geometry:

1. **Pairs lie on one straight line.** Two cells fix the row, column or diagonal through
   them, so two sets (the empty cells of two lines of k) can share a pair only if they share
   two cells, and then they lie along the same straight line. The sets fall into *groups*
   (:func:`straight_groups`), and a pair serves only sets of one group.
2. **Each group's ways of being served** (:func:`covers`): the sets of disjoint pairs, each set
   of the group holding one, kept only when no other way's cells lie inside its cells. A lone
   set has many ways (any two of its cells) and is left to a matching instead; a group of two or
   three lines along a row has a handful, and the same group comes back in position after
   position, so they are worked out once and remembered (`memo`).
3. **The groups together** (:func:`choose_covers`): one way for each group, no cell used twice,
   and then two cells of its own for each lone set (Kuhn's matching, as in
   :func:`~tictac.search.pairing.own_pairs_exist`). A depth-first search over the groups,
   the one with the fewest ways left first; at every step a matching that gives each group
   as many cells as its smallest way needs, and each lone set two, proves quickly that no
   choice below can work.

Before any of that, two quick answers: the pairs that sets of two cells force may clash
(:func:`~tictac.search.pairing.forced_pairs_clash`: no), or one pair inside the cells that all
lines of each group share, and two cells of its own for each lone set, may be found by one
matching (yes).

>>> lines = [0b00111, 0b01110, 0b11100]  # the three lines of 3 on a row of 5 cells
>>> [bin(pair) for pair in exact_shared_pairs(lines)]  # cells 0 and 1, cells 2 and 3
['0b11', '0b1100']
>>> exact_shared_pairs([0b1100, 0b1010, 0b0110]) is None  # {2, 3}, {1, 3}, {1, 2}
True
"""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence

from tictac.search.pairing import forced_pairs_clash, own_pairs, own_pairs_exist

__all__ = [
    "Cover",
    "CoverMemo",
    "GiveUp",
    "Steps",
    "choose_covers",
    "claim_sure_cells",
    "covers",
    "exact_shared_pairs",
    "line_pairing_search",
    "pairs_in_common",
    "straight_groups",
]

Cover = tuple[int, tuple[int, ...]]
"""One way to serve a group: the cells it uses (a bit mask) and its pairs (bit masks)."""

CoverMemo = MutableMapping[tuple[int, ...], list[Cover]]
"""Each group's ways (see :func:`covers`) by the group's sets, sorted."""


def exact_shared_pairs(needs: Sequence[int], memo: CoverMemo | None = None) -> list[int] | None:
    """Disjoint pairs of cells (bit masks) such that each set in `needs` holds a whole pair,
    or None when there are none; exact, however long it takes (see the module's docstring).

    `needs` are the empty cells of lines of k on a board, as bit masks; `memo` keeps each
    group's ways between calls (pass the same dict to calls on one board).

    >>> [bin(pair) for pair in exact_shared_pairs([0b01111, 0b11110])]  # one pair serves both
    ['0b110']
    """
    return line_pairing_search(needs, None, memo)[0]


def line_pairing_search(
    needs: Sequence[int],
    effort: int | None,
    memo: CoverMemo | None = None,
    straight: Sequence[int] | None = None,
) -> tuple[list[int] | None, bool]:
    """:func:`exact_shared_pairs`, giving up after `effort` steps of :func:`choose_covers`
    (None: never); and whether it went to the end (a None that went to the end means there
    are no pairs at all). `straight`: each set's straight line, if known (see
    :func:`straight_groups`).

    >>> lines = [0b00111, 0b01110, 0b11100, 0b10001]
    >>> line_pairing_search(lines, effort=1)
    (None, True)
    """
    if forced_pairs_clash(needs):
        return None, True
    memo = {} if memo is None else memo
    groups = straight_groups(needs, straight)
    lone = [members[0] for members in groups if len(members) == 1]
    shared = [members for members in groups if len(members) > 1]
    quick = pairs_in_common(lone, shared)
    if quick is not None:
        return quick, True
    ways = []
    for members in shared:
        key = tuple(sorted(members))
        found = memo.get(key)
        if found is None:
            found = memo[key] = covers(members)
        if not found:
            return None, True
        ways.append(found)
    steps = Steps(effort)
    try:
        return choose_covers(ways, lone, 0, steps), True
    except GiveUp:
        return None, False


def straight_groups(needs: Sequence[int], straight: Sequence[int] | None = None) -> list[list[int]]:
    """The sets of `needs` that matter (a set containing another is dropped: a pair in the
    smaller is in it too), in groups that share two cells or more, and so lie along one
    straight line. `straight`, if given, names each set's straight line (any numbers, one per
    straight line), so that only sets along one are compared: quicker, the same groups.

    >>> [[bin(s) for s in group] for group in straight_groups([0b0111, 0b1111, 0b11000])]
    [['0b11000'], ['0b111']]
    >>> [[bin(s) for s in group] for group in straight_groups([0b0111, 0b1111, 0b11000], [0, 0, 1])]
    [['0b111'], ['0b11000']]
    """
    if straight is None:
        return _groups_sharing_pairs(needs)
    along: dict[int, list[int]] = {}
    for need, line in zip(needs, straight):
        along.setdefault(line, []).append(need)
    return [group for sets in along.values() for group in _groups_sharing_pairs(sets)]


def _groups_sharing_pairs(needs: Sequence[int]) -> list[list[int]]:
    """:func:`straight_groups`, every two sets compared."""
    kept: list[int] = []
    for need in sorted(set(needs), key=int.bit_count):
        if not any(smaller & need == smaller for smaller in kept):
            kept.append(need)
    groups: list[list[int]] = []
    for need in kept:
        members, apart = [need], []
        for group in groups:
            if any((need & other).bit_count() > 1 for other in group):
                members += group
            else:
                apart.append(group)
        groups = [*apart, members]
    return groups


def covers(group: Sequence[int]) -> list[Cover]:
    """Every way to give each set of `group` a whole pair, pairs disjoint, that uses no more
    cells than it must: no other way's cells lie inside its cells. Fewest cells first.

    >>> [(bin(cells), len(pairs)) for cells, pairs in covers([0b0111, 0b1110])]
    [('0b110', 1)]
    >>> [(bin(cells), len(pairs)) for cells, pairs in covers([0b00111, 0b01110, 0b11100])]
    [('0b1111', 2), ('0b11110', 2)]
    """
    found: dict[int, tuple[int, ...]] = {}  # cells used -> the pairs

    def serve(unserved: list[int], used: int, pairs: tuple[int, ...]) -> None:
        if not unserved:
            found.setdefault(used, pairs)
            return
        cells = _cells(min(unserved, key=int.bit_count))
        for i, a in enumerate(cells):
            for b in cells[i + 1 :]:
                pair = a | b
                rest = [need & ~pair for need in unserved if need & pair != pair]
                serve(rest, used | pair, (*pairs, pair))

    serve([need for need in group], 0, ())
    fewest_first: list[int] = []
    for cells in sorted(found, key=int.bit_count):
        if not any(smaller & cells == smaller for smaller in fewest_first):
            fewest_first.append(cells)
    return [(cells, found[cells]) for cells in fewest_first]


def pairs_in_common(lone: list[int], shared: list[list[int]]) -> list[int] | None:
    """The quick yes: one pair inside the cells that all sets of each group share, and two
    cells of its own for each lone set, all found by one matching; None if that fails (there
    may still be pairs: ask :func:`choose_covers`).

    >>> [bin(pair) for pair in pairs_in_common([0b110000], [[0b0111, 0b1110]])]
    ['0b110000', '0b110']
    """
    common = []
    for members in shared:
        cells = -1
        for need in members:
            cells &= need
        if cells.bit_count() < 2:
            return None
        common.append(cells)
    return own_pairs([*lone, *common])


class GiveUp(Exception):
    """Raised inside :func:`choose_covers` when its search has used up its effort."""


class Steps:
    """How many more steps a search may take (None: no limit)."""

    def __init__(self, effort: int | None) -> None:
        self.left = effort

    def take(self) -> None:
        """One step more; raises :class:`GiveUp` past the effort."""
        if self.left is not None:
            self.left -= 1
            if self.left < 0:
                raise GiveUp


def choose_covers(
    ways: list[list[Cover]], lone: list[int], used: int, steps: Steps | None = None
) -> list[int] | None:
    """One way from each list of `ways` and a pair of its own for each `lone` set, no cell
    used twice nor in `used`; the pairs, or None when there is no such choice.

    A depth-first search, one step per call (see :class:`Steps`). Before it chooses, two
    things that hold whatever it chooses: a cell that every way left of a group uses is that
    group's, so no other group nor lone set may have it (:func:`claim_sure_cells`); and a
    matching gives each group as many cells as its smallest way needs, and each lone set
    two, or no choice below works.

    >>> row = covers([0b00111, 0b01110, 0b11100])
    >>> [bin(pair) for pair in choose_covers([row], [0b1100000], 0)]
    ['0b1100000', '0b11', '0b1100']
    >>> choose_covers([row], [0b10001], 0) is None  # each way of the row takes cell 0 or 4
    True
    """
    if steps is not None:
        steps.take()
    left = []
    for options in ways:
        free = [way for way in options if not way[0] & used]
        if not free:
            return None
        left.append(free)
    claimed = claim_sure_cells(left)
    if claimed is None:
        return None
    lone_left = [need & ~used & ~claimed for need in lone]
    if any(need.bit_count() < 2 for need in lone_left):
        return None
    decided = [pair for free in left if len(free) == 1 for pair in free[0][1]]
    left = [free for free in left if len(free) > 1]
    if not left:
        found = own_pairs(lone_left)
        return None if found is None else [*found, *decided]
    if not own_pairs_exist([*lone_left, *(cell for free in left for cell in _room(free))]):
        return None  # not even the cells each group must use are there
    tightest = min(range(len(left)), key=lambda i: len(left[i]))
    rest = left[:tightest] + left[tightest + 1 :]
    for cells, pairs in left[tightest]:
        found = choose_covers(rest, lone_left, cells, steps)
        if found is not None:
            return [*found, *pairs, *decided]
    return None


def claim_sure_cells(left: list[list[Cover]]) -> int | None:
    """The cells that some group uses in every way it has left, all groups together; each
    group's ways that would take another group's sure cells are dropped (in place), and again
    until nothing changes. None when two groups are sure of one cell, or a group loses
    every way.

    >>> ways = [[(0b0011, (0b0011,))], [(0b0110, (0b0110,)), (0b1100, (0b1100,))]]
    >>> bin(claim_sure_cells(ways)), ways[1]
    ('0b1111', [(12, (12,))])
    """
    while True:
        sure, claimed = [], 0
        for free in left:
            cells = -1
            for way_cells, _ in free:
                cells &= way_cells
            if cells & claimed:
                return None
            claimed |= cells
            sure.append(cells)
        changed = False
        for i, free in enumerate(left):
            others = claimed & ~sure[i]
            kept = [way for way in free if not way[0] & others]
            if len(kept) < len(free):
                if not kept:
                    return None
                left[i] = kept
                changed = True
        if not changed:
            return claimed


def _room(ways: list[Cover]) -> list[int]:
    """A group's claim in the matching bound: the cells of all its ways, once for each pair
    its smallest way needs (each claim takes two cells)."""
    cells = 0
    for way_cells, _ in ways:
        cells |= way_cells
    return [cells] * min(len(pairs) for _, pairs in ways)


def _cells(mask: int) -> list[int]:
    """The cells of `mask`, each as a bit mask of its own."""
    cells = []
    while mask:
        bit = mask & -mask
        mask ^= bit
        cells.append(bit)
    return cells
