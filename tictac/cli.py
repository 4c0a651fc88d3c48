"""The command line: play in a terminal, analyse a board, run a tournament.

Run it as ``tictac`` (the console script) or ``python -m tictac``::

    tictac play                          # you (X) against the perfect player on 3x3
    tictac play --level novice --first ai --size 4x4
    tictac analyze "XO./.X./..O"         # value of the position and of every move
    tictac analyze XO..X.... --json      # the same for machines
    tictac tournament master random --games 200 --seed 1

Cells are numbered as everywhere in the package: 0 to n-1, row by row from the top left
(0-8 on 3x3), and ``row,col`` pairs count from 0, so ``1,1`` is the centre of a 3x3 board.
``tictac play`` accepts either form; ``tictac analyze`` reports moves by cell number.

A board may start with ``-`` (an empty cell): ``tictac analyze -X-------`` takes it as the
board, not as an option (``tictac analyze -- -X-------`` says so explicitly).

Exit status: 0 when all went well (a game that ends, or that you leave with ``q`` or end of
input), 2 for bad input (unknown option or level, bad ``--size``, a ``k`` that does not fit,
an invalid board, more games than ``MAX_GAMES``) and for output that cannot be written (a
full disk), 130 when interrupted with Ctrl-C. An error is one line on stderr,
``tictac COMMAND: error: <what is wrong and what to do>``, after the usage line when the
options themselves are wrong. In a game, a bad move is not an error: the reason is printed
with the board's conversation on stdout and the move asked for again. A long tournament
prints its progress on stderr, a line every second.

Searches have a budget (``--budget``, see :mod:`tictac.search.budget`): one that spends it without
an answer is an error too (exit status 2), and one that takes more than a second reports its
progress on stderr, once a second.

>>> main(["analyze", "XX./OO./..."])
 X | X | 2
---+---+---
 O | O | 5
---+---+---
 6 | 7 | 8
X to move.
Value: X wins in 1 move with best play.
...
0
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import sys
import textwrap
import time
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NoReturn, cast

from tictac import __version__
from tictac.game.state import MAX_SIDE, IllegalMove, InvalidBoard, State, cells_label
from tictac.play.levels import CATALOGUE, canonical_level, level_names, make_player
from tictac.players.rules import Player
from tictac.players.tournament import MatchResult, play_match, wilson_interval
from tictac.search import solver
from tictac.search.budget import (
    SOLVER_BUDGET,
    Budget,
    BudgetExceeded,
    BudgetLike,
    Progress,
    meter,
    reporting,
)

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

__all__ = ["MAX_GAMES", "build_parser", "format_board", "main", "parse_move"]

PROG = "tictac"
EXIT_OK = 0
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130

MAX_GAMES = 100_000
"""The most games ``tictac tournament`` plays in one run: enough to know a win rate to within
0.3 percentage points (95% confidence). More would only make a typo run for hours."""

PROGRESS_EVERY = 1.0
"""Seconds between two progress lines of a long tournament (on stderr)."""

_NUMBERING = """\
Cells are numbered 0 to n-1, row by row from the top left (0-8 on a 3x3 board);
a row,col pair counts from 0, so 1,1 is the centre of a 3x3 board."""


# ---------------------------------------------------------------------------------------------
# Pieces shared by the commands


def format_board(state: State) -> str:
    """The board with its marks, and each empty cell showing its number (row-major, from 0).

    >>> print(format_board(State.parse("XO./.X./..O")))
     X | O | 2
    ---+---+---
     3 | X | 5
    ---+---+---
     6 | 7 | O
    """
    width = len(str(len(state.cells) - 1))
    cols = state.cols
    rows = []
    for r in range(state.rows):
        cells = []
        for c in range(cols):
            i = r * cols + c
            mark = state.cells[i]
            cells.append(f" {mark if mark != '.' else str(i):>{width}} ")
        rows.append("|".join(cells).rstrip())
    rule = "+".join(["-" * (width + 2)] * cols)
    return f"\n{rule}\n".join(rows)


_NUMBER = r"[+-]?[0-9]+"
_PAIR = re.compile(rf"\(?\s*({_NUMBER})\s*(?:,|\s)\s*({_NUMBER})\s*\)?")
_MOST_DIGITS = 6
"""More digits than any cell number, row or column needs: a longer number is not read (Python
refuses to read numbers of over 4,300 digits, and the error would repeat all of them)."""


def _shown(text: str, limit: int = 30) -> str:
    """`text` quoted for an error message, cut short when long (the user typed it: no need to
    repeat a page of it).

    >>> print(_shown("centre"), _shown("9" * 100))
    'centre' '999999999999999999999999999999…'
    """
    return repr(text if len(text) <= limit else text[:limit] + "…")


def _ascii_digits(text: str) -> str:
    """`text` with every decimal digit written 0-9 (``٤`` and the full-width ``４`` are 4, as
    for Python's ``int``)."""
    return re.sub(r"\d", lambda digit: str(unicodedata.decimal(digit[0])), text)


def parse_move(text: str, state: State) -> int:
    """The cell index a human typed: a cell number, or ``row,col`` counted from 0.

    Raises :class:`IllegalMove` with the reason when the text is not a legal move.

    >>> s = State.new()
    >>> parse_move("4", s), parse_move("2,0", s), parse_move(" (0, 2) ", s)
    (4, 6, 2)
    >>> parse_move("centre", s)
    Traceback (most recent call last):
      ...
    tictac.game.state.IllegalMove: 'centre' is not a move: type a cell number from 0 to 8, ...
    >>> parse_move("9" * 5000, s)
    Traceback (most recent call last):
      ...
    tictac.game.state.IllegalMove: '999999999999999999999999999999…' is far outside ...
    """
    cleaned = _ascii_digits(text.strip())
    last = len(state.cells) - 1
    how = f"type a cell number from 0 to {last}, or row,col counting from 0 (such as 1,1)"
    if not cleaned:
        raise IllegalMove(f"nothing was typed: {how}; q quits")
    pair = _PAIR.fullmatch(cleaned)
    if pair:
        numbers = pair.groups()
    elif re.fullmatch(_NUMBER, cleaned):
        numbers = (cleaned,)
    else:
        raise IllegalMove(f"{_shown(cleaned)} is not a move: {how}")
    if any(len(number.lstrip("+-").lstrip("0")) > _MOST_DIGITS for number in numbers):
        raise IllegalMove(
            f"{_shown(cleaned)} is far outside the {state.rows}x{state.cols} board: {how}"
        )
    values = [int(number) for number in numbers]
    move = (values[0], values[1]) if pair else values[0]
    index = state.index_of(move)
    state.play(index)  # raises IllegalMove with the reason (taken cell, game over)
    return index


def _in_moves(plies: int) -> str:
    return f"in {plies} move" + ("" if plies == 1 else "s")


def _whole(text: str) -> int | None:
    """`text` as a whole number: an optional sign, then at most 18 digits (more mean nothing
    here, and Python refuses to read over 4,300); None when it is not one.

    >>> _whole(" 42 "), _whole("-٤"), _whole("4.0"), _whole("1_0"), _whole("9" * 19)
    (42, -4, None, None, None)
    """
    typed = _ascii_digits(text.strip())
    if not re.fullmatch(_NUMBER, typed) or len(typed.lstrip("+-").lstrip("0")) > 18:
        return None
    return int(typed)


def _k(text: str) -> int:
    """argparse type for ``--k``: a whole number (the board checks that it fits)."""
    k = _whole(text)
    if k is None and re.fullmatch(_NUMBER, _ascii_digits(text.strip())):
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is far too many in a row: k goes from 1 to the board's longer side, "
            f"at most {MAX_SIDE}"
        )
    if k is None:
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is not how many in a row win: give a whole number, such as 3"
        )
    return k


