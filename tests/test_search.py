"""The searches: node counts, exhaustive agreement with perfect play, depth limits, traces.

The exhaustive tests cover all 4,520 positions where the game is still running. Running a
search from each one costs about twice as much as it needs to, so most of them run it from the
positions with an even number of marks only: every position with an odd number is a move of
such a position, and an exact search reports the value of each root move (`move_values`), so
its value is checked there, as the search found it. Perfect play comes from the tests' own
referee (tests/oracle.py), which shares no code with the package.
"""

from __future__ import annotations

import dataclasses
import math
import random
import re
from collections.abc import Callable

import oracle
import pytest

from tictac.game.scoring import (
    Score,
    depth_aware,
    depth_scaled,
    open_lines,
    plus_minus_ten,
    two_in_a_row,
    win_loss,
)
from tictac.game.state import State, reachable_states
from tictac.search.budget import BudgetExceeded
from tictac.search.engine import (
    SearchResult,
    TraceNode,
    alphabeta,
    minimax,
    minimax_value,
)

Search = Callable[[State], SearchResult[int]]


def sign(value: float) -> int:
    return (value > 0) - (value < 0)


# ---------------------------------------------------------------------------------------------
# Shared, computed once


@pytest.fixture(scope="module")
def positions() -> list[State]:
    """Every reachable 3x3 position where the game is still running."""
    running = [s for s in reachable_states() if not s.is_terminal]
    assert len(running) == 4520
    return running


@pytest.fixture(scope="module")
def distinct_positions(positions: list[State]) -> list[State]:
    """One position of each symmetry class (the depth-limited tests' sample)."""
    return list({state.canonical(): state for state in positions}.values())


@pytest.fixture(scope="module")
def outcomes(positions: list[State]) -> dict[State, int]:
    """The game-theoretic outcome of every position, from the referee."""
    return {state: oracle.outcome(state).value for state in positions}


def values_everywhere(search: Search, positions: list[State]) -> dict[State, float]:
    """The value `search` gives every position (and every finished game one move away).

    The search runs from the positions with an even number of marks; the others are read from
    their parents' `move_values`. A position reached from several parents must get the same
    value from each.
    """
    values: dict[State, float] = {}

    def record(state: State, value: float) -> None:
        assert values.setdefault(state, value) == value, state

    for state in positions:
        if state.moves_made % 2 == 0:
            result = search(state)
            record(state, result.value)
            for move, value in result.move_values.items():
                record(state.play(move), value)
    assert set(positions) <= set(values)
    return values


@pytest.fixture(scope="module")
def depth_aware_results(positions: list[State]) -> dict[State, SearchResult[int]]:
    """Memoised minimax with depth-aware scoring, from every position."""
    return {state: minimax(state, score=depth_aware, memo="plain") for state in positions}


@pytest.fixture(scope="module")
def reference_values(
    positions: list[State], depth_aware_results: dict[State, SearchResult[int]]
) -> dict[str, dict[State, float]]:
    """Memoised minimax's value of every position, for each score the tests compare with."""
    return {
        "win_loss": values_everywhere(lambda s: minimax(s, memo="plain"), positions),
        "depth_aware": values_everywhere(depth_aware_results.__getitem__, positions),
    }


# ---------------------------------------------------------------------------------------------
# Node counts


def test_plain_minimax_visits_the_whole_game_tree(full_game_tree: SearchResult[int]) -> None:
    result = full_game_tree
    assert result.stats.nodes == 549_946  # the root included
    assert result.stats.leaves == 255_168  # the number of possible games
    assert result.stats.max_ply == 9
    assert result.stats.cutoffs == result.stats.cache_hits == 0
    assert result.value == 0
    assert result.move_values == dict.fromkeys(range(9), 0)
    assert result.best_moves == tuple(range(9))
    assert result.move == 0


def test_memoised_minimax_works_out_each_position_once() -> None:
    stats = minimax(State.new(), memo="plain").stats
    assert stats.nodes - stats.cache_hits == 5478  # every reachable position, once
    assert (stats.nodes, stats.cache_hits, stats.leaves) == (16_168, 10_690, 958)
    symmetric = minimax(State.new(), memo="symmetric").stats
    assert symmetric.nodes - symmetric.cache_hits == 765  # positions up to mirror images
    assert (symmetric.nodes, symmetric.cache_hits, symmetric.leaves) == (2_271, 1_506, 138)


