"""The rules of the game: building, reading, playing and checking boards."""

from __future__ import annotations

import pickle

import pytest

from tictac import IllegalMove, InvalidBoard, State
from tictac.state import winning_lines

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
        ("XQ./.X./..O", "unknown mark 'Q' at row 0, column 1"),
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
    with pytest.raises(InvalidBoard, match="no cell in common"):
        State.parse("XXX../OO.O./XXX../O..O.", k=3)


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
    with pytest.raises(ValueError, match="not supported"):
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
