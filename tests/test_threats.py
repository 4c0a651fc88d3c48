"""Threats, forced moves, and the threat extension of the searches (``extend_threats=True``).

The extension is checked against what it promises: past the depth limit it searches exactly
the forced moves of the positions that are not quiet, never more than `max_extension` plies
further; without a depth limit, or with one deep enough to reach the end of every game, it
changes nothing; and on the positions where it matters it finds what the solver knows.
"""

from __future__ import annotations

import random

import pytest

from tictac import solve
from tictac.game.numbertree import NumberTree
from tictac.game.scoring import open_lines, two_in_a_row, win_loss
from tictac.game.state import State, other, reachable_states, winning_lines
from tictac.search.engine import TraceNode, alphabeta, minimax
from tictac.search.threats import MAX_EXTENSION, ThreatExtension, forced_moves, winning_cells


def decided(state: State, ply: int) -> float:
    return 1000 * win_loss(state, ply)


def random_positions(count: int, seed: int, rows: int = 4, cols: int = 4, k: int = 4) -> list:
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        state = State.new(rows, cols, k)
        for _ in range(rng.randrange(rows * cols)):
            if state.is_terminal:
                break
            state = state.play(rng.choice(state.legal_moves()))
        found.append(state)
    return found


def completes(state: State, cell: int, player: str) -> bool:
    """Does a mark of `player` on `cell` complete a line through it?"""
    cells = list(state.cells)
    cells[cell] = player
    lines = winning_lines(state.rows, state.cols, state.k)
    return any(cell in line and all(cells[i] == player for i in line) for line in lines)


# ---------------------------------------------------------------------------------------------
# Threats and forced moves


def test_winning_cells_are_the_cells_that_complete_a_line() -> None:
    for state in [*reachable_states(), *random_positions(300, seed=1)]:
        for player in ("X", "O"):
            expected = tuple(
                cell
                for cell, mark in enumerate(state.cells)
                if mark == "." and completes(state, cell, player)
            )
            assert winning_cells(state, player) == expected, (state, player)


def test_forced_moves_win_first_then_block_and_nothing_when_over() -> None:
    for state in [*reachable_states(), *random_positions(300, seed=2)]:
        forced = forced_moves(state)
        if state.is_terminal:
            assert forced == ()
        elif winning_cells(state, state.turn):
            assert forced == winning_cells(state, state.turn)
            assert all(state.play(move).winner == state.turn for move in forced)
        else:
            assert forced == winning_cells(state, other(state.turn))


def test_threats_refuse_bad_input() -> None:
    with pytest.raises(TypeError, match="threats are read on a board"):
        forced_moves("XX./OO./...")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'X' or 'O'"):
        winning_cells(State.new(), "x")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# The extension in the searches


HORIZON = State.parse(".X.X/OXXO/O.XO/....", k=4)  # Lesson 7b's position: only 0 saves O


def test_the_extension_finds_the_lessons_loss_beyond_the_horizon() -> None:
    plain = alphabeta(HORIZON, depth=2, heuristic=open_lines, score=decided)
    extended = alphabeta(HORIZON, depth=2, heuristic=open_lines, score=decided, extend_threats=True)
    assert plain.best_moves == (12,) and solve(HORIZON.play(12)) == 1
    assert extended.best_moves == (0,) and solve(HORIZON.play(0)) == 0
    assert extended.move_values[12] == 1000  # X's win, seen four plies down
    assert plain.stats.max_ply == 2 and extended.stats.max_ply > 2
    deeper = alphabeta(HORIZON, depth=4, heuristic=open_lines, score=decided)
    assert deeper.best_moves == (0,)
    assert extended.stats.nodes < deeper.stats.nodes


def past_the_horizon(trace: TraceNode, depth: int) -> list[TraceNode]:
    return [node for node in trace.walk() if node.ply >= depth]


