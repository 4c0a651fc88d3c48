"""The checks of Lesson 6 (making it fast): alpha-beta, the positions it visits, and
predictions of what it skips on a tree of numbers; and what Lesson 6b says of alpha-beta's
variants (fail-soft, fail-hard, negamax), checked on the same trees."""

from __future__ import annotations

import math
import operator
import random
from collections.abc import Callable
from typing import Literal

import pytest

from tictac import State, alphabeta, minimax
from tictac.exercises import (
    PRUNING_PUZZLE,
    PUZZLE_NODE,
    check_alphabeta,
    check_alphabeta_nodes,
    check_unvisited_leaves,
    check_window,
)
from tictac.exercises.lesson06_making_it_fast import textbook_alphabeta
from tictac.game.numbertree import NumberTree


def _count_alphabeta(state: State, cut: Callable[[float, float], bool]) -> tuple[float, int]:
    """Alpha-beta as a student writes it from the textbook, moves in board order, values
    +1/0/-1, stopping a position's moves when ``cut(alpha, beta)``: the value and the number
    of positions visited."""
    visited = 0

    def search(s: State, alpha: float, beta: float) -> float:
        nonlocal visited
        visited += 1
        if s.is_terminal:
            return {"X": 1, "O": -1, None: 0}[s.winner]
        values = []
        for move in s.legal_moves():
            values.append(search(s.play(move), alpha, beta))
            if s.turn == "X":
                alpha = max(alpha, values[-1])
            else:
                beta = min(beta, values[-1])
            if cut(alpha, beta):
                break
        return max(values) if s.turn == "X" else min(values)

    value = search(state, -math.inf, math.inf)
    return value, visited


@pytest.mark.parametrize("text", [".........", "X../.O./..X", "..O/.X./XOX", "XX./OO./..."])
def test_textbook_alphabeta_counts_what_the_package_counts(text: str) -> None:
    state = State.parse(text)
    textbook = textbook_alphabeta(state, State.legal_moves)
    package = alphabeta(state, exact_root=False)
    assert textbook == (package.value, package.stats.nodes)
    assert textbook == _count_alphabeta(state, operator.ge)  # what the lesson's reader writes


@pytest.mark.slow
def test_alphabeta_node_count_check() -> None:
    def count_alphabeta(state: State) -> int:
        return textbook_alphabeta(state, State.legal_moves)[1]

    assert check_alphabeta_nodes(count_alphabeta).passed
    assert check_alphabeta_nodes(lambda s: _count_alphabeta(s, operator.ge)[1]).passed

    def late_cut(state: State) -> int:
        """Cuts only when alpha > beta: too many positions."""
        return _count_alphabeta(state, operator.gt)[1]

    report = check_alphabeta_nodes(late_cut)
    assert not report.passed
    assert all(m.got > m.expected for m in report.mismatches)
    assert "too high" in report.summary() and "alpha >= beta" in report.summary()


def _calls_the_other_search(state: State) -> int:
    """Exercise 2's first attempt: it counts the position it starts from, then searches with a
    function that does not count."""
    return 1


def _counts_only_the_first_level(state: State) -> int:
    """A slip: the counting search calls a search that does not count for the moves below."""
    visited = 1
    if not state.is_terminal:
        alpha, beta = -math.inf, math.inf
        for move in state.legal_moves():
            visited += 1
            value = alphabeta(state.play(move), exact_root=False).value
            if state.turn == "X":
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                break
    return visited


@pytest.mark.slow
def test_alphabeta_node_count_check_says_which_way_the_counts_are_off() -> None:
    starter = check_alphabeta_nodes(_calls_the_other_search)
    assert not starter.passed and "counts 1 everywhere" in starter.summary()
    assert "call itself" in starter.summary()
    assert 'data-check="failed"' in starter._repr_html_()
    shallow = check_alphabeta_nodes(_counts_only_the_first_level)
    assert not shallow.passed
    assert all(m.got < m.expected for m in shallow.mismatches)
    assert "too low" in shallow.summary() and "call itself" in shallow.summary()
    forgets_to_return = check_alphabeta_nodes(lambda state: None)  # type: ignore[arg-type,return-value]
    assert not forgets_to_return.passed and "returned None, not a count" in str(forgets_to_return)
    assert 'data-check="failed"' in forgets_to_return._repr_html_()


