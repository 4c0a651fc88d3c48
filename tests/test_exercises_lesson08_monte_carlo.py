"""The checks of Lesson 8 (Monte Carlo tree search): UCB1, backpropagation and reading the
root. Each fails the lesson's starter with a hint, passes the solution and fails plausible
wrong answers; a failing check never shows the reference."""

from __future__ import annotations

import math

import pytest

from tictac.exercises import check_back_up, check_next_playout, check_ucb1, root_puzzle
from tictac.exercises.lesson08_monte_carlo import ucb1_situations
from tictac.search.mcts import MCTSNode

# -- exercise 1: UCB1 ---------------------------------------------------------------------


def starter_ucb1(pulls: list[int], wins: list[float], exploration: float) -> int:
    means = [w / n if n else 0 for n, w in zip(pulls, wins)]
    return means.index(max(means))  # the lesson's starter: greedy


def solution_ucb1(pulls: list[int], wins: list[float], exploration: float) -> int:
    if 0 in pulls:
        return pulls.index(0)
    total = sum(pulls)
    bounds = [w / n + exploration * math.sqrt(math.log(total) / n) for n, w in zip(pulls, wins)]
    return bounds.index(max(bounds))


def test_the_ucb1_starter_fails_with_a_hint_and_no_reference() -> None:
    report = check_ucb1(starter_ucb1)
    assert not report.passed and report.checked == 400
    assert "never pulled" in report.summary()
    assert 'data-check="failed"' in report._repr_html_()
    assert "ucb1_choice" not in str(report) and "<details>" not in report._repr_html_()


def test_the_ucb1_solution_passes_and_is_shown_the_reference() -> None:
    report = check_ucb1(solution_ucb1)
    assert report.passed, report.summary()
    assert 'data-check="passed"' in report._repr_html_()
    assert "def ucb1_choice" in str(report) and "<details>" in report._repr_html_()


def test_any_unpulled_arm_and_any_of_equal_arms_is_accepted() -> None:
    def last_unpulled(pulls: list[int], wins: list[float], exploration: float) -> int:
        unpulled = [arm for arm, n in enumerate(pulls) if n == 0]
        if unpulled:
            return unpulled[-1]
        total = sum(pulls)
        bounds = [w / n + exploration * math.sqrt(math.log(total) / n) for n, w in zip(pulls, wins)]
        return len(bounds) - 1 - bounds[::-1].index(max(bounds))  # the last of equal ones

    assert check_ucb1(last_unpulled).passed


def test_the_situations_have_unpulled_arms_ties_and_no_exploration() -> None:
    situations = ucb1_situations()
    assert any(0 in s.pulls for s in situations)
    assert any(s.exploration == 0 for s in situations)
    assert any(len(s.allowed()) > 1 and 0 not in s.pulls for s in situations)


@pytest.mark.parametrize(
    ("wrong", "hint"),
    [
        (
            lambda p, w, c: p.index(0) if 0 in p else starter_ucb1(p, w, c),
            "greedy choices",
        ),
        (
            lambda p, w, c: solution_ucb1(p, w, 1.0),  # ignores the constant it is given
            "Compare your bound",
        ),
        (
            lambda p, w, c: (
                p.index(0)
                if 0 in p
                else max(
                    range(len(p)),
                    key=lambda i: w[i] / p[i] + c * math.sqrt(math.log(p[i]) / p[i]),
                )
            ),  # ln of the arm's own pulls instead of all pulls
            "With exploration 0 your choices are right",
        ),
    ],
)
def test_plausible_wrong_ucb1s_fail_with_the_right_hint(wrong: object, hint: str) -> None:
    report = check_ucb1(wrong)  # type: ignore[arg-type]
    assert not report.passed
    assert hint in report.summary()


def test_an_answer_that_is_no_arm_fails_and_an_error_is_reported() -> None:
    assert not check_ucb1(lambda p, w, c: "0").passed
    assert not check_ucb1(lambda p, w, c: True).passed
    crashed = check_ucb1(lambda p, w, c: 1 / 0)
    assert not crashed.passed and "ZeroDivisionError" in crashed.summary()


# -- exercise 2: backpropagation ----------------------------------------------------------


def starter_back_up(node: MCTSNode | None, winner: str | None) -> None:
    while node is not None:  # the lesson's starter: credits the player to move, draws 0
        node.visits += 1
        if winner == node.state.turn:
            node.reward += 1
        node = node.parent


