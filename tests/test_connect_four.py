"""Connect Four's rules (tictac/game/connect_four.py), checked three ways: by hand on chosen
positions, against a referee written here that knows nothing of tictac, and against games that
OpenSpiel's connect_four played (tests/data/connect_four_openspiel.json.gz, which
scripts/connect_four_openspiel.py recorded: OpenSpiel itself is not a test dependency)."""

from __future__ import annotations

import copy
import functools
import gzip
import json
import pickle
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from svg_contrast import paints

import tictac
from tictac.game.connect_four import ConnectFour, FullColumn
from tictac.game.state import IllegalMove, InvalidBoard, winning_lines

FIXTURE = Path(__file__).parent / "data" / "connect_four_openspiel.json.gz"
SIDES = range(4, 8)
# Every size the module accepts, each with the usual four in a row and with other k: the
# smallest (2), 3, and the largest that fits (a line along the longer side only).
SIZES = sorted(
    {(rows, cols, k) for rows in SIDES for cols in SIDES for k in (2, 3, 4, max(rows, cols))}
)


def play(moves: str | list[int], rows: int = 6, cols: int = 7, k: int = 4) -> ConnectFour:
    position = ConnectFour.new(rows, cols, k)
    for move in moves:
        position = position.play(int(move))
    return position


def random_games(seed: int, games: int, size: tuple[int, int, int]) -> Iterator[list[int]]:
    """Seeded random games of one size, played to the end, as lists of columns (chosen by the
    referee, so that they do not depend on the module under test)."""
    rng = random.Random(f"{seed}-{size}")
    rows, cols, k = size
    for _ in range(games):
        board, moves = Referee(rows, cols, k), []
        while board.legal():
            move = rng.choice(board.legal())
            board.drop(move)
            moves.append(move)
        yield moves


# --- the referee: Connect Four from scratch ---------------------------------------------------


class Referee:
    """Connect Four written again, knowing nothing of tictac: a list of columns, each the discs
    in it from the bottom up ("x" first player, "o" second), and a win found by counting the
    discs of the same colour on both sides of the last one, in each of the four directions."""

    DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))  # (columns, heights): across, up, diagonals

    def __init__(self, rows: int, cols: int, k: int) -> None:
        self.rows, self.cols, self.k = rows, cols, k
        self.columns: list[list[str]] = [[] for _ in range(cols)]
        self.won: str | None = None
        self.count = 0

    def at(self, col: int, height: int) -> str | None:
        if 0 <= col < self.cols and 0 <= height < len(self.columns[col]):
            return self.columns[col][height]
        return None

    def legal(self) -> list[int]:
        if self.won:
            return []
        return [c for c in range(self.cols) if len(self.columns[c]) < self.rows]

    def drop(self, col: int) -> None:
        disc = "x" if self.count % 2 == 0 else "o"
        height = len(self.columns[col])
        self.columns[col].append(disc)
        self.count += 1
        for dc, dh in self.DIRECTIONS:
            run = 1
            for sign in (1, -1):
                c, h = col + sign * dc, height + sign * dh
                while self.at(c, h) == disc:
                    run, c, h = run + 1, c + sign * dc, h + sign * dh
            if run >= self.k:
                self.won = disc
                return

    def result(self) -> str | None:
        if self.won:
            return self.won.upper()
        return "draw" if self.count == self.rows * self.cols else None

    def grid(self) -> str:
        """The board as text, the top row first."""
        return "\n".join(
            "".join(self.at(c, h) or "." for c in range(self.cols))
            for h in range(self.rows - 1, -1, -1)
        )