def _starter_alphabeta(state: State, alpha: float = -math.inf, beta: float = math.inf) -> float:
    """Exercise 1's first attempt: X's turn without cuts, O's turn left to the student."""
    if state.is_terminal:
        return {"X": 1, "O": -1, None: 0}[state.winner]
    if state.turn == "X":
        return max(
            _starter_alphabeta(state.play(move), alpha, beta) for move in state.legal_moves()
        )
    return 0


def _swaps_the_window(state: State, alpha: float = -math.inf, beta: float = math.inf) -> float:
    """A slip: the window is passed down as (beta, alpha), so searches below cut too early."""
    if state.is_terminal:
        return {"X": 1, "O": -1, None: 0}[state.winner]
    maximising = state.turn == "X"
    best = -math.inf if maximising else math.inf
    for move in state.legal_moves():
        value = _swaps_the_window(state.play(move), beta, alpha)
        if maximising:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


@pytest.mark.slow
def test_the_alphabeta_check_fails_the_starter_and_a_slip_and_passes_alphabeta() -> None:
    starter = check_alphabeta(_starter_alphabeta)
    assert not starter.passed and "differ from the reference" in starter.summary()
    assert not check_alphabeta(_swaps_the_window).passed
    assert check_alphabeta(lambda state: _count_alphabeta(state, operator.ge)[0]).passed


# ---------------------------------------------------------------------------------------------
# Revealing the reference once Exercise 1 passes


def test_the_alphabeta_check_shows_the_reference_only_once_it_passes() -> None:
    passing = check_alphabeta(lambda state: alphabeta(state, memo="plain").value)
    assert passing.passed and passing.revealed() is not None
    name, source = passing.revealed()
    assert name == "tictac.search.textbook.alphabeta_value" and "def alphabeta_value" in source
    assert "<details>" in passing._repr_html_() and "alphabeta_value" in passing._repr_html_()
    failing = check_alphabeta(lambda state: 0)
    assert not failing.passed and failing.revealed() is None
    assert "alphabeta_value" not in failing._repr_html_() + str(failing)


# ---------------------------------------------------------------------------------------------
# Exercise 3: which leaves alpha-beta never looks at, and the window it searches a node with.
# The answers are worked out here by the textbook's pseudocode on the nested lists themselves.

Lists = list["Lists"] | int
Form = Literal["fail-soft", "fail-hard", "negamax"]
Searched = tuple[set[tuple[int, ...]], dict[tuple[int, ...], tuple[float, float]], float]


def _textbook_search(lists: Lists, form: Form = "fail-soft") -> Searched:
    """Alpha-beta on nested lists (MAX at the root, children left to right), in the lesson's
    pseudocode (fail-soft), as fail-hard, or as negamax: the paths of the leaves it looks at,
    the window of each inner node it searches (from MAX's side) and the root's value."""
    seen: set[tuple[int, ...]] = set()
    windows: dict[tuple[int, ...], tuple[float, float]] = {}

    def search(node: Lists, path: tuple[int, ...], alpha: float, beta: float) -> float:
        if not isinstance(node, list):
            seen.add(path)
            return node
        windows[path] = (alpha, beta)
        maximising = len(path) % 2 == 0
        value = -math.inf if maximising else math.inf
        for index, child in enumerate(node):
            found = search(child, (*path, index), alpha, beta)
            if maximising:
                value = max(value, found)
                if value >= beta:
                    return beta if form == "fail-hard" else value
                alpha = max(alpha, value)
            else:
                value = min(value, found)
                if value <= alpha:
                    return alpha if form == "fail-hard" else value
                beta = min(beta, value)
        if form == "fail-hard":
            return alpha if maximising else beta
        return value

    def negamax(node: Lists, path: tuple[int, ...], alpha: float, beta: float) -> float:
        """The value for the player to move; alpha and beta are from that player's side."""
        sign = 1 if len(path) % 2 == 0 else -1
        if not isinstance(node, list):
            seen.add(path)
            return sign * node
        windows[path] = (alpha, beta) if sign == 1 else (-beta, -alpha)
        value = -math.inf
        for index, child in enumerate(node):
            value = max(value, -negamax(child, (*path, index), -beta, -alpha))
            if value >= beta:
                break
            alpha = max(alpha, value)
        return value

    start = negamax if form == "negamax" else search
    value = start(lists, (), -math.inf, math.inf)
    return seen, windows, value


def _name(tree: NumberTree, path: tuple[int, ...]) -> str:
    for move in path:
        tree = tree.play(move)
    return tree.name


