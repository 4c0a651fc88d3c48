"""Game trees drawn with Graphviz: real boards, the values that flow back up, the cuts.

:func:`draw_tree` runs a traced search from a position and draws what it did: each node is a
small board with the player to move (MAX for X, MIN for O) and its backed-up value; edges are
the moves; the best moves are ticked (``0 ✓``, in green) and the principal variation (the line
both sides play when they play best) is bold. Modes show what each search variant does
differently:

* ``search="minimax"``: the plain tree;
* ``search="alphabeta"``: each node's alpha-beta window, the moves it skipped dashed and
  greyed out, with the reason (``cut: 1 >= beta 0``). A search cut short learns only a bound
  on a position's value, and the node says so: ``MAX ≥ 1`` (X gets at least +1 there),
  ``MIN ≤ 0`` (O holds X to at most 0). Only a move whose value is known exactly, and is the
  best, is ticked;
* ``memo="plain"`` or ``"symmetric"``: positions answered from the memo marked as cache hits;
* ``depth=..., heuristic=...``: positions valued by the heuristic at the depth limit.

Any game's position can be drawn (:class:`~tictac.game.position.Position`): a Connect Four
node is a small board of discs, any other game's node shows the position's text, and moves are
named by the game's ``move_label`` if it has one (``take 2 from heap 0``).

Big trees are trimmed to `max_depth` levels and `max_nodes` nodes; what is left out is
summarised in a node such as "… 37 more positions", never silently dropped. Graphviz takes
seconds to lay out a thousand boards and minutes for a few thousand, so a drawing has at most
:data:`MAX_BOARDS` boards. The search behind a drawing goes to the end of the game (or to
`depth`), however little of it is drawn, and it has a `budget` like every search (see
:mod:`tictac.search.budget`).

>>> from tictac.game.state import State, symmetry_permutations
>>> graph = draw_tree(State.parse("XOX/.O./..."), max_depth=2)
>>> graph.source.count("->") > 0
True

Here X wins with 0 or 2. Alpha-beta finds the win at 0 first, so after 1 it stops at O's
first reply: O's other reply (which wins for O) is never searched, and the position after 1 is
only known to be worth at most +1. So 0 and 2 are ticked, 1 is not:

>>> source = draw_tree(State.parse(".../XXO/XOO"), search="alphabeta").source
>>> "MIN ≤ 1" in source, 'label="0 ✓"' in source, 'label="1 ✓"' in source
(True, True, False)

Single boards (:func:`~tictac.pictures.boards.draw_board`,
:func:`~tictac.pictures.boards.draw_move_values`) are drawn by :mod:`tictac.pictures.boards`,
without Graphviz.
"""

from __future__ import annotations

import contextlib
import heapq
import html
import itertools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

import graphviz

from tictac.game.connect_four import ConnectFour
from tictac.game.numbertree import NumberTree
from tictac.game.position import (
    NotForThisGame,
    Position,
    move_text,
    require_position,
    shown_position,
)
from tictac.game.scoring import Score, win_loss
from tictac.game.state import State, symmetry_permutations
from tictac.helpers.checks import whole_number
from tictac.pictures.boards import COLORS, format_value
from tictac.pictures.browser import GraphvizLoading, in_browser, render_svg
from tictac.pictures.connect_four import FRAME
from tictac.search.budget import DEFAULT_BUDGET, BudgetLike, meter
from tictac.search.engine import Memo, SearchResult, TraceNode, alphabeta, minimax
from tictac.search.mcts import MCTSNode, MCTSResult, Playout

__all__ = [
    "MAX_BOARDS",
    "GameTree",
    "GraphvizError",
    "draw_mcts_tree",
    "draw_number_tree",
    "draw_trace",
    "draw_tree",
]

SearchName = Literal["minimax", "alphabeta"]

MAX_BOARDS = 1500
"""The most boards a drawing may have, the pruned moves' boards included (a drawing that would
have more is refused, with what to do instead): on a busy 2-core machine Graphviz's ``dot``
lays out 500 boards in about a second, 1,500 in about seven and 2,000 in up to half a minute;
5,000 took two minutes."""

INSTALL_GRAPHVIZ = (
    "Install Graphviz, then run this again:\n"
    "  Debian/Ubuntu:     sudo apt-get install -y graphviz\n"
    "  Fedora:            sudo dnf install -y graphviz\n"
    "  macOS (Homebrew):  brew install graphviz\n"
    "  conda:             conda install -c conda-forge graphviz"
)

# Colours (see tictac.pictures.boards.COLORS), each with a second sign so that none tells alone: a
# finished game is filled with the winner's colour and says "end 1"; the board's border is the
# mover's colour and says MAX or MIN; a best move is ticked; a pruned move is dashed and says
# "pruned"; a cut says "cut: ...".
# Every text is dark enough to read on what it is written on (4.5:1), every line that says
# something stands out 3:1 (WCAG 2.2; tests/test_contrast.py): a board's cells are white, its
# grid lines mid grey, and what the search did not visit is grey, dotted or dashed, and labelled.
_FILL = {"X": "#dbeafe", "O": "#fde4cf", "draw": "#e5e7eb"}
_BORDER = {"X": COLORS["X"], "O": COLORS["O"]}
GREY = "#616a78"  # what the search did not visit or cut off: its edges, borders, marks, words
_BEST_TEXT = "#00785a"  # COLORS["best"] darkened, so that small text on white stays legible
_WIN_CELL = "#d4efe6"  # COLORS["win"], pale: the cells of a winning line
_CELL = "white"  # every other cell of a board
_BOARD_GRID = "#767f8e"  # the lines between a board's cells
_PV_WIDTH = "2.5"
FADED_FILL = "#f3f4f6"  # a node the search did not visit: grey, its marks grey
MUTED = GREY  # grey text, legible on white and on the faded grey
PRUNED_TEXT = f'<font color="{MUTED}">pruned</font>'


