"""The checks for Lesson 3 (``notebooks/03-minimax.ipynb``): minimax, the order in which it
visits a tree, and negamax. (Lesson 3b's checks, on its score scales, build on
:func:`check_minimax`.)

>>> from tictac.search.engine import minimax
>>> def my_minimax(state):
...     return minimax(state, memo="plain").value
>>> check_minimax(my_minimax).passed
True
>>> check_negamax(my_minimax).passed   # X's view is not the mover's view when O is to move
False
>>> tree = NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> check_visit_order(tree, ["B1", "B2", "B3", "C1", "C2", "C3", "D1", "D2", "D3"]).passed
True
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tictac.exercises.checking import (
    Report,
    check_function,
    exercise_positions,
    verdict_html,
)
from tictac.game.numbertree import NumberTree
from tictac.game.scoring import Score, win_loss
from tictac.game.state import State
from tictac.search.engine import minimax
from tictac.search.textbook import minimax_value, negamax_value

__all__ = [
    "VisitOrderCheck",
    "check_minimax",
    "check_negamax",
    "check_visit_order",
    "minimax_positions",
    "visit_order",
]


def check_minimax(
    function: Callable[[State], float],
    *,
    score: Score = win_loss,
    reveal: Callable[..., Any] | None = minimax_value,
    positions: Iterable[State] | None = None,
) -> Report:
    """Check a function ``my_minimax(state) -> value`` (X's view) against the reference.

    It runs on every position with at least two marks whose game is still running, one per
    group of mirror images (so the check takes seconds even for plain, unmemoised minimax).
    Once it passes, the report shows `reveal`, the package's own short version
    (:func:`tictac.search.textbook.minimax_value`), to compare with yours; before that it never
    does. A check built on this one for another search passes its own reference (or None).
    `positions` replaces the positions it runs on (the graded assignments' hidden cases,
    :mod:`tictac.exercises.grading`).
    """
    return check_function(
        "minimax",
        function,
        lambda s: minimax(s, score=score, memo="plain").value,
        minimax_positions() if positions is None else positions,
        reveal=reveal,
    )


def check_negamax(
    function: Callable[[State], float], *, positions: Iterable[State] | None = None
) -> Report:
    """Check a function ``my_negamax(state) -> value`` for *the player to move*.

    Negamax values a position for whoever is to move there, so the right answer is minimax's
    value when X is to move and the same value with its sign changed when O is. The check runs
    on the positions :func:`check_minimax` uses (or on `positions`), and once it passes it
    shows the package's :func:`tictac.search.textbook.negamax_value`.

    >>> def mover_wins(state):
    ...     if state.is_terminal:
    ...         return 0 if state.winner is None else -1   # the one who just moved has won
    ...     return max(-mover_wins(state.play(move)) for move in state.legal_moves())
    >>> check_negamax(mover_wins).passed
    True
    """

    def for_the_mover(state: State) -> float:
        value = minimax(state, memo="plain").value
        return value if state.turn == "X" else -value

    return check_function(
        "negamax",
        function,
        for_the_mover,
        minimax_positions() if positions is None else positions,
        reveal=negamax_value,
    )


def minimax_positions() -> list[State]:
    """Every unfinished position with at least two marks, one per group of mirror images: the
    positions :func:`check_minimax` and :func:`check_negamax` use (and the graded assignments'
    hidden cases avoid, :mod:`tictac.exercises.grading`)."""
    return [s for s in exercise_positions(min_marks=2, up_to_symmetry=True) if not s.is_terminal]


# ---------------------------------------------------------------------------------------------
# The order of visits


@dataclass(frozen=True)
class VisitOrderCheck:
    """A predicted order in which minimax values a tree's leaves, compared with a traced
    search. It says what is wrong (the first leaf out of place, a name the tree does not
    have) without saying what is right."""

    answer: Any
    passed: bool
    message: str

    def __str__(self) -> str:
        return f"visit order: {self.message}"

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return verdict_html(str(self), self.passed, tag="p")


def visit_order(tree: NumberTree) -> tuple[NumberTree, ...]:
    """The leaves of `tree` in the order minimax values them, read from a traced search.

    >>> [leaf.name for leaf in visit_order(NumberTree([[1, [2, 3]], 4]))]
    ['B1', 'C1', 'C2', 'A2']
    """
    trace = minimax(tree, trace=True).trace
    assert trace is not None
    return tuple(
        node.state
        for node in trace.walk()
        if node.kind == "terminal" and isinstance(node.state, NumberTree)
    )


def check_visit_order(
    tree: NumberTree | Sequence[Any], order: Sequence[Any] | None
) -> VisitOrderCheck:
    """Check a prediction of the order in which minimax values the leaves of `tree`.

    `order` lists every leaf once, by the name the drawing gives it (``"C1"``) or by its
    number; names and numbers may be mixed. `tree` is a :class:`~tictac.game.numbertree.NumberTree`
    or the nested lists to build one from. None means no answer yet: the check fails and says
    what to write. The report names the first leaf out of place, never the right one.

    >>> tree = NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> check_visit_order(tree, [3, 12, 8, 2, 4, 6, 14, 5, 2]).passed   # numbers work too
    True
    >>> check_visit_order(tree, None)
    visit order: no answer yet. Write the leaves in the order minimax values them, as a list ...
    >>> check_visit_order(tree, ["B1", "B2", "B3", "C1", "D1", "C2", "C3", "D2", "D3"])
    visit order: your first 4 leaves are right, but 'D1' is not the 5th leaf minimax values. ...
    >>> check_visit_order(tree, ["B1", "B2", "B4"])
    visit order: 'B4' is not a leaf of this tree: ...
    """
    root = tree if isinstance(tree, NumberTree) else NumberTree(tree)
    problem = _problem_with(root, order)
    if problem is not None:
        return VisitOrderCheck(order, False, problem)
    assert order is not None
    for place, (guess, leaf) in enumerate(zip(order, visit_order(root))):
        if not _names_leaf(guess, leaf):
            right = (
                f"your first {place} {'leaf is' if place == 1 else 'leaves are'} right, but "
                if place
                else ""
            )
            return VisitOrderCheck(
                order,
                False,
                f"{right}{guess!r} is not the {_ordinal(place + 1)} leaf minimax values. To "
                "value a node, minimax needs the values of all its children: start at the "
                "root, follow the three rules, and note down each leaf as you reach it.",
            )
    return VisitOrderCheck(
        order,
        True,
        f"right, minimax values the {len(order)} leaves in that order. It goes depth first: "
        "it finishes everything below one move before it tries the next. Well done!",
    )


def _problem_with(root: NumberTree, order: Sequence[Any] | None) -> str | None:
    """What stops `order` from being checked at all (None if nothing does)."""
    leaves = root.leaves()
    how = "as a list of their names (the label above each leaf's number) or of their numbers"
    if order is None:
        return f"no answer yet. Write the leaves in the order minimax values them, {how}."
    if isinstance(order, (str, bytes)) or not isinstance(order, Sequence):
        return f"write the leaves {how}, not {order!r}."
    names = {leaf.name for leaf in leaves}
    inner = {node.name: node for node in root.nodes() if not node.is_terminal}
    values = {leaf.number for leaf in leaves}
    for guess in order:
        if isinstance(guess, str):
            name = guess.strip().upper()
            if name in inner:
                return (
                    f"{guess!r} is a {inner[name].player} node, not a leaf: minimax values "
                    f"only the leaves by their numbers, and works out {name}'s value from them."
                )
            if name not in names:
                return (
                    f"{guess!r} is not a leaf of this tree: give each leaf's name as the "
                    "drawing labels it (the label above its number), or its number."
                )
        elif isinstance(guess, numbers.Real) and not isinstance(guess, bool):
            if guess not in values:
                return f"no leaf of this tree is worth {guess!r}: check the numbers in the drawing."
        else:
            return f"each leaf is a name or a number, not {guess!r}: write the leaves {how}."
    named = [guess.strip().upper() for guess in order if isinstance(guess, str)]
    twice = sorted({name for name in named if named.count(name) > 1})
    if twice:
        return f"{twice[0]!r} is listed more than once: minimax values each leaf once."
    if len(order) != len(leaves):
        listed = f"{len(order)} {'leaf' if len(order) == 1 else 'leaves'}"
        return (
            f"you listed {listed}, but the tree has {len(leaves)}: list every leaf once, in the "
            "order minimax values them."
        )
    return None


def _names_leaf(guess: Any, leaf: NumberTree) -> bool:
    """Does `guess` (a name or a number) stand for `leaf`?"""
    if isinstance(guess, str):
        return guess.strip().upper() == leaf.name
    return bool(guess == leaf.number)


def _ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"
