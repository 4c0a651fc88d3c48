"""The game-tree pictures take any game: draw_tree, draw_mcts_tree and the search stepper draw
Connect Four, Nim and a game written in a test with only the six names of the interface.

Each drawing is read back from its Graphviz source and checked against what is worked out here
without the pictures: the positions of the whole game tree, counted by hand, and their values,
found by a minimax written out below (Nim's on bare tuples of heaps).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from test_position import TakeAway, no_idea

import tictac
from tictac.game.connect_four import ConnectFour
from tictac.game.nim import Nim
from tictac.game.numbertree import NumberTree
from tictac.game.position import NotForThisGame
from tictac.game.state import State
from tictac.pictures.stepper import record_search
from tictac.pictures.stepper_widget import step_search
from tictac.pictures.tree import draw_mcts_tree, draw_tree
from tictac.search.engine import minimax
from tictac.search.mcts import uct_search

# ---------------------------------------------------------------------------------------------
# Reading a drawing back from its Graphviz source

NODE = re.compile(r"(n\d+) \[label=<(.*)>\]")
EDGE = re.compile(r'(n\d+) -> (n\d+) \[label=(?:"([^"]*)"|([^ \]]+))(.*)\]')
VALUE = re.compile(r"<b>(MAX|MIN|end) (-?\d+)</b>")
FIRST_CELL = re.compile(r"<tr><td>(.*?)</td></tr>")  # a position shown as text
DISC_CELL = re.compile(r'<td width="14" height="14" fixedsize="true" bgcolor="([^"]+)">(.*?)</td>')
DISCS = {"●": "X", "○": "O"}
WIN_CELL = "#d4efe6"


@dataclass
class Node:
    label: str
    role: str
    value: int


def read(source: str) -> tuple[dict[str, Node], list[tuple[str, str, str]]]:
    """The nodes (id: label, role, value) and the moves (parent, child, label) of a drawing."""
    nodes: dict[str, Node] = {}
    edges = []
    for line in source.splitlines():
        if edge := EDGE.fullmatch(line.strip()):
            parent, child, quoted, bare, _ = edge.groups()
            edges.append((parent, child, quoted if bare is None else bare))
        elif node := NODE.fullmatch(line.strip()):
            name, label = node.groups()
            assert "more position" not in label, "a drawing to check shows its whole tree"
            found = VALUE.search(label)
            assert found, label
            nodes[name] = Node(label, found.group(1), int(found.group(2)))
    return nodes, edges


def text_of(label: str) -> str:
    """The position a node shows as text (Nim's heaps, another game's str())."""
    found = FIRST_CELL.search(label)
    assert found, label
    return found.group(1)


def discs_of(label: str, cols: int) -> tuple[str, set[int]]:
    """A Connect Four node's board as ConnectFour's text, and the cells drawn as won."""
    cells = DISC_CELL.findall(label)
    marks = "".join(next((DISCS[d] for d in DISCS if d in text), ".") for _, text in cells)
    won = {index for index, (ground, _) in enumerate(cells) if ground == WIN_CELL}
    rows = [marks[i : i + cols] for i in range(0, len(marks), cols)]
    return "/".join(rows), won


def check_tree(
    source: str, root: Any, shows: Callable[[Any, str], bool], value: Callable[[Any], int]
) -> int:
    """Walk the drawing from its root alongside the game: each move's label names a legal move
    (by the game's move_label, else as it is), the node it leads to shows that position, and
    every node its role and its true value. How many nodes it walked."""
    nodes, edges = read(source)
    below: dict[str, list[tuple[str, str]]] = {}
    for parent, child, move in edges:
        below.setdefault(parent, []).append((move.removesuffix(" ✓"), child))
    name: Callable[[Any], object] = getattr(root, "move_label", str)
    stack = [("n0", root)]
    walked = 0
    while stack:
        node_id, position = stack.pop()
        node = nodes[node_id]
        walked += 1
        assert shows(position, node.label), (node_id, position)
        role = "end" if position.is_terminal else ("MAX" if position.turn == "X" else "MIN")
        assert (node.role, node.value) == (role, value(position)), (node_id, position)
        moves = {str(name(move)): move for move in position.legal_moves()}
        children = below.get(node_id, [])
        assert sorted(named for named, _ in children) == sorted(moves)
        stack.extend((child, position.play(moves[named])) for named, child in children)
    assert walked == len(nodes)
    return walked


# ---------------------------------------------------------------------------------------------
# Nim, worked out on bare tuples


def nim_moves(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
    return [
        (*heaps[:i], heaps[i] - take, *heaps[i + 1 :])
        for i in range(len(heaps))
        for take in range(1, heaps[i] + 1)
    ]


@functools.cache
def nim_tree_size(heaps: tuple[int, ...]) -> int:
    """How many positions the game tree from `heaps` has (each path its own position)."""
    return 1 + sum(nim_tree_size(after) for after in nim_moves(heaps))


@functools.cache
def nim_mover_wins(heaps: tuple[int, ...]) -> bool:
    """Whether the player to move wins (the one who takes the last object wins)."""
    return any(not nim_mover_wins(after) for after in nim_moves(heaps))


def shows_text(position: Any, label: str) -> bool:
    """Whether a node shows the position as its text, else its str()."""
    return text_of(label) == getattr(position, "text", str(position))


def nim_value(position: Nim) -> int:
    """The value from X's side, worked out here rather than by the package's searches."""
    x_wins = nim_mover_wins(position.heaps) == (position.turn == "X")
    return 1 if x_wins else -1


@pytest.mark.parametrize("heaps", [(1, 2), (2, 2), (1, 1, 2), (3,)])
def test_draw_tree_draws_every_nim_position_with_its_value(heaps: tuple[int, ...]) -> None:
    source = draw_tree(Nim.new(heaps), max_depth=99, max_nodes=1000).source
    assert check_tree(source, Nim.new(heaps), shows_text, nim_value) == nim_tree_size(heaps)
    assert 'label="take 1 from heap 0' in source
    assert nim_tree_size((1, 2)) == 12  # the count itself, by hand: 1 + 4 + 4 + 3


def test_alphabeta_on_nim_names_the_pruned_moves_too() -> None:
    graph = draw_tree(Nim.new((2, 3)), search="alphabeta", max_depth=99, max_nodes=1000)
    dashed = r'label="([^"]*)" color="#616a78" fontcolor="#616a78" style=dashed'
    pruned = re.findall(dashed, graph.source)
    assert pruned and all(re.fullmatch(r"take \d from heap \d", move) for move in pruned)
    assert repr(graph).startswith("<game tree: ") and " positions drawn; alphabeta" in repr(graph)
    assert graph.pipe(format="svg").startswith(b"<?xml")


# ---------------------------------------------------------------------------------------------
# Connect Four: boards of discs, the winning line marked

NEAR_END = ConnectFour.parse("..../.O../.XO./XXO.", k=3)  # X to move, 4x4, three in a row


def connect_four_value(position: ConnectFour) -> int:
    return int(minimax(position).value)


def shows_discs(position: ConnectFour, label: str) -> bool:
    return discs_of(label, position.cols)[0] == position.text


def test_draw_tree_draws_connect_four_boards_with_their_discs_and_values() -> None:
    source = draw_tree(NEAR_END, max_depth=99, max_nodes=1000).source
    nodes, _ = read(source)
    positions = [NEAR_END]
    for position in positions:  # the whole game tree, counted by playing it out
        positions.extend(position.play(move) for move in position.legal_moves())
    assert len(nodes) == len(positions)
    drawn = sorted(discs_of(node.label, 4)[0] for node in nodes.values())
    assert drawn == sorted(position.text for position in positions)
    assert check_tree(source, NEAR_END, shows_discs, connect_four_value) == len(positions)
    assert 'label="column 2 ✓"' in source


def test_a_won_connect_four_board_marks_its_winning_line() -> None:
    source = draw_tree(NEAR_END, max_depth=99, max_nodes=1000).source
    nodes, _ = read(source)
    won = 0
    for node in nodes.values():
        text, marked = discs_of(node.label, 4)
        position = ConnectFour.parse(text, k=3)
        assert marked == set(position.winning_line or ())
        won += bool(marked)
    assert won > 0


def test_a_depth_limited_connect_four_drawing_names_the_heuristic() -> None:
    start = ConnectFour.new(4, 4, 3).play(1).play(2)
    graph = draw_tree(start, depth=2, heuristic=no_idea, max_depth=2, max_nodes=100)
    assert "<i>no_idea</i>" in graph.source and "depth 2" in graph.source
    assert repr(graph).startswith("<game tree: 21 boards drawn")  # 1 + 4 + 16
    assert graph.pipe(format="svg").startswith(b"<?xml")


# ---------------------------------------------------------------------------------------------
# A game with only the six names: shown as its str(), escaped


def takeaway_value(position: TakeAway) -> int:
    mover_wins = position.heap % 4 != 0
    return 1 if mover_wins == (position.turn == "X") else -1


@functools.cache
def takeaway_tree_size(heap: int) -> int:
    return 1 + sum(takeaway_tree_size(heap - take) for take in (1, 2, 3) if take <= heap)


@pytest.mark.parametrize("heap", [1, 4, 5])
def test_draw_tree_draws_a_game_with_only_the_six_names(heap: int) -> None:
    source = draw_tree(TakeAway(heap), max_depth=99, max_nodes=1000).source
    walked = check_tree(source, TakeAway(heap), shows_text, takeaway_value)
    assert walked == takeaway_tree_size(heap)


class Angled(TakeAway):
    """The toy game, shown with characters Graphviz's labels must not read as markup."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"<heap & {self.heap}>\n" + "long line " * 5 + "\n|" * 9


def test_a_position_is_shown_escaped_and_short() -> None:
    graph = draw_tree(Angled(2), max_depth=9)
    label = read(graph.source)[0]["n0"].label
    assert "&lt;heap &amp; 2&gt;<br/>" in label and "<heap" not in label
    assert "long line long line lon…" in label and label.count("<br/>") == 5
    assert graph.pipe(format="svg").startswith(b"<?xml")


# ---------------------------------------------------------------------------------------------
# What draw_tree refuses


@pytest.mark.parametrize(
    "position", [Nim.new((1, 2)), NEAR_END, TakeAway(3)], ids=["Nim", "ConnectFour", "TakeAway"]
)
def test_merge_symmetric_refuses_another_game_and_says_what_to_do(position: Any) -> None:
    with pytest.raises(NotForThisGame, match=r"merge_symmetric works on m,n,k boards \(State\)"):
        draw_tree(position, merge_symmetric=True)
    with pytest.raises(NotForThisGame, match="use draw_tree\\(position\\) without merge_symmetric"):
        draw_tree(position, merge_symmetric=True)


def test_merge_symmetric_still_merges_boards_and_refuses_a_tree_of_numbers() -> None:
    merged = draw_tree(State.parse("XOX/.O./..."), merge_symmetric=True, max_depth=1)
    assert 'label="3 ×2' in merged.source
    with pytest.raises(ValueError, match="a tree of numbers has none"):
        draw_tree(NumberTree([[1, 2]]), merge_symmetric=True)


def test_what_is_no_position_is_told_what_a_position_has() -> None:
    with pytest.raises(TypeError, match=r"draw_tree needs a State.*this lacks turn, is_terminal"):
        draw_tree(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"or another game's position .*this lacks"):
        record_search(object())  # type: ignore[arg-type]


def test_a_search_too_big_to_draw_gives_advice_for_the_game() -> None:
    with pytest.raises(tictac.BudgetExceeded) as stopped:
        draw_tree(Nim.new((3, 4, 5)), budget=200)
    message = str(stopped.value)
    assert "nearer the end of the game" in message and "heuristic of your own" in message
    assert "empty cells" not in message and "two_in_a_row" not in message
    assert "memo='symmetric'" in message  # Nim knows its mirror images (symmetric_key)
    with pytest.raises(tictac.BudgetExceeded, match="memo='plain'") as stopped:
        draw_tree(TakeAway(30), budget=200)
    assert "symmetric" not in str(stopped.value)


# ---------------------------------------------------------------------------------------------
# The tree Monte Carlo tree search grows


@pytest.mark.parametrize(
    ("start", "move_pattern"),
    [(ConnectFour.new(4, 4, 3), r"column \d"), (Nim.new((1, 2, 3)), r"take \d from heap \d")],
    ids=["ConnectFour", "Nim"],
)
def test_draw_mcts_tree_draws_another_games_tree(start: Any, move_pattern: str) -> None:
    found = uct_search(start, playouts=60, seed=1, keep_tree=True)
    graph = draw_mcts_tree(found, max_nodes=15)
    labels = re.findall(r'-> n\d+ \[label="([^"]*)"', graph.source)
    assert len(labels) == 14
    assert all(re.fullmatch(move_pattern + r"( ✓ chosen)?", label) for label in labels)
    chosen = f"{start.move_label(found.move)} ✓ chosen"
    assert chosen in labels
    simulated = re.search(r"random game: \d+ moves? \(([^)]*)\)", graph.source)
    if simulated:
        assert all(re.fullmatch(move_pattern, move) for move in simulated.group(1).split(", "))
    assert graph.pipe(format="svg").startswith(b"<?xml")


def test_draw_mcts_tree_shows_connect_four_boards() -> None:
    found = uct_search(ConnectFour.new(4, 4, 3), playouts=40, seed=0, keep_tree=True)
    graph = draw_mcts_tree(found, max_nodes=5)
    assert repr(graph).startswith("<game tree: 5 boards drawn; MCTS from ..../..../..../....")
    assert graph.source.count("●") >= 4  # a disc in each board below the root


# ---------------------------------------------------------------------------------------------
# The stepper


def test_the_stepper_steps_through_nim_in_its_moves_words() -> None:
    steps = record_search(Nim.new((1, 2)))
    start = Nim.new((1, 2))
    assert repr(steps).startswith("<alphabeta on Nim.new((1, 2)): ")
    assert steps[1].sentence == (
        "Visit X's move (take 1 from heap 0): O to move, with α = −∞ and β = +∞."
    )
    best = start.move_label(steps.result.move)  # type: ignore[arg-type]
    assert steps[-1].sentence.endswith(f"X's best move is {best}.")
    assert steps.result.value == nim_value(start) == 1
    frame = steps.frame(len(steps) - 1)
    assert repr(frame).startswith(f"<game tree: {len(steps.visits())} positions drawn")
    assert '[label="take 1 from heap 0"' in frame.source
    for index in (0, len(steps) // 2, len(steps) - 1):
        assert steps.svg(index).startswith("<svg")


def test_the_stepper_steps_through_a_game_with_only_the_six_names() -> None:
    steps = record_search(TakeAway(5), search="minimax")
    assert repr(steps).startswith("<minimax on TakeAway(5, 0): ")
    assert "Visit X's move 1: O to move" in steps[1].sentence
    assert steps[-1].sentence.endswith("X's best move is 1.")
    assert any(step.sentence.startswith("O's reply 3 wins") for step in steps)
    assert "TakeAway(4, 1)" in steps.frame(1).source
    assert step_search(TakeAway(5)).steps.result.value == takeaway_value(TakeAway(5)) == 1


def test_the_stepper_cuts_connect_four_in_its_moves_words() -> None:
    steps = record_search(NEAR_END)
    cuts = [steps[index].sentence for index in steps.cuts()]
    skipped = r"so skip [XO]'s other repl(y|ies), column \d"
    assert cuts and all(re.search(skipped, cut) for cut in cuts)
    last = steps.frame(len(steps) - 1).source
    pruned = re.findall(
        r'\[label="column \d" color="#616a78" fontcolor="#616a78" style="dashed"', last
    )
    assert len(pruned) == sum(len(node.pruned) for node in steps.trace.walk())
    assert steps.svg(steps.cuts()[0]).startswith("<svg")


def test_a_move_that_ends_the_game_against_its_mover_is_said_to_lose() -> None:
    class Misere(TakeAway):
        """Whoever takes the last counter loses."""

        __slots__ = ()

        def result(self) -> Any:
            winner = super().result()
            return None if winner is None else ("O" if winner == "X" else "X")

    steps = record_search(Misere(2), search="minimax")
    assert any(re.search(r"reply 1 loses, worth", step.sentence) for step in steps)
    assert not any(" wins, worth" in step.sentence for step in steps)


def test_the_public_face_draws_any_game() -> None:
    assert tictac.draw_tree(Nim.new((1, 2)), max_depth=9).boards == 12
    assert len(tictac.record_search(TakeAway(3))) > 0
