"""The rules of the game: building, reading, playing and checking boards."""

from __future__ import annotations

import copy
import json
import pickle
import random
import time
from typing import Any

import numpy as np
import pytest

from tictac import IllegalMove, InvalidBoard, State
from tictac.cli import analysis
from tictac.game.state import (
    MAX_TEXT,
    other,
    reachable_states,
    symmetry_permutations,
    winning_lines,
)
from tictac.search import solver

# --- building and reading boards ---------------------------------------------------------------


def test_new_board_is_empty_with_x_to_move() -> None:
    s = State.new()
    assert s.cells == (".",) * 9
    assert (s.rows, s.cols, s.k) == (3, 3, 3)
    assert s.turn == "X"
    assert s.legal_moves() == tuple(range(9))
    assert s.winner is None and s.winning_line is None and not s.is_terminal


def test_new_bigger_board() -> None:
    s = State.new(4, 4, 4)
    assert len(s.cells) == 16 and s.k == 4
    assert len(winning_lines(4, 4, 4)) == 10
    assert len(winning_lines(4, 4, 3)) == 24


@pytest.mark.parametrize(
    "text",
    [
        "XO..X...O",
        "XO./.X./..O",
        "XO.\n.X.\n..O",
        "\nXO.\n.X.\n..O\n",
        "xo-/_x /..o",
        "XO.\r\n.X.\r\n..O",
    ],
)
def test_parse_accepts_every_documented_spelling(text: str) -> None:
    s = State.parse(text)
    assert s.cells == ("X", "O", ".", ".", "X", ".", ".", ".", "O")
    assert s.turn == "X"


def test_turn_follows_from_the_counts() -> None:
    assert State.parse("X........").turn == "O"
    assert State.parse("XO.......").turn == "X"


def test_size_and_k_are_read_from_the_text() -> None:
    s = State.parse("..../..../..../....")
    assert (s.rows, s.cols, s.k) == (4, 4, 4)
    assert State.parse("................").rows == 4
    wide = State.parse("..../..../....")
    assert (wide.rows, wide.cols, wide.k) == (3, 4, 3)
    assert State.parse("..../..../..../....", k=3).k == 3


def test_text_round_trips_and_repr_rebuilds() -> None:
    s = State.parse("XO./.X./..O")
    assert s.text == "XO./.X./..O"
    assert State.parse(s.text) == s
    assert eval(repr(s), {"State": State}) == s
    big = State.new(4, 4, 3).play(5)
    assert eval(repr(big), {"State": State}) == big


def test_str_is_a_readable_grid() -> None:
    assert str(State.parse("XO./.X./..O")) == "X O .\n. X .\n. . O"


def test_from_cells_checks_like_parse() -> None:
    assert State.from_cells(["X", ".", ".", ".", "O", ".", ".", ".", "."]).turn == "X"
    with pytest.raises(InvalidBoard, match="has 9 cells"):
        State.from_cells("XO")
    with pytest.raises(InvalidBoard, match="X has the same number as O or one more"):
        State.from_cells("XXX......")


# --- invalid boards ---------------------------------------------------------------------------
# Among them every invalid board in OpenSpiel's tic-tac-toe tests (wrong counts, both
# players with a line, a line for the player who did not move last), and more.


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("\n\n", "empty"),
        ("XO", "cannot form a square board"),
        ("XO..X...O.", "cannot form a square board"),
        ("XO./.X/..O", "rows have different lengths"),
        ("XQ./.X./..O", "unknown mark 'Q' in cell 1 \\(row 0, column 1\\)"),
        ("X0./.../...", "a zero"),
        ("OO./.../...", "X has 0 marks and O has 2"),
        ("O../.../...", "X has 0 marks and O has 1"),
        ("XX./.../...", "X has 2 marks and O has 0"),
        ("XXX/OOO/...", "both X and O have a line"),
        ("XXX/OO./O..", "X has a line, but O moved last"),
        ("OOO/XX./XX.", "O has a line, but X moved last"),
        ("XXX/OOO/XXX", "X has .* marks and O has"),
        ("XXX/.O./OOO", "both X and O|X has 3 marks and O has 4"),
    ],
)
def test_impossible_boards_are_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(InvalidBoard, match=reason):
        State.parse(text)


