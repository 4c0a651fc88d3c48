"""Checks for the lessons' exercises: run your function on many positions, see where it differs.

Each ``check_...`` function calls the function you wrote on many positions, compares it with
the reference from :mod:`tictac`, and returns a :class:`Report`. In a notebook the report
shows the first few positions where your answer differs, as pictures, with the expected and
the actual answer.

>>> from tictac.state import State
>>> def lazy_winner(state):
...     return None
>>> report = check_winner(lazy_winner)
>>> report.passed
False
>>> print(report.summary())
winner: 942 of 5478 positions differ from the reference.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from tictac.pictures import board_svg
from tictac.scoring import Score, win_loss
from tictac.search import alphabeta, minimax
from tictac.state import State, reachable_states

__all__ = [
    "CountCheck",
    "GameCheck",
    "Mismatch",
    "MoveOrderReport",
    "OneOf",
    "PredictionReport",
    "Report",
    "check_alphabeta",
    "check_alphabeta_nodes",
    "check_centre_rule",
    "check_completing_moves",
    "check_count",
    "check_depth_aware_minimax",
    "check_fork_rule",
    "check_function",
    "check_heuristic",
    "check_minimax",
    "check_move_order",
    "check_predicted_moves",
    "check_rule",
    "check_sensible_level",
    "check_subtree_sum",
    "check_win_against",
    "check_winner",
    "exercise_positions",
    "fork_moves",
]

SHOWN = 6  # how many differing positions a report draws


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

    def __str__(self) -> str:
        lines = [self.summary()]
        for m in self.mismatches[:SHOWN]:
            lines.append(
                f"  {m.state.text} ({m.state.turn} to move): expected {m.expected!r}, got {m.got!r}"
            )
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        colour = "#2f855a" if self.passed else "#b91c1c"
        parts = [f'<p style="color:{colour}"><b>{html.escape(self.summary())}</b></p>']
        if self.mismatches:
            shown = self.mismatches[:SHOWN]
            more = len(self.mismatches) - len(shown)
            parts.append('<div style="display:flex;flex-wrap:wrap;gap:14px">')
            for m in shown:
                parts.append(
                    '<div style="text-align:center;font-size:12px">'
                    f"{board_svg(m.state, cell=26)}<br>{m.state.turn} to move<br>"
                    f"expected <b>{html.escape(repr(m.expected))}</b><br>"
                    f"got <b>{html.escape(repr(m.got))}</b></div>"
                )
            parts.append("</div>")
            if more:
                parts.append(f"<p>… and {more} more.</p>")
        return "".join(parts)


def check_function(
    name: str,
    function: Callable[[State], Any],
    reference: Callable[[State], Any],
    positions: Iterable[State],
) -> Report:
    """Compare `function` with `reference` on every position; the engine of every check."""
    report = Report(name, 0)
    for state in positions:
        expected = reference(state)
        try:
            got = function(state)
        except Exception as error:  # the student's code: report, don't crash the lesson
            report.error = f"{type(error).__name__}: {error} (on the board {state.text})"
            return report
        report.checked += 1
        if got != expected:
            report.mismatches.append(Mismatch(state, expected, got))
    return report


def exercise_positions(*, min_marks: int = 0, up_to_symmetry: bool = False) -> list[State]:
    """Reachable 3x3 positions the checks use, in a fixed order (by marks, then board text)."""
    states = [s for s in reachable_states() if s.moves_made >= min_marks]
    if up_to_symmetry:
        states = list({s.canonical(): s.canonical() for s in states}.values())
    return sorted(states, key=lambda s: (s.moves_made, s.text))


def check_winner(function: Callable[[State], str | None]) -> Report:
    """Check a function ``winner(state) -> "X" | "O" | None`` on all 5,478 positions."""
    return check_function("winner", function, lambda s: s.winner, exercise_positions())


def check_minimax(function: Callable[[State], float], *, score: Score = win_loss) -> Report:
    """Check a function ``my_minimax(state) -> value`` (X's view) against the reference.

    It runs on every position with at least two marks whose game is still running, one per
    group of mirror images (so the check takes seconds even for plain, unmemoised minimax).
    """
    positions = [
        s for s in exercise_positions(min_marks=2, up_to_symmetry=True) if not s.is_terminal
    ]
    return check_function(
        "minimax", function, lambda s: minimax(s, score=score, memo="plain").value, positions
    )


def check_alphabeta(function: Callable[[State], float], *, score: Score = win_loss) -> Report:
    """Check ``my_alphabeta(state) -> value``: it must give minimax's value everywhere."""
    report = check_minimax(function, score=score)
    report.name = "alpha-beta"
    return report


# ---------------------------------------------------------------------------------------------
# Lesson 1: counting


def _positions_with_marks(marks: int) -> int:
    return sum(1 for s in reachable_states() if s.moves_made == marks)


def _losing_replies(opening: int) -> int:
    from tictac.solver import solve

    after = State.new().play(opening)
    return sum(1 for reply in after.legal_moves() if solve(after.play(reply)) > 0)


def _full_board_wins(player: str) -> int:
    return sum(1 for s in reachable_states() if s.moves_made == 9 and s.winner == player)


COUNT_QUESTIONS: dict[str, Callable[[], int]] = {
    "positions with two marks": lambda: _positions_with_marks(2),
    "positions with three marks": lambda: _positions_with_marks(3),
    "positions with four marks": lambda: _positions_with_marks(4),
    "full boards won by X": lambda: _full_board_wins("X"),
    "losing replies to a corner opening": lambda: _losing_replies(0),
    "losing replies to a centre opening": lambda: _losing_replies(4),
}
"""The counting questions :func:`check_count` knows, each with a way to count it live."""


@dataclass(frozen=True)
class CountCheck:
    """The answer to a counting question, compared with a live count."""

    question: str
    answer: int
    expected: int

    @property
    def passed(self) -> bool:
        return self.answer == self.expected

    def __str__(self) -> str:
        if self.passed:
            return f"{self.question}: {self.answer} is right."
        hint = "too many" if self.answer > self.expected else "too few"
        return f"{self.question}: {self.answer} is {hint}; count again."

    __repr__ = __str__

    def _repr_html_(self) -> str:
        colour = "#2f855a" if self.passed else "#b91c1c"
        return f'<span style="color:{colour}"><b>{html.escape(str(self))}</b></span>'


def check_count(question: str, answer: int) -> CountCheck:
    """Check a count from Lesson 1 against the live count, without giving it away.

    >>> check_count("positions with two marks", 72)
    positions with two marks: 72 is right.
    """
    count = COUNT_QUESTIONS.get(question)
    if count is None:
        raise ValueError(
            f"unknown question {question!r}; the questions are: {', '.join(COUNT_QUESTIONS)}"
        )
    return CountCheck(question, answer, count())


# ---------------------------------------------------------------------------------------------
# Lessons 2 and 4: rules of thumb, difficulty levels and the brute-force sum


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
    """
    import random

    rng = random.Random(seed)
    choose = getattr(rule, "choose", None)

    def move_of(state: State) -> Any:
        move = choose(state) if choose is not None else rule(state, rng)
        try:
            return state.index_of(move)
        except ValueError:
            return move

    report = Report(name, 0)
    for state in exercise_positions():
        if state.is_terminal:
            continue
        expected = OneOf(tuple(sorted(allowed(state))))
        try:
            got = move_of(state)
        except Exception as error:  # the student's code: report, don't crash the lesson
            report.error = f"{type(error).__name__}: {error} (on the board {state.text})"
            return report
        report.checked += 1
        if got not in expected.moves:
            report.mismatches.append(Mismatch(state, expected, got))
    return report


def _wins_then_blocks(state: State) -> tuple[int, ...]:
    """The immediate wins if there are any, else the blocks, else nothing."""
    from tictac.players import completing_moves
    from tictac.state import other

    wins = completing_moves(state, state.turn)
    return tuple(wins or completing_moves(state, other(state.turn)))


def fork_moves(state: State) -> tuple[int, ...]:
    """The moves after which the player to move threatens to complete two lines at once.

    >>> fork_moves(State.parse("X../.O./..X").play(2))   # X's block at 6 is also a fork
    (6,)
    """
    from tictac.players import completing_moves

    me = state.turn
    return tuple(
        move for move in state.legal_moves() if len(completing_moves(state.play(move), me)) >= 2
    )


def check_completing_moves(function: Callable[[State, str], Iterable[int]]) -> Report:
    """Check ``my_completing_moves(state, player)``: the empty cells that would complete a
    line for `player`, on all 5,478 positions and for both players (any order is fine).

    >>> from tictac.players import completing_moves
    >>> check_completing_moves(completing_moves).passed
    True
    """
    from tictac.players import completing_moves

    return check_function(
        "completing moves",
        lambda s: {p: sorted(set(function(s, p))) for p in ("X", "O")},
        lambda s: {p: completing_moves(s, p) for p in ("X", "O")},
        exercise_positions(),
    )


def check_centre_rule(rule: Callable[[State, Any], Any]) -> Report:
    """Check a rule that wins if it can, else blocks, else takes the free centre, else plays
    anywhere.

    >>> check_centre_rule(lambda state, rng: state.legal_moves()[0]).passed
    False
    """

    def allowed(state: State) -> tuple[int, ...]:
        centre = (state.rows // 2) * state.cols + state.cols // 2
        forced = _wins_then_blocks(state)
        if forced:
            return forced
        return (centre,) if centre in state.legal_moves() else state.legal_moves()

    return check_rule("centre rule", rule, allowed)


def check_fork_rule(rule: Callable[[State, Any], Any]) -> Report:
    """Check a rule that wins if it can, else blocks, else makes a fork if there is one
    (see :func:`fork_moves`), else plays anywhere.

    >>> from tictac.players import tactical
    >>> print(check_fork_rule(tactical(win=True, block=True)).summary())
    fork rule: ... of 4520 positions differ from the reference.
    """
    return check_rule(
        "fork rule",
        rule,
        lambda s: _wins_then_blocks(s) or fork_moves(s) or s.legal_moves(),
    )


def check_sensible_level(rule: Callable[[State, Any], Any]) -> Report:
    """Check that a difficulty level never looks silly: it takes a win when it has one, and
    otherwise blocks the opponent's only threat; anything else is up to the level. (Against
    two threats at once every move loses, so then any move will do.)

    >>> from tictac.players import optimal, random_move
    >>> check_sensible_level(optimal()).passed, check_sensible_level(random_move).passed
    (True, False)
    """

    from tictac.players import completing_moves
    from tictac.state import other

    def allowed(state: State) -> tuple[int, ...]:
        wins = completing_moves(state, state.turn)
        if wins:
            return tuple(wins)
        blocks = completing_moves(state, other(state.turn))
        return tuple(blocks) if len(blocks) == 1 else state.legal_moves()

    return check_rule("sensible level", rule, allowed)


def check_subtree_sum(function: Callable[[State, str], float]) -> Report:
    """Check ``subtree_sum(state, me)``: the brute-force player's sum, over every finished
    game below `state`, of `me`'s score 50/d for a win, 10/d for a draw and -10/d for a
    loss, where d is the number of marks on the final board plus one.

    It runs on positions with at least five marks, one per group of mirror images, for both
    players, and compares the sums rounded to three decimals.
    """
    from tictac.players import subtree_sum

    return check_function(
        "subtree sum",
        lambda s: {me: round(function(s, me), 3) for me in ("X", "O")},
        lambda s: {me: round(subtree_sum(s, me), 3) for me in ("X", "O")},
        exercise_positions(min_marks=5, up_to_symmetry=True),
    )


# ---------------------------------------------------------------------------------------------
# Lesson 6: heuristics


def _heuristic_positions(rows: int, cols: int, k: int, marks: int) -> list[State]:
    states = []
    for state in reachable_states(State.new(rows, cols, k)):
        if state.moves_made > marks:
            break
        states.append(state)
    return states


def check_heuristic(heuristic: Score, *, rows: int = 4, cols: int = 4, k: int = 4) -> Report:
    """Check a heuristic ``h(state, depth) -> number`` for the properties every good one has.

    On positions of an m,n,k board (4x4 by default) with up to three marks, and on a few
    finished ones: mirror images get the same value, and a position X has won is worth more
    than 0.
    """
    positions = _heuristic_positions(rows, cols, k, 3)
    won = []
    for first in (0, rows * cols - 1):
        game = State.new(rows, cols, k)
        line = next(line for line in _lines_of(game) if first in line)
        others = [c for c in range(rows * cols) if c not in line]
        for x_cell, o_cell in zip(line, others):
            game = game.play(x_cell)
            if not game.is_terminal:
                game = game.play(o_cell)
        won.append(game)

    def reference(state: State) -> object:
        if state.winner == "X":
            return "positive"
        if state.winner == "O":
            return "negative"
        return "the same for all mirror images"

    def verdict(state: State) -> object:
        value = heuristic(state, 0)
        if state.winner == "X":
            return "positive" if value > 0 else value
        if state.winner == "O":
            return "negative" if value < 0 else value
        images = {heuristic(image, 0) for image in state.symmetries()}
        return "the same for all mirror images" if len(images) == 1 else sorted(images)

    return check_function("heuristic", verdict, reference, [*positions, *won])


def _lines_of(state: State) -> tuple[tuple[int, ...], ...]:
    """The winning lines of `state`'s board."""
    from tictac.state import winning_lines

    return winning_lines(state.rows, state.cols, state.k)


