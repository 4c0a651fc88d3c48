"""Trees of numbers: built from nested lists, searched by the package's searches, drawn.

The searches are checked against this file's own minimax and alpha-beta on nested lists,
which share no code with the package, on the textbook's tree and on many random trees.
"""

from __future__ import annotations

import copy
import math
import pickle
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictac import NumberTree, alphabeta, minimax
from tictac.game.numbertree import MAX_LEAVES, leaf_number
from tictac.game.scoring import depth_aware
from tictac.game.state import IllegalMove
from tictac.pictures.tree import draw_number_tree, draw_tree
from tictac.search.budget import BudgetExceeded
from tictac.search.textbook import alphabeta_value, minimax_value, negamax_value

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


# ---------------------------------------------------------------------------------------------
# The tests' own searches on nested lists: MAX at even depths.


def plain_value(tree: object, maximising: bool = True) -> float:
    if not isinstance(tree, list):
        assert isinstance(tree, (int, float))
        return tree
    values = [plain_value(child, not maximising) for child in tree]
    return max(values) if maximising else min(values)


def pruned_leaves(tree: list[object]) -> tuple[float, list[tuple[int, ...]]]:
    """Textbook alpha-beta (one window shared by the root's moves): the value and the paths
    of the leaves it looks at, in order."""
    seen: list[tuple[int, ...]] = []

    def search(node: object, path: tuple[int, ...], alpha: float, beta: float, top: bool) -> float:
        if not isinstance(node, list):
            seen.append(path)
            assert isinstance(node, (int, float))
            return node
        best = -math.inf if top else math.inf
        for index, child in enumerate(node):
            value = search(child, (*path, index), alpha, beta, not top)
            if top:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    return search(tree, (), -math.inf, math.inf, True), seen


leaves = st.integers(min_value=-9, max_value=9)
trees = st.lists(
    st.recursive(leaves, lambda inner: st.lists(inner, min_size=1, max_size=3), max_leaves=20),
    min_size=1,
    max_size=4,
)


# ---------------------------------------------------------------------------------------------
# Building and naming


def test_the_textbook_tree_is_named_as_in_the_book() -> None:
    tree = NumberTree(TEXTBOOK)
    assert (tree.name, tree.player, tree.turn) == ("A", "MAX", "X")
    assert [child.name for child in tree.children()] == ["B", "C", "D"]
    assert {child.player for child in tree.children()} == {"MIN"}
    assert [leaf.name for leaf in tree.leaves()] == [
        f"{parent}{i}" for parent in "BCD" for i in (1, 2, 3)
    ]
    assert [leaf.number for leaf in tree.leaves()] == [3, 12, 8, 2, 4, 6, 14, 5, 2]
    assert tree.number is None and tree.play(1).play(0).number == 2
    assert (tree.height, tree.play(0).height, tree.play(0).play(0).height) == (2, 1, 0)


def test_inner_nodes_are_lettered_level_by_level() -> None:
    tree = NumberTree([[[1, 2], 3], [4, [5, [6]]]])
    names = {node.path: node.name for node in tree.nodes()}
    assert names[()] == "A"
    assert (names[(0,)], names[(1,)]) == ("B", "C")
    assert (names[(0, 0)], names[(1, 1)], names[(1, 1, 1)]) == ("D", "E", "F")
    assert (names[(0, 1)], names[(0, 0, 1)], names[(1, 1, 1, 0)]) == ("B2", "D2", "F1")


def test_names_go_on_past_z() -> None:
    tree = NumberTree([[1]] * 30)
    assert [child.name for child in tree.children()][24:27] == ["Z", "AA", "AB"]
    assert len({node.name for node in tree.nodes()}) == len(list(tree.nodes()))


@pytest.mark.parametrize(
    ("lists", "error", "words"),
    [
        ([[3, 12], []], ValueError, "the list at [1] is"),
        ([], ValueError, "the list at the root is"),
        ([[3, "12"]], TypeError, "not '12' (at [0][1])"),
        ([[3, True]], TypeError, "not True (at [0][1])"),
        ([[3, math.nan]], ValueError, "finite numbers, not nan"),
        ([[3, None]], TypeError, "lists and numbers, not None"),
        ("3, 12, 8", TypeError, "nested lists of numbers"),
        (7, TypeError, "nested lists of numbers"),
    ],
)
def test_a_malformed_tree_is_refused_with_where_and_how(
    lists: object, error: type[Exception], words: str
) -> None:
    with pytest.raises(error) as raised:
        NumberTree(lists)  # type: ignore[arg-type]
    assert words in str(raised.value)


