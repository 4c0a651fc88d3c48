"""The search stepper: its steps replay the search exactly, each frame shows what the search
knew at that step (values, bounds, the windows it searched with, the cuts), and the widget
moves through the steps as its buttons say.

The checks read the frames as a student sees them, from their Graphviz source, and compare
them with what can be worked out without the stepper: the search's own trace, the order in
which the score was really called, and draw_tree's drawing of the same search.
"""

from __future__ import annotations

import base64
import functools
import html
import json
import math
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import tictac
import tictac.search.engine
from tictac import BudgetExceeded, State, two_in_a_row, win_loss
from tictac.game.numbertree import NumberTree, leaf_number
from tictac.game.scoring import depth_aware
from tictac.game.state import reachable_states
from tictac.pictures.boards import COLORS, format_value
from tictac.pictures.stepper import STEP_BUDGET, SearchSteps, Step, record_search
from tictac.pictures.stepper_widget import SearchStepper, step_search
from tictac.pictures.tree import MUTED, draw_tree
from tictac.search.engine import TraceNode

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
# Deeper trees of numbers: four levels (MAX, MIN, MAX, leaves), uneven branching.
DEEPER = [[[3, 17], [2, 12]], [[15], [25, 0]], [[2, 5], [3]], [[2, 14]]]
BOTH_CUTS = [[[3, 5], [6, 1]], [[2, 4], [7, 0]], [[8], [1, 9]]]  # MAX and MIN nodes cut
FIVE_LEVELS = [[[[1, 8], [3]], [[6, 2], [9, 0]]], [[[4], [7, 5]], [[2, 2]]]]
# Board positions of the lessons and the issue, small enough to step through.
BOARDS = [".../XXO/XOO", "XOX/OO./X..", "XOX/.O./X..", "XX./OO./...", "X.O/.XO/..."]


def reversed_order(position: Any) -> list[int]:
    return list(reversed(position.legal_moves()))


def middle_first(position: Any) -> list[int]:
    moves = list(position.legal_moves())
    return sorted(moves, key=lambda move: abs(move - (len(moves) - 1) / 2))


# ---------------------------------------------------------------------------------------------
# Reading a frame (or a draw_tree drawing) from its Graphviz source


NODE = re.compile(r'^\s*"?(\w+)"? \[label=<(.*)>(.*)\]$')
EDGE = re.compile(r'^\s*"?(\w+)"? -> "?(\w+)"? \[(.*)\]$')
MOVE = re.compile(r'label="?(\d+)')
VALUE = re.compile(r"<td[^>]*><b>((?:MAX|MIN|end)(?: [^<]*)?|(?:[≥≤] )?-?\d+(?:\.\d+)?)</b></td>")
WINDOW_NOW = re.compile(r"<b>(α \S+  β \S+)</b>")
WINDOW_BEFORE = re.compile(rf'<font color="{MUTED}">(α \S+  β \S+)</font>')
WIDTHS = re.compile(r'width="(\d+)"')


@dataclass(frozen=True)
class Label:
    """What a node's label shows (read once for each different line of source)."""

    text: str
    value: str | None  # as written (``MIN ≤ 2``, ``3``), or the role alone, or None
    window_now: str | None  # bold: on the path
    window_before: str | None  # grey: searched earlier
    now: bool  # the node of the step (its class)
    pruned: bool
    faint: bool
    widths: tuple[str, ...]  # the fixed widths of its cells

    @classmethod
    @functools.lru_cache(maxsize=100_000)
    def of(cls, label: str, attributes: str) -> Label:
        def first(pattern: re.Pattern[str]) -> str | None:
            found = pattern.search(label)
            return found.group(1) if found else None

        return cls(
            label,
            first(VALUE),
            first(WINDOW_NOW),
            first(WINDOW_BEFORE),
            "tictac-now" in attributes,
            ">pruned<" in label,
            'bgcolor="#f3f4f6"' in label,
            tuple(WIDTHS.findall(label)),
        )


