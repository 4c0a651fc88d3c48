"""The checks of Lesson 7 (beyond 3x3): a heuristic shown better than open lines, and a
prediction of who wins an m,n,k game. Each fails its starter, passes the solution and fails
plausible wrong answers."""

from __future__ import annotations

import functools

import pytest

from tictac import State, open_lines, winning_lines
from tictac.exercises import check_heuristic, check_who_wins
from tictac.exercises.lesson07_depth_limited import OPENINGS, HeuristicReport


def weighted_lines(state: State, ply: int) -> float:
    """The solutions notebook's heuristic: a line open to one player counts 4**marks - 1."""
    if state.winner == "X":
        return 1000
    if state.winner == "O":
        return -1000
    score = 0
    for line in winning_lines(state.rows, state.cols, state.k):
        marks = [state.cells[i] for i in line]
        if "O" not in marks:
            score += 4 ** marks.count("X") - 1
        if "X" not in marks:
            score -= 4 ** marks.count("O") - 1
    return score


def contrarian(state: State, ply: int) -> float:
    """Symmetric, and right about won games, but it likes what open lines dislikes."""
    if state.winner is not None:
        return 1000 if state.winner == "X" else -1000
    return -open_lines(state, ply)


# -- exercise 1: the heuristic ------------------------------------------------------------


def test_the_starter_fails_with_a_hint() -> None:
    def my_heuristic(state: State, ply: int) -> float:
        return open_lines(state, ply)  # the lesson's starter

    report = check_heuristic(my_heuristic)
    assert not report.passed
    assert report.games == 2 * OPENINGS
    assert "Every game was a draw" in report.summary()
    assert "more the more marks it holds" in report.summary()
    assert 'data-check="failed"' in report._repr_html_()


@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow), 2])
def test_the_solution_is_shown_better_whatever_the_openings(seed: int) -> None:
    report = check_heuristic(weighted_lines, seed=seed)
    assert report.passed, report.summary()
    low, _ = report.interval
    assert low > 0.5 and report.wins > report.losses
    assert "Well done!" in report.summary()
    assert 'data-check="passed"' in report._repr_html_()


def test_a_worse_heuristic_fails_although_its_properties_hold() -> None:
    report = check_heuristic(contrarian)
    assert report.checked > 0 and not report.mismatches  # symmetric, right about wins
    assert not report.passed
    assert report.losses > report.wins
    assert "does not show it better" in report.summary()


def test_the_same_heuristic_under_another_name_is_not_better() -> None:
    def doubled(state: State, ply: int) -> float:
        return 2 * open_lines(state, ply)  # the same moves as open lines

    assert not check_heuristic(doubled, seed=1).passed


def test_a_heuristic_that_breaks_symmetry_fails_before_any_game() -> None:
    def likes_the_top_left(state: State, ply: int) -> float:
        return weighted_lines(state, ply) + (state.cells[0] == "X")

    report = check_heuristic(likes_the_top_left)
    assert report.mismatches and report.games == 0 and not report.passed
    assert "differ from the reference" in report.summary()


def test_a_heuristic_blind_to_won_games_fails() -> None:
    def zero_for_wins(state: State, ply: int) -> float:
        return 0 if state.winner else weighted_lines(state, ply)

    report = check_heuristic(zero_for_wins)
    assert not report.passed and report.games == 0
    assert any(m.expected == "positive" for m in report.mismatches)


def test_a_heuristic_that_raises_is_reported() -> None:
    def broken(state: State, ply: int) -> float:
        raise KeyError("oops")

    report = check_heuristic(broken)
    assert not report.passed
    assert "KeyError" in report.summary()


def test_the_check_is_deterministic() -> None:
    first, second = check_heuristic(weighted_lines), check_heuristic(weighted_lines)
    assert (first.wins, first.draws, first.losses) == (second.wins, second.draws, second.losses)


def test_an_interval_needs_decided_games() -> None:
    report = HeuristicReport("heuristic", 5, games=10, draws=10)
    assert report.interval == (0.0, 1.0) and not report.passed


# -- exercise 2: who wins -----------------------------------------------------------------


@functools.cache
def winning_first_moves(rows: int, cols: int, k: int) -> tuple[int, ...]:
    """X's first moves after which X still wins, by the test suite's brute-force referee."""
    import oracle

    start = State.new(rows, cols, k)
    return tuple(m for m, perfect in oracle.move_outcomes(start).items() if perfect.value > 0)


def test_who_wins_fails_the_starter_without_the_answer() -> None:
    check = check_who_wins((3, 4, 3), None, None)  # the lesson's starter: no prediction yet
    assert not check.passed
    assert str(check) == str(check_who_wins((3, 3, 3), None, None)).replace("3,3,3", "3,4,3")
    assert "no prediction yet" in str(check)
    assert 'data-check="failed"' in check._repr_html_()
    assert not check_who_wins((3, 4, 3), "X wins", None).passed


def test_who_wins_says_what_is_wrong_without_the_answer() -> None:
    check = check_who_wins((3, 4, 3), "draw", [])
    assert not check.passed
    text = str(check)
    assert "not 'draw'" in text and "missing" in text
    assert "X wins" not in text and "10" not in text


def test_who_wins_passes_the_referees_answer_as_cells_or_pairs() -> None:
    cells = winning_first_moves(3, 4, 3)
    assert len(cells) == 10 and 4 not in cells and 7 not in cells  # the short sides' middles
    assert check_who_wins((3, 4, 3), "X wins", cells).passed
    pairs = [divmod(cell, 4) for cell in cells]
    assert check_who_wins((3, 4, 3), "X wins", pairs).passed


def test_who_wins_fails_the_fastest_wins_only() -> None:
    from tictac import best_moves

    fastest = best_moves(State.new(3, 4, 3))  # the quickest wins, not all winning moves
    check = check_who_wins((3, 4, 3), "X wins", fastest)
    assert not check.passed and check.result_right
    assert "some winning first moves are missing" in str(check)


def test_who_wins_names_moves_that_do_not_win() -> None:
    check = check_who_wins((3, 4, 3), "X wins", [*winning_first_moves(3, 4, 3), 4])
    assert not check.passed
    assert "1 of them does not win" in str(check)


def test_who_wins_on_a_drawn_board() -> None:
    assert check_who_wins((3, 3, 3), "draw", []).passed
    assert not check_who_wins((3, 3, 3), "draw", [4]).passed
    assert not check_who_wins((3, 3, 3), "X wins", []).passed


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        (((3, 4, 3), "X", []), ValueError, "one of 'X wins', 'draw', 'O wins'"),
        (((3, 4, 3), "X wins", 5), TypeError, "a list of moves"),
        (((5, 5, 4), "draw", []), ValueError, "up to 16 cells"),
        (((3, 4, 3), "X wins", [12]), ValueError, "outside the 3x4 board"),
    ],
)
def test_who_wins_refuses_bad_input_clearly(
    args: tuple[object, ...], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        check_who_wins(*args)  # type: ignore[arg-type]


@pytest.mark.parametrize(("board", "marks"), [((4, 4, 4), 3), ((3, 3, 3), 6)])
def test_the_checked_positions_are_all_positions_with_few_marks(
    board: tuple[int, int, int], marks: int
) -> None:
    from tictac import reachable_states
    from tictac.exercises.lesson07_depth_limited import _heuristic_positions

    expected = []
    for state in reachable_states(State.new(*board)):  # breadth first: stop at the next level
        if state.moves_made > marks:
            break
        expected.append(state)
    assert sorted(s.text for s in _heuristic_positions(*board, marks)) == sorted(
        s.text for s in expected
    )
