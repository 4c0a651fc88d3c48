"""The checks for Lesson 8 (``notebooks/08-monte-carlo.ipynb``): UCB1, backpropagation, and
reading the root of a search.

:func:`check_ucb1` compares your choice of arm with UCB1's in many situations:

>>> from tictac.search.bandits import ucb1_choice
>>> check_ucb1(ucb1_choice).passed
True
>>> def greedy(pulls, wins, exploration):
...     means = [w / n if n else float("inf") for n, w in zip(pulls, wins)]
...     return means.index(max(means))
>>> print(check_ucb1(greedy).summary())
UCB1: ... situations differ ... Add the exploration bonus...

:func:`check_back_up` runs your backpropagation on real search trees:

>>> from tictac.search.mcts import backpropagate
>>> check_back_up(backpropagate).passed
True

:func:`check_next_playout` checks a prediction about :func:`root_puzzle` without giving the
answer away:

>>> print(check_next_playout(None, None))
next playout: no answer yet. ...
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tictac.exercises.checking import CaseReport, Mismatch, Report, verdict_html
from tictac.game.position import Position
from tictac.game.state import Mark, State
from tictac.helpers.checks import as_whole
from tictac.search.bandits import UCB1_EXPLORATION, ucb1_choice
from tictac.search.mcts import DEFAULT_EXPLORATION, MCTSNode, MCTSResult, backpropagate, uct_search

__all__ = [
    "BackUpReport",
    "NextPlayoutCheck",
    "ROOT_PUZZLE",
    "UCB1Report",
    "check_back_up",
    "check_next_playout",
    "check_ucb1",
    "root_puzzle",
]

# ---------------------------------------------------------------------------------------------
# Exercise 1: UCB1

UCB1_SITUATIONS = 400
"""How many bandit situations :func:`check_ucb1` tries."""

_TOLERANCE = 1e-9  # bounds this close to the largest count as equal (rounding differs)


@dataclass(frozen=True)
class Situation:
    """What a bandit player knows before a pull: each arm's pulls and wins, and the exploration
    constant to use."""

    pulls: tuple[int, ...]
    wins: tuple[float, ...]
    exploration: float

    def __str__(self) -> str:
        wins = ", ".join(f"{w:g}" for w in self.wins)
        return (
            f"pulls [{', '.join(map(str, self.pulls))}], wins [{wins}], "
            f"exploration {self.exploration:g}"
        )

    def allowed(self) -> tuple[int, ...]:
        """The arms UCB1 may pull: any arm never pulled, else those with the largest bound."""
        untried = tuple(arm for arm, n in enumerate(self.pulls) if n == 0)
        if untried:
            return untried
        bounds = self.bounds()
        top = max(bounds)
        return tuple(arm for arm, b in enumerate(bounds) if b >= top - _TOLERANCE * max(1, top))

    def bounds(self) -> list[float]:
        log_total = math.log(sum(self.pulls))
        return [
            w / n + self.exploration * math.sqrt(log_total / n)
            for n, w in zip(self.pulls, self.wins)
        ]

    def greedy(self) -> tuple[int, ...]:
        """The arms with the best mean so far (an arm never pulled counting as best)."""
        if 0 in self.pulls:
            return self.allowed()
        means = [w / n for n, w in zip(self.pulls, self.wins)]
        return tuple(arm for arm, m in enumerate(means) if m >= max(means) - _TOLERANCE)


def ucb1_situations(count: int = UCB1_SITUATIONS, *, seed: int = 8) -> list[Situation]:
    """`count` situations, drawn with `seed`: 2 to 5 arms, some never pulled (in one in five
    situations), wins in halves (a draw counts ½ in MCTS), and exploration constants from 0 to
    2.

    >>> print(ucb1_situations(1)[0])
    pulls [...], wins [...], exploration ...
    """
    rng = random.Random(seed)
    explorations = (0.0, 0.5, 1.0, UCB1_EXPLORATION, 2.0)
    situations = []
    for index in range(count):
        arms = rng.randint(2, 5)
        pulls = [rng.randint(1, 30) for _ in range(arms)]
        if index % 5 == 4:
            pulls[rng.randrange(arms)] = 0
        wins = tuple(rng.randint(0, 2 * n) / 2 for n in pulls)
        situations.append(Situation(tuple(pulls), wins, explorations[index % len(explorations)]))
    return situations


class UCB1Report(CaseReport[Situation]):
    """The verdict on a UCB1 function: how many situations it got wrong, the first few, and a
    hint that names the likeliest mistake."""

    noun = "situations"
    agreed = "agree with UCB1"
    differ = "differ from UCB1's choice"

    def hint(self) -> str:
        wrong = self.wrong
        if any(0 in s.pulls and got not in s.allowed() for s, got in wrong):
            return (
                "An arm never pulled must be pulled before any other: its mean is unknown, so "
                "UCB1 tries every arm once first."
            )
        if all(got in s.greedy() for s, got in wrong):
            return (
                "These are the greedy choices, the best mean so far. Add the exploration bonus, "
                "exploration * sqrt(ln n / n_i), where n is the pulls of all arms together and "
                "n_i the arm's own."
            )
        if all(s.exploration != 0 for s, _ in wrong):
            return (
                "With exploration 0 your choices are right; check the bonus: exploration * "
                "sqrt(ln n / n_i), with n the pulls of all arms together and n_i the arm's own."
            )
        return "Compare your bound with mean_i + exploration * sqrt(ln n / n_i) for each arm."

    def reference(self) -> Callable[..., Any]:
        """The package's :func:`~tictac.search.bandits.ucb1_choice`."""
        return ucb1_choice

    def describe(self, case: Situation, got: Any) -> str:
        return f"{case}: expected {_one_of(case.allowed())}, got {got!r}"


