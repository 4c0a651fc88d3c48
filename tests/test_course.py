"""The teacher's kit's whole grading cycle, offline, for Lessons 0 to 3b (tests/course_cycle.py
says what is handed in and checked), and for Lesson 3 two things more: the hidden cases catch
an answer learnt by heart without naming one in the feedback, and the grades export.
"""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path
from typing import Any

import pytest
from course_cycle import course, grade_lesson, nbgrader, skip_without_nbgrader

skip_without_nbgrader()

# A plausible wrong answer to each exercise with an answer cell, written after the lesson's
# starter (so it has the starter's imports and helpers, as a student's edited cell would).
WRONG = {
    "00-welcome": {
        # rows and columns, but no diagonals
        "check_winner": """
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8)]


def winner(state):
    for a, b, c in LINES:
        if state.cells[a] != "." and state.cells[a] == state.cells[b] == state.cells[c]:
            return state.cells[a]
    return None
""",
        # two of three right
        "check_legality": (
            'guesses = {"XOX/OXO/XOX": True, "XXO/XOO/O..": True, "XXX/XOO/OO.": False}'
        ),
        # stops one move short of the end
        "check_game": "drawn = [4, 0, 8, 2, 1, 7, 6, 3]",
        # X completes a row first
        "check_game#2": "o_wins = [0, 3, 1, 4, 2]",
    },
    "01-how-big": {
        # X's and O's marks taken as alike
        "check_count": "two_marks = 9 * 8 // 2",
        "check_count#2": "three_marks = 9 * 8 * 7 // 6",
        # every full board, draws too
        "check_count#3": "full_x_wins = sum(1 for p in terminal if p.moves_made == 9)",
        # exactly three marks
        "check_count#4": """
at_most_three = 0
for state in reachable_states(State.new(4, 4, 4)):
    if state.moves_made > 3:
        break
    if state.moves_made == 3:
        at_most_three += 1
""",
    },
    "02-simple-strategies": {
        # rows and columns, no diagonals
        "check_completing_moves": """
def my_completing_moves(state, player):
    found = []
    for line in [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8)]:
        marks = [state.cells[i] for i in line]
        if marks.count(player) == 2 and marks.count(".") == 1:
            found.append(line[marks.index(".")])
    return found
""",
        # the centre when nothing is forced (wins far fewer games than the corners)
        "check_beat_the_defender": """
def my_x_rule(state, rng):
    wins = completing_moves(state, state.turn)
    blocks = completing_moves(state, other(state.turn))
    centre = [4] if 4 in state.legal_moves() else []
    return rng.choice(wins or blocks or centre or state.legal_moves())
""",
    },
    "02b-forks-and-rules": {
        # the centre before a win or a block
        "check_centre_rule": """
def centre_rule(state, rng):
    if 4 in state.legal_moves():
        return 4
    wins = completing_moves(state, state.turn)
    blocks = completing_moves(state, other(state.turn))
    return rng.choice(wins or blocks or state.legal_moves())
""",
        # a fork before a block
        "check_fork_rule": """
def fork_rule(state, rng):
    me = state.turn
    wins = completing_moves(state, me)
    blocks = completing_moves(state, other(me))
    forks = [m for m in state.legal_moves() if len(completing_moves(state.play(m), me)) >= 2]
    return rng.choice(wins or forks or blocks or state.legal_moves())
""",
    },
    "03-minimax": {
        # forgets to switch sides: always the largest
        "check_minimax": """
def my_minimax(state):
    if state.is_terminal:
        return end_score(state)
    return max(my_minimax(state.play(move)) for move in state.legal_moves())
""",
        # breadth first: the leaves nearest the root first
        "check_visit_order": 'my_order = ["A3", "B2", "D1", "D2", "E1", "E2", "F1", "F2", "F3"]',
        # the minus, but X's score at the end
        "check_negamax": """
def my_negamax(state):
    if state.is_terminal:
        return end_score(state)
    return max(-my_negamax(state.play(move)) for move in state.legal_moves())
""",
    },
    "03b-ties-and-scores": {
        # backwards: the later the win, the more it is worth
        "check_depth_aware_minimax": """
def quick_end_score(state):
    return end_score(state) * state.moves_made


def my_depth_aware_minimax(state):
    if state.is_terminal:
        return quick_end_score(state)
    values = [my_depth_aware_minimax(state.play(move)) for move in state.legal_moves()]
    return max(values) if state.turn == "X" else min(values)
""",
        # one of the two right
        "check_predicted_moves": "ten_guesses = {puzzles[0]: 4, puzzles[1]: 8}",
        # the answers for plus and minus ten again
        "check_predicted_moves#2": "depth_aware_guesses = {puzzles[0]: 4, puzzles[1]: (0, 0)}",
    },
}


