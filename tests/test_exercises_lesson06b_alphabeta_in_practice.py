"""The checks of Lesson 6b (alpha-beta in practice): move orders, measured against board order
and the package's, and alpha-beta with a transposition table; and the fewest positions any
move order allows, which the lesson states."""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable, MutableMapping
from typing import Any

import alphabeta_minimum as minimum
import pytest

from tictac import State, alphabeta, winning_lines
from tictac.exercises import TableReport, check_move_order, check_transposition_table
from tictac.exercises.lesson06_making_it_fast import textbook_alphabeta
from tictac.exercises.lesson06b_alphabeta_in_practice import exact_only_table_alphabeta
from tictac.players.rules import completing_moves, fork_moves

# ---------------------------------------------------------------------------------------------
# Exercise 1: a move order better than the package's.


def _centre_first(state: State) -> list[int]:
    """Centre, then corners, then edges: better than board order, not good enough."""
    rank = {4: 0, 0: 1, 2: 1, 6: 1, 8: 1}
    return sorted(state.legal_moves(), key=lambda m: rank.get(m, 2))


def _edges_first(state: State) -> list[int]:
    """Worse than board order."""
    return sorted(state.legal_moves(), key=lambda m: m % 2 == 0)


LINES_THROUGH = {cell: sum(cell in line for line in winning_lines(3, 3, 3)) for cell in range(9)}


def _wins_blocks_then_lines(state: State) -> list[int]:
    """Exercise 1's first attempt, the package's order: a win, then a block, then the cells on
    the most lines."""
    wins = completing_moves(state, state.turn)
    blocks = completing_moves(state, "O" if state.turn == "X" else "X")

    def rank(move: int) -> tuple[bool, bool, int]:
        return move not in wins, move not in blocks, -LINES_THROUGH[move]

    return sorted(state.legal_moves(), key=rank)


def _with_forks(state: State) -> list[int]:
    """The solution's order: a win, a block, a fork, a cell where the opponent could fork, then
    the cells on the most lines (Lesson 2b's classic rules, in their order)."""
    opponent = "O" if state.turn == "X" else "X"
    firsts = [
        completing_moves(state, state.turn),
        completing_moves(state, opponent),
        fork_moves(state, state.turn),
        fork_moves(state, opponent),
    ]

    def rank(move: int) -> tuple[object, ...]:
        return (*(move not in first for first in firsts), -LINES_THROUGH[move])

    return sorted(state.legal_moves(), key=rank)


def test_move_order_check_measures_an_order_and_compares_it_with_board_order() -> None:
    report = check_move_order(_centre_first)
    assert report.legal
    assert report.board_order_nodes == alphabeta(State.new(), exact_root=False).stats.nodes
    assert 0 < report.nodes < report.board_order_nodes
    assert f"{report.nodes:,}" in report.summary() and f"{report.nodes:,}" in repr(report)
    assert "times fewer than in board order" in report.summary()


def test_move_order_check_fails_board_order_and_says_the_goal() -> None:
    report = check_move_order(State.legal_moves)
    assert report.legal and not report.passed
    assert report.nodes == report.board_order_nodes == 18_297
    assert "the goal is fewer than 2,000" in report.summary()
    assert 'data-check="failed"' in report._repr_html_()


@pytest.mark.slow
def test_move_order_check_fails_the_lessons_starter_the_packages_own_order() -> None:
    """Exercise 1 asks for better than `order_moves=True`: its starter is that order, which
    the lesson shows before the exercise, and it must fail."""
    report = check_move_order(_wins_blocks_then_lines)
    assert report.legal and not report.passed
    package = alphabeta(State.new(), order_moves=True, exact_root=False).stats.nodes
    assert report.nodes == report.package_order_nodes == package == 2_096
    assert "order_moves=True, 2,096" in report.summary()
    assert "the goal is fewer than 2,000" in report.summary()
    assert 'data-check="failed"' in report._repr_html_()


def test_move_order_check_fails_an_order_worse_than_board_order() -> None:
    report = check_move_order(_edges_first)
    assert report.legal and not report.passed
    assert report.nodes > report.board_order_nodes
    assert "times as many as in board order" in report.summary()