# ---------------------------------------------------------------------------------------------
# Lessons 3 and 5: minimax, its score scales, alpha-beta and move ordering


def check_depth_aware_minimax(function: Callable[[State], float]) -> Report:
    """Check ``my_minimax(state) -> value`` with depth-aware scores: a finished game is worth
    the number of empty cells plus one to the winner (+ for X, - for O) and 0 for a draw, so a
    quicker win counts for more (:func:`~tictac.scoring.depth_aware`).

    It runs on the same positions as :func:`check_minimax`.
    """
    from tictac.scoring import depth_aware

    report = check_minimax(function, score=depth_aware)
    report.name = "depth-aware minimax"
    return report


class PredictionReport(Report):
    """A :class:`Report` on predicted moves that says which guesses are wrong, not the answers."""

    def summary(self) -> str:
        if self.error is not None:
            return f"{self.name}: a prediction could not be checked: {self.error}"
        if self.passed:
            return f"{self.name}: all {self.checked} predictions are right. Well done!"
        return (
            f"{self.name}: {len(self.mismatches)} of {self.checked} predictions are not the "
            "move minimax plays. Look at the value of every move, then guess again."
        )

    def __str__(self) -> str:
        lines = [self.summary()]
        for m in self.mismatches:
            lines.append(f"  {m.state.text} ({m.state.turn} to move): not {m.got!r}")
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        colour = "#2f855a" if self.passed else "#b91c1c"
        parts = [f'<p style="color:{colour}"><b>{html.escape(self.summary())}</b></p>']
        if self.mismatches:
            parts.append('<div style="display:flex;flex-wrap:wrap;gap:14px">')
            for m in self.mismatches:
                parts.append(
                    '<div style="text-align:center;font-size:12px">'
                    f"{board_svg(m.state, cell=26)}<br>{m.state.turn} to move<br>"
                    f"not <b>{html.escape(repr(m.got))}</b></div>"
                )
            parts.append("</div>")
        return "".join(parts)