def test_alphabeta_visits_fewer_nodes() -> None:
    counts = {
        (order, table): alphabeta(State.new(), order_moves=order, memo=table).stats.nodes
        for order in (False, True)
        for table in (False, True)
    }
    assert counts[False, False] < 549_946
    assert counts[True, False] < counts[False, False]
    assert counts[False, True] < counts[False, False]
    assert counts[True, True] < counts[True, False]
    textbook = alphabeta(State.new(), exact_root=False).stats
    assert textbook.nodes < counts[False, False]
    assert textbook.cutoffs > 0


# ---------------------------------------------------------------------------------------------
# Exhaustive: every exact search agrees with perfect play and with minimax


@pytest.mark.slow
def test_plain_minimax_agrees_with_perfect_play_everywhere(
    positions: list[State], outcomes: dict[State, int], full_game_tree: SearchResult[int]
) -> None:
    """Near the top of the tree as the search from the empty board found the values (its
    trace keeps them), further down as searches from the positions themselves find them."""
    assert full_game_tree.trace is not None
    values: dict[State, float] = {}
    for node in full_game_tree.trace.walk():  # a position reached by several paths: one value
        assert values.setdefault(node.state, node.value) == node.value, node.state
    traced_depth = max(node.ply for node in full_game_tree.trace.walk())
    below = [state for state in positions if state not in values]
    assert traced_depth >= 3 and all(state.moves_made > traced_depth for state in below)
    values |= values_everywhere(minimax, below)
    for state in positions:
        assert values[state] == outcomes[state], state


@pytest.mark.slow
@pytest.mark.parametrize("score", ["win_loss", "depth_aware"])
def test_memoised_minimax_agrees_with_perfect_play_everywhere(
    score: str,
    positions: list[State],
    outcomes: dict[State, int],
    reference_values: dict[str, dict[State, float]],
) -> None:
    values = reference_values[score]
    for state in positions:
        assert sign(values[state]) == outcomes[state], state


EXACT_SEARCHES: dict[str, Callable[[State, Score], SearchResult[int]]] = {
    "minimax, symmetric memo": lambda s, score: minimax(s, score=score, memo="symmetric"),
    "alphabeta": lambda s, score: alphabeta(s, score=score),
    "alphabeta, ordered": lambda s, score: alphabeta(s, score=score, order_moves=True),
    "alphabeta, memo": lambda s, score: alphabeta(s, score=score, memo=True),
    "alphabeta, ordered, symmetric table": lambda s, score: alphabeta(
        s, score=score, order_moves=True, memo="symmetric"
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "score"),
    [
        ("minimax, symmetric memo", "win_loss"),
        ("alphabeta", "win_loss"),
        ("alphabeta, ordered", "depth_aware"),
        ("alphabeta, memo", "win_loss"),
        ("alphabeta, ordered, symmetric table", "win_loss"),
        ("alphabeta, ordered, symmetric table", "depth_aware"),
    ],
)
def test_exact_searches_agree_with_minimax_and_perfect_play_everywhere(
    name: str,
    score: str,
    positions: list[State],
    outcomes: dict[State, int],
    reference_values: dict[str, dict[State, float]],
) -> None:
    """Each search's value of every position is exactly memoised minimax's (with the same
    score), and its sign is the outcome of perfect play."""
    search = EXACT_SEARCHES[name]
    score_function = {"win_loss": win_loss, "depth_aware": depth_aware}[score]
    values = values_everywhere(lambda s: search(s, score_function), positions)
    assert values == reference_values[score]
    for state in positions:
        assert sign(values[state]) == outcomes[state], state


@pytest.mark.slow
def test_textbook_alphabeta_gives_the_value_and_a_best_move(
    distinct_positions: list[State], reference_values: dict[str, dict[State, float]]
) -> None:
    reference = reference_values["win_loss"]
    for state in distinct_positions:
        result = alphabeta(state, exact_root=False, order_moves=True, memo=True)
        assert result.value == reference[state], state
        assert result.best_moves == (result.move,)
        after = state.play(result.move)  # type: ignore[arg-type]
        assert oracle.outcome(after).value == result.value, state


