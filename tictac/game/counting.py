"""Counting a game tree level by level: positions, and nodes (move sequences), fast.

Lesson 1 counts the nodes of tic-tac-toe's game tree with a memoised recursion: a position's
subtree has one node for the position itself plus the nodes of its children's subtrees. This
module counts the same nodes the other way round, from the top, one level (one number of
marks) at a time:

- the empty board is reached by 1 move sequence (the empty one);
- a position with ``d`` marks is reached by as many sequences of ``d`` moves as its parents
  (the positions one move earlier that are still in play) are reached by, added up;
- the game tree has one node for each move sequence, so its nodes at depth ``d`` are the
  sequences reaching all the positions with ``d`` marks.

Each position is worked out once, as in the memoised recursion, and a position is just two
whole numbers (one bit per cell for each player), which is many times faster than building a
:class:`~tictac.game.state.State` for every move: 3x4, with 111,973 positions, takes under a
second.

>>> levels = tree_levels(3, 3, 3)
>>> sum(level.positions for level in levels), sum(level.nodes for level in levels)
(5478, 549946)
>>> levels[2]  # two marks: 72 positions, reached by 9 * 8 move sequences
Level(marks=2, positions=72, nodes=72)
"""

from __future__ import annotations

import functools
from collections import defaultdict
from typing import NamedTuple

from tictac.game.state import State, winning_lines
from tictac.helpers.checks import whole_number

__all__ = ["Level", "tree_levels"]

MAX_CELLS = 16  # the win table has 2 ** cells entries


class Level(NamedTuple):
    """One level of the game tree: the positions with `marks` marks, and the nodes there.

    `positions` counts distinct boards; `nodes` counts move sequences of length `marks` that
    reach them (the game tree's nodes at that depth). A board reached in several orders is one
    position but several nodes.
    """

    marks: int
    positions: int
    nodes: int


@functools.cache
def tree_levels(
    rows: int = 3, cols: int = 3, k: int = 3, *, max_marks: int | None = None
) -> tuple[Level, ...]:
    """The game tree of the empty `rows` x `cols` board (`k` in a row), level by level.

    One :class:`Level` for each number of marks from 0 to `max_marks` (default: a full board),
    stopping early when no game lasts that long. The answer is kept, so asking again is free.

    >>> [level.positions for level in tree_levels(2, 2, 2)]
    [1, 4, 12, 12]
    >>> [level.nodes for level in tree_levels(2, 2, 2)]  # every game ends at X's second mark
    [1, 4, 12, 24]
    >>> tree_levels(4, 4, 4, max_marks=2)
    (Level(marks=0, positions=1, nodes=1), Level(marks=1, positions=16, nodes=16),
     Level(marks=2, positions=240, nodes=240))
    >>> tree_levels(5, 5, 4)
    Traceback (most recent call last):
      ...
    ValueError: tree_levels() counts boards of up to 16 cells, not 25 (5 x 5): ...
    """
    empty = State.new(rows, cols, k)  # the same checks, and messages, as every other board
    rows, cols, k = empty.rows, empty.cols, empty.k  # as plain ints
    cells = rows * cols
    if cells > MAX_CELLS:
        raise ValueError(
            f"tree_levels() counts boards of up to {MAX_CELLS} cells, not {cells} "
            f"({rows} x {cols}): a bigger board has too many positions to count one by one; "
            "pass max_marks= to count only the first few levels"
        )
    if max_marks is None:
        max_marks = cells
    max_marks = whole_number(max_marks, "max_marks", at_least=0, at_most=cells, what="marks")
    won = _win_table(rows, cols, k)
    bits = [1 << cell for cell in range(cells)]
    # A position is (marks of the player to move, marks of the other player): after a move
    # the two swap places, so the player who just moved is always the second number.
    level: dict[tuple[int, int], int] = {(0, 0): 1}  # position -> move sequences reaching it
    levels = [Level(0, 1, 1)]
    for marks in range(1, max_marks + 1):
        following: defaultdict[tuple[int, int], int] = defaultdict(int)
        for (mover, other), paths in level.items():
            if won[other]:
                continue  # the game is over: the player who just moved has a line
            taken = mover | other
            for bit in bits:
                if not taken & bit:
                    following[other, mover | bit] += paths
        if not following:
            break  # every game ended before this many marks
        level = following
        levels.append(Level(marks, len(level), sum(level.values())))
    return tuple(levels)


@functools.cache
def _win_table(rows: int, cols: int, k: int) -> bytearray:
    """``table[bits]`` is 1 when the marks `bits` (one bit per cell) hold a whole line."""
    cells = rows * cols
    table = bytearray(1 << cells)
    for line in winning_lines(rows, cols, k):
        mask = sum(1 << cell for cell in line)
        rest = ((1 << cells) - 1) ^ mask
        subset = rest
        while True:  # every set of marks that contains the line: the line plus any others
            table[mask | subset] = 1
            if not subset:
                break
            subset = (subset - 1) & rest
    return table