@dataclass
class Drawn:
    """A node of a drawing: its label, its moves from the root, the arrow into it."""

    label: Label
    path: tuple[int, ...] = ()
    arrow: str = ""  # the attributes of the arrow into it

    def __getattr__(self, name: str) -> Any:
        return getattr(self.label, name)


def read(source: str) -> dict[tuple[int, ...], Drawn]:
    """The nodes of a drawing by their moves from the root, read from its source line by line
    (the parent of each arrow, and the move on it, give the path)."""
    nodes: dict[str, Drawn] = {}
    arrows: list[tuple[str, str, str]] = []
    for line in source.splitlines():
        if node := NODE.match(line):
            nodes[node.group(1)] = Drawn(Label.of(node.group(2), node.group(3)))
        elif edge := EDGE.match(line):
            arrows.append(edge.groups())  # type: ignore[arg-type]
    children = {child for _, child, _ in arrows}
    (root,) = [name for name in nodes if name not in children]
    by_parent: dict[str, list[tuple[str, str]]] = {}
    for parent, child, attributes in arrows:
        by_parent.setdefault(parent, []).append((child, attributes))
    paths = {root: ()}
    stack = [root]
    while stack:
        parent = stack.pop()
        for child, attributes in by_parent.get(parent, []):
            move = MOVE.search(attributes)
            assert move, attributes
            paths[child] = (*paths[parent], int(move.group(1)))
            nodes[child].arrow = attributes
            stack.append(child)
    for name, drawn in nodes.items():
        drawn.path = paths[name]
    return {drawn.path: drawn for drawn in nodes.values()}


def trace_paths(root: TraceNode[int]) -> dict[tuple[int, ...], TraceNode[int]]:
    """Every node of a trace by its moves from the root."""
    paths: dict[tuple[int, ...], TraceNode[int]] = {}

    def walk(node: TraceNode[int], path: tuple[int, ...]) -> None:
        paths[path] = node
        for child in node.children:
            assert child.move is not None
            walk(child, (*path, child.move))

    walk(root, ())
    return paths


def window(alpha: float, beta: float) -> str:
    return f"α {format_value(alpha)}  β {format_value(beta)}"


# ---------------------------------------------------------------------------------------------
# What the search did, worked out from its trace alone


@dataclass
class Walk:
    """Where each node lies in the depth-first walk of a trace: its place, and the place of
    the last node below it (by the node's id)."""

    place: dict[int, int]
    last: dict[int, int]

    @classmethod
    def of(cls, steps: SearchSteps) -> Walk:
        order = list(steps.trace.walk())
        place = {id(node): k for k, node in enumerate(order)}
        last: dict[int, int] = {}
        for node in reversed(order):  # children before parents
            last[id(node)] = max([place[id(node)], *(last[id(c)] for c in node.children)])
        return cls(place, last)


@dataclass
class Finished:
    """The nodes whose search is over after a step (``id(node) in finished``): those that
    come before the step's node in the depth-first walk of the trace and are not above it;
    the nodes below it once it cuts or is done; and the node itself once it is valued (a
    leaf, or "done")."""

    walk: Walk
    step: Step

    def __contains__(self, key: int) -> bool:
        step, place = self.step, self.walk.place
        here, at = place[id(step.node)], place[key]
        if key == id(step.node):
            return step.kind in ("leaf", "done")
        if at < here:
            return self.walk.last[key] < here  # before it, and not above it
        return step.kind in ("cut", "done") and at <= self.walk.last[id(step.node)]


def expected_window(node: TraceNode, over: Finished) -> tuple[float, float]:
    """A path node's current window: the one the search gave the child it searches next, or,
    when none is left, its own window moved by its children's values (MAX raises α to each,
    MIN lowers β)."""
    for child in node.children:
        if id(child) not in over:
            return child.alpha, child.beta
    values = [child.value for child in node.children]
    if node.state.turn == "X":
        return max([node.alpha, *values]), node.beta
    return node.alpha, min([node.beta, *values])


