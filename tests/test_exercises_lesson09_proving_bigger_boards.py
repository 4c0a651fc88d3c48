"""The checks of Lesson 9 (proving bigger boards): each fails its starter with a message that
helps, passes the solution, and fails plausible wrong answers without giving the answer away."""

from __future__ import annotations

from collections.abc import Iterable

from tictac import State, winning_lines
from tictac.exercises import check_dead_cells, check_lines_without_a_pair
from tictac.exercises.lesson09_proving_bigger_boards import pairing_cases
from tictac.proving.ideas import moves_left

# -- exercise 1: lines without a pair ---------------------------------------------------------


def solution_lines(pairs: list[tuple[int, int]], rows: int, cols: int, k: int) -> list[tuple]:
    """The solutions notebook's answer."""
    return [
        line
        for line in winning_lines(rows, cols, k)
        if not any(a in line and b in line for a, b in pairs)
    ]


def starter_lines(pairs: list[tuple[int, int]], rows: int, cols: int, k: int) -> list[tuple]:
    """The lesson's starter: a line counts as blocked if it holds either cell of a pair."""
    cells = {cell for pair in pairs for cell in pair}
    return [line for line in winning_lines(rows, cols, k) if not cells & set(line)]


def test_lines_the_starter_fails_with_a_picture_of_a_line_it_missed() -> None:
    report = check_lines_without_a_pair(starter_lines)
    assert not report.passed and report.wrong
    assert "you missed" in str(report)
    html = report._repr_html_()
    assert 'data-check="failed"' in html and "<svg" in html


def test_lines_the_solution_passes_in_any_order_and_any_container() -> None:
    assert check_lines_without_a_pair(solution_lines).passed

    def as_sets(pairs: list[tuple[int, int]], rows: int, cols: int, k: int) -> set[frozenset]:
        return {frozenset(line) for line in reversed(solution_lines(pairs, rows, cols, k))}

    report = check_lines_without_a_pair(as_sets)  # type: ignore[arg-type]
    assert report.passed and 'data-check="passed"' in report._repr_html_()


def test_lines_listing_blocked_lines_too_fails() -> None:
    def every_line(pairs: list[tuple[int, int]], rows: int, cols: int, k: int) -> list[tuple]:
        return list(winning_lines(rows, cols, k))

    report = check_lines_without_a_pair(every_line)
    assert not report.passed and "that hold a pair" in str(report)


def test_lines_a_function_that_raises_or_returns_none_is_reported() -> None:
    def broken(pairs: list[tuple[int, int]], rows: int, cols: int, k: int) -> Iterable[tuple]:
        raise KeyError("oops")

    assert "KeyError" in check_lines_without_a_pair(broken).summary()
    report = check_lines_without_a_pair(lambda pairs, rows, cols, k: None)  # type: ignore[arg-type,return-value]
    assert "returned None" in report.summary()


def test_the_cases_include_pairings_that_block_every_line_and_ones_that_do_not() -> None:
    cases = pairing_cases()
    blocked = [not solution_lines(list(c.pairs), c.rows, c.cols, c.k) for c in cases]
    assert any(blocked) and not all(blocked)
    assert cases == pairing_cases()  # seeded


# -- exercise 2: dead cells -------------------------------------------------------------------


def solution_dead_cells(state: State) -> set[int]:
    """The solutions notebook's answer, written from the definition."""
    live = set()
    for player, opponent in (("X", "O"), ("O", "X")):
        budget = moves_left(state, player)  # type: ignore[arg-type]
        for line in winning_lines(state.rows, state.cols, state.k):
            marks = [state.cells[i] for i in line]
            if opponent not in marks and marks.count(".") <= budget:
                live |= set(line)
    return {cell for cell in state.legal_moves() if cell not in live}


def starter_dead_cells(state: State) -> set[int]:
    """The lesson's starter: blocked lines only, moves left forgotten."""
    live = set()
    for line in winning_lines(state.rows, state.cols, state.k):
        marks = {state.cells[i] for i in line}
        if not {"X", "O"} <= marks:
            live |= set(line)
    return {cell for cell in state.legal_moves() if cell not in live}


def test_dead_cells_the_starter_fails_on_positions_where_moves_run_out() -> None:
    report = check_dead_cells(starter_dead_cells)
    assert not report.passed and 0 < len(report.mismatches) < report.checked
    assert 'data-check="failed"' in report._repr_html_()


def test_dead_cells_the_solution_passes_as_cells_or_pairs() -> None:
    report = check_dead_cells(solution_dead_cells)
    assert report.passed and "def dead_cells" in str(report)  # the reference, revealed
    assert "def dead_cells" not in str(check_dead_cells(starter_dead_cells))

    def as_pairs(state: State) -> list[tuple[int, int]]:
        return [divmod(cell, state.cols) for cell in solution_dead_cells(state)]

    assert check_dead_cells(as_pairs).passed


def test_dead_cells_all_empty_cells_fail() -> None:
    assert not check_dead_cells(lambda state: state.legal_moves()).passed