def _seed(text: str) -> int:
    """argparse type for ``--seed``: a whole number."""
    seed = _whole(text)
    if seed is None:
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is not a seed: give a whole number of at most 18 digits, such as 1"
        )
    return seed


def _games(text: str) -> int:
    """argparse type for ``--games``: a whole number from 1 to :data:`MAX_GAMES`.

    >>> _games("250")
    250
    >>> _games("1000000")
    Traceback (most recent call last):
      ...
    argparse.ArgumentTypeError: '1000000' games are too many: a tournament plays at most ...
    """
    games = _whole(text)
    if games is None and re.fullmatch(r"\s*\+?\d+\s*", text):
        games = MAX_GAMES + 1  # digits, more than 18 of them
    if games is None or games < 1:
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is not a number of games: give a whole number, 1 or more"
        )
    if games > MAX_GAMES:
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} games are too many: a tournament plays at most {MAX_GAMES:,} "
            "(enough to know a win rate to within 0.3 points); for more, run several "
            "tournaments with different --seed values"
        )
    return games


def _board_size(text: str) -> tuple[int, int]:
    """argparse type for ``--size``: ``RxC`` such as ``3x3`` or ``4x5``."""
    match = re.fullmatch(r"\s*([0-9]+)\s*[x×*]\s*([0-9]+)\s*", _ascii_digits(text.lower()))
    if not match:
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is not a board size: write rows x columns, such as 3x3 or 4x4"
        )
    if any(len(side.lstrip("0")) > _MOST_DIGITS for side in match.groups()):
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is far too large a board: rows and columns go from 1 to {MAX_SIDE}"
        )
    return int(match.group(1)), int(match.group(2))