def check_predicted_moves(
    predictions: dict[Any, Any], *, score: Score = win_loss
) -> PredictionReport:
    """Check guesses ``{position: move}`` of the move minimax plays with `score`, taking the
    first best move in board order (``tie_break="first"``, as the tutorials do).

    Positions may be given as states or as board text. The report says which guesses are
    wrong without giving the right moves away.

    >>> check_predicted_moves({"XX./OO./...": 2}).passed
    True
    >>> print(check_predicted_moves({"XX./OO./...": 5}))
    moves chosen with win_loss: 1 of 1 predictions are not the move minimax plays. ...
      XX./OO./...  (X to move): not 5
    """
    name = f"moves chosen with {getattr(score, '__name__', 'your score')}"
    report = PredictionReport(name, 0)
    for position, guess in predictions.items():
        try:
            state = position if isinstance(position, State) else State.parse(position)
        except ValueError as error:
            report.error = f"{position!r}: {error}"
            return report
        expected = minimax(state, score=score, memo="plain").move
        report.checked += 1
        if guess != expected:
            report.mismatches.append(Mismatch(state, expected, guess))
    return report


def _textbook_alphabeta(state: State, order: Callable[[State], Iterable[int]]) -> tuple[float, int]:
    """Alpha-beta as the textbook writes it (one window shared by the root's moves), trying the
    moves in `order`: the value of `state` and the number of positions visited, itself included.
    """
    result = alphabeta(state, order_moves=order, exact_root=False)
    return result.value, result.stats.nodes