class GraphvizError(RuntimeError):
    """Graphviz's ``dot`` program, which lays out and draws the trees, could not be run."""


# ---------------------------------------------------------------------------------------------
# The public drawing functions


def draw_tree(
    state: Position,
    *,
    search: SearchName = "minimax",
    score: Score = win_loss,
    depth: int | None = None,
    heuristic: Score | None = None,
    memo: Memo = None,
    order_moves: bool = False,
    max_depth: int = 3,
    max_nodes: int = 120,
    merge_symmetric: bool = False,
    words: bool = False,
    rankdir: Literal["TB", "LR"] | None = None,
    budget: BudgetLike = DEFAULT_BUDGET,
) -> Any:
    """Search from `state` and draw the tree it explored, as a ``graphviz.Digraph``.

    `search`, `score`, `depth`, `heuristic`, `memo` and `order_moves` choose the search (see
    :mod:`tictac.search.engine`); alpha-beta is drawn the textbook way, one window shared by the
    root's moves. `max_depth` and `max_nodes` bound the drawing (not the search);
    `merge_symmetric` draws one child for each group of mirror-image children, marked "×4";
    `words` writes values as "X wins", "draw", "O wins" instead of numbers; `rankdir` lays the
    tree out top-to-bottom ("TB") or left-to-right ("LR"; the default when the tree is wide).
    `budget` bounds the search (see :mod:`tictac.search.budget`): by default a million positions,
    enough for the whole tree of 3x3; a search that needs more stops with
    :class:`~tictac.search.budget.BudgetExceeded`.

    Each node shows the value its search found: exactly (``MIN 0``), or, where alpha-beta cut
    the search short, as the bound it is (``MAX ≥ 1``, ``MIN ≤ 0``). A move is ticked as a best
    move (``0 ✓``, in green) only when its value is exact and equal to the exact value of the
    position it is played from.

    `state` may be any game's position (:class:`~tictac.game.position.Position`): a node shows
    it as :func:`position_cell` does, and a move is named by the game's ``move_label`` if it
    has one (see :func:`~tictac.game.position.move_text`); `merge_symmetric` is for m,n,k
    boards only.

    >>> source = draw_tree(State.parse("..O/.X./XOX"), search="alphabeta", max_depth=4).source
    >>> "MAX ≥ 1" in source and "MIN ≤ -1" in source
    True
    >>> from tictac.game.nim import Nim
    >>> nim = draw_tree(Nim.new((1, 2)), max_depth=9)
    >>> nim, 'label="take 1 from heap 1 ✓"' in nim.source
    (<game tree: 12 positions drawn; minimax, score win_loss: 12 positions searched>, True)
    >>> draw_tree(State.parse("X../.../..."), max_depth=9, max_nodes=5000)
    Traceback (most recent call last):
      ...
    ValueError: this drawing would have more than 1,500 boards, more than Graphviz lays out ...
    """
    require_position(state, "draw_tree")
    numbers = isinstance(state, NumberTree)
    board = isinstance(state, State)
    if numbers and merge_symmetric:
        raise ValueError(
            "merge_symmetric merges mirror-image boards; a tree of numbers has none: leave it out"
        )
    if merge_symmetric and not board:
        raise NotForThisGame(
            "merge_symmetric", state, "draw_tree(position) without merge_symmetric"
        )
    max_depth, max_nodes = _check_limits(max_depth, max_nodes)
    closer = "with fewer empty cells" if board else "nearer the end of the game"
    advice = [
        f"a start position {closer} (max_depth and max_nodes only trim "
        "the drawing: the search behind it goes to the end of the game)"
    ]
    if depth is None and board:
        advice.append(
            "a depth limit, e.g. depth=2, heuristic=two_in_a_row from tictac.game.scoring"
        )
    elif depth is None:
        advice.append("a depth limit with a heuristic of your own, e.g. depth=2, heuristic=...")
    if not memo:
        kind = "symmetric" if board or hasattr(type(state), "symmetric_key") else "plain"
        advice.append(f"memo='{kind}', which searches each position once")
    counter = meter(budget, state, "draw_tree", advice)
    result = _search(state, search, score, depth, heuristic, memo, order_moves, max_depth, counter)
    assert result.trace is not None
    described = _describe_search(search, score, depth, heuristic, memo, order_moves, numbers)
    searched = f"{result.stats.nodes:,} {'nodes' if numbers else 'positions'} searched"
    return draw_trace(
        result.trace,
        alphabeta_window=search == "alphabeta",
        heuristic_name=name_of(heuristic) if heuristic is not None else None,
        max_depth=max_depth,
        max_nodes=max_nodes,
        merge_symmetric=merge_symmetric,
        words=words,
        rankdir=rankdir,
        title=f"{described}: {searched}",
    )


def draw_trace(
    root: TraceNode,
    *,
    alphabeta_window: bool = False,
    heuristic_name: str | None = None,
    max_depth: int = 3,
    max_nodes: int = 120,
    merge_symmetric: bool = False,
    words: bool = False,
    rankdir: Literal["TB", "LR"] | None = None,
    title: str = "",
) -> Any:
    """Draw a search trace (``result.trace`` of a search run with ``trace=True``).

    The options are :func:`draw_tree`'s; `alphabeta_window` writes each node's window.

    >>> traced = alphabeta(State.parse("XX./OO./..."), trace=True)
    >>> draw_trace(traced.trace, alphabeta_window=True, max_depth=1)
    <game tree: 6 boards drawn>
    """
    max_depth, max_nodes = _check_limits(max_depth, max_nodes)
    drawing = Drawing(alphabeta_window, heuristic_name, words)
    drawing.layout(root, max_depth, max_nodes, merge_symmetric)
    return drawing.graph(rankdir, title)


