"""Scores: how good a position is, always seen from X's side (X maximises, O minimises).

Every score in this module is a function ``score(state, ply) -> float``, where `ply` is the
number of plies (single moves) between the search's starting position and `state` (0 at the
start itself). The searches in :mod:`tictac.search` call them in two places:

* at the end of the game, a **terminal score** says who won: :func:`win_loss`,
  :func:`plus_minus_ten`, :func:`depth_aware` and :func:`depth_scaled`;
* where a depth-limited search stops early, a **heuristic** guesses how the game is going:
  :func:`piece_count`, :func:`two_in_a_row` and :func:`open_lines`.

Both kinds have the same signature, so any function ``f(state, ply) -> float`` you write
yourself fits anywhere a score is asked for. A terminal score refuses a game that is still
running, because it cannot know who will win; use a heuristic there.

>>> from tictac.state import State
>>> won = State.parse("XXX/OO./...")
>>> win_loss(won, 5), plus_minus_ten(won, 5), depth_aware(won, 5)
(1, 10, 5)
>>> running = State.parse("XX./O../...")
>>> two_in_a_row(running, 3), open_lines(running, 3)
(0.2, 2)
"""

from __future__ import annotations

from collections.abc import Callable

from tictac.state import EMPTY, Line, Mark, O, State, X, winning_lines

__all__ = [
    "Score",
    "depth_aware",
    "depth_scaled",
    "open_lines",
    "piece_count",
    "plus_minus_ten",
    "two_in_a_row",
    "win_loss",
]

Score = Callable[[State, int], float]
"""A score: ``score(state, ply)`` is a number, higher is better for X; `ply` counts the moves
from the search's start to `state`."""

TWO_IN_A_ROW_WEIGHT = 0.2


# ---------------------------------------------------------------------------------------------
# Terminal scores: who won, and (for some) how soon.


def win_loss(state: State, ply: int) -> float:
    """+1 when X has won, -1 when O has won, 0 for a draw.

    >>> win_loss(State.parse("OOO/XX./X.."), 0)
    -1
    """
    _require_game_over(state, "win_loss")
    return _sign_of_winner(state)


def plus_minus_ten(state: State, ply: int) -> float:
    """+10 when X has won, -10 when O has won, 0 for a draw.

    >>> plus_minus_ten(State.parse("XOX/XOO/OXX"), 0)
    0
    """
    _require_game_over(state, "plus_minus_ten")
    return 10 * _sign_of_winner(state)


def depth_aware(state: State, ply: int) -> float:
    """A win is worth more the sooner it comes: ±(empty cells + 1), 0 for a draw.

    The *Tic-Tac-Toe AI* tutorial scores a win for X as 10 minus the number of moves O has
    made, so that the AI takes an immediate win and puts off a defeat as long as it can.
    Counting the empty cells instead says the same thing (every move fills one cell) and works
    on any board: on 3x3 the quickest win, X's third move, scores 4 + 1 = 5, and a win on a
    full board scores 1, still better than a draw. The value depends only on the position, not
    on `ply`, so it is the same whichever position the search started from.

    >>> depth_aware(State.parse("XXX/OO./..."), 0)
    5
    >>> depth_aware(State.parse("OOO/XX./X.."), 0)
    -4
    """
    _require_game_over(state, "depth_aware")
    empty_cells = len(state.cells) - state.moves_made
    return _sign_of_winner(state) * (empty_cells + 1)


def depth_scaled(player: Mark, *, win: float = 50, draw: float = 10, loss: float = -10) -> Score:
    """The score of the five-rounds tutorial's brute-force round, for the AI playing `player`.

    For the AI a win is worth ``50 / ply``, a draw ``10 / ply`` and a loss ``-10 / ply`` (the
    tutorial calls the ply the *depth*): the nearer the end of the game, the more it counts.
    The score this returns gives those numbers from X's side like every other score, so when
    the AI plays O they change sign. `ply` counts moves from the search's start, so the AI's
    own move reaches ply 1; a finished game at the start itself (ply 0) counts as ply 1.

    This is the score of one finished game. The brute-force player adds it up over every
    finished game below a move; searches that take the best move use it like any other score.

    >>> score = depth_scaled("O")
    >>> score(State.parse("OOO/XX./X.."), 2)
    -25.0
    >>> score(State.parse("XXX/OO./..."), 5)
    2.0
    """
    if player not in (X, O):
        raise ValueError(f"depth_scaled needs the AI's player, 'X' or 'O', not {player!r}")
    side = 1 if player == X else -1

    def score(state: State, ply: int) -> float:
        _require_game_over(state, f"depth_scaled({player!r})")
        if state.winner is None:
            points = draw
        elif state.winner == player:
            points = win
        else:
            points = loss
        return side * points / max(ply, 1)

    score.__name__ = score.__qualname__ = f"depth_scaled({player!r})"
    return score


def _sign_of_winner(state: State) -> int:
    if state.winner == X:
        return 1
    if state.winner == O:
        return -1
    return 0


def _require_game_over(state: State, name: str) -> None:
    if not isinstance(state, State):
        raise TypeError(
            f"{name} scores finished boards, not {state!r}; the leaves of a tree of numbers "
            "are scored by their numbers: pass score=leaf_number (from tictac), e.g. "
            "minimax_value(tree, leaf_number)"
        )
    if not state.is_terminal:
        raise ValueError(
            f"{name} scores finished games, but in {state.text!r} the game is still running; "
            "to value a position where a search stops early, pass a heuristic such as "
            "two_in_a_row (for example heuristic=two_in_a_row with depth=...)"
        )


# ---------------------------------------------------------------------------------------------
# Heuristics: a guess for a game that is still running. They look only at the marks on the
# board and give a number for any position, finished or not.


def piece_count(state: State, ply: int) -> float:
    """X's marks minus O's marks (the "Benefit" tutorial's count of pieces).

    In tic-tac-toe this is 1 after X's move and 0 after O's: it says whose turn it is, not
    who is winning, which is the point the tutorial makes about choosing a heuristic.

    >>> piece_count(State.parse("X../.O./..X"), 2)
    1
    """
    return state.cells.count(X) - state.cells.count(O)


def two_in_a_row(state: State, ply: int) -> float:
    """+0.2 for each line X could finish next move, -0.2 for each such line of O's.

    A line counts when it holds ``k - 1`` marks of one player and one empty cell: on 3x3, two
    in a row with the third cell free (the five-rounds tutorial's utility).

    >>> two_in_a_row(State.parse("XX./OO./X.."), 4)
    0.0
    >>> two_in_a_row(State.parse("X.X/.O./X.O"), 4)
    0.4
    """
    x_threats = o_threats = 0
    for line in _lines(state):
        marks = [state.cells[i] for i in line]
        if marks.count(EMPTY) == 1:
            x_threats += marks.count(X) == len(line) - 1
            o_threats += marks.count(O) == len(line) - 1
    return TWO_IN_A_ROW_WEIGHT * (x_threats - o_threats)


def open_lines(state: State, ply: int) -> float:
    """Lines X can still complete (no O in them) minus lines O can still complete (no X).

    >>> open_lines(State.parse(".../.X./..."), 1)
    4
    >>> open_lines(State.parse("O../.X./..."), 2)
    1
    """
    x_open = o_open = 0
    for line in _lines(state):
        marks = {state.cells[i] for i in line}
        x_open += O not in marks
        o_open += X not in marks
    return x_open - o_open


def _lines(state: State) -> tuple[Line, ...]:
    return winning_lines(state.rows, state.cols, state.k)