def check_ucb1(
    function: Callable[[list[int], list[float], float], Any],
    *,
    situations: Iterable[Situation] | None = None,
) -> UCB1Report:
    """Check ``my_ucb1(pulls, wins, exploration) -> arm``: in each of 400 situations it must
    choose an arm UCB1 may choose. That is an arm never pulled, if there is one (any of them),
    and otherwise an arm with the largest ``wins[i] / pulls[i] + exploration * sqrt(ln n /
    pulls[i])``, where n is ``sum(pulls)`` (any of equal ones).

    Once it passes, the report shows :func:`tictac.search.bandits.ucb1_choice`, to compare.
    `situations` replaces the situations it tries (the graded assignments' hidden cases,
    :mod:`tictac.exercises.grading`).
    """
    report = UCB1Report("UCB1")
    for situation in ucb1_situations() if situations is None else situations:
        try:
            got = function(list(situation.pulls), list(situation.wins), situation.exploration)
        except Exception as error:  # the student's code: report, don't crash the lesson
            report.error = f"{type(error).__name__}: {error} (with {situation})"
            return report
        report.checked += 1
        if not _is_arm(got) or int(got) not in situation.allowed():
            report.wrong.append((situation, got))
    return report


def _is_arm(answer: Any) -> bool:
    return as_whole(answer) is not None


def _one_of(arms: Sequence[int]) -> str:
    return str(arms[0]) if len(arms) == 1 else "one of " + ", ".join(map(str, arms))


# ---------------------------------------------------------------------------------------------
# Exercise 2: backpropagation

BACK_UP_POSITIONS = (".../.../...", "X../.O./...", "XX./.O./...", "XO./.X./..O", "X.O/.O./X..")
"""The positions whose search trees :func:`check_back_up` backs playouts up in."""


@dataclass(repr=False)
class BackUpReport(Report):
    """A :class:`Report` on a backpropagation function, with a hint naming the likeliest
    mistake."""

    problems: set[str] = field(default_factory=set)

    def summary(self) -> str:
        if self.error is not None or not self.checked:
            return super().summary()
        if self.passed:
            return (
                f"{self.name}: all {self.checked} playouts backed up as the reference does. "
                "Well done!"
            )
        hint = _BACK_UP_HINTS[min(self.problems, key=_BACK_UP_ORDER.index)]
        return (
            f"{self.name}: {len(self.mismatches)} of {self.checked} playouts backed up "
            f"differently from the reference. {hint}"
        )


_BACK_UP_ORDER = ["off the path", "visits", "draw", "mover", "reward"]
_BACK_UP_HINTS = {
    "off the path": (
        "Only the node the playout ended at and the nodes above it, up to the root, may "
        "change: follow node.parent until it is None."
    ),
    "visits": "Every node on the path, the root included, gets exactly one more visit.",
    "draw": "A draw (winner None) is worth ½ to both players: add 0.5 to every node's reward.",
    "mover": (
        "A node's reward counts for the player who moved into it, node.mover, not for "
        "node.state.turn (the player to move there): add 1 when node.mover won."
    ),
    "reward": "A win adds 1 to the winner's nodes and a loss adds 0.",
}