# ---------------------------------------------------------------------------------------------
# Searching


def _search(
    state: Position,
    search: SearchName,
    score: Score,
    depth: int | None,
    heuristic: Score | None,
    memo: Memo,
    order_moves: bool,
    max_depth: int,
    budget: BudgetLike,
) -> SearchResult:
    if search == "minimax":
        return minimax(
            state,
            score=score,
            depth=depth,
            heuristic=heuristic,
            memo=memo,
            trace=True,
            trace_depth=max_depth,
            budget=budget,
        )
    if search == "alphabeta":
        return alphabeta(
            state,
            score=score,
            depth=depth,
            heuristic=heuristic,
            memo=memo,
            order_moves=order_moves,
            exact_root=False,
            trace=True,
            trace_depth=max_depth,
            budget=budget,
        )
    raise ValueError(f"search={search!r} is not an option: use 'minimax' or 'alphabeta'")


def _describe_search(
    search: str,
    score: Score,
    depth: int | None,
    heuristic: Score | None,
    memo: Memo,
    order_moves: bool,
    numbers: bool = False,
) -> str:
    parts = [search, "leaves' numbers" if numbers else f"score {name_of(score)}"]
    if depth is not None:
        parts.append(f"depth {depth}")
    if heuristic is not None:
        parts.append(f"heuristic {name_of(heuristic)}")
    if memo:
        kind = memo if isinstance(memo, str) else "plain"
        parts.append(f"memo ({kind})")
    if order_moves:
        parts.append("ordered moves")
    return ", ".join(parts)


def name_of(function: Callable[..., Any]) -> str:
    return getattr(function, "__name__", None) or type(function).__name__


_DRAW_LESS = (
    "draw less: a smaller max_nodes (the rest is then summarised) or max_depth, "
    "merge_symmetric=True (one board for each group of mirror images), or a start position "
    "closer to the end of the game"
)


def _check_limits(max_depth: int, max_nodes: int) -> tuple[int, int]:
    """The drawing's limits as plain ints, checked."""
    return (
        whole_number(max_depth, "max_depth", at_least=0),
        whole_number(max_nodes, "max_nodes", at_least=1),
    )


# ---------------------------------------------------------------------------------------------
# Laying out: which nodes to draw, in breadth-first order, within the budget


@dataclass
class _Shown:
    """A node that will be drawn."""

    id: str
    node: TraceNode
    parent: str | None
    copies: int = 1  # how many mirror-image siblings it stands for
    best: bool = False
    on_pv: bool = False
    move: str = ""  # the move that led to it, as the edge names it


@dataclass
class _Summary:
    """A node standing for positions that are not drawn."""

    id: str
    parent: str
    positions: int
    values: tuple[str, ...]  # as the nodes write them: "1", "≥ 0"...


