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

Exit status: 0 when all went well (a game that ends, or that you leave with ``q`` or end of
input), 2 for bad input (unknown option or level, bad ``--size``, a ``k`` that does not fit,
an invalid board), 130 when interrupted with Ctrl-C. An error is one line on stderr,
``tictac COMMAND: error: <what is wrong and what to do>``, after the usage line when the
options themselves are wrong. In a game, a bad move is not an error: the reason is printed
with the board's conversation on stdout and the move asked for again.

Searches have a budget (``--budget``, see :mod:`tictac.budget`): one that spends it without
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
import json
import os
import re
import sys
import textwrap
from collections.abc import Callable, Sequence
from typing import Any

from tictac import __version__, solver
from tictac.budget import (
    SOLVER_BUDGET,
    Budget,
    BudgetExceeded,
    BudgetLike,
    Progress,
    meter,
    reporting,
)
from tictac.players import CATALOGUE, canonical_level, level_names, make_player
from tictac.state import IllegalMove, InvalidBoard, State
from tictac.tournament import play_match

__all__ = ["build_parser", "format_board", "main", "parse_move"]

PROG = "tictac"
EXIT_OK = 0
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130

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


_PAIR = re.compile(r"^\(?\s*(-?\d+)\s*(?:,|\s)\s*(-?\d+)\s*\)?$")


def parse_move(text: str, state: State) -> int:
    """The cell index a human typed: a cell number, or ``row,col`` counted from 0.

    Raises :class:`IllegalMove` with the reason when the text is not a legal move.

    >>> s = State.new()
    >>> parse_move("4", s), parse_move("2,0", s), parse_move(" (0, 2) ", s)
    (4, 6, 2)
    >>> parse_move("centre", s)
    Traceback (most recent call last):
      ...
    tictac.state.IllegalMove: 'centre' is not a move: type a cell number from 0 to 8, ...
    """
    cleaned = text.strip()
    last = len(state.cells) - 1
    how = f"type a cell number from 0 to {last}, or row,col counting from 0 (such as 1,1)"
    if not cleaned:
        raise IllegalMove(f"nothing was typed: {how}; q quits")
    pair = _PAIR.match(cleaned)
    move: int | tuple[int, int]
    if pair:
        move = (int(pair.group(1)), int(pair.group(2)))
    elif re.fullmatch(r"[+-]?\d+", cleaned):
        move = int(cleaned)
    else:
        raise IllegalMove(f"{cleaned!r} is not a move: {how}")
    index = state.index_of(move)
    state.play(index)  # raises IllegalMove with the reason (taken cell, game over)
    return index


def _where(state: State, index: int) -> str:
    return f"row {index // state.cols}, column {index % state.cols}"


def _in_moves(plies: int) -> str:
    return f"in {plies} move" + ("" if plies == 1 else "s")


def _board_size(text: str) -> tuple[int, int]:
    """argparse type for ``--size``: ``RxC`` such as ``3x3`` or ``4x5``."""
    match = re.fullmatch(r"\s*(\d+)\s*[x×*]\s*(\d+)\s*", text.lower())
    if not match:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a board size: write rows x columns, such as 3x3 or 4x4"
        )
    return int(match.group(1)), int(match.group(2))


