"""The checks for Lesson 2b (``notebooks/02b-forks-and-rules.ipynb``): rules beyond win and block.

A rule of thumb ``rule(state, rng) -> move`` is checked on every position where the game is
still on: each move it makes must be one the rule allows (see
:func:`~tictac.exercises.checking.check_rule`).

>>> check_centre_rule(lambda state, rng: state.legal_moves()[0]).passed
False
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tictac.exercises.checking import Report, check_rule
from tictac.game.state import State, other
from tictac.players.rules import completing_moves, fork_moves

# fork_moves lives in tictac.players.rules (the rules player uses it too); exported here as before.
__all__ = ["check_centre_rule", "check_fork_rule", "fork_moves"]


def _wins_then_blocks(state: State) -> tuple[int, ...]:
    """The immediate wins if there are any, else the blocks, else nothing."""
    wins = completing_moves(state, state.turn)
    return tuple(wins or completing_moves(state, other(state.turn)))


def check_centre_rule(rule: Callable[[State, Any], Any], *, seed: int = 0) -> Report:
    """Check a rule that wins if it can, else blocks, else takes the free centre, else plays
    anywhere. `seed` seeds the `rng` the rule is given (the graded assignments' hidden cases
    use another, :mod:`tictac.exercises.grading`).

    >>> from tictac.players.rules import tactical
    >>> print(check_centre_rule(tactical(win=True, block=True)).summary())
    centre rule: ... of 4520 positions differ from the reference.
    """

    def allowed(state: State) -> tuple[int, ...]:
        centre = (state.rows // 2) * state.cols + state.cols // 2
        forced = _wins_then_blocks(state)
        if forced:
            return forced
        return (centre,) if centre in state.legal_moves() else state.legal_moves()

    return check_rule("centre rule", rule, allowed, seed=seed)


def check_fork_rule(rule: Callable[[State, Any], Any], *, seed: int = 0) -> Report:
    """Check a rule that wins if it can, else blocks, else makes a fork if there is one
    (see :func:`tictac.players.rules.fork_moves`), else plays anywhere. `seed` as for
    :func:`check_centre_rule`.

    >>> from tictac.players.rules import tactical
    >>> print(check_fork_rule(tactical(win=True, block=True)).summary())
    fork rule: ... of 4520 positions differ from the reference.
    """
    return check_rule(
        "fork rule",
        rule,
        lambda s: _wins_then_blocks(s) or fork_moves(s) or s.legal_moves(),
        seed=seed,
    )
