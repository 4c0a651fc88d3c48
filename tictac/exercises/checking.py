"""What every exercise check shares: run a function on many positions, report where it differs.

A check calls the function you wrote on many positions, compares each answer with the
reference's, and returns a :class:`Report`. In a notebook the report shows the first few
positions where your answer differs, as pictures, with the expected and the actual answer.
Each lesson's checks (in the ``lessonNN_...`` modules beside this one) are built on
:func:`check_function` (one right answer per position) or :func:`check_rule` (a move that must
be one of the allowed moves).

>>> report = check_function(
...     "moves left",
...     lambda state: 9 - state.moves_made,   # forgets that a won game has no moves left
...     lambda state: len(state.legal_moves()),
...     exercise_positions(min_marks=8),
... )
>>> print(report)
moves left: 168 of 468 positions differ from the reference.
  .OO/XOX/OXX (X to move): expected 0, got 1
...
"""

from __future__ import annotations

import html
import inspect
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from tictac.game.state import State, reachable_states
from tictac.pictures.boards import board_svg

__all__ = [
    "SHOWN",
    "CaseReport",
    "Mismatch",
    "OneOf",
    "Report",
    "board_card",
    "board_verdict_html",
    "check_function",
    "check_rule",
    "exercise_positions",
    "verdict_html",
]

SHOWN = 6  # how many differing positions a report draws

# Passed and failed differ in symbol and word as well as colour, and the two colours (from the
# Okabe-Ito palette, darkened for text) stay apart for colour-blind readers.
_VERDICT = {True: ("#00785a", "✓", "passed"), False: ("#b34700", "✗", "failed")}


def verdict_html(text: str, passed: bool, tag: str = "span") -> str:
    """`text` in bold inside an HTML `tag`, after a tick (`passed`) or a cross.

    The element carries ``data-check="passed"`` or ``"failed"``, so a test can read a stored
    verdict without parsing its wording.

    >>> verdict_html("all right", True)
    '<span data-check="passed" style="color:#00785a"><b>✓ all right</b></span>'
    """
    colour, symbol, word = _VERDICT[passed]
    return (
        f'<{tag} data-check="{word}" style="color:{colour}"><b>{symbol} {html.escape(text)}</b>'
        f"</{tag}>"
    )


def board_card(state: State, answers: Iterable[tuple[str, Any]]) -> str:
    """A small picture of `state` with whose turn it is and the labelled `answers` below it.

    >>> board_card(State.new(), [("got", 4)])
    '<div ...>...<br>X to move<br>got <b>4</b></div>'
    """
    lines = "<br>".join(f"{label} <b>{html.escape(repr(value))}</b>" for label, value in answers)
    return (
        '<div style="text-align:center;font-size:12px">'
        f"{board_svg(state, cell_size=26)}<br>{state.turn} to move<br>{lines}</div>"
    )


def board_verdict_html(state: State, text: str, passed: bool) -> str:
    """A verdict beside a picture of the board it is about (a game a check played out).

    >>> board_verdict_html(State.new(), "not over yet", False)
    '<div ...><svg ...</svg><span data-check="failed" ...><b>✗ not over yet</b></span></div>'
    """
    return (
        '<div style="display:flex;gap:14px;align-items:center">'
        f"{board_svg(state, cell_size=30)}{verdict_html(text, passed)}</div>"
    )


@dataclass(frozen=True)
class Mismatch:
    """A position where the function's answer differs from the reference."""

    state: State
    expected: Any
    got: Any