def check_alphabeta_nodes(function: Callable[[State], int]) -> Report:
    """Check ``count_alphabeta(state) -> int``: how many positions alpha-beta visits from
    `state`, `state` itself included, trying moves in board order, with values +1/0/-1 and a
    cut as soon as alpha >= beta (18,297 from the empty board).

    It runs on every position with at least two marks, one per group of mirror images.
    """
    positions = exercise_positions(min_marks=2, up_to_symmetry=True)
    return check_function(
        "alpha-beta positions visited",
        function,
        lambda s: _textbook_alphabeta(s, State.legal_moves)[1],
        positions,
    )


@dataclass(repr=False)
class MoveOrderReport(Report):
    """A :class:`Report` on a move order, with what it saves alpha-beta from the empty board."""

    nodes: int = 0
    board_order_nodes: int = 0

    def summary(self) -> str:
        if not self.passed:
            return super().summary()
        saving = self.board_order_nodes / self.nodes
        return (
            f"{self.name}: every legal move exactly once in all {self.checked:,} positions. "
            f"From the empty board alpha-beta visits {self.nodes:,} positions in your order, "
            f"{self.board_order_nodes:,} in board order ({saving:.1f} times as many)."
        )


def check_move_order(order: Callable[[State], Iterable[int]]) -> MoveOrderReport:
    """Check a move order ``order(state) -> moves`` for alpha-beta, and measure it.

    On each of the 4,520 positions where the game is still on, `order` must give every legal
    move exactly once. If it does, the report counts the positions a textbook alpha-beta
    visits from the empty board trying moves in this order, and in board order.

    >>> report = check_move_order(lambda state: reversed(state.legal_moves()))
    >>> report.passed, report.board_order_nodes
    (True, 18297)
    """
    positions = [s for s in exercise_positions() if not s.is_terminal]
    report = check_function(
        "move order",
        lambda s: sorted(order(s)),
        lambda s: list(s.legal_moves()),
        positions,
    )
    result = MoveOrderReport(report.name, report.checked, report.mismatches, report.error)
    if result.passed:
        result.nodes = _textbook_alphabeta(State.new(), lambda s: tuple(order(s)))[1]
        result.board_order_nodes = _textbook_alphabeta(State.new(), State.legal_moves)[1]
    return result


