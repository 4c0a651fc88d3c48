"""The checks behind the exercises of Lessons 3 (minimax) and 5 (making it fast)."""

from __future__ import annotations

import math

import pytest

from tictac import State, alphabeta, depth_aware, minimax, plus_minus_ten
from tictac.exercises import (
    _textbook_alphabeta,
    check_alphabeta_nodes,
    check_depth_aware_minimax,
    check_move_order,
    check_predicted_moves,
)
from tictac.search import minimax_value


def test_depth_aware_minimax_passes_the_reference_and_fails_win_loss() -> None:
    assert check_depth_aware_minimax(lambda s: minimax_value(s, depth_aware)).passed
    report = check_depth_aware_minimax(lambda s: minimax(s, memo="plain").value)
    assert not report.passed
    assert report.name == "depth-aware minimax"
    # a win is worth (empty cells + 1): the first mismatch shows such a value
    assert any(abs(m.expected) > 1 for m in report.mismatches)


def test_predictions_are_checked_without_giving_the_answer_away() -> None:
    slow_win = State.parse("..O/XX./O..")  # X wins at 5 now; +-10 takes the first win, 0
    assert check_predicted_moves({slow_win: 0}, score=plus_minus_ten).passed
    assert check_predicted_moves({"..O/XX./O..": 5}, score=depth_aware).passed
    wrong = check_predicted_moves({slow_win: 5, "XX./O../...": 2}, score=plus_minus_ten)
    assert not wrong.passed and wrong.checked == 2 and len(wrong.mismatches) == 1
    shown = str(wrong) + repr(wrong) + wrong._repr_html_()
    assert "not 5" in str(wrong) and "not <b>5</b>" in shown
    assert "expected" not in shown.lower() and "<b>0</b>" not in shown


def test_predictions_report_a_bad_board_instead_of_crashing() -> None:
    report = check_predicted_moves({"OO.......": 2})
    assert not report.passed and report.error is not None and "OO......." in report.summary()


@pytest.mark.parametrize("text", [".........", "X../.O./..X", "..O/.X./XOX", "XX./OO./..."])
def test_textbook_alphabeta_counts_what_the_package_counts(text: str) -> None:
    state = State.parse(text)
    textbook = _textbook_alphabeta(state, State.legal_moves)
    package = alphabeta(state, exact_root=False)
    assert textbook == (package.value, package.stats.nodes)


def test_alphabeta_node_count_check() -> None:
    def count_alphabeta(state: State) -> int:
        return _textbook_alphabeta(state, State.legal_moves)[1]

    assert check_alphabeta_nodes(count_alphabeta).passed

    def late_cut(state: State) -> int:
        """Cuts only when alpha > beta: too many positions."""
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
                if alpha > beta:
                    break
            return max(values) if s.turn == "X" else min(values)

        search(state, -math.inf, math.inf)
        return visited

    report = check_alphabeta_nodes(late_cut)
    assert not report.passed
    assert all(m.got > m.expected for m in report.mismatches)


def test_move_order_check_measures_a_good_order() -> None:
    centre_first = {4: 0, 0: 1, 2: 1, 6: 1, 8: 1}

    def order(state: State) -> list[int]:
        return sorted(state.legal_moves(), key=lambda m: centre_first.get(m, 2))

    report = check_move_order(order)
    assert report.passed
    assert report.board_order_nodes == alphabeta(State.new(), exact_root=False).stats.nodes
    assert 0 < report.nodes < report.board_order_nodes
    assert f"{report.nodes:,}" in report.summary() and f"{report.nodes:,}" in repr(report)


@pytest.mark.parametrize(
    "order",
    [
        lambda s: s.legal_moves()[1:],  # drops a move
        lambda s: [*s.legal_moves(), s.legal_moves()[0]],  # repeats one
        lambda s: range(9),  # plays on taken cells
    ],
)
def test_move_order_check_refuses_orders_that_are_not_the_legal_moves(order: object) -> None:
    report = check_move_order(order)  # type: ignore[arg-type]
    assert not report.passed and report.nodes == 0
    assert "differ from the reference" in report.summary()
