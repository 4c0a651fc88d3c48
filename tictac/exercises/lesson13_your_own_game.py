"""The checks for Lesson 13 (``notebooks/13-your-own-game.ipynb``): a game of your own, and
Nim's winning move without search.

:func:`check_no_repeat` plays your class for the take-away game "no repeats" through every
position from piles of 0 to 12 counters, beside the rules, and says where they part:

>>> class Plain:  # the lesson's take-away game: it forgets the new rule
...     def __init__(self, pile, turn="X"):
...         self.pile, self.turn = pile, turn
...     is_terminal = property(lambda self: self.pile == 0)
...     key = property(lambda self: (self.pile, self.turn))
...     def legal_moves(self):
...         return tuple(take for take in (1, 2, 3) if take <= self.pile)
...     def play(self, take):
...         return Plain(self.pile - take, "O" if self.turn == "X" else "X")
...     def result(self):
...         return ("O" if self.turn == "X" else "X") if self.is_terminal else None
>>> print(check_no_repeat(Plain))
no repeats: pile 1, O to move, X just took 1: your game offers the take 1; the rules allow no take.

:func:`check_nim_move` asks your function for a winning move in every Nim position of up to
four heaps of up to seven objects, and compares with what search finds:

>>> print(check_nim_move(lambda heaps: None))
winning move: 4,095 of 4,680 positions are won for the player to move, and your function ...
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from numbers import Integral
from typing import Any

from tictac.exercises.checking import verdict_html
from tictac.game.position import REQUIRED

__all__ = [
    "NO_REPEAT_PILES",
    "NoRepeatRules",
    "CheckVerdict",
    "check_nim_move",
    "check_no_repeat",
    "nim_positions",
]


@dataclass(frozen=True)
class CheckVerdict:
    """A check's verdict: its name, passed or not, and a note that says why."""

    name: str
    passed: bool
    note: str

    def __str__(self) -> str:
        return f"{self.name}: {self.note}"

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return verdict_html(str(self), self.passed, tag="div")


# ---------------------------------------------------------------------------------------------
# Exercise 1: the take-away game "no repeats"

TAKES = (1, 2, 3)
NO_REPEAT_PILES = range(13)
"""The starting piles :func:`check_no_repeat` plays your game from: 0 to 12 counters."""


@dataclass(frozen=True)
class NoRepeatRules:
    """A position of "no repeats", as the rules see it: a move takes 1, 2 or 3 counters, but
    not the number the other player took just before; the player who cannot move loses.

    >>> NoRepeatRules(5, "O", last=2).moves()
    (1, 3)
    >>> NoRepeatRules(1, "X", last=1).moves(), NoRepeatRules(1, "X", last=1).winner()
    ((), 'O')
    """

    pile: int
    turn: str
    last: int | None = None

    def moves(self) -> tuple[int, ...]:
        """The takes the player to move may make."""
        return tuple(take for take in TAKES if take <= self.pile and take != self.last)

    def after(self, take: int) -> NoRepeatRules:
        """The position once the player to move has taken `take`."""
        return NoRepeatRules(self.pile - take, "O" if self.turn == "X" else "X", take)

    def winner(self) -> str | None:
        """Who has won: the player who moved last, once the player to move cannot move."""
        if self.moves():
            return None
        return "O" if self.turn == "X" else "X"

    def future(self) -> tuple[int, str, tuple[int, ...]]:
        """What the rest of the game depends on: the pile, whose turn, and the takes allowed
        (the last take matters only where it forbids one)."""
        return self.pile, self.turn, self.moves()

    def __str__(self) -> str:
        before = (
            ""
            if self.last is None
            else f", {'O' if self.turn == 'X' else 'X'} just took {self.last}"
        )
        return f"pile {self.pile}, {self.turn} to move{before}"


def _value(rules: NoRepeatRules) -> int:
    """The position's value by plain search: +1 if X wins with perfect play, -1 if O does."""
    return _value_of(rules.pile, rules.turn, rules.last)


@functools.cache
def _value_of(pile: int, turn: str, last: int | None) -> int:
    rules = NoRepeatRules(pile, turn, last)
    if not rules.moves():
        return 1 if rules.winner() == "X" else -1
    values = [_value(rules.after(take)) for take in rules.moves()]
    return max(values) if turn == "X" else min(values)


