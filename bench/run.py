"""Benchmark: the perfect decision from the empty board, by every solver we have, side by side.

Run it as ``.venv/bin/python bench/run.py`` (``--quick`` for fewer repetitions). Each row is
the median of several runs in this one process, the rows taking turns, next to its ratio to
the fastest row of its table, so the rows can be compared with each other on whatever machine
runs it.

Table 1 times one perfect decision from the empty 3x3 board, starting cold (no cache kept
from the run before):

* the fast solver (:mod:`tictac.search.solver`): it builds the complete table of all 5,478
  positions, then reads the best moves;
* the teaching searches of :mod:`tictac.search.engine` (rows appear when that module has them);
* a Python port of the tutorials' plain minimax: a list board, +10/-10/0 at the end of the
  game, every empty cell tried, nothing remembered;
* OpenSpiel's Python ``minimax.alpha_beta_search`` and ``MinimaxSolver``, when the optional
  ``open-spiel`` package is installed.

Table 2 times the fast solver on other questions: warm decisions, bigger boards, and the
master's own decisions on 4x4 (``make_player("master")``, which asks
``solver.best_move``).

Table 3 times whole games: a match of 10,000 games of the master against the random player
(``tournament.play_match``), the same seeded games in every run.

Table 4 times every decision of the master in seeded 4x4 games (4 in a row), each one from a
cold cache (the solver's memos cleared, its geometry kept), against itself and against the
random player: the median and the slowest decision, by wall clock and by CPU time (the
latter is not stretched by other programs busy on the same machine).

Table 5 times a game tree of 500 positions (:func:`tictac.pictures.tree.draw_tree` from X's corner
and O's centre, four levels deep, with a node for each part cut off): the search and the
Graphviz source, and all that plus drawing it as SVG with the system's ``dot``.

Table 6 times the search stepper (:mod:`tictac.pictures.stepper`): recording an alpha-beta search,
then drawing every frame as SVG, as a student stepping through it makes the widget do. The frames
must each take under 100 ms for trees of up to 60 nodes; the last column is the median frame's share
of that.

Table 7 times training (:mod:`tictac.learning.learners`): 2,000 seeded games from scratch for MENACE
and the TD learner against the random player, the master and itself, in games per second (MENACE
against the master resigns early once its first boxes empty, so those games are short).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tictac.game.state import State, symmetry_permutations, winning_lines
from tictac.play.levels import make_player
from tictac.players.tournament import play_match
from tictac.search import solver

# ---------------------------------------------------------------------------------------------
# The tutorials' plain minimax, ported to Python: a list of nine cells (" " when empty), a
# score of +10 when X has a line, -10 when O has one and 0 for a full board, every empty cell
# tried at every level, nothing remembered. X maximises, O minimises.

TUTORIAL_LINES = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)


def tutorial_has_line(board: list[str], player: str) -> bool:
    return any(
        board[a] == player and board[b] == player and board[c] == player
        for a, b, c in TUTORIAL_LINES
    )


def tutorial_score(board: list[str], player: str) -> int:
    """The minimax score of `board` with `player` to move."""
    if tutorial_has_line(board, "X"):
        return 10
    if tutorial_has_line(board, "O"):
        return -10
    if " " not in board:
        return 0
    if player == "X":
        best = -100
        for cell in range(9):
            if board[cell] == " ":
                board[cell] = "X"
                best = max(best, tutorial_score(board, "O"))
                board[cell] = " "
    else:
        best = 100
        for cell in range(9):
            if board[cell] == " ":
                board[cell] = "O"
                best = min(best, tutorial_score(board, "X"))
                board[cell] = " "
    return best


def tutorial_decision(board: list[str], player: str) -> int:
    """The first cell with the best score for `player`, as the tutorials pick it."""
    best_move, best_score = -1, 0
    for cell in range(9):
        if board[cell] == " ":
            board[cell] = player
            score = tutorial_score(board, "O" if player == "X" else "X")
            board[cell] = " "
            better = score > best_score if player == "X" else score < best_score
            if best_move < 0 or better:
                best_move, best_score = cell, score
    return best_move


# ---------------------------------------------------------------------------------------------
# Timing


@dataclass
class Row:
    name: str
    run: Callable[[], Any]
    before: Callable[[], None] | None = None  # not timed: e.g. clearing caches
    slow: bool = False  # seconds per run: fewer repetitions
    runs: int | None = None  # exactly this many runs, whatever the table's repetitions


@dataclass
class Result:
    name: str
    median: float
    runs: int
    answer: str


def measure(rows: list[Row], repeats: int, slow_repeats: int) -> list[Result]:
    """Time every row, taking the rows in turn (round after round), so that a busy spell of
    the machine slows them alike rather than one row more than the others."""
    times: list[list[float]] = [[] for _ in rows]
    answers: list[Any] = [None] * len(rows)
    rounds = max([repeats, *(row.runs for row in rows if row.runs is not None)])
    for round_number in range(rounds):
        for i, row in enumerate(rows):
            wanted = row.runs if row.runs is not None else slow_repeats if row.slow else repeats
            if round_number >= wanted:
                continue
            if row.before is not None:
                row.before()
            gc.collect()
            start = time.perf_counter()
            answers[i] = row.run()
            times[i].append(time.perf_counter() - start)
    return [
        Result(row.name, statistics.median(row_times), len(row_times), str(answer))
        for row, row_times, answer in zip(rows, times, answers)
    ]


def show_time(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:8.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:8.2f} ms"
    return f"{seconds:8.2f} s "


def print_table(title: str, results: list[Result], reference: Result | None = None) -> None:
    """Print `results` with their ratio to the fastest row (and to `reference`, if given)."""
    fastest = min(result.median for result in results)
    width = max(len(result.name) for result in results)
    extra = f"  {'x fast solver':>13}" if reference else ""
    print(f"\n{title}\n")
    print(f"  {'':{width}}  {'median':>11}  {'runs':>4}  {'x fastest':>9}{extra}  answer")
    for result in results:
        ratio = f"{result.median / fastest:9.1f}"
        if reference:
            ratio += f"  {result.median / reference.median:13.1f}"
        median = show_time(result.median)
        print(f"  {result.name:{width}}  {median}  {result.runs:>4}  {ratio}  {result.answer}")
    sys.stdout.flush()


# ---------------------------------------------------------------------------------------------
# The rows


def clear_fast_solver() -> None:
    """Forget everything the fast solver (and the board geometry it reads) has cached."""
    solver.clear_caches()
    winning_lines.cache_clear()
    symmetry_permutations.cache_clear()


def fast_solver_rows(empty: State) -> list[Row]:
    return [
        Row(
            "fast solver (tictac.search.solver): best_moves, cold",
            lambda: solver.best_moves(empty),
            clear_fast_solver,
        ),
    ]


ORDERED_SYMMETRIC = {"order_moves": True, "memo": "symmetric"}


def teaching_rows(empty: State) -> tuple[list[Row], list[str]]:
    """The teaching searches, as far as tictac.search.engine provides them."""
    try:
        from tictac.search import engine as search
    except ImportError as error:
        return [], [f"tictac.search.engine rows: left out ({error})"]
    notes = []
    rows = []
    variants: list[tuple[str, str, dict[str, Any], bool]] = [
        ("minimax", "minimax (no memo)", {}, True),
        ("minimax", "minimax, memo='plain'", {"memo": "plain"}, False),
        ("minimax", "minimax, memo='symmetric'", {"memo": "symmetric"}, False),
        ("alphabeta", "alphabeta", {}, False),
        ("alphabeta", "alphabeta, order_moves", {"order_moves": True}, False),
        ("alphabeta", "alphabeta, memo='plain'", {"memo": "plain"}, False),
        (
            "alphabeta",
            "alphabeta, order_moves, memo='symmetric'",
            {"order_moves": True, "memo": "symmetric"},
            False,
        ),
    ]
    for function_name, label, options, slow in variants:
        function = getattr(search, function_name, None)
        if function is None:
            notes.append(
                f"tictac.search.engine.{function_name}: not there yet, row '{label}' left out"
            )
            continue

        def run(function: Any = function, options: dict[str, Any] = options) -> Any:
            return function(empty, **options).best_moves

        rows.append(Row(f"tictac.search.engine.{label}", run, slow=slow))
    return rows, notes


def open_spiel_rows() -> tuple[list[Row], list[str]]:
    try:
        import pyspiel
        from open_spiel.python.algorithms import minimax as open_spiel_minimax
        from open_spiel.python.algorithms.minimax_solver import MinimaxSolver
    except ImportError:
        return [], ["OpenSpiel rows: left out (pip install open-spiel to add them)"]
    game = pyspiel.load_game("tic_tac_toe")

    def alpha_beta() -> Any:
        value, action = open_spiel_minimax.alpha_beta_search(game)
        return (value, action)

    def minimax_solver() -> Any:
        oracle = MinimaxSolver("tic_tac_toe")
        oracle.solve()
        values = oracle.action_values_from_state(game.new_initial_state())
        return int(values.argmax())

    return [
        Row("OpenSpiel minimax.alpha_beta_search", alpha_beta),
        Row("OpenSpiel MinimaxSolver (whole table)", minimax_solver),
    ], []


def tutorial_rows() -> list[Row]:
    return [
        Row(
            "tutorials' plain minimax, Python port",
            lambda: tutorial_decision([" "] * 9, "X"),
            slow=True,
        )
    ]


def other_rows() -> list[Row]:
    """The fast solver beyond the cold decision: warm lookups and bigger boards."""
    empty = State.new()
    middle = State.parse("X../.O./..X")
    four_one = State.parse("..../..../..../..X.", k=4)
    four_four = State.parse("X.../..XO/..O./....", k=4)
    four_three = State.parse("..../..O./..../X...", k=3)
    cold = clear_fast_solver
    best, outcome, outcomes = solver.best_moves, solver.outcome, solver.move_outcomes
    four_empty = State.new(4, 4, 4)
    master = make_player("master")

    def warm() -> None:
        best(empty)  # the complete 3x3 table is there (a cold row may have cleared it)

    return [
        Row("3x3 best_moves, empty board, warm", lambda: best(empty), warm),
        Row("3x3 move_outcomes, O to move, warm", lambda: len(outcomes(middle)), warm),
        Row("prove(3, 3, 3), cold", lambda: solver.prove(3, 3, 3), cold),
        Row("prove(4, 4, 3), cold", lambda: solver.prove(4, 4, 3), cold),
        Row("prove(4, 4, 4), cold", lambda: solver.prove(4, 4, 4), cold),
        Row("(4,4,3) 2 marks: best_moves, cold", lambda: best(four_three), cold),
        Row("(4,4,3) 2 marks: outcome, cold", lambda: tuple(outcome(four_three)), cold),
        Row("(4,4,4) 1 mark: best_moves, cold", lambda: len(best(four_one)), cold),
        Row("(4,4,4) 4 marks: best_moves, cold", lambda: len(best(four_four)), cold),
        Row("(4,4,4) 4 marks: move_outcomes, cold", lambda: len(outcomes(four_four)), cold),
        Row("(4,4,4) 1 mark: best_move, cold", lambda: solver.best_move(four_one), cold),
        Row("(4,4,4) master's first move, cold", lambda: master.choose(four_empty), cold),
    ]


MATCH_GAMES = 10_000
MATCH_SEED = 4


def match_rows(runs: int) -> list[Row]:
    """Whole games: the master against the random player, the same seeded games each run."""

    def match() -> str:
        result = play_match(
            make_player("master"), make_player("random"), games=MATCH_GAMES, seed=MATCH_SEED
        )
        wins, draws = result.wins("master"), result.draws("master")
        return f"master: {wins} wins, {draws} draws, {result.losses('master')} losses"

    return [Row(f"{MATCH_GAMES:,} games master vs random", match, clear_fast_solver, runs=runs)]


def self_play_times(
    x_level: str, o_level: str, seeds: range, *, random_ties: bool
) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each of the master's decisions in seeded (4,4,4) games,
    every decision from a cold cache (the game's own cache is not carried over)."""
    wall: list[float] = []
    cpu: list[float] = []
    for seed in seeds:
        players = {
            side: make_player(level, seed=seed + offset)
            if level == "random"
            else make_player(level, seed=seed + offset, random_ties=random_ties)
            for side, level, offset in (("X", x_level, 0), ("O", o_level, 1000))
        }
        state = State.new(4, 4, 4)
        while not state.is_terminal:
            player = players[state.turn]
            if player.name == "random":
                state = state.play(player.choose(state))
                continue
            solver.clear_caches()
            solver._solver(4, 4, 4)  # the geometry is made once per board size, not timed
            gc.collect()
            start_wall, start_cpu = time.perf_counter(), time.process_time()
            move = player.choose(state)
            wall.append(time.perf_counter() - start_wall)
            cpu.append(time.process_time() - start_cpu)
            state = state.play(move)
    return wall, cpu