def drawn_values(position: Any, **options: Any) -> dict[tuple[int, ...], str]:
    """What draw_tree writes for each node of the same search, drawn whole: its value (or
    "pruned"), by path."""
    graph = draw_tree(position, max_depth=99, max_nodes=100_000, **options)
    return {
        path: "pruned" if drawn.pruned else drawn.value or ""
        for path, drawn in read(graph.source).items()
    }


@dataclass
class Recording:
    steps: SearchSteps
    calls: list[Any]  # the positions the score or heuristic was called on, in order


def recorded(
    position: Any, monkeypatch: pytest.MonkeyPatch | None = None, **options: Any
) -> Recording:
    """record_search with the score (and the heuristic) wrapped to write down every call: an
    observation of what the search did that does not go through its trace."""
    calls: list[Any] = []

    def recorder(score: Callable[[Any, int], float]) -> Callable[[Any, int], float]:
        def recording(state: Any, ply: int) -> float:
            calls.append(state)
            return score(state, ply)

        recording.__name__ = getattr(score, "__name__", "score")
        return recording

    if isinstance(position, NumberTree):  # a tree of numbers is scored by leaf_number alone
        assert monkeypatch is not None
        monkeypatch.setattr(tictac.search.engine, "leaf_number", recorder(leaf_number))
    else:
        options["score"] = recorder(options.get("score", win_loss))
    if options.get("heuristic") is not None:
        options["heuristic"] = recorder(options["heuristic"])
    return Recording(record_search(position, **options), calls)


def check_replay(recording: Recording) -> None:
    """The steps are the search, visit by visit: in the trace's depth-first order, valuing
    the leaves in the order the score was called, backing up and cutting where it did, each
    step's windows those the search used."""
    steps, trace = recording.steps, recording.steps.trace
    kinds = [step.kind for step in steps]
    assert [id(node) for node in steps.visits()] == [id(node) for node in trace.walk()]
    assert [step.node.state for step in steps if step.kind == "leaf"] == recording.calls
    inner = [node for node in trace.walk() if node.children]
    assert kinds.count("enter") == kinds.count("done") == len(inner)
    assert kinds.count("cut") == sum(1 for node in inner if node.pruned)
    assert steps.result.stats.nodes == sum(1 for _ in trace.walk())
    walk = Walk.of(steps)
    for index, step in enumerate(steps):
        assert step.path[-1] is step.node and step.path[0] is trace
        over = Finished(walk, step)
        if step.kind == "cut":
            assert step.node.pruned and all(id(c) in over for c in step.node.children)
        if step.kind == "done":
            assert all(id(c) in over for c in step.node.children)
        for node, (alpha, beta) in zip(step.path, step.windows):
            if steps.search == "minimax":
                assert (alpha, beta) == (-math.inf, math.inf)
            elif node.children:
                assert (alpha, beta) == expected_window(node, over), (index, step)
            else:
                assert (alpha, beta) == (node.alpha, node.beta)