def test_two_separate_lines_of_the_winner_are_refused() -> None:
    # X made the top row and the bottom row: no single last move can make both.
    with pytest.raises(InvalidBoard) as caught:
        State.parse("XXX../OO.O./XXX../O..O.", k=3)
    assert (
        "X has 2 lines (cells 0, 1 and 2, and cells 10, 11 and 12) with no cell in common"
        in str(caught.value)
    )


def test_two_lines_through_one_last_move_are_a_real_win() -> None:
    # X's last move in the centre completed both diagonals at once.
    s = State.parse("XOX/OXO/XOX")
    assert s.winner == "X" and s.is_terminal
    assert s.winning_line in ((0, 4, 8), (2, 4, 6))


@pytest.mark.parametrize("k", [0, 4, -1])
def test_k_that_cannot_fit_is_refused(k: int) -> None:
    with pytest.raises(InvalidBoard, match="cannot fit"):
        State.parse(".../.../...", k=k)


def test_bad_sizes_for_new_are_refused() -> None:
    with pytest.raises(ValueError, match="a board has 1 to 10 rows, not 0: the largest board is"):
        State.new(0, 3, 3)
    with pytest.raises(ValueError, match="cannot fit"):
        State.new(3, 3, 4)
    with pytest.raises(ValueError, match="whole number"):
        State.new(3.0, 3, 3)  # type: ignore[arg-type]


def test_parse_refuses_what_is_not_text() -> None:
    with pytest.raises(InvalidBoard, match="must be given as text"):
        State.parse(["X", "O"])  # type: ignore[arg-type]


# --- playing ----------------------------------------------------------------------------------


def test_play_puts_the_mark_and_passes_the_turn() -> None:
    s = State.new().play(4)
    assert s.cells[4] == "X" and s.turn == "O"
    t = s.play((0, 2))
    assert t.cells[2] == "O" and t.turn == "X"
    assert s.cells[2] == "." and s.turn == "O"  # the old state is unchanged


def test_moves_accept_any_integer_type() -> None:
    class Index:
        def __index__(self) -> int:
            return 3

    assert State.new().play(Index()).cells[3] == "X"  # type: ignore[arg-type]


def test_win_on_a_row_column_and_diagonal() -> None:
    assert State.parse("XX./OO./...").play(2).winning_line == (0, 1, 2)
    assert State.parse("XO./XO./...").play(6).winning_line == (0, 3, 6)
    assert State.parse("XO./.XO/...").play(8).winning_line == (0, 4, 8)
    assert State.parse("O.X/OX./...").play(6).winning_line == (2, 4, 6)


def test_draw_when_the_board_fills() -> None:
    s = State.parse("XOX/XOO/OX.").play(8)
    assert s.is_terminal and s.is_draw and s.winner is None and s.result() == "draw"
    assert s.legal_moves() == ()


def test_no_legal_moves_after_a_win() -> None:
    s = State.parse("XX./OO./...").play(2)
    assert s.legal_moves() == () and s.result() == "X"


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (4, r"cell 4 \(row 1, column 1\) is already taken by X"),
        (9, "outside the 3x3 board: cells are numbered 0 to 8"),
        (-1, "outside the 3x3 board"),
        ((3, 0), r"\(3, 0\) is outside the 3x3 board"),
        ((0, -1), "outside"),
        ("4", "a move is a cell number"),
        (4.0, "a move is a cell number"),
        (True, "a move is a cell number"),
        (None, "a move is a cell number"),
        ((1, 1, 1), "a move is a cell number"),
        ((1, "a"), "needs two whole numbers"),
    ],
)
def test_illegal_moves_are_refused_and_change_nothing(move: object, reason: str) -> None:
    s = State.new().play(4)
    before = (s.cells, s.turn)
    with pytest.raises(IllegalMove, match=reason):
        s.play(move)  # type: ignore[arg-type]
    assert (s.cells, s.turn) == before


def test_moves_after_the_game_is_over_are_refused() -> None:
    won = State.parse("XX./OO./...").play(2)
    with pytest.raises(IllegalMove, match="X has already won"):
        won.play(8)
    full = State.parse("XOX/XOO/OXX")
    with pytest.raises(IllegalMove, match="board is full"):
        full.play(0)