class Drawing:
    def __init__(self, alphabeta_window: bool, heuristic_name: str | None, words: bool) -> None:
        self.alphabeta_window = alphabeta_window
        self.heuristic_name = heuristic_name
        self.words = words
        self.known = _KnownValues()
        self.shown: list[_Shown] = []
        self.summaries: list[_Summary] = []
        self.pruned: list[tuple[str, Position, str, str]] = []  # (parent id, child, move, id)

    def new_id(self) -> str:
        return f"n{len(self.shown) + len(self.summaries) + len(self.pruned)}"

    def layout(self, root: TraceNode, max_depth: int, max_nodes: int, merge: bool) -> None:
        pv = set(_principal_variation(root, self.known))
        first = _Shown(self.new_id(), root, None, on_pv=True)
        self.shown.append(first)
        queue = [first]
        while queue:
            parent = queue.pop(0)
            node = parent.node
            groups = _group_children(node, merge)
            hidden_positions = node.hidden
            hidden_values: list[str] = []
            for index, (child, copies) in enumerate(groups):
                if node.ply >= max_depth or len(self.shown) >= max_nodes:
                    for rest, rest_copies in groups[index:]:
                        hidden_positions += rest_copies * _size(rest)
                        hidden_values.append(self.value_text(rest))
                    break
                shown = _Shown(
                    self.new_id(),
                    child,
                    parent.id,
                    copies,
                    best=self.known.is_best(node, child),
                    on_pv=id(child) in pv,
                    move=move_text(node.state, child.move),
                )
                self.shown.append(shown)
                queue.append(shown)
            if hidden_positions:
                values = tuple(sorted(set(hidden_values), key=hidden_values.index))
                self.summaries.append(_Summary(self.new_id(), parent.id, hidden_positions, values))
            for move in node.pruned:
                pruned_child = node.state.play(move)
                label = move_text(node.state, move)
                self.pruned.append((parent.id, pruned_child, label, self.new_id()))
            if len(self.shown) + len(self.pruned) > MAX_BOARDS:
                raise ValueError(
                    f"this drawing would have more than {MAX_BOARDS:,} boards, more than "
                    f"Graphviz lays out in reasonable time (max_nodes={max_nodes:,}); " + _DRAW_LESS
                )

    # -- Graphviz -----------------------------------------------------------------------------

    def graph(self, rankdir: str | None, title: str) -> Any:
        graph = GameTree(
            graph_attr={
                "rankdir": rankdir or ("LR" if self.widest_level() > 10 else "TB"),
                "nodesep": "0.12",
                "ranksep": "0.35",
                "fontname": "Helvetica",
                "fontsize": "11",
                "label": title,
                "labelloc": "t",
                "bgcolor": "white",
            },
            node_attr={"shape": "plain", "fontname": "Helvetica", "fontsize": "9"},
            edge_attr={"fontname": "Helvetica", "fontsize": "9", "arrowsize": "0.5"},
        )
        graph.description = title
        graph.boards = len(self.shown) + len(self.pruned)
        graph.unit = node_unit(self.shown[0].node.state)
        for shown in self.shown:
            graph.node(shown.id, self.node_label(shown.node))
            if shown.parent is not None:
                graph.edge(shown.parent, shown.id, **self.edge_style(shown))
        for summary in self.summaries:
            graph.node(summary.id, self.summary_label(summary))
            graph.edge(summary.parent, summary.id, color=GREY, style="dotted", arrowhead="none")
        for parent, child, move, node_id in self.pruned:
            graph.node(node_id, self.pruned_label(child))
            graph.edge(parent, node_id, label=move, color=GREY, fontcolor=GREY, style="dashed")
        return graph

    def widest_level(self) -> int:
        levels: dict[int, int] = {}
        for shown in self.shown:
            levels[shown.node.ply] = levels.get(shown.node.ply, 0) + 1
        return max(levels.values())

    def edge_style(self, shown: _Shown) -> dict[str, str]:
        label = shown.move + (f" ×{shown.copies}" if shown.copies > 1 else "")
        if not shown.best:
            return {"label": label}
        style = {"label": f"{label} ✓", "color": COLORS["best"], "fontcolor": _BEST_TEXT}
        if shown.on_pv:
            style["penwidth"] = _PV_WIDTH
        return style

    def value_text(self, node: TraceNode) -> str:
        """The node's value as it is known: ``1``, or a bound such as ``≥ 1`` or ``≤ 0``."""
        bound = self.known.bound(node)
        text = format_value(node.value, self.words)
        return text if bound is None else f"{bound} {text}"

    def node_label(self, node: TraceNode) -> str:
        state = node.state
        if isinstance(state, NumberTree):
            return self.number_label(node, state)
        fill, border, role = board_look(state)
        lines = [f"<b>{role} {self.value_text(node)}</b>"]
        if self.alphabeta_window and state.result() is None:
            lines.append(window_text(node.alpha, node.beta))
        if node.kind == "cache-hit":
            lines.append("<i>cache hit</i>")
        elif node.kind == "cutoff-heuristic":
            lines.append(f"<i>{self.heuristic_name or 'heuristic'}</i>")
        if node.reason:
            lines.append(reason_text(node.reason))
        style = "rounded,dashed" if node.kind == "cache-hit" else "rounded"
        return html_board(state, fill, border, lines, style)

    def number_label(self, node: TraceNode, state: NumberTree) -> str:
        """A node of a tree of numbers: its name and player, its value, its window, its cut."""
        if state.is_terminal:
            return number_node(state, [f"<b>{self.value_text(node)}</b>"])
        lines = [f"<b>{state.player} {self.value_text(node)}</b>"]
        if self.alphabeta_window:
            lines.append(window_text(node.alpha, node.beta))
        if node.kind == "cutoff-heuristic":
            lines.append(f"<i>{self.heuristic_name or 'heuristic'}</i>")
        if node.reason:
            lines.append(reason_text(node.reason))
        return number_node(state, lines)

    def summary_label(self, summary: _Summary) -> str:
        values = ", ".join(summary.values)
        tail = f"<br/>values {values}" if values else ""
        plural = "s" if summary.positions != 1 else ""
        return (
            f'<<table border="1" cellborder="0" color="{GREY}" style="rounded" bgcolor="#f9fafb">'
            f'<tr><td><font color="#4b5563">… {summary.positions:,} more position{plural}'
            f"{tail}</font></td></tr></table>>"
        )

    def pruned_label(self, state: Position) -> str:
        if isinstance(state, NumberTree):
            return number_node(state, [PRUNED_TEXT], faded=True)
        return html_board(state, FADED_FILL, GREY, [PRUNED_TEXT], "", faded=True)


class GameTree(graphviz.Digraph):  # type: ignore[misc]
    """A ``graphviz.Digraph`` of a game tree: it shows itself as a picture in a notebook, its
    text form says what it shows, and its drawing errors say what went wrong and how to fix it.

    >>> draw_tree(State.parse("XX./OO./..."), max_depth=1)
    <game tree: 6 boards drawn; minimax, score win_loss: 157 positions searched>
    """

    description = ""
    boards = 0
    unit = "board"  # what each node is: a board, or a node of a tree of numbers

    def copy(self) -> GameTree:
        """An independent copy, which says what it shows like the original."""
        copied: GameTree = super().copy()
        copied.description, copied.boards, copied.unit = self.description, self.boards, self.unit
        return copied

    def __repr__(self) -> str:
        what = f"; {self.description}" if self.description else ""
        plural = "s" if self.boards != 1 else ""
        return f"<game tree: {self.boards:,} {self.unit}{plural} drawn{what}>"

    def pipe(
        self, format: str | None = None, *args: Any, encoding: str | None = None, **kwargs: Any
    ) -> Any:
        """The drawing, as ``graphviz.Digraph.pipe`` gives it. In the browser edition, where
        ``dot`` cannot run, Graphviz compiled to WebAssembly draws it (SVG only, with the
        ``dot`` layout: `renderer`, `formatter` and `engine` are not used there; see
        :mod:`tictac.pictures.browser`)."""
        if in_browser():
            if (format or self.format) != "svg":
                raise GraphvizError(
                    f"in the browser, trees are drawn as SVG only, not {format or self.format!r}; "
                    "ask for pipe(format='svg')"
                )
            try:
                drawn = render_svg(self.source)
            except GraphvizLoading as error:
                raise GraphvizError(str(error)) from None
            return drawn if encoding else drawn.encode("utf-8")
        with _explained_graphviz_errors():
            return super().pipe(format, *args, encoding=encoding, **kwargs)

    def render(self, *args: Any, **kwargs: Any) -> Any:
        if in_browser():
            raise GraphvizError(
                "saving a tree as a file needs Graphviz's dot program, which cannot run in the "
                "browser; save its SVG text instead: tree.pipe(format='svg', encoding='utf-8')"
            )
        with _explained_graphviz_errors():
            return super().render(*args, **kwargs)


