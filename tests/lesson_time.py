"""How long a lesson takes, by one rule, the one the README and each lesson's first cell state.

The rule: the prose at 180 words a minute, every line of code shown before the exercises
(code cells, and pseudocode in the Markdown) at ten lines a minute, and five minutes for each
exercise; the total rounded up to the next 5 minutes. Every lesson must come to 30 minutes
or less (tests/test_lesson_time.py), and its first cell says "*About N minutes*" with this N.

Run it to see every lesson's figures: ``python tests/lesson_time.py``.
"""

from __future__ import annotations

import json
import math
import re
import sys
from dataclasses import dataclass
from pathlib import Path

WORDS_A_MINUTE = 180
LINES_A_MINUTE = 10
MINUTES_AN_EXERCISE = 5
LONGEST = 30
ROUNDED_TO = 5

WORD = re.compile(r"[^\W_][\w'’.,-]*")
FENCED = re.compile(r"```.*?```", re.S)
EXERCISE = re.compile(r"^\*\*\d+\.", re.M)  # "**1. Your own alpha-beta.**"


@dataclass(frozen=True)
class LessonTime:
    words: int
    code_lines: int
    exercises: int

    @property
    def minutes(self) -> float:
        return (
            self.words / WORDS_A_MINUTE
            + self.code_lines / LINES_A_MINUTE
            + self.exercises * MINUTES_AN_EXERCISE
        )

    @property
    def stated(self) -> int:
        """The minutes a lesson's first cell states: the rule's total, rounded up to 5."""
        return ROUNDED_TO * math.ceil(self.minutes / ROUNDED_TO)


def lesson_time(path: Path) -> LessonTime:
    """Count a lesson's words, code lines before its exercises, and exercises."""
    words = code_lines = exercises = 0
    in_exercises = False
    for cell in json.loads(path.read_text())["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            start = re.search(r"^## Exercises", source, re.M)
            end = re.search(r"^## Recap", source, re.M)
            if start:
                in_exercises = True
            if in_exercises:  # the exercises in this cell, before a Recap that shares it
                part = source[start.start() if start else 0 : end.start() if end else None]
                exercises += len(EXERCISE.findall(part))
            if end:
                in_exercises = False
            pseudocode = [line for block in FENCED.findall(source) for line in block.split("\n")]
            prose = [
                line
                for line in FENCED.sub("", source).split("\n")
                if not line.startswith("←")  # the navigation line
            ]
            words += len(WORD.findall("\n".join(prose)))
            if not in_exercises:
                code_lines += sum(1 for line in pseudocode if line.strip("` \n"))
        elif not in_exercises:
            code_lines += sum(1 for line in source.split("\n") if line.strip())
    return LessonTime(words, code_lines, exercises)


def stated_minutes(path: Path) -> int | None:
    """The N of "*About N minutes" in the lesson's first cell."""
    first = "".join(json.loads(path.read_text())["cells"][0]["source"])
    found = re.search(r"\*About (\d+) minutes", first)
    return int(found.group(1)) if found else None


def main(paths: list[str]) -> None:
    root = Path(__file__).resolve().parent.parent / "notebooks"
    files = [Path(p) for p in paths] or sorted(root.glob("[0-9]*.ipynb"))
    print(f"{'lesson':34} {'words':>6} {'code':>5} {'ex.':>4} {'minutes':>8} {'stated':>7}")
    for path in files:
        t = lesson_time(path)
        flag = "  over 30" if t.stated > LONGEST else ""
        print(
            f"{path.stem:34} {t.words:6,} {t.code_lines:5} {t.exercises:4} "
            f"{t.minutes:8.1f} {stated_minutes(path) or '-':>7}{flag}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