def test_errors_are_value_errors() -> None:
    assert issubclass(IllegalMove, ValueError) and issubclass(InvalidBoard, ValueError)


def test_states_cannot_be_changed() -> None:
    s = State.new()
    with pytest.raises(AttributeError, match="cannot be changed"):
        s.turn = "O"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del s.cells


def test_states_are_values() -> None:
    a = State.new().play(0).play(4)
    b = State.new().play(0).play(4)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != State.new(3, 3, 2).play(0).play(4)
    assert pickle.loads(pickle.dumps(a)) == a
    assert (a == "XO") is False


# --- bigger boards ----------------------------------------------------------------------------


def test_four_in_a_row_on_4x4() -> None:
    s = State.new(4, 4, 4)
    for move in (0, 4, 1, 5, 2, 6):
        s = s.play(move)
    assert s.winner is None
    s = s.play(3)
    assert s.winner == "X" and s.winning_line == (0, 1, 2, 3)


def test_three_in_a_row_on_4x4_wins_early() -> None:
    s = State.new(4, 4, 3)
    for move in (5, 0, 10, 1):
        s = s.play(move)
    assert s.play(15).winning_line == (5, 10, 15)


# --- symmetry ---------------------------------------------------------------------------------


def test_symmetries_of_a_corner_move() -> None:
    corner = State.new().play(0)
    images = {s.text for s in corner.symmetries()}
    assert images == {"X../.../...", "..X/.../...", ".../.../X..", ".../.../..X"}
    assert corner.symmetries()[0] == corner


def test_canonical_form_is_shared_by_all_images() -> None:
    s = State.parse("XO./..X/...")
    assert len({image.canonical() for image in s.symmetries()}) == 1


def test_rectangles_have_four_symmetries() -> None:
    assert len(State.new(3, 4, 3).symmetries()) == 4


# --- what users pass in: whole numbers of any type, odd shapes, long text ---------------------


class Three:
    """An integer-like value of no known library (it only has ``__index__``)."""

    def __index__(self) -> int:
        return 3


def whole_numbers_of(kind: str) -> Any:
    """A maker of whole numbers of one integer type: NumPy's, or one with only __index__."""
    if kind == "__index__":
        return lambda value: Three() if value == 3 else value
    return getattr(np, kind)


INTEGER_TYPES = ["int8", "int64", "uint8", "__index__"]


@pytest.mark.parametrize("kind", INTEGER_TYPES)
def test_sizes_of_any_integer_type_become_plain_ints(kind: str) -> None:
    whole = whole_numbers_of(kind)
    built = [
        State.new(whole(3), whole(3), whole(3)),
        State.parse("XO./.X./...", k=whole(3)),
        State.from_cells("XO..X....", whole(3), whole(3), whole(3)),
    ]
    for state in built:
        assert state == State.parse("XO./.X./...") or state == State.new()
        assert all(type(size) is int for size in (state.rows, state.cols, state.k))


@pytest.mark.parametrize("kind", INTEGER_TYPES)
def test_moves_of_any_integer_type_become_plain_ints(kind: str) -> None:
    whole = whole_numbers_of(kind)
    s = State.new().play(whole(3)).play((whole(1), whole(1)))
    assert s.cells[3] == "X" and s.cells[4] == "O"
    assert type(s.index_of(whole(3))) is int and type(s.index_of((whole(2), whole(0)))) is int


def test_numpy_sizes_do_not_spoil_the_caches_of_later_searches() -> None:
    # The first board of a size fills the caches of its geometry and of the solver; numpy's
    # integers are equal to ints and hash alike, so their arithmetic used to stay behind.
    winning_lines.cache_clear()
    symmetry_permutations.cache_clear()
    solver.clear_caches()
    sizes = np.int8(3), np.int8(3), np.int8(3)
    state = State.new(*sizes).play(4)
    assert solver.solve(State.new()) == 0
    report = analysis(state)
    assert json.loads(json.dumps(report)) == report
    lines = winning_lines(3, 3, 3)
    assert all(type(cell) is int for line in lines for cell in line)
    assert all(type(cell) is int for perm in symmetry_permutations(3, 3) for cell in perm)