def print_self_play(games: int) -> None:
    print(f"\n4. The master's decisions on 4x4 (4 in a row), each cold, {games} games a line\n")
    matchups = [
        ("master vs master", "master", "master", False),
        ("master vs master, random ties", "master", "master", True),
        ("master (X) vs random", "master", "random", False),
        ("random vs master (O)", "random", "master", False),
        ("master vs random, random ties", "master", "random", True),
    ]
    width = max(len(name) for name, *_ in matchups)
    header = f"{'decisions':>9}  {'median':>11}  {'slowest':>11}  {'slowest CPU':>11}"
    print(f"  {'':{width}}  {header}")
    for name, x_level, o_level, ties in matchups:
        wall, cpu = self_play_times(x_level, o_level, range(games), random_ties=ties)
        median, slowest = show_time(statistics.median(wall)), show_time(max(wall))
        print(f"  {name:{width}}  {len(wall):>9}  {median}  {slowest}  {show_time(max(cpu))}")
    sys.stdout.flush()


TREE_NODES = 500


def tree_rows() -> list[Row]:
    """A tree of 500 positions (plus the summaries of what is cut off): built from a traced
    minimax search, then laid out and drawn by dot."""
    from tictac.pictures.tree import draw_tree

    start = State.parse("X../.O./...")

    def build() -> str:
        graph = draw_tree(start, max_depth=4, max_nodes=TREE_NODES)
        summaries = graph.source.count("more position")
        return f"{graph.source.count(' [label=<') - summaries} positions, {summaries} summaries"

    def build_and_render() -> str:
        graph = draw_tree(start, max_depth=4, max_nodes=TREE_NODES)
        return f"{len(graph.pipe(format='svg')) // 1024} KiB of SVG"

    return [
        Row(f"{TREE_NODES}-position tree: search and build", build),
        Row(f"{TREE_NODES}-position tree: search, build and render SVG", build_and_render),
    ]


