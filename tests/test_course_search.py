"""The teacher's kit's whole grading cycle, offline, for Lessons 4 to 7b (tests/course_cycle.py
says what is handed in and checked)."""

from __future__ import annotations

from pathlib import Path

import pytest
from course_cycle import grade_lesson, skip_without_nbgrader

skip_without_nbgrader()

# A plausible wrong answer to each exercise with an answer cell, written after the lesson's
# starter (so it has the starter's imports and helpers, as a student's edited cell would).
WRONG = {
    "04-difficulty-levels": {
        # the safety rules the wrong way round: it blocks a threat when it could win
        "check_beatable_level": """
def levelled(p):
    mix = blend(optimal(random_ties=True), random_move, p)

    def rule(state, rng):
        blocks = completing_moves(state, other(state.turn))
        if len(blocks) == 1:
            return blocks[0]
        wins = completing_moves(state, state.turn)
        if wins:
            return rng.choice(wins)
        return mix(state, rng)

    return rule


my_level = levelled(0.6)
""",
        # more games, but not enough: the intervals still overlap
        "check_told_apart": """
games = 300
vs_ours = play_match(make_player("offensive"), make_player("novice"), games=games, seed=3)
vs_tutorials = play_match(
    make_player("offensive"), make_player("novice", mistake="second"), games=games, seed=4
)
""",
    },
    "05-tutorial-players": {
        # d without the plus one
        "check_subtree_sum": """
def my_subtree_sum(state, me):
    if state.is_terminal:
        depth = state.moves_made
        if state.winner == me:
            return 50 / depth
        return (10 if state.winner is None else -10) / depth
    return sum(my_subtree_sum(state.play(move), me) for move in state.legal_moves())
""",
        # the two in a row told apart, but a game X has won is not -1
        "check_round_five_utility": """
def has_two_in_a_row(state, line, player):
    marks = [state.cells[i] for i in line]
    return marks.count(player) == 2 and marks.count(".") == 1


def round_five_utility(state):
    if state.winner == "O":
        return 1
    utility = 0
    for line in winning_lines(3, 3, 3):
        if has_two_in_a_row(state, line, "O"):
            utility += 0.2
        if has_two_in_a_row(state, line, "X"):
            utility -= 0.2
    return utility
""",
    },
    "06-making-it-fast": {
        # O's side swaps the window, as negamax would
        "check_alphabeta": """
def my_alphabeta(state, alpha=-math.inf, beta=math.inf):
    if state.is_terminal:
        return {"X": 1, "O": -1, None: 0}[state.winner]
    if state.turn == "X":
        best = -math.inf
        for move in state.legal_moves():
            best = max(best, my_alphabeta(state.play(move), alpha, beta))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best
    best = math.inf
    for move in state.legal_moves():
        best = min(best, my_alphabeta(state.play(move), beta, alpha))
        beta = min(beta, best)
        if alpha >= beta:
            break
    return best
""",
        # counts every position minimax visits: it never stops early
        "check_alphabeta_nodes": """
def count_alphabeta(state):
    visited = 0

    def search(state):
        nonlocal visited
        visited += 1
        if not state.is_terminal:
            for move in state.legal_moves():
                search(state.play(move))

    search(state)
    return visited
""",
        # two of the five
        "check_unvisited_leaves": 'never_looked_at = {"F2", "F3"}',
        "check_window": "window_at_j = (5, 9)",
    },
    "06b-alphabeta-in-practice": {
        # the cells on the most lines first, without the wins and blocks: 7,275 positions
        "check_move_order": """
def my_order(state):
    return sorted(state.legal_moves(), key=lambda move: -lines_through[move])
""",
        # the bounds filed, but read the wrong way round
        "check_transposition_table": """
def table_alphabeta(state, alpha=-math.inf, beta=math.inf, table=None):
    if table is None:
        table = {}
    if state in table:
        value, bound = table[state]
        if (
            bound == "exact"
            or (bound == "at least" and value <= alpha)
            or (bound == "at most" and value >= beta)
        ):
            return value
    if state.is_terminal:
        return {"X": 1, "O": -1, None: 0}[state.winner]
    low, high = alpha, beta
    best = -math.inf if state.turn == "X" else math.inf
    for move in state.legal_moves():
        value = table_alphabeta(state.play(move), alpha, beta, table)
        if state.turn == "X":
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
    if best >= high:
        table[state] = best, "at least"
    elif best <= low:
        table[state] = best, "at most"
    else:
        table[state] = best, "exact"
    return best
""",
    },
    "07-depth-limited": {
        # O takes the largest value too
        "check_depth_limited": """
def limited_value(state, depth, ply=0):
    if state.is_terminal:
        return decided(state, ply)
    if ply == depth:
        return open_lines(state, ply)
    return max(limited_value(state.play(move), depth, ply + 1) for move in state.legal_moves())
""",
        # the weights the wrong way round: a line with one mark counts most
        "check_weights": 'my_weights = {"open_1": 9, "open_2": 3, "open_3": 1}',
    },
    "07b-horizon": {
        # the forced moves past the horizon, but no bound on how far
        "check_extension": """
from tictac.players import completing_moves


def extended_value(state, depth, ply=0):
    if state.is_terminal:
        return decided(state, ply)
    moves = state.legal_moves()
    if ply >= depth:
        opponent = "O" if state.turn == "X" else "X"
        moves = completing_moves(state, state.turn) or completing_moves(state, opponent)
        if not moves:
            return open_lines(state, ply)
    values = [extended_value(state.play(move), depth, ply + 1) for move in moves]
    return max(values) if state.turn == "X" else min(values)
""",
        # the lesson's position turned upside down
        "check_horizon": 'position = State.parse("..../O.XO/OXXO/.X.X", k=4)',
    },
}


@pytest.mark.slow
@pytest.mark.parametrize("lesson", list(WRONG))
def test_the_grading_cycle(lesson: str, tmp_path: Path) -> None:
    grade_lesson(tmp_path / "course", lesson, WRONG[lesson])