@pytest.mark.slow
def test_depth_aware_wins_fastest_and_loses_slowest(
    positions: list[State], depth_aware_results: dict[State, SearchResult[int]]
) -> None:
    """The value counts the empty cells left when the winner hurries and the loser holds
    out (plus one), and the best moves are exactly the moves that keep that timing."""
    for state in positions:
        result = depth_aware_results[state]
        perfect = oracle.outcome(state)
        empty_at_the_end = len(state.cells) - state.moves_made - perfect.plies
        assert result.value == perfect.value * (empty_at_the_end + 1), state
        assert result.best_moves == oracle.best_moves(state), state


def test_depth_aware_takes_the_immediate_win_and_delays_the_loss() -> None:
    # X wins at once with 1, or later with 4, 5, 7 or 8; win_loss cannot tell them apart.
    state = State.parse("X.X/O../O..")
    assert minimax(state).best_moves == (1, 4, 5, 7, 8)
    assert minimax(state, score=depth_aware).best_moves == (1,)
    # O has lost whatever it does, but blocking 2 makes X wait for its win.
    doomed = State.parse("XX./O.X/O..")
    assert minimax(doomed).best_moves == (2, 4, 7, 8)
    assert minimax(doomed, score=depth_aware).move_values == {2: 1, 4: 3, 7: 3, 8: 3}


def test_searches_work_on_other_boards() -> None:
    for text, k in [("../..", 2), ("..../....", 3), ("../../..", 2), ("XOXO/OXOX/..../....", 3)]:
        state = State.parse(text, k=k)
        expected = oracle.outcome(state).value
        reference = minimax(state, memo="plain")
        assert reference.value == expected
        searches: list[Search] = [
            lambda s: minimax(s, memo="symmetric"),
            lambda s: alphabeta(s, order_moves=True),
            lambda s: alphabeta(s, memo="symmetric"),
        ]
        for search in searches:
            result = search(state)
            assert (result.value, result.move_values) == (reference.value, reference.move_values)


# ---------------------------------------------------------------------------------------------
# The tutorials' minimax and the depth-dependent score


def test_minimax_value_is_the_tutorials_minimax(positions: list[State]) -> None:
    sample = [s for s in positions if s.moves_made >= 4][::10]
    for state in sample:
        for score in (win_loss, depth_aware):
            assert minimax_value(state, score) == minimax(state, score=score).value, state


def test_a_score_of_the_depth_can_be_memoised(positions: list[State]) -> None:
    """The ply of a position below the root is fixed by its marks, so memos stay correct."""
    score = depth_scaled("O")
    for state in [s for s in positions if s.moves_made >= 4][::15]:
        plain = minimax(state, score=score)
        for result in (
            minimax(state, score=score, memo="symmetric"),
            alphabeta(state, score=score, order_moves=True, memo=True),
        ):
            assert result.move_values == pytest.approx(plain.move_values), state
            assert result.value == pytest.approx(plain.value)


# ---------------------------------------------------------------------------------------------
# Depth-limited search


@pytest.mark.parametrize("heuristic", [two_in_a_row, open_lines])
@pytest.mark.parametrize("depth", [1, pytest.param(3, marks=pytest.mark.slow)])
def test_depth_limited_searches_agree(
    heuristic: Score, depth: int, distinct_positions: list[State]
) -> None:
    for state in distinct_positions:
        reference = minimax(state, depth=depth, heuristic=heuristic)
        assert reference.stats.max_ply <= depth
        for result in (
            minimax(state, depth=depth, heuristic=heuristic, memo="symmetric"),
            alphabeta(state, depth=depth, heuristic=heuristic),
            alphabeta(state, depth=depth, heuristic=heuristic, order_moves=True, memo=True),
        ):
            assert result.value == reference.value, state
            assert result.move_values == reference.move_values, state
            assert result.best_moves == reference.best_moves, state


def test_depth_one_values_each_move_by_the_heuristic_or_the_score() -> None:
    state = State.parse("XX./OO./...")
    result = minimax(state, depth=1, heuristic=open_lines, score=plus_minus_ten)
    for move, value in result.move_values.items():
        child = state.play(move)
        expected = plus_minus_ten(child, 1) if child.is_terminal else open_lines(child, 1)
        assert value == expected
    assert result.best_moves == (2,)  # the win scores 10, far above any heuristic value
    assert result.stats.max_ply == 1
    assert result.stats.leaves == 5


