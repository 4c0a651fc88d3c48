"""`tictac.game.counting.tree_levels` (the fast count, level by level) against slow counts that
build a `State` for every move, and against a plain walk of every node of the tree."""

from __future__ import annotations

import functools
from collections import Counter

import pytest

from tictac import State, reachable_states
from tictac.game.counting import Level, tree_levels


def lesson_one_count(rows: int, cols: int, k: int) -> tuple[int, int]:
    """Positions and tree nodes as Lesson 1 counts them: a memoised recursion over `State`s
    (a subtree has one node for its position plus its children's subtrees), and every
    reachable position listed."""

    @functools.cache
    def nodes(state: State) -> int:
        return 1 + sum(nodes(state.play(move)) for move in state.legal_moves())

    start = State.new(rows, cols, k)
    return sum(1 for _ in reachable_states(start)), nodes(start)


def plain_walk(rows: int, cols: int, k: int) -> Counter[int]:
    """Tree nodes by depth, counted one by one: no memo, no `State`, no tictac at all."""
    through: list[list[list[int]]] = [[] for _ in range(rows * cols)]  # cell -> its lines
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                run = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(0 <= y < rows and 0 <= x < cols for y, x in run):
                    line = [y * cols + x for y, x in run]
                    for cell in line:
                        through[cell].append(line)
    by_depth: Counter[int] = Counter()

    def walk(cells: list[str], depth: int) -> None:
        by_depth[depth] += 1
        mover = "X" if depth % 2 == 0 else "O"
        for i, cell in enumerate(cells):
            if cell == ".":
                cells[i] = mover
                if any(all(cells[j] == mover for j in line) for line in through[i]):
                    by_depth[depth + 1] += 1  # a won game: a leaf
                else:
                    walk(cells, depth + 1)
                cells[i] = "."

    walk(["."] * (rows * cols), 0)
    return by_depth


def totals(levels: tuple[Level, ...]) -> tuple[int, int]:
    return sum(level.positions for level in levels), sum(level.nodes for level in levels)


@pytest.mark.parametrize("board", [(2, 2, 2), (2, 3, 3), (3, 3, 2), (3, 3, 3), (2, 4, 3)])
def test_the_fast_count_is_lesson_ones_count(board: tuple[int, int, int]) -> None:
    assert totals(tree_levels(*board)) == lesson_one_count(*board)


@pytest.mark.slow
def test_tic_tac_toe_by_a_plain_walk_of_every_node() -> None:
    walked = plain_walk(3, 3, 3)
    assert sum(walked.values()) == 549_946
    assert [level.nodes for level in tree_levels(3, 3, 3)] == [walked[d] for d in range(10)]


@pytest.mark.parametrize("board", [(2, 3, 3), (3, 3, 3)])
def test_positions_per_level_are_the_reachable_positions(board: tuple[int, int, int]) -> None:
    by_marks = Counter(state.moves_made for state in reachable_states(State.new(*board)))
    assert [level.positions for level in tree_levels(*board)] == [
        by_marks[m] for m in range(len(by_marks))
    ]


@pytest.mark.slow
def test_three_by_four_fast_count_is_lesson_ones_count() -> None:
    assert totals(tree_levels(3, 4, 3)) == lesson_one_count(3, 4, 3) == (111_973, 276_911_233)


def test_the_first_levels_of_four_by_four() -> None:
    """No line can be complete before X's fourth mark (the seventh mark), so up to then every
    way of placing the marks is a position, reached in every order."""
    from math import comb, perm

    levels = tree_levels(4, 4, 4, max_marks=6)
    assert [level.marks for level in levels] == list(range(7))
    assert [level.positions for level in levels] == [
        comb(16, m) * comb(m, m // 2) for m in range(7)
    ]
    assert [level.nodes for level in levels] == [perm(16, m) for m in range(7)]


def test_the_levels_stop_when_every_game_has_ended() -> None:
    # On 2x2 with two in a row, X's second mark always makes a line: no game has four marks.
    assert [level.marks for level in tree_levels(2, 2, 2)] == [0, 1, 2, 3]
    assert [level.marks for level in tree_levels(2, 2, 2, max_marks=4)] == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: tree_levels(5, 5, 4), "up to 16 cells, not 25"),
        (lambda: tree_levels(3, 3, 3, max_marks=10), "from 0 to 9"),
        (lambda: tree_levels(3, 3, 3, max_marks=-1), "from 0 to 9"),
        (lambda: tree_levels(3, 3, 4), "k"),
    ],
)
def test_bad_boards_are_refused_clearly(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]
