"""The teacher's kit's whole grading cycle, offline, for Lessons 8 to 12 (tests/course_cycle.py
says what is handed in and checked)."""

from __future__ import annotations

from pathlib import Path

import pytest
from course_cycle import grade_lesson, skip_without_nbgrader

skip_without_nbgrader()

# A plausible wrong answer to each exercise with an answer cell, written after the lesson's
# starter (so it has the starter's imports and helpers, as a student's edited cell would).
WRONG = {
    "08-monte-carlo": {
        # the bonus's n taken as the number of arms, not the pulls of all arms together
        "check_ucb1": """
def my_ucb1(pulls, wins, exploration):
    if 0 in pulls:
        return pulls.index(0)
    n = len(pulls)
    bounds = [w / p + exploration * math.sqrt(math.log(n) / p) for p, w in zip(pulls, wins)]
    return bounds.index(max(bounds))
""",
        # the draw fixed, but the reward still counted for the player to move, not the mover
        "check_back_up": """
def my_back_up(node, winner):
    while node is not None:
        node.visits += 1
        if winner is None:
            node.reward += 0.5
        elif winner == node.state.turn:
            node.reward += 1
        node = node.parent
""",
        # the best mean taken for the next playout too, without the exploration bonus
        "check_next_playout": "next_selected, played = 8, 8",
    },
    "08b-mcts-measured": {
        # a win at once taken as the only best move, when slower wins keep the win too
        "check_best_moves": """
def my_best_moves(state):
    value = solve(state)
    wins = {move for move in state.legal_moves() if state.play(move).winner == state.turn}
    return wins or {move for move in state.legal_moves() if solve(state.play(move)) == value}
""",
    },
    "09-proving-bigger-boards": {
        # a pair covers a line only where its two cells are neighbours in it (a domino)
        "check_lines_without_a_pair": """
def my_lines_without_a_pair(pairs, rows, cols, k):
    return [
        line
        for line in winning_lines(rows, cols, k)
        if not any({a, b} == {c, d} for a, b in pairs for c, d in zip(line, line[1:]))
    ]
""",
        # the moves left of the player to move, for both players
        "check_dead_cells": """
def my_dead_cells(state):
    live = set()
    budget = (state.cells.count(".") + 1) // 2
    for player, opponent in (("X", "O"), ("O", "X")):
        for line in winning_lines(state.rows, state.cols, state.k):
            marks = [state.cells[i] for i in line]
            if opponent not in marks and marks.count(".") <= budget:
                live |= set(line)
    return {cell for cell in state.legal_moves() if cell not in live}
""",
    },
    "09b-the-frontier": {
        # every line holds a pair, but three pairs a row take nine
        "check_pairing": """
my_pairs = [(8 * row + col, 8 * row + col + 1) for row in range(3) for col in (0, 3, 6)]
""",
        # 3x5 taken for a draw, as 3x3 is
        "check_predictions": """
predictions = {
    (3, 5, 3): "draw",
    (2, 7, 3): "draw",
    (3, 8, 4): "draw",
    (6, 6, 6): "draw",
    (5, 5, 3): "X wins",
}
""",
    },
    "10-matchboxes": {
        # the layers alternate X and O, so layer 0 is taken to be X's: right from every visible
        # start (X to move in each), wrong from one where O is to move
        "check_retrograde": """
def my_retrograde(start):
    layers, seen = [[start]], {start}
    while layers[-1]:
        next_layer = []
        for state in layers[-1]:
            for move in state.legal_moves():
                child = state.play(move)
                if child not in seen:
                    seen.add(child)
                    next_layer.append(child)
        layers.append(next_layer)
    values = {}
    for depth in reversed(range(len(layers))):
        for state in layers[depth]:
            if state.is_terminal:
                values[state] = {"X": 1, "O": -1, None: 0}[state.winner]
            else:
                children = [values[state.play(move)] for move in state.legal_moves()]
                values[state] = max(children) if depth % 2 == 0 else min(children)
    return values
""",
        # a loss takes the last bead of a colour too: the box holds -1 of it
        "check_reinforce": """
def my_reinforce(box, move, outcome):
    new_box = dict(box)
    new_box[move] += {"win": 3, "draw": 1, "loss": -1}[outcome]
    return new_box
""",
    },
    "11-learning-values": {
        # a position not valued yet counted as 0 rather than 0.5
        "check_td_update": """
def my_td_update(values, previous, new_value, step_size, explored):
    if not explored:
        old = values.get(previous, 0)
        values[previous] = old + step_size * (new_value - old)
""",
        # more exploration, to learn more: every move random, so it learns only where games end
        "check_training": "step_size, exploration, games = 0.5, 1.0, 600",
    },
    "12-play": {
        # two corners, but not the ones that fork
        "check_win_against": "moves = [0, 2, 8]",
        # one move short
        "check_win_against#2": "moves = [4, 2]",
        # the labels of the empty board, before the opening (the second count asks about the
        # same function)
        "check_count": """
def losing_replies(opening):
    labels = hint_labels(State.new())
    return [move for move, label in labels.items() if label.startswith("loss")]
""",
    },
    "13-your-own-game": {
        # the rule kept, but the key forgets the last take: a memo mixes positions up
        "check_no_repeat": """
class NoRepeat(TakeAway):
    def __init__(self, pile, turn="X", last=None):
        super().__init__(pile, turn)
        self.last = last

    @property
    def is_terminal(self):
        return not self.legal_moves()

    def legal_moves(self):
        return tuple(take for take in super().legal_moves() if take != self.last)

    def play(self, take):
        return NoRepeat(self.pile - take, "O" if self.turn == "X" else "X", last=take)
""",
        # Bouton's XOR, but always from the first heap that has objects
        "check_nim_move": """
def winning_move(heaps):
    total = 0
    for size in heaps:
        total ^= size
    if total == 0:
        return None
    heap = next(index for index, size in enumerate(heaps) if size)
    return (heap, max(1, heaps[heap] - (heaps[heap] ^ total)))
""",
    },
}


@pytest.mark.slow
@pytest.mark.parametrize("lesson", list(WRONG))
def test_the_grading_cycle(lesson: str, tmp_path: Path) -> None:
    grade_lesson(tmp_path / "course", lesson, WRONG[lesson])
