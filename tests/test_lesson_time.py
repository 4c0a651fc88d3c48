"""Every lesson states its time by the one rule (tests/lesson_time.py), and fits in 30 minutes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lesson_time import LONGEST, lesson_time, stated_minutes

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "notebooks").glob("[0-9]*.ipynb"))


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_the_first_cell_states_the_rules_time(path: Path) -> None:
    first = "".join(json.loads(path.read_text())["cells"][0]["source"])
    assert "180 words a minute, code at ten lines a minute, five minutes an exercise" in first
    assert stated_minutes(path) == lesson_time(path).stated, "run python tests/lesson_time.py"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_lesson_fits_in_thirty_minutes(path: Path) -> None:
    assert lesson_time(path).stated <= LONGEST


def test_the_rule_counts_words_code_and_exercises(tmp_path: Path) -> None:

    cells = [
        {"cell_type": "markdown", "source": "# Lesson\n\n" + "word " * 358 + "\n\n← [nav](x)"},
        {"cell_type": "markdown", "source": "```\nline one\nline two\n```"},
        {"cell_type": "code", "source": "a = 1\n\nb = 2\nc = 3"},
        {"cell_type": "markdown", "source": "## Exercises\n\n**1. One.** Do it.\n\n**2. Two.**"},
        {"cell_type": "code", "source": "not counted = 1"},
        {"cell_type": "markdown", "source": "## Recap"},
    ]
    path = tmp_path / "lesson.ipynb"
    path.write_text(json.dumps({"cells": cells}))
    time = lesson_time(path)
    assert (time.code_lines, time.exercises) == (5, 2)
    # the heading, the prose, "Exercises", the two exercises ("1.", "One.", "Do", "it.", "2.",
    # "Two."), "Recap"; not the navigation line, nor the pseudocode (counted as code)
    assert time.words == 1 + 358 + 1 + 6 + 1
    assert time.stated == 15  # 367/180 + 5/10 + 2*5 = 12.54, rounded up to 5


def test_the_readme_states_the_rule() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "180 words a minute" in readme and "ten lines of code a minute" in readme
