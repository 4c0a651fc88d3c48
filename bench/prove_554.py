"""Prove that 5x5 with 4 in a row is a draw, twice, by two different searches.

Run it as ``.venv/bin/python bench/prove_554.py`` (``--method prove|within|both``, default
both; ``--rows/--cols/--k`` for other boards, e.g. ``--rows 4 --cols 5 --k 4`` in about a
second). The exit status is 0 only if every method run says "draw"; 1 otherwise (the methods
disagree, or they agree that one side wins).

**What it proves.** With perfect play on the empty 5x5 board, where four marks in a row,
column or diagonal win, neither X (who moves first) nor O can force a win: the game is a draw.

Both methods run without a budget (``budget=None``, see :mod:`tictac.search.budget`): the default
budget of an interactive question stops a search of this size after a few seconds.

**Method 1** is the solver's own answer, ``tictac.search.solver.prove(5, 5, 4)``: negamax with
alpha-beta on the values -1/0/+1 (``_Solver.value``), helped by a transposition table of
value bounds, forced moves, bounds read off the lines, one representative for all *dead* cells
and, above all, *pairing strategies* (disjoint pairs of empty cells, found by a small search,
that prove a side cannot win without searching further).

**Method 2** asks the solver's other search, ``_Solver.within``, on a fresh solver object:
"can X force a win within 25 plies?" of the empty board, and "can O force a win within the
24 plies left?" after X's first move (first moves are tried, centre first, until one holds O
off; O wins only if it wins after every one). No game on 25 cells lasts more than 25 plies,
so two noes make a draw. ``within`` is a plain AND-OR proof search: the attacker needs one
winning move, the defender must have no escape. It prunes only with facts about the position
in hand: a win on the move, two threats at once, a forced block, and "the attacker has no line
it could still finish in the plies left". It has none of method 1's shortcuts: no alpha-beta
windows, no table of bounds, no pairing strategies, no dead-cell merging. Its memo is its own
(``win_depths`` and ``loss_depths``: depths known to be too short or enough), and it runs in a
separate process, so not even method 1's cache could leak into it.

**Why that counts as a cross-check.** The delicate parts of method 1 (the pairing strategies,
bounds stored from narrowed windows, dead cells) are where a wrong "draw" would come from, and
method 2 uses none of them. For both to say "draw" wrongly, two different algorithms would
have to be wrong in the same direction on the same board.

**What the two methods share.** (1) The parts of ``_Solver`` set up in its constructor: the
winning lines (from ``tictac.game.state.winning_lines``), the board symmetries (from
``tictac.game.state.symmetry_permutations``) under whose smallest image both store a position, the
order in which moves are tried, and the bitboards. Before searching, the script checks these
on its own: it lists the lines afresh and compares, checks that every symmetry maps cells one
to one and lines onto lines (so mirror images really have the same value), and that the move
order holds every cell once. (2) The rules about immediate wins, double threats and forced
blocks: the same rules, written out separately in each search. (3) One rule of reasoning that
both searches use without saying so: when it is M's move and every line through the other
player's marks already holds a mark of M's, the other player cannot win (both searches count
a line with no marks at all only for the player to move). That is sound by strategy stealing:
on the lines that are still empty, M moves first, and the first player of such a game can
never lose. It is also why method 1 never searches "can O win?" from the empty board (O has
no marks, so the rule answers at once), and why method 2 asks O's question one ply down, where
O has to be refuted by search; below that ply, the rule prunes in both methods.

**Cost.** Each method runs in a fresh process and reports its own wall time and peak memory
(``resource.getrusage(...).ru_maxrss``, the process's largest resident size). On a 2-core
machine shared with other work, (5, 5, 4) took about 25-30 s and about 150-180 MiB for method 1
(about 0.7 million stored value bounds), and about 65-80 s and about 730 MiB for method 2 (about
5 million stored depths; nearly all the time goes on "can X win?", O's question takes about
half a second). Smaller boards take about a second or less.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import multiprocessing
import resource
import sys
import time
from collections.abc import Callable, Sequence
from typing import NamedTuple

from tictac.search import solver

VALUE_NAMES = {1: "X wins", 0: "draw", -1: "O wins"}


class Report(NamedTuple):
    """What one method found, and what it cost in the process that ran it."""

    method: str
    value: int  # +1 X wins, 0 draw, -1 O wins (X's view)
    seconds: float
    peak_mib: float
    stored: int  # positions in the method's memo tables
    notes: tuple[str, ...]  # extra lines for the printout


def peak_mib() -> float:
    """The largest resident size of this process so far, in MiB."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10  # bytes vs KiB


def run_prove(rows: int, cols: int, k: int) -> Report:
    """Method 1: ``solver.prove`` (alpha-beta, bounds table, pairing strategies).

    Boards of up to 9 cells, such as (3, 3, 3), take the solver's other route: the exact
    table of every reachable position, by a memoised negamax.
    """
    start = time.perf_counter()
    value = solver.prove(rows, cols, k, budget=None)  # no limit: a proof takes what it takes
    seconds = time.perf_counter() - start
    tables = solver._solver(rows, cols, k)  # read-only: how much the proof stored
    stored = len(tables.bounds) + len(tables.table)
    notes = (
        f"stored positions: {len(tables.bounds):,} value bounds, "
        f"{len(tables.table):,} exact scores",
    )
    return Report("prove", value, seconds, peak_mib(), stored, notes)


