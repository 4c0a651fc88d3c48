"""Step through a search one visit at a time: the order in which minimax and alpha-beta visit a
tree, and where α and β come from.

:func:`record_search` runs one traced search with the package's own code
(:func:`~tictac.search.engine.minimax` or :func:`~tictac.search.engine.alphabeta`, the latter the
textbook way, one window shared by the root's moves, as :func:`~tictac.pictures.tree.draw_tree`
draws it) and cuts what it did into steps. A :class:`Step` is one of:

* ``"enter"``: the search starts on a position that has moves (an inner node);
* ``"leaf"``: it values a leaf: a finished game (or a leaf of a tree of numbers) by the score,
  or a position at the depth limit by the heuristic;
* ``"cut"``: alpha-beta skips the moves of a position it has not tried yet, because α ≥ β;
* ``"done"``: an inner node's value is known and goes back up to its parent.

Any game's position can be stepped through, drawn as :func:`~tictac.pictures.tree.draw_tree`
draws it; the sentences name its moves by the game's ``move_label`` where it has one.

Each step says what happened in one sentence, and :meth:`SearchSteps.frame` draws the tree as
it stands after the step. Recording needs no widgets;
:func:`tictac.pictures.stepper_widget.step_search` shows the same as a widget with buttons.

>>> from tictac.game.numbertree import NumberTree
>>> steps = record_search(NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> len(steps), [step.kind for step in steps][:6]
(16, ['enter', 'enter', 'leaf', 'leaf', 'leaf', 'done'])
>>> print(steps[8].sentence)
C1 is worth 2 ≤ α = 3: MAX will never choose C, so skip C2 and C3.
>>> print(steps[9].sentence)
C is worth at most 2: MAX keeps α = 3.

Frames
------
Every frame draws the same nodes, every node the search visited and every move it pruned, so
that the picture does not jump from one step to the next; each line of a node's text sits in a
cell whose size is fixed for that node, so Graphviz lays out every frame alike. What changes:

* a node not visited yet is grey, on a grey ground, and shows no value (a leaf of a tree of
  numbers shows its number, in grey: it is the game's data, like the marks of a board); the move
  to it is dotted;
* the node of the step has a thick dark outline and says **now**;
* the path from the root to it is bold, and each node on it shows its *current* α and β: the
  window the child being searched now was given, updated as each child's value comes back
  (MAX raises α to the child's value, MIN lowers β). A node searched earlier keeps the window
  it was searched with, in grey, as :func:`~tictac.pictures.tree.draw_tree` writes it;
* values appear as they are backed up, written as :func:`~tictac.pictures.tree.draw_tree` writes
them:
  ``MIN ≤ 2`` where alpha-beta learnt only a bound;
* once alpha-beta has cut a node short, its reason shows (``cut: 2 <= alpha 3``) and the moves
  it skipped are dashed and say "pruned".

Children are drawn in the order the search tried them, left to right (top to bottom when the
tree is drawn sideways), so the visits read like text.

Minimax frames show no α or β. The stepper replays searches without a memo (a position answered
from a memo would end its visit without showing why); :func:`~tictac.pictures.tree.draw_tree` draws
memos' cache hits.
"""

from __future__ import annotations

import functools
import html
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

from tictac.game.numbertree import NumberTree
from tictac.game.position import REQUIRED, Position, move_text
from tictac.game.scoring import Score, win_loss
from tictac.game.state import State
from tictac.helpers.checks import as_whole, shown
from tictac.helpers.old_names import moved_away
from tictac.pictures.boards import COLORS, format_value
from tictac.pictures.static import bare_svg
from tictac.pictures.tree import (
    FADED_FILL,
    GREY,
    MUTED,
    PRUNED_TEXT,
    Drawing,
    GameTree,
    SearchName,
    board_look,
    html_board,
    name_of,
    node_unit,
    number_node,
    reason_text,
    window_text,
)
from tictac.search.budget import BudgetLike, meter
from tictac.search.engine import Memo, SearchResult, TraceNode, alphabeta, minimax

__all__ = ["STEP_BUDGET", "SearchSteps", "Step", "record_search"]

