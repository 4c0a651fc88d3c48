"""The checks for Lesson 9 (``notebooks/09-proving-bigger-boards.ipynb``): pairings, dead
cells, and who wins an m,n,k game.

:func:`check_lines_without_a_pair` runs your function on many pairings of many boards and
compares it with :func:`tictac.search.pairing.lines_without_a_pair`:

>>> def none_unblocked(pairs, rows, cols, k):
...     return []
>>> print(check_lines_without_a_pair(none_unblocked).summary())
lines without a pair: ... of ... pairings differ from the reference.

:func:`check_pairing` checks a pairing of your own (by default for 3x8 with four in a row,
in at most six pairs), and :func:`check_dead_cells` a function that finds the dead cells:

>>> print(check_pairing([(0, 1), (8, 9), (16, 17)]))
pairing for 3x8, 4 in a row: 12 of its 15 lines hold no pair, so X could still complete them.

:func:`check_predictions` checks who you expect to win a few boards, and says how many
predictions are wrong, not which:

>>> print(check_predictions({board: "X wins" for board in PREDICTION_BOARDS}))
who wins: 3 of your 5 predictions are wrong. ...
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tictac.exercises.checking import CaseReport, Report, check_function, verdict_html
from tictac.game.state import Line, State, winning_lines
from tictac.pictures.boards import draw_pairing
from tictac.proving.ideas import dead_cells
from tictac.search.pairing import Pairing, find_pairing, lines_without_a_pair
from tictac.search.solver import solve

__all__ = [
    "PREDICTION_BOARDS",
    "PairingVerdict",
    "PairingCountReport",
    "PredictionCheck",
    "check_dead_cells",
    "check_lines_without_a_pair",
    "check_pairing",
    "check_predictions",
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


def pairing_cases(seed: int = 0) -> list[PairingCase]:
    """The check's questions: on each board of :data:`PAIRING_BOARDS`, no pairs at all, the
    pairing :func:`~tictac.search.pairing.find_pairing` finds (if any), and random pairings of
    random sizes, all drawn with `seed`.

    >>> len(pairing_cases()) > 100
    True
    """
    rng = random.Random(seed)
    cases = []
    for rows, cols, k in PAIRING_BOARDS:
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
) -> PairingCountReport:
    """Check ``function(pairs, rows, cols, k)``: the winning lines of the board that hold
    both cells of none of `pairs` (in any order, each line as a tuple or list of its cells).

    It is run on more than a hundred pairings of seven boards (:func:`pairing_cases`) and
    compared with :func:`tictac.search.pairing.lines_without_a_pair`.
    """
    report = PairingCountReport("lines without a pair")
    for case in pairing_cases(seed):
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
# Exercise 2: a pairing of your own

MOST_PAIRS = 6
"""The pairs :func:`check_pairing` allows for 3x8 with four in a row (the fewest possible)."""


@dataclass(frozen=True)
class PairingVerdict:
    """The verdict on a pairing: is it one, does every line hold a pair, and is it small?"""

    board: tuple[int, int, int]
    passed: bool
    note: str
    pairs: tuple[tuple[int, int], ...] = ()
    outline: tuple[int, ...] = ()

    def __str__(self) -> str:
        rows, cols, k = self.board
        return f"pairing for {rows}x{cols}, {k} in a row: {self.note}"

    __repr__ = __str__

    def _repr_html_(self) -> str:
        rows, cols, k = self.board
        picture = draw_pairing(
            State.new(rows, cols, k), self.pairs, cell_size=30, outline=self.outline
        )
        return (
            '<div style="display:flex;gap:14px;align-items:center">'
            f"{picture.svg}{verdict_html(str(self), self.passed)}</div>"
        )


def check_pairing(
    pairs: Iterable[Sequence[object]] | None,
    board: tuple[int, int, int] = (3, 8, 4),
    *,
    most: int | None = MOST_PAIRS,
) -> PairingVerdict:
    """Check `pairs` (a list of two-cell pairs, each cell a number or a ``(row, col)``) as a
    pairing strategy for the defender on the empty `board` ``(rows, cols, k)``: no cell in two
    pairs, every line holding both cells of some pair, and at most `most` pairs (None: any
    number). The picture outlines a line that holds no pair.

    >>> check_pairing([(1, 2), (3, 4)], (1, 5, 3), most=None).passed
    True
    >>> print(check_pairing([(0, 1), (1, 2)], (1, 5, 3)))
    pairing for 1x5, 3 in a row: cell 1 is in two pairs, (0, 1) and (1, 2): ...
    """
    rows, cols, k = board
    if pairs is None:
        return PairingVerdict(
            (rows, cols, k), False, "no pairing yet: write a list of pairs such as [(0, 1), ...]"
        )
    try:
        pairing = Pairing(rows, cols, k, pairs)
    except (TypeError, ValueError) as error:
        return PairingVerdict((rows, cols, k), False, str(error))
    unblocked = pairing.unblocked_lines()
    lines = winning_lines(rows, cols, k)
    if unblocked:
        return PairingVerdict(
            (rows, cols, k),
            False,
            f"{len(unblocked)} of its {len(lines)} lines hold no pair, so X could still "
            "complete them.",
            pairing.pairs,
            unblocked[0],
        )
    if most is not None and len(pairing.pairs) > most:
        return PairingVerdict(
            (rows, cols, k),
            False,
            f"every line holds a pair, well done, but it takes {len(pairing.pairs)} pairs: can "
            f"you do it with {most}? A pair can serve several lines at once.",
            pairing.pairs,
        )
    found = find_pairing(rows, cols, k)
    solver_note = (
        " A test that gives every line a pair of its own (as `proof_search` does) finds no "
        "pairing here: yours lets lines share a pair, as the solver's does."
        if found is None
        else ""
    )
    return PairingVerdict(
        (rows, cols, k),
        True,
        f"all {len(lines)} lines hold a pair, with {len(pairing.pairs)} pairs: answering "
        f"each move into a pair with its partner, O never loses.{solver_note} Well done!",
        pairing.pairs,
    )


# ---------------------------------------------------------------------------------------------
# Exercise 3: dead cells


def dead_cell_positions(seed: int = 0, count: int = 300) -> list[State]:
    """The check's positions: random games on 4x4 with four in a row, stopped after 4 to 12
    marks, and on 3x3 and 3x5 with three in a row (none finished), drawn with `seed`."""
    rng = random.Random(seed)
    boards = ((4, 4, 4), (4, 4, 4), (3, 3, 3), (3, 5, 3))
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


def check_dead_cells(function: Callable[[State], Iterable[Any]], *, seed: int = 0) -> Report:
    """Check ``function(state)``: the dead cells of `state` (a set or list of cells, as
    numbers or ``(row, col)`` pairs), on 300 positions of 4x4, 3x3 and 3x5 boards, against
    :func:`tictac.proving.ideas.dead_cells`, whose source the report shows once yours passes.

    >>> print(check_dead_cells(lambda state: []).summary())
    dead cells: ... of 300 positions differ from the reference.
    """
    positions = dead_cell_positions(seed)
    return check_function(
        "dead cells",
        lambda state: _cells(state, function(state)),
        lambda state: sorted(dead_cells(state)),
        positions,
        reveal=dead_cells,
    )


# ---------------------------------------------------------------------------------------------
# Exercise 4: who wins?

PREDICTION_BOARDS = ((3, 5, 3), (2, 7, 3), (3, 8, 4), (6, 6, 6), (5, 5, 3))
"""The boards of Exercise 4, (rows, cols, k): each is proved by the solver in a moment."""

RESULTS = {"X wins": 1, "draw": 0, "O wins": -1}


@dataclass(frozen=True)
class PredictionCheck:
    """Predictions of who wins some boards, against the solver; says how many are wrong."""

    passed: bool
    note: str

    def __str__(self) -> str:
        return f"who wins: {self.note}"

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return verdict_html(str(self), self.passed, tag="p")


def check_predictions(
    predictions: Mapping[tuple[int, int, int], str | None] | None,
    boards: Sequence[tuple[int, int, int]] = PREDICTION_BOARDS,
) -> PredictionCheck:
    """Check a prediction for each of `boards`: ``{(rows, cols, k): "X wins" or "draw" or
    "O wins"}``, the result of perfect play from the empty board. The verdict says how many
    predictions are wrong, not which, so that one wrong guess cannot be fixed by flipping it.

    >>> check_predictions({(3, 3, 3): "draw"}, boards=[(3, 3, 3)]).passed
    True
    >>> print(check_predictions({(3, 3, 3): "O wins"}, boards=[(3, 3, 3)]))
    who wins: 1 of your 1 predictions is wrong. No m,n,k game is a win for O: ...
    """
    expected_boards = [(int(rows), int(cols), int(k)) for rows, cols, k in boards]
    if predictions is None:
        return PredictionCheck(False, "no predictions yet: fill in the dictionary.")
    if not isinstance(predictions, Mapping):
        raise TypeError(
            "predictions is a dictionary {(rows, cols, k): 'X wins' or 'draw' or 'O wins'}, "
            f"not {predictions!r}"
        )
    said: dict[tuple[int, ...], str | None] = {tuple(b): p for b, p in predictions.items()}
    unknown = [board for board in said if board not in expected_boards]
    if unknown:
        raise ValueError(f"{unknown[0]} is not one of the boards asked about, {expected_boards}")
    missing = [board for board in expected_boards if said.get(board) is None]
    if missing:
        return PredictionCheck(
            False,
            f"no prediction yet for {len(missing)} of the {len(expected_boards)} boards, such "
            f"as {missing[0]}: write 'X wins', 'draw' or 'O wins'.",
        )
    for board, result in said.items():
        if result not in RESULTS:
            raise ValueError(
                f"the prediction for {board} must be one of {', '.join(map(repr, RESULTS))}, "
                f"not {result!r}"
            )
    wrong = [
        board for board in expected_boards if RESULTS[str(said[board])] != solve(State.new(*board))
    ]
    total = len(expected_boards)
    if not wrong:
        return PredictionCheck(True, f"all {total} predictions are right. Well done!")
    verb = "is" if len(wrong) == 1 else "are"
    hints = []
    if "O wins" in said.values():
        hints.append("No m,n,k game is a win for O: remember the strategy-stealing argument.")
    hints.append(
        "For each board ask: which lines exist at all? Could O pair them? Does the board "
        "contain a smaller board that X wins?"
    )
    return PredictionCheck(
        False, f"{len(wrong)} of your {total} predictions {verb} wrong. " + " ".join(hints)
    )