def _level(text: str) -> str:
    """argparse type for a level: any name of the catalogue in :mod:`tictac.players.rules`."""
    try:
        canonical_level(text)
    except ValueError as error:  # it quotes the name, which need not take a page
        raise argparse.ArgumentTypeError(str(error).replace(repr(text), _shown(text))) from None
    return text


def _budget(text: str) -> Budget:
    """argparse type for ``--budget``: a whole number of positions, or ``none`` (no limit)."""
    if text.strip().lower() in ("none", "unlimited"):
        return Budget(positions=None)
    positions = _whole(text.replace(",", ""))
    if positions is None and re.fullmatch(_NUMBER, _ascii_digits(text.replace(",", "").strip())):
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is far too large a budget: give at most 18 digits, or none for no "
            "limit"
        )
    try:
        if positions is None:
            raise ValueError(text)
        return Budget(positions=positions)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is not a budget: give a whole number of positions, such as 2000000, "
            "or none for no limit"
        ) from None


def _show_progress(command: str) -> Callable[[Progress], None]:
    """A progress reporter for long searches: one line on stderr at each report."""

    def show(progress: Progress) -> None:
        print(
            f"{PROG} {command}: still searching: {progress.positions:,} positions in "
            f"{progress.seconds:.0f} s (Ctrl-C stops)",
            file=sys.stderr,
            flush=True,
        )

    return show


def _out_of_budget(command: str, error: BudgetExceeded, what: str, instead: str) -> int:
    """Report a search that spent its budget, in one line, and return exit status 2."""
    board = error.state
    assert isinstance(board, State)  # the command line searches boards only
    return _fail(
        command,
        f"{what} stopped after searching {error.positions:,} positions in {error.seconds:.1f} "
        f"s, {'its time limit' if error.out_of_time else 'its budget'}, without an answer: a "
        f"{board.rows}x{board.cols} board with "
        f"{board.k} in a row and {error.empty_cells} empty cells is too big for it. Try "
        f"{instead}; or give it more, --budget {error.larger_budget()} (--budget none: no "
        "limit)",
    )


