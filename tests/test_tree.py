"""Game-tree drawings: structure checked on the DOT source, rendering with the real dot."""

from __future__ import annotations

import functools
import math
import re
import time
from dataclasses import dataclass
from types import SimpleNamespace

import graphviz
import oracle
import pytest

from tictac import BudgetExceeded, State, alphabeta, minimax, two_in_a_row
from tictac.game.state import reachable_states
from tictac.pictures.boards import COLORS, draw_board, draw_move_values
from tictac.pictures.tree import MAX_BOARDS, GraphvizError, draw_trace, draw_tree
from tictac.search.engine import SearchResult

MID_GAME = State.parse("XO./.X./..O")  # X to move, 5 empty cells


def node_ids(source: str) -> list[str]:
    return re.findall(r"^\s*(n\d+) \[", source, flags=re.M)


def edges(source: str) -> list[tuple[str, str, str]]:
    """(parent, child, attributes) for every edge."""
    return re.findall(r"^\s*(n\d+) -> (n\d+)(?: \[(.*)\])?$", source, flags=re.M)


def test_every_drawn_position_has_its_value_and_role() -> None:
    source = draw_tree(MID_GAME, max_depth=2, max_nodes=500).source
    boards = [line for line in source.splitlines() if 'cellspacing="1"' in line]
    assert boards and all(re.search(r"<b>(MAX|MIN|end) -?\d", b) for b in boards)


def test_draw_tree_draws_the_trace_of_its_search() -> None:
    """So the drawings of the whole tree below, made from the search all tests share, show
    what draw_tree(State.new(), ...) shows."""
    options = {"max_depth": 2, "max_nodes": 50, "merge_symmetric": True}
    traced = minimax(MID_GAME, trace=True, trace_depth=2)
    assert traced.trace is not None
    title = f"minimax, score win_loss: {traced.stats.nodes:,} positions searched"
    expected = draw_trace(traced.trace, title=title, **options).source  # type: ignore[arg-type]
    assert draw_tree(MID_GAME, **options).source == expected  # type: ignore[arg-type]


def whole_tree_source(full_game_tree: SearchResult, **options: object) -> str:
    """The drawing of the whole game tree (the shared search from the empty board)."""
    assert full_game_tree.trace is not None
    return draw_trace(full_game_tree.trace, **options).source  # type: ignore[arg-type]


def test_node_budget_is_kept_and_the_rest_summarised(full_game_tree: SearchResult) -> None:
    source = whole_tree_source(full_game_tree, max_depth=3, max_nodes=40)
    drawn_positions = [n for n in node_ids(source)]
    summaries = re.findall(r"… ([\d,]+) more position", source)
    assert len(drawn_positions) - len(summaries) <= 40
    assert summaries
    # nothing is dropped: drawn positions plus summarised ones are all the positions searched
    drawn = len(drawn_positions) - len(summaries)
    hidden = sum(int(n.replace(",", "")) for n in summaries)
    assert drawn + hidden == 549_946


def test_depth_budget_summarises_deeper_levels() -> None:
    source = draw_tree(MID_GAME, max_depth=1).source
    positions = len(node_ids(source)) - source.count("more position")
    assert positions == 1 + 5


def test_principal_variation_and_best_moves_are_marked() -> None:
    result = alphabeta(MID_GAME)
    source = draw_tree(MID_GAME, max_depth=1).source
    best_edges = [e for e in edges(source) if COLORS["best"] in e[2]]
    labels = sorted(int(re.search(r'label="(\d+) ✓"', e[2]).group(1)) for e in best_edges)
    assert tuple(labels) == result.best_moves
    assert source.count("✓") == len(best_edges)  # the tick and the colour go together
    assert sum("penwidth" in e[2] for e in edges(source)) == 1


