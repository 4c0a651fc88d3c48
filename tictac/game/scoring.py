"""Scores: how good a position is, always seen from X's side (X maximises, O minimises).

Every score in this module is a function ``score(state, ply) -> float``, where `ply` is the
number of plies (single moves) between the search's starting position and `state` (0 at the
start itself). The searches in :mod:`tictac.search.engine` call them in two places:

* at the end of the game, a **terminal score** says who won: :func:`win_loss`,
  :func:`plus_minus_ten`, :func:`depth_aware` and :func:`depth_scaled`;
* where a depth-limited search stops early, a **heuristic** guesses how the game is going:
  :func:`piece_count`, :func:`two_in_a_row` and :func:`open_lines`, or one you design from
  :func:`features` with :func:`weighted`.

Both kinds have the same signature, so any function ``f(state, ply) -> float`` you write
yourself fits anywhere a score is asked for. A terminal score refuses a game that is still
running, because it cannot know who will win; use a heuristic there.

>>> from tictac.game.state import State
>>> won = State.parse("XXX/OO./...")
>>> win_loss(won, 5), plus_minus_ten(won, 5), depth_aware(won, 5)
(1, 10, 5)
>>> running = State.parse("XX./O../...")
>>> two_in_a_row(running, 3), open_lines(running, 3)
(0.2, 2)

A search that stops early compares the two kinds with each other, so a guess must never
outrank a win: :func:`bounded` squeezes a heuristic into the open interval (-1, 1) and
:func:`decisive` pushes a score's wins and losses out beyond it, both keeping every
comparison within their own kind (``players.searching`` uses them).

>>> bounded(weighted({"open_3": 100}))(State.parse("XXX./..../..../O..O", k=4), 0) < 1
True
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Mapping
from numbers import Real
from typing import Any

from tictac.game.position import (
    NotForThisGame,
    Position,
    Result,
    refuse_other_games,
    require_board,
    shown_position,
)
from tictac.game.state import EMPTY, Line, Mark, O, State, X, winning_lines
from tictac.helpers.checks import whole_number

__all__ = [
    "Score",
    "Weighted",
    "bounded",
    "decisive",
    "depth_aware",
    "depth_scaled",
    "feature_names",
    "features",
    "open_lines",
    "piece_count",
    "plus_minus_ten",
    "two_in_a_row",
    "weighted",
    "win_loss",
]

Score = Callable[[Any, int], float]
"""A score: ``score(state, ply)`` is a number, higher is better for X; `ply` counts the moves
from the search's start to `state`. :func:`win_loss`, :func:`plus_minus_ten` and
:func:`depth_scaled` score any game's finished positions (a :class:`Position`); the others
read an m,n,k board's cells and take a :class:`State`."""

TWO_IN_A_ROW_WEIGHT = 0.2


# ---------------------------------------------------------------------------------------------
# Terminal scores: who won, and (for some) how soon.


def win_loss(state: Position, ply: int) -> float:
    """+1 when X (the first player) has won, -1 when O has won, 0 for a draw: read from the
    position's `result()`, so it scores any game's finished positions.

    >>> win_loss(State.parse("OOO/XX./X.."), 0)
    -1
    """
    return _SIGN[_final_result(state, "win_loss")]


def plus_minus_ten(state: Position, ply: int) -> float:
    """+10 when X (the first player) has won, -10 when O has won, 0 for a draw, for any game.

    >>> plus_minus_ten(State.parse("XOX/XOO/OXX"), 0)
    0
    """
    return 10 * _SIGN[_final_result(state, "plus_minus_ten")]


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
    require_board(state, "depth_aware", "win_loss, or a score of the game's own")
    empty_cells = len(state.cells) - state.moves_made
    return _SIGN[_final_result(state, "depth_aware")] * (empty_cells + 1)


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

    def score(state: Position, ply: int) -> float:
        result = _final_result(state, f"depth_scaled({player!r})")
        if result == "draw":
            points = draw
        elif result == player:
            points = win
        else:
            points = loss
        return side * points / max(ply, 1)

    score.__name__ = score.__qualname__ = f"depth_scaled({player!r})"
    return score


_SIGN: dict[Result, int] = {"X": 1, "O": -1, "draw": 0}


def _final_result(state: Position, name: str) -> Result:
    """How the game at `state` ended (its `result()`), or an error saying why it cannot be
    scored: the game is still running, or it is a tree of numbers, whose leaves have none."""
    try:
        result = state.result()
    except AttributeError:
        result = None
    if result is None:
        _require_game_over(state, name)
        raise TypeError(
            f"{name} scores finished games by their result(), and {shown_position(state)} has "
            "none; the leaves of a tree of numbers are scored by their numbers: pass "
            "score=leaf_number (from tictac), e.g. minimax_value(tree, leaf_number)"
        )
    return result


