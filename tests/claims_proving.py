"""What `tests/claims.py` computes for Lesson 9 (how the solver proves bigger boards).

Kept apart from `claims.py` so that the lesson's entries there stay one line each.
"""

from __future__ import annotations

from tictac import State, alphabeta


def lesson6b_visits() -> int:
    """Positions Lesson 6b's fastest search (alpha-beta, move order, a symmetric transposition
    table) visits proving the empty 4x4 board with four in a row (a few seconds)."""
    result = alphabeta(State.new(4, 4, 4), exact_root=False, order_moves=True, memo="symmetric")
    assert result.value == 0
    return result.stats.nodes