def referee_value(rows: int, cols: int, k: int, columns: tuple[str, ...]) -> int:
    """The value of perfect play for the player to move (1 win, 0 draw, -1 loss) in a position
    that is not over (`columns`: each column's discs as a string, bottom first), by a memoised
    negamax on bit boards of its own: column c is bits c*(rows+1) to c*(rows+1)+rows-1, with
    one empty bit on top of each column so that no line runs from one column into the next."""
    height = rows + 1
    mine = theirs = 0
    mover = "x" if sum(map(len, columns)) % 2 == 0 else "o"
    for c, column in enumerate(columns):
        for h, disc in enumerate(column):
            bit = 1 << (c * height + h)
            mine, theirs = (mine | bit, theirs) if disc == mover else (mine, theirs | bit)
    return _negamax(rows, cols, k, mine, mine | theirs)


@functools.cache
def _negamax(rows: int, cols: int, k: int, mine: int, taken: int) -> int:
    height = rows + 1
    full = sum(((1 << rows) - 1) << (c * height) for c in range(cols))
    if taken == full:
        return 0
    best = -1
    for c in sorted(range(cols), key=lambda c: abs(2 * c - cols + 1)):  # the centre first
        top = 1 << (c * height + rows - 1)
        if taken & top:
            continue
        bit = (taken + (1 << (c * height))) & ~taken & (((1 << rows) - 1) << (c * height))
        after = mine | bit
        if _has_run(after, k, height):
            return 1  # nothing beats a win
        best = max(best, -_negamax(rows, cols, k, after ^ (taken | bit), taken | bit))
    return best


def _has_run(discs: int, k: int, height: int) -> bool:
    for shift in (1, height, height - 1, height + 1):  # up, across, and the two diagonals
        run = discs
        for i in range(1, k):
            run &= discs >> (shift * i)
        if run:
            return True
    return False


def tictac_value(position: ConnectFour) -> int:
    """The same value, worked out on ConnectFour's own positions."""

    @functools.cache
    def value(position: ConnectFour) -> int:
        moves = position.legal_moves()
        if not moves:
            return 0
        best = -1
        for move in moves:
            child = position.play(move)
            score = 1 if child.winner else -value(child)
            if score == 1:
                return 1
            best = max(best, score)
        return best

    return value(position)


# --- building and reading boards ----------------------------------------------------------------


def test_a_new_board_is_empty_with_x_to_move() -> None:
    c = ConnectFour.new()
    assert (c.rows, c.cols, c.k) == (6, 7, 4)
    assert c.cells == (".",) * 42 and c.turn == "X" and c.moves_made == 0
    assert c.legal_moves() == (0, 1, 2, 3, 4, 5, 6)
    assert not c.is_terminal and c.result() is None and c.winner is None
    assert c.moves_left == 42


@pytest.mark.parametrize(
    ("size", "wrong"),
    [
        ((3, 7, 4), "4 to 7 rows, not 3"),
        ((8, 7, 4), "4 to 7 rows, not 8"),
        ((6, 3, 3), "4 to 7 columns, not 3"),
        ((6, 11, 4), "4 to 7 columns, not 11"),
        ((6, 7, 8), "k=8 in a row does not suit a 6x7 board: choose k from 2 to 7"),
        ((6, 7, 1), "choose k from 2 to 7"),
        ((6.0, 7, 4), "rows must be a whole number such as 3, not 6.0"),
        ((6, 7, True), "k must be a whole number"),
    ],
)
def test_a_size_out_of_range_is_refused_with_the_range(size: tuple[Any, ...], wrong: str) -> None:
    with pytest.raises(ValueError, match=wrong.replace("(", r"\(").replace(")", r"\)")):
        ConnectFour.new(*size)


def test_sizes_of_any_integer_type_are_kept_as_plain_ints() -> None:
    c = ConnectFour.new(np.int64(5), np.int32(6), np.int8(3))  # type: ignore[arg-type]
    assert (c.rows, c.cols, c.k) == (5, 6, 3)
    assert all(type(n) is int for n in (c.rows, c.cols, c.k))
    assert c.play(np.int64(2)) == c.play(2)  # type: ignore[arg-type]


