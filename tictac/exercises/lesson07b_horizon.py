"""The checks for Lesson 7b (``notebooks/07b-horizon.ipynb``): the threat extension written by
hand, and a position that shows the horizon effect.

:func:`check_extension` compares a depth-limited search with the threat extension with
:func:`tictac.search.threats.extended_value`; the search without it differs:

>>> from tictac.search.engine import minimax
>>> def plain(state, depth):
...     return minimax(state, depth=depth, heuristic=open_lines, score=decided).value
>>> check_extension(plain).passed
False

:func:`check_horizon` checks a position where the depth-2 search walks into a loss that the
threat extension avoids; the lesson's own position does not count:

>>> print(check_horizon(HORIZON_POSITION))
.X.X/OXXO/O.XO/....: that is the lesson's position (or a mirror image of it): find another one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from tictac.exercises.checking import Report, board_verdict_html, check_function, verdict_html
from tictac.exercises.lesson07_depth_limited import decided, random_positions
from tictac.game.scoring import bounded, decisive, open_lines, win_loss
from tictac.game.state import State
from tictac.search.engine import alphabeta
from tictac.search.solver import move_outcomes
from tictac.search.threats import MAX_EXTENSION, extended_value

__all__ = [
    "ExtensionReport",
    "HorizonCheck",
    "check_extension",
    "check_horizon",
    "extension_positions",
    "horizon_choices",
]

# ---------------------------------------------------------------------------------------------
# Exercise 1: the threat extension, by hand

EXTENSION_DEPTHS = (1, 2)
"""The depth limits :func:`check_extension` tries each position with."""

EXTENSION_POSITIONS = 200
"""How many positions of random 4x4 games :func:`check_extension` tries."""

LONG_FORCED_LINES = (
    State.parse("XX.../.XO../XO.XO/.OO.O/.OX.X", k=4),
    State.parse("XX..O/.O..X/XOO../.XOOX/O.X..", k=4),
)
"""Two 5x5 positions (four in a row, X to move) that :func:`check_extension` tries as well:
one move deep, a line of forced moves runs on more than
:data:`~tictac.search.threats.MAX_EXTENSION` plies past the depth limit, so an extension with
no bound, or another bound, finds another value there. (On the check's positions of random
4x4 games the bound never binds. These two were found by searching random 5x5 positions.)"""


@dataclass(repr=False)
class ExtensionReport(Report):
    """A :class:`Report` on a threat extension that says so when it differs only on
    :data:`LONG_FORCED_LINES`: then the bound of 8 plies is what is missing or wrong."""

    def summary(self) -> str:
        said = super().summary()
        if self.mismatches and all(m.state in LONG_FORCED_LINES for m in self.mismatches):
            said += (
                " It differs only on the 5x5 boards, where a line of forced moves runs on more "
                f"than {MAX_EXTENSION} plies past the depth limit: does your extension stop "
                f"{MAX_EXTENSION} plies past it?"
            )
        return said


def extension_positions() -> list[State]:
    """The positions :func:`check_extension` tries: 200 positions of seeded random 4x4 games
    (four in a row, five to twelve marks, finished games included), then
    :data:`LONG_FORCED_LINES`."""
    positions = random_positions(State.new(4, 4, 4), EXTENSION_POSITIONS, marks=(5, 12), seed=0)
    return [*positions, *LONG_FORCED_LINES]


def check_extension(function: Any, *, positions: list[State] | None = None) -> ExtensionReport:
    """Check ``function(state, depth)``, depth-limited minimax with open lines at the horizon,
    :func:`decided` for finished games and the threat extension (past the horizon, only the
    forced moves, at most :data:`~tictac.search.threats.MAX_EXTENSION` plies further), against
    :func:`tictac.search.threats.extended_value`: on 200 positions of seeded random 4x4 games (four
    in a row, five to twelve marks, finished games included) and on the two 5x5 positions of
    :data:`LONG_FORCED_LINES`, where the bound matters, at depths 1 and 2 (or on `positions`).
    Once it passes, the report shows the package's short version.

    >>> def without_extension(state, depth, ply=0):
    ...     if state.is_terminal:
    ...         return decided(state, ply)
    ...     if ply == depth:
    ...         return open_lines(state, ply)
    ...     values = [without_extension(state.play(m), depth, ply + 1) for m in state.legal_moves()]
    ...     return max(values) if state.turn == "X" else min(values)
    >>> print(check_extension(without_extension).summary())
    threat extension: 49 of 202 positions differ from the reference.
    """

    def values(state: State) -> tuple[float, ...]:
        return tuple(function(state, depth) for depth in EXTENSION_DEPTHS)

    def reference(state: State) -> tuple[float, ...]:
        return tuple(
            extended_value(state, depth, open_lines, decided) for depth in EXTENSION_DEPTHS
        )

    if positions is None:
        positions = extension_positions()
    found = check_function("threat extension", values, reference, positions, reveal=extended_value)
    return ExtensionReport(
        found.name, found.checked, found.mismatches, found.error, found.reference
    )


# ---------------------------------------------------------------------------------------------
# Exercise 2: a position that shows the horizon effect

HORIZON_POSITION = State.parse(".X.X/OXXO/O.XO/....", k=4)
"""The lesson's position: O to move; every move but 0 loses, and the depth-2 search with
open lines plays 12, a loss it cannot see (X's forced block at 0 is a double threat)."""

HORIZON_DEPTH = 2
"""The depth of the lesson's search (and of the check's)."""


def horizon_choices(state: State, *, extend_threats: bool = False) -> tuple[int, ...]:
    """The best moves of the lesson's search: alpha-beta :data:`HORIZON_DEPTH` plies deep,
    open lines at the depth limit, a win worth more than any guess; with `extend_threats`,
    searching on while a side must win or block at once.

    >>> horizon_choices(HORIZON_POSITION), horizon_choices(HORIZON_POSITION, extend_threats=True)
    ((12,), (0,))
    """
    found = alphabeta(
        state,
        depth=HORIZON_DEPTH,
        heuristic=bounded(open_lines),
        score=decisive(win_loss),
        memo=True,
        extend_threats=extend_threats,
    )
    return found.best_moves


@dataclass(repr=False)
class HorizonCheck:
    """A position checked for the horizon effect: the conditions it meets, or the first it
    misses, said without pointing at an answer."""

    position: State
    problem: str | None  # None: it shows the horizon effect
    plain: tuple[int, ...] = ()
    extended: tuple[int, ...] = ()
    losing: frozenset[int] = field(default_factory=frozenset)

    @property
    def passed(self) -> bool:
        return self.problem is None

    def __str__(self) -> str:
        name = self.position.text if isinstance(self.position, State) else repr(self.position)
        if self.problem is not None:
            return f"{name}: {self.problem}"
        return (
            f"{name}: right. The depth-{HORIZON_DEPTH} search plays {_moves(self.plain)}, "
            f"which lose{'s' if len(self.plain) == 1 else ''} with perfect play, although "
            f"{_count(len(self.position.legal_moves()) - len(self.losing), 'move')} would not; "
            f"with the threat extension it plays {_moves(self.extended)}, which do"
            f"{'es' if len(self.extended) == 1 else ''} not lose. Well done!"
        )

    __repr__ = __str__

    def _repr_html_(self) -> str:
        if not isinstance(self.position, State):
            return verdict_html(str(self), self.passed, tag="p")
        return board_verdict_html(self.position, str(self), self.passed)


def check_horizon(position: State) -> HorizonCheck:
    """Check a position (4x4, four in a row) where the lesson's depth-2 search walks into a
    loss that it cannot see, and the threat extension avoids it:

    * the game is still on, and the player to move has a move that does not lose;
    * every best move of the depth-2 search (:func:`horizon_choices`) loses with perfect play;
    * with the threat extension, none of its best moves loses;
    * it is not the lesson's position, nor a mirror image of it.

    >>> check_horizon(State.new(4, 4, 4)).passed
    False
    >>> str(check_horizon(State.new())).endswith("use a board made with State.new(4, 4, 4) "
    ...                                          "or State.parse(..., k=4).")
    True
    """
    if not isinstance(position, State):
        return HorizonCheck(
            position,
            "a position is a State, such as State.parse('..../..../..../....', k=4), not "
            f"{position!r}",
        )
    if (position.rows, position.cols, position.k) != (4, 4, 4):
        return HorizonCheck(
            position,
            "the lesson's search plays 4x4 with four in a row: use a board made with "
            "State.new(4, 4, 4) or State.parse(..., k=4).",
        )
    if position.is_terminal:
        return HorizonCheck(position, "the game is over: the search has no move to choose.")
    if position.canonical() == HORIZON_POSITION.canonical():
        return HorizonCheck(
            position, "that is the lesson's position (or a mirror image of it): find another one."
        )
    sign = 1 if position.turn == "X" else -1
    outcomes = move_outcomes(position)
    losing = frozenset(m for m, outcome in outcomes.items() if sign * outcome.value < 0)
    if len(losing) == len(outcomes):
        return HorizonCheck(
            position,
            f"every move loses for {position.turn} here, so no search could do better: look "
            "for a position with a move that does not lose.",
            losing=losing,
        )
    plain = horizon_choices(position)
    if not losing.issuperset(plain):
        return HorizonCheck(
            position,
            f"the depth-{HORIZON_DEPTH} search does not walk into a loss here: a move it likes "
            "best does not lose. Look for a position where every move it likes best loses.",
            plain,
            losing=losing,
        )
    extended = horizon_choices(position, extend_threats=True)
    if losing.intersection(extended):
        return HorizonCheck(
            position,
            f"the depth-{HORIZON_DEPTH} search walks into a loss here, but the threat "
            "extension does not save it: the loss does not come from a line of forced "
            "moves. Look for one that does.",
            plain,
            extended,
            losing,
        )
    return HorizonCheck(position, None, plain, extended, losing)


def _moves(moves: Iterable[int]) -> str:
    listed = [str(move) for move in moves]
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " or " + listed[-1]


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