@contextlib.contextmanager
def _explained_graphviz_errors() -> Iterator[None]:
    try:
        yield
    except graphviz.ExecutableNotFound:
        raise GraphvizError(
            "Graphviz's 'dot' program was not found, and it is what draws the trees. "
            + INSTALL_GRAPHVIZ
        ) from None
    except graphviz.CalledProcessError as error:
        raise GraphvizError(
            f"Graphviz's 'dot' program failed to draw the tree: {error.stderr!r}. If Graphviz "
            "is old or broken, reinstalling it may help. " + INSTALL_GRAPHVIZ
        ) from None


def _size(node: TraceNode) -> int:
    """How many positions the search visited in this subtree (the node itself included)."""
    return sum(1 + n.hidden for n in node.walk())


def _principal_variation(root: TraceNode, known: _KnownValues) -> Iterator[int]:
    """The ids of the nodes on the line both sides play when they play best (as far as the
    search knows it: it stops where no move is known to be best)."""
    node: TraceNode | None = root
    while node is not None:
        yield id(node)
        best = [c for c in node.children if known.is_best(node, c)]
        node = min(best, key=lambda c: c.move or 0) if best else None


class _KnownValues:
    """What a search found out about the true value of each node of its trace.

    Alpha-beta's values are not all exact. A value strictly inside the window (α, β) a node
    was searched with is exact; one at or above β is only a lower bound (the search stopped
    as soon as a move was good enough: the rest could only raise it), one at or below α only
    an upper bound (nothing reached α, and the moves were themselves searched with narrow
    windows). Finished games and the heuristic's values are exact, and so is a node whose
    moves were all searched and whose children's values pin its value down (e.g. a MAX node
    with one move, whose child is exact). Minimax's windows are (−∞, +∞): all exact.
    """

    def __init__(self) -> None:
        self.ranges: dict[int, tuple[float, float]] = {}

    def range(self, node: TraceNode) -> tuple[float, float]:
        """The lowest and the highest the node's true value can be."""
        known = self.ranges.get(id(node))
        if known is None:
            known = self.ranges[id(node)] = self.work_out(node)
        return known

    def work_out(self, node: TraceNode) -> tuple[float, float]:
        value = node.value
        if node.kind in ("terminal", "cutoff-heuristic") or node.alpha < value < node.beta:
            return value, value
        low, high = (-math.inf, value) if value <= node.alpha else (value, math.inf)
        if node.kind == "expanded" and node.children:  # all its moves are in the trace
            children = [self.range(child) for child in node.children]
            children += [(-math.inf, math.inf)] * len(node.pruned)  # a pruned move: anything
            pick = max if node.state.turn == "X" else min
            low = max(low, pick(child_low for child_low, _ in children))
            high = min(high, pick(child_high for _, child_high in children))
        return low, high

    def bound(self, node: TraceNode) -> str | None:
        """None if the node's value is exact; ``"≥"`` or ``"≤"`` if it is only a bound."""
        low, high = self.range(node)
        if low == high:
            return None
        return "≥" if low == node.value else "≤"

    def is_exact(self, node: TraceNode) -> bool:
        return self.bound(node) is None

    def is_best(self, parent: TraceNode, child: TraceNode) -> bool:
        """Whether `child`'s move is known to be a best move of `parent`."""
        return (
            child.value == parent.value
            and child.move is not None
            and self.is_exact(parent)
            and self.is_exact(child)
        )


def _group_children(node: TraceNode, merge: bool) -> list[tuple[TraceNode, int]]:
    """The children in board order; with `merge`, one per group of mirror images."""
    children = sorted(node.children, key=lambda c: c.move if c.move is not None else -1)
    parent = node.state
    if not merge or not isinstance(parent, State):
        return [(child, 1) for child in children]
    # the symmetries that leave the parent as it is: they map its children onto each other
    perms = [
        p for p in symmetry_permutations(parent.rows, parent.cols) if parent.transform(p) == parent
    ]
    groups: dict[tuple[str, ...], list[TraceNode]] = {}
    for child in children:
        assert isinstance(child.state, State)
        key = min(child.state.transform(p).cells for p in perms)
        groups.setdefault(key, []).append(child)
    return [(members[0], len(members)) for members in groups.values()]


def board_look(state: Position) -> tuple[str, str, str]:
    """How a position's node looks, in any game: its fill (the winner's colour when the game
    is over), its border (the colour of the player to move) and its role: MAX, MIN, or end."""
    result = state.result()
    fill = _FILL[result] if result else "white"
    border = _BORDER[state.turn] if result is None else GREY
    role = "end" if result else ("MAX" if state.turn == "X" else "MIN")
    return fill, border, role


def window_text(alpha: float, beta: float) -> str:
    """An alpha-beta window as a node writes it: ``α −∞  β 0``."""
    return f"α {format_value(alpha)}  β {format_value(beta)}"


def reason_text(reason: str) -> str:
    """Why alpha-beta cut a node short, as the node writes it (in the cut colour)."""
    return f'<font color="{COLORS["cut"]}">{html.escape(reason)}</font>'