def run_within(rows: int, cols: int, k: int) -> Report:
    """Method 2: can X force a win, and can O, by the AND-OR search ``_Solver.within``.

    X's question is asked of the empty board. O's is asked one ply down: O can force a win
    only if it can after every first move of X, so the first moves are tried (in the solver's
    order, centre first) until one holds O off. Asked of the empty board instead,
    ``within(0, 0, plies, to_win=False)`` would answer "no" without searching (see the module
    docstring), which would check nothing.
    """
    plies = rows * cols  # the longest game
    search = solver._Solver(rows, cols, k)  # a fresh object: empty memos, not the shared cache
    start = time.perf_counter()
    x_wins = search.within(0, 0, plies, to_win=True)
    middle = time.perf_counter()
    holds = []  # X's first move that keeps O from winning, once found
    for bit in search.order:
        if not search.within(0, bit, plies - 1, to_win=True):  # O to move: can O win?
            holds.append(bit.bit_length() - 1)
            break
    o_wins = not holds
    seconds = time.perf_counter() - start
    if x_wins and o_wins:
        raise RuntimeError(f"{(rows, cols, k)}: within() says both X and O can force a win")
    value = 1 if x_wins else -1 if o_wins else 0
    if holds:
        row, col = divmod(holds[0], cols)
        o_answer = f"no, not after X plays row {row}, column {col} (counting from 0)"
    else:
        o_answer = "yes, after every first move of X"
    notes = (
        f"X can force a win within {plies} plies: {'yes' if x_wins else 'no'} "
        f"({middle - start:.2f} s)",
        f"O can force a win within the {plies - 1} plies after X's first move: {o_answer} "
        f"({seconds - (middle - start):.2f} s)",
        f"stored positions: {len(search.win_depths):,} 'can the mover win?', "
        f"{len(search.loss_depths):,} 'must the mover lose?' (both questions use both)",
    )
    stored = len(search.win_depths) + len(search.loss_depths)
    return Report("within", value, seconds, peak_mib(), stored, notes)


METHODS: dict[str, tuple[str, Callable[[int, int, int], Report]]] = {
    "prove": ("method 1, prove(): alpha-beta, bounds table, pairing strategies", run_prove),
    "within": ("method 2, within(): AND-OR search over the whole game", run_within),
}


def check_geometry(rows: int, cols: int, k: int) -> str:
    """Check what both methods share (lines, symmetries, move order); raise if it is wrong.

    >>> check_geometry(3, 3, 3)
    '8 lines, 8 symmetries, 9 cells in the move order: checked'
    """
    tables = solver._Solver(rows, cols, k)
    cells = rows * cols

    def bits(points: Sequence[tuple[int, int]]) -> int:
        return sum(1 << (r * cols + c) for r, c in points)

    # The lines, listed afresh: k consecutive cells along a row, a column or a diagonal.
    lines = set()
    for r in range(rows):
        for c in range(cols):
            runs = (
                [(r, c + i) for i in range(k)],
                [(r + i, c) for i in range(k)],
                [(r + i, c + i) for i in range(k)],
                [(r + i, c - i) for i in range(k)],
            )
            for run in runs:
                if all(0 <= y < rows and 0 <= x < cols for y, x in run):
                    lines.add(bits(run))
    problems = []
    if set(tables.lines) != lines or len(tables.lines) != len(lines):
        problems.append(f"the solver has {len(tables.lines)} lines, not these {len(lines)}")
    for where in tables.where:
        if sorted(where) != list(range(cells)):
            problems.append(f"a symmetry is not a permutation of the cells: {where}")
            continue
        moved = {sum(1 << where[i] for i in range(cells) if line >> i & 1) for line in lines}
        if moved != lines:
            problems.append(f"a symmetry does not map lines onto lines: {where}")
    if tuple(range(cells)) not in tables.where:
        problems.append("the symmetries leave out the identity")
    if sorted(tables.order) != [1 << i for i in range(cells)]:
        problems.append("the move order does not hold every cell exactly once")
    if problems:
        raise RuntimeError(f"shared geometry of {(rows, cols, k)} is wrong: " + "; ".join(problems))
    return (
        f"{len(lines)} lines, {len(tables.where)} symmetries, "
        f"{len(tables.order)} cells in the move order: checked"
    )


def run_in_fresh_process(method: str, rows: int, cols: int, k: int) -> Report:
    """Run one method in a new (spawned) Python process, so that its memory is its own."""
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        return pool.submit(METHODS[method][1], rows, cols, k).result()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--method", choices=["prove", "within", "both"], default="both")
    parser.add_argument("--rows", type=int, default=5)
    parser.add_argument("--cols", type=int, default=5)
    parser.add_argument("--k", type=int, default=4)
    args = parser.parse_args(argv)
    board = (args.rows, args.cols, args.k)
    methods = ["prove", "within"] if args.method == "both" else [args.method]

    python = sys.version.split()[0]
    print(f"Board {board}: {args.rows} x {args.cols}, {args.k} in a row; Python {python}")
    print(f"shared geometry: {check_geometry(*board)}")
    values = []
    for method in methods:
        title = METHODS[method][0]
        print(f"\n{title}  (fresh process)", flush=True)
        report = run_in_fresh_process(method, *board)
        values.append(report.value)
        print(f"  result: {VALUE_NAMES[report.value]}")
        for note in report.notes:
            print(f"  {note}")
        print(f"  wall time {report.seconds:.2f} s, peak memory {report.peak_mib:.0f} MiB")
        sys.stdout.flush()

    print()
    if len(set(values)) > 1:
        found = ", ".join(f"{m}: {VALUE_NAMES[v]}" for m, v in zip(methods, values))
        print(f"The methods DISAGREE on {board}: {found}")
        return 1
    verdict = VALUE_NAMES[values[0]]
    said = "Both methods say" if len(methods) == 2 else f"Method {methods[0]} says"
    print(f"{said}: {board} is {'a draw' if values[0] == 0 else 'not a draw: ' + verdict}.")
    return 0 if values[0] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
