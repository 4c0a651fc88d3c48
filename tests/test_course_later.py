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
}


@pytest.mark.slow
@pytest.mark.parametrize("lesson", list(WRONG))
def test_the_grading_cycle(lesson: str, tmp_path: Path) -> None:
    grade_lesson(tmp_path / "course", lesson, WRONG[lesson])