STEP_BUDGET = 300
"""The most positions a search to step through may visit (the default ``budget=``). A search
of 300 positions has about 500 steps, more than anyone clicks through, and on a busy 2-core
machine Graphviz takes about a third of a second for each of its frames (some 350 boards with
the pruned moves); a tree of 60 nodes takes under a tenth (``bench/run.py``, table 6). All but
178 of the 5,478 positions of 3x3 fit, and those have 6 or more empty cells."""

StepKind = Literal["enter", "leaf", "cut", "done"]
OrderMoves = bool | Callable[[Any], Iterable[int]] | None

_EXAMPLE_TREE = "NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])"


# ---------------------------------------------------------------------------------------------
# The recording


@dataclass(frozen=True, repr=False, eq=False)
class Step:
    """One thing the search did.

    `kind` is ``"enter"``, ``"leaf"``, ``"cut"`` or ``"done"`` (see :mod:`tictac.pictures.stepper`);
    `node` the position it was done at, a :class:`~tictac.search.engine.TraceNode` of the search's
    trace; `sentence` says it in words; `path` is the nodes from the root down to `node`, and
    `windows` the current (α, β) of each of them once the step is done.
    """

    kind: StepKind
    node: TraceNode
    sentence: str
    path: tuple[TraceNode, ...]
    windows: tuple[tuple[float, float], ...]

    def __repr__(self) -> str:
        return f"Step({self.kind}: {self.sentence})"


def record_search(
    position: Position,
    *,
    search: SearchName = "alphabeta",
    score: Score = win_loss,
    order_moves: OrderMoves = None,
    depth: int | None = None,
    heuristic: Score | None = None,
    memo: Memo = None,
    budget: BudgetLike = STEP_BUDGET,
) -> SearchSteps:
    """Search from `position` once, with a trace, and cut the search into steps.

    `position` is a :class:`~tictac.game.state.State`, a
    :class:`~tictac.game.numbertree.NumberTree`, or any other game's position (a
    :class:`~tictac.game.position.Position`: Connect Four, Nim, your own). `search` is
    ``"alphabeta"`` (the textbook way: one window shared by the root's moves) or
    ``"minimax"``; `score`, `depth` and `heuristic` are the searches' options; `order_moves`
    (alpha-beta only) is None for the moves in board order, True for the package's ordering (wins,
    blocks, the centre, corners), or your own ``order(position) -> moves``. `budget` bounds the
    search: :data:`STEP_BUDGET` positions by default, as many as are worth stepping through.
    `memo` is there to be refused with a reason: a search with a memo is not stepped through (see
    above). Moves are named by the game's ``move_label(move)`` where it has one (Nim's
    ``take 2 from heap 0``).

    >>> from tictac.game.state import State
    >>> steps = record_search(State.parse(".../XXO/XOO"))
    >>> len(steps), steps.result.value
    (10, 1)
    >>> for step in steps[:3]:
    ...     print(step.kind, "·", step.sentence)
    enter · Start at the root: X is to move, so it is worth the largest of its moves' values;
    nothing is sure yet: α = −∞, β = +∞.
    leaf · X's move 0 wins, worth 1: X raises α to 1.
    enter · Visit X's move 1: O to move, with α = 1 and β = +∞.
    >>> print(steps[6].sentence)
    O's reply 0 is worth 1 ≤ α = 1: X will never play 1, so skip O's other reply, 2.
    >>> record_search(State.new())
    Traceback (most recent call last):
      ...
    tictac.search.budget.BudgetExceeded: the stepper stopped after searching 300 positions, ...
    """
    if not isinstance(position, Position):
        missing = ", ".join(name for name in REQUIRED if not hasattr(position, name))
        raise TypeError(
            f"the stepper needs a State, such as State.parse('XOX/.O./...'), or a NumberTree, such "
            f"as {_EXAMPLE_TREE}, or another game's position (one with turn, is_terminal, "
            f"legal_moves(), play(move), result() and key; this lacks {missing}), "
            f"not {shown(position)}"
        )
    if search not in ("minimax", "alphabeta"):
        raise ValueError(f"search={search!r} is not an option: use 'alphabeta' or 'minimax'")
    if memo is not None and memo is not False:
        raise ValueError(
            "the stepper replays a search without a memo: a position answered from the memo would "
            "end its visit without showing why. Leave memo out here; draw_tree(..., memo="
            "'symmetric') draws the cache hits"
        )
    if order_moves is False:
        order_moves = None
    if search == "minimax" and order_moves is not None:
        raise ValueError(
            "order_moves is alpha-beta's option (minimax tries every move, so their order does "
            "not change what it visits): use search='alphabeta', or leave order_moves out"
        )
    board = isinstance(position, State)
    advice = ["a position with fewer empty cells" if board else "a position nearer the end"]
    if depth is None and board:
        advice.append(
            "a depth limit, e.g. depth=2, heuristic=two_in_a_row from tictac.game.scoring"
        )
    elif depth is None:
        advice.append("a depth limit with a heuristic of your own, e.g. depth=2, heuristic=...")
    if search == "minimax":
        advice.append("search='alphabeta', which visits fewer positions")
    advice.append(f"the textbook's tree of numbers, {_EXAMPLE_TREE}")
    counter = meter(budget, position, "the stepper", advice)
    result: SearchResult
    if search == "minimax":
        result = minimax(
            position, score=score, depth=depth, heuristic=heuristic, trace=True, budget=counter
        )
    else:
        result = alphabeta(
            position,
            score=score,
            depth=depth,
            heuristic=heuristic,
            order_moves=order_moves if order_moves is not None else False,
            exact_root=False,
            trace=True,
            budget=counter,
        )
    heuristic_name = name_of(heuristic) if heuristic is not None else None
    return SearchSteps(result, search, heuristic_name)