# ---------------------------------------------------------------------------------------------
# Lesson 7: playing


@dataclass(frozen=True)
class GameCheck:
    """A game replayed from a list of moves against an AI level, and what became of it."""

    level: str
    final: State
    you: str
    note: str

    @property
    def passed(self) -> bool:
        return self.final.winner == self.you

    def __str__(self) -> str:
        return f"against {self.level}: {self.note}"

    __repr__ = __str__

    def _repr_html_(self) -> str:
        colour = "#2f855a" if self.passed else "#b91c1c"
        return (
            '<div style="display:flex;gap:14px;align-items:center">'
            f"{board_svg(self.final, cell=30)}"
            f'<span style="color:{colour}"><b>{html.escape(str(self))}</b></span></div>'
        )


def check_win_against(level: str, moves: list[int], *, you: str = "X", seed: int = 0) -> GameCheck:
    """Replay your `moves` (cell numbers) against the AI `level` and say whether you won.

    The AI is seeded, so the same moves always meet the same replies. Moves that are no longer
    legal when their turn comes (the AI took the cell) end the replay with a note.

    >>> check_win_against("random", [4, 0, 8], seed=1)
    against random: you win in 3 moves!
    >>> check_win_against("random", [4], seed=1)
    against random: the game is still running after your moves (X to move).
    """
    from tictac.players import make_player

    ai = make_player(level, seed=seed)
    state = State.new()
    pending = list(moves)
    while not state.is_terminal:
        if state.turn == you:
            if not pending:
                return GameCheck(
                    level,
                    state,
                    you,
                    f"the game is still running after your moves ({state.turn} to move).",
                )
            move = pending.pop(0)
            if move not in state.legal_moves():
                return GameCheck(
                    level,
                    state,
                    you,
                    f"your move {move} is not legal here; the AI may have taken it.",
                )
            state = state.play(move)
        else:
            state = state.play(ai.choose(state))
    if state.winner == you:
        note = f"you win in {state.cells.count(you)} moves!"
    elif state.winner is None:
        note = "a draw."
    else:
        note = "the AI wins."
    return GameCheck(level, state, you, note)
