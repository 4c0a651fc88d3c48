"""The lessons' prose keeps to what the lessons compute (see `tests/claims.py`), and every
exercise's untouched starter fails its check."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from claims import CLAIMS, NOT_CLAIMS, Checked, Cited, Number
from test_notebooks import cells
from test_notebooks import text as source

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]*-*.ipynb")) + sorted(
    (ROOT / "notebooks" / "solutions").glob("*.ipynb")
)
LESSONS = [path for path in NOTEBOOKS if path.parent.name == "notebooks"]

# A number as prose writes it: 549,946 · −1 · 0.4 · 52.3% (a trailing comma is punctuation).
NUMBER = re.compile(r"(?<![\w.,·])[−-]?\d+(?:,\d{3})*(?:\.\d+)?%?(?![\w])")
CODE = re.compile(r"```.*?```|`[^`]*`", re.DOTALL)
LINK_TARGET = re.compile(r"\]\([^)]*\)")
TAG = re.compile(r"<[^>]*>")


def prose(path: Path) -> str:
    """All the notebook's Markdown, whitespace collapsed so a quote may span lines."""
    markdown = "\n\n".join(source(c) for c in cells(path) if c["cell_type"] == "markdown")
    return " ".join(markdown.split())


def masked(text: str) -> str:
    """`text` with code, link targets and HTML tags blanked out (same length, same places)."""
    for pattern in (CODE, LINK_TARGET, TAG):
        text = pattern.sub(lambda m: " " * len(m.group()), text)
    return text


def output_text(path: Path) -> str:
    """Everything the notebook's code cells printed or showed, as text (pictures' labels too)."""
    parts: list[str] = []
    for cell in cells(path):
        for output in cell.get("outputs", []):  # type: ignore[attr-defined]
            parts.append("".join(output.get("text", "")))
            for kind, data in output.get("data", {}).items():
                if kind.startswith("text/") or kind == "image/svg+xml":
                    parts.append(TAG.sub(" ", "".join(data)))
    return "\n".join(parts)


def code_literals(path: Path) -> set[str]:
    """The numbers written in the notebook's code cells (a sample size, a seed, a depth)."""
    code = "\n".join(source(c) for c in cells(path) if c["cell_type"] == "code")
    return {value_of(m.group()) for m in NUMBER.finditer(code.replace("_", ""))}


def value_of(token: str) -> str:
    """A number's digits as a canonical string: no sign, no separators, no per-cent sign."""
    return token.lstrip("−-").rstrip("%").replace(",", "")


def needs_accounting(token: str) -> bool:
    return "." in token or token.endswith("%") or float(value_of(token)) > 12


def spans(text: str, patterns: Iterator[str]) -> list[tuple[int, int]]:
    found = []
    for pattern in patterns:
        found += [m.span() for m in re.finditer(pattern, text)]
    return found


def claims_of(path: Path) -> tuple[Checked | Cited, ...]:
    return CLAIMS[path.stem]


def test_every_notebook_has_an_entry_in_the_claims_registry() -> None:
    assert sorted(CLAIMS) == sorted(path.stem for path in NOTEBOOKS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_number_in_the_prose_is_computed_checked_or_cited(path: Path) -> None:
    text = prose(path)
    printed = {value_of(m.group()) for m in NUMBER.finditer(output_text(path))}
    printed |= code_literals(path)
    quotes = (re.escape(claim.quote) for claim in claims_of(path))
    covered = spans(text, quotes) + spans(text, iter(NOT_CLAIMS))
    unaccounted = []
    for match in NUMBER.finditer(masked(text)):
        token = match.group()
        if not needs_accounting(token) or value_of(token) in printed:
            continue
        if any(start <= match.start() and match.end() <= end for start, end in covered):
            continue
        unaccounted.append(text[max(0, match.start() - 50) : match.end() + 30])
    assert not unaccounted, (
        f"{path.name} states numbers that none of its code cells print, and that "
        "tests/claims.py neither checks nor cites:\n  …" + "…\n  …".join(unaccounted) + "…"
    )


def written_numbers(quote: str) -> list[str]:
    return [m.group() for m in NUMBER.finditer(masked(quote))]


def agrees(written: str, actual: Number) -> bool:
    """Does the number as `written` in prose say `actual`, to the precision it is written?"""
    number = float(value_of(written)) * (-1 if written[0] in "−-" else 1)
    decimals = len(value_of(written).partition(".")[2])
    return round(float(actual), decimals) == number


CLAIMED = [(stem, claim) for stem, claims in CLAIMS.items() for claim in claims]


@pytest.mark.parametrize(
    ("stem", "claim"), CLAIMED, ids=[f"{stem}: {claim.quote[:40]}" for stem, claim in CLAIMED]
)
@pytest.mark.slow
def test_each_claim_is_in_its_lesson_and_true(stem: str, claim: Checked | Cited) -> None:
    path = next(path for path in NOTEBOOKS if path.stem == stem)
    text = prose(path)
    assert claim.quote in text, (
        f"{path.name} no longer says {claim.quote!r}: update tests/claims.py"
    )
    if isinstance(claim, Cited):
        assert claim.source in text, (
            f"{path.name} says {claim.quote!r} but never names {claim.source}"
        )
        return
    actual = claim.compute()
    values = actual if isinstance(actual, tuple) else (actual,)
    written = written_numbers(claim.quote)
    assert len(written) == len(values), f"{claim.quote!r} has {written}, computed {values}"
    wrong = [(w, v) for w, v in zip(written, values) if not agrees(w, v)]
    assert not wrong, f"{path.name} says {claim.quote!r}; computed {values}"


def exercise_cells(path: Path) -> list[dict[str, object]]:
    """The code cells after the lesson's `## Exercises` heading that run a check."""
    found, in_exercises = [], False
    for cell in cells(path):
        text = source(cell)
        if cell["cell_type"] == "markdown":
            if "## Exercises" in text:
                in_exercises = True
            elif re.search(r"^## ", text, re.MULTILINE):
                in_exercises = in_exercises and "## Recap" not in text
        elif in_exercises and re.search(r"\bcheck_\w+\(", text):
            found.append(cell)
    return found


def verdicts(cell: dict[str, object]) -> list[str]:
    shown = json.dumps(cell.get("outputs", []))
    return re.findall(r'data-check=\\"(\w+)\\"', shown)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_exercise_starter_fails_its_check(path: Path) -> None:
    """Run as stored (nbval re-runs them and compares), each starter shows exactly one verdict:
    failed. A check that passes an untouched starter teaches nothing."""
    checked = exercise_cells(path)
    assert checked, f"{path.name} has no exercise that runs a check"
    for cell in checked:
        first_line = source(cell).strip().splitlines()[0]
        assert verdicts(cell) == ["failed"], (
            f"{path.name}: the exercise cell starting {first_line!r} shows {verdicts(cell)}"
            " from its check, not one 'failed'"
        )


def test_a_written_number_agrees_only_with_its_value_at_the_precision_shown() -> None:
    assert agrees("1,452", 1452) and not agrees("740", 1452)
    assert agrees("8.3", 8.29) and not agrees("8.3", 8.36)
    assert agrees("−1", -1) and agrees("40%", 40)
    assert written_numbers("from 28 to 12, and `seed=3`") == ["28", "12"]


def test_a_number_needs_accounting_unless_it_is_small_and_whole() -> None:
    assert [needs_accounting(n) for n in ("12", "13", "0.4", "5%", "1,000")] == [
        False,
        True,
        True,
        True,
        True,
    ]