@pytest.mark.parametrize("depth", [1, 2])
def test_past_the_horizon_only_forced_moves_are_searched(depth: int) -> None:
    for state in random_positions(60, seed=3):
        result = minimax(
            state,
            depth=depth,
            heuristic=open_lines,
            score=decided,
            extend_threats=True,
            trace=True,
        )
        assert result.trace is not None
        for node in past_the_horizon(result.trace, depth):
            forced = forced_moves(node.state)
            if node.children:
                assert sorted(child.move for child in node.children) == list(forced)
                assert node.ply < depth + MAX_EXTENSION
            elif not node.state.is_terminal:
                assert node.kind == "cutoff-heuristic"
                assert not forced or node.ply == depth + MAX_EXTENSION


def test_max_extension_bounds_the_extension() -> None:
    for limit in (0, 1, 3):
        result = alphabeta(
            HORIZON,
            depth=2,
            heuristic=open_lines,
            score=decided,
            extend_threats=True,
            max_extension=limit,
        )
        assert result.stats.max_ply <= 2 + limit
    none = alphabeta(HORIZON, depth=2, heuristic=open_lines, score=decided, max_extension=None)
    zero = alphabeta(
        HORIZON,
        depth=2,
        heuristic=open_lines,
        score=decided,
        extend_threats=True,
        max_extension=0,
    )
    assert zero.stats == none.stats and zero.move_values == none.move_values


def test_minimax_and_alphabeta_agree_with_the_extension() -> None:
    for state in random_positions(40, seed=4):
        for depth in (1, 2):
            options = {"depth": depth, "heuristic": open_lines, "score": decided}
            reference = minimax(state, extend_threats=True, **options)
            for result in (
                alphabeta(state, extend_threats=True, **options),
                alphabeta(state, extend_threats=True, order_moves=True, memo=True, **options),
                minimax(state, extend_threats=True, memo="symmetric", **options),
            ):
                assert result.value == reference.value, state
                assert result.move_values == reference.move_values, state


def test_an_extended_value_that_ends_the_game_is_the_games_value() -> None:
    """When the extension reaches the end of the game, the value is the solver's."""
    for state in random_positions(150, seed=5):
        if state.is_terminal:
            continue
        result = alphabeta(state, depth=1, heuristic=open_lines, score=decided, extend_threats=True)
        if abs(result.value) == 1000:
            assert result.value / 1000 == solve(state), state


def test_on_3x3_a_deep_enough_limit_makes_the_extension_change_nothing() -> None:
    for state in list(reachable_states())[::9]:
        if state.is_terminal:
            continue
        depth = 9 - state.moves_made  # reaches the end of every game
        plain = minimax(state, depth=depth, heuristic=two_in_a_row, memo="plain")
        extended = minimax(
            state, depth=depth, heuristic=two_in_a_row, memo="plain", extend_threats=True
        )
        assert plain.move_values == extended.move_values
        assert plain.stats == extended.stats


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"extend_threats": True}, ValueError, "needs depth=... and heuristic=..."),
        ({"max_extension": 3}, ValueError, "give extend_threats=True as well"),
        (
            {"depth": 2, "heuristic": open_lines, "extend_threats": True, "max_extension": -1},
            ValueError,
            "0 or more",
        ),
        ({"depth": 2, "heuristic": open_lines, "extend_threats": 1}, TypeError, "True or False"),
    ],
)
def test_the_extension_refuses_bad_options(
    options: dict[str, object], error: type[Exception], message: str
) -> None:
    for search in (minimax, alphabeta):
        with pytest.raises(error, match=message):
            search(State.new(), **options)  # type: ignore[arg-type]


def test_the_extension_needs_a_board() -> None:
    tree = NumberTree([[3, 12, 8], [2, 4, 6]])
    with pytest.raises(ValueError, match="tree of numbers"):
        alphabeta(tree, depth=1, heuristic=lambda node, ply: 0, extend_threats=True)


def test_the_extension_object_on_its_own() -> None:
    extension = ThreatExtension(horizon=2, max_extension=1, first_marks=0, moves=State.legal_moves)
    threatened = State.parse("XX./OO./...")
    assert not extension.is_leaf(threatened, 2) and extension.moves(threatened) == (2,)
    assert extension.is_leaf(threatened, 3)  # past the extension: a leaf, threats or not
    assert extension.is_leaf(State.parse("X../.O./..."), 2)  # quiet
    assert extension.is_leaf(State.parse("XXX/OO./..."), 0)  # over