def _leaf_paths(lists: Lists, path: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    if not isinstance(lists, list):
        return [path]
    return [leaf for i, child in enumerate(lists) for leaf in _leaf_paths(child, (*path, i))]


def _answers(tree: NumberTree) -> tuple[set[str], dict[str, tuple[float, float]]]:
    """The leaves never looked at, and each searched inner node's window, by name."""
    lists = tree.to_lists()
    seen, windows, _ = _textbook_search(lists)
    never = {_name(tree, path) for path in _leaf_paths(lists) if path not in seen}
    return never, {_name(tree, path): window for path, window in windows.items()}


TEXTBOOK = NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
OTHER_TREES = [
    TEXTBOOK,
    NumberTree([[1, [2, 3]], [[4, 5], 0, 6], [7]]),  # uneven
    NumberTree([[[[5, 1], [2]], [[8, 3], [0, 9]]], [[[6], [4, 7]]]]),  # four moves deep
]


@pytest.mark.parametrize("tree", [PRUNING_PUZZLE, *OTHER_TREES], ids=repr)
def test_the_checks_agree_with_the_textbook_pseudocode(tree: NumberTree) -> None:
    never, windows = _answers(tree)
    assert check_unvisited_leaves(never, tree=tree).passed
    for name, (alpha, beta) in windows.items():
        assert check_window((alpha, beta), node=name, tree=tree).passed, name
        lower = alpha - 1 if math.isfinite(alpha) else min(beta, 0) - 1
        assert not check_window((lower, beta), node=name, tree=tree).passed, name
    leaves = [leaf.name for leaf in tree.leaves()]
    for leaf in leaves:  # one leaf too many or too few
        assert not check_unvisited_leaves(never ^ {leaf}, tree=tree).passed


def _random_tree(rng: random.Random, depth: int, root: bool = True) -> Lists:
    """A tree of numbers up to `depth` moves deep, each inner node with one to three children
    (some of them leaves before the last level)."""
    if depth == 0 or (not root and rng.random() < 0.2):
        return rng.randint(-9, 9)
    return [_random_tree(rng, depth - 1, root=False) for _ in range(rng.randint(1, 3))]


def test_fail_soft_fail_hard_and_negamax_are_the_same_search() -> None:
    """What Lesson 6b says of the variants: the same leaves looked at, the same windows, the
    same value at the root (there the window is the full one, so the value is exact)."""
    rng = random.Random(6)
    trees = [tree.to_lists() for tree in [PRUNING_PUZZLE, *OTHER_TREES]]
    trees += [_random_tree(rng, depth) for depth in (2, 3, 4) for _ in range(100)]
    for lists in trees:
        soft = _textbook_search(lists)
        assert _textbook_search(lists, "fail-hard") == soft
        assert _textbook_search(lists, "negamax") == soft
        assert soft[2] == minimax(NumberTree(lists)).value  # type: ignore[arg-type]


def test_the_textbook_tree_skips_c2_and_c3_as_the_book_says() -> None:
    """Russell and Norvig's Figure 5.2 tree: C's first leaf, 2, is below α = 3."""
    assert check_unvisited_leaves({"C2", "C3"}, tree=TEXTBOOK).passed
    assert check_window((3, math.inf), node="C", tree=TEXTBOOK).passed
    assert check_window((3, 14), node="D", tree=TEXTBOOK).passed is False  # D's first window


def test_the_puzzle_is_a_new_tree_three_moves_deep_that_needs_both_kinds_of_skipping() -> None:
    """Exercise 3 promises a fresh tree, three moves deep, with a node whose window is
    narrowed from both sides; its skipped leaves lie both beside looked-at leaves (a cut at
    their parent) and under a node never searched at all."""
    assert PRUNING_PUZZLE.to_lists() != TEXTBOOK.to_lists()
    assert PRUNING_PUZZLE.height == 3
    never, windows = _answers(PRUNING_PUZZLE)
    assert all(math.isfinite(end) for end in windows[PUZZLE_NODE])
    parents = {leaf.rstrip("0123456789") for leaf in never}
    assert parents & set(windows) and parents - set(windows)


def test_the_untouched_starters_fail_and_say_what_to_write() -> None:
    for report in (check_unvisited_leaves(None), check_window(None)):
        assert not report.passed and "no answer yet" in str(report)
        assert 'data-check="failed"' in report._repr_html_()
    assert "set of strings" in str(check_unvisited_leaves(None))
    assert "(alpha, beta)" in str(check_window(None)) and "math.inf" in str(check_window(None))


def test_a_wrong_set_of_leaves_is_told_how_many_are_off_not_which() -> None:
    never, _ = _answers(PRUNING_PUZZLE)
    looked_at = {leaf.name for leaf in PRUNING_PUZZLE.leaves()} - never
    wrong = {min(looked_at)}
    report = check_unvisited_leaves(wrong)
    assert not report.passed
    assert "1 of the leaves you named is looked at after all" in str(report)
    assert f"{len(never)} more leaves are never looked at" in str(report)
    assert not any(name in str(report) for name in never)
    some = set(sorted(never)[:1])
    assert f"{len(never) - 1} more" in str(check_unvisited_leaves(some))


def test_leaves_under_a_node_never_searched_get_their_own_hint() -> None:
    never, windows = _answers(PRUNING_PUZZLE)
    beside_a_cut = {leaf for leaf in never if leaf.rstrip("0123456789") in windows}
    report = check_unvisited_leaves(beside_a_cut)
    assert not report.passed and "nothing below the moves it skips" in str(report)
    one_too_many = never | {min({leaf.name for leaf in PRUNING_PUZZLE.leaves()} - never)}
    assert "Follow the search from the root" in str(check_unvisited_leaves(one_too_many))


def test_leaf_names_may_be_any_case_in_any_collection_or_one_string() -> None:
    never, _ = _answers(PRUNING_PUZZLE)
    assert check_unvisited_leaves([name.lower() for name in never]).passed
    assert check_unvisited_leaves(tuple(never) + tuple(never)).passed  # repeats are harmless
    assert check_unvisited_leaves(", ".join(sorted(never))).passed
    assert check_unvisited_leaves(" ".join(sorted(never))).passed


@pytest.mark.parametrize(
    ("answer", "says"),
    [
        ({"Z9"}, "'Z9' is not a node of this tree. Its leaves are E1, E2"),
        ({"A"}, "'A' is an inner node, not a leaf"),
        ({2}, "2 is not a name: write each leaf's name in quotes"),
        (5, "the answer is a set of leaf names"),
    ],
)
def test_names_that_are_not_leaves_are_refused_with_a_way_out(answer: object, says: str) -> None:
    report = check_unvisited_leaves(answer)
    assert not report.passed and says in str(report)


@pytest.mark.parametrize(
    ("window", "says"),
    [
        ((9, 6), "the wrong way round"),
        ((6, math.inf), "α is right, β is not"),
        ((-math.inf, 9), "β is right, α is not"),
        ((0, 1), "Neither α nor β is right"),
        ((8, 7), "α must be below β"),
        (("-inf", 9), "write infinity as math.inf"),
        ((6, None), "α and β are numbers"),
        ((True, 9), "α and β are numbers"),
        ((6, 9, 1), "a window is two numbers"),
        ("6, 9", "a pair of numbers"),
        (6, "a pair of numbers"),
    ],
)
def test_a_wrong_window_is_told_what_is_wrong_without_the_numbers(
    window: object, says: str
) -> None:
    _, windows = _answers(PRUNING_PUZZLE)
    assert windows[PUZZLE_NODE] == (6, 9)  # the cases above are written around this window
    report = check_window(window)
    assert not report.passed and says in str(report)
    assert 'data-check="failed"' in report._repr_html_()
    if says != "the wrong way round":
        assert "6" not in str(report).replace(str(window), "")


def test_a_window_may_be_a_list_or_floats_and_infinity_is_math_inf() -> None:
    _, windows = _answers(PRUNING_PUZZLE)
    alpha, beta = windows[PUZZLE_NODE]
    assert check_window([alpha, beta]).passed and check_window((float(alpha), float(beta))).passed
    assert check_window((-math.inf, math.inf), node="A").passed
    assert check_window((float("-inf"), float("inf")), node="a").passed


def test_asking_about_a_node_with_no_window_or_a_tree_that_is_not_one_is_an_error() -> None:
    with pytest.raises(ValueError, match="never searches H"):
        check_window((0, 1), node="H")
    with pytest.raises(ValueError, match="'Q' is not an inner node"):
        check_window((0, 1), node="Q")
    with pytest.raises(ValueError, match="'E1' is not an inner node"):
        check_window((0, 1), node="E1")
    with pytest.raises(TypeError, match="a NumberTree"):
        check_window((0, 1), tree=[[1, 2]])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a NumberTree"):
        check_unvisited_leaves(set(), tree=State.new())  # type: ignore[arg-type]