def check_frames(steps: SearchSteps, drawn: dict[tuple[int, ...], str]) -> None:
    """Every frame shows the same nodes at the same sizes; the node of the step alone is
    highlighted; values appear once a node is valued, exactly as draw_tree writes them;
    the path shows the windows of expected_window, the nodes searched before theirs; pruned
    moves say so once their cut has happened; the last frame shows draw_tree's values."""
    nodes = trace_paths(steps.trace)
    ids = {id(node): path for path, node in nodes.items()}
    alphabeta = steps.search == "alphabeta"
    cuts: dict[int, int] = {id(steps[i].node): i for i in steps.cuts()}
    first: dict[tuple[int, ...], Drawn] = {}
    walk = Walk.of(steps)
    for index, step in enumerate(steps):
        frame = read(steps.frame(index).source)
        assert frame.keys() == drawn.keys(), "every frame draws the nodes draw_tree draws"
        over = Finished(walk, step)
        seen = {id(node) for node in steps.visits()[: _visits_by(steps, index)]}
        path = {ids[id(node)] for node in step.path}
        assert [p for p, d in frame.items() if d.now] == [ids[id(step.node)]]
        for where, shown in frame.items():
            assert shown.widths == first.setdefault(where, shown).widths, where
            assert ("now" in shown.text and COLORS["highlight"] in shown.text) == shown.now
            node = nodes.get(where)
            if node is None:  # a pruned move
                cut = cuts[id(nodes[where[:-1]])]
                assert (
                    shown.pruned == (cut <= index)
                    and shown.faint
                    and shown.value
                    in (
                        None,
                        "MAX",
                        "MIN",
                        "end",
                    )
                )
                assert ("dashed" in shown.arrow) == (cut <= index)
                continue
            assert not shown.pruned
            assert shown.faint == (id(node) not in seen), (index, where)
            valued = id(node) in over or (node is step.node and step.kind in ("leaf", "done"))
            if valued:
                assert shown.value == drawn[where], (index, where, shown.value, drawn[where])
            else:
                assert shown.value in (None, "MAX", "MIN", "end"), (index, where, shown.value)
            has_window = alphabeta and not node.state.is_terminal
            if not has_window:
                assert shown.window_now is None and shown.window_before is None
            elif where in path:
                expected = expected_window(node, over) if node.children else (node.alpha, node.beta)
                assert shown.window_now == window(*expected), (index, where)
                assert "penwidth" in shown.arrow or where == ()
            elif valued:
                assert shown.window_before == window(node.alpha, node.beta)
                assert shown.window_now is None
            else:
                assert shown.window_now is None and shown.window_before is None
            cut_now = id(node) in cuts and cuts[id(node)] <= index
            assert (node.reason != "" and html.escape(node.reason) in shown.text) == cut_now


def _visits_by(steps: SearchSteps, index: int) -> int:
    """How many nodes the search has visited by step `index`."""
    return sum(1 for step in steps.steps[: index + 1] if step.kind in ("enter", "leaf"))


def check_everything(
    position: Any, monkeypatch: pytest.MonkeyPatch | None = None, **options: Any
) -> SearchSteps:
    recording = recorded(position, monkeypatch, **options)
    check_replay(recording)
    drawn = drawn_values(position, **{**options, "search": recording.steps.search})
    check_frames(recording.steps, drawn)
    last = read(recording.steps.frame(-1).source)
    assert {path: "pruned" if d.pruned else d.value for path, d in last.items()} == drawn
    return recording.steps


# ---------------------------------------------------------------------------------------------
# The textbook's tree


def test_the_textbook_tree_step_by_step(monkeypatch: pytest.MonkeyPatch) -> None:
    steps = check_everything(NumberTree(TEXTBOOK), monkeypatch)
    assert steps.result.value == 3
    names = [f"{step.kind} {steps.name(step.node)}" for step in steps]
    assert names == [
        "enter A",
        "enter B",
        "leaf B1",
        "leaf B2",
        "leaf B3",
        "done B",
        "enter C",
        "leaf C1",
        "cut C",
        "done C",
        "enter D",
        "leaf D1",
        "leaf D2",
        "leaf D3",
        "done D",
        "done A",
    ]
    visited = {steps.name(node) for node in steps.visits()}
    assert not visited & {"C2", "C3"}
    cut = steps[steps.cuts()[0]].sentence
    assert "C2 and C3" in cut and "α = 3" in cut and "never choose C" in cut
    assert steps[9].sentence == "C is worth at most 2: MAX keeps α = 3."
    assert steps[2].sentence == "B1 is worth 3: MIN lowers β to 3."
    last = read(steps.frame(-1).source)
    assert [d.path for d in last.values() if d.pruned] == [(1, 1), (1, 2)]
    assert last[(1,)].value == "MIN ≤ 2" and last[()].value == "MAX 3"