def check_no_repeat(
    game: Callable[[int], Any], piles: Iterable[int] = NO_REPEAT_PILES
) -> CheckVerdict:
    """Play `game` (your class: ``game(pile)`` is a start with `pile` counters, X to move)
    through every position reachable from each of `piles`, beside :class:`NoRepeatRules`:
    the same player to move, the same moves, finished and won alike, and a `key` that tells
    apart any two positions whose futures differ. Then `minimax` with a memo must find each
    start's value.

    >>> print(check_no_repeat(int))
    no repeats: your position for pile 0 lacks turn, is_terminal, legal_moves, play, result ...
    """
    name = "no repeats"
    keys = _KeyBook()
    count = 0
    for pile in piles:
        try:
            start = game(pile)
        except Exception as error:  # a student's class may fail in any way: say how
            return CheckVerdict(name, False, f"{_called(game)}({pile}) failed: {_error(error)}")
        missing = [field for field in REQUIRED if not hasattr(start, field)]
        if missing:
            return CheckVerdict(
                name,
                False,
                f"your position for pile {pile} lacks {_listed(missing)}: a game offers all six "
                "(see the TakeAway class in the lesson)",
            )
        stack = [(start, NoRepeatRules(pile, "X"))]
        while stack:
            position, rules = stack.pop()
            count += 1
            problem = _compare(position, rules) or keys.problem(position, rules)
            if problem:
                return CheckVerdict(name, False, f"{rules}: {problem}.")
            for take in rules.moves():
                child, problem = _played(position, take)
                if problem:
                    return CheckVerdict(name, False, f"{rules}: {problem}.")
                stack.append((child, rules.after(take)))
    wrong = _wrong_values(game, piles)
    if wrong:
        return CheckVerdict(name, False, wrong)
    return CheckVerdict(
        name,
        True,
        f"your game follows the rules in all {count:,} positions played from piles "
        f"{min(piles)} to {max(piles)}, and minimax with a memo finds every start's value. "
        "Well done!",
    )


def _compare(position: Any, rules: NoRepeatRules) -> str | None:
    """What `position` gets wrong about the position `rules` describes, or None."""
    try:
        turn, moves = position.turn, tuple(sorted(position.legal_moves()))
        finished, result = position.is_terminal, position.result()
    except Exception as error:
        return f"asking your position failed: {_error(error)}"
    if turn != rules.turn:
        return f"your position says {turn!r} is to move"
    if moves != rules.moves():
        return f"your game offers {_takes(moves)}; the rules allow {_takes(rules.moves())}"
    if finished != (not rules.moves()):
        return f"your is_terminal is {finished!r}, but the game is {_running(rules)}"
    if result != rules.winner():
        return f"your result() is {result!r}; it should be {rules.winner()!r}"
    return None


def _played(position: Any, take: int) -> tuple[Any, str | None]:
    """The position after `take`, and a problem if playing it failed or changed `position`."""
    before = _facts(position)
    try:
        child = position.play(take)
    except Exception as error:
        return None, f"play({take}) failed: {_error(error)}"
    if child is position or _facts(position) != before:
        return child, (
            f"play({take}) changed the position it was played from: play must return a new "
            "position and leave this one as it was"
        )
    return child, None


def _facts(position: Any) -> tuple[Any, ...]:
    """What a position says about itself, to see whether playing a move changed it."""
    return position.turn, tuple(sorted(position.legal_moves())), repr(position.key)


@dataclass
class _KeyBook:
    """The keys seen so far: the position each key files, and each position's key."""

    positions: dict[Any, NoRepeatRules] = field(default_factory=dict)
    keys: dict[NoRepeatRules, Any] = field(default_factory=dict)

    def problem(self, position: Any, rules: NoRepeatRules) -> str | None:
        """What is wrong with `position`'s key, the key of the position `rules` describes."""
        try:
            key = position.key
            other = self.positions.setdefault(key, rules)
        except Exception as error:  # e.g. a key that is a list: unhashable
            return f"your key must be hashable, such as a tuple: {_error(error)}"
        earlier = self.keys.setdefault(rules, key)
        if earlier != key:
            return (
                f"this position has two keys, {earlier!r} and {key!r}, as it was reached by "
                "other takes: a memo would never find it again. A key holds what the rest of "
                "the game depends on, and nothing else"
            )
        if other.future() == rules.future():
            return None
        differs = (
            "the other player is to move there"
            if other.turn != rules.turn
            else "other takes are allowed there"
        )
        return (
            f"your key, {key!r}, is also the key of {other}, yet {differs}: a memo would mix "
            "the two up. A key holds everything the rest of the game depends on"
        )


def _wrong_values(game: Callable[[int], Any], piles: Iterable[int]) -> str | None:
    from tictac.search.engine import minimax  # the checks' layer may import any below it

    for pile in piles:
        expected = _value(NoRepeatRules(pile, "X"))
        got = minimax(game(pile), memo=True).value
        if got != expected:
            return (
                f"minimax with a memo finds {got} for pile {pile}, but plain search finds "
                f"{expected}"
            )
    return None