def test_any_callable_works_as_heuristic_and_score() -> None:
    calls: list[int] = []

    def centre(state: State, ply: int) -> float:
        calls.append(ply)
        return {"X": 1, "O": -1, ".": 0}[state.cells[4]]

    result = alphabeta(State.new(), depth=2, heuristic=centre, memo=True)
    assert set(calls) == {2}  # the heuristic is only asked at the depth limit
    assert result.value == 1
    assert result.best_moves == (4,)

    def tenfold(state: State, ply: int) -> float:
        return 10 * win_loss(state, ply)

    assert minimax(State.parse("XX./OO./..."), score=tenfold).value == 10


def test_depth_five_with_two_in_a_row_from_the_empty_board() -> None:
    """The "heuristic" player's search."""
    fast = alphabeta(State.new(), depth=5, heuristic=two_in_a_row, order_moves=True, memo=True)
    slow = minimax(State.new(), depth=5, heuristic=two_in_a_row, memo="plain")
    assert fast.stats.max_ply == slow.stats.max_ply == 5
    assert fast.value == slow.value
    assert fast.move_values == slow.move_values
    assert fast.stats.nodes < slow.stats.nodes


# ---------------------------------------------------------------------------------------------
# Results: tie-breaking and finished games


def test_first_tie_break_takes_the_first_best_move_in_board_order() -> None:
    result = minimax(State.parse("XO./.X./..."), memo="plain")
    assert result.best_moves == (2, 3, 5, 6, 7, 8)
    assert result.move == 2


def test_random_tie_break_is_reproducible_and_covers_every_best_move() -> None:
    state = State.parse("XO./.X./...")  # six moves win for X

    def choice(seed: int | random.Random | None) -> int | None:
        return alphabeta(state, memo=True, tie_break="random", seed=seed).move

    assert choice(7) == choice(7)
    assert {choice(seed) for seed in range(40)} == {2, 3, 5, 6, 7, 8}
    rng = random.Random(3)
    assert {choice(rng) for _ in range(40)} == {2, 3, 5, 6, 7, 8}  # one generator, advancing


def test_random_tie_break_leaves_the_global_generator_alone() -> None:
    random.seed(12345)
    before = random.getstate()
    minimax(State.new(), memo="symmetric", tie_break="random", seed=1)
    minimax(State.new(), memo="symmetric", tie_break="random")
    assert random.getstate() == before


@pytest.mark.parametrize("search", [minimax, alphabeta])
def test_a_finished_game_has_a_value_and_no_moves(search: Callable[..., SearchResult[int]]) -> None:
    result = search(State.parse("XXX/OO./..."), score=depth_aware, trace=True)
    assert result.value == 5
    assert result.best_moves == ()
    assert result.move_values == {}
    assert result.move is None
    assert (result.stats.nodes, result.stats.leaves, result.stats.max_ply) == (1, 1, 0)
    assert result.trace is not None and result.trace.kind == "terminal"


# ---------------------------------------------------------------------------------------------
# Traces


def nodes_of(result: SearchResult[int]) -> list[TraceNode[int]]:
    assert result.trace is not None
    return list(result.trace.walk())


def move_of(node: TraceNode[int]) -> int:
    assert node.move is not None
    return node.move


def test_no_trace_unless_asked() -> None:
    assert minimax(State.parse("XX./OO./...")).trace is None
    assert alphabeta(State.parse("XX./OO./...")).trace is None


def test_minimax_trace_is_the_game_tree() -> None:
    state = State.parse("XO./.XO/...")
    result = minimax(state, trace=True)
    traced = nodes_of(result)
    root = traced[0]
    assert (root.move, root.ply, root.kind, root.value) == (None, 0, "expanded", result.value)
    assert len(traced) == result.stats.nodes
    assert sum(node.kind == "terminal" for node in traced) == result.stats.leaves
    for node in traced:
        assert (node.alpha, node.beta) == (-math.inf, math.inf)
        if node.kind == "terminal":
            assert node.value == win_loss(node.state, node.ply)
            continue
        assert node.kind == "expanded"
        assert tuple(child.move for child in node.children) == node.state.legal_moves()
        for child in node.children:
            assert child.state == node.state.play(move_of(child))
            assert child.ply == node.ply + 1
        best = max if node.state.turn == "X" else min
        assert node.value == best(child.value for child in node.children)
    assert minimax(state) == dataclasses.replace(result, trace=None)


