"""The checks for Lesson 9 (``notebooks/09-proving-bigger-boards.ipynb``): which lines a
pairing leaves without a pair, and dead cells.

:func:`check_lines_without_a_pair` runs your function on many pairings of many boards and
compares it with :func:`tictac.search.pairing.lines_without_a_pair`:

>>> def none_unblocked(pairs, rows, cols, k):
...     return []
>>> print(check_lines_without_a_pair(none_unblocked).summary())
lines without a pair: ... of ... pairings differ from the reference.

:func:`check_dead_cells` checks a function that finds the dead cells:

>>> print(check_dead_cells(lambda state: []).summary())
dead cells: ... of 300 positions differ from the reference.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tictac.exercises.checking import CaseReport, Report, check_function
from tictac.game.state import Line, State
from tictac.pictures.boards import draw_pairing
from tictac.proving.ideas import dead_cells
from tictac.search.pairing import Pairing, find_pairing, lines_without_a_pair

__all__ = [
    "PairingCountReport",
    "check_dead_cells",
    "check_lines_without_a_pair",
]


# ---------------------------------------------------------------------------------------------
# Exercise 1: which lines hold no pair?

PAIRING_BOARDS = ((3, 3, 3), (1, 6, 3), (3, 8, 4), (4, 4, 4), (4, 5, 4), (5, 5, 5), (6, 6, 6))
"""The boards :func:`check_lines_without_a_pair` draws its pairings on."""

PAIRINGS_PER_BOARD = 30


@dataclass(frozen=True)
class PairingCase:
    """One question of the check: a board and some pairs on it."""

    rows: int
    cols: int
    k: int
    pairs: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class PairingMismatch:
    """Where your lines differ from the reference's on one pairing."""

    missing: tuple[Line, ...]  # lines without a pair that you did not list
    extra: tuple[Line, ...]  # lines you listed that do hold a pair (or are not lines)


class PairingCountReport(CaseReport[PairingCase]):
    """The result of :func:`check_lines_without_a_pair`: pairings tried, and where your
    function's lines differ (each shown as a picture, the lines in question outlined)."""

    shown = 3
    noun = "pairings"

    def describe(self, case: PairingCase, got: PairingMismatch) -> str:
        parts = [f"{case.rows}x{case.cols}, {case.k} in a row, pairs {list(case.pairs)}:"]
        if got.missing:
            parts.append(
                f"you missed {len(got.missing)} line(s) without a pair, such as {got.missing[0]}"
            )
        if got.extra:
            parts.append(
                f"you listed {len(got.extra)} line(s) that hold a pair (or are "
                f"not lines), such as {got.extra[0]}"
            )
        return " ".join(parts)

    def wrong_html(self, shown: list[tuple[PairingCase, PairingMismatch]]) -> str:
        """Each wrong pairing drawn, with a line in question outlined."""
        cards = []
        for case, got in shown:
            line = (got.missing or got.extra)[0]
            picture = draw_pairing(
                State.new(case.rows, case.cols, case.k),
                case.pairs,
                cell_size=24,
                outline=[cell for cell in line if 0 <= cell < case.rows * case.cols],
            )
            cards.append(
                '<div style="text-align:center;font-size:12px;max-width:260px">'
                f"{picture.svg}<br>{html.escape(self.describe(case, got))}</div>"
            )
        return f'<div style="display:flex;flex-wrap:wrap;gap:14px">{"".join(cards)}</div>'