def print_stepper(repeats: int) -> None:
    """Record each search, then draw all its frames (none kept from the run before)."""
    from tictac.game.numbertree import NumberTree
    from tictac.pictures.stepper import record_search

    searches = {
        "the textbook's tree of numbers": NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]),
        "the board .XO/.../OX.": State.parse(".XO/.../OX."),
    }
    print("\n6. The search stepper: record an alpha-beta search, draw every frame as SVG\n")
    width = max(map(len, searches))
    header = f"{'nodes':>5}  {'steps':>5}  {'record':>11}  {'frame median':>12}  {'slowest':>11}"
    print(f"  {'':{width}}  {header}  x 100 ms")
    for name, position in searches.items():
        record_times: list[float] = []
        frame_times: list[float] = []
        for _ in range(repeats):
            gc.collect()
            start = time.perf_counter()
            steps = record_search(position)
            record_times.append(time.perf_counter() - start)
            for index in range(len(steps)):
                start = time.perf_counter()
                steps.svg(index)
                frame_times.append(time.perf_counter() - start)
        nodes = steps.frame(0).boards
        median = statistics.median(frame_times)
        print(
            f"  {name:{width}}  {nodes:>5}  {len(steps):>5}  "
            f"{show_time(statistics.median(record_times))}  {show_time(median):>12}  "
            f"{show_time(max(frame_times))}  {median / 0.1:8.2f}"
        )
    sys.stdout.flush()


