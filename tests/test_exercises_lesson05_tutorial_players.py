"""Lesson 5 (the tutorials' players): its checks fail the starters, pass the worked answers and
catch plausible wrong answers; and what it says about round five's code and player is true."""

from __future__ import annotations

import functools
from fractions import Fraction

import odds
import oracle

from tictac import State, reachable_states
from tictac.exercises import check_round_five_utility, check_subtree_sum
from tictac.game.state import winning_lines
from tictac.players.rules import subtree_sum

LINES = winning_lines(3, 3, 3)


# --- exercise 1: the brute-force player's sum ---------------------------------------------------


def test_subtree_sum_check() -> None:
    def my_subtree_sum(state: State, me: str) -> float:
        if state.is_terminal:
            depth = state.moves_made + 1
            points = 10 if state.winner is None else 50 if state.winner == me else -10
            return points / depth
        return sum(my_subtree_sum(state.play(m), me) for m in state.legal_moves())

    assert check_subtree_sum(my_subtree_sum).passed

    def forgets_the_depth(state: State, me: str) -> float:  # the lesson's starter
        if state.is_terminal:
            return 10 if state.winner is None else 50 if state.winner == me else -10
        return sum(forgets_the_depth(state.play(m), me) for m in state.legal_moves())

    assert not check_subtree_sum(forgets_the_depth).passed

    def one_short(state: State, me: str) -> float:  # depth = the marks, not the marks plus one
        if state.is_terminal:
            points = 10 if state.winner is None else 50 if state.winner == me else -10
            return points / state.moves_made
        return sum(one_short(state.play(m), me) for m in state.legal_moves())

    assert not check_subtree_sum(one_short).passed
    assert subtree_sum(State.new(), "X") > 0


# --- exercise 2: round five's utility -----------------------------------------------------------


def count_twos(state: State, player: str) -> int:
    return sum(
        [state.cells[i] for i in line].count(player) == 2
        and [state.cells[i] for i in line].count(".") == 1
        for line in LINES
    )


def starter(state: State) -> float:
    """The lesson's starter, with three of the printed code's slips."""
    if state.winner == "O":
        return 1
    utility = 0.0
    for line in LINES:
        marks = [state.cells[i] for i in line]
        both = marks.count("X") == 2 and marks.count("O") == 2 and marks.count(".") == 1
        utility += 0.2 * both - 0.2 * both
    return utility


def answer(state: State) -> float:
    if state.winner is not None:
        return 1 if state.winner == "O" else -1
    return 0.2 * count_twos(state, "O") - 0.2 * count_twos(state, "X")


def test_round_five_utility_check() -> None:
    assert not check_round_five_utility(starter).passed
    assert check_round_five_utility(answer).passed
    assert not check_round_five_utility(lambda s: -answer(s)).passed  # X's side, not O's

    def forgets_x_wins(state: State) -> float:
        return 0 if state.winner == "X" else answer(state)

    assert not check_round_five_utility(forgets_x_wins).passed

    def ignores_the_empty_cell(state: State) -> float:
        if state.winner is not None:
            return answer(state)
        o = sum([state.cells[i] for i in line].count("O") == 2 for line in LINES)
        x = sum([state.cells[i] for i in line].count("X") == 2 for line in LINES)
        return 0.2 * (o - x)

    assert not check_round_five_utility(ignores_the_empty_cell).passed


# --- round five's code as printed (the five-rounds tutorial), copied faithfully ---------------
# The board is three rows of three strings, "" for an empty cell, read as board[y][x]; moves are
# [x, y] pairs, tried x by x, then y by y; the computer plays O and maximises.

WINNING = [
    [(0, 0), (0, 1), (0, 2)],
    [(1, 0), (1, 1), (1, 2)],
    [(2, 0), (2, 1), (2, 2)],
    [(0, 0), (1, 0), (2, 0)],
    [(0, 1), (1, 1), (2, 1)],
    [(0, 2), (1, 2), (2, 2)],
    [(0, 0), (1, 1), (2, 2)],
    [(2, 0), (1, 1), (0, 2)],
]
Grid = list[list[str]]


def has_won(board: Grid, is_x: bool) -> bool:
    symbol = "X" if is_x else "O"
    return any(all(board[a][b] == symbol for a, b in triple) for triple in WINNING)


def is_draw(board: Grid) -> bool:
    return all(v in ("X", "O") for row in board for v in row)


def do_turn(board: Grid, is_x: bool, x: int, y: int) -> Grid | None:
    """The printed validation, returning None where the printed code throws."""
    if is_draw(board) or has_won(board, True) or has_won(board, False) or x > 2 or y > 2:
        return None
    if board[y][x] in ("X", "O"):
        return None
    xs = sum(v == "X" for row in board for v in row)
    os = sum(v == "O" for row in board for v in row)
    if (is_x and xs > os) or (not is_x and os > xs):
        return None
    new = [list(row) for row in board]
    new[y][x] = "X" if is_x else "O"
    return new