def _require_game_over(state: object, name: str) -> None:
    if not isinstance(state, State) and not isinstance(state, Position):
        raise TypeError(
            f"{name} scores finished games, not {state!r}; the leaves of a tree of numbers "
            "are scored by their numbers: pass score=leaf_number (from tictac), e.g. "
            "minimax_value(tree, leaf_number)"
        )
    if not state.is_terminal:
        raise ValueError(
            f"{name} scores finished games, but in {shown_position(state)!r} the game is still "
            "running; to value a position where a search stops early, pass a heuristic such as "
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
    cells = _cells(state, "piece_count")
    return cells.count(X) - cells.count(O)


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
    for line in _lines(state, "two_in_a_row"):
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
    for line in _lines(state, "open_lines"):
        marks = {state.cells[i] for i in line}
        x_open += O not in marks
        o_open += X not in marks
    return x_open - o_open


def _lines(state: State, heuristic: str) -> tuple[Line, ...]:
    try:
        return winning_lines(state.rows, state.cols, state.k)
    except AttributeError:
        raise NotForThisGame(heuristic, state, _OWN_HEURISTIC) from None


def _cells(state: State, heuristic: str) -> tuple[str, ...]:
    try:
        return state.cells
    except AttributeError:
        raise NotForThisGame(heuristic, state, _OWN_HEURISTIC) from None


_OWN_HEURISTIC = "a heuristic of the game's own, heuristic(position, ply) -> a number"


# ---------------------------------------------------------------------------------------------
# Heuristics designed from features: count what matters on the board, then weigh it.


def feature_names(k: int) -> tuple[str, ...]:
    """The names of :func:`features` on a board with `k` in a row, in the order it gives them.

    >>> feature_names(4)
    ('open_1', 'open_2', 'open_3', 'open_4', 'threats', 'centre')
    """
    k = whole_number(k, "k", at_least=1, what="marks in a row")
    return (*(f"open_{marks}" for marks in range(1, k + 1)), "threats", "centre")


def features(state: State) -> dict[str, float]:
    """What a heuristic can count on the board, each from X's side (X's count minus O's):

    * ``open_1`` ... ``open_k``: the lines open to X holding 1, 2, ... k of X's marks (a line
      is open to X while no O stands on it; ``open_k`` counts completed lines) minus the same
      for O. An empty line is open to both and left out;
    * ``threats``: the empty cells where X would complete a line with one more mark, minus
      O's. Two lines that need the same cell make one threat, two that need different cells
      two, and two threats cannot both be blocked with one mark;
    * ``centre``: X's marks off the border of the board (on 4x4 the four middle cells, on
      3x3 the centre) minus O's.

    Every feature gives mirror images the same value, and swapping X and O changes its sign.
    :func:`open_lines` is the sum of the ``open_...`` features and :func:`two_in_a_row` is
    0.2 times ``open_{k-1}``.

    Here X has three marks in the top row, one of them alone in the third column (both lines
    still open to X), and a threat at 3; O has two marks in the second row, one of them off
    the border:

    >>> features(State.parse("XXX./OO../..../....", k=4))
    {'open_1': 1, 'open_2': -1, 'open_3': 1, 'open_4': 0, 'threats': 1, 'centre': -1}
    """
    refuse_other_games(state, "features()", _OWN_HEURISTIC)
    if not isinstance(state, State):
        raise TypeError(f"features() reads a board, a State such as State.new(), not {state!r}")
    x_open, o_open, x_threats, o_threats, centre = _count_features(state)
    names = feature_names(state.k)
    values = [x - o for x, o in zip(x_open[1:], o_open[1:])]
    values += [x_threats - o_threats, centre]
    return dict(zip(names, values))


def _count_features(state: State) -> tuple[list[int], list[int], int, int, int]:
    """Open lines by marks for X and for O, X's and O's threat cells, and the centre count."""
    lines, interior = _geometry(state.rows, state.cols, state.k)
    cells, k = state.cells, state.k
    x_open, o_open = [0] * (k + 1), [0] * (k + 1)
    x_threats: set[int] = set()
    o_threats: set[int] = set()
    for line in lines:
        xs = os = 0
        gap = -1
        for i in line:
            cell = cells[i]
            if cell == X:
                xs += 1
            elif cell == O:
                os += 1
            else:
                gap = i
        if not os:
            x_open[xs] += 1
            if xs == k - 1:
                x_threats.add(gap)
        if not xs:
            o_open[os] += 1
            if os == k - 1:
                o_threats.add(gap)
    centre = sum((cells[i] == X) - (cells[i] == O) for i in interior)
    return x_open, o_open, len(x_threats), len(o_threats), centre


@functools.cache
def _geometry(rows: int, cols: int, k: int) -> tuple[tuple[Line, ...], tuple[int, ...]]:
    """The winning lines, and the cells off the border."""
    interior = tuple(r * cols + c for r in range(1, rows - 1) for c in range(1, cols - 1))
    return winning_lines(rows, cols, k), interior


_FEATURE = re.compile(r"open_([1-9][0-9]*)|threats|centre")


class Weighted:
    """A heuristic made of weighted :func:`features`: ``sum(weight * feature)``, X's view.

    Build it with :func:`weighted`. Its name, which search trees and reports show, lists the
    weights. Features left out weigh 0.
    """

    def __init__(self, weights: Mapping[str, float]) -> None:
        if not isinstance(weights, Mapping):
            raise TypeError(
                "weighted() takes a dict from feature names to weights, such as "
                f"{{'open_2': 1, 'open_3': 5}}, not {weights!r}"
            )
        checked: dict[str, float] = {}
        for name, weight in weights.items():
            if not isinstance(name, str) or not _FEATURE.fullmatch(name):
                raise ValueError(
                    f"{name!r} is not a feature: the features are open_1, open_2, ... open_k "
                    "(lines by the marks they hold), threats and centre; see features()"
                )
            if (
                isinstance(weight, bool)
                or not isinstance(weight, Real)
                or not math.isfinite(weight)
            ):
                raise ValueError(f"the weight of {name} must be a finite number, not {weight!r}")
            checked[name] = weight
        self.weights: dict[str, float] = checked
        self.__name__ = "weighted(" + ", ".join(f"{n}={w:g}" for n, w in checked.items()) + ")"
        self._longest = max(
            (
                int(match.group(1))
                for n in checked
                if (match := _FEATURE.fullmatch(n)) and match.group(1)
            ),
            default=0,
        )
        self._open = [0.0] * (self._longest + 1)
        for name, weight in checked.items():
            if name.startswith("open_"):
                self._open[int(name[5:])] = weight
        self._threats = checked.get("threats", 0)
        self._centre = checked.get("centre", 0)

    def __call__(self, state: State, ply: int) -> float:
        if self._longest > state.k:
            raise ValueError(
                f"{self.__name__} weighs open_{self._longest}, but on this board {state.k} in "
                f"a row wins, so no line holds more than {state.k} marks: use open_1 to "
                f"open_{state.k}"
            )
        x_open, o_open, x_threats, o_threats, centre = _count_features(state)
        value = 0.0
        for marks in range(1, self._longest + 1):
            weight = self._open[marks]
            if weight:
                value += weight * (x_open[marks] - o_open[marks])
        if self._threats:
            value += self._threats * (x_threats - o_threats)
        if self._centre:
            value += self._centre * centre
        return value

    def __repr__(self) -> str:
        return self.__name__


def weighted(weights: Mapping[str, float]) -> Weighted:
    """A heuristic that adds up :func:`features`, each times its weight in `weights`.

    >>> same_as_open_lines = weighted({"open_1": 1, "open_2": 1, "open_3": 1, "open_4": 1})
    >>> position = State.parse("XX../.O../..../....", k=4)
    >>> same_as_open_lines(position, 0), open_lines(position, 0)
    (1.0, 1)
    >>> fuller_lines_count_more = weighted({"open_1": 1, "open_2": 4, "open_3": 16})
    >>> fuller_lines_count_more
    weighted(open_1=1, open_2=4, open_3=16)
    >>> fuller_lines_count_more(position, 0)
    4.0
    >>> weighted({"open_two": 1})
    Traceback (most recent call last):
      ...
    ValueError: 'open_two' is not a feature: the features are open_1, open_2, ... open_k ...
    """
    return Weighted(weights)


# ---------------------------------------------------------------------------------------------
# Mixing scores and heuristics in one search: a win must outrank every guess.


def bounded(heuristic: Score) -> Score:
    """`heuristic` squeezed into the open interval (-1, 1): ``h / (1 + |h|)``.

    Larger values stay larger and the sign stays the same, so a search that compares only
    heuristic values (or compares them with a draw's 0) chooses exactly as before; but no
    value reaches 1, the value of a win for :func:`win_loss`.

    >>> squeezed = bounded(open_lines)
    >>> running = State.parse("X..../...../...../...../.....", k=4)
    >>> open_lines(running, 0), squeezed(running, 0)
    (3, 0.75)
    >>> squeezed.__name__
    'bounded(open_lines)'
    """
    if not callable(heuristic):
        raise TypeError(f"bounded() takes a heuristic h(state, ply), not {heuristic!r}")

    def squeezed(state: State, ply: int) -> float:
        value = heuristic(state, ply)
        return value / (1 + abs(value))

    squeezed.__name__ = squeezed.__qualname__ = f"bounded({_name(heuristic)})"
    return squeezed


def decisive(score: Score) -> Score:
    """`score` with every win and loss moved out beyond ±1: ``v + 1`` for a positive value,
    ``v - 1`` for a negative one, 0 (a draw) left as it is.

    Larger values stay larger, so finished games rank among themselves as before (a quicker
    win above a slower one, for :func:`depth_aware`); and every win lies above, every loss
    below, anything :func:`bounded` gives.

    >>> strict = decisive(win_loss)
    >>> strict(State.parse("XXX/OO./..."), 5), strict(State.parse("XOX/XOO/OXX"), 9)
    (2, 0)
    >>> strict.__name__
    'decisive(win_loss)'
    """
    if not callable(score):
        raise TypeError(f"decisive() takes a score s(state, ply), not {score!r}")

    def pushed(state: State, ply: int) -> float:
        value = score(state, ply)
        return value + 1 if value > 0 else value - 1 if value < 0 else value

    pushed.__name__ = pushed.__qualname__ = f"decisive({_name(score)})"
    return pushed


def _name(function: Callable[..., object]) -> str:
    return getattr(function, "__name__", None) or type(function).__name__