def test_a_tree_too_big_to_read_is_refused() -> None:
    NumberTree([0] * MAX_LEAVES)
    with pytest.raises(ValueError, match=f"more than the {MAX_LEAVES:,}"):
        NumberTree([0] * (MAX_LEAVES + 1))


def test_numbers_may_be_floats_and_other_number_types() -> None:
    from fractions import Fraction

    tree = NumberTree([[0.5, Fraction(1, 4)], (2,)])
    assert [leaf.number for leaf in tree.leaves()] == [0.5, 0.25, 2]


@pytest.mark.parametrize(
    ("path", "move", "words"),
    [
        ((), 3, "A has 3 moves, 0 to 2, so there is no move 3"),
        ((), -1, "no move -1"),
        ((), True, "not True"),
        ((), "1", "not '1'"),
        ((0, 0), 0, "B1 is a leaf, worth 3"),
    ],
)
def test_an_illegal_move_is_refused(path: tuple[int, ...], move: object, words: str) -> None:
    node = NumberTree(TEXTBOOK)
    for step in path:
        node = node.play(step)
    with pytest.raises(IllegalMove) as raised:
        node.play(move)  # type: ignore[arg-type]
    assert words in str(raised.value)


def test_a_node_cannot_be_changed() -> None:
    tree = NumberTree(TEXTBOOK)
    with pytest.raises(AttributeError, match="cannot be changed"):
        tree.path = (1,)  # type: ignore[misc]
    assert tree.path == ()


def test_nodes_compare_hash_copy_and_pickle_by_tree_and_place() -> None:
    tree = NumberTree(TEXTBOOK)
    node = tree.play(1).play(2)
    same = NumberTree(TEXTBOOK).play(1).play(2)
    assert node == same and hash(node) == hash(same)
    assert node != tree.play(2).play(1) and node != NumberTree([[3, 12, 8], [2, 4, 7]]).play(1)
    for twin in (copy.copy(node), copy.deepcopy(node), pickle.loads(pickle.dumps(node))):
        assert twin == node and twin.name == "C3"


def test_the_text_form_rebuilds_the_node() -> None:
    node = NumberTree(TEXTBOOK).play(2)
    assert repr(node) == "NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).play(2)"
    assert eval(repr(node)) == node  # the text form is Python that rebuilds the node
    assert str(node) == "MIN node D: [14, 5, 2]" and str(node.play(1)) == "leaf D2 = 5"


# ---------------------------------------------------------------------------------------------
# Searching


def test_the_textbook_tree_is_worth_3_and_alphabeta_skips_c2_and_c3() -> None:
    tree = NumberTree(TEXTBOOK)
    result = minimax(tree)
    assert (result.value, result.best_moves, result.move_values) == (3, (0,), {0: 3, 1: 2, 2: 2})
    traced = alphabeta(tree, exact_root=False, trace=True)
    assert traced.value == 3 and traced.trace is not None
    visited = [node.state.name for node in traced.trace.walk() if node.state.is_terminal]
    assert visited == ["B1", "B2", "B3", "C1", "D1", "D2", "D3"]
    assert [node.reason for node in traced.trace.walk() if node.pruned] == ["cut: 2 <= alpha 3"]
    # With an exact root every root move gets the full window, so C is searched to the end.
    assert alphabeta(tree, trace=True).stats.leaves == 9


@given(trees)
def test_the_searches_agree_with_the_tests_own_on_any_tree(lists: list[object]) -> None:
    tree = NumberTree(lists)
    expected = plain_value(lists)
    assert minimax(tree).value == expected
    assert alphabeta(tree).value == expected
    assert minimax_value(tree, leaf_number) == expected  # type: ignore[arg-type]
    assert alphabeta_value(tree, score=leaf_number) == expected  # type: ignore[arg-type]
    assert negamax_value(tree, leaf_number) == expected  # type: ignore[arg-type]
    value, seen = pruned_leaves(lists)
    traced = alphabeta(tree, exact_root=False, trace=True)
    assert traced.value == value == expected and traced.trace is not None
    assert [node.state.path for node in traced.trace.walk() if node.state.is_terminal] == seen