@pytest.mark.slow
def test_move_order_check_passes_only_below_the_goal() -> None:
    good = check_move_order(_with_forks)
    assert good.passed and good.nodes < 2_000 and "Well done" in good.summary()
    assert good.nodes < good.package_order_nodes
    assert 'data-check="passed"' in good._repr_html_()
    at_the_goal = check_move_order(_with_forks, goal=good.nodes)
    assert not at_the_goal.passed and f"fewer than {good.nodes:,}" in at_the_goal.summary()
    assert check_move_order(_with_forks, goal=good.nodes + 1).passed
    assert not check_move_order(_centre_first).passed  # better than board order, not enough


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


# ---------------------------------------------------------------------------------------------
# The fewest positions alpha-beta can visit (Lesson 6b, "Good moves first"): worked out the long
# way in `alphabeta_minimum`, checked by brute force, and reached by a real order of moves.

WINDOWS = list(itertools.combinations((-math.inf, -1, 0, 1, math.inf), 2))


def test_the_board_images_are_the_eight_turns_and_flips() -> None:
    lopsided = tuple("XO......X")
    assert len(set(minimum.images(lopsided))) == 8
    assert {image.count("X") for image in minimum.images(lopsided)} == {2}


@pytest.mark.slow
def test_the_fewest_positions_are_what_every_order_of_the_moves_can_do_at_best() -> None:
    """Brute force over every order, trusting nothing about how the search goes on, on every
    position with four empty cells or fewer (one per group of mirror images) and every window
    alpha-beta can meet."""
    small = {
        min(minimum.images(cells))
        for cells in minimum.reachable(tuple("........."))
        if cells.count(".") <= 4 and not minimum.is_over(cells)
    }
    assert len(small) > 300
    for cells in small:
        for alpha, beta in WINDOWS:
            every_order = minimum.outcomes(cells, alpha, beta)
            assert min(visited for _, visited in every_order) == minimum.fewest(cells, alpha, beta)


@pytest.mark.slow
def test_a_move_order_makes_alpha_beta_visit_the_fewest_positions_from_the_empty_board() -> None:
    """An order of moves, one per position (as `order_moves=` takes it), with which the
    package's textbook alpha-beta visits exactly the minimum: 1,452 positions."""
    first = _first_moves_for_the_minimum()

    def order(state: State) -> list[int]:
        moves = list(state.legal_moves())
        chosen = first.get(tuple(state.cells))
        return moves if chosen is None else [chosen, *(m for m in moves if m != chosen)]

    value, visited = textbook_alphabeta(State.new(), order)
    assert (value, visited) == (0, minimum.fewest(tuple(".........")))
    assert visited == 1452


def test_knuth_and_moores_kinds_of_node_hold_on_every_position_and_window() -> None:
    """Lesson 6b sorts the positions of a perfectly ordered search into CUT nodes (some move
    reaches the window: the cheapest way on searches one such move and nothing else) and PV and
    ALL nodes (no move does: every move is searched, whichever comes first). Checked against the
    brute force over every order, on every unfinished position and every window."""
    unfinished = {
        min(minimum.images(cells))
        for cells in minimum.reachable(tuple("........."))
        if not minimum.is_over(cells)
    }
    kinds = {"CUT": 0, "PV or ALL": 0}
    for cells in unfinished:
        x_to_move = minimum.to_move(cells) == "X"
        pairs = _moves_and_children(cells)
        for alpha, beta in WINDOWS:
            cutting = [
                child
                for _, child in pairs
                if (minimum.value(child) >= beta if x_to_move else minimum.value(child) <= alpha)
            ]
            fewest = minimum.fewest(cells, alpha, beta)
            if cutting:
                kinds["CUT"] += 1
                assert fewest == 1 + min(minimum.fewest(c, alpha, beta) for c in cutting)
            else:
                kinds["PV or ALL"] += 1
                for first, _ in pairs:
                    assert len(_searched(cells, first, alpha, beta)) == len(pairs)
    assert min(kinds.values()) > 1000  # both kinds are common