@pytest.mark.parametrize("order_moves", [False, True])
def test_alphabeta_trace_shows_windows_and_cuts(order_moves: bool) -> None:
    state = State.parse("X../.O./...")
    result = alphabeta(state, order_moves=order_moves, trace=True)
    traced = nodes_of(result)
    assert len(traced) == result.stats.nodes
    assert sum(bool(node.pruned) for node in traced) == result.stats.cutoffs > 0
    assert all(child.alpha == -math.inf and child.beta == math.inf for child in traced[0].children)
    for node in traced:
        if node.kind != "expanded":
            assert node.kind == "terminal" and not node.pruned
            continue
        searched = [move_of(child) for child in node.children]
        assert sorted(searched + list(node.pruned)) == list(node.state.legal_moves())
        if not order_moves:
            assert searched + list(node.pruned) == list(node.state.legal_moves())
        for child in node.children:
            assert node.alpha <= child.alpha and child.beta <= node.beta
        if node.pruned:
            cut = re.fullmatch(r"cut: (\S+) (>=|<=) (beta|alpha) (\S+)", node.reason)
            assert cut is not None, node.reason
            if node.state.turn == "X":
                assert (cut[2], cut[3]) == (">=", "beta") and node.value >= node.beta
            else:
                assert (cut[2], cut[3]) == ("<=", "alpha") and node.value <= node.alpha
        else:
            assert node.reason == ""


def test_alphabeta_trace_values_are_exact_inside_the_window_and_bounds_outside() -> None:
    state = State.parse("X../.../...")
    for node in nodes_of(alphabeta(state, trace=True)):
        true_value = oracle.outcome(node.state).value
        if node.value <= node.alpha:
            assert true_value <= node.value  # failed low: an upper bound
        elif node.value >= node.beta:
            assert true_value >= node.value  # failed high: a lower bound
        else:
            assert true_value == node.value


@pytest.mark.parametrize(
    "search",
    [
        lambda s: minimax(s, memo="plain", trace=True),
        lambda s: minimax(s, memo="symmetric", trace=True),
        lambda s: alphabeta(s, order_moves=True, memo=True, trace=True),
    ],
)
def test_traces_show_cache_hits(search: Search) -> None:
    result = search(State.new())
    traced = nodes_of(result)
    assert len(traced) == result.stats.nodes
    hits = [node for node in traced if node.kind == "cache-hit"]
    assert len(hits) == result.stats.cache_hits > 0
    assert all(not node.children for node in hits)


def test_memoised_trace_works_out_each_position_once() -> None:
    traced = nodes_of(minimax(State.new(), memo="plain", trace=True))
    worked_out = [node.state for node in traced if node.kind != "cache-hit"]
    assert len(worked_out) == len(set(worked_out)) == 5478


def test_depth_limited_trace_marks_the_heuristic_leaves() -> None:
    result = alphabeta(State.parse("X../.O./..."), depth=2, heuristic=open_lines, trace=True)
    traced = nodes_of(result)
    at_limit = [node for node in traced if node.kind == "cutoff-heuristic"]
    assert at_limit
    for node in at_limit:
        assert node.ply == 2 and not node.state.is_terminal
        assert node.value == open_lines(node.state, 2)
    assert max(node.ply for node in traced) == result.stats.max_ply == 2