def test_a_move_order_of_ones_own_changes_what_is_visited() -> None:
    backwards = alphabeta(
        NumberTree(TEXTBOOK),
        exact_root=False,
        order_moves=lambda node: reversed(node.legal_moves()),
        trace=True,
    )
    assert backwards.value == 3 and backwards.trace is not None
    visited = [node.state.path for node in backwards.trace.walk() if node.state.is_terminal]
    # Trying the moves last to first is the textbook order on the tree's mirror image.
    _, seen = pruned_leaves([list(reversed(branch)) for branch in reversed(TEXTBOOK)])
    assert visited == [tuple(2 - i for i in path) for path in seen]
    assert len(visited) == 9 and visited[:3] == [(2, 2), (2, 1), (2, 0)]  # no cut at all


def test_a_depth_limit_values_inner_nodes_by_the_heuristic() -> None:
    tree = NumberTree(TEXTBOOK)

    def average(node: NumberTree, ply: int) -> float:
        numbers = [leaf.number for leaf in node.leaves()]
        return sum(n for n in numbers if n is not None) / len(numbers)

    result = minimax(tree, depth=1, heuristic=average)  # type: ignore[arg-type]
    assert result.move_values == {0: 23 / 3, 1: 4, 2: 7}
    assert result.best_moves == (0,)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"memo": "plain"}, "memo= has nothing to remember"),
        ({"score": depth_aware}, "leave score= out"),
    ],
)
def test_options_that_mean_nothing_for_numbers_are_refused(
    options: dict[str, object], words: str
) -> None:
    for search in (minimax, alphabeta):
        with pytest.raises(ValueError, match=re.escape(words)):
            search(NumberTree(TEXTBOOK), **options)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="give the order yourself"):
        alphabeta(NumberTree(TEXTBOOK), order_moves=True)


def test_a_search_out_of_budget_says_how_big_the_tree_is() -> None:
    with pytest.raises(BudgetExceeded, match="the tree of numbers below A has 9 leaves"):
        minimax(NumberTree(TEXTBOOK), budget=5)


def test_leaf_number_refuses_an_inner_node() -> None:
    with pytest.raises(ValueError, match="only leaves have numbers"):
        leaf_number(NumberTree(TEXTBOOK), 0)


def test_a_board_score_given_a_tree_of_numbers_says_what_to_use() -> None:
    with pytest.raises(TypeError, match=re.escape("minimax_value(tree, leaf_number)")):
        minimax_value(NumberTree(TEXTBOOK))


# ---------------------------------------------------------------------------------------------
# Drawing


def _labels(source: str) -> list[str]:
    return [re.sub(r"<[^>]+>", " ", label) for label in re.findall(r"label=<(.*?)>\]", source)]


def test_the_drawn_alphabeta_tree_shows_the_cut_and_the_bound() -> None:
    graph = draw_tree(NumberTree(TEXTBOOK), search="alphabeta")
    source = graph.source
    assert "MIN ≤ 2" in source and "MAX 3" in source
    assert source.count("pruned") == 2 and "cut: 2 &lt;= alpha 3" in source
    assert "leaves' numbers: 11 nodes searched" in source
    assert graph.boards == 13 and repr(graph).startswith("<game tree: 13 nodes drawn")


def test_the_tree_is_drawn_as_it_is_before_any_search() -> None:
    graph = draw_number_tree(NumberTree(TEXTBOOK))
    text = " ".join(_labels(graph.source))
    assert graph.boards == 13 and repr(graph).startswith("<game tree: 13 nodes drawn")
    for leaf in ("B1", "C3", "D2"):
        assert leaf in text
    assert text.count("MAX") == 1 and text.count("MIN") == 3
    assert NumberTree(TEXTBOOK)._repr_svg_().lstrip().startswith(("<?xml", "<svg"))


def test_merging_mirror_images_is_refused_for_numbers() -> None:
    with pytest.raises(ValueError, match="has none"):
        draw_tree(NumberTree(TEXTBOOK), merge_symmetric=True)