def _first_moves_for_the_minimum() -> dict[tuple[str, ...], int]:
    """For each position the minimal search visits, a first move to try that is cheapest for
    every window the position is searched with (the other moves follow in board order)."""
    first: dict[tuple[str, ...], int] = {}
    windows: dict[tuple[str, ...], set[tuple[float, float]]] = {}

    def cheapest_firsts(cells: tuple[str, ...], alpha: float, beta: float) -> set[int]:
        cost = minimum.fewest(cells, alpha, beta) - 1
        return {
            move
            for move, child in _moves_and_children(cells)
            if sum(n for n, _ in _searched(cells, move, alpha, beta)) == cost
        }

    def walk(cells: tuple[str, ...], alpha: float, beta: float) -> None:
        if minimum.is_over(cells):
            return
        windows.setdefault(cells, set()).add((alpha, beta))
        usable = set.intersection(*(cheapest_firsts(cells, a, b) for a, b in windows[cells]))
        assert usable, f"no first move is cheapest for every window at {''.join(cells)}"
        first[cells] = min(usable) if first.get(cells) not in usable else first[cells]
        for _, (child, window) in _searched(cells, first[cells], alpha, beta):
            walk(child, *window)

    for _ in range(3):  # a position met again with a new window may change its first move
        walk(tuple("........."), -math.inf, math.inf)
    return first


def _moves_and_children(cells: tuple[str, ...]) -> list[tuple[int, tuple[str, ...]]]:
    moves = [i for i, cell in enumerate(cells) if cell == "."]
    return list(zip(moves, minimum.children(cells)))


def _searched(
    cells: tuple[str, ...], first: int, alpha: float, beta: float
) -> list[tuple[int, tuple[tuple[str, ...], tuple[float, float]]]]:
    """The children alpha-beta searches from `cells` trying `first` and then the rest in board
    order, each with the fewest positions below it and the window it is searched with."""
    pairs = _moves_and_children(cells)
    pairs.sort(key=lambda pair: pair[0] != first)
    searched = []
    for _, child in pairs:
        if alpha >= beta:
            break
        searched.append((minimum.fewest(child, alpha, beta), (child, (alpha, beta))))
        alpha, beta = minimum.narrowed(cells, minimum.value(child), alpha, beta)
    return searched


# ---------------------------------------------------------------------------------------------
# Exercise 2: alpha-beta with a transposition table that files bounds as bounds.

Table = MutableMapping[Hashable, Any]


def _with_bounds(
    state: State, alpha: float = -math.inf, beta: float = math.inf, table: Table | None = None
) -> float:
    """The solution: file each value as exact, at least or at most, by the window the position
    was searched with, and use a filed value only when it settles the window."""
    table = {} if table is None else table
    if state in table:
        value, bound = table[state]
        if bound == "exact" or (bound == "at least" and value >= beta):
            return float(value)
        if bound == "at most" and value <= alpha:
            return float(value)
    if state.is_terminal:
        return {"X": 1, "O": -1, None: 0}[state.winner]
    low, high = alpha, beta
    best = -math.inf if state.turn == "X" else math.inf
    for move in state.legal_moves():
        value = _with_bounds(state.play(move), alpha, beta, table)
        if state.turn == "X":
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    bound = "at least" if best >= high else "at most" if best <= low else "exact"
    table[state] = best, bound
    return best


def _exact_values_only(
    state: State, alpha: float = -math.inf, beta: float = math.inf, table: Table | None = None
) -> float:
    """Another right answer: file only the values found strictly inside the window (exact), and
    read them with ``table.get``."""
    table = {} if table is None else table
    known = table.get(state)
    if known is not None:
        return float(known)
    if state.is_terminal:
        return {"X": 1, "O": -1, None: 0}[state.winner]
    low, high = alpha, beta
    best = -math.inf if state.turn == "X" else math.inf
    for move in state.legal_moves():
        value = _exact_values_only(state.play(move), alpha, beta, table)
        if state.turn == "X":
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    if low < best < high:
        table[state] = best
    return best


