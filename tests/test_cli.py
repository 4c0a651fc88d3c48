"""The command line, run the way a user runs it: ``python -m tictac ...`` in a subprocess."""

from __future__ import annotations

import gc
import importlib.metadata
import json
import os
import re
import resource
import select
import signal
import subprocess
import sys
import sysconfig
import time
import weakref
from pathlib import Path
from typing import Any

import pytest

from tictac import cli
from tictac.cli import MAX_GAMES, analysis, build_parser, parse_move
from tictac.game.state import IllegalMove, InvalidBoard, State
from tictac.pictures.boards import draw_board
from tictac.play.levels import level_names, make_player
from tictac.players.tournament import GameRecord, MatchResult, play_match
from tictac.search import solver

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
COMMAND = [sys.executable, "-m", "tictac"]
# Every cell of a 3x3 board, one a line: enough to finish any game whatever the AI plays
# (taken cells are refused and the next line is read).
EVERY_CELL = "".join(f"{i}\n" for i in range(9))


def tictac(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def assert_clean(run: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in run.stdout + run.stderr, run.stderr


def last_board(stdout: str, rows: int = 3, cols: int = 3, k: int = 3) -> State:
    """The last board a transcript shows (empty cells are numbered there), read back."""
    pattern = re.compile(r"( *[XO\d]+ *\|)+ *[XO\d]+")
    lines = [line for line in stdout.splitlines() if pattern.fullmatch(line)][-rows:]
    cells = [cell.strip() for line in lines for cell in line.split("|")]
    marks = [cell if cell in ("X", "O") else "." for cell in cells]
    return State.from_cells(marks, rows, cols, k)


# -- help --------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", [[], ["play"], ["analyze"], ["tournament"]])
@pytest.mark.slow
def test_help_shows_examples(command: list[str]) -> None:
    run = tictac(*command, "--help")
    assert run.returncode == 0
    assert run.stdout.startswith(f"usage: tictac {' '.join(command)}".rstrip())
    examples = run.stdout.split("examples:\n", 1)[1]
    assert examples.startswith(f"  tictac {' '.join(command)}".rstrip())
    assert "row,col" in run.stdout or command == ["tournament"]


def test_analyze_help_lists_every_json_key() -> None:
    help_text = tictac("analyze", "--help").stdout
    report = json.loads(tictac("analyze", "XO./.X./..O", "--json").stdout)
    for key in report:
        assert re.search(rf"^  {key}\b|, {key}\b", help_text, re.MULTILINE), key
    for key in report["moves"]["2"]:
        assert f'"{key}"' in help_text


def test_no_command_is_an_error() -> None:
    run = tictac()
    assert run.returncode == 2
    assert "choose a command" in run.stderr


# -- play --------------------------------------------------------------------------------------


def test_a_whole_game_against_the_master_with_bad_input_mixed_in() -> None:
    moves = "abc\n9\n1,1\n4\n3,0\n\n" + EVERY_CELL
    run = tictac("play", stdin=moves)
    assert run.returncode == 0, run.stderr
    assert_clean(run)
    out = run.stdout
    assert "Cells are numbered 0-8 from the top left; or type row,col counting from 0" in out
    assert "Try again: 'abc' is not a move: type a cell number from 0 to 8" in out
    assert "Try again: cell 9 is outside the 3x3 board" in out
    assert "Try again: cell 4 (row 1, column 1) is already taken by X" in out  # 1,1 took it
    assert "Try again: (3, 0) is outside the 3x3 board" in out
    assert "Try again: nothing was typed" in out
    assert "AI plays cell 4 " not in out
    plays = re.findall(r"AI plays cell (\d) \(row (\d), column (\d)\)", out)
    assert plays and all(int(n) == 3 * int(r) + int(c) for n, r, c in plays), plays
    result = out.rstrip().splitlines()[-1]
    assert result in ("Draw.", "The AI wins.")  # the master never loses
    assert "You win!" not in out
    final = last_board(out)
    assert final.is_terminal
    assert final.cells[4] == "X"
    assert (result == "Draw.") == final.is_draw
    assert (result == "The AI wins.") == (final.winner == "O")


def test_the_ai_can_move_first_and_games_repeat_with_a_seed() -> None:
    args = ("play", "--first", "ai", "--level", "random", "--seed", "5")
    run = tictac(*args, stdin=EVERY_CELL)
    assert run.returncode == 0 and run.stderr == ""
    out = run.stdout
    assert "You play O" in out
    assert out.index("AI plays") < out.index("Your move (O): ")
    assert out.rstrip().splitlines()[-1] in ("Draw.", "The AI wins.", "You win!")
    assert last_board(out).is_terminal
    assert tictac(*args, stdin=EVERY_CELL).stdout == out


def test_end_of_input_mid_game_leaves_cleanly() -> None:
    for stdin in ("4\n", ""):
        run = tictac("play", stdin=stdin)
        assert run.returncode == 0
        assert run.stderr == ""
        assert run.stdout.rstrip().endswith("Bye — the game was left unfinished.")


def test_q_quits_and_a_4x4_board_wants_4_in_a_row() -> None:
    run = tictac("play", "--size", "4x4", stdin="q\n")
    assert run.returncode == 0 and run.stderr == ""
    assert "4x4 board; 4 in a row wins" in run.stdout
    assert "Cells are numbered 0-15" in run.stdout
    assert run.stdout.rstrip().endswith("Bye — the game was left unfinished.")


def process_state(pid: int) -> str:
    """The one-letter state of a running process: "S" sleeping, "R" running, ..."""
    stat = Path(f"/proc/{pid}/stat")
    if stat.exists():  # Linux
        return stat.read_text().rsplit(")", 1)[1].split()[0]
    ps = subprocess.run(["ps", "-o", "stat=", "-p", str(pid)], capture_output=True, text=True)
    return ps.stdout.strip()[:1]  # macOS and the BSDs ("I": asleep for a while)


# `python -m tictac play` as a terminal starts it, with Ctrl-C at its default. (A command that
# runs in the background of a script starts with SIGINT ignored, and so would the game if the
# tests were run that way, as `make test &` does: it would then never see the signal.)
PLAY_AS_IN_A_TERMINAL = [
    sys.executable,
    "-c",
    "import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "sys.argv = ['tictac', 'play']; runpy.run_module('tictac', run_name='__main__')",
]


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")
def test_ctrl_c_exits_130_without_a_traceback() -> None:
    proc = subprocess.Popen(
        PLAY_AS_IN_A_TERMINAL, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert proc.stdout is not None
    seen, deadline = b"", time.monotonic() + 30
    try:
        while b"Your move" not in seen:  # wait until the game asks for a move
            ready, _, _ = select.select(
                [proc.stdout], [], [], max(0.0, deadline - time.monotonic())
            )
            chunk = os.read(proc.stdout.fileno(), 4096) if ready else b""
            if not chunk:
                pytest.fail(f"the game never asked for a move: {seen!r}")
            seen += chunk
        # ... and is waiting for the answer. A SIGINT that lands between the prompt and the
        # read of the answer is only noted by Python, to be acted on at its next step, which
        # never comes while the read waits: a race between this test and the game, under load.
        while process_state(proc.pid) not in ("S", "I"):
            if time.monotonic() > deadline:
                pytest.fail("the game never settled down to wait for the answer")
            time.sleep(0.01)
        proc.send_signal(signal.SIGINT)
        # Keep stdin open until the signal has been handled: closing it now would let the end
        # of input race the signal (a clean "Bye", exit 0).
        proc.wait(timeout=30)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130
    assert b"Traceback" not in out + err
    assert "Interrupted" in err.decode()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--level", "grandmaster"], "unknown level 'grandmaster'; choose one of"),
        (["--size", "3by3"], "'3by3' is not a board size: write rows x columns, such as 3x3"),
        (["--size", "11x3"], "a board has 1 to 10 rows, not 11"),
        (["--k", "4"], "k=4 in a row cannot fit on a 3x3 board: choose k from 1 to 3"),
        (["--first", "nobody"], "invalid choice: 'nobody'"),
        (
            ["--size", "4x4", "--level", "menace"],
            "the menace level plays only on 3x3 with 3 in a row, not on 4x4 with 4 in a row",
        ),
        (["--k", "2", "--level", "td"], "the td level plays only on 3x3 with 3 in a row, not"),
    ],
)
@pytest.mark.slow
def test_bad_play_options_exit_2_with_the_reason(args: list[str], message: str) -> None:
    run = tictac("play", *args)
    assert run.returncode == 2
    assert run.stdout == ""
    assert_clean(run)
    error = run.stderr.strip().splitlines()[-1]
    assert error.startswith("tictac play: error: ")
    assert message in error


def test_unknown_level_lists_the_valid_ones() -> None:
    run = tictac("tournament", "master", "grandmaster")
    assert run.returncode == 2
    error = run.stderr.strip().splitlines()[-1]
    assert "unknown level 'grandmaster'" in error
    for name in level_names():
        assert name in error


# -- analyze -----------------------------------------------------------------------------------


def words(value: int, plies: int) -> str:
    if value == 0:
        return "a draw with best play"
    return f"{'X' if value > 0 else 'O'} wins in {plies} move{'s' * (plies != 1)} with best play"


@pytest.mark.parametrize(
    ("board", "k"),
    [
        ("XO./.X./..O", None),
        ("XX./OO./...", None),
        ("X../.O./..X", None),
        ("x........", None),
        ("X.../.O../..X./....", None),
        ("X.../.O../..../....", "3"),
    ],
)
@pytest.mark.slow
def test_analyze_matches_the_solver(board: str, k: str | None) -> None:
    extra = ["--k", k] if k else []
    state = State.parse(board, k=int(k) if k else None)
    value, plies = solver.outcome(state)
    outcomes = solver.move_outcomes(state)
    best = solver.best_moves(state)

    report = json.loads(tictac("analyze", board, "--json", *extra).stdout)
    assert report["board"] == state.text
    assert (report["rows"], report["cols"], report["k"]) == (state.rows, state.cols, state.k)
    assert report["turn"] == state.turn
    assert (report["terminal"], report["winner"], report["winning_line"]) == (False, None, None)
    assert (report["value"], report["plies"]) == (value, plies)
    assert report["best_moves"] == list(best)
    assert list(report["moves"]) == [str(move) for move in state.legal_moves()]
    sign = 1 if state.turn == "X" else -1
    for move, result in outcomes.items():
        info = report["moves"][str(move)]
        assert (info["row"], info["col"]) == divmod(move, state.cols)
        assert (info["value"], info["plies"]) == (result.value, result.plies + 1)
        assert info["result"] == {1: "win", 0: "draw", -1: "loss"}[sign * result.value]

    run = tictac("analyze", board, *extra)
    assert run.returncode == 0 and run.stderr == ""
    lines = run.stdout.splitlines()
    assert f"{state.turn} to move." in lines
    assert f"Value: {words(value, plies)}." in lines
    assert f"Best moves: {', '.join(map(str, best))}" in lines
    table = {int(line.split()[0]): line for line in lines if re.match(r"\s+\d+\s+\d+,\d+ ", line)}
    assert sorted(table) == list(state.legal_moves())
    for move, line in table.items():
        assert ("(best)" in line) == (move in best)
    assert last_board(run.stdout, state.rows, state.cols, state.k) == state


def test_analyze_reports_the_best_move_by_cell_number() -> None:
    out = tictac("analyze", "XX./OO./...").stdout
    assert "     2  0,2      win in 1 move       (best)" in out
    assert "     5  1,2      draw" in out
    assert "     6  2,0      loss in 2 moves" in out


@pytest.mark.parametrize(
    ("board", "line"),
    [
        ("XXX/OO./...", "Game over: X has won (cells 0, 1 and 2)."),
        ("XOX/XOO/OXX", "Game over: a draw (the board is full)."),
    ],
)
def test_analyze_a_finished_board(board: str, line: str) -> None:
    run = tictac("analyze", board)
    assert run.returncode == 0
    assert line in run.stdout.splitlines()
    assert "Best moves" not in run.stdout
    report = json.loads(tictac("analyze", board, "--json").stdout)
    state = State.parse(board)
    assert report["terminal"] is True
    assert report["turn"] is None
    assert report["winner"] == state.winner
    assert (report["value"], report["plies"]) == tuple(solver.outcome(state))
    assert report["moves"] == {} and report["best_moves"] == []


@pytest.mark.parametrize(
    ("board", "k"),
    [
        ("XXX/OO./O..", None),
        ("XO0......", None),
        ("XX./..", None),
        ("OO.......", None),
        ("XO./.X./..O", "4"),
    ],
)
@pytest.mark.slow
def test_analyze_an_invalid_board_exits_2_with_the_reason(board: str, k: str | None) -> None:
    extra = ["--k", k] if k else []
    with pytest.raises(InvalidBoard) as reason:
        State.parse(board, k=int(k) if k else None)
    json_too = [[board, "--json", *extra]] if board == "XXX/OO./O.." else []
    for args in [[board, *extra], *json_too]:
        run = tictac("analyze", *args)
        assert run.returncode == 2
        assert run.stdout == ""
        assert run.stderr == f"tictac analyze: error: invalid board: {reason.value}\n"


# -- tournament --------------------------------------------------------------------------------


def test_tournament_table_is_consistent_and_repeats_with_a_seed() -> None:
    run = tictac("tournament", "offensive", "random", "--games", "40", "--seed", "3")
    assert run.returncode == 0 and run.stderr == ""
    again = tictac("tournament", "offensive", "random", "--games", "40", "--seed", "3")
    assert again.stdout == run.stdout

    match = play_match(make_player("offensive"), make_player("random"), games=40, seed=3)
    assert run.stdout.startswith(str(match) + "\n")
    rows = {
        (name, side): tuple(map(int, numbers))
        for name, side, *numbers in (
            line.split() for line in run.stdout.splitlines() if re.search(r" (X|O|both) ", line)
        )
    }
    for name in ("offensive", "random"):
        x, o, both = (rows[(name, side)] for side in ("X", "O", "both"))
        assert x[0] == o[0] == 20  # the sides alternate
        assert tuple(a + b for a, b in zip(x, o)) == both
        assert sum(both[1:]) == both[0] == 40
    assert rows[("offensive", "both")][1] == rows[("random", "both")][3]  # wins = their losses
    for name in ("offensive", "random"):
        by_length = re.search(rf"^  {name}: (.*)$", run.stdout, re.MULTILINE)
        assert by_length is not None
        counts = [int(n) for n in re.findall(r"(\d+) in \d+ moves", by_length.group(1))]
        assert sum(counts) == rows[(name, "both")][1] == match.wins(name)


def test_tournament_fixed_sides_and_same_level_twice() -> None:
    run = tictac("tournament", "master", "master", "--games", "3", "--fixed-sides")
    assert run.returncode == 0
    assert "master (1) vs master (2): 3 games, 9.00 moves on average" in run.stdout
    assert re.search(r"master \(1\)\s+X\s+3\s+0\s+3\s+0", run.stdout)
    assert "master (1): no wins" in run.stdout


@pytest.mark.parametrize("games", ["0", "-3", "many"])
def test_tournament_rejects_fewer_than_one_game(games: str) -> None:
    run = tictac("tournament", "master", "random", "--games", games)
    assert run.returncode == 2
    assert f"'{games}' is not a number of games: give a whole number, 1 or more" in run.stderr


# -- installation ------------------------------------------------------------------------------


def test_the_console_script_is_declared_and_installed() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["scripts"] == {"tictac": "tictac.__main__:run"}
    scripts = importlib.metadata.entry_points(group="console_scripts", name="tictac")
    assert [ep.value for ep in scripts] == ["tictac.__main__:run"], (
        "the installed metadata lacks the tictac script: run `pip install -e .` again"
    )
    script = Path(sysconfig.get_path("scripts")) / ("tictac.exe" if os.name == "nt" else "tictac")
    if not script.exists():
        pytest.skip(f"no console script at {script} (installed elsewhere)")
    run = subprocess.run([str(script), "--version"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stdout.startswith("tictac ")


def test_the_command_line_stays_light() -> None:
    """No notebook libraries are loaded to play, analyse or run a tournament."""
    code = (
        "import io, sys, contextlib\n"
        "from tictac.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['analyze', 'X.../.O../..../....'])\n"
        "    main(['tournament', 'master', 'random', '--games', '2'])\n"
        "heavy = ['ipywidgets', 'graphviz', 'matplotlib', 'numpy', 'IPython']\n"
        "print([m for m in heavy if m in sys.modules])\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.stdout.strip() == "[]", run.stderr


# -- hostile input (issue 13) -----------------------------------------------------------------

FAR = "9" * 5000  # over Python's 4,300-digit limit for reading a number


@pytest.mark.parametrize(
    ("typed", "cell"),
    [
        ("4", 4),
        ("+4", 4),
        ("0004", 4),
        ("٤", 4),
        ("４", 4),
        ("２,０", 6),
        ("(1 2)", 5),
        ("\u00a04 ", 4),
    ],
)
def test_parse_move_reads_any_way_of_writing_a_cell(typed: str, cell: int) -> None:
    assert parse_move(typed, State.new()) == cell


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        (FAR, "far outside the 3x3 board"),
        ("-" + FAR, "far outside the 3x3 board"),
        ("1," + FAR, "far outside the 3x3 board"),
        (FAR + ",1", "far outside the 3x3 board"),
        ("9999999", "far outside the 3x3 board"),
        ("999999", "cell 999999 is outside the 3x3 board"),
        ("-1", "cell -1 is outside the 3x3 board"),
        ("1,-1", "(1, -1) is outside the 3x3 board"),
        ("4.0", "'4.0' is not a move"),
        ("1e0", "'1e0' is not a move"),
        ("1_0", "'1_0' is not a move"),
        ("1,1,1", "'1,1,1' is not a move"),
        ("nan", "'nan' is not a move"),
        ("4\x00", "'4\\x00' is not a move"),
        ("x" * 5000, "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' is not a move"),
        ("", "nothing was typed"),
        (" \t ", "nothing was typed"),
    ],
)
def test_parse_move_refuses_with_a_short_reason(typed: str, reason: str) -> None:
    with pytest.raises(IllegalMove) as refused:
        parse_move(typed, State.new())
    assert reason in str(refused.value)
    assert len(str(refused.value)) < 200


def test_a_move_of_thousands_of_digits_is_refused_and_asked_again() -> None:
    moves = f"{FAR}\n-{FAR}\n1,{FAR}\n٤\n" + EVERY_CELL
    run = tictac("play", "--level", "random", "--seed", "1", stdin=moves)
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    refusals = [line for line in run.stdout.splitlines() if line.startswith("Try again")]
    assert len(refusals) >= 3
    assert all(" is far outside the 3x3 board: type a cell number" in line for line in refusals[:3])
    assert all(len(line) < 200 for line in refusals)
    assert last_board(run.stdout).cells[4] == "X"  # the Arabic-Indic digit four


def test_typed_bytes_that_are_not_text_are_refused_as_a_move() -> None:
    """Latin-1 typed into a UTF-8 terminal; and a terminal that cannot show "—"."""
    for encoding, typed, last in (
        (
            "utf-8:strict",
            b"\xe9\xff\n" + EVERY_CELL.encode(),
            ("Draw.", "The AI wins.", "You win!"),
        ),
        ("ascii:strict", b"4\nq\n", ("Bye ? the game was left unfinished.",)),
    ):
        run = subprocess.run(
            [*COMMAND, "play", "--level", "random", "--seed", "1"],
            input=typed,
            capture_output=True,
            env={**os.environ, "PYTHONIOENCODING": encoding},
            timeout=60,
        )
        assert run.returncode == 0, run.stderr
        assert run.stderr == b""
        out = run.stdout.decode(encoding.split(":")[0])
        assert out.rstrip().splitlines()[-1] in last
        if encoding.startswith("utf-8"):
            assert "Try again: '\ufffd\ufffd' is not a move: type a cell number" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "--k", FAR], f"argument --k: '{FAR[:30]}…' is far too many in a row: k goes"),
        (["play", "--k", "1" * 30], "is far too many in a row: k goes from 1 to"),
        (["play", "--budget", "x" * 10_000], f"argument --budget: '{'x' * 30}…' is not a budget"),
        (["play", "--budget", "9" * 5000], "is far too large a budget: give at most 18 digits"),
        (["tournament", "master", "random", "--size", "4x4"], "unrecognized arguments: '--size'"),
        (["play", "--bogus", "y" * 10_000], f"unrecognized arguments: '--bogus' '{'y' * 30}…'"),
        (["play", "--k", "3.0"], "argument --k: '3.0' is not how many in a row win"),
        (["play", "--seed", FAR], f"argument --seed: '{FAR[:30]}…' is not a seed"),
        (["play", "--size", f"{FAR}x3"], "is far too large a board: rows and columns go from 1"),
        (["play", "--size", "9999999x3"], "is far too large a board: rows and columns go from 1"),
        (["play", "--size", "11x3"], "a board has 1 to 10 rows, not 11"),
        (["analyze", "X........", "--k", FAR], "argument --k: '999"),
        (["tournament", "master", "random", "--games", FAR], "games are too many"),
        (["tournament", "master", "random", "--games", "100001"], "at most 100,000"),
        (["tournament", "master", "random", "--games", "1_0"], "is not a number of games"),
        (["tournament", "master", "random", "--seed", "x"], "'x' is not a seed"),
        (["tournament", "x" * 5000, "random"], f"unknown level '{'x' * 30}…'; choose one of"),
    ],
)
@pytest.mark.slow
def test_bad_numbers_and_names_in_options_exit_2_with_a_short_message(
    args: list[str], message: str
) -> None:
    run = tictac(*args)
    assert run.returncode == 2
    assert run.stdout == ""
    assert_clean(run)
    error = run.stderr.strip().splitlines()[-1]
    assert error.startswith(f"tictac {args[0]}: error: ")
    assert message in error
    assert len(error) < 400
    assert "usage: tictac [-h] [--version]" not in run.stderr  # the command's usage, if any


