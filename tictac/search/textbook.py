"""The searches as the textbooks write them: each short enough to read beside its pseudocode.

These functions are for reading. Each is the algorithm and nothing else: no counters, no
traces, no memo. The searches in :mod:`tictac.search.engine` add those (and run faster), and the
tests check that both give the same value on every reachable position of tic-tac-toe.

They take any game's position (:class:`~tictac.game.position.Position`: `turn`,
`is_terminal`, `legal_moves()`, `play(move)` and, for the default score, `result()`), not only
boards. Values are from X's side, as everywhere in the package (X, the player who moves first,
maximises; O minimises), except
:func:`negamax_value`, which by the nature of negamax gives the value for the player to move.
`score` values finished games and `ply` counts the moves from where the search started, so
that a score such as ``depth_scaled`` can make a near end count more (see
:mod:`tictac.game.scoring`).

>>> from tictac.game.state import State
>>> position = State.parse("XX./OO./...")   # X to move completes the top row
>>> minimax_value(position), alphabeta_value(position), negamax_value(position)
(1, 1, 1)
>>> negamax_value(State.parse("XX./OO./X.."))   # O to move, and O wins: good for the mover
1
"""

from __future__ import annotations

import math

from tictac.game.position import Position
from tictac.game.scoring import Score, win_loss
from tictac.game.state import State, X  # noqa: F401  (the examples in the docstrings use it)

__all__ = ["alphabeta_value", "depth_limited_value", "minimax_value", "negamax_value"]


def minimax_value(state: Position, score: Score = win_loss, ply: int = 0) -> float:
    """The value of `state` by plain minimax, as the tutorials write it.

    A finished game is worth its score. Otherwise X takes the largest value among the
    positions its moves lead to, and O the smallest.

    >>> minimax_value(State.parse("XX./OO./..."))
    1
    """
    if state.is_terminal:
        return score(state, ply)
    values = [minimax_value(state.play(move), score, ply + 1) for move in state.legal_moves()]
    return max(values) if state.turn == X else min(values)


def depth_limited_value(
    state: Position, depth: int, heuristic: Score, score: Score = win_loss, ply: int = 0
) -> float:
    """The value of `state` by minimax that stops `depth` moves ahead and guesses there.

    A finished game is worth its score. A position `depth` moves below the start (the
    *horizon*) is worth what `heuristic` guesses. Otherwise X takes the largest value among
    the positions its moves lead to, and O the smallest.

    >>> from tictac.game.scoring import open_lines
    >>> from tictac.search.engine import minimax
    >>> position = State.parse("X.X/.O./...")   # O to move
    >>> [depth_limited_value(position, depth, open_lines) for depth in (1, 2, 9)]
    [-1, 1, 0]
    >>> minimax(position, depth=2, heuristic=open_lines).value
    1
    """
    if state.is_terminal:
        return score(state, ply)
    if ply == depth:  # the horizon: guess
        return heuristic(state, ply)
    values = [
        depth_limited_value(state.play(move), depth, heuristic, score, ply + 1)
        for move in state.legal_moves()
    ]
    return max(values) if state.turn == X else min(values)


def alphabeta_value(
    state: Position,
    alpha: float = -math.inf,
    beta: float = math.inf,
    *,
    score: Score = win_loss,
    ply: int = 0,
) -> float:
    """The value of `state` by alpha-beta: minimax that stops looking once it cannot matter.

    `alpha` is the value X is already sure of elsewhere, `beta` the value O is sure of: a
    position worth more than `beta` to X will never be allowed by O, and one worth less than
    `alpha` will never be chosen by X. So when X finds a move worth `beta` or more, X's other
    moves cannot change anything that matters, and they are skipped (a *cut*); the same for O
    at `alpha` or less.

    This is the *fail-soft* form: the value returned is exact when it lies strictly between
    `alpha` and `beta`; at `alpha` or below it is only an upper bound of the true value, at
    `beta` or above only a lower bound. (The *fail-hard* form would return `alpha` or `beta`
    themselves in those cases.) With the full window, the default, it is always exact. The
    score and the ply go by name: ``alphabeta_value(state, score=depth_aware)``.

    >>> alphabeta_value(State.new())
    0
    >>> position = State.parse("XO./.X./...")   # X wins: its value is 1
    >>> alphabeta_value(position), alphabeta_value(position, beta=0)  # 0 or more: a bound
    (1, 0)
    """
    if state.is_terminal:
        return score(state, ply)
    if state.turn == X:
        value = -math.inf
        for move in state.legal_moves():
            child = state.play(move)
            value = max(value, alphabeta_value(child, alpha, beta, score=score, ply=ply + 1))
            if value >= beta:
                break  # O will never let the game reach this position: skip X's other moves
            alpha = max(alpha, value)
        return value
    value = math.inf
    for move in state.legal_moves():
        child = state.play(move)
        value = min(value, alphabeta_value(child, alpha, beta, score=score, ply=ply + 1))
        if value <= alpha:
            break  # X will never let the game reach this position: skip O's other moves
        beta = min(beta, value)
    return value


def negamax_value(state: Position, score: Score = win_loss, ply: int = 0) -> float:
    """The value of `state` for the player to move, by negamax.

    Negamax is minimax written once for both players: what is good for one is bad for the
    other, so a position's value for its mover is the largest, over the moves, of *minus* the
    value of the next position for the opponent. The score is from X's side, so a finished
    game's score changes sign when O is the one to move there. For any position,
    ``negamax_value(s) == minimax_value(s)`` when X is to move and ``-minimax_value(s)`` when
    O is.

    >>> negamax_value(State.parse("XX./OO./..."))
    1
    """
    if state.is_terminal:
        return score(state, ply) if state.turn == X else -score(state, ply)
    return max(-negamax_value(state.play(move), score, ply + 1) for move in state.legal_moves())