def test_the_textbook_tree_by_minimax(monkeypatch: pytest.MonkeyPatch) -> None:
    steps = check_everything(NumberTree(TEXTBOOK), monkeypatch, search="minimax")
    assert len(steps) == 13 + 4 and not steps.cuts()
    assert all("α" not in steps.frame(i).source for i in range(len(steps)))
    assert steps[3].sentence == "B2 is worth 12: MIN keeps 3."


@pytest.mark.parametrize("order", [None, reversed_order, middle_first])
@pytest.mark.parametrize(
    "tree", [TEXTBOOK, DEEPER, BOTH_CUTS, FIVE_LEVELS], ids=["textbook", "deeper", "cuts", "5"]
)
@pytest.mark.parametrize("search", ["alphabeta", "minimax"])
def test_trees_of_numbers_in_any_order(
    monkeypatch: pytest.MonkeyPatch, tree: Any, order: Any, search: str
) -> None:
    if search == "minimax" and order is not None:
        return  # minimax has no move order (refused: see test_bad_input)
    options: dict[str, Any] = {"search": search}
    if order is not None:
        options["order_moves"] = order
    steps = check_everything(NumberTree(tree), monkeypatch, **options)
    assert steps.result.value == tictac.minimax(NumberTree(tree)).value
    if order is not None:  # drawn in the order searched: the first child is the first tried
        first_moves = [d.path[-1] for d in read(steps.frame(0).source).values() if len(d.path) == 1]
        assert first_moves == list(order(NumberTree(tree)))


def test_a_deeper_tree_cuts_at_both_kinds_of_node(monkeypatch: pytest.MonkeyPatch) -> None:
    steps = check_everything(NumberTree(BOTH_CUTS), monkeypatch)
    kinds = {steps[i].node.state.player for i in steps.cuts()}  # type: ignore[union-attr]
    assert kinds == {"MAX", "MIN"}
    assert any("≥ β" in steps[i].sentence for i in steps.cuts())
    assert any("≤ α" in steps[i].sentence for i in steps.cuts())


def test_a_depth_limited_tree_of_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    def average(node: NumberTree, ply: int) -> float:
        return sum(leaf.number or 0 for leaf in node.leaves()) / len(node.leaves())

    steps = check_everything(NumberTree(FIVE_LEVELS), monkeypatch, depth=2, heuristic=average)
    assert any("depth limit reached, average guesses" in step.sentence for step in steps)


# ---------------------------------------------------------------------------------------------
# Boards


@pytest.mark.parametrize("position", BOARDS)
@pytest.mark.parametrize(
    "options",
    [
        {},
        {"search": "minimax"},
        {"order_moves": True},
        {"order_moves": reversed_order},
        {"score": depth_aware},
        {"search": "minimax", "depth": 2, "heuristic": two_in_a_row},
    ],
    ids=["alphabeta", "minimax", "ordered", "reversed", "depth_aware", "minimax depth 2"],
)
@pytest.mark.slow
def test_board_searches_step_by_step(position: str, options: dict[str, Any]) -> None:
    state = State.parse(position)
    if (
        options.get("search") == "minimax"
        and len(state.legal_moves()) > 4
        and "depth" not in options
    ):
        return  # minimax from five empty cells is over the budget (test_bad_input)
    steps = check_everything(state, **options)
    same = {key: value for key, value in options.items() if key in ("score", "depth", "heuristic")}
    assert steps.result.value == tictac.minimax(state, **same).value  # alpha-beta's root is exact


def test_depth_limited_boards_say_what_the_heuristic_guessed() -> None:
    state = State.parse("X../.O./...")
    steps = check_everything(state, depth=2, heuristic=two_in_a_row)
    guesses = [step.sentence for step in steps if step.node.kind == "cutoff-heuristic"]
    assert "O's reply 2: depth limit reached, two_in_a_row guesses −0.2; O lowers β to −0.2." in (
        guesses
    )
    last = read(steps.frame(-1).source)
    assert sum("<i>two_in_a_row</i>" in d.text for d in last.values()) == len(guesses)