@pytest.mark.slow
@pytest.mark.parametrize("lesson", [lesson for lesson in WRONG if lesson != "03-minimax"])
def test_the_grading_cycle(lesson: str, tmp_path: Path) -> None:
    grade_lesson(tmp_path / "course", lesson, WRONG[lesson])


def _overfit_cell(name: str, reference: Any) -> str:
    """A student's answer that learnt the visible check's positions by heart: right on every
    one of them, 0 everywhere else (it passes the visible check, not the hidden one)."""
    from tictac.exercises.lesson03_minimax import minimax_positions

    table = {state.text: reference(state) for state in minimax_positions()}
    return f"\nVALUES = {table!r}\n\n\ndef {name}(state):\n    return VALUES.get(state.text, 0)\n"


def _overfit() -> dict[str, str]:
    from tictac.search.engine import minimax

    def for_x(state: Any) -> float:
        return minimax(state, memo="plain").value

    def for_mover(state: Any) -> float:
        return for_x(state) if state.turn == "X" else -for_x(state)

    return {
        "check_minimax": _overfit_cell("my_minimax", for_x),
        "check_negamax": _overfit_cell("my_negamax", for_mover),
    }


@pytest.mark.slow
def test_hidden_cases_catch_an_answer_learnt_by_heart(tmp_path: Path) -> None:
    from tictac.exercises import grading
    from tictac.exercises.lesson03_minimax import minimax_positions

    course_dir = tmp_path / "course"
    lesson = "03-minimax"
    cycle = grade_lesson(course_dir, lesson, WRONG[lesson], more={"overfit": _overfit()})
    nbgrader(course_dir, "export")
    nbgrader(course_dir, "generate_feedback", cycle.assignment, "--student", "overfit")

    points = course.POINTS[lesson]
    with open(course_dir / "grades.csv") as file:
        grades = {row["student_id"]: row for row in csv.DictReader(file)}
    assert float(grades["solutions"]["raw_score"]) == sum(points.values())
    assert float(grades["solutions"]["max_score"]) == sum(points.values())
    assert float(grades["starters"]["raw_score"]) == 0
    # right on the visible cases only: the visit order's point, nothing for the functions
    assert float(grades["overfit"]["raw_score"]) == points["check_visit_order"]
    feedback = (course_dir / f"feedback/overfit/{cycle.assignment}/{lesson}.html").read_text()
    assert feedback.count("hidden cases differ from the reference") == 2
    graded_path = course_dir / f"autograded/overfit/{cycle.assignment}/{lesson}.ipynb"
    graded = json.loads(graded_path.read_text())
    outputs = json.dumps(
        [c["outputs"] for c in graded["cells"] if c["metadata"].get("nbgrader", {}).get("grade")]
    )
    seed = (course_dir / "grading_seed").read_text().strip()
    for check in ["check_minimax", "check_negamax"]:
        rng = random.Random(f"{seed}:{check}")
        hidden = grading.hidden_positions(minimax_positions(), rng, 150, finished=40)
        assert hidden
        assert not [state.text for state in hidden if state.text in outputs]
    assert seed not in feedback