def html_board(
    state: Position,
    fill: str,
    border: str,
    lines: list[str],
    style: str,
    *,
    faded: bool = False,
    text_size: tuple[int, int] | None = None,
) -> str:
    """A Graphviz HTML-like label: the position as :func:`position_cell` draws it (a board as a
    grid of cells), then lines of text.

    With `text_size` (width, height in points) every line of text sits in a cell of that fixed
    size, so the label keeps its size whatever the text (the stepper's frames need that)."""
    text = _text_rows(lines, text_size)
    return (
        f'<<table border="2" cellborder="0" cellspacing="1" cellpadding="2" color="{border}" '
        f'bgcolor="{fill}" style="{style}"><tr>{position_cell(state, faded)}</tr>{text}</table>>'
    )


# ---------------------------------------------------------------------------------------------
# How a position of each game looks inside a node, and how its moves are named


def position_cell(state: Position, faded: bool = False) -> str:
    """The cell at the top of a node's label that shows the position, for any game: an m,n,k
    board or a Connect Four board as a small grid (the winning line's cells pale green), any
    other game as its text (Nim's heaps, ``3 4 5``), or its ``str()`` if it has no `text`.
    `faded` greys the marks (a position the search did not visit).

    >>> position_cell(State.parse("X../.O./...")).count("<td")
    10
    >>> from tictac.game.nim import Nim
    >>> position_cell(Nim.new((3, 4, 5)))
    '<td>3 4 5</td>'
    """
    if isinstance(state, State):
        return _grid_cell(state, _mark_text(faded), _BOARD_GRID)
    if isinstance(state, ConnectFour):
        return _grid_cell(state, _disc_text(faded), FRAME)
    text = _short_text(state)
    return f'<td><font color="{GREY}">{text}</font></td>' if faded else f"<td>{text}</td>"


def node_unit(state: Position) -> str:
    """What a drawing calls each of its nodes: a board (m,n,k and Connect Four), a node (of a
    tree of numbers), or a position (any other game).

    >>> from tictac.game.nim import Nim
    >>> node_unit(State.new()), node_unit(Nim.new((1, 2)))
    ('board', 'position')
    """
    if isinstance(state, NumberTree):
        return "node"
    return "board" if isinstance(state, State | ConnectFour) else "position"


_TEXT_LINES, _TEXT_WIDTH = 6, 24  # the most of a position's text a node shows


def _short_text(state: Position) -> str:
    """A position's `text` (else its ``str()``), shortened to a few short lines, escaped."""
    text = getattr(state, "text", None)
    lines = (text if isinstance(text, str) else str(state)).splitlines() or [""]
    if len(lines) > _TEXT_LINES:
        lines = [*lines[: _TEXT_LINES - 1], "…"]
    short = [line if len(line) <= _TEXT_WIDTH else line[: _TEXT_WIDTH - 1] + "…" for line in lines]
    return "<br/>".join(html.escape(line) for line in short)


def _mark_text(faded: bool) -> Callable[[str], str]:
    """How a board's cell writes its mark: X or O in bold, in the player's colour."""
    marks = {"X": COLORS["X"], "O": COLORS["O"]}

    def text(mark: str) -> str:
        color = GREY if faded else marks.get(mark, "white")
        return f'<font color="{color}"><b>{mark}</b></font>' if mark != "." else " "

    return text


def _disc_text(faded: bool) -> Callable[[str], str]:
    """How a Connect Four cell writes its disc, as its pictures draw them: X's filled, O's a
    ring, each in the player's colour."""
    discs = {"X": ("●", COLORS["X"]), "O": ("○", COLORS["O"])}

    def text(mark: str) -> str:
        if mark not in discs:
            return " "
        disc, color = discs[mark]
        return f'<font color="{GREY if faded else color}"><b>{disc}</b></font>'

    return text


def _grid_cell(state: State | ConnectFour, write: Callable[[str], str], grid: str) -> str:
    """A board as a grid of cells, the top row first, in a cell of a fixed size."""
    win = set(state.winning_line or ())
    rows = []
    for r in range(state.rows):
        cells = []
        for c in range(state.cols):
            index = r * state.cols + c
            text = write(state.cells[index])
            bg = _WIN_CELL if index in win else _CELL
            cells.append(f'<td width="14" height="14" fixedsize="true" bgcolor="{bg}">{text}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    board = (
        f'<table border="0" cellborder="1" cellspacing="0" cellpadding="0" color="{grid}">'
        f"{''.join(rows)}</table>"
    )
    # A fixed size keeps the board square when a long line of text widens the node.
    width, height = 16 * state.cols + 4, 16 * state.rows + 4
    return f'<td fixedsize="true" width="{width}" height="{height}">{board}</td>'


def number_node(
    state: NumberTree,
    lines: list[str],
    *,
    faded: bool = False,
    text_size: tuple[int, int] | None = None,
) -> str:
    """A Graphviz HTML-like label for a node of a tree of numbers: a leaf is a small square
    with its name and number; an inner node shows ▲ (MAX) or ▼ (MIN), its name, then `lines`
    (each in a cell of the fixed `text_size`, if given, as in :func:`html_board`)."""
    grey = MUTED
    if state.is_terminal:
        name = f'<font point-size="8" color="{grey}">{state.name}</font>'
        fill, border = (FADED_FILL, GREY) if faded else ("#f9fafb", "#4b5563")
        number = format_value(state.number or 0)
        if faded:
            lines = [f'<font color="{grey}">{number}</font>', *lines]
        text = _text_rows(lines, text_size)
        return (
            f'<<table border="1" cellborder="0" cellspacing="0" cellpadding="2" '
            f'color="{border}" bgcolor="{fill}"><tr><td>{name}</td></tr>{text}</table>>'
        )
    player = state.turn
    color = GREY if faded else _BORDER[player]
    mark = "▲" if state.player == "MAX" else "▼"
    head = f'<font color="{color}">{mark}</font> {state.name}'
    text = _text_rows(lines, text_size)
    fill = FADED_FILL if faded else "white"
    return (
        f'<<table border="2" cellborder="0" cellspacing="1" cellpadding="2" color="{color}" '
        f'bgcolor="{fill}" style="rounded"><tr><td>{head}</td></tr>{text}</table>>'
    )