def test_the_sentences_of_a_board_name_moves_and_cuts() -> None:
    """Lesson 6's position: O to move; the cut below O's move 0 in the lesson's words."""
    steps = record_search(State.parse(".../XXO/XOO"))
    sentences = [step.sentence for step in steps]
    assert sentences[1] == "X's move 0 wins, worth 1: X raises α to 1."
    assert sentences[6] == (
        "O's reply 0 is worth 1 ≤ α = 1: X will never play 1, so skip O's other reply, 2."
    )
    assert sentences[-1] == (
        "The root is worth 1, and the search is over (6 positions visited): X's best move is 0."
    )
    finished_game = record_search(State.parse("XXX/OO./..."))
    assert len(finished_game) == 1 and "over already" in finished_game[0].sentence


@pytest.mark.slow
def test_every_small_position_steps_through_its_search_exactly() -> None:
    """Every reachable position that fits the stepper's budget: the steps replay the search
    (visits, score calls, windows); and every frame of every position with three or fewer
    empty cells shows what the search knew (the frames of the bigger ones are made by the same
    code from the same steps, and are checked on the positions above)."""
    replayed = framed = 0
    refused = []
    for state in reachable_states():
        try:
            recording = recorded(state)
        except BudgetExceeded:
            refused.append(state)
            continue
        check_replay(recording)
        replayed += 1
        if len(state.legal_moves()) <= 3:
            check_frames(recording.steps, drawn_values(state, search="alphabeta"))
            framed += 1
    print(f"replayed {replayed:,} positions, checked every frame of {framed:,}")
    assert framed > 3000
    # what STEP_BUDGET's documentation says
    assert len(refused) == 178 and all(len(state.legal_moves()) >= 6 for state in refused)


@pytest.mark.slow
def test_frames_keep_their_layout_and_graphviz_has_nothing_to_say(
    capfd: pytest.CaptureFixture[str],
) -> None:
    """Graphviz places every node at the same place, at the same size, in every frame; and no
    text overflows its fixed-size cell (Graphviz would warn)."""
    for position in (NumberTree(DEEPER), State.parse("XOX/.O./X..")):
        steps = record_search(position)
        layouts = set()
        for index in range(len(steps)):
            plain = steps.frame(index).pipe(format="plain", encoding="utf-8")
            places = [line.split()[1:6] for line in plain.splitlines() if line.startswith("node")]
            layouts.add(tuple(map(tuple, places)))
        assert len(layouts) == 1
    assert "Warning" not in capfd.readouterr().err


def test_each_frame_is_drawn_once_and_highlights_its_node() -> None:
    steps = record_search(NumberTree(TEXTBOOK))
    svg = steps.svg(8)
    assert svg.startswith("<svg") and steps.svg(8) is svg
    # (Graphviz writes the class's hyphen as &#45;, which a browser reads as "-")
    assert re.search(r'class="node tictac(-|&#45;)now">\s*<title>m1</title>', svg)
    assert "<!--" not in svg


# ---------------------------------------------------------------------------------------------
# Budgets and bad input: each refusal says what to do instead, and changes nothing


