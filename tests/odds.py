"""Exact chances of how games end between players that choose their moves at random.

For the claims of Lessons 4 and 5 (``tests/claims.py``) and their tests. It knows nothing of
tictac: a board is a tuple of nine cells ("X", "O" or "."), perfect play comes from the
referee (``tests/oracle.py``), and every chance is an exact fraction.

A *policy* gives, for a board where the game is on, each move's probability. :func:`endings`
backs the chances up the game tree, as minimax backs up values, except that a position's
chances are its moves' chances weighted by the policy of the player to move:

>>> result = endings(blind, blind)
>>> sum(p for (winner, _), p in result.items() if winner == "X")
Fraction(737, 1260)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction
from types import SimpleNamespace

import oracle

Board = tuple[str, ...]
Policy = Callable[[Board], dict[int, Fraction]]
Ending = tuple[str, int]  # ("X", 3): X won, with 3 marks of its own; ("draw", 0)

EMPTY: Board = tuple("." * 9)
NOVICE_BEST = Fraction(2, 5)  # both tutorials' novices play their best move 40% of the time


def to_move(board: Board) -> str:
    return "X" if board.count("X") == board.count("O") else "O"


def moves(board: Board) -> list[int]:
    if oracle.winner(board, 3, 3, 3) is not None:
        return []
    return [i for i, cell in enumerate(board) if cell == "."]


def play(board: Board, move: int) -> Board:
    return (*board[:move], to_move(board), *board[move + 1 :])


def board_of(board: Board) -> SimpleNamespace:
    """The board as the referee reads it."""
    return SimpleNamespace(cells=board, rows=3, cols=3, k=3)


def ranking(board: Board) -> list[int]:
    """The moves best first for the player to move (result, then a quicker win or a slower
    loss); equal moves keep board order, as a stable sort leaves them."""
    mover = 1 if to_move(board) == "X" else -1
    children = oracle.move_outcomes(board_of(board))
    return sorted(children, key=lambda m: oracle.preference(children[m], mover), reverse=True)


def best(board: Board) -> list[int]:
    ranked = ranking(board)
    mover = 1 if to_move(board) == "X" else -1
    children = oracle.move_outcomes(board_of(board))
    top = oracle.preference(children[ranked[0]], mover)
    return [m for m in ranked if oracle.preference(children[m], mover) == top]


def blind(board: Board) -> dict[int, Fraction]:
    """Any empty cell, each equally likely."""
    free = moves(board)
    return {m: Fraction(1, len(free)) for m in free}


def master(board: Board) -> dict[int, Fraction]:
    """A best move, each of the equally good ones equally likely."""
    top = best(board)
    return {m: Fraction(1, len(top)) for m in top}


def our_novice(board: Board) -> dict[int, Fraction]:
    """A best move (at random among equals) 40% of the time, else the first of the strictly
    worse moves (the first best move when there is none)."""
    top, ranked = best(board), ranking(board)
    worse = [m for m in ranked if m not in top]
    chances: dict[int, Fraction] = {}
    for m in top:
        chances[m] = chances.get(m, Fraction(0)) + NOVICE_BEST / len(top)
    mistake = worse[0] if worse else ranked[0]
    chances[mistake] = chances.get(mistake, Fraction(0)) + 1 - NOVICE_BEST
    return chances


def tutorials_novice(board: Board) -> dict[int, Fraction]:
    """The *Tic-Tac-Toe AI* tutorial's: the first of its ranking 40% of the time, else the
    second (the only move, if there is one)."""
    ranked = ranking(board)
    second = ranked[1] if len(ranked) > 1 else ranked[0]
    chances = {ranked[0]: NOVICE_BEST}
    chances[second] = chances.get(second, Fraction(0)) + 1 - NOVICE_BEST
    return chances


def endings(x: Policy, o: Policy, start: Board = EMPTY) -> dict[Ending, Fraction]:
    """The exact chance of each ending when `x` plays X and `o` plays O from `start`."""

    @functools.cache
    def chances(board: Board) -> dict[Ending, Fraction]:
        winner = oracle.winner(board, 3, 3, 3)
        if winner is not None:
            return {(winner, board.count(winner)): Fraction(1)}
        if "." not in board:
            return {("draw", 0): Fraction(1)}
        policy = x if to_move(board) == "X" else o
        result: dict[Ending, Fraction] = {}
        for move, p in policy(board).items():
            for ending, q in chances(play(board, move)).items():
                result[ending] = result.get(ending, Fraction(0)) + p * q
        return result

    return chances(start)


def percent(chance: Fraction) -> float:
    return float(100 * chance)


def novice_five_move_wins() -> tuple[float, float]:
    """Lesson 4: how often our novice, playing X, wins in five moves against the blind player
    and against another of our novices, in per cent."""
    return tuple(  # type: ignore[return-value]
        percent(endings(our_novice, o)[("X", 5)]) for o in (blind, our_novice)
    )