def _level(text: str) -> str:
    """argparse type for a level: any name of the catalogue in :mod:`tictac.players`."""
    try:
        canonical_level(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _positive(text: str) -> int:
    """argparse type for ``--games``: a whole number, 1 or more."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a number of games: give a whole number, 1 or more"
        )
    return value


def _budget(text: str) -> Budget:
    """argparse type for ``--budget``: a whole number of positions, or ``none`` (no limit)."""
    if text.strip().lower() in ("none", "unlimited"):
        return Budget(positions=None)
    try:
        return Budget(positions=int(text.replace(",", "")))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a budget: give a whole number of positions, such as 2000000, or "
            "none for no limit"
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
    return _fail(
        command,
        f"{what} stopped after searching {error.positions:,} positions in {error.seconds:.1f} "
        f"s, its budget, without an answer: a {board.rows}x{board.cols} board with "
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
    searches = CATALOGUE[canonical_level(args.level)].searches
    budget = {"budget": args.budget} if args.budget is not None and searches else {}
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
                print(f"AI plays {move} ({_where(state, move)})")
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

    The solver's questions share one `budget` (see :mod:`tictac.budget`).

    >>> a = analysis(State.parse("XX./OO./..."))
    >>> a["value"], a["plies"], a["best_moves"], a["moves"]["2"]
    (1, 1, [2], {'row': 0, 'col': 2, 'value': 1, 'plies': 1, 'result': 'win'})
    """
    shared = meter(budget, state, "analysis", ["a position with fewer empty cells"])
    value, plies = solver.outcome(state, budget=shared)
    moves = {
        str(move): {
            "row": move // state.cols,
            "col": move % state.cols,
            "value": result.value,
            "plies": result.plies + 1,
            "result": _result_word(result.value, state.turn),
        }
        for move, result in sorted(solver.move_outcomes(state, budget=shared).items())
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
        "best_moves": list(solver.best_moves(state, budget=shared)),
    }


def _describe(report: dict[str, Any]) -> list[str]:
    """The text form of an :func:`analysis`: whose turn, the value in words, the moves."""
    lines = []
    if report["terminal"]:
        winner = report["winner"]
        if winner:
            cells = ", ".join(str(i) for i in report["winning_line"])
            lines.append(f"Game over: {winner} has won (cells {cells}).")
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


def cmd_tournament(args: argparse.Namespace) -> int:
    """Play a match between two levels and print the statistics."""
    first = make_player(args.first_level)
    second = make_player(args.second_level)
    result = play_match(
        first, second, games=args.games, seed=args.seed, alternate=not args.fixed_sides
    )
    print(result)
    print("Wins by length (the winner's own moves):")
    for player in (result.first, result.second):
        counts = result.wins_by_length(player)
        text = ", ".join(f"{count} in {n} moves" for n, count in counts.items()) or "no wins"
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

exit status: 0 ok, 2 bad input (see the error line on stderr), 130 interrupted (Ctrl-C).
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

BOARD: X and O (either case) for marks; '.', '-', '_' or a space for an empty cell. Whose
turn it is follows from the counts (X moves first). k defaults to the shorter side.

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
  value        +1 X wins, 0 draw, -1 O wins, with best play (X's view, as tictac.solver)
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
The same --seed gives the same games.

levels:
{{levels}}
"""


_BUDGET_HELP = (
    "the most positions a search may visit, or none for no limit (default: the search's own, "
    "200,000 for the solver; see tictac.budget; mcts is bounded by its playouts instead)"
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``tictac`` command and its subcommands."""
    levels = ", ".join(level_names())
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(
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
        "--k", type=int, default=None, help="how many in a row win (default: the shorter side)"
    )
    play.add_argument("--seed", type=int, default=None, help="seed for the AI's random choices")
    play.add_argument("--budget", type=_budget, help=_BUDGET_HELP)
    play.set_defaults(handler=cmd_play)

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
        "--k", type=int, default=None, help="how many in a row win (default: the shorter side)"
    )
    analyze.add_argument("--json", action="store_true", help="print JSON (keys listed below)")
    analyze.add_argument("--budget", type=_budget, help=_BUDGET_HELP)
    analyze.set_defaults(handler=cmd_analyze)

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
        "--games", type=_positive, default=100, help="how many games (default: 100)"
    )
    tournament.add_argument(
        "--seed", type=int, default=None, help="seed both players, so the games repeat"
    )
    tournament.add_argument(
        "--fixed-sides",
        action="store_true",
        help="the first level always plays X (default: the levels take turns at X)",
    )
    tournament.set_defaults(handler=cmd_tournament)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with `argv` (default: ``sys.argv[1:]``); returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, --version, or argparse's own error (status 2)
        return stop.code if isinstance(stop.code, int) else EXIT_BAD_INPUT
    handler: Callable[[argparse.Namespace], int] | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_usage(sys.stderr)
        return _fail("", "choose a command: play, analyze or tournament (see tictac --help)")
    try:
        return handler(args)
    except KeyboardInterrupt:
        print("\nInterrupted.", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `tictac tournament ... | head`: the reader has gone
        _silence_stdout()
        return EXIT_OK


def _silence_stdout() -> None:
    """After a broken pipe, point stdout at /dev/null so Python's exit flush stays quiet."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