def test_alphabeta_mode_shows_windows_and_prunes_exactly_where_the_search_cut() -> None:
    state = State.parse("X../.O./...")
    result = alphabeta(state, trace=True, exact_root=False)
    assert result.trace is not None
    cuts = [(node.state, node.pruned) for node in result.trace.walk() if node.pruned]
    source = draw_tree(state, search="alphabeta", max_depth=9, max_nodes=10_000).source
    assert "α" in source and "β" in source
    pruned_edges = [e for e in edges(source) if "dashed" in e[2]]
    assert len(pruned_edges) == sum(len(moves) for _, moves in cuts) > 0
    assert source.count("cut: ") == len(cuts)


@pytest.mark.parametrize("memo", ["plain", "symmetric"])
def test_memo_mode_marks_cache_hits_and_renders(memo: str) -> None:
    graph = draw_tree(State.parse("XO./.X./..."), memo=memo, max_depth=4, max_nodes=300)  # type: ignore[arg-type]
    assert "cache hit" in graph.source
    assert "<svg" in graph.pipe(format="svg").decode()


def test_every_mode_renders_with_the_real_dot() -> None:
    state = State.parse("X../.O./...")
    for options in [
        {"search": "alphabeta", "order_moves": True, "memo": "plain"},
        {"depth": 2, "heuristic": two_in_a_row},
        {"words": True, "merge_symmetric": True},
    ]:
        svg = draw_tree(state, max_depth=3, **options).pipe(format="svg").decode()  # type: ignore[arg-type]
        assert "<svg" in svg


def test_depth_limited_mode_names_the_heuristic() -> None:
    source = draw_tree(
        State.new(), depth=2, heuristic=two_in_a_row, max_depth=2, max_nodes=200
    ).source
    assert "two_in_a_row" in source
    assert "more position" not in source  # the search itself stopped at depth 2


def test_symmetric_children_are_merged(full_game_tree: SearchResult) -> None:
    source = whole_tree_source(full_game_tree, max_depth=1, merge_symmetric=True)
    assert len([e for e in edges(source) if "label=" in e[2]]) == 3
    assert source.count("×4") == 2


def test_words_instead_of_numbers() -> None:
    source = draw_tree(State.parse("XX./OO./..."), max_depth=1, words=True).source
    assert "X wins" in source


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="max_nodes"):
        draw_tree(State.new(), max_nodes=0)
    with pytest.raises(ValueError, match="search='bfs' is not an option"):
        draw_tree(State.new(), search="bfs")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="needs a State"):
        draw_tree("XO.......")  # type: ignore[arg-type]


def test_renders_to_svg_with_the_real_dot() -> None:
    svg = draw_tree(MID_GAME, search="alphabeta", max_depth=2).pipe(format="svg").decode()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert isinstance(draw_tree(MID_GAME), graphviz.Digraph)


