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
from typing import Any, ClassVar

from tictac.pictures import board_svg
from tictac.state import State, reachable_states

__all__ = [
    "SHOWN",
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
        revealed = self.revealed()
        if revealed is not None:
            name, source = revealed
            lines += ["", f"Compare yours with the package's reference, {name}:", "", source]
        return "\n".join(lines)

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
        revealed = self.revealed()
        if revealed is not None:
            name, source = revealed
            parts.append(
                f"<details><summary>Compare yours with the package's reference, "
                f"<code>{html.escape(name)}</code> (click to open)</summary>"
                f"<pre><code>{html.escape(source)}</code></pre></details>"
            )
        return "".join(parts)


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
    package's own short version, :func:`tictac.textbook.minimax_value`), never before.
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