def test_a_position_is_made_only_by_its_class_methods_and_never_changes() -> None:
    with pytest.raises(TypeError, match=r"ConnectFour\.new"):
        ConnectFour()
    c = ConnectFour.new()
    with pytest.raises(AttributeError, match="cannot be changed"):
        c.turn = "O"  # type: ignore[misc]
    with pytest.raises(AttributeError, match="cannot be changed"):
        del c.cells
    assert not hasattr(c, "__dict__")


def test_copies_and_pickles_are_equal_positions() -> None:
    c = play("3324", 5, 6, k=3)
    for again in (copy.copy(c), copy.deepcopy(c), pickle.loads(pickle.dumps(c))):
        assert again == c and hash(again) == hash(c) and again.k == 3


def test_equal_positions_are_equal_keys_and_hashes() -> None:
    one, other = play("3423"), play("2433")  # the same discs in another order
    assert one == other and hash(one) == hash(other) and one.key == other.key
    assert one != play("3423", k=5) and one != play("342")
    assert ConnectFour.new(4, 4) != tictac.State.new(4, 4, 4)


def test_the_symmetric_key_is_the_same_for_mirror_images() -> None:
    left, right = play("0112", 4, 5), play("4332", 4, 5)
    assert left != right and left.symmetric_key == right.symmetric_key
    assert play("2", 4, 5).symmetric_key == play("2", 4, 5).key  # the middle column: its own image
    assert left.symmetric_key != play("0113", 4, 5).symmetric_key


# --- the rules ----------------------------------------------------------------------------------


def test_a_disc_falls_to_the_lowest_empty_cell_of_its_column() -> None:
    c = play("3", 4, 4)
    assert c.cells[12 + 3] == "X" and c.cells.count("X") == 1
    c = c.play(3)
    assert c.cells[8 + 3] == "O" and c.turn == "X" and c.moves_made == 2
    assert str(c).splitlines() == ["....", "....", "...O", "...X"]


def test_a_full_column_is_no_longer_a_move() -> None:
    c = play("0000", 4, 5)
    assert c.legal_moves() == (1, 2, 3, 4)
    with pytest.raises(
        FullColumn, match=r"column 0 is full: choose one of the columns \[1, 2, 3, 4\]"
    ):
        c.play(0)
    assert isinstance(FullColumn("x"), IllegalMove) and isinstance(FullColumn("x"), ValueError)


@pytest.mark.parametrize(
    ("move", "wrong"),
    [
        (7, r"column 7 is outside the board: its 7 columns are numbered 0 to 6"),
        (-1, r"column -1 is outside the board"),
        ("3", r"a move is a column number \(0 to 6, from the left\), not '3'"),
        (3.0, r"not 3\.0"),
        (True, r"not True"),
        ((5, 3), r"a move is a column number"),
        (None, r"not None"),
    ],
)
def test_a_move_that_is_not_a_column_is_refused_and_changes_nothing(move: Any, wrong: str) -> None:
    c = play("33")
    before = (c.cells, c.turn, c.legal_moves())
    with pytest.raises(IllegalMove, match=wrong):
        c.play(move)
    assert (c.cells, c.turn, c.legal_moves()) == before


@pytest.mark.parametrize(
    ("moves", "line", "picture"),
    [
        # across the bottom row
        ("0011223", (42, 43, 44, 45), ["OOO....", "XXXX..."]),
        # up a column
        ("3434343", (24, 31, 38, 45), ["...X...", "...XO..", "...XO..", "...XO.."]),
        # up to the right: the diagonal from the bottom left
        ("01122323353", (24, 30, 36, 42), ["...X...", "..XX...", ".XXO...", "XOOO.O."]),
        # up to the left
        ("65544343313", (24, 32, 40, 48), ["...X...", "...XX..", "...OXX.", ".O.OOOX"]),
    ],
    ids=["across", "up", "rising diagonal", "falling diagonal"],
)
def test_four_in_a_row_wins_in_each_direction(
    moves: str, line: tuple[int, ...], picture: list[str]
) -> None:
    c = play(moves, rows=7, cols=7)
    assert str(c).splitlines()[-len(picture) :] == picture
    assert c.winner == "X" and c.result() == "X" and c.is_terminal and not c.is_draw
    assert c.winning_line == line
    assert c.legal_moves() == () and c.moves_left == 0
    with pytest.raises(IllegalMove, match="the game is over: X has already won"):
        c.play(6)