@dataclass(repr=False)
class Report:
    """The result of a check: how many positions were tried and where the answers differ."""

    name: str
    checked: int
    mismatches: list[Mismatch] = field(default_factory=list)
    error: str | None = None
    reference: Callable[..., Any] | None = None
    """The package's own version of what the student wrote, shown once the check passes."""

    shown: ClassVar[int | None] = SHOWN
    """How many mismatches the report shows (None: all of them)."""

    @property
    def passed(self) -> bool:
        """True when the function agreed with the reference everywhere."""
        return not self.mismatches and self.error is None and self.checked > 0

    def summary(self) -> str:
        """One line: passed, or how many positions differ."""
        if self.error is not None:
            return f"{self.name}: your function stopped with an error: {self.error}"
        if self.passed:
            return f"{self.name}: all {self.checked} positions agree with the reference. Well done!"
        return (
            f"{self.name}: {len(self.mismatches)} of {self.checked} positions differ from the "
            "reference."
        )

    def _answers(self, mismatch: Mismatch) -> list[tuple[str, Any]]:
        """What the report says under a differing position: labelled values."""
        return [("expected", mismatch.expected), ("got", mismatch.got)]

    def revealed(self) -> tuple[str, str] | None:
        """Once the check passes, the reference's name and source, to compare with yours
        (before that, None: a lesson never shows the answer before the student has one)."""
        if not self.passed or self.reference is None:
            return None
        function = self.reference
        return f"{function.__module__}.{function.__qualname__}", inspect.getsource(function)

    def __str__(self) -> str:
        lines = [self.summary()]
        for m in self.mismatches[: self.shown]:
            said = ", ".join(f"{label} {value!r}" for label, value in self._answers(m))
            lines.append(f"  {m.state.text} ({m.state.turn} to move): {said}")
        return "\n".join(lines + compare_lines(self.revealed(), "the package's reference"))

    __repr__ = __str__

    def _repr_html_(self) -> str:
        parts = [verdict_html(self.summary(), self.passed, tag="p")]
        if self.mismatches:
            shown = self.mismatches[: self.shown]
            more = len(self.mismatches) - len(shown)
            parts.append('<div style="display:flex;flex-wrap:wrap;gap:14px">')
            parts.extend(board_card(m.state, self._answers(m)) for m in shown)
            parts.append("</div>")
            if more:
                parts.append(f"<p>… and {more} more.</p>")
        return "".join(parts) + compare_html(self.revealed(), "the package's reference")


def compare_lines(revealed: tuple[str, str] | None, whose: str) -> list[str]:
    """The lines that end a passed report's text: the reference's name and source."""
    if revealed is None:
        return []
    name, source = revealed
    return ["", f"Compare yours with {whose}, {name}:", "", source]


def compare_html(revealed: tuple[str, str] | None, whose: str) -> str:
    """The same as :func:`compare_lines`, as HTML: closed until the student opens it."""
    if revealed is None:
        return ""
    name, source = revealed
    return (
        f"<details><summary>Compare yours with {whose}, <code>{html.escape(name)}</code> "
        f"(click to open)</summary><pre><code>{html.escape(source)}</code></pre></details>"
    )


Case = TypeVar("Case")


@dataclass(repr=False)
class CaseReport(Generic[Case]):
    """The verdict of a check whose questions are not positions to draw (a bandit's arms, a
    matchbox, some pairs on a board): how many were asked, and each one answered wrong, with
    the answer given.

    A kind of check says what its questions are called (`noun`), what a right answer does
    (`agreed`) and a wrong one (`differ`), and may add a :meth:`hint` that names the likeliest
    mistake, a :meth:`reference` to show once the check passes (never before), and how to
    :meth:`describe` a wrong answer in one line (and, in :meth:`wrong_html`, as a picture).

    >>> report = CaseReport("squares", 3, wrong=[(4, 15)])
    >>> print(report)
    squares: 1 of 3 cases differ from the reference.
      4: got 15
    """

    name: str
    checked: int = 0
    wrong: list[tuple[Case, Any]] = field(default_factory=list)
    error: str | None = None

    shown: ClassVar[int] = 5
    noun: ClassVar[str] = "cases"
    agreed: ClassVar[str] = "agree with the reference"
    differ: ClassVar[str] = "differ from the reference"

    @property
    def passed(self) -> bool:
        """True when every question was answered right (and at least one was asked)."""
        return not self.wrong and self.error is None and self.checked > 0

    def hint(self) -> str:
        """What the wrong answers suggest went wrong ("" when there is nothing to add)."""
        return ""

    def reference(self) -> Callable[..., Any] | None:
        """The package's own answer to the exercise, shown once the check passes (or None)."""
        return None

    def describe(self, case: Case, got: Any) -> str:
        """One wrong answer, in one line."""
        return f"{case}: got {got!r}"

    def summary(self) -> str:
        """One line: passed, or how many questions were answered wrong, and the hint."""
        if self.error is not None:
            return f"{self.name}: your function stopped with an error: {self.error}"
        if self.passed:
            return f"{self.name}: all {self.checked} {self.noun} {self.agreed}. Well done!"
        hint = self.hint()
        return f"{self.name}: {len(self.wrong)} of {self.checked} {self.noun} {self.differ}." + (
            f" {hint}" if hint else ""
        )

    def revealed(self) -> tuple[str, str] | None:
        """Once the check passes, the reference's name and source (before that, None)."""
        function = self.reference()
        if not self.passed or function is None:
            return None
        return f"{function.__module__}.{function.__qualname__}", inspect.getsource(function)

    def wrong_html(self, shown: list[tuple[Case, Any]]) -> str:
        """The first wrong answers in HTML: a list of their descriptions."""
        items = "".join(
            f"<li><code>{html.escape(self.describe(case, got))}</code></li>" for case, got in shown
        )
        return f"<ul>{items}</ul>"

    def __str__(self) -> str:
        lines = [self.summary()]
        lines += [f"  {self.describe(case, got)}" for case, got in self.wrong[: self.shown]]
        return "\n".join(lines + compare_lines(self.revealed(), "the package's"))

    __repr__ = __str__

    def _repr_html_(self) -> str:
        parts = [verdict_html(self.summary(), self.passed, tag="p")]
        if self.wrong:
            shown = self.wrong[: self.shown]
            parts.append(self.wrong_html(shown))
            if len(self.wrong) > len(shown):
                parts.append(f"<p>… and {len(self.wrong) - len(shown)} more.</p>")
        return "".join(parts) + compare_html(self.revealed(), "the package's")


