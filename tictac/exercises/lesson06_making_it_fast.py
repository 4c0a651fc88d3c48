"""The checks for Lesson 6 (``notebooks/06-making-it-fast.ipynb``): alpha-beta, the
positions it visits, and predicting what it skips on a tree of numbers. (Lesson 6b's move
order is checked in :mod:`tictac.exercises.lesson06b_alphabeta_in_practice`.)

>>> from tictac.search.engine import alphabeta
>>> def my_alphabeta(state):
...     return alphabeta(state, memo="plain").value
>>> check_alphabeta(my_alphabeta).passed   # alpha-beta must give minimax's values
True

On the textbook's tree of numbers, alpha-beta never looks at C's last two leaves, and it
searches C with the window (3, +inf):

>>> from tictac.game.numbertree import NumberTree
>>> textbook = NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> check_unvisited_leaves({"C2", "C3"}, tree=textbook)
leaves alpha-beta never looks at: right, it looks at 7 of the 9 leaves and never at these 2.
Well done!
>>> check_window((3, math.inf), node="C", tree=textbook).passed
True
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from tictac.exercises.checking import (
    Mismatch,
    Report,
    check_function,
    exercise_positions,
    verdict_html,
)
from tictac.exercises.lesson03_minimax import check_minimax
from tictac.game.numbertree import NumberTree
from tictac.game.position import shown_position
from tictac.game.scoring import Score, win_loss
from tictac.game.state import State
from tictac.pictures.boards import format_value
from tictac.search.engine import TraceNode, alphabeta
from tictac.search.textbook import alphabeta_value

__all__ = [
    "PRUNING_PUZZLE",
    "PUZZLE_NODE",
    "PruningCheck",
    "check_alphabeta",
    "check_alphabeta_nodes",
    "check_unvisited_leaves",
    "check_window",
]


def check_alphabeta(
    function: Callable[[State], float],
    *,
    score: Score = win_loss,
    positions: Iterable[State] | None = None,
) -> Report:
    """Check ``my_alphabeta(state) -> value``: it must give minimax's value everywhere, on the
    positions :func:`~tictac.exercises.check_minimax` uses (or on `positions`). Once it passes,
    the report shows the package's own short version,
    :func:`tictac.search.textbook.alphabeta_value`, to compare.

    >>> print(check_alphabeta(lambda state: 0).summary())
    alpha-beta: ... positions differ from the reference.
    """
    report = check_minimax(function, score=score, positions=positions)
    report.name = "alpha-beta"
    report.reference = alphabeta_value
    return report


def textbook_alphabeta(state: State, order: Callable[[State], Iterable[int]]) -> tuple[float, int]:
    """Alpha-beta as the textbook writes it (one window shared by the root's moves), trying the
    moves in `order`: the value of `state` and the number of positions visited, itself included.
    """
    result = alphabeta(state, order_moves=order, exact_root=False)
    return result.value, result.stats.nodes


class _NodeCountReport(Report):
    """A :class:`Report` on counted positions that says which way the counts are off."""

    def summary(self) -> str:
        text = super().summary()
        if self.error is not None or not self.mismatches:
            return text
        return f"{text} {_count_hint(self.mismatches)}"


def _count_hint(mismatches: list[Mismatch]) -> str:
    """What the wrong counts suggest: not numbers, too few, too many, or both."""
    not_counts = [m.got for m in mismatches if not isinstance(m.got, (int, float))]
    if not_counts:
        return (
            f"Your function returned {not_counts[0]!r}, not a count: it should return the "
            "number of positions visited (is a return statement missing?)."
        )
    if all(m.got == 1 for m in mismatches):
        return (
            "Your function counts 1 everywhere: only the position it starts from. The counting "
            "search must call itself for every move it tries, so that each position it visits "
            "adds one."
        )
    too_few = sum(m.got < m.expected for m in mismatches)
    too_many = len(mismatches) - too_few
    if too_many == 0:
        return (
            "Every wrong count is too low: does the counting search call itself (not another "
            "function) for each move it tries, and go on until alpha >= beta?"
        )
    if too_few == 0:
        return (
            "Every wrong count is too high: cut as soon as alpha >= beta, pass the narrowed "
            "window down to each move, and try the moves in board order."
        )
    return (
        f"{too_few} counts are too low and {too_many} too high: try the moves in board order, "
        "pass the window down, and count every position the search visits, once each."
    )


def check_alphabeta_nodes(
    function: Callable[[State], int], *, positions: Iterable[State] | None = None
) -> Report:
    """Check ``count_alphabeta(state) -> int``: how many positions alpha-beta visits from
    `state`, `state` itself included, trying moves in board order, with values +1/0/-1 and a
    cut as soon as alpha >= beta (18,297 from the empty board).

    It runs on every position with at least two marks, one per group of mirror images (or on
    `positions`: the graded assignments' hidden cases, :mod:`tictac.exercises.grading`). When
    counts differ, the report says whether they are too low, too high or both, which points at
    the mistake.

    >>> print(check_alphabeta_nodes(lambda state: 1).summary())
    alpha-beta positions visited: ... positions differ from the reference. Your function counts 1
    everywhere: ...
    """
    report = check_function(
        "alpha-beta positions visited",
        function,
        lambda s: textbook_alphabeta(s, State.legal_moves)[1],
        exercise_positions(min_marks=2, up_to_symmetry=True) if positions is None else positions,
    )
    return _NodeCountReport(report.name, report.checked, report.mismatches, report.error)


# ---------------------------------------------------------------------------------------------
# Exercise 3: predict, on a tree of numbers, what alpha-beta skips and the window it uses.

PRUNING_PUZZLE = NumberTree([[[4, 6], [7, 2, 9]], [[3, 1], [8, 5]], [[5, 9, 2], [7, 4], [8, 6]]])
"""Exercise 3's tree of numbers, three moves deep: MAX at the root, then MIN, then MAX."""

PUZZLE_NODE = "J"
"""The node of :data:`PRUNING_PUZZLE` whose window Exercise 3 asks for."""


@dataclass(frozen=True)
class PruningCheck:
    """A prediction about an alpha-beta search on a tree of numbers, and the verdict on it."""

    question: str
    passed: bool
    note: str

    def __str__(self) -> str:
        return f"{self.question}: {self.note}"

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return verdict_html(str(self), self.passed)


def _searched(tree: NumberTree) -> TraceNode:
    """The tree as the textbook's alpha-beta searches it: children left to right, one window
    shared by the root's moves."""
    if not isinstance(tree, NumberTree):
        raise TypeError(
            f"these checks are about a tree of numbers, a NumberTree, not {tree!r}: e.g. "
            "NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])"
        )
    trace = alphabeta(tree, exact_root=False, trace=True).trace
    assert trace is not None
    return trace


def check_unvisited_leaves(answer: Any, *, tree: NumberTree = PRUNING_PUZZLE) -> PruningCheck:
    """Check a prediction of the leaves that alpha-beta never looks at in `tree`: a set (or
    list) of their names, such as ``{"C2", "C3"}``, or one string with the names separated by
    commas.

    The search is the textbook's (``alphabeta(tree, exact_root=False)``), children left to
    right. A wrong answer is told how many of its leaves are looked at after all and how many
    are missing, not which.

    >>> check_unvisited_leaves(None)
    leaves alpha-beta never looks at: no answer yet. Write the names of the leaves ...
    >>> check_unvisited_leaves({"Z9"})
    leaves alpha-beta never looks at: 'Z9' is not a node of this tree. Its leaves are E1, ...
    """
    question = "leaves alpha-beta never looks at"
    looked_at = {
        shown_position(node.state) for node in _searched(tree).walk()
    }  # a node's text: its name
    leaves = [leaf.name for leaf in tree.leaves()]
    never = {name for name in leaves if name not in looked_at}
    names, problem = _leaf_names(answer, tree)
    if problem is not None:
        return PruningCheck(question, False, problem)
    if names == never:
        return PruningCheck(
            question,
            True,
            f"right, it looks at {len(leaves) - len(never)} of the {len(leaves)} leaves and "
            f"never at these {len(never)}. Well done!",
        )
    extra, missing = names - never, never - names
    found = []
    if extra:
        found.append(
            f"{_count(len(extra), 'of the leaves you named is', 'of the leaves you named are')}"
            " looked at after all"
        )
    if missing:
        found.append(f"{_count(len(missing), 'more leaf is', 'more leaves are')} never looked at")
    unsearched = {node.name for node in tree.nodes() if node.name not in looked_at}
    if any(_parent(name) in unsearched for name in missing):
        hint = (
            "When a node stops trying moves, nothing below the moves it skips is looked at, "
            "however deep: every leaf under them counts."
        )
    else:
        hint = (
            "Follow the search from the root, left to right, writing α and β beside each node "
            "as the search reaches it: a MAX node stops trying moves once its value reaches β, "
            "a MIN node once its value falls to α."
        )
    return PruningCheck(question, False, f"not yet. {_capital(' and '.join(found))}. {hint}")


def _parent(leaf: str) -> str:
    """The name of a leaf's parent: the leaf's name without its number."""
    return leaf.rstrip("0123456789")


def _leaf_names(answer: Any, tree: NumberTree) -> tuple[set[str], str | None]:
    """The leaf names in `answer`, upper-cased, or a sentence saying what is wrong with it."""
    leaves = [leaf.name for leaf in tree.leaves()]
    inner = {node.name for node in tree.nodes() if not node.is_terminal}
    if answer is None:
        return set(), (
            "no answer yet. Write the names of the leaves it never looks at as a set of "
            'strings, in quotes as the drawing writes them: {"…", "…"} (or set() for none).'
        )
    if isinstance(answer, str):
        answer = [name for name in re.split(r"[\s,]+", answer) if name]
    if not isinstance(answer, Iterable):
        return set(), f"the answer is a set of leaf names, such as {{'…', '…'}}, not {answer!r}."
    names = set()
    for item in answer:
        if not isinstance(item, str):
            return set(), (
                f"{item!r} is not a name: write each leaf's name in quotes, as the drawing "
                "writes it above the leaf's number."
            )
        name = item.strip().upper()
        if name in inner:
            return set(), (
                f"{item!r} is an inner node, not a leaf: name the leaves themselves (a leaf's "
                "name ends in a number)."
            )
        if name not in leaves:
            return set(), (
                f"{item!r} is not a node of this tree. Its leaves are {', '.join(leaves)}."
            )
        names.add(name)
    return names, None


def check_window(
    answer: Any, *, node: str = PUZZLE_NODE, tree: NumberTree = PRUNING_PUZZLE
) -> PruningCheck:
    """Check a prediction of the window ``(alpha, beta)`` that alpha-beta searches `node` of
    `tree` with (``math.inf`` for infinity), the search being the textbook's, children left
    to right. A wrong answer is told which of the two is right, not the numbers.

    >>> check_window(None)
    window at J: no answer yet. Write the window that J is searched with as a pair ...
    >>> check_window((-math.inf, math.inf), node="A").passed   # the root's window: all values
    True
    """
    trace = _searched(tree)
    name = node.strip().upper() if isinstance(node, str) else node
    nodes = {n.name for n in tree.nodes() if not n.is_terminal}
    if name not in nodes:
        raise ValueError(
            f"{node!r} is not an inner node of this tree; its inner nodes are "
            f"{', '.join(sorted(nodes))}"
        )
    searched = next((n for n in trace.walk() if shown_position(n.state) == name), None)
    if searched is None:
        raise ValueError(
            f"alpha-beta never searches {name}, so it has no window: ask about a node it searches"
        )
    question = f"window at {name}"
    expected = (searched.alpha, searched.beta)
    problem = _window_problem(answer, name)
    if problem is not None:
        return PruningCheck(question, False, problem)
    alpha, beta = answer
    shown = f"α = {format_value(expected[0])} and β = {format_value(expected[1])}"
    if (alpha, beta) == expected:
        return PruningCheck(question, True, f"{name} is searched with {shown}. Well done!")
    if (beta, alpha) == expected:
        return PruningCheck(
            question,
            False,
            "the right two numbers, the wrong way round: write the pair as (alpha, beta), the "
            "lower end first.",
        )
    if alpha >= beta:
        return PruningCheck(
            question,
            False,
            f"α must be below β: a node is searched only while α < β, and {name} is searched.",
        )
    max_side = (
        f"α is the most that MAX is already sure of on the way down to {name}: look at the "
        "MAX nodes above it, and at the values their earlier children returned."
    )
    min_side = (
        f"β is the least that MIN is already sure of on the way down to {name}: look at the "
        "MIN nodes above it, and at the values their earlier children returned."
    )
    if alpha == expected[0]:
        note = f"α is right, β is not. {min_side}"
    elif beta == expected[1]:
        note = f"β is right, α is not. {max_side}"
    else:
        note = (
            "neither α nor β is right. They start at the root as −∞ and +∞ and travel down; on "
            "the way, each MAX node raises α to the best value it has found so far, and each MIN "
            "node lowers β to the best it has found."
        )
    return PruningCheck(question, False, f"not yet. {_capital(note)}")


def _window_problem(answer: Any, name: str) -> str | None:
    """What keeps `answer` from being a window (a pair of numbers), or None if it is one."""
    if answer is None:
        return (
            f"no answer yet. Write the window that {name} is searched with as a pair (alpha, "
            "beta), writing infinity as math.inf."
        )
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        return f"write the window as a pair of numbers (alpha, beta), not {answer!r}."
    pair = list(answer)
    if len(pair) != 2:
        return f"a window is two numbers, (alpha, beta), not {len(pair)}: {answer!r}."
    for value in pair:
        if isinstance(value, bool) or not isinstance(value, numbers.Real) or math.isnan(value):
            return (
                f"α and β are numbers, not {value!r}: write infinity as math.inf and minus "
                "infinity as -math.inf."
            )
    return None


def _capital(text: str) -> str:
    """`text` with a capital first letter (α and β stay as they are: they are names)."""
    return text[:1].upper() + text[1:] if text[:1].isascii() else text


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"
