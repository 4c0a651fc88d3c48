"""The fewest positions textbook alpha-beta can visit, over every order of trying the moves.

Lesson 6b works this number out with a short recursion that takes two shortcuts (try a move
that cuts first, if there is one; otherwise try a best move first). This module works it out
the long way, knowing nothing of tictac or of the lesson: on 3x3 tic-tac-toe, values +1/0/-1
from X's side, no memo in the search (so every call is independent), it tries every order of
the moves at every position, remembering the cheapest plan for each remaining set of moves.

The search it counts is fail-soft alpha-beta as the lessons write it: visit a position (count
one); if the game is over, return its score; otherwise try the moves in some order, X raising
alpha and O lowering beta to the best value found so far, and stop once alpha >= beta. How a
parent goes on after a child's search depends only on where the child's true value lies
against the window (at or below alpha, strictly inside, at or above beta), not on the exact
bound it returns; :func:`outcomes`, which assumes nothing of the sort, confirms that on small
positions.

>>> fewest(tuple("XX.OO...."))   # X wins at once, but with beta = +inf it tries every move
15
>>> fewest(tuple("XX.OO...."), beta=1)   # told that +1 is enough, it stops at the win
2
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator

import oracle

Cells = tuple[str, ...]
INF = math.inf
SIZE = 3  # the board: 3x3, three in a row


LINES = oracle.lines(SIZE, SIZE, SIZE)
# The eight ways to turn or flip the board, each as "cell i of the image is cell p[i]".
TURN = (6, 3, 0, 7, 4, 1, 8, 5, 2)
FLIP = (2, 1, 0, 5, 4, 3, 8, 7, 6)


@functools.cache
def winner(cells: Cells) -> str | None:
    for a, b, c in LINES:
        if cells[a] != "." and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


def is_over(cells: Cells) -> bool:
    return winner(cells) is not None or "." not in cells


def score(cells: Cells) -> int:
    return {"X": 1, "O": -1, None: 0}[winner(cells)]


def images(cells: Cells) -> Iterator[Cells]:
    """`cells` and its seven other mirror images (some may coincide)."""
    for flip in (False, True):
        image = tuple(cells[i] for i in FLIP) if flip else cells
        for _ in range(4):
            yield image
            image = tuple(image[i] for i in TURN)


def to_move(cells: Cells) -> str:
    return "X" if cells.count("X") == cells.count("O") else "O"


def children(cells: Cells) -> list[Cells]:
    """The positions after each legal move, in board order."""
    mark = to_move(cells)
    return [(*cells[:i], mark, *cells[i + 1 :]) for i, cell in enumerate(cells) if cell == "."]


@functools.cache
def value(cells: Cells) -> int:
    """The minimax value from X's side."""
    if is_over(cells):
        return score(cells)
    values = [value(child) for child in children(cells)]
    return max(values) if to_move(cells) == "X" else min(values)


def narrowed(cells: Cells, child_value: int, alpha: float, beta: float) -> tuple[float, float]:
    """The window after a child worth `child_value` has been searched from `cells`."""
    if to_move(cells) == "X":
        return max(alpha, child_value), beta
    return alpha, min(beta, child_value)


def fewest(cells: Cells, alpha: float = -INF, beta: float = INF) -> int:
    """The fewest positions alpha-beta visits from `cells` with the window (alpha, beta), over
    every order of the moves at every position it visits.

    Mirror images give the same answer (their moves correspond one to one), so each is worked
    out once, filed under the least of the images.
    """
    return _fewest(min(images(cells)), alpha, beta)


@functools.cache
def _fewest(cells: Cells, alpha: float, beta: float) -> int:
    if is_over(cells):
        return 1
    kids = children(cells)

    @functools.cache
    def rest(untried: frozenset[int], alpha: float, beta: float) -> int:
        """The cheapest way to go on with the moves `untried` left and this window."""
        if not untried or alpha >= beta:
            return 0
        return min(
            fewest(kids[i], alpha, beta)
            + rest(untried - {i}, *narrowed(cells, value(kids[i]), alpha, beta))
            for i in untried
        )

    return 1 + rest(frozenset(range(len(kids))), alpha, beta)


@functools.cache
def outcomes(cells: Cells, alpha: float, beta: float) -> frozenset[tuple[float, int]]:
    """Every (value returned, positions visited) that alpha-beta can produce from `cells`
    with this window, over every order of the moves: brute force, for small positions."""
    if is_over(cells):
        return frozenset({(score(cells), 1)})
    maximising = to_move(cells) == "X"
    found: set[tuple[float, int]] = set()

    def go(untried: list[Cells], alpha: float, beta: float, best: float, visited: int) -> None:
        if not untried or alpha >= beta:
            found.add((best, visited))
            return
        for child in untried:
            others = [c for c in untried if c != child]
            for returned, count in outcomes(child, alpha, beta):
                new_best = max(best, returned) if maximising else min(best, returned)
                window = (
                    (max(alpha, new_best), beta) if maximising else (alpha, min(beta, new_best))
                )
                go(others, *window, new_best, visited + count)

    go(children(cells), alpha, beta, -INF if maximising else INF, 1)
    return frozenset(found)


def reachable(cells: Cells) -> Iterator[Cells]:
    """Every position reachable from `cells`, `cells` included, each once."""
    seen = {cells}
    stack = [cells]
    while stack:
        here = stack.pop()
        yield here
        if not is_over(here):
            for child in children(here):
                if child not in seen:
                    seen.add(child)
                    stack.append(child)


EMPTY: Cells = tuple(".........")


@functools.cache
def tree_nodes(cells: Cells) -> int:
    """The nodes of the game tree from `cells` down: what plain minimax visits."""
    if is_over(cells):
        return 1
    return 1 + sum(tree_nodes(child) for child in children(cells))


def board_order_count(cells: Cells, alpha: float = -INF, beta: float = INF) -> int:
    """The positions alpha-beta visits from `cells` trying the moves in board order."""
    return _board_order(cells, alpha, beta)[1]


def _board_order(cells: Cells, alpha: float, beta: float) -> tuple[float, int]:
    if is_over(cells):
        return score(cells), 1
    maximising = to_move(cells) == "X"
    best, visited = (-INF if maximising else INF), 1
    for child in children(cells):
        returned, below = _board_order(child, alpha, beta)
        visited += below
        best = max(best, returned) if maximising else min(best, returned)
        alpha, beta = (max(alpha, best), beta) if maximising else (alpha, min(beta, best))
        if alpha >= beta:
            break
    return best, visited
