"""The checks of Lesson 4 (difficulty levels): right answers pass, typical wrong ones are caught."""

from __future__ import annotations

from tictac import State
from tictac.exercises import check_sensible_level, check_subtree_sum
from tictac.players import make_player, optimal, random_move, subtree_sum, tactical


def test_sensible_level_check() -> None:
    assert check_sensible_level(make_player("offensive")).passed
    assert check_sensible_level(optimal(random_ties=True)).passed
    assert not check_sensible_level(tactical(win=False, block=True)).passed  # misses wins
    assert not check_sensible_level(random_move).passed


def test_subtree_sum_check() -> None:
    def my_subtree_sum(state: State, me: str) -> float:
        if state.is_terminal:
            depth = state.moves_made + 1
            points = 10 if state.winner is None else 50 if state.winner == me else -10
            return points / depth
        return sum(my_subtree_sum(state.play(m), me) for m in state.legal_moves())

    assert check_subtree_sum(my_subtree_sum).passed

    def forgets_the_depth(state: State, me: str) -> float:
        if state.is_terminal:
            return 10 if state.winner is None else 50 if state.winner == me else -10
        return sum(forgets_the_depth(state.play(m), me) for m in state.legal_moves())

    assert not check_subtree_sum(forgets_the_depth).passed
    assert subtree_sum(State.new(), "X") > 0