def test_a_win_by_the_second_player() -> None:
    c = play("6051625", 6, 7)
    assert c.winner is None and c.turn == "O"
    c = c.play(3)
    assert c.winner == "O" and c.result() == "O" and c.turn == "X"
    assert c.winning_line == (35, 36, 37, 38)


def test_more_than_k_in_a_row_is_a_win_and_its_line_has_k_discs() -> None:
    c = play("00113344", 6, 7)  # X: columns 0, 1, 3 and 4 along the bottom, O on top
    assert c.winner is None
    c = c.play(2)  # five in a row
    assert c.winner == "X" and c.winning_line == (35, 36, 37, 38)


DRAWN_4X4 = "0123012312301230"  # rows XOXO, XOXO, OXOX, OXOX from the bottom: no four


def test_a_full_board_without_a_line_is_a_draw() -> None:
    c = play(DRAWN_4X4, 4, 4)
    assert c.is_draw and c.is_terminal and c.result() == "draw" and c.winner is None
    assert c.legal_moves() == () and c.moves_left == 0 and c.moves_made == 16
    with pytest.raises(IllegalMove, match=r"the board is full \(a draw\)"):
        c.play(0)


@pytest.mark.parametrize(
    ("size", "moves", "line"),
    [
        ((4, 4, 2), "001", (12, 13)),  # two in a row: X's second disc next to its first
        ((4, 4, 3), "01010", (4, 8, 12)),  # three up a column
        ((4, 7, 7), "0011223344556", (21, 22, 23, 24, 25, 26, 27)),  # all the bottom row
        ((7, 4, 7), "0101010101010", (0, 4, 8, 12, 16, 20, 24)),  # all of the first column
    ],
)
def test_other_values_of_k(size: tuple[int, int, int], moves: str, line: tuple[int, ...]) -> None:
    before = play(moves[:-1], *size)
    assert before.winner is None
    after = before.play(int(moves[-1]))
    assert after.winner == "X" and after.winning_line == line


def test_play_unchecked_agrees_with_play() -> None:
    for moves in random_games(seed=1, games=20, size=(6, 7, 4)):
        checked = unchecked = ConnectFour.new()
        for move in moves:
            checked, unchecked = checked.play(move), unchecked.play_unchecked(move)
            assert checked == unchecked and checked.winning_line == unchecked.winning_line


# --- text ---------------------------------------------------------------------------------------


def test_text_str_and_repr() -> None:
    c = play("3324", 4, 5, k=3)
    assert c.text == "...../...../...O./..XXO"
    assert str(c) == ".....\n.....\n...O.\n..XXO"
    assert repr(c) == "ConnectFour.parse('...../...../...O./..XXO', k=3)"
    assert repr(play("3")) == f"ConnectFour.parse({play('3').text!r})"
    assert eval(repr(c), {"ConnectFour": ConnectFour}) == c