def _text_rows(lines: list[str], size: tuple[int, int] | None) -> str:
    """Lines of text as the rows of a label's table, in cells of a fixed size if given."""
    cell = "<td>" if size is None else f'<td fixedsize="true" width="{size[0]}" height="{size[1]}">'
    return "".join(f"<tr>{cell}{line}</td></tr>" for line in lines)


def draw_number_tree(tree: NumberTree) -> GameTree:
    """A tree of numbers drawn as it is, before any search: who moves where, and the leaves.

    >>> draw_number_tree(NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    <game tree: 13 nodes drawn; a tree of numbers>
    """
    if not isinstance(tree, NumberTree):
        raise TypeError(f"draw_number_tree needs a NumberTree, not {tree!r}")
    graph = GameTree(
        graph_attr={"rankdir": "TB", "nodesep": "0.15", "ranksep": "0.35", "bgcolor": "white"},
        node_attr={"shape": "plain", "fontname": "Helvetica", "fontsize": "10"},
        edge_attr={"fontname": "Helvetica", "fontsize": "9", "arrowsize": "0.5"},
    )
    graph.description = "a tree of numbers"
    graph.unit = "node"
    stack: list[tuple[NumberTree, str | None]] = [(tree, None)]
    count = 0
    while stack:
        node, parent = stack.pop()
        node_id = f"n{count}"
        count += 1
        if node.is_terminal:
            graph.node(node_id, number_node(node, [f"<b>{format_value(node.number or 0)}</b>"]))
        else:
            graph.node(node_id, number_node(node, [f"<b>{node.player}</b>"]))
        if parent is not None:
            graph.edge(parent, node_id, label=str(node.path[-1]))
        stack.extend((child, node_id) for child in reversed(node.children()))
    graph.boards = count
    return graph


# ---------------------------------------------------------------------------------------------
# The tree Monte Carlo tree search grows (Lesson 8).

_PATH_COLOR = COLORS["highlight"]


def draw_mcts_tree(
    result: MCTSResult,
    *,
    max_nodes: int = 40,
    show_last_playout: bool = True,
    rankdir: Literal["TB", "LR"] | None = None,
    width: int | None = None,
) -> GameTree:
    """Draw the tree a Monte Carlo tree search grew (run it with ``keep_tree=True``).

    Each node is a board with its number of visits and the mean result of the playouts
    through it for the player who moved there ("0.75 for X": a win counts 1, a draw ½, a loss
    0), and how many of its moves are still untried; a finished game is filled with the
    winner's colour and says so. The move MCTS plays, the root's most visited, is ticked.

    At most `max_nodes` boards are drawn, the most visited first; what is left out below a
    drawn node is summarised ("… 12 more positions, 30 visits"), never silently dropped.
    With `show_last_playout`, the last playout's four phases are drawn too (and its path
    always shown): the moves selection took in bold, the node it added marked *new*, its
    random game as a dotted note, and the result it backed up along that bold path.

    A search of any game is drawn (Connect Four's boards as discs, another game's position as
    its text, moves by the game's ``move_label``), as :func:`draw_tree` draws them.

    With `width` (in pixels), a drawing wider than that is scaled down to fit, boards and text
    with it (Graphviz's ``size``), so that it fits a notebook's output; nothing is left out.

    >>> from tictac.search.mcts import uct_search
    >>> found = uct_search(State.parse("XX./OO./..."), playouts=30, seed=0, keep_tree=True)
    >>> draw_mcts_tree(found, max_nodes=8)
    <game tree: 8 boards drawn; MCTS from XX./OO./..., 30 playouts: 8 of 18 tree nodes drawn>
    >>> draw_mcts_tree(uct_search(State.parse("XX./OO./..."), playouts=30, seed=0))
    Traceback (most recent call last):
      ...
    ValueError: this search did not keep its tree: run uct_search(..., keep_tree=True)
    """
    if not isinstance(result, MCTSResult):
        raise TypeError(f"draw_mcts_tree draws what uct_search returns, not {result!r}")
    if result.tree is None:
        raise ValueError("this search did not keep its tree: run uct_search(..., keep_tree=True)")
    _, max_nodes = _check_limits(0, max_nodes)
    if width is not None:
        width = whole_number(
            width, "width", at_least=100, what="pixels", or_else="None to draw at full size"
        )
    root = result.tree
    playout = result.last_playout if show_last_playout else None
    path = _playout_path(root, playout)
    shown = _most_visited(root, path, max_nodes)
    ids = {id(node): f"n{i}" for i, node in enumerate(shown)}
    on_path = {id(node) for node in path}
    size = sum(1 for _ in root.walk())
    title = (
        f"MCTS from {shown_position(root.state)}, {result.playouts:,} playouts: {len(shown):,} of "
        f"{size:,} tree nodes drawn"
    )
    graph = GameTree(
        graph_attr={
            "rankdir": rankdir or ("LR" if _widest(shown) > 10 else "TB"),
            "nodesep": "0.12",
            "ranksep": "0.35",
            "fontname": "Helvetica",
            "fontsize": "11",
            "label": title
            + (
                "\\nbold: the last playout's path, whose result was added to every node on it"
                if playout
                else ""
            ),
            "labelloc": "t",
            "bgcolor": "white",
        },
        node_attr={"shape": "plain", "fontname": "Helvetica", "fontsize": "9"},
        edge_attr={"fontname": "Helvetica", "fontsize": "9", "arrowsize": "0.5"},
    )
    if width is not None:  # in inches, 96 pixels each; the height is left free
        graph.graph_attr["size"] = f"{width / 96:.4g},1000"
    graph.description = title
    graph.boards = len(shown)
    graph.unit = node_unit(root.state)
    new = path[-1] if playout is not None and playout.expanded is not None else None
    for node in shown:
        node_id = ids[id(node)]
        graph.node(node_id, _mcts_label(node, node is new))
        if node.parent is not None:
            graph.edge(
                ids[id(node.parent)], node_id, **_mcts_edge(node, result, id(node) in on_path)
            )
        hidden = [child for child in node.children if id(child) not in ids]
        if hidden:
            positions = sum(1 for child in hidden for _ in child.walk())
            visits = sum(child.visits for child in hidden)
            graph.node(f"{node_id}h", _hidden_label(positions, visits))
            graph.edge(node_id, f"{node_id}h", color=GREY, style="dotted", arrowhead="none")
    if playout is not None and id(path[-1]) in ids:  # (a tiny max_nodes may cut the path)
        _draw_simulation(graph, ids[id(path[-1])], path[-1].state, playout)
    return graph