def test_a_missing_dot_is_explained(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    with pytest.raises(GraphvizError, match="(?s)Graphviz.*apt-get install -y graphviz.*brew"):
        draw_tree(MID_GAME, max_depth=1).pipe(format="svg")


def test_single_board_pictures() -> None:
    assert "<svg" in draw_board(MID_GAME)._repr_svg_()
    heat = draw_move_values(State.parse("XX./OO./..."))
    assert heat.svg.count("<text") == 5  # one value per empty cell


# ---------------------------------------------------------------------------------------------
# Pictures that tell the truth: every small drawing is read back from its Graphviz source and
# checked against the oracle (tests/oracle.py, perfect play by brute force, without tictac).

SMALL = 30
"""A drawing is small enough to check when its search visits at most this many positions."""


def mover(cells: str) -> str:
    return "X" if cells.count("X") == cells.count("O") else "O"


@functools.cache
def move_values(cells: str) -> dict[int, int]:
    """The true value of each legal move of a 3x3 board (9 characters), from the oracle: +1 X
    wins, 0 draw, −1 O wins. Empty when the game is over."""
    board = SimpleNamespace(cells=tuple(cells), rows=3, cols=3, k=3)
    return {move: perfect.value for move, perfect in oracle.move_outcomes(board).items()}


def true_value(cells: str) -> int:
    """The true value of a 3x3 board (9 characters), from the oracle."""
    board = SimpleNamespace(cells=tuple(cells), rows=3, cols=3, k=3)
    return oracle.outcome(board).value


@dataclass(frozen=True)
class Drawn:
    """A board of a drawing, as its label shows it."""

    cells: str  # the 9 cells drawn
    role: str  # "MAX", "MIN", "end", or "pruned" (a move alpha-beta skipped)
    bound: str  # "" when the value is shown as exact, else "≥" or "≤"
    value: int | None
    cache_hit: bool = False  # its value came from the memo, so its moves are not drawn


@dataclass(frozen=True)
class Arrow:
    """A move of a drawing, as its edge shows it."""

    parent: str
    child: str
    move: int
    ticked: bool  # labelled "✓": a best move
    coloured: bool  # drawn in the best moves' colour
    bold: bool  # on the principal variation
    dashed: bool  # a pruned move


NODE = re.compile(r"(n\d+) \[label=<(.*)>\]")
CELL = re.compile(r'fixedsize="true"[^>]*>(?:<font[^>]*><b>([XO])</b></font>| )</td>')
VALUE = re.compile(r"<b>(MAX|MIN|end) (?:([≥≤]) )?(-?\d+)</b>")
EDGE = re.compile(r"(n\d+) -> (n\d+) \[(.*)\]")
EDGE_LABEL = re.compile(r'label="?(\d+)( ✓)?"?')


def read_drawing(source: str) -> tuple[dict[str, Drawn], list[Arrow]]:
    """The boards and moves of a drawing, read from its Graphviz source line by line."""
    nodes, arrows = {}, []
    for line in source.splitlines():
        if edge := EDGE.fullmatch(line.strip()):
            parent, child, attributes = edge.groups()
            label = EDGE_LABEL.search(attributes)
            assert label, line
            arrows.append(
                Arrow(
                    parent,
                    child,
                    int(label.group(1)),
                    ticked=label.group(2) is not None,
                    coloured=COLORS["best"] in attributes,
                    bold="penwidth" in attributes,
                    dashed="dashed" in attributes,
                )
            )
        elif node := NODE.fullmatch(line.strip()):
            name, label = node.groups()
            assert "more position" not in label, "a drawing to check must show its whole tree"
            cells = "".join(mark or "." for mark in CELL.findall(label))
            assert len(cells) == 9, label
            if "pruned" in label:
                nodes[name] = Drawn(cells, "pruned", "", None)
                continue
            found = VALUE.search(label)
            assert found, f"no value in {label}"
            role, bound, value = found.groups()
            nodes[name] = Drawn(cells, role, bound or "", int(value), "cache hit" in label)
    return nodes, arrows


def check_drawing(source: str, *, search: str) -> dict[str, int]:
    """Check every board, value and move of a complete drawing against `true_value`; return
    how many values, bounds and ticked moves it has."""
    nodes, arrows = read_drawing(source)
    counts = {"values": 0, "bounds": 0, "ticks": 0}
    for drawn in nodes.values():
        if drawn.role == "pruned":
            continue
        over = not move_values(drawn.cells)
        assert drawn.role == ("end" if over else {"X": "MAX", "O": "MIN"}[mover(drawn.cells)])
        truth = true_value(drawn.cells)
        if drawn.bound == "≥":
            assert truth >= drawn.value, (drawn, truth)
        elif drawn.bound == "≤":
            assert truth <= drawn.value, (drawn, truth)
        else:
            assert truth == drawn.value, (drawn, truth)
        counts["bounds" if drawn.bound else "values"] += 1
    moves: dict[str, list[Arrow]] = {}
    for arrow in arrows:
        parent, child = nodes[arrow.parent], nodes[arrow.child]
        cells = parent.cells
        assert cells[arrow.move] == "."
        assert child.cells == cells[: arrow.move] + mover(cells) + cells[arrow.move + 1 :]
        assert arrow.ticked == arrow.coloured, arrow  # never the colour alone
        assert arrow.dashed == (child.role == "pruned"), arrow
        assert not arrow.bold or arrow.ticked, arrow
        if arrow.ticked:
            counts["ticks"] += 1
            assert not (parent.bound or child.bound), ("a bound made a best move", arrow)
            assert child.value == parent.value, arrow
            assert true_value(child.cells) == true_value(cells), ("not a best move", arrow)
        moves.setdefault(arrow.parent, []).append(arrow)
    for name, drawn in nodes.items():
        if drawn.role in ("MAX", "MIN") and not drawn.cache_hit:
            assert name in moves, f"{drawn}: its moves are not drawn"
        if drawn.role in ("MAX", "MIN") and not drawn.cache_hit and not drawn.bound:
            ticked = {arrow.move for arrow in moves[name] if arrow.ticked}
            assert ticked, f"{drawn}: an exact value, but no move marked best"
            if search == "minimax":
                best = {m for m, v in move_values(drawn.cells).items() if v == drawn.value}
                assert ticked == best, drawn
    # the principal variation: one bold line down from the root
    bold = [arrow for arrow in arrows if arrow.bold]
    if bold:
        assert [arrow.parent for arrow in bold] == ["n0"] + [arrow.child for arrow in bold[:-1]]
    else:
        assert nodes["n0"].role == "end"
    return counts


@functools.cache
def children(cells: str) -> list[str]:
    turn = mover(cells)
    return [cells[:move] + turn + cells[move + 1 :] for move in move_values(cells)]


@functools.cache
def minimax_size(cells: str) -> int:
    """How many positions minimax visits from `cells`, itself included."""
    return 1 + sum(minimax_size(child) for child in children(cells))


def alphabeta_size(cells: str) -> int:
    """How many positions textbook alpha-beta visits from `cells`: moves in board order, one
    window shared by the root's moves, a position's moves stopped as soon as alpha >= beta."""
    visited = 0

    def value(cells: str, alpha: float, beta: float) -> float:
        nonlocal visited
        visited += 1
        if not children(cells):
            return true_value(cells)
        maximising = mover(cells) == "X"
        best = -math.inf if maximising else math.inf
        for child in children(cells):
            found = value(child, alpha, beta)
            if maximising:
                best, alpha = max(best, found), max(alpha, found)
            else:
                best, beta = min(best, found), min(beta, found)
            if alpha >= beta:
                break
        return best

    value(cells, -math.inf, math.inf)
    return visited


def small_positions(search: str) -> dict[State, int]:
    """Every reachable position whose `search` visits at most SMALL positions, with how many.

    Alpha-beta visits part of what minimax visits, and no position with 7 or more empty cells
    is small even for alpha-beta (checked here), so those need no drawing.
    """
    states = {state: "".join(state.cells) for state in reachable_states()}
    assert all(alphabeta_size(cells) > SMALL for cells in states.values() if cells.count(".") > 6)
    size = minimax_size if search == "minimax" else alphabeta_size
    sizes = {state: size(cells) for state, cells in states.items() if cells.count(".") <= 6}
    return {state: n for state, n in sizes.items() if n <= SMALL}


@pytest.mark.slow
@pytest.mark.parametrize("search", ["alphabeta", "minimax"])
def test_every_small_drawing_tells_the_truth(search: str) -> None:
    """Every value, bound and best move of every small drawing is right: exact values are
    the true ones, bounds hold, and a move is marked best only when it is."""
    positions = small_positions(search)
    totals = {"values": 0, "bounds": 0, "ticks": 0}
    for state, size in positions.items():
        source = draw_tree(state, search=search, max_depth=9, max_nodes=SMALL).source  # type: ignore[arg-type]
        assert f": {size} positions searched" in source  # the whole search, every node drawn
        for key, count in check_drawing(source, search=search).items():
            totals[key] += count
    print(f"{search}: {len(positions):,} positions, {totals}")  # shown by pytest -s
    assert len(positions) > 3000  # thousands of pictures, not a handful
    assert totals["ticks"] > 0 and totals["values"] > 0
    assert (totals["bounds"] > 0) == (search == "alphabeta")


@pytest.mark.parametrize(
    "options",
    [{}, {"order_moves": True}, {"memo": "plain"}, {"memo": "symmetric", "order_moves": True}],
    ids=["board order", "ordered", "table", "symmetric table, ordered"],
)
@pytest.mark.parametrize("position", [".../XXO/XOO", "..O/.X./XOX", "X../.O./..X", "XO./.X./..O"])
def test_alphabeta_drawings_tell_the_truth(position: str, options: dict[str, object]) -> None:
    """The pictures of the lessons and the issue, whole, with every option that changes what
    alpha-beta knows (move order, a transposition table, which also remembers bounds)."""
    graph = draw_tree(
        State.parse(position), search="alphabeta", max_depth=9, max_nodes=10_000, **options
    )  # type: ignore[arg-type]
    counts = check_drawing(graph.source, search="alphabeta")
    assert counts["ticks"] > 0


def test_a_cut_node_shows_its_bound_and_no_best_move() -> None:
    """X wins with 0 or 2; after 1, O's reply 2 would win for O, but alpha-beta, sure of +1
    already, stops at O's first reply (0) and learns only that 1 is worth at most +1."""
    nodes, arrows = read_drawing(draw_tree(State.parse(".../XXO/XOO"), search="alphabeta").source)
    after = {arrow.move: (arrow, nodes[arrow.child]) for arrow in arrows if arrow.parent == "n0"}
    assert {move for move, (arrow, _) in after.items() if arrow.ticked} == {0, 2}
    arrow, node = after[1]
    assert (node.role, node.bound, node.value) == ("MIN", "≤", 1)
    assert true_value(node.cells) == -1
    assert not arrow.ticked and not arrow.coloured


# ---------------------------------------------------------------------------------------------
# Budgets: of the search behind a drawing (tictac.search.budget), and of what is handed to Graphviz


def test_the_search_behind_a_drawing_stops_at_its_budget() -> None:
    with pytest.raises(BudgetExceeded) as caught:
        draw_tree(State.new(4, 4, 4), budget=5000)
    error = caught.value
    assert (error.search, error.positions, error.empty_cells) == ("draw_tree", 5000, 16)
    message = str(error)
    assert "max_depth and max_nodes only trim the drawing" in message
    assert "depth=2, heuristic=two_in_a_row" in message and "budget=50_000" in message


@pytest.mark.slow  # a million traced positions: about 5 s of CPU time, twice that when busy
def test_draw_tree_on_the_empty_4x4_board_stops_quickly() -> None:
    """No answer in 60 s, before budgets."""
    start = time.process_time()
    with pytest.raises(BudgetExceeded, match="draw_tree stopped after searching 1,000,000"):
        draw_tree(State.new(4, 4, 4))
    assert time.process_time() - start < 60


def test_a_drawing_too_big_for_graphviz_is_refused_before_graphviz_sees_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_dot(*args: object, **kwargs: object) -> None:
        raise AssertionError("Graphviz was asked to draw")

    monkeypatch.setattr(graphviz.Digraph, "node", no_dot)
    with pytest.raises(ValueError, match="more than 1,500 boards") as caught:
        draw_tree(State.parse("X../.../..."), max_depth=9, max_nodes=10**6)
    for way in ("max_nodes", "max_depth", "merge_symmetric=True", "closer to the end"):
        assert way in str(caught.value)
    with pytest.raises(ValueError, match="more than 1,500 boards"):  # pruned boards count too
        draw_tree(State.parse("X../.../..."), search="alphabeta", max_depth=9, max_nodes=1400)


def test_a_drawing_within_the_ceiling_keeps_every_board() -> None:
    graph = draw_tree(State.parse("X../.O./..."), search="alphabeta", max_depth=9, max_nodes=1500)
    assert 1000 < graph.boards <= MAX_BOARDS