def _back_up_cases(
    positions: Iterable[State], seed: int
) -> list[tuple[MCTSNode, tuple[int, ...], Mark | None]]:
    """(root, path of moves to a node, winner): nodes at every depth of real search trees (one
    from each of `positions`, its playouts seeded from `seed`), and every result, in a shuffled
    order."""
    rng = random.Random(seed)
    cases: list[tuple[MCTSNode, tuple[int, ...], Mark | None]] = []
    for position in positions:
        tree = uct_search(position, playouts=40, seed=rng, keep_tree=True).tree
        assert tree is not None
        nodes = list(tree.walk())
        for node in [tree, *rng.sample(nodes[1:], min(6, len(nodes) - 1))]:
            for winner in ("X", "O", None):
                cases.append((tree, _path_to(node), winner))
    rng.shuffle(cases)
    return cases


def back_up_positions() -> list[State]:
    """The positions whose search trees :func:`check_back_up` uses (the graded assignments'
    hidden cases avoid them)."""
    return [State.parse(text) for text in BACK_UP_POSITIONS]


def _path_to(node: MCTSNode[int]) -> tuple[int, ...]:
    moves: list[int] = []
    while node.parent is not None:
        assert node.move is not None
        moves.append(node.move)
        node = node.parent
    return tuple(reversed(moves))


def _follow(root: MCTSNode, path: tuple[int, ...]) -> MCTSNode:
    node = root
    for move in path:
        node = next(child for child in node.children if child.move == move)
    return node


def check_back_up(
    function: Callable[[MCTSNode, Mark | None], Any],
    *,
    reveal: Callable[..., Any] = backpropagate,
    positions: Iterable[State] | None = None,
    seed: int = 8,
) -> BackUpReport:
    """Check ``my_back_up(node, winner)``, which credits a playout that ended below `node`
    with `winner` ("X", "O" or None for a draw) to `node` and every node above it, changing
    their `visits` and `reward` in place.

    It runs on real search trees (from five positions, 40 playouts each), from nodes at every
    depth, for every result, and compares every node of the tree afterwards with what
    :func:`tictac.search.mcts.backpropagate` makes of it (the trees are restored after each try).
    Once it passes, the report shows `reveal` (``backpropagate``), to compare. `positions` (the
    search trees' roots) and `seed` (their playouts' and the nodes' draw) replace the lesson's
    (the graded assignments' hidden cases, :mod:`tictac.exercises.grading`).
    """
    report = BackUpReport("backpropagation", 0, reference=reveal)
    roots = back_up_positions() if positions is None else positions
    for root, path, winner in _back_up_cases(roots, seed):
        node = _follow(root, path)
        path_up = _ancestors(node)  # the node, then each node above it
        on_path = {id(n) for n in path_up}
        nodes = path_up + [n for n in root.walk() if id(n) not in on_path]
        try:
            got = _backed_up(nodes, functools.partial(function, node, winner))
        except Exception as error:  # the student's code: report, don't crash the lesson
            report.error = f"{type(error).__name__}: {error} (backing up {winner!r})"
            return report
        expected = _backed_up(nodes, functools.partial(backpropagate, node, winner))
        report.checked += 1
        for n, yours, right in zip(nodes, got, expected):
            if yours == right:
                continue
            report.problems.add(_back_up_problem(yours, right, n, id(n) in on_path, winner))
            said = "a draw" if winner is None else f"{winner} won"
            report.mismatches.append(
                Mismatch(
                    _board(n.state),
                    _BackedUp(*right, n.mover, said),
                    _BackedUp(*yours, n.mover, said),
                )
            )
            break
    return report


def _backed_up(nodes: list[MCTSNode], run: Callable[[], Any]) -> list[tuple[int, float]]:
    """Each node's (visits, reward) after `run`; the nodes are then restored as they were."""
    before = [(n.visits, n.reward) for n in nodes]
    try:
        run()
        return [(n.visits, n.reward) for n in nodes]
    finally:
        for n, (visits, reward) in zip(nodes, before):
            n.visits, n.reward = visits, reward


@dataclass(frozen=True)
class _BackedUp:
    visits: int
    reward: float
    mover: Mark
    said: str

    def __repr__(self) -> str:
        return f"visits {self.visits}, reward {self.reward:g} for {self.mover} ({self.said})"