def test_parse_reads_openspiel_text_and_spaced_grids() -> None:
    openspiel = ".......\n.......\n.......\n.......\n...o...\n..xx...\n"
    c = ConnectFour.parse(openspiel)
    assert c == play("332") and c.turn == "O"
    assert str(c).lower() + "\n" == openspiel
    spaced = ". . . .\n. . . .\n. O . .\nX X . ."
    assert ConnectFour.parse(spaced) == play("110", 4, 4)
    assert ConnectFour.parse("..../..../-O--/XX__") == play("110", 4, 4)
    assert ConnectFour.parse("\r\n..../..../.O../XX..\r\n\r\n") == play("110", 4, 4)


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_parse_reads_back_every_position_of_random_games(size: tuple[int, int, int]) -> None:
    rows, cols, k = size
    for moves in random_games(seed=2, games=3, size=size):
        c = ConnectFour.new(rows, cols, k)
        for move in moves:
            c = c.play(move)
            for text in (c.text, str(c), str(c).lower() + "\n"):
                again = ConnectFour.parse(text, k=k)
                assert again == c and again.turn == c.turn and again.result() == c.result()
                assert again.winning_line == c.winning_line


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("", "the board text is empty"),
        (".../.../...", "a Connect Four board has 4 to 7 rows, not 3"),
        ("..../..../....", "4 to 7 rows, not 3"),
        ("......../......../......../........", "4 to 7 columns, not 8"),
        ("..../..../..../...", r"the rows have different lengths \(4, 4, 4, 3\)"),
        (
            "..../..../..../X0..",
            r"unknown mark '0' in cell 13 \(row 3, column 1\) \(a zero\? use the letter O\)",
        ),
        ("..../..../..../OO..", "X has 0 discs and O has 2"),
        ("..../..../..../XXX.", "X has 3 discs and O has 0"),
        (
            "..../X.../..../O...",
            "the disc in cell 4 \\(row 1, column 0\\) floats above an empty cell",
        ),
        ("..../..../X.../O...", "no order of alternate moves"),
        ("..../..../OOOO/XXXX", "both X and O have a line"),
        ("..X./X.X./OOOO/XXXO", "O has a line, but X moved last"),
        ("..../...O/OOOX/XXXX", "no disc in common on top of its column"),
        (".\u2717../..../..../....", "unknown mark '\u2717'"),
        (12, "must be given as text"),
        ("x" * 1001, "too long to be a Connect Four board"),
    ],
)
def test_a_board_no_game_reaches_is_refused_with_the_reason(text: Any, wrong: str) -> None:
    with pytest.raises(InvalidBoard, match=wrong):
        ConnectFour.parse(text)


def test_parse_takes_k_and_says_when_it_does_not_fit() -> None:
    assert ConnectFour.parse("..../..../..../XO..", k=3).k == 3
    with pytest.raises(InvalidBoard, match="k=5 in a row does not suit a 4x4 board"):
        ConnectFour.parse("..../..../..../XO..", k=5)


def test_a_win_made_by_the_last_disc_in_two_lines_at_once_is_read_back() -> None:
    found = 0
    for moves in random_games(seed=6, games=400, size=(5, 5, 3)):
        c = play(moves, 5, 5, k=3)
        lines = [line for line in winning_lines(5, 5, 3) if {c.cells[i] for i in line} == {"X"}]
        lines += [line for line in winning_lines(5, 5, 3) if {c.cells[i] for i in line} == {"O"}]
        if len(lines) >= 2:
            found += 1
            assert ConnectFour.parse(c.text, k=3) == c
    assert found >= 10


# --- the picture --------------------------------------------------------------------------------


def pictures() -> Iterator[tuple[str, ConnectFour]]:
    yield "empty", ConnectFour.new()
    yield "running", play("33242")
    yield "X won", play("3434343")
    yield "O won", play("60516253", 4, 7)
    yield "drawn", play(DRAWN_4X4, 4, 4)
    yield "7x7, k=3", play("0123456012", 7, 7, k=3)


@pytest.mark.parametrize(("name", "position"), list(pictures()), ids=[n for n, _ in pictures()])
def test_the_picture_is_svg_whose_marks_and_text_can_be_seen(
    name: str, position: ConnectFour
) -> None:
    svg = position._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("role") == "img"
    assert position.text in (root.get("aria-label") or "")
    circles = root.findall("{http://www.w3.org/2000/svg}circle")
    discs = position.moves_made
    won = len(position.winning_line or ())
    assert len(circles) == len(position.cells) + discs + won  # holes, discs, rings round a win
    found = paints(svg)
    assert found
    for paint in found:  # WCAG 2.2: text 4.5:1 (1.4.3), marks 3:1 (1.4.11); nothing let off
        need = 4.5 if paint.kind == "text" else 3.0
        assert paint.ratio >= need, f"{name}: {paint}"