def _playout_path(root: MCTSNode, playout: Playout | None) -> list[MCTSNode]:
    """The nodes the last playout went through, root first (just the root without one)."""
    path = [root]
    if playout is None:
        return path
    moves = [*playout.selected] + ([] if playout.expanded is None else [playout.expanded])
    for move in moves:
        path.append(next(child for child in path[-1].children if child.move == move))
    return path


def _most_visited(root: MCTSNode, path: list[MCTSNode], max_nodes: int) -> list[MCTSNode]:
    """The nodes to draw: the path, then the most visited of the rest, each with its parent
    drawn (the first added of equal ones)."""
    shown = path[:max_nodes]
    drawn = {id(node) for node in shown}
    order = itertools.count()
    frontier = [
        (-child.visits, next(order), child)
        for node in shown
        for child in node.children
        if id(child) not in drawn
    ]
    heapq.heapify(frontier)
    while frontier and len(shown) < max_nodes:
        _, _, node = heapq.heappop(frontier)
        shown.append(node)
        drawn.add(id(node))
        for child in node.children:
            heapq.heappush(frontier, (-child.visits, next(order), child))
    return shown


def _widest(nodes: list[MCTSNode]) -> int:
    levels: dict[int, int] = {}
    for node in nodes:
        marks = _ply(node)
        levels[marks] = levels.get(marks, 0) + 1
    return max(levels.values())


def _ply(node: MCTSNode) -> int:
    """How many moves below the root of the search `node` lies."""
    ply = 0
    while node.parent is not None:
        node, ply = node.parent, ply + 1
    return ply


def _mcts_label(node: MCTSNode, new: bool) -> str:
    state = node.state
    result = state.result()
    fill, border, _ = board_look(state)
    plural = "s" if node.visits != 1 else ""
    lines = [f"<b>{node.visits:,} visit{plural}</b>"]
    if node.parent is not None and node.visits:
        lines.append(f"{node.mean:.2f} for {node.mover}")
    if result is not None:
        lines.append("end: draw" if result == "draw" else f"end: {result} wins")
    elif node.untried:
        lines.append(f'<font color="#4b5563"><i>{len(node.untried)} untried</i></font>')
    if new:
        lines.append(f'<font color="{_PATH_COLOR}"><b>new</b></font>')
    style = "rounded,dashed" if new else "rounded"
    return html_board(state, fill, border, lines, style)


def _mcts_edge(node: MCTSNode, result: MCTSResult, on_path: bool) -> dict[str, str]:
    label = move_text(node.parent.state, node.move) if node.parent is not None else ""
    style: dict[str, str] = {}
    if node.parent is not None and node.parent.parent is None and node.move == result.move:
        label += " ✓ chosen"
        style.update(color=COLORS["best"], fontcolor=_BEST_TEXT)
    if on_path:
        style.update(penwidth=_PV_WIDTH, color=_PATH_COLOR)
    return {"label": label, **style}


def _hidden_label(positions: int, visits: int) -> str:
    plural = "s" if positions != 1 else ""
    return (
        f'<<table border="1" cellborder="0" color="{GREY}" style="rounded" bgcolor="#f9fafb">'
        f'<tr><td><font color="#4b5563">… {positions:,} more position{plural}<br/>'
        f"{visits:,} visit{'s' if visits != 1 else ''}</font></td></tr></table>>"
    )


def _draw_simulation(graph: GameTree, new_id: str, start: Position, playout: Playout) -> None:
    """The last playout's random game, as a note below the node it started from (`start`)."""
    moves = len(playout.simulated)
    result = "a draw" if playout.winner is None else f"{playout.winner} wins"
    if moves:
        named = ", ".join(move_text(start, move) for move in playout.simulated)
        text = f"random game: {moves} move{'s' if moves != 1 else ''} ({named}), {result}"
    else:
        text = f"no random game: the game is over, {result}"
    graph.node(
        f"{new_id}sim",
        f'<<table border="1" cellborder="0" color="{_PATH_COLOR}" style="dashed" '
        f'bgcolor="#ffffff"><tr><td><font color="{_PATH_COLOR}">{html.escape(text)}'
        "</font></td></tr></table>>",
    )
    graph.edge(new_id, f"{new_id}sim", color=_PATH_COLOR, style="dotted", label="simulation")