def _ancestors(node: MCTSNode | None) -> list[MCTSNode]:
    found = []
    while node is not None:
        found.append(node)
        node = node.parent
    return found


def _back_up_problem(
    got: tuple[int, float], expected: tuple[int, float], node: MCTSNode, on_path: bool, winner: Any
) -> str:
    if not on_path:
        return "off the path"
    if got[0] != expected[0]:
        return "visits"
    if winner is None:
        return "draw"
    before = expected[1] - float(winner == node.mover)
    if got[1] == before + float(winner != node.mover):
        return "mover"
    return "reward"


# ---------------------------------------------------------------------------------------------
# Exercise 3: reading the root


@dataclass(frozen=True)
class RootPuzzle:
    """A search stopped after a few playouts: its position, playouts and seed."""

    position: str
    playouts: int
    seed: int


ROOT_PUZZLE = RootPuzzle("..O/.O./XX.", 20, 0)
"""Exercise 3's search: 20 playouts from this position, seed 0, exploration 1.4."""


def root_puzzle(puzzle: RootPuzzle = ROOT_PUZZLE) -> MCTSResult[int]:
    """The search of Exercise 3, its tree kept.

    >>> sum(root_puzzle().visits.values())
    20
    """
    return uct_search(
        State.parse(puzzle.position), playouts=puzzle.playouts, seed=puzzle.seed, keep_tree=True
    )


@dataclass(frozen=True)
class NextPlayoutCheck:
    """A prediction of where the next playout goes at the root, and of the move MCTS would
    play if it stopped now, with the verdict."""

    passed: bool
    note: str

    def __str__(self) -> str:
        return f"next playout: {self.note}"

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return verdict_html(str(self), self.passed, tag="p")


def check_next_playout(
    selected: Any, played: Any, *, puzzle: RootPuzzle = ROOT_PUZZLE
) -> NextPlayoutCheck:
    """Check two predictions about :func:`root_puzzle`'s search: the root's move that the next
    playout's selection takes (UCT with exploration 1.4), and the move MCTS plays if it stops
    now. Moves are cells or ``(row, col)`` pairs. A wrong answer is told what it overlooks, not
    the right one.

    >>> check_next_playout(8, 8).passed
    False
    """
    result = root_puzzle(puzzle)
    root = result.tree
    assert root is not None
    state = root.state
    assert isinstance(state, State)
    if selected is None or played is None:
        return NextPlayoutCheck(
            False,
            "no answer yet. Set next_selected to the move the next playout goes to from the "
            "root, and played to the move MCTS plays if it stops now (cells, or (row, col) "
            "pairs).",
        )
    try:
        selected_move, played_move = state.index_of(selected), state.index_of(played)
    except Exception as error:
        return NextPlayoutCheck(False, f"{error}")
    right_selected = selected_move == root.uct_child(DEFAULT_EXPLORATION).move
    right_played = played_move == result.move
    notes = []
    if right_selected:
        notes.append(f"right, the next playout goes to {selected_move}")
    else:
        notes.append(_selection_hint(root, selected_move))
    if right_played:
        notes.append(f"right, MCTS plays {played_move} if it stops now")
    else:
        notes.append(
            f"MCTS would not play {played_move}: when it stops, it plays the move with the most "
            "visits, the one its playouts have tested most"
        )
    passed = right_selected and right_played
    return NextPlayoutCheck(passed, "; ".join(notes) + (". Well done!" if passed else "."))


def _selection_hint(root: MCTSNode, move: int) -> str:
    child = next((c for c in root.children if c.move == move), None)
    if child is None:
        return f"{move} is not one of the root's children: choose among the moves in the table"
    best_mean = max(root.children, key=lambda c: c.mean)
    least = min(root.children, key=lambda c: c.visits)
    if child is best_mean:
        return (
            f"the next playout does not go to {move}: it has the best mean, but selection adds "
            "each move's exploration bonus, 1.4 * sqrt(ln N / n), before comparing"
        )
    if child is least:
        return (
            f"the next playout does not go to {move}: it has the biggest exploration bonus, but "
            "selection adds each move's mean to its bonus before comparing"
        )
    return (
        f"the next playout does not go to {move}: work out mean + 1.4 * sqrt(ln N / n) for "
        "every move (N the root's visits, n the move's) and take the largest"
    )


def _board(state: Position) -> State:
    """A position of this lesson's searches: always a board."""
    assert isinstance(state, State)
    return state