def solution_back_up(node: MCTSNode | None, winner: str | None) -> None:
    while node is not None:
        node.visits += 1
        if winner is None:
            node.reward += 0.5
        elif winner == node.mover:
            node.reward += 1
        node = node.parent


def test_the_back_up_starter_fails_with_a_hint_and_no_reference() -> None:
    report = check_back_up(starter_back_up)
    assert not report.passed and report.checked == 105
    assert "worth ½" in report.summary()
    assert 'data-check="failed"' in report._repr_html_()
    assert "def backpropagate" not in str(report)


def test_the_back_up_solution_passes_and_is_shown_the_reference() -> None:
    report = check_back_up(solution_back_up)
    assert report.passed, report.summary()
    assert "def backpropagate" in str(report)


def credits_the_player_to_move(node: MCTSNode | None, winner: str | None) -> None:
    while node is not None:
        node.visits += 1
        node.reward += 0.5 if winner is None else float(winner == node.state.turn)
        node = node.parent


def only_the_node(node: MCTSNode, winner: str | None) -> None:
    node.visits += 1
    node.reward += 0.5 if winner is None else float(winner == node.mover)


def also_a_sibling(node: MCTSNode, winner: str | None) -> None:
    solution_back_up(node, winner)
    if node.parent is not None and len(node.parent.children) > 1:
        sibling = next(c for c in node.parent.children if c is not node)
        sibling.visits += 1


def double_win(node: MCTSNode | None, winner: str | None) -> None:
    while node is not None:
        node.visits += 1
        node.reward += 0.5 if winner is None else 2.0 * (winner == node.mover)
        node = node.parent


@pytest.mark.parametrize(
    ("wrong", "hint"),
    [
        (credits_the_player_to_move, "node.mover"),
        (only_the_node, "exactly one more visit"),
        (also_a_sibling, "Only the node the playout ended at"),
        (double_win, "A win adds 1"),
    ],
)
def test_plausible_wrong_back_ups_fail_with_the_right_hint(wrong: object, hint: str) -> None:
    report = check_back_up(wrong)  # type: ignore[arg-type]
    assert not report.passed
    assert hint in report.summary()


def test_the_check_leaves_the_trees_as_they_were() -> None:
    first = check_back_up(starter_back_up)
    second = check_back_up(starter_back_up)
    assert [str(m.expected) for m in first.mismatches] == [
        str(m.expected) for m in second.mismatches
    ]
    assert check_back_up(solution_back_up).passed


# -- exercise 3: reading the root ---------------------------------------------------------


def test_the_puzzle_is_a_real_search_where_selection_explores() -> None:
    result = root_puzzle()
    root = result.tree
    assert root is not None
    selected = root.uct_child(1.4)
    best_mean = max(root.children, key=lambda c: c.mean)
    least = min(root.children, key=lambda c: c.visits)
    assert selected not in (best_mean, least)
    assert result.visits[result.move] == max(result.visits.values())
    scores = sorted((c.uct_score() for c in root.children), reverse=True)
    assert scores[0] - scores[1] > 0.05  # clear enough to work out by hand


def test_the_starter_has_no_answer_yet() -> None:
    check = check_next_playout(None, None)
    assert not check.passed and "no answer yet" in str(check)
    assert 'data-check="failed"' in check._repr_html_()


def test_the_right_answers_pass_as_cells_or_pairs() -> None:
    result = root_puzzle()
    assert result.tree is not None
    selected = result.tree.uct_child().move
    assert selected is not None
    assert check_next_playout(selected, result.move).passed
    pair = (selected // 3, selected % 3)
    assert check_next_playout(pair, (result.move // 3, result.move % 3)).passed


def test_wrong_answers_get_a_hint_that_does_not_give_the_answer() -> None:
    result = root_puzzle()
    root = result.tree
    assert root is not None
    selected = root.uct_child().move
    best_mean = max(root.children, key=lambda c: c.mean).move
    least = min(root.children, key=lambda c: c.visits).move
    for guess, hint in [(best_mean, "has the best mean"), (least, "biggest exploration bonus")]:
        check = check_next_playout(guess, result.move)
        assert not check.passed and hint in str(check)
        assert f"goes to {selected}" not in str(check)
    wrong_play = check_next_playout(selected, selected)
    assert not wrong_play.passed and "most visits" in str(wrong_play)
    assert "outside" in str(check_next_playout(9, result.move))
    taken = next(i for i, cell in enumerate(root.state.cells) if cell != ".")
    assert not check_next_playout(taken, result.move).passed
