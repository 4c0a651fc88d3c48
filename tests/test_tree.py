"""Game-tree drawings: structure checked on the DOT source, rendering with the real dot."""

from __future__ import annotations

import re

import graphviz
import pytest

from tictac import State, alphabeta, minimax, two_in_a_row
from tictac.pictures import draw_board, draw_move_values
from tictac.search import SearchResult
from tictac.tree import GraphvizError, draw_trace, draw_tree

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
    best_edges = [e for e in edges(source) if "#2f855a" in e[2]]
    labels = sorted(int(re.search(r'label="?(\d+)', e[2]).group(1)) for e in best_edges)
    assert tuple(labels) == result.best_moves
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