def test_geometry_asked_with_numpy_sizes_holds_plain_ints() -> None:
    lines = winning_lines(np.int8(7), np.int8(9), np.int8(5))  # a size no other test uses
    assert all(type(cell) is int for line in lines for cell in line)
    with pytest.raises(ValueError, match="rows must be a whole number"):
        winning_lines(True, 3, 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="cannot fit on a 3x3 board"):
        winning_lines(3, 3, 0)
    with pytest.raises(ValueError, match="a board has 1 to 10 rows, not 0"):
        symmetry_permutations(0, 3)


@pytest.mark.parametrize(
    ("build", "reason"),
    [
        (lambda: State.new(True, 3, 3), "rows must be a whole number.*True and False"),
        (lambda: State.new(3, False, 3), "cols must be a whole number"),
        (lambda: State.new(3, 3, True), "k must be a whole number"),
        (lambda: State.new("3", 3, 3), "rows must be a whole number such as 3, not '3'"),
        (lambda: State.new(3, 3, 10**5000), "k=a number of about 5,001 digits"),
        (lambda: State.parse("XO./.X./...", k=True), "k must be a whole number"),
        (lambda: State.from_cells("X........", True, 9, 3), "rows must be a whole number"),
    ],
    ids=["rows True", "cols False", "k True", "text", "huge", "parse k True", "from_cells"],
)
def test_sizes_that_are_not_whole_numbers_are_refused(build: Any, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        build()


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (False, "a move is a cell number"),
        ((True, 0), "needs two whole numbers"),
        (10**5000, "cell a number of about 5,001 digits is outside the 3x3 board"),
        ((10**5000, 0), r"\(a number of about 5,001 digits, 0\) is outside"),
        ((10**5000, "a"), "needs two whole numbers"),
        ("x" * 100_000, "a move is a cell number .* not 'xxxx"),
    ],
    ids=["False", "True in a pair", "huge", "huge in a pair", "huge and text", "long text"],
)
def test_strange_moves_get_a_short_clear_refusal(move: object, reason: str) -> None:
    s = State.new().play(4)
    with pytest.raises(IllegalMove, match=reason) as refused:
        s.play(move)  # type: ignore[arg-type]
    assert len(str(refused.value)) < 200
    assert s == State.new().play(4)


def test_calling_state_directly_says_how_to_make_one() -> None:
    with pytest.raises(TypeError, match=r"State.new\(rows, cols, k\).*State.parse"):
        State()
    with pytest.raises(TypeError, match="not built by calling State"):
        State(3, 3, 3)


@pytest.mark.parametrize(
    ("cells", "reason"),
    [
        (5, "the cells must be a sequence .* not 5"),
        (None, "not None"),
        (iter(lambda: ".", None), "has 9 cells, but more than 9 were given"),
        ("X" * 10, "has 9 cells, but more than 9 were given"),
        ("X.", "has 9 cells, but 2 were given"),
        (
            ["X", 1, ".", ".", ".", ".", ".", ".", "."],
            r"unknown mark 1 in cell 1 \(row 0, column 1\)",
        ),
    ],
)
def test_from_cells_refuses_what_is_not_a_board(cells: object, reason: str) -> None:
    with pytest.raises(InvalidBoard, match=reason):
        State.from_cells(cells)  # type: ignore[arg-type]


def test_one_row_boards_have_a_text_that_reads_back() -> None:
    row = State.new(1, 9, 3).play(4)
    assert row.text == "....X..../"
    assert State.parse(row.text, k=3) == row
    assert (State.parse("X.O/", k=2).rows, State.parse("X.O/", k=2).cols) == (1, 3)
    assert State.parse("........./").cols == 9  # with "/", one row, not 3x3
    assert State.parse(".........\n").cols == 3  # a trailing new line changes nothing
    column = State.new(9, 1, 3).play(4)
    assert State.parse(column.text, k=3) == column
    with pytest.raises(InvalidBoard, match="end a board of one row with '/'"):
        State.parse("X.O")


@pytest.mark.parametrize(
    "state", [State.new(1, 9, 3), State.new(1, 4, 2).play(2), State.new(1, 1, 1)]
)
def test_one_row_boards_survive_copies_pickles_and_repr(state: State) -> None:
    for again in (
        copy.copy(state),
        copy.deepcopy(state),
        pickle.loads(pickle.dumps(state)),
        eval(repr(state), {"State": State}),
    ):
        assert again == state and (again.rows, again.cols, again.k) == (
            state.rows,
            state.cols,
            state.k,
        )