def has_two_in_a_row_as_printed(board: Grid, triple: list[tuple[int, int]]) -> bool:
    symbols = [board[c[1]][c[1]] for c in triple]
    return symbols.count("X") == 2 and symbols.count("O") == 2 and symbols.count("") == 1


def utility_as_printed(board: Grid) -> float:
    if has_won(board, False):
        return 1
    utility = 0.0
    for triple in WINNING:
        if has_two_in_a_row_as_printed(board, triple):  # called with a third argument, ignored
            utility += 0.2
        if has_two_in_a_row_as_printed(board, triple):
            utility -= 0.2
    return utility


def utility_as_described(board: Grid) -> float:
    if has_won(board, False):
        return 1
    if has_won(board, True):
        return -1
    utility = 0.0
    for triple in WINNING:
        symbols = [board[a][b] for a, b in triple]
        utility += 0.2 * (symbols.count("O") == 2 and symbols.count("") == 1)
        utility -= 0.2 * (symbols.count("X") == 2 and symbols.count("") == 1)
    return utility


def minimax_as_printed(
    board: Grid, depth: int, maximising: bool, *, utility: object, sort_as_printed: bool
) -> tuple[list[int] | None, float]:
    if depth == 5 or has_won(board, True) or has_won(board, False) or is_draw(board):
        return None, utility(board)  # type: ignore[operator]
    options = []
    for x in range(3):
        for y in range(3):
            after = do_turn(board, not maximising, x, y)
            if after is not None:
                _, value = minimax_as_printed(
                    after,
                    depth + 1,
                    not maximising,
                    utility=utility,
                    sort_as_printed=sort_as_printed,
                )
                options.append(([x, y], value))
    smallest_first = maximising == sort_as_printed  # printed: a - b when maximising
    options.sort(key=lambda option: option[1], reverse=not smallest_first)  # stable, like JS
    return options[0]


def grid(text: str) -> Grid:
    cells = text.replace("/", "")
    return [["" if c == "." else c for c in cells[3 * row : 3 * row + 3]] for row in range(3)]


def test_round_five_two_in_a_row_test_as_printed_is_never_true() -> None:
    for state in reachable_states():
        board = grid(state.text)
        assert not any(has_two_in_a_row_as_printed(board, triple) for triple in WINNING)


def test_round_five_as_printed_passes_up_a_win_in_one_and_the_text_would_take_it() -> None:
    board = grid("XX./OO./X..")  # O to move completes the middle row at cell 5, [x, y] = [2, 1]
    printed, _ = minimax_as_printed(
        board, 0, True, utility=utility_as_printed, sort_as_printed=True
    )
    assert printed != [2, 1]
    described, _ = minimax_as_printed(
        board, 0, True, utility=utility_as_described, sort_as_printed=False
    )
    assert described == [2, 1]
    backwards, _ = minimax_as_printed(  # the utility mended, the sort still backwards
        board, 0, True, utility=utility_as_described, sort_as_printed=True
    )
    assert backwards != [2, 1]


# --- the round-five player's losses: only its first replies are mistakes ----------------------


@functools.cache
def depth_limited(board: odds.Board, depth: int) -> float:
    """Minimax `depth` moves deep from X's side: ±1 for a finished game, and 0.2 times the
    difference of X's and O's two-in-a-row lines where the search stops."""
    winner = oracle.winner(board, 3, 3, 3)
    if winner is not None or "." not in board:
        return {"X": 1, "O": -1, None: 0}[winner]
    if depth == 0:
        twos = {
            p: sum(
                [board[i] for i in line].count(p) == 2 and "." in [board[i] for i in line]
                for line in LINES
            )
            for p in "XO"
        }
        return round(0.2 * (twos["X"] - twos["O"]), 9)
    values = [depth_limited(odds.play(board, m), depth - 1) for m in odds.moves(board)]
    return max(values) if odds.to_move(board) == "X" else min(values)


def round_five(board: odds.Board) -> dict[int, Fraction]:
    """The player the text describes: five moves deep, a random one of its best moves."""
    values = {m: depth_limited(odds.play(board, m), 4) for m in odds.moves(board)}
    best = max(values.values()) if odds.to_move(board) == "X" else min(values.values())
    favourites = [m for m, v in values.items() if v == best]
    return {m: Fraction(1, len(favourites)) for m in favourites}


def test_the_round_five_player_loses_as_o_only_through_its_first_reply() -> None:
    lost = odds.endings(odds.master, round_five)
    losing = sum(p for (winner, _), p in lost.items() if winner == "X")
    first_reply = Fraction(0)
    for opening in range(9):
        after = odds.play(odds.EMPTY, opening)
        for reply, p in round_five(after).items():
            if oracle.outcome(odds.board_of(odds.play(after, reply))).value == 1:
                first_reply += Fraction(1, 9) * p
    assert losing == first_reply == Fraction(19, 54)
    as_x = odds.endings(round_five, odds.master)
    assert set(as_x) == {("draw", 0)}  # as X it never loses (nor wins)