@pytest.mark.parametrize(
    "search",
    [
        lambda s, **trace: minimax(s, **trace),
        lambda s, **trace: alphabeta(s, **trace),
        lambda s, **trace: alphabeta(s, order_moves=True, memo=True, exact_root=False, **trace),
    ],
)
def test_trace_depth_keeps_the_top_of_the_tree_and_counts_the_rest(
    search: Callable[..., SearchResult[int]],
) -> None:
    state = State.parse("X../.O./...")
    full = search(state, trace=True)
    top = search(state, trace=True, trace_depth=2)
    assert top.stats == full.stats
    kept = nodes_of(top)
    assert max(node.ply for node in kept) == 2
    assert sum(1 + node.hidden for node in kept) == top.stats.nodes
    assert all(node.hidden == 0 for node in kept if node.ply < 2)

    def summary(node: TraceNode) -> tuple[object, ...]:
        return node.state, node.value, node.alpha, node.beta, node.kind, node.pruned, node.reason

    assert [summary(node) for node in kept] == [
        summary(node) for node in nodes_of(full) if node.ply <= 2
    ]
    root_only = search(state, trace=True, trace_depth=0).trace
    assert root_only is not None and root_only.children == ()
    assert root_only.kind == "expanded" and root_only.hidden == full.stats.nodes - 1


def test_textbook_trace_cuts_below_the_root() -> None:
    result = alphabeta(State.parse("X../.O./..X"), exact_root=False, trace=True)
    assert result.trace is not None
    cut_children = [child for child in result.trace.children if child.pruned]
    assert cut_children
    assert all(child.reason.startswith("cut: ") for child in cut_children)


def _sizes_below_the_root(text: str, share_the_window: bool) -> list[int]:
    """Lesson 6b's threat: the positions alpha-beta visits below each root move, in board order,
    written out with no help from tictac's searches. With `share_the_window` the root's window
    narrows as its moves come back (the textbook's alpha-beta), without it every root move
    gets the full window (as `exact_root=True` does)."""
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

    def winner(cells: str) -> str | None:
        for a, b, c in lines:
            if cells[a] != "." and cells[a] == cells[b] == cells[c]:
                return cells[a]
        return None

    visited = 0

    def search(cells: str, alpha: float, beta: float) -> float:
        nonlocal visited
        visited += 1
        won = winner(cells)
        if won or "." not in cells:
            return {"X": 1, "O": -1, None: 0}[won]
        mark = "X" if cells.count("X") == cells.count("O") else "O"
        best = -math.inf if mark == "X" else math.inf
        for move in (i for i, cell in enumerate(cells) if cell == "."):
            value = search(cells[:move] + mark + cells[move + 1 :], alpha, beta)
            if mark == "X":
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    root = text.replace("/", "")
    mark = "X" if root.count("X") == root.count("O") else "O"
    alpha, beta, sizes = -math.inf, math.inf, []
    for move in (i for i, cell in enumerate(root) if cell == "."):
        visited = 0
        value = search(root[:move] + mark + root[move + 1 :], alpha, beta)
        sizes.append(visited)
        if share_the_window:
            alpha, beta = (max(alpha, value), beta) if mark == "X" else (alpha, min(beta, value))
    return sizes


def test_the_textbook_root_narrows_its_window_after_the_first_move() -> None:
    """Lesson 6b: once O's first move comes back +1, beta is 1 at the root, and each later
    losing move stops at X's first reply worth +1. Kept at +inf, the counts would be higher."""
    result = alphabeta(State.parse("X.O/.X./..."), exact_root=False, trace=True)
    assert result.trace is not None
    sizes = [child.size for child in result.trace.children]
    assert sizes == _sizes_below_the_root("X.O/.X./...", share_the_window=True)
    assert sizes == [42, 35, 82, 33, 65, 73]
    kept_open = _sizes_below_the_root("X.O/.X./...", share_the_window=False)
    assert sum(kept_open) > sum(sizes) and 1 + sum(kept_open) == 427
    exact = alphabeta(State.parse("X.O/.X./..."), trace=True).trace  # the default, exact_root
    assert exact is not None and [child.size for child in exact.children] == kept_open


def test_tracing_does_not_change_the_search() -> None:
    state = State.parse("X../.O./...")
    for options in ({}, {"order_moves": True, "memo": True}, {"exact_root": False}):
        plain = alphabeta(state, **options)  # type: ignore[arg-type]
        traced = alphabeta(state, trace=True, **options)  # type: ignore[arg-type]
        assert (traced.value, traced.move_values, traced.stats) == (
            plain.value,
            plain.move_values,
            plain.stats,
        )


# ---------------------------------------------------------------------------------------------
# Mistakes get clear errors