def test_long_text_is_refused_unread_and_long_margins_are_read_quickly() -> None:
    started = time.perf_counter()
    for junk in ("/" * 10**6 + "XO./.X./..O", "\n" * 10**6, "X" * 10**6):
        with pytest.raises(InvalidBoard, match=r"1,000,\d+ characters long.*limit is 10,000"):
            State.parse(junk)
    margin = "/" * (MAX_TEXT // 2 - 20)
    assert State.parse(margin + "XO./.X./..O" + margin) == State.parse("XO./.X./..O")
    # Quadratic reading took minutes for a megabyte; linear takes milliseconds.
    assert time.perf_counter() - started < 5


def test_rows_of_many_lengths_are_not_all_listed() -> None:
    with pytest.raises(InvalidBoard, match=r"different lengths \(1, 2, .*, \.\.\.\)") as refused:
        State.parse("X/XX/" * 1000)
    assert len(str(refused.value)) < 200


def test_other_refuses_what_is_not_a_mark() -> None:
    assert other("X") == "O" and other("O") == "X"
    for wrong in ("x", "o", ".", None):
        with pytest.raises(ValueError, match="a mark is 'X' or 'O'"):
            other(wrong)  # type: ignore[arg-type]


def test_transform_refuses_what_is_not_a_permutation() -> None:
    s = State.new().play(0)
    assert s.transform([2, 1, 0, 5, 4, 3, 8, 7, 6]) == s.symmetries()[1]  # type: ignore[arg-type]
    for wrong in ((1, 2), tuple(range(10)), (0,) * 9, "012345678", (0.0, 1, 2, 3, 4, 5, 6, 7, 8)):
        with pytest.raises(ValueError, match="lists each cell from 0 to 8 once"):
            s.transform(wrong)  # type: ignore[arg-type]


def test_reachable_states_refuses_what_is_not_a_state() -> None:
    with pytest.raises(TypeError, match="start must be a State"):
        next(reachable_states("X........"))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("size", "message"),
    [
        ((10**100, 3, 3), "a board has 1 to 10 rows, not a number of about 101 digits: "),
        ((3, 11, 3), "a board has 1 to 10 columns, not 11: the largest board is 10x10"),
        ((3, 3, 10**30), "k=a number of about 31 digits in a row cannot fit on a 3x3 board"),
    ],
)
def test_a_size_out_of_range_is_named_in_plain_words(
    size: tuple[int, int, int], message: str
) -> None:
    with pytest.raises(ValueError) as caught:
        State.new(*size)
    assert str(caught.value).startswith(message)
    assert "a a " not in str(caught.value)


def test_a_board_as_str_prints_it_reads_back_as_the_same_board() -> None:
    """What a person copies from an output (``print(state)``) is the same board again: every
    reachable 3x3 position, and seeded games on every board size."""
    for state in reachable_states():
        assert State.parse(str(state)) == state
    rng = random.Random(5)
    for rows in range(1, 11):
        for cols in range(1, 11):
            k = rng.randint(1, max(rows, cols))
            state = State.new(rows, cols, k)
            while not state.is_terminal and rng.random() < 0.95:
                state = state.play(rng.choice(state.legal_moves()))
            assert State.parse(str(state), k=k) == state, str(state)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (" ", "the board text is blank"),
        ("\n  \n", "the board text is blank"),
        ("X\u2717O......", "unknown mark '\u2717' (ballot x) in cell 1 (row 0, column 1)"),
        ("X\u2717O.......", "unknown mark '\u2717' (ballot x) at character 2 of the text"),
        ("XO.\u200b.X...O", "unknown mark '\\u200b' (zero width space) at character 4"),
        ("XO./.X\u200b./..O", "unknown mark '\\u200b' (zero width space) at line 2, character 3"),
    ],
)
def test_blank_text_and_unknown_characters_are_named(text: str, message: str) -> None:
    with pytest.raises(InvalidBoard) as caught:
        State.parse(text)
    assert message in str(caught.value)