class SearchSteps:
    """A search cut into steps, with a picture of each: what :func:`record_search` returns.

    ``steps[i]`` (or ``steps.steps[i]``) is the i-th :class:`Step`, from 0; ``len(steps)`` how
    many there are; :meth:`frame` draws the tree after a step; `trace` and `result` are the
    search's own.

    >>> from tictac.game.numbertree import NumberTree
    >>> steps = record_search(NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> steps
    <alphabeta on NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]): 16 steps, 11 nodes visited,
    1 cut>
    >>> [steps.name(node) for node in steps.visits()]
    ['A', 'B', 'B1', 'B2', 'B3', 'C', 'C1', 'D', 'D1', 'D2', 'D3']
    >>> steps.cuts()
    (8,)
    >>> steps.frame(8)
    <game tree: 13 boards drawn; step 9 of 16: C1 is worth 2 ≤ α = 3: ...>
    """

    def __init__(self, result: SearchResult, search: SearchName, heuristic_name: str | None):
        if result.trace is None:
            raise ValueError("a search cut into steps needs its trace: search with trace=True")
        self.result = result
        self.trace: TraceNode = result.trace
        self.search: SearchName = search
        self.heuristic_name = heuristic_name
        self._drawing = Drawing(search == "alphabeta", heuristic_name, words=False)
        self.steps: tuple[Step, ...] = tuple(_Narrator(self).record(self.trace))
        self._when = _Timeline(self.steps)
        self._svgs: dict[int, str] = {}

    @functools.cached_property
    def _look(self) -> _FrameLook:
        """What draws the frames: made the first time a frame is drawn."""
        return _FrameLook(self)

    # -- the steps ------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.steps)

    def __getitem__(self, index: int) -> Step:
        return self.steps[index]

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __repr__(self) -> str:
        what = "node" if isinstance(self.trace.state, NumberTree) else "position"
        return (
            f"<{self.search} on {_short(self.trace.state)}: "
            f"{_count(len(self), 'step')}, "
            f"{_count(self.result.stats.nodes, what)} visited, {_count(len(self.cuts()), 'cut')}>"
        )

    def index(self, index: int) -> int:
        """`index` checked and counted from 0 (a negative one counts from the end, as in a
        list)."""
        whole = as_whole(index)
        if whole is None:  # an index, so a TypeError and an IndexError, as a list's
            raise TypeError(f"a step is a whole number, 0 to {len(self) - 1}, not {index!r}")
        if not -len(self) <= whole < len(self):
            raise IndexError(
                f"there are {len(self)} steps, 0 to {len(self) - 1} (or -1 for the last), so "
                f"there is no step {whole}"
            )
        return whole % len(self)

    def visits(self) -> tuple[TraceNode, ...]:
        """The nodes in the order the search visited them."""
        return tuple(step.node for step in self.steps if step.kind in ("enter", "leaf"))

    def cuts(self) -> tuple[int, ...]:
        """The steps at which alpha-beta cut a node short."""
        return tuple(i for i, step in enumerate(self.steps) if step.kind == "cut")

    def name(self, node: TraceNode) -> str:
        """How the sentences name a node: ``C1`` in a tree of numbers, ``O's reply 0`` on a
        board (the move that leads to it and who made it), ``X's move (take 2 from heap 0)`` in
        a game that names its moves (``move_label``), ``the root`` at the start."""
        return _name(node)

    # -- the pictures ---------------------------------------------------------------------------

    def frame(self, index: int) -> Any:
        """The tree after step `index` (from 0), as a :class:`~tictac.pictures.tree.GameTree` (a
        ``graphviz.Digraph`` that shows itself in a notebook)."""
        index = self.index(index)
        return self._look.graph(index)

    def svg(self, index: int) -> str:
        """Step `index`'s frame as the text of an ``<svg>`` element, drawn once and kept."""
        index = self.index(index)
        if index not in self._svgs:
            drawn: str = self.frame(index).pipe(format="svg", encoding="utf-8", quiet=True)
            self._svgs[index] = bare_svg(drawn)
        return self._svgs[index]