def _fail(command: str, message: str) -> int:
    """Report bad input in one line on stderr, argparse-style, and return exit status 2."""
    prog = f"{PROG} {command}" if command else PROG
    print(f"{prog}: error: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


# ---------------------------------------------------------------------------------------------
# tictac play


def _read_line(prompt: str) -> str:
    """One line typed by the human (EOFError at end of input); echoed when not a terminal,
    so that a transcript of piped moves reads like a real game."""
    line = input(prompt)
    if not sys.stdin.isatty():
        print(line)
    return line


def cmd_play(args: argparse.Namespace) -> int:
    """Play one game in the terminal: the human against an AI."""
    rows, cols = args.size
    k = args.k if args.k is not None else min(rows, cols)
    try:
        state = State.new(rows, cols, k)
    except ValueError as error:
        return _fail("play", str(error))
    level = CATALOGUE[canonical_level(args.level)]
    refusal = level.refusal((rows, cols, k))
    if refusal is not None:
        return _fail("play", refusal)
    budget = {"budget": args.budget} if args.budget is not None and level.searches else {}
    ai = make_player(args.level, seed=args.seed, **budget)
    human = "X" if args.first == "human" else "O"
    last = rows * cols - 1
    print(
        f"You play {human} against the {args.level} AI on a {rows}x{cols} board; "
        f"{k} in a row wins; X ({'you' if human == 'X' else 'the AI'}) moves first."
    )
    print(
        f"Cells are numbered 0-{last} from the top left; or type row,col counting from 0. "
        "Type q to quit."
    )
    if human == "X":
        print()
        print(format_board(state))
    try:
        while not state.is_terminal:
            if state.turn == human:
                typed = _read_line(f"Your move ({human}): ")
                if typed.strip().lower() in {"q", "quit", "exit"}:
                    print("Bye — the game was left unfinished.")
                    return EXIT_OK
                try:
                    move = parse_move(typed, state)
                except IllegalMove as error:
                    print(f"Try again: {error}.")
                    continue
                state = state.play(move)
            else:
                try:
                    with reporting(_show_progress("play")):
                        move = state.index_of(ai.choose(state))
                except BudgetExceeded as error:
                    print()
                    return _out_of_budget(
                        "play",
                        error,
                        f"the {args.level} AI",
                        "a smaller board, a smaller k or an easier level",
                    )
                state = state.play(move)
                print(f"AI plays {state.cell_label(move)}")
                print()
                print(format_board(state))
    except EOFError:
        print()
        print("Bye — the game was left unfinished.")
        return EXIT_OK
    except KeyboardInterrupt:
        print()
        print("Interrupted — the game was left unfinished.", file=sys.stderr)
        return EXIT_INTERRUPTED
    if state.turn != human:  # the human made the last move: show where it went
        print()
        print(format_board(state))
    if state.winner is None:
        print("Draw.")
    elif state.winner == human:
        print("You win!")
    else:
        print("The AI wins.")
    return EXIT_OK


# ---------------------------------------------------------------------------------------------
# tictac analyze


def _result_word(value: int, player: str) -> str:
    """A value (+1/0/-1 from X's view) as ``win``/``draw``/``loss`` for `player`."""
    mine = value if player == "X" else -value
    return "win" if mine > 0 else "loss" if mine < 0 else "draw"


def analysis(state: State, *, budget: BudgetLike = SOLVER_BUDGET) -> dict[str, Any]:
    """Everything ``tictac analyze`` reports, as the dictionary that ``--json`` prints.

    The solver's questions share one `budget` (see :mod:`tictac.search.budget`).

    >>> a = analysis(State.parse("XX./OO./..."))
    >>> a["value"], a["plies"], a["best_moves"], a["moves"]["2"]
    (1, 1, [2], {'row': 0, 'col': 2, 'value': 1, 'plies': 1, 'result': 'win'})
    """
    counter = meter(budget, state, "analysis", ["a position with fewer empty cells"])
    value, plies = solver.outcome(state, budget=counter)
    moves = {
        str(move): {
            "row": move // state.cols,
            "col": move % state.cols,
            "value": result.value,
            "plies": result.plies + 1,
            "result": _result_word(result.value, state.turn),
        }
        for move, result in sorted(solver.move_outcomes(state, budget=counter).items())
    }
    return {
        "board": state.text,
        "rows": state.rows,
        "cols": state.cols,
        "k": state.k,
        "turn": None if state.is_terminal else state.turn,
        "terminal": state.is_terminal,
        "winner": state.winner,
        "winning_line": list(state.winning_line) if state.winning_line else None,
        "value": value,
        "plies": plies,
        "moves": moves,
        "best_moves": list(solver.best_moves(state, budget=counter)),
    }


def _describe(report: dict[str, Any]) -> list[str]:
    """The text form of an :func:`analysis`: whose turn, the value in words, the moves."""
    lines = []
    if report["terminal"]:
        winner = report["winner"]
        if winner:
            lines.append(f"Game over: {winner} has won ({cells_label(report['winning_line'])}).")
        else:
            lines.append("Game over: a draw (the board is full).")
        return lines
    turn = report["turn"]
    lines.append(f"{turn} to move.")
    value, plies = report["value"], report["plies"]
    if value == 0:
        lines.append("Value: a draw with best play.")
    else:
        winner = "X" if value > 0 else "O"
        lines.append(f"Value: {winner} wins {_in_moves(plies)} with best play.")
    best = report["best_moves"]
    lines.append("")
    lines.append(f"Every move for {turn} (moves are counted for both players, this one included):")
    lines.append("  cell  row,col  result")
    for cell, info in report["moves"].items():
        outcome = info["result"]
        if outcome != "draw":
            outcome += " " + _in_moves(info["plies"])
        mark = "   (best)" if int(cell) in best else ""
        lines.append(f"  {cell:>4}  {info['row']},{info['col']:<5}  {outcome:<17}{mark}".rstrip())
    lines.append("")
    lines.append("Best moves: " + ", ".join(str(move) for move in best))
    return lines


def cmd_analyze(args: argparse.Namespace) -> int:
    """Solve a board and show its value, every legal move's value and the best moves."""
    try:
        state = State.parse(args.board, k=args.k)
    except InvalidBoard as error:
        return _fail("analyze", f"invalid board: {error}")
    try:
        with reporting(_show_progress("analyze")):
            report = analysis(state, budget=args.budget or SOLVER_BUDGET)
    except BudgetExceeded as error:
        return _out_of_budget(
            "analyze",
            error,
            "the solver",
            "a position with fewer empty cells, or bench/prove_554.py to prove a big board",
        )
    if args.json:
        print(json.dumps(report, indent=2))
        return EXIT_OK
    print(format_board(state))
    for line in _describe(report):
        print(line)
    return EXIT_OK


# ---------------------------------------------------------------------------------------------
# tictac tournament


_COLUMNS = ("games", "wins", "draws", "losses")


@dataclass
class _Totals:
    """A match's statistics added up as its games are played, a chunk at a time, so that the
    memory does not grow with the number of games (a :class:`MatchResult` keeps every game).
    Printed in the same layout as a :class:`MatchResult`."""

    first: str = ""
    second: str = ""
    games: int = 0
    moves: int = 0
    table: defaultdict[tuple[str, str], Counter[str]] = field(
        default_factory=lambda: defaultdict(Counter)
    )
    wins_by_length: defaultdict[str, Counter[int]] = field(
        default_factory=lambda: defaultdict(Counter)
    )

    def add(self, match: MatchResult) -> None:
        """Count the games of `match` (a chunk of the whole) in."""
        self.first, self.second = match.first, match.second
        self.games += len(match.games)
        self.moves += sum(game.length for game in match.games)
        for row in match.rows():
            key = (str(row["player"]), str(row["as"]))
            self.table[key].update({column: cast(int, row[column]) for column in _COLUMNS})
        for player in (match.first, match.second):
            self.wins_by_length[player].update(match.wins_by_length(player))

    def __str__(self) -> str:
        mean = self.moves / self.games if self.games else 0.0
        lines = [f"{self.first} vs {self.second}: {self.games} games, {mean:.2f} moves on average"]
        lines.append(
            f"{'player':<14} {'as':>4} {'games':>6} {'wins':>6} {'draws':>6} {'losses':>6}"
        )
        for player in (self.first, self.second):
            for side in ("X", "O", "both"):
                row = self.table[(player, side)]
                lines.append(
                    f"{player:<14} {side:>4} "
                    + " ".join(f"{row[column]:>6}" for column in _COLUMNS)
                )
        for player in (self.first, self.second):
            wins = self.table[(player, "both")]["wins"]
            low, high = wilson_interval(wins, self.games)
            rate = wins / self.games if self.games else 0.0
            lines.append(
                f"{player} wins {rate:.1%} of games (95% confidence interval {low:.1%} to "
                f"{high:.1%})"
            )
        return "\n".join(lines)


class _Progress:
    """A line on stderr every `every` seconds while a long job runs: how far it has got, and
    about how long it has left. A job shorter than `every` prints nothing."""

    def __init__(self, total: int, every: float) -> None:
        self.total = total
        self.every = every
        self.started = self.shown = time.monotonic()

    def update(self, done: int) -> None:
        now = time.monotonic()
        if now - self.shown < self.every or done >= self.total:
            return
        self.shown = now
        left = (now - self.started) / done * (self.total - done)
        print(
            f"{PROG} tournament: {done:,} of {self.total:,} games played, about "
            f"{_duration(left)} left",
            file=sys.stderr,
            flush=True,
        )


def _duration(seconds: float) -> str:
    """A time for humans: ``"8 s"``, ``"3 min"``, ``"2.5 h"`` (never ``"0 s"``).

    >>> _duration(0.2), _duration(7.6), _duration(185), _duration(9000)
    ('1 s', '8 s', '3 min', '2.5 h')
    """
    if seconds < 90:
        return f"{max(1, round(seconds))} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


_CHUNK_SECONDS = 0.2  # how long a chunk of games should take: the progress stays lively
_MOST_IN_A_CHUNK = 1000  # games kept in memory at once


def _play_match_in_chunks(
    first: Player, second: Player, *, games: int, seed: int | None, alternate: bool
) -> _Totals:
    """The games of ``play_match(first, second, games=games, seed=seed, alternate=alternate)``,
    the same ones, played a chunk at a time and added up as they come, with progress.

    Chunks have an even number of games, so that with `alternate` the first player is X in the
    first game of each, as in one long match; the players are seeded once, at the start, and
    their random choices then carry on from one chunk to the next.
    """
    totals = _Totals()
    progress = _Progress(games, PROGRESS_EVERY)
    started = time.monotonic()
    played, chunk = 0, 2
    while played < games:
        size = min(chunk, games - played)
        match = play_match(
            first, second, games=size, seed=seed if played == 0 else None, alternate=alternate
        )
        totals.add(match)
        played += size
        progress.update(played)
        per_second = played / max(time.monotonic() - started, 1e-6)
        chunk = max(2, min(_MOST_IN_A_CHUNK, round(per_second * _CHUNK_SECONDS / 2) * 2))
    return totals


def cmd_tournament(args: argparse.Namespace) -> int:
    """Play a match between two levels and print the statistics."""
    first = make_player(args.first_level)
    second = make_player(args.second_level)
    result = _play_match_in_chunks(
        first, second, games=args.games, seed=args.seed, alternate=not args.fixed_sides
    )
    print(result)
    print("Wins by length (the winner's own moves):")
    for player in (result.first, result.second):
        counts = sorted(result.wins_by_length[player].items())
        text = ", ".join(f"{count} in {n} moves" for n, count in counts) or "no wins"
        print(f"  {player}: {text}")
    return EXIT_OK


# ---------------------------------------------------------------------------------------------
# The parser


_MAIN_EPILOG = f"""\
examples:
  {PROG} play                                    you (X) against perfect play on 3x3
  {PROG} play --level novice --first ai          a weaker AI, and it opens
  {PROG} analyze XO./.X./..O                     the value of a position and of each move
  {PROG} tournament master random --games 200 --seed 1

{_NUMBERING}

exit status: 0 ok, 2 bad input or output that cannot be written (see the error line on
stderr), 130 interrupted (Ctrl-C).
Run "{PROG} COMMAND --help" for each command's options.
"""

_PLAY_EPILOG = f"""\
examples:
  {PROG} play                            you are X, the master AI (perfect play) is O
  {PROG} play --level random             an easy opponent
  {PROG} play --first ai --level novice  the AI opens as X; you are O
  {PROG} play --size 4x4 --k 3           4x4 board, 3 in a row wins
  printf '4\\n0\\n' | {PROG} play          moves can be piped in, one a line

At the prompt type a cell number as shown on the board (empty cells show their numbers,
0-8 on 3x3, row by row from the top left), or row,col counting from 0 (1,1 is the centre
of a 3x3 board). A bad move is refused with the reason and you are asked again.
Type q to leave.

exit status: 0 when the game ends, and also when you leave it early with q or end of input
(Ctrl-D), which prints "Bye — the game was left unfinished."; 2 for bad options, and when
the AI's search spends its budget (--budget) without choosing a move; 130 for Ctrl-C. On
big boards the stronger levels think long, and report their progress on stderr.
"""

_ANALYZE_EPILOG = f"""\
examples:
  {PROG} analyze XO./.X./..O           rows separated by /
  {PROG} analyze XO..X....             9 characters for 3x3 (16 for 4x4)
  {PROG} analyze "X.../.O../..../...." --k 3
  {PROG} analyze XX./OO./... --json
  {PROG} analyze -X-------             a board may start with -, an empty cell

BOARD: X and O (either case) for marks; '.', '-', '_' or a space for an empty cell. Whose
turn it is follows from the counts (X moves first). k defaults to the shorter side. A board
that starts with - is read as the board, not as an option; "{PROG} analyze -- BOARD" makes
sure of it.

The value is the result with best play from both sides; "X wins in 3 moves" counts the
moves of both players (plies) from now on. The table lists each legal move by cell number
(0 to n-1, row by row from the top left), its row,col (from 0) and the result for the
player to move if they make it, with the move itself counted.

--json prints one object with these keys (always all of them):
  board        the board as text, rows separated by /
  rows, cols, k
  turn         "X" or "O", null when the game is over
  terminal     true when someone has won or the board is full
  winner       "X", "O" or null
  winning_line the winner's line as a list of cells, or null
  value        +1 X wins, 0 draw, -1 O wins, with best play (X's view, as tictac.search.solver)
  plies        moves left with best play (0 when the game is over)
  moves        {{"cell": {{"row", "col", "value", "plies", "result"}}}} for each legal move:
               value is X's view as above, plies counts the moves left including this
               one, result is "win", "draw" or "loss" for the player to move
  best_moves   the optimal cells, ascending: best result, then fastest win or slowest loss

Big boards take long (the solver reports its progress on stderr after a second) and may
need more than the budget: 200,000 positions unless --budget says otherwise.

exit status: 0 ok; 2 for an invalid board, with "invalid board: <reason>" on stderr, and
for a search that spent its budget.
"""

_TOURNAMENT_EPILOG = f"""\
examples:
  {PROG} tournament master random                100 games, sides alternating
  {PROG} tournament novice medium --games 500 --seed 7
  {PROG} tournament master random --fixed-sides  the first level is always X

Prints the wins, draws and losses of each player as X, as O and in all, the win rate
with a 95% confidence interval, and how many of its own moves each player's wins took.
The same --seed gives the same games. A match plays at most {MAX_GAMES:,} games; a long one
prints its progress on stderr, a line every second, and Ctrl-C stops it (exit status 130).

levels:
{{levels}}
"""


class _Parser(argparse.ArgumentParser):
    """argparse, with a way out when the board looked like an option and so went missing, and
    with its help and errors reported when they cannot be written (a full disk)."""

    def error(self, message: str) -> NoReturn:
        if "required: BOARD" in message:
            message += f" (if it starts with -, write -- before it: {PROG} analyze -- -X-------)"
        super().error(message)

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if message:  # argparse itself ignores a failed write: main reports it
            (file or sys.stderr).write(message)


_BUDGET_HELP = (
    "the most positions a search may visit, or none for no limit (default: the search's own, "
    "200,000 for the solver; see tictac.search.budget; mcts is bounded by its playouts instead)"
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``tictac`` command and its subcommands."""
    levels = ", ".join(level_names())
    formatter = argparse.RawDescriptionHelpFormatter
    parser = _Parser(
        prog=PROG,
        description="Game-tree search through tic-tac-toe: play, analyse positions,\n"
        "run tournaments between the AI levels.",
        epilog=_MAIN_EPILOG,
        formatter_class=formatter,
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser(
        "play",
        help="play a game in the terminal against an AI",
        description="Play one game of tic-tac-toe (or any m,n,k game) in the terminal.",
        epilog=_PLAY_EPILOG,
        formatter_class=formatter,
    )
    play.add_argument(
        "--level",
        type=_level,
        default="master",
        metavar="LEVEL",
        help=f"the AI's level (default: master, perfect play); one of {levels}",
    )
    play.add_argument(
        "--first",
        choices=("human", "ai"),
        default="human",
        help="who moves first and plays X (default: human)",
    )
    play.add_argument(
        "--size",
        type=_board_size,
        default=(3, 3),
        metavar="RxC",
        help="the board's rows x columns, such as 3x3 or 4x4 (default: 3x3)",
    )
    play.add_argument(
        "--k", type=_k, default=None, help="how many in a row win (default: the shorter side)"
    )
    play.add_argument("--seed", type=_seed, default=None, help="seed for the AI's random choices")
    play.add_argument("--budget", type=_budget, help=_BUDGET_HELP)
    play.set_defaults(handler=cmd_play, command_parser=play)

    analyze = commands.add_parser(
        "analyze",
        aliases=["analyse"],
        help="the value of a board and of each move, with perfect play",
        description="Solve a position: its value, every legal move's value, the best moves.",
        epilog=_ANALYZE_EPILOG,
        formatter_class=formatter,
    )
    analyze.add_argument("board", metavar="BOARD", help="the board, such as XO./.X./..O")
    analyze.add_argument(
        "--k", type=_k, default=None, help="how many in a row win (default: the shorter side)"
    )
    analyze.add_argument("--json", action="store_true", help="print JSON (keys listed below)")
    analyze.add_argument("--budget", type=_budget, help=_BUDGET_HELP)
    analyze.set_defaults(handler=cmd_analyze, command_parser=analyze)

    tournament = commands.add_parser(
        "tournament",
        help="a match between two AI levels, with statistics",
        description="Play a match of many games between two AI levels and print the "
        "statistics table.",
        epilog=_TOURNAMENT_EPILOG.replace(
            "{levels}",
            textwrap.fill(
                levels, 88, initial_indent="  ", subsequent_indent="  ", break_on_hyphens=False
            ),
        ),
        formatter_class=formatter,
    )
    tournament.add_argument("first_level", type=_level, metavar="LEVEL", help="the first player")
    tournament.add_argument("second_level", type=_level, metavar="LEVEL", help="the second player")
    tournament.add_argument(
        "--games",
        type=_games,
        default=100,
        help=f"how many games, at most {MAX_GAMES:,} (default: 100)",
    )
    tournament.add_argument(
        "--seed", type=_seed, default=None, help="seed both players, so the games repeat"
    )
    tournament.add_argument(
        "--fixed-sides",
        action="store_true",
        help="the first level always plays X (default: the levels take turns at X)",
    )
    tournament.set_defaults(handler=cmd_tournament, command_parser=tournament)
    return parser


_BOARD_COMMANDS = ("analyze", "analyse")
_DASHED_BOARD = re.compile(r"-[-XO._ /\r\n]+", re.IGNORECASE)
"""An argument that starts with ``-`` but is a board, such as ``-X-------``: made of board
symbols only (no option is spelt with them alone). ``--`` itself stops the search."""


def _boards_are_not_options(argv: list[str]) -> list[str]:
    """`argv` with each board that starts with ``-`` (an empty cell) moved after a ``--``, so
    that argparse reads it as the board instead of an unknown option.

    >>> _boards_are_not_options(["analyze", "-X-------", "--json"])
    ['analyze', '--json', '--', '-X-------']
    >>> _boards_are_not_options(["analyze", "--k", "3", "---/-X-/---"])
    ['analyze', '--k', '3', '--', '---/-X-/---']
    """
    command = next((i for i, arg in enumerate(argv) if not arg.startswith("-")), None)
    if command is None or argv[command] not in _BOARD_COMMANDS or "--" in argv:
        return argv
    rest = argv[command + 1 :]
    boards = [arg for arg in rest if _DASHED_BOARD.fullmatch(arg)]
    if not boards:
        return argv
    others = [arg for arg in rest if not _DASHED_BOARD.fullmatch(arg)]
    return [*argv[: command + 1], *others, "--", *boards]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with `argv` (default: ``sys.argv[1:]``); returns the exit status."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    command = next((arg for arg in arguments if not arg.startswith("-")), "")
    _forgive_encoding_errors()
    try:
        status = _run(arguments)
        sys.stdout.flush()  # a full disk shows here, while it can still be reported
    except KeyboardInterrupt:
        print("\nInterrupted.", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `tictac tournament ... | head`: the reader has gone
        _silence_stdout()
        return EXIT_OK
    except OSError as error:  # `tictac analyze ... > /dev/full`: a full disk, for one
        _silence_stdout()
        what = error.filename if error.filename else "the output"
        return _fail(command, f"could not write {what}: {error.strerror or error}")
    return status


def _run(arguments: list[str]) -> int:
    """Parse the arguments and run the command they name; returns the exit status."""
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(_boards_are_not_options(arguments))
        if extra:  # said by the command's own parser, with its usage, not the top level's
            where: argparse.ArgumentParser = getattr(args, "command_parser", parser)
            where.error(f"unrecognized arguments: {' '.join(_shown(arg) for arg in extra)}")
    except SystemExit as stop:  # --help, --version, or argparse's own error (status 2)
        return stop.code if isinstance(stop.code, int) else EXIT_BAD_INPUT
    handler: Callable[[argparse.Namespace], int] | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_usage(sys.stderr)
        return _fail("", "choose a command: play, analyze or tournament (see tictac --help)")
    return handler(args)


def _forgive_encoding_errors() -> None:
    """Typed bytes that are not text in the terminal's encoding (Latin-1 typed into a UTF-8
    terminal) become "�", and a character the output cannot show becomes "?", instead of a
    UnicodeError: a move like that is refused as any other."""
    for stream in (sys.stdin, sys.stdout):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")


def _silence_stdout() -> None:
    """After a broken pipe or a failed write, point stdout at /dev/null, so that Python's exit
    flush (of what could not be written) stays quiet."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
