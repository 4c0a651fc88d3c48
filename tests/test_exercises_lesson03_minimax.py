"""The checks of Lesson 3 (minimax): the reference revealed once a check passes, the order in
which minimax visits a tree, and negamax."""

from __future__ import annotations

import functools
import inspect

import pytest

from tictac import State, minimax
from tictac.exercises import check_minimax, check_negamax, check_visit_order
from tictac.exercises.lesson03_minimax import visit_order
from tictac.game.numbertree import NumberTree
from tictac.search.engine import minimax_value
from tictac.search.textbook import negamax_value


def _lesson_starter(state: State) -> float:
    """Exercise 1's first attempt: it values finished games only."""
    if state.is_terminal:
        return {"X": 1, "O": -1, None: 0}[state.winner]
    return 0


def _always_maximises(state: State) -> float:
    """A plausible slip: both players take the largest value."""
    if state.is_terminal:
        return {"X": 1, "O": -1, None: 0}[state.winner]
    return max(_always_maximises(state.play(move)) for move in state.legal_moves())


@pytest.mark.slow
def test_the_minimax_check_fails_the_starter_and_a_slip_and_passes_minimax() -> None:
    starter = check_minimax(_lesson_starter)
    assert not starter.passed and "differ from the reference" in starter.summary()
    assert not check_minimax(functools.cache(_always_maximises)).passed
    assert check_minimax(minimax_value).passed


def test_the_minimax_check_reveals_the_reference_once_it_passes_and_never_before() -> None:
    reference = inspect.getsource(minimax_value)
    failing = check_minimax(_lesson_starter)
    shown = str(failing) + failing._repr_html_()
    assert not failing.passed and "minimax_value" not in shown and "<details" not in shown

    passing = check_minimax(lambda s: minimax(s, memo="plain").value)
    assert passing.passed and passing.revealed() is not None
    assert reference in str(passing)
    html = passing._repr_html_()
    assert "<details><summary>" in html and "tictac.search.textbook.minimax_value" in html
    assert "<details open" not in html  # collapsed until the student opens it

    assert check_minimax(lambda s: minimax(s, memo="plain").value, reveal=None).revealed() is None


# -- the order of visits --------------------------------------------------------------------

# The lesson's tree: uneven, three levels deep, with a leaf (A3) right below the root.
LESSON_TREE = [[[5, 2], 7], [[1, 8], [4, 6, 3]], 4]


def depth_first_numbers(lists: object) -> list[float]:
    """The leaves' numbers, each subtree finished before the next: worked out here, from the
    nested lists, without tictac."""
    if isinstance(lists, list):
        return [number for child in lists for number in depth_first_numbers(child)]
    assert isinstance(lists, (int, float))
    return [lists]


def breadth_first_names(tree: NumberTree) -> list[str]:
    """A plausible wrong answer: the leaves nearest the root first."""
    return [leaf.name for leaf in sorted(tree.leaves(), key=lambda leaf: leaf.moves_made)]


def test_the_visit_order_check_fails_the_starter_and_says_what_to_write() -> None:
    tree = NumberTree(LESSON_TREE)
    check = check_visit_order(tree, None)  # the lesson's starter
    shown = str(check) + check._repr_html_()
    assert not check.passed and 'data-check="failed"' in shown
    assert "no answer yet" in shown and "names" in shown and "numbers" in shown
    assert not any(leaf.name in shown for leaf in tree.leaves())  # no name given away


@pytest.mark.parametrize(
    "lists", [LESSON_TREE, [[3, 12, 8], [2, 4, 6], [14, 5, 2]], [[1, [2, [3, 4]]], [[5], 6], 7]]
)
def test_the_depth_first_order_passes_by_name_by_number_and_mixed(lists: list[object]) -> None:
    tree = NumberTree(lists)
    numbers = depth_first_numbers(lists)
    names = [leaf.name for leaf in tree.leaves()]  # left to right, as drawn
    assert [tree_leaf.number for tree_leaf in tree.leaves()] == numbers
    mixed = [name if i % 2 else number for i, (name, number) in enumerate(zip(names, numbers))]
    for answer in (names, numbers, mixed, [name.lower() for name in names], tuple(names)):
        check = check_visit_order(tree, answer)
        assert check.passed, check
        assert 'data-check="passed"' in check._repr_html_() and "Well done!" in str(check)
    assert check_visit_order(lists, names).passed  # the nested lists do as well as the tree


def test_the_lesson_tree_is_visited_in_the_order_worked_out_by_hand() -> None:
    # A's first move leads to B, whose first move leads to D: D's two leaves come first,
    # then B's own leaf; then everything below C (E's leaves, F's); A's leaf A3 comes last.
    order = ["D1", "D2", "B2", "E1", "E2", "F1", "F2", "F3", "A3"]
    assert [leaf.name for leaf in visit_order(NumberTree(LESSON_TREE))] == order
    assert check_visit_order(LESSON_TREE, order).passed