def _count(number: int, thing: str) -> str:
    return f"{number:,} {thing}{'' if number == 1 else 's'}"


def _short(state: Position) -> str:
    if isinstance(state, State):
        return f"State.parse({state.text!r})"
    return repr(state) if isinstance(state, NumberTree) else shown(state)


# ---------------------------------------------------------------------------------------------
# The sentences


def _name(node: TraceNode) -> str:
    state = node.state
    if isinstance(state, NumberTree):
        return state.name
    if node.move is None:
        return "the root"
    mover = "O" if state.turn == "X" else "X"  # who made the move that led here
    move = move_text(state, node.move)
    named = move if move == str(node.move) else f"({move})"
    return f"{mover}'s {'move' if node.ply == 1 else 'reply'} {named}"


def _ending(state: Position) -> str:
    """How the move that ended the game ended it, for the player who made it."""
    result = state.result()
    if result == "draw":
        return "draws"
    mover = "O" if state.turn == "X" else "X"
    return "wins" if result == mover else "loses"


def _player(state: Position) -> str:
    """Who moves at `state`, as the sentences say it: X or O on a board, MAX or MIN in a tree
    of numbers."""
    return state.player if isinstance(state, NumberTree) else state.turn


def _say(value: float) -> str:
    """A value in a sentence: as the pictures write it, with a true minus sign."""
    return format_value(value).replace("-", "−")


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class _Narrator:
    """Walks a trace depth-first, as the search went, and writes a step for each thing it did,
    keeping each path node's current window (and, for minimax, its best value so far)."""

    def __init__(self, steps: SearchSteps) -> None:
        self.alphabeta = steps.search == "alphabeta"
        self.heuristic_name = steps.heuristic_name or "the heuristic"
        self.value_text = steps._drawing.value_text
        self.known = steps._drawing.known
        self.result = steps.result
        self.steps: list[Step] = []
        self.path: list[TraceNode] = []
        self.windows: list[tuple[float, float]] = []
        self.best: list[float | None] = []

    def record(self, root: TraceNode) -> list[Step]:
        self.visit(root)
        return self.steps

    def add(self, kind: StepKind, node: TraceNode, sentence: str) -> None:
        self.steps.append(Step(kind, node, sentence, tuple(self.path), tuple(self.windows)))

    def visit(self, node: TraceNode) -> None:
        self.path.append(node)
        self.windows.append((node.alpha, node.beta))
        self.best.append(None)
        if not node.children:
            self.back_up("leaf", node)
        else:
            self.add("enter", node, self.entering(node))
            for child in node.children:
                self.visit(child)
            if node.pruned:
                self.add("cut", node, self.cutting(node))
            self.back_up("done", node)
        self.path.pop()
        self.windows.pop()
        self.best.pop()

    def back_up(self, kind: StepKind, node: TraceNode) -> None:
        """A node's value is known: tell its parent, and say so."""
        if len(self.path) == 1:
            self.add(kind, node, self.ending(node))
            return
        clause = self.tell_parent(node.value, self.path[-2].state)
        joint = "; " if node.kind == "cutoff-heuristic" else ": "
        self.add(kind, node, f"{_cap(self.worth(node))}{joint}{clause}.")

    def tell_parent(self, value: float, parent: Position) -> str:
        """Update the parent's window (or best value) with a child's value; say what changed."""
        player = _player(parent)
        maximising = parent.turn == "X"
        if not self.alphabeta:
            best = self.best[-2]
            if best is None or (value > best if maximising else value < best):
                self.best[-2] = value
                return f"{player}'s best so far"
            return f"{player} keeps {_say(best)}"
        alpha, beta = self.windows[-2]
        if maximising:
            if value > alpha:
                self.windows[-2] = (value, beta)
                return f"{player} raises α to {_say(value)}"
            return f"{player} keeps α = {_say(alpha)}"
        if value < beta:
            self.windows[-2] = (alpha, value)
            return f"{player} lowers β to {_say(value)}"
        return f"{player} keeps β = {_say(beta)}"

    def worth(self, node: TraceNode) -> str:
        """What a node is worth, in words: ``C is worth at most 2``, ``O's reply 0 wins, worth
        −1``, ``X's reply 4: depth limit reached, two_in_a_row guesses 0.2``."""
        name, value = _name(node), _say(node.value)
        state = node.state
        if node.kind == "cutoff-heuristic":
            return f"{name}: depth limit reached, {self.heuristic_name} guesses {value}"
        if not isinstance(state, NumberTree) and state.is_terminal:
            return f"{name} {_ending(state)}, worth {value}"
        bound = {"≤": "at most ", "≥": "at least "}.get(self.known.bound(node) or "", "")
        return f"{name} is worth {bound}{value}"

    def entering(self, node: TraceNode) -> str:
        state = node.state
        player = _player(state)
        largest = "largest" if state.turn == "X" else "smallest"
        options = "children's" if isinstance(state, NumberTree) else "moves'"
        if node.move is None:
            start = f"Start at {_name(node)}: {player} is to move"
            if not self.alphabeta:
                return f"{start}, so it is worth the {largest} of its {options} values."
            return (
                f"{start}, so it is worth the {largest} of its {options} values; nothing is sure "
                "yet: α = −∞, β = +∞."
            )
        if not self.alphabeta:
            return f"Visit {_name(node)}: {player} to move, who takes the {largest} value."
        alpha, beta = self.windows[-1]
        return (
            f"Visit {_name(node)}: {player} to move, with α = {_say(alpha)} and β = {_say(beta)}."
        )

    def cutting(self, node: TraceNode) -> str:
        """α ≥ β at `node`: its remaining moves cannot change anything."""
        state = node.state
        alpha, beta = self.windows[-1]
        edge = f"≤ α = {_say(alpha)}" if state.turn == "O" else f"≥ β = {_say(beta)}"
        parent = self.path[-2].state
        if isinstance(state, NumberTree):
            choice = f"choose {state.name}"
            rest = _join([state.play(move).name for move in node.pruned if isinstance(move, int)])
        else:
            choice = f"play {move_text(parent, node.move)}"
            replies = "reply" if len(node.pruned) == 1 else "replies"
            others = _join([move_text(state, move) for move in node.pruned])
            rest = f"{state.turn}'s other {replies}, {others}"
        last = node.children[-1]  # the move that brought alpha and beta together
        if last.kind == "cutoff-heuristic":
            worth = (
                f"{_name(last)}, as {self.heuristic_name} guesses it, is worth {_say(last.value)}"
            )
        else:
            worth = self.worth(last)
        return f"{_cap(worth)} {edge}: {_player(parent)} will never {choice}, so skip {rest}."

    def ending(self, root: TraceNode) -> str:
        """The root's value is known: the search is over."""
        state = root.state
        what = "node" if isinstance(state, NumberTree) else "position"
        visited = f"{_count(self.result.stats.nodes, what)} visited"
        if not root.children:
            if isinstance(state, NumberTree):
                return f"{state.name} is a leaf, worth {_say(root.value)}: nothing to search."
            return f"The game is over already, worth {_say(root.value)}: nothing to search."
        move = self.result.move
        best = next(child for child in root.children if child.move == move)
        if isinstance(state, NumberTree):
            choice = f"{state.player}'s best move leads to {_name(best)}"
        else:
            choice = f"{state.turn}'s best move is {move_text(state, move)}"
        return f"{_cap(self.worth(root))}, and the search is over ({visited}): {choice}."