def _no_table(
    state: State, alpha: float = -math.inf, beta: float = math.inf, table: Table | None = None
) -> float:
    """Plain alpha-beta that never files anything: right values, and no table."""
    return alphabeta(state, exact_root=False).value


def _flags_by_the_narrowed_window(
    state: State, alpha: float = -math.inf, beta: float = math.inf, table: Table | None = None
) -> float:
    """A slip: the flag is judged by alpha and beta as the loop left them, not by the window
    the position was searched with, testing "at most" first."""
    table = {} if table is None else table
    if state in table:
        value, bound = table[state]
        if bound == "exact" or (bound == "at least" and value >= beta):
            return float(value)
        if bound == "at most" and value <= alpha:
            return float(value)
    if state.is_terminal:
        return {"X": 1, "O": -1, None: 0}[state.winner]
    best = -math.inf if state.turn == "X" else math.inf
    for move in state.legal_moves():
        value = _flags_by_the_narrowed_window(state.play(move), alpha, beta, table)
        if state.turn == "X":
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    bound = "at most" if best <= alpha else "at least" if best >= beta else "exact"
    table[state] = best, bound
    return best


UNFINISHED = 4_520  # the positions where the game is still on


@pytest.mark.slow
def test_the_starter_files_bounds_as_values_and_gets_29_roots_wrong() -> None:
    report = check_transposition_table(exact_only_table_alphabeta)
    assert not report.passed and report.checked == UNFINISHED
    assert len(report.mismatches) == _wrong_roots_of_the_exact_only_table() == 29
    assert report.summary().startswith(
        f"transposition table: 29 of {UNFINISHED} positions differ from the reference."
    )
    assert "only a bound" in report.summary()
    assert 'data-check="failed"' in report._repr_html_()


def _wrong_roots_of_the_exact_only_table() -> int:
    """The lesson's 29, counted without tictac: the first attempt's search by
    `alphabeta_minimum`'s rules, from every unfinished position, a new table each time."""

    def search(cells: minimum.Cells, alpha: float, beta: float, table: dict[Any, float]) -> float:
        if cells in table:
            return table[cells]
        if minimum.is_over(cells):
            return minimum.score(cells)
        x_to_move = minimum.to_move(cells) == "X"
        best = -math.inf if x_to_move else math.inf
        for child in minimum.children(cells):
            value = search(child, alpha, beta, table)
            if x_to_move:
                best, alpha = max(best, value), max(alpha, value)
            else:
                best, beta = min(best, value), min(beta, value)
            if alpha >= beta:
                break
        table[cells] = best
        return best

    unfinished = [c for c in minimum.reachable(minimum.EMPTY) if not minimum.is_over(c)]
    assert len(unfinished) == UNFINISHED
    return sum(
        search(cells, -math.inf, math.inf, {}) != minimum.value(cells) for cells in unfinished
    )


@pytest.mark.slow
@pytest.mark.parametrize("search", [_with_bounds, _exact_values_only])
def test_a_table_that_knows_its_bounds_passes(search: Any) -> None:
    report = check_transposition_table(search)
    assert report.passed and report.reads > 0
    assert "Well done" in report.summary() and f"{report.reads:,} lookups" in report.summary()
    assert 'data-check="passed"' in report._repr_html_()


@pytest.mark.slow
def test_a_search_that_never_reads_its_table_fails() -> None:
    report = check_transposition_table(_no_table)
    assert not report.passed and not report.mismatches and report.reads == 0
    assert "never found anything in its table" in report.summary()
    assert 'data-check="failed"' in report._repr_html_()


@pytest.mark.slow
def test_flags_judged_by_the_narrowed_window_are_caught() -> None:
    report = check_transposition_table(_flags_by_the_narrowed_window)
    assert not report.passed and report.mismatches


def test_a_search_without_a_table_argument_is_told_so() -> None:
    report = check_transposition_table(lambda state: 0)
    assert isinstance(report, TableReport) and not report.passed
    assert "stopped with an error: TypeError" in report.summary()