def print_training(games: int, repeats: int) -> None:
    """Training speed of each learner of :mod:`tictac.learning.learners` against each opponent."""
    from tictac.learning.learners import Menace, TDLearner

    print(f"\n7. Training the learners: {games} seeded games from scratch, games per second\n")
    opponents = ("random", "master", "self")
    width = len("TD learner")
    print(f"  {'':{width}}  " + "  ".join(f"{name:>8}" for name in opponents))
    for name, make in (("MENACE", Menace), ("TD learner", TDLearner)):
        speeds = []
        for opponent in opponents:
            times = []
            for _ in range(repeats):
                learner = make(seed=1)
                gc.collect()
                start = time.perf_counter()
                learner.train(opponent, games=games, seed=2)
                times.append(time.perf_counter() - start)
            speeds.append(games / statistics.median(times))
        print(f"  {name:{width}}  " + "  ".join(f"{speed:>8,.0f}" for speed in speeds))
    sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = parser.parse_args()
    repeats, slow_repeats = (5, 1) if args.quick else (15, 3)

    empty = State.new()
    teaching, notes = teaching_rows(empty)
    spiel, spiel_notes = open_spiel_rows()
    rows = fast_solver_rows(empty) + teaching + tutorial_rows() + spiel
    notes += spiel_notes
    python = sys.version.split()[0]
    print(f"Python {python}; median of {repeats} runs ({slow_repeats} for the slow rows)")
    # Warm the interpreter (imports, geometry) once so that the first row is not penalised.
    solver.best_moves(empty)
    results = measure(rows, repeats, slow_repeats)
    title = "1. The perfect decision from the empty 3x3 board, cold"
    print_table(title, results, reference=results[0])
    for note in notes:
        print(f"  note: {note}")
    print(
        "  quoted, not run here: AIMA's alpha-beta ~21 x and its minmax_decision ~650 x the best "
        "pure-Python solve of the whole game, as measured side by side elsewhere"
    )

    print_table(
        "2. The fast solver on other questions",
        measure(other_rows(), repeats, slow_repeats),
    )
    match_runs = 3 if args.quick else 5
    print_table(
        f"3. Whole games, cold (median of {match_runs} runs)",
        measure(match_rows(match_runs), repeats, slow_repeats),
    )
    print_self_play(2 if args.quick else 6)
    print_table(
        "5. Drawing a game tree with Graphviz",
        measure(tree_rows(), 3 if args.quick else 5, 1),
    )
    print_stepper(1 if args.quick else 3)
    print_training(2000, 1 if args.quick else 3)


if __name__ == "__main__":
    main()