def test_the_ceiling_on_games_is_documented_and_a_ceiling_run_is_accepted() -> None:
    assert MAX_GAMES == 100_000
    help_text = tictac("tournament", "--help").stdout
    assert "at most 100,000" in " ".join(help_text.split())
    parser = build_parser()
    assert parser.parse_args(["tournament", "master", "random", "--games", "100000"]).games == (
        MAX_GAMES
    )


@pytest.mark.parametrize(
    "args",
    [
        ["-X-------"],
        ["-X-------", "--json"],
        ["--json", "-X-------"],
        ["--k", "3", "-X-/---/---"],
        ["--", "-X-------"],
        ["---------"],
        ["-x-/-o-/---"],
    ],
)
@pytest.mark.slow
def test_analyze_takes_a_board_that_starts_with_a_dash(args: list[str]) -> None:
    board = next(arg for arg in args if arg.startswith("-") and arg not in ("--", "--json", "--k"))
    run = tictac("analyze", *args)
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    expected = analysis(State.parse(board))
    if "--json" in args:
        assert json.loads(run.stdout) == expected
    else:
        assert f"Best moves: {', '.join(map(str, expected['best_moves']))}" in run.stdout


def test_a_dashed_argument_that_is_no_board_says_to_write_a_double_dash() -> None:
    run = tictac("analyze", "-Xq------")
    assert run.returncode == 2
    assert "required: BOARD (if it starts with -, write -- before it" in run.stderr
    run = tictac("analyze", "--", "-Xq------")
    assert run.returncode == 2
    assert "invalid board: unknown mark 'q' in cell 2 (row 0, column 2)" in run.stderr