def test_the_picture_numbers_the_columns_and_says_who_is_to_move() -> None:
    from tictac.pictures.connect_four import connect_four_svg

    svg = connect_four_svg(play("3"), cell_size=30)
    labels = [t.text for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")]
    assert labels == [str(c) for c in range(7)]
    assert "O to move" in svg and "X wins" in play("3434343")._repr_svg_()
    assert "<text" not in connect_four_svg(play("3"), numbers=False)
    with pytest.raises(ValueError, match="cell_size must be a whole number of pixels, 8 or more"):
        connect_four_svg(play("3"), cell_size=2)


# --- the referee agrees -------------------------------------------------------------------------


def check_against_referee(size: tuple[int, int, int], games: int, seed: int) -> int:
    """Play seeded random games in both and compare after every move; the moves compared."""
    rows, cols, k = size
    compared = 0
    for moves in random_games(seed, games, size):
        position, board = ConnectFour.new(rows, cols, k), Referee(rows, cols, k)
        for ply, move in enumerate(moves, start=1):
            position = position.play(move)
            board.drop(move)
            compared += 1
            assert len(moves) - ply <= position.moves_left  # a bound on the moves still to come
            assert list(position.legal_moves()) == board.legal()
            assert position.is_terminal == (board.result() is not None)
            assert position.result() == board.result()
            assert str(position).lower() == board.grid()
            assert position.turn == ("X" if board.count % 2 == 0 else "O")
    return compared


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_the_referee_agrees_on_random_games(size: tuple[int, int, int]) -> None:
    assert check_against_referee(size, games=20, seed=3) >= 20


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=str)
def test_the_referee_agrees_on_thousands_of_random_games(size: tuple[int, int, int]) -> None:
    assert check_against_referee(size, games=1000, seed=4) >= 1000


def test_the_comparison_would_see_a_wrong_rule() -> None:
    """A referee that forgets the falling diagonal disagrees with ConnectFour on some game."""

    class Careless(Referee):
        DIRECTIONS = Referee.DIRECTIONS[:3]  # not (1, -1): the falling diagonal

    with pytest.raises(AssertionError):
        for moves in random_games(seed=5, games=200, size=(6, 7, 4)):
            position, board = ConnectFour.new(), Careless(6, 7, 4)
            for move in moves:
                if board.result() is not None:
                    break
                position = position.play(move)
                board.drop(move)
                assert position.result() == board.result()


# --- OpenSpiel's games --------------------------------------------------------------------------


def openspiel_games() -> dict[str, Any]:
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as file:
        data: dict[str, Any] = json.load(file)
    return data


RETURNS = {"X": "+", "O": "-", "draw": "0", None: "0"}


def replay(game: dict[str, Any]) -> list[str]:
    """Replay one of OpenSpiel's games in ConnectFour; what disagrees, after which move."""
    position = ConnectFour.new(game["rows"], game["columns"], game["x_in_row"])
    wrong = []
    for ply, move in enumerate(game["moves"]):
        position = position.play(int(move))
        said = {
            "legal moves": "".join(map(str, position.legal_moves())),
            "terminal": "1" if position.is_terminal else "0",
            "returns": RETURNS[position.result()],
        }
        expected = {
            "legal moves": game["legal"][ply],
            "terminal": game["terminal"][ply],
            "returns": game["returns"][ply],
        }
        wrong += [
            f"after move {ply + 1} ({move}): {what} {said[what]!r}, OpenSpiel {expected[what]!r}"
            for what in said
            if said[what] != expected[what]
        ]
    if str(position).lower() + "\n" != game["board"]:
        wrong.append(f"the last board:\n{position}\nOpenSpiel:\n{game['board']}")
    return wrong