def _takes(moves: tuple[Any, ...]) -> str:
    """Takes in words: "no take", "the take 1", "the takes 1 and 3"."""
    if not moves:
        return "no take"
    shown = [repr(move) for move in moves]
    return f"the take {shown[0]}" if len(shown) == 1 else f"the takes {_listed(shown)}"


def _running(rules: NoRepeatRules) -> str:
    return "still running" if rules.moves() else "over: nobody can move"


def _called(game: Callable[..., Any]) -> str:
    return getattr(game, "__name__", "your game")


def _error(error: Exception) -> str:
    return f"{type(error).__name__}: {error}"


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


# ---------------------------------------------------------------------------------------------
# Exercise 2: Nim's winning move, without search

NIM_HEAPS, NIM_MOST = 4, 7
"""The positions :func:`check_nim_move` asks about: one to four heaps of 0 to 7 objects."""


def nim_positions(heaps: int = NIM_HEAPS, most: int = NIM_MOST) -> list[tuple[int, ...]]:
    """Every Nim position of one to `heaps` heaps of 0 to `most` objects each.

    >>> len(nim_positions(2, 1)), nim_positions(2, 1)[:3]
    (6, [(0,), (1,), (0, 0)])
    """
    sizes = range(most + 1)
    return [
        heap for count in range(1, heaps + 1) for heap in itertools.product(sizes, repeat=count)
    ]


@functools.cache
def _nim_won(heaps: tuple[int, ...]) -> bool:
    """True if the player to move wins Nim from `heaps` (sorted), found by search: some move
    leaves a position the opponent loses. Taking the last object wins."""
    return any(not _nim_won(after) for after in _nim_moves(heaps).values())


def _nim_moves(heaps: tuple[int, ...]) -> dict[tuple[int, int], tuple[int, ...]]:
    """Each legal move (heap, take) and the heaps after it, sorted (the order does not matter)."""
    return {
        (heap, take): tuple(sorted(heaps[:heap] + (size - take,) + heaps[heap + 1 :]))
        for heap, size in enumerate(heaps)
        for take in range(1, size + 1)
    }


def check_nim_move(
    winning_move: Callable[[tuple[int, ...]], Any],
    positions: Iterable[tuple[int, ...]] | None = None,
) -> CheckVerdict:
    """Ask `winning_move(heaps)` for a move in each position (by default every one of
    :func:`nim_positions`): where the player to move can win, a move ``(heap, take)`` that
    leaves the opponent a lost position; where every move loses, None. The truth comes from
    search, not from a formula.

    >>> print(check_nim_move(lambda heaps: None, [(1, 2, 3)]))
    winning move: all 1 positions answered right. Well done!
    """
    positions = nim_positions() if positions is None else list(positions)
    wrong: list[str] = []
    for heaps in positions:
        problem = _nim_problem(winning_move, tuple(heaps))
        if problem:
            wrong.append(problem)
    won = sum(_nim_won(tuple(sorted(heaps))) for heaps in positions)
    if not wrong:
        return CheckVerdict(
            "winning move", True, f"all {len(positions):,} positions answered right. Well done!"
        )
    return CheckVerdict(
        "winning move",
        False,
        f"{won:,} of {len(positions):,} positions are won for the player to move, and your "
        f"function is wrong in {len(wrong):,}; the first: {wrong[0]}",
    )


def _as_move(move: Any) -> Any:
    """A move given as a list or a tuple of two whole numbers, as the tuple ``(heap, take)``;
    anything else as it is."""
    if isinstance(move, list | tuple) and len(move) == 2:
        heap, take = move
        if all(isinstance(n, Integral) and not isinstance(n, bool) for n in (heap, take)):
            return (int(heap), int(take))
    return None  # hashable, and never a legal move


def _nim_problem(
    winning_move: Callable[[tuple[int, ...]], Any], heaps: tuple[int, ...]
) -> str | None:
    """What is wrong with the move `winning_move` gives for `heaps`, or None."""
    try:
        move = winning_move(heaps)
    except Exception as error:
        return f"for heaps {heaps} it failed: {_error(error)}"
    won = _nim_won(tuple(sorted(heaps)))
    if move is None:
        return f"heaps {heaps} are won, but it returned None" if won else None
    moves = _nim_moves(heaps)
    if _as_move(move) not in moves:
        return (
            f"for heaps {heaps} it returned {move!r}, which is no legal move: a move is (heap, "
            "take), the heap's index from 0 and at least one object taken"
            + ("; with nothing left to take, return None" if not moves else "")
        )
    if not won:
        return f"heaps {heaps} are lost whatever you do (return None), but it returned {move!r}"
    if _nim_won(moves[_as_move(move)]):
        return f"for heaps {heaps} it returned {move!r}, after which the opponent can win"
    return None