# ---------------------------------------------------------------------------------------------
# The frames


class _Timeline:
    """When each node appears in the steps: visited, valued, cut (by the id of its TraceNode)."""

    def __init__(self, steps: tuple[Step, ...]) -> None:
        self.visited: dict[int, int] = {}
        self.valued: dict[int, int] = {}
        self.cut: dict[int, int] = {}
        for index, step in enumerate(steps):
            key = id(step.node)
            if step.kind in ("enter", "leaf"):
                self.visited[key] = index
            if step.kind in ("leaf", "done"):
                self.valued[key] = index
            if step.kind == "cut":
                self.cut[key] = index


@dataclass(frozen=True)
class _Drawn:
    """A node every frame draws: a visited one (`node`), or a move pruned at `parent`."""

    id: str
    state: Position
    move: str  # the move that leads to it, as the edge's label in the Graphviz source
    ply: int
    parent_id: str | None
    node: TraceNode | None  # None: a pruned move
    parent: TraceNode | None


# How a node looks in a frame: visited (for a pruned move: cut off), valued, cut short, its
# current window if it is on the path, and whether it is the node of the step.
_Look = tuple[bool, bool, bool, "tuple[float, float] | None", bool]

_ROW_HEIGHT = 14  # points: a line of 9-point text and its padding
_NOW = f'<font color="{COLORS["highlight"]}"><b>now</b></font>'
_EDGE_LOOKS = {  # how a move is drawn: on the path, visited, not yet visited, pruned
    "path": {"color": COLORS["highlight"], "penwidth": "2.5"},
    "seen": {},
    "unseen": {"color": GREY, "fontcolor": GREY, "style": "dotted"},
    "pruned": {"color": GREY, "fontcolor": GREY, "style": "dashed"},
}