def test_wrong_orders_fail_naming_the_first_leaf_out_of_place_not_the_right_one() -> None:
    tree = NumberTree(LESSON_TREE)
    right = [leaf.name for leaf in tree.leaves()]
    nearest_first = breadth_first_names(tree)
    assert nearest_first[0] == "A3"
    check = check_visit_order(tree, nearest_first)
    assert not check.passed and "'A3' is not the 1st leaf" in str(check)

    swapped = right[:4] + [right[5], right[4]] + right[6:]  # E2 and F1 the other way round
    check = check_visit_order(tree, swapped)
    assert not check.passed
    assert f"your first 4 leaves are right, but {right[5]!r} is not the 5th" in str(check)
    assert repr(right[4]) not in str(check) + check._repr_html_()  # the 5th stays secret

    assert not check_visit_order(tree, right[::-1]).passed
    assert not check_visit_order(tree, sorted(right)).passed  # alphabetical: A3 first
    # numbers are compared in place too: the two leaves worth 4 are 6th and 9th
    numbers = depth_first_numbers(LESSON_TREE)
    check = check_visit_order(tree, numbers[:7] + [numbers[8], numbers[7]])
    assert not check.passed and "first 7 leaves are right" in str(check)


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        (["D1", "Z9"], "'Z9' is not a leaf of this tree"),
        (["D1", "C"], "'C' is a MIN node, not a leaf"),
        (["A"], "'A' is a MAX node, not a leaf"),
        ([5, 42], "no leaf of this tree is worth 42"),
        ([5, None], "each leaf is a name or a number, not None"),
        ([True], "each leaf is a name or a number, not True"),
        ("D1 D2 B2", "write the leaves as a list"),
        (7, "write the leaves as a list"),
        (["D1", "d1"], "'D1' is listed more than once"),
        (["D1", "D2"], "you listed 2 leaves, but the tree has 9"),
        (["D1", "D2", "B2", "E1", "E2", "F1", "F2", "F3", "A3", 4], "you listed 10 leaves"),
    ],
)
def test_an_answer_that_cannot_be_checked_gets_a_message_that_says_why(
    answer: object, message: str
) -> None:
    check = check_visit_order(LESSON_TREE, answer)  # type: ignore[arg-type]
    assert not check.passed
    assert message in str(check), str(check)
    assert 'data-check="failed"' in check._repr_html_()


def test_a_tree_that_is_no_tree_is_an_error_that_names_the_problem() -> None:
    with pytest.raises(ValueError, match="must not be empty"):
        check_visit_order([[1, 2], []], ["B1"])


# -- negamax --------------------------------------------------------------------------------


def _negamax_starter(state: State) -> float:
    """Exercise 3's first attempt: minimax's score from X's side and no change of sign."""
    if state.is_terminal:
        return {"X": 1, "O": -1, None: 0}[state.winner]
    return max(_negamax_starter(state.play(move)) for move in state.legal_moves())


def _negamax_without_the_sign(state: State) -> float:
    """A plausible slip: the finished game is right for the mover, but the minus is missing."""
    if state.is_terminal:
        return 0 if state.winner is None else -1
    return max(_negamax_without_the_sign(state.play(move)) for move in state.legal_moves())


def _negamax_scoring_from_x(state: State) -> float:
    """The other slip: the minus is there, but a finished game is scored from X's side."""
    if state.is_terminal:
        return {"X": 1, "O": -1, None: 0}[state.winner]
    return max(-_negamax_scoring_from_x(state.play(move)) for move in state.legal_moves())


def _negamax(state: State) -> float:
    """The exercise's answer, written here without tictac's search."""
    if state.is_terminal:
        return 0 if state.winner is None else -1  # whoever moved last has won
    return max(-_negamax(state.play(move)) for move in state.legal_moves())


@pytest.mark.slow
def test_the_negamax_check_fails_the_starter_and_each_slip_and_passes_negamax() -> None:
    for wrong in (_negamax_starter, _negamax_without_the_sign, _negamax_scoring_from_x):
        report = check_negamax(functools.cache(wrong))
        assert not report.passed and "differ from the reference" in report.summary(), wrong
        shown = str(report) + report._repr_html_()
        assert "negamax_value" not in shown and "<details" not in shown  # nothing given away
    passing = check_negamax(functools.cache(_negamax))
    assert passing.passed and passing.checked == 623
    assert inspect.getsource(negamax_value) in str(passing)


def test_minimax_from_xs_side_is_not_negamax() -> None:
    # Minimax's value equals negamax's only where X is to move or the value is 0.
    assert not check_negamax(lambda s: minimax(s, memo="plain").value).passed