@pytest.mark.parametrize("search", [minimax, alphabeta])
@pytest.mark.parametrize("depth", [0, -1, 1.5, True])
def test_depth_must_be_a_positive_whole_number(
    search: Callable[..., SearchResult[int]], depth: object
) -> None:
    with pytest.raises(ValueError, match="depth must be a whole number"):
        search(State.new(), depth=depth, heuristic=open_lines)


@pytest.mark.parametrize("search", [minimax, alphabeta])
def test_depth_needs_a_heuristic_and_a_heuristic_needs_depth(
    search: Callable[..., SearchResult[int]],
) -> None:
    with pytest.raises(ValueError, match="needs a heuristic"):
        search(State.new(), depth=3)
    with pytest.raises(ValueError, match="give depth="):
        search(State.new(), heuristic=open_lines)


def test_a_terminal_score_as_heuristic_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match=r"still running.*heuristic"):
        alphabeta(State.new(), depth=2, heuristic=win_loss)


@pytest.mark.parametrize("search", [minimax, alphabeta])
def test_unknown_tie_break(search: Callable[..., SearchResult[int]]) -> None:
    with pytest.raises(ValueError, match="tie_break='last' is not an option"):
        search(State.parse("XX./OO./..."), tie_break="last")


def test_unknown_memo_or_table() -> None:
    with pytest.raises(ValueError, match="memo='yes' is not an option"):
        minimax(State.parse("XX./OO./..."), memo="yes")  # type: ignore[arg-type]
    with (
        pytest.warns(DeprecationWarning, match="old name"),
        pytest.raises(ValueError, match="table='mirror' is not an option"),
    ):
        alphabeta(State.parse("XX./OO./..."), table="mirror")  # type: ignore[arg-type]


def test_trace_depth_needs_a_trace_and_a_whole_number() -> None:
    with pytest.raises(ValueError, match="needs trace=True"):
        minimax(State.new(), trace_depth=2)
    with pytest.raises(ValueError, match="trace_depth must be a whole number"):
        alphabeta(State.new(), trace=True, trace_depth=-1)


def test_a_search_needs_a_state_and_functions() -> None:
    with pytest.raises(TypeError, match="needs a State"):
        minimax("XX./OO./...")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="score must be a function"):
        alphabeta(State.new(), score=1)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# Budgets (tictac.search.budget; more in tests/test_budget.py)


@pytest.mark.parametrize(
    ("search", "options", "advice", "not_advised"),
    [
        (minimax, {}, ["a depth limit", "memo='symmetric'", "alphabeta(..."], []),
        (minimax, {"memo": "plain"}, ["a depth limit", "alphabeta(..."], ["memo="]),
        (alphabeta, {"order_moves": True}, ["a depth limit", "memo='symmetric'"], ["alphabeta("]),
        (
            alphabeta,
            {"depth": 6, "heuristic": open_lines, "memo": "symmetric"},
            ["fewer empty cells"],
            ["a depth limit", "memo="],
        ),
    ],
)
def test_a_search_stops_at_its_budget_and_says_what_would_help(
    search: Callable[..., SearchResult[int]],
    options: dict[str, object],
    advice: list[str],
    not_advised: list[str],
) -> None:
    with pytest.raises(BudgetExceeded) as caught:
        search(State.new(4, 4, 4), budget=3000, **options)
    error = caught.value
    assert (error.search, error.positions) == (search.__name__, 3000)
    message = str(error)
    assert all(part in message for part in advice), message
    assert not any(part in message for part in not_advised), message


@pytest.mark.parametrize("search", [minimax, alphabeta])
def test_a_search_within_its_budget_is_the_search_without_one(
    search: Callable[..., SearchResult[int]],
) -> None:
    position = State.parse("X../.O./...")
    free = search(position, budget=None, trace=True)
    counted = search(position, budget=free.stats.nodes, trace=True)
    assert (counted.value, counted.move_values, counted.stats) == (
        free.value,
        free.move_values,
        free.stats,
    )
    assert counted.trace is not None and counted.trace.size == free.stats.nodes


def test_a_traced_search_counts_the_positions_below_its_trace_too() -> None:
    with pytest.raises(BudgetExceeded, match="after searching 1,000 positions"):
        minimax(State.new(), trace=True, trace_depth=1, budget=1000)