def test_the_openspiel_games_are_replayed_move_by_move() -> None:
    data = openspiel_games()
    assert data["made_by"] == "open_spiel 2.0.2"
    games = data["games"]
    sizes = {(g["rows"], g["columns"], g["x_in_row"]) for g in games}
    assert len(games) >= 3000 and (6, 7, 4) in sizes and len(sizes) >= 10
    assert {r for r, _, _ in sizes} == set(SIDES) and {c for _, c, _ in sizes} == set(SIDES)
    results = {g["returns"][-1] for g in games}
    assert results == {"+", "-", "0"}  # wins for each and draws
    wrong = [f"game {n}: {line}" for n, game in enumerate(games) for line in replay(game)]
    assert wrong == []


def test_the_replay_sees_a_disagreement() -> None:
    game = openspiel_games()["games"][0]
    assert replay(game) == []
    changed = dict(game, returns=game["returns"][:-1] + "0", legal=["0123"] + game["legal"][1:])
    wrong = replay(changed)
    assert len(wrong) == 2 and "after move 1" in wrong[0] and "returns" in wrong[1]


# --- values of small boards ---------------------------------------------------------------------

# John Tromp's table of Connect Four (four in a row) under perfect play, by height (rows) and
# width (columns), "=" a draw, "+" a first player's win, "-" a second player's win, on his
# "Connect Four Playground" page, http://homepages.cwi.nl/~tromp/c4/c4.html (now
# https://tromp.github.io/c4/c4.html). Its entries for the boards checked here: 4 rows by 4
# columns "=", 5 by 4 "=", 4 by 5 "=" (every board 4 or 5 columns wide is a draw).
TROMP = {(4, 4): 0, (5, 4): 0, (4, 5): 0}


def test_small_boards_values_with_three_in_a_row() -> None:
    """Worked out by the referee's negamax, and by the same search on ConnectFour's positions."""
    assert referee_value(4, 4, 3, ("",) * 4) == 1  # the first player wins
    assert tictac_value(ConnectFour.new(4, 4, 3)) == 1
    assert referee_value(4, 4, 2, ("",) * 4) == 1
    assert tictac_value(ConnectFour.new(4, 4, 2)) == 1


def check_values(size: tuple[int, int, int], games: int, empty: int | None = None) -> int:
    """Positions some random moves into games (half the board, or the last before the end),
    or only those with at most `empty` empty cells: the referee's value and ConnectFour's
    agree. How many were compared."""
    rows, cols, k = size
    compared = 0
    for moves in random_games(seed=7, games=games, size=size):
        played = moves[: min(rows * cols // 2, len(moves) - 1)]
        if empty is not None:
            played = moves[: rows * cols - empty]
            if len(played) >= len(moves):
                continue  # the game was over by then
        board = Referee(rows, cols, k)
        for move in played:
            board.drop(move)
        columns = tuple("".join(column) for column in board.columns)
        assert referee_value(rows, cols, k, columns) == tictac_value(play(played, *size))
        compared += 1
    return compared


@pytest.mark.parametrize("size", [(4, 4, 3), (4, 4, 4), (4, 5, 3), (5, 4, 3)], ids=str)
def test_the_values_of_random_positions_agree(size: tuple[int, int, int]) -> None:
    assert check_values(size, games=12) == 12


@pytest.mark.slow
@pytest.mark.parametrize("size", [(5, 5, 4), (6, 7, 4), (7, 7, 4), (4, 7, 4)], ids=str)
def test_the_values_of_random_positions_agree_on_bigger_boards(size: tuple[int, int, int]) -> None:
    assert check_values(size, games=100, empty=12) >= 3


@pytest.mark.slow
def test_four_by_four_is_a_draw_as_tromp_found() -> None:
    assert referee_value(4, 4, 4, ("",) * 4) == TROMP[(4, 4)]
    assert tictac_value(ConnectFour.new(4, 4, 4)) == TROMP[(4, 4)]


@pytest.mark.slow
@pytest.mark.parametrize(("rows", "cols"), [(5, 4), (4, 5)])
def test_four_by_five_boards_are_draws_as_tromp_found(rows: int, cols: int) -> None:
    assert referee_value(rows, cols, 4, ("",) * cols) == TROMP[(rows, cols)]