def pairing_cases(
    seed: int = 0, boards: Sequence[tuple[int, int, int]] = PAIRING_BOARDS
) -> list[PairingCase]:
    """The check's questions: on each of `boards` ``(rows, cols, k)``, no pairs at all, the
    pairing :func:`~tictac.search.pairing.find_pairing` finds (if any), and random pairings of
    random sizes, all drawn with `seed`.

    >>> len(pairing_cases()) > 100
    True
    """
    rng = random.Random(seed)
    cases = []
    for rows, cols, k in boards:
        cases.append(PairingCase(rows, cols, k, ()))
        found = find_pairing(rows, cols, k)
        if found is not None:
            cases.append(PairingCase(rows, cols, k, found.pairs))
        for _ in range(PAIRINGS_PER_BOARD):
            cells = list(range(rows * cols))
            rng.shuffle(cells)
            count = rng.randint(1, len(cells) // 2)
            pairs = Pairing(rows, cols, k, zip(cells[0 : 2 * count : 2], cells[1 : 2 * count : 2]))
            cases.append(PairingCase(rows, cols, k, pairs.pairs))
    return cases


def _as_lines(answer: object) -> set[tuple[int, ...]]:
    """A student's lines as a set of sorted tuples (lists, tuples or sets of cells)."""
    if answer is None:
        raise TypeError("the function returned None: return a list of lines (tuples of cells)")
    lines = set()
    for line in answer:  # type: ignore[attr-defined]
        lines.add(tuple(sorted(line)))
    return lines


def check_lines_without_a_pair(
    function: Callable[[list[tuple[int, int]], int, int, int], Iterable[Iterable[int]]],
    *,
    seed: int = 0,
    boards: Sequence[tuple[int, int, int]] = PAIRING_BOARDS,
) -> PairingCountReport:
    """Check ``function(pairs, rows, cols, k)``: the winning lines of the board that hold
    both cells of none of `pairs` (in any order, each line as a tuple or list of its cells).

    It is run on more than a hundred pairings of `boards` (by default the seven of
    :data:`PAIRING_BOARDS`), drawn with `seed` (:func:`pairing_cases`), and compared with
    :func:`tictac.search.pairing.lines_without_a_pair`.
    """
    report = PairingCountReport("lines without a pair")
    for case in pairing_cases(seed, boards):
        expected = set(lines_without_a_pair(case.pairs, case.rows, case.cols, case.k))
        try:
            got = _as_lines(function([*case.pairs], case.rows, case.cols, case.k))
        except Exception as error:  # the student's code: report, don't crash the lesson
            report.error = (
                f"{type(error).__name__}: {error} (on {case.rows}x{case.cols}, {case.k} in a "
                f"row, pairs {list(case.pairs)})"
            )
            return report
        report.checked += 1
        if got != expected:
            missing, extra = tuple(sorted(expected - got)), tuple(sorted(got - expected))
            report.wrong.append((case, PairingMismatch(missing, extra)))
    return report


# ---------------------------------------------------------------------------------------------
# Exercise 2: dead cells


DEAD_CELL_BOARDS = ((4, 4, 4), (4, 4, 4), (3, 3, 3), (3, 5, 3))
"""The boards of :func:`check_dead_cells`'s positions, ``(rows, cols, k)``, 4x4 drawn twice
as often as the others."""


def dead_cell_positions(
    seed: int = 0, count: int = 300, boards: Sequence[tuple[int, int, int]] = DEAD_CELL_BOARDS
) -> list[State]:
    """The check's positions: random games on one of `boards` (by default 4x4 with four in a
    row, 3x3 and 3x5 with three), stopped after 2 to 12 marks (none finished), drawn with
    `seed`."""
    rng = random.Random(seed)
    positions: dict[State, None] = {}
    while len(positions) < count:
        state = State.new(*rng.choice(boards))
        for _ in range(rng.randint(2, min(12, state.rows * state.cols - 1))):
            state = state.play(rng.choice(state.legal_moves()))
            if state.is_terminal:
                break
        if not state.is_terminal:
            positions[state] = None
    return sorted(positions, key=lambda s: (s.rows * s.cols, s.moves_made, s.text))


def _cells(state: State, answer: object) -> object:
    """A student's cells as a sorted list of indices (or the answer itself, if it is not one)."""
    if answer is None or isinstance(answer, (str, bytes)):
        return answer
    try:
        return sorted({state.index_of(cell) for cell in answer})  # type: ignore[attr-defined]
    except (TypeError, ValueError):
        return answer


def check_dead_cells(
    function: Callable[[State], Iterable[Any]],
    *,
    seed: int = 0,
    positions: Sequence[State] | None = None,
) -> Report:
    """Check ``function(state)``: the dead cells of `state` (a set or list of cells, as
    numbers or ``(row, col)`` pairs), on 300 positions of 4x4, 3x3 and 3x5 boards drawn with
    `seed` (:func:`dead_cell_positions`), or on `positions`, against
    :func:`tictac.proving.ideas.dead_cells`, whose source the report shows once yours passes.

    >>> print(check_dead_cells(lambda state: []).summary())
    dead cells: ... of 300 positions differ from the reference.
    """
    return check_function(
        "dead cells",
        lambda state: _cells(state, function(state)),
        lambda state: sorted(dead_cells(state)),
        dead_cell_positions(seed) if positions is None else list(positions),
        reveal=dead_cells,
    )