# -- output that cannot be written ------------------------------------------------------------

FULL = Path("/dev/full")  # Linux: every write fails with ENOSPC, "No space left on device"


@pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize(
    ("args", "stdin"),
    [
        (["analyze", "XX./OO./..."], ""),
        (["analyze", "XX./OO./...", "--json"], ""),
        (["tournament", "master", "random", "--games", "4"], ""),
        (["play", "--level", "random"], EVERY_CELL),
        (["play", "--help"], ""),
        (["--version"], ""),
    ],
)
@pytest.mark.slow
def test_a_full_disk_is_reported_with_exit_2(args: list[str], stdin: str) -> None:
    with FULL.open("w") as full:
        run = subprocess.run(
            [*COMMAND, *args],
            input=stdin,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert run.returncode == 2, run.stderr
    command = f"tictac {args[0]}" if not args[0].startswith("-") else "tictac"
    assert run.stderr == f"{command}: error: could not write the output: No space left on device\n"


def test_a_picture_that_cannot_be_saved_says_which_file_and_why(tmp_path: Path) -> None:
    picture = draw_board(State.parse("XO./.X./..O"))
    not_a_folder = tmp_path / "board.svg"
    picture.save(not_a_folder)
    assert not_a_folder.read_text() == picture.svg
    for path, reason in [
        (tmp_path / "missing" / "board.svg", "No such file or directory"),
        (not_a_folder / "board.svg", "Not a directory"),  # unwritable, even for root
        *([(FULL, "No space left on device")] if FULL.exists() else []),
    ]:
        with pytest.raises(OSError) as failed:
            picture.save(path)
        assert str(failed.value).endswith(f"could not save the picture ({reason}): '{path}'")
        assert failed.value.filename == str(path)


# -- long tournaments -------------------------------------------------------------------------


def test_a_long_tournament_prints_its_progress_on_stderr(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "PROGRESS_EVERY", 0.0)  # a line after every chunk of games...
    monkeypatch.setattr(cli, "_MOST_IN_A_CHUNK", 20)  # ...of 20 games at most
    assert cli.main(["tournament", "random", "novice", "--games", "301", "--seed", "4"]) == 0
    out, err = capsys.readouterr()
    lines = err.splitlines()
    pattern = r"tictac tournament: ([\d,]+) of 301 games played, about \d+(\.\d)? (s|min|h) left"
    played = [int(re.fullmatch(pattern, line)[1].replace(",", "")) for line in lines]  # type: ignore[index]
    assert len(played) >= 15
    assert played == sorted(set(played)) and played[-1] < 301
    assert all(n % 2 == 0 for n in played)  # whole pairs: the sides alternate as in one match
    match = play_match(make_player("random"), make_player("novice"), games=301, seed=4)
    assert out.startswith(str(match) + "\n")  # the same games as in one long match


def test_a_tournament_keeps_no_game_once_counted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its memory does not grow with the number of games: they are played in chunks, counted,
    and let go (``bench``-style measurement: see the pull request, 20,000 games in 22 MB)."""
    monkeypatch.setattr(cli, "_MOST_IN_A_CHUNK", 40)
    chunks: list[int] = []
    games: list[weakref.ref[GameRecord]] = []

    def play_match_watched(*args: Any, **kwargs: Any) -> MatchResult:
        match = play_match(*args, **kwargs)
        chunks.append(len(match.games))
        games.extend(weakref.ref(game) for game in match.games)
        return match

    monkeypatch.setattr(cli, "play_match", play_match_watched)
    assert cli.main(["tournament", "random", "random", "--games", "1001", "--seed", "2"]) == 0
    assert "1001 games" in capsys.readouterr().out
    assert sum(chunks) == 1001 and max(chunks) <= 40 and len(chunks) > 25
    gc.collect()
    assert [ref for ref in games if ref() is not None] == []


def as_in_a_terminal(*args: str) -> list[str]:
    """The command line run with `args` and SIGINT at its default, as a terminal starts it (a
    background job such as `make test &` would otherwise pass SIGINT on ignored)."""
    return [
        sys.executable,
        "-c",
        "import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
        f"sys.argv = {['tictac', *args]!r}; runpy.run_module('tictac', run_name='__main__')",
    ]


def interrupted_once_it_shows(marker: bytes, *args: str) -> tuple[int, bytes, str]:
    """Run the command line with `args`, press Ctrl-C once its stderr shows `marker` (its
    work is under way), and return the exit status, stdout and all of stderr."""
    proc = subprocess.Popen(as_in_a_terminal(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    seen, deadline = b"", time.monotonic() + 60
    try:
        while marker not in seen:
            ready, _, _ = select.select(
                [proc.stderr], [], [], max(0.0, deadline - time.monotonic())
            )
            chunk = os.read(proc.stderr.fileno(), 4096) if ready else b""
            if not chunk:
                pytest.fail(f"{args[0]} never showed {marker!r}: {seen!r}")
            seen += chunk
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    return proc.returncode, out, (seen + err).decode()


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")
def test_ctrl_c_stops_a_long_tournament_cleanly() -> None:
    status, out, err = interrupted_once_it_shows(
        b"games played", "tournament", "mcts", "random", "--games", "1000"
    )
    assert status == 130
    assert "Traceback" not in out.decode() + err
    assert err.endswith("\nInterrupted.\n")


# -- budgets: long searches report their progress, and stop --------------------------------------

EMPTY_5X5 = "." * 25


def measured(*args: str, stdin: str = "") -> tuple[subprocess.CompletedProcess[str], float]:
    """Run the command line; also return the CPU time it took (not stretched by a busy machine)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run = tictac(*args, stdin=stdin)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return run, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def the_error(run: subprocess.CompletedProcess[str], command: str) -> str:
    """The one error line on stderr; every other line there must be a progress report."""
    lines = run.stderr.splitlines()
    errors = [line for line in lines if line.startswith(f"tictac {command}: error: ")]
    others = [line for line in lines if line not in errors]
    assert len(errors) == 1, run.stderr
    assert all(f"tictac {command}: still searching: " in line for line in others), run.stderr
    return errors[0]


@pytest.mark.slow
def test_analyze_stops_at_its_budget_with_one_line_saying_what_to_do() -> None:
    """The empty 5x5 board with 4 in a row kept analyze silent for 119 s, before budgets."""
    run, cpu = measured("analyze", EMPTY_5X5, "--k", "4")
    assert run.returncode == 2 and run.stdout == ""
    assert_clean(run)
    error = the_error(run, "analyze")
    for part in (
        "the solver stopped after searching 200,000 positions",
        "a 5x5 board with 4 in a row and 25 empty cells",
        "bench/prove_554.py",
        "--budget 2000000 (--budget none: no limit)",
    ):
        assert part in error
    assert cpu < 60


@pytest.mark.slow  # about 3 s of CPU time, twice that on a busy machine
def test_analyze_on_a_10x10_board_stops_at_its_budget() -> None:
    """No answer in 60 s, before budgets."""
    run, cpu = measured("analyze", "." * 100, "--k", "5")
    assert run.returncode == 2
    assert "10x10 board with 5 in a row and 100 empty cells" in the_error(run, "analyze")
    assert cpu < 60


@pytest.mark.parametrize(
    "budget", ["5000", pytest.param(None, marks=pytest.mark.slow)], ids=["5000", "default"]
)
def test_play_stops_when_the_ai_spends_its_budget(budget: str | None) -> None:
    """Brute-force on 4x4 made no move in 30 s, before budgets (the widget does not offer it
    there). The default budget stops it after a few seconds; a small one, at once."""
    options = ["--budget", budget] if budget else []
    run, cpu = measured("play", "--size", "4x4", "--level", "brute-force", *options, stdin="5\n")
    assert run.returncode == 2
    assert_clean(run)
    positions = f"{int(budget):,}" if budget else "200,000"
    error = the_error(run, "play")
    assert f"the brute-force AI stopped after searching {positions} positions" in error
    assert "a 4x4 board with 4 in a row and 15 empty cells" in error
    assert "an easier level" in error and "--budget" in error
    assert "Your move" in run.stdout and "AI plays" not in run.stdout
    assert cpu < 60


def test_a_budget_can_be_raised_or_lifted() -> None:
    default = tictac("analyze", "XO./.X./...")
    assert default.returncode == 0 and "Value: X wins in 4 moves" in default.stdout
    for budget in ("none", "100000", "1,000,000"):
        run = tictac("analyze", "XO./.X./...", "--budget", budget)
        assert (run.returncode, run.stdout, run.stderr) == (0, default.stdout, "")
    run = tictac("play", "--level", "master", "--budget", "none", stdin=EVERY_CELL)
    assert run.returncode == 0 and run.stdout.rstrip().endswith(("Draw.", "The AI wins."))


@pytest.mark.parametrize("budget", ["0", "-5", "lots", "1e6", "1_000"])
@pytest.mark.slow
def test_a_bad_budget_is_refused(budget: str) -> None:
    for command in ("analyze", "play"):
        board = ["XO./.X./..."] if command == "analyze" else []
        run = tictac(command, *board, "--budget", budget)
        assert run.returncode == 2
        assert f"'{budget}' is not a budget: give a whole number of positions" in run.stderr


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")
def test_a_long_analysis_shows_progress_and_ctrl_c_stops_it_cleanly() -> None:
    status, out, stderr = interrupted_once_it_shows(
        b"still searching", "analyze", EMPTY_5X5, "--k", "4", "--budget", "none"
    )
    assert status == 130
    assert "Traceback" not in stderr and out == b""
    assert re.search(r"^tictac analyze: still searching: [\d,]+ positions in \d+ s", stderr, re.M)
    assert [line for line in stderr.splitlines() if "still searching" not in line and line] == [
        "Interrupted."
    ]


def test_ctrl_c_while_the_command_line_loads_ends_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The `tictac` command starts in `tictac.__main__.run`, which imports the command line;
    a Ctrl-C in that first moment gives the same one line and exit status as later."""
    import builtins

    from tictac.__main__ import run

    real_import = builtins.__import__

    def interrupted(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "tictac.cli":
            raise KeyboardInterrupt
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", interrupted)
    assert run(["--version"]) == 130
    assert capsys.readouterr().err == "Interrupted.\n"
    monkeypatch.setattr(builtins, "__import__", real_import)
    assert run(["--version"]) == 0