def test_a_search_too_big_to_step_through_is_refused_with_the_ways_out() -> None:
    with pytest.raises(BudgetExceeded) as refused:
        step_search(State.parse("X../.O./..."))
    message = str(refused.value)
    assert f"after searching {STEP_BUDGET} positions" in message
    for way_out in ("fewer empty cells", "depth=2, heuristic=two_in_a_row", "NumberTree(["):
        assert way_out in message
    with pytest.raises(BudgetExceeded, match="search='alphabeta'"):
        record_search(State.parse("XO./.X./..."), search="minimax")
    assert len(record_search(State.parse("X../.O./..."), budget=None)) > 2 * STEP_BUDGET


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: step_search("XO./.X./..."), TypeError, r"needs a State, such as State.parse"),
        (lambda: step_search([[1, 2]]), TypeError, r"or a NumberTree, such as NumberTree\("),
        (
            lambda: step_search(NumberTree(TEXTBOOK), search="negamax"),
            ValueError,
            r"search='negamax' is not an option: use 'alphabeta' or 'minimax'",
        ),
        (
            lambda: step_search(State.parse(".../XXO/XOO"), memo="symmetric"),
            ValueError,
            r"without a memo.*Leave memo out here; draw_tree\(\.\.\., memo='symmetric'\)",
        ),
        (
            lambda: step_search(NumberTree(TEXTBOOK), search="minimax", order_moves=True),
            ValueError,
            r"order_moves is alpha-beta's option.*use search='alphabeta'",
        ),
        (
            lambda: step_search(NumberTree(TEXTBOOK), order_moves=True),
            ValueError,
            r"for a tree of numbers give the order yourself",
        ),
        (
            lambda: step_search(State.parse(".../XXO/XOO"), depth=2),
            ValueError,
            r"needs a heuristic.*heuristic=two_in_a_row",
        ),
        (
            lambda: step_search(NumberTree(TEXTBOOK), score=depth_aware),
            ValueError,
            r"leave score= out",
        ),
        (lambda: SearchStepper("steps"), TypeError, r"step_search\(position\) records"),
    ],
)
def test_bad_input_is_refused_with_the_way_out(
    call: Callable[[], Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        call()


def test_a_step_that_does_not_exist_is_refused_and_changes_nothing() -> None:
    stepper = step_search(NumberTree(TEXTBOOK))
    stepper.go(5)
    with pytest.raises(IndexError, match=r"there are 16 steps, 0 to 15 .* no step 16"):
        stepper.go(16)
    with pytest.raises(TypeError, match=r"a step is a whole number, 0 to 15, not '3'"):
        stepper.go("3")  # type: ignore[arg-type]
    assert stepper.index == 5 and stepper.slider.value == 6


# ---------------------------------------------------------------------------------------------
# The widget


def test_the_buttons_move_through_the_steps() -> None:
    stepper = step_search(NumberTree(TEXTBOOK))
    assert "tictac-stepper" in stepper._dom_classes
    buttons = {
        "start": stepper.start_button,
        "back": stepper.back_button,
        "step": stepper.step_button,
        "next cut": stepper.next_cut_button,
        "end": stepper.end_button,
    }
    assert all(button.tooltip for button in buttons.values())
    assert stepper.start_button.disabled and stepper.back_button.disabled
    frames = [stepper.picture.value]
    for _ in range(3):
        stepper.step_button.click()
        frames.append(stepper.picture.value)
    assert stepper.index == 3 and stepper.slider.value == 4
    box = '<div class="tictac-stepper-box" tabindex="0" role="group" '
    box += 'aria-label="The tree at this step" '
    # each frame in a box that scrolls, which the keyboard reaches and a screen reader names
    assert len(set(frames)) == 4 and all(frame.startswith(box) for frame in frames)
    assert all(frame.split(">", 1)[1].startswith("<svg") for frame in frames)
    assert "Step 4 of 16" in stepper.sentence.value and "B2 is worth 12" in stepper.sentence.value
    stepper.back_button.click()
    assert stepper.index == 2
    stepper.next_cut_button.click()
    assert stepper.index == 8 and stepper.current.kind == "cut"
    assert stepper.next_cut_button.disabled  # the textbook tree has one cut
    stepper.end_button.click()
    assert stepper.index == 15 and stepper.step_button.disabled and stepper.end_button.disabled
    stepper.step_button.click()  # disabled: nothing happens
    assert stepper.index == 15
    stepper.slider.value = 10  # the slider counts from 1, as the sentence does
    assert stepper.index == 9 and stepper.current.sentence.startswith("C is worth at most 2")
    stepper.start_button.click()
    assert stepper.index == 0 and stepper.picture.value == frames[0]
    stepper.close()


def test_minimax_has_no_cuts_to_run_to() -> None:
    stepper = step_search(State.parse(".../XXO/XOO"), search="minimax")
    assert stepper.next_cut_button.layout.display == "none"
    assert stepper.next_cut() == 0


def test_run_to_each_cut_in_turn_on_a_board() -> None:
    stepper = step_search(State.parse("XOX/.O./X.."))
    reached = []
    while not stepper.next_cut_button.disabled:
        stepper.next_cut_button.click()
        reached.append(stepper.index)
    assert reached == list(stepper.steps.cuts()) and len(reached) == 4


def test_step_search_is_exported_and_the_widget_has_a_short_text_form() -> None:
    assert tictac.step_search is step_search and "step_search" in tictac.__all__
    stepper = tictac.step_search(NumberTree(TEXTBOOK))
    assert repr(stepper).startswith("<search stepper: alphabeta, Step 1 of 16: Start at A")


# ---------------------------------------------------------------------------------------------
# The still picture, for notebooks that cannot run the widget


def pictures_in(html: str) -> list[str]:
    """The SVG of each <img> with a data: address in `html`."""
    found = re.findall(r'<img [^>]*\bsrc="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', html)
    return [base64.b64decode(data).decode("utf-8") for data in found]


def test_the_output_holds_a_still_picture_of_the_frame_shown() -> None:
    stepper = step_search(NumberTree(TEXTBOOK))
    bundle = stepper._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert pictures_in(bundle["text/html"]) == [stepper.steps.svg(0)]
    assert "Step 1 of 16: Start at A" in bundle["text/html"]
    stepper.go(8)
    html = stepper._repr_mimebundle_()["text/html"]
    assert pictures_in(html) == [stepper.steps.svg(8)]
    assert "C2 and C3" in html


@pytest.mark.slow
def test_an_html_export_shows_the_still_picture(tmp_path: Path) -> None:
    """`jupyter nbconvert --to html` of an executed notebook saved without its widget state
    (nothing there to run the widget) shows the picture of the first frame."""
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "metadata": {},
                "outputs": [],
                "source": "from tictac import step_search\n"
                "from tictac.game.numbertree import NumberTree\n"
                f"step_search(NumberTree({TEXTBOOK}))",
            }
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (tmp_path / "stepper.ipynb").write_text(json.dumps(notebook))
    subprocess.run(
        [
            sys.executable,
            "-m",
            "jupyter",
            "nbconvert",
            "--to",
            "html",
            "--execute",
            "--ExecutePreprocessor.store_widget_state=False",
            "--ExecutePreprocessor.kernel_name=python3",
            str(tmp_path / "stepper.ipynb"),
        ],
        check=True,
        capture_output=True,
        env=_environment_with_this_tictac(),
        timeout=300,
    )
    html = (tmp_path / "stepper.html").read_text()
    assert pictures_in(html) == [record_search(NumberTree(TEXTBOOK)).svg(0)]


def _environment_with_this_tictac() -> dict[str, str]:
    import os

    root = str(Path(tictac.__file__).resolve().parent.parent)
    return {**os.environ, "PYTHONPATH": os.pathsep.join([root, os.environ.get("PYTHONPATH", "")])}


def test_recording_a_search_needs_no_widgets() -> None:
    """record_search and its frames work where ipywidgets is not installed (a script, a
    server): only the widget, in tictac.pictures.stepper_widget, needs it."""
    code = (
        "import sys; sys.modules['ipywidgets'] = None\n"  # (an import of it now fails)
        "from tictac.game.numbertree import NumberTree\n"
        "from tictac.pictures.stepper import record_search\n"
        "steps = record_search(NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))\n"
        "print(len(steps), steps.svg(8).count('<svg'))\n"
        "try:\n"
        "    import tictac.pictures.stepper_widget\n"
        "except ImportError:\n"
        "    print('the widget needs ipywidgets')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[:2] == ["16 1", "the widget needs ipywidgets"]


def test_the_widget_s_old_place_still_answers_with_a_warning() -> None:
    import tictac.pictures.stepper

    with pytest.warns(
        DeprecationWarning, match="tictac.pictures.stepper.step_search is an old name"
    ):
        assert tictac.pictures.stepper.step_search is step_search
