"""The checks of Lesson 5 (making it fast): alpha-beta's positions visited, and move orders."""

from __future__ import annotations

import math
import operator
from collections.abc import Callable

import pytest

from tictac import State, alphabeta
from tictac.exercises import check_alphabeta_nodes, check_move_order
from tictac.exercises.lesson05_making_it_fast import _textbook_alphabeta


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
    textbook = _textbook_alphabeta(state, State.legal_moves)
    package = alphabeta(state, exact_root=False)
    assert textbook == (package.value, package.stats.nodes)
    assert textbook == _count_alphabeta(state, operator.ge)  # what the lesson's reader writes


@pytest.mark.slow
def test_alphabeta_node_count_check() -> None:
    def count_alphabeta(state: State) -> int:
        return _textbook_alphabeta(state, State.legal_moves)[1]

    assert check_alphabeta_nodes(count_alphabeta).passed
    assert check_alphabeta_nodes(lambda s: _count_alphabeta(s, operator.ge)[1]).passed

    def late_cut(state: State) -> int:
        """Cuts only when alpha > beta: too many positions."""
        return _count_alphabeta(state, operator.gt)[1]

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