def _equal(expected: Any, got: Any) -> bool:
    return bool(got == expected)


def check_function(
    name: str,
    function: Callable[[State], Any],
    reference: Callable[[State], Any],
    positions: Iterable[State],
    *,
    agree: Callable[[Any, Any], bool] = _equal,
    reveal: Callable[..., Any] | None = None,
) -> Report:
    """Compare `function` with `reference` on every position; the engine of every check.

    An answer is right when ``agree(expected, got)``: by default, when it equals the
    reference's. If `function` raises, the report says so and names the board (the lesson
    goes on). `reveal` is code to show the student once the check passes (e.g. the
    package's own short version, :func:`tictac.search.textbook.minimax_value`), never before.
    """
    report = Report(name, 0, reference=reveal)
    for state in positions:
        expected = reference(state)
        try:
            got = function(state)
        except Exception as error:  # the student's code: report, don't crash the lesson
            report.error = f"{type(error).__name__}: {error} (on the board {state.text})"
            return report
        report.checked += 1
        if not agree(expected, got):
            report.mismatches.append(Mismatch(state, expected, got))
    return report


def exercise_positions(*, min_marks: int = 0, up_to_symmetry: bool = False) -> list[State]:
    """Reachable 3x3 positions the checks use, in a fixed order (by marks, then board text).

    >>> len(exercise_positions()), len(exercise_positions(up_to_symmetry=True))
    (5478, 765)
    """
    states = [s for s in reachable_states() if s.moves_made >= min_marks]
    if up_to_symmetry:
        states = list({s.canonical(): s.canonical() for s in states}.values())
    return sorted(states, key=lambda s: (s.moves_made, s.text))


@dataclass(frozen=True)
class OneOf:
    """The moves a rule may choose in a position; shown as "one of 3, 7"."""

    moves: tuple[int, ...]

    def __repr__(self) -> str:
        if len(self.moves) == 1:
            return str(self.moves[0])
        return "one of " + ", ".join(str(move) for move in self.moves)


def check_rule(
    name: str,
    rule: Callable[[State, Any], Any],
    allowed: Callable[[State], Iterable[int]],
    *,
    seed: int = 0,
) -> Report:
    """Run a player's rule ``rule(state, rng)`` on every position where the game is still on
    (4,520 of them) and check that each move it makes is one of the `allowed` moves.

    `rule` may also be a player (anything with ``choose(state)``), and may answer with a
    ``(row, col)`` pair; `rng` is a ``random.Random(seed)`` shared by all the calls.

    >>> print(check_rule("corners only", lambda state, rng: state.legal_moves()[0],
    ...                  lambda state: [m for m in state.legal_moves() if m in (0, 2, 6, 8)]))
    corners only: 1887 of 4520 positions differ from the reference.
      X../.../... (O to move): expected one of 2, 6, 8, got 1
    ...
    """
    rng = random.Random(seed)
    choose = getattr(rule, "choose", None)

    def move_of(state: State) -> Any:
        move = choose(state) if choose is not None else rule(state, rng)
        try:
            return state.index_of(move)
        except ValueError:
            return move

    return check_function(
        name,
        move_of,
        lambda state: OneOf(tuple(sorted(allowed(state)))),
        [state for state in exercise_positions() if not state.is_terminal],
        agree=lambda expected, got: got in expected.moves,
    )