@functools.cache
def _text_width(text: str) -> float:
    """About how wide `text` is in 9-point Helvetica, bold, with a cell's padding, in points:
    a little more than it measures (in Liberation Sans, which has Helvetica's widths), so that
    it fits the cell.

    >>> round(_text_width("MAX ≥ 12")), round(_text_width("cut: -1 <= alpha -1"))
    (60, 102)
    """
    narrow, wide = set("fijlrt.,:;|!' "), set("mwMW@%")
    width = 0.0
    for char in text:
        if char in narrow:
            width += 2.8
        elif char in wide:
            width += 8.4
        elif char.isupper() or not char.isascii():
            width += 6.6
        else:
            width += 5.2
    return width * 1.12 + 10


class _FrameLook:
    """Draws the frames of one recording: the nodes, their fixed sizes, their looks per step."""

    def __init__(self, steps: SearchSteps) -> None:
        self.steps = steps
        self.alphabeta = steps.search == "alphabeta"
        self.when = steps._when
        self.drawing = steps._drawing
        self.nodes: list[_Drawn] = []
        self.lines_kept: dict[tuple[str, object], str] = {}
        self.add(steps.trace, None, "m")
        self.sizes = self.text_sizes()
        levels: dict[int, int] = {}
        for drawn in self.nodes:
            levels[drawn.ply] = levels.get(drawn.ply, 0) + 1
        self.rankdir = "LR" if max(levels.values()) > 10 else "TB"

    def add(self, node: TraceNode, parent: _Drawn | None, node_id: str) -> None:
        """`node` and all below it, depth-first: the drawing order, so left to right is the
        search's order. Ids follow the moves from the root: ``m``, ``m4``, ``m4_0``."""
        parent_id, parent_node = (parent.id, parent.node) if parent else (None, None)
        state = node.state
        label = "" if parent is None else _edge_label(parent.state, node.move)
        drawn = _Drawn(node_id, state, label, node.ply, parent_id, node, parent_node)
        self.nodes.append(drawn)
        joint = "" if parent is None else "_"
        for index, child in enumerate(node.children):
            self.add(child, drawn, f"{node_id}{joint}{_id_part(child.move, index)}")
        for index, move in enumerate(node.pruned, start=len(node.children)):
            child_id = f"{node_id}{joint}{_id_part(move, index)}"
            edge = _edge_label(state, move)
            self.nodes.append(
                _Drawn(child_id, state.play(move), edge, node.ply + 1, node_id, None, node)
            )

    def text_sizes(self) -> dict[str, tuple[int, int]]:
        """For each node, the size of a cell that fits every line any frame writes in it."""
        texts: dict[str, set[str]] = {}
        ids = {id(drawn.node): drawn.id for drawn in self.nodes if drawn.node is not None}
        for drawn in self.nodes:
            lines = texts[drawn.id] = {"now", "MAX", "pruned"}
            node = drawn.node
            if node is not None:
                lines |= {f"MAX {self.drawing.value_text(node)}", node.reason}
                lines.add(window_text(node.alpha, node.beta))
                if node.kind == "cutoff-heuristic":
                    lines.add(self.steps.heuristic_name or "heuristic")
        if self.alphabeta:
            for step in self.steps:
                for node, window in zip(step.path, step.windows):
                    texts[ids[id(node)]].add(window_text(*window))
        return {
            node_id: (math.ceil(max(map(_text_width, lines))), _ROW_HEIGHT)
            for node_id, lines in texts.items()
        }

    # -- one frame ------------------------------------------------------------------------------

    def graph(self, index: int) -> Any:
        step = self.steps[index]
        on_path = {id(node): window for node, window in zip(step.path, step.windows)}
        lines = []
        for drawn in self.nodes:
            lines.append(self.node_line(drawn, index, on_path, now=drawn.node is step.node))
            if drawn.parent_id is not None:
                lines.append(self.edge_line(drawn, index, on_path))
        graph = GameTree(
            graph_attr={
                "rankdir": self.rankdir,
                "ordering": "out",
                "nodesep": "0.12",
                "ranksep": "0.35",
                "bgcolor": "white",
            },
            node_attr={"shape": "plain", "fontname": "Helvetica", "fontsize": "9"},
            edge_attr={"fontname": "Helvetica", "fontsize": "9", "arrowsize": "0.5"},
            body=lines,
        )
        graph.description = f"step {index + 1} of {len(self.steps)}: {step.sentence}"
        graph.boards = len(self.nodes)
        if node_unit(self.steps.trace.state) == "position":  # (a tree of numbers' says boards)
            graph.unit = "position"
        return graph

    def node_line(
        self, drawn: _Drawn, index: int, on_path: dict[int, tuple[float, float]], now: bool
    ) -> str:
        """The node's line of the Graphviz source in frame `index`. A node looks the same in
        most frames, so each look is written once and kept. (Nothing in a line needs quoting:
        the ids are letters, digits and _, the labels HTML-like, the values plain.)"""
        node, when = drawn.node, self.when
        if node is None:  # a pruned move: it "happens" at its parent's cut
            assert drawn.parent is not None
            look: _Look = (when.cut[id(drawn.parent)] <= index, False, False, None, now)
        else:
            cut = when.cut.get(id(node))
            look = (
                when.visited[id(node)] <= index,
                when.valued[id(node)] <= index,
                cut is not None and cut <= index,
                on_path.get(id(node)),
                now,
            )
        key = (drawn.id, look)
        line = self.lines_kept.get(key)
        if line is None:
            label = self.framed(self.label(drawn, *look[:4]), now, drawn.id)
            extra = ' class="tictac-now"' if now else ""
            line = self.lines_kept[key] = f"\t{drawn.id} [label={label}{extra}]\n"
        return line

    def edge_line(self, drawn: _Drawn, index: int, on_path: dict[int, tuple[float, float]]) -> str:
        """The line of the move to the node, in frame `index` (kept like the nodes')."""
        if drawn.node is None:  # a pruned move
            assert drawn.parent is not None
            look = "pruned" if self.when.cut[id(drawn.parent)] <= index else "unseen"
        elif id(drawn.node) in on_path:
            look = "path"
        else:
            look = "seen" if self.when.visited[id(drawn.node)] <= index else "unseen"
        key = (drawn.id, look)
        line = self.lines_kept.get(key)
        if line is None:
            style = " ".join(f'{name}="{value}"' for name, value in _EDGE_LOOKS[look].items())
            line = f"\t{drawn.parent_id} -> {drawn.id} [label={drawn.move} {style}]\n"
            self.lines_kept[key] = line
        return line

    def framed(self, label: str, now: bool, node_id: str) -> str:
        """The node's label in an outer frame of a fixed size: thick and dark, with the word
        "now", for the node of the step; white (unseen) for the others."""
        color = COLORS["highlight"] if now else "white"
        word = _NOW if now else ""
        size = self.sizes[node_id]
        return (
            f'<<table border="3" cellborder="0" cellspacing="0" cellpadding="1" '
            f'color="{color}"><tr><td>{label[1:-1]}</td></tr><tr><td fixedsize="true" '
            f'width="{size[0]}" height="{size[1]}">{word}</td></tr></table>>'
        )

    def label(
        self,
        drawn: _Drawn,
        visited: bool,
        valued: bool,
        cut: bool,
        window_now: tuple[float, float] | None,
    ) -> str:
        """A node's label: for a pruned move, `visited` means "the cut has happened"."""
        node, state = drawn.node, drawn.state
        size = self.sizes[drawn.id]
        if node is None or not visited:
            return self.faint(state, node is None and visited, size)
        value = self.drawing.value_text(node) if valued else ""
        note = ""
        if cut:
            note = reason_text(node.reason)
        elif valued and node.kind == "cutoff-heuristic":
            note = f"<i>{html.escape(self.steps.heuristic_name or 'heuristic')}</i>"
        window = ""
        if window_now is not None:
            window = f"<b>{window_text(*window_now)}</b>"
        elif valued:
            window = f'<font color="{MUTED}">{window_text(node.alpha, node.beta)}</font>'
        if isinstance(state, NumberTree):
            if state.is_terminal:
                return number_node(state, [f"<b>{value}</b>", note], text_size=size)
            role = f"<b>{state.player} {value}".rstrip() + "</b>"
            return number_node(state, self.lines(role, window, note), text_size=size)
        fill, border, role = board_look(state)
        lines = self.lines(
            f"<b>{role} {value}".rstrip() + "</b>", window, note, state.result() is None
        )
        return html_board(state, fill, border, lines, "rounded", text_size=size)

    def lines(self, value: str, window: str, note: str, searched: bool = True) -> list[str]:
        """A node's lines of text: its value, its window (alpha-beta, a position that was
        searched rather than over), a note (the reason for a cut, the heuristic's name)."""
        if self.alphabeta and searched:
            return [value, window, note]
        return [value, note]

    def faint(self, state: Position, pruned: bool, size: tuple[int, int]) -> str:
        """A node the search has not visited (yet, or ever: `pruned`): grey, without values."""
        note = PRUNED_TEXT if pruned else ""
        if isinstance(state, NumberTree):
            if state.is_terminal:
                return number_node(state, [note], faded=True, text_size=size)
            lines = self.lines(f'<font color="{MUTED}">{state.player}</font>', "", note)
            return number_node(state, lines, faded=True, text_size=size)
        _, _, role = board_look(state)
        lines = self.lines(f'<font color="{MUTED}">{role}</font>', "", note, state.result() is None)
        style = "" if pruned else "rounded"
        return html_board(state, FADED_FILL, GREY, lines, style, faded=True, text_size=size)


# Moved to tictac.pictures.stepper_widget (this module records and draws, without ipywidgets).
__getattr__ = moved_away(
    __name__,
    {
        "SearchStepper": "tictac.pictures.stepper_widget",
        "step_search": "tictac.pictures.stepper_widget",
    },
)


def _id_part(move: object, index: int) -> str:
    """What a move adds to a node's Graphviz id: a board's cell number, or, for a move that is
    no such number (Nim's ``(0, 2)``), ``i`` and its place among the node's moves."""
    if isinstance(move, int) and not isinstance(move, bool) and move >= 0:
        return str(move)
    return f"i{index}"


def _edge_label(state: Position, move: object) -> str:
    """A move's label as the Graphviz source writes it: a cell number as it is, a game's own
    name for its move (``move_label``) in quotes.

    >>> from tictac.game.nim import Nim
    >>> _edge_label(State.new(), 4), _edge_label(Nim.new((3, 4)), (0, 2))
    ('4', '"take 2 from heap 0"')
    """
    text = move_text(state, move)
    if text.isascii() and text.isdigit():
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
