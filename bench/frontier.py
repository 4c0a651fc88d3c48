"""The frontier table of issue 19: the m,n,k boards the literature has settled, proved by
``tictac.solver.prove``, board by board, each in its own process with a time limit.

Run it as ``.venv/bin/python bench/frontier.py`` (every board, 600 s each), or for example
``bench/frontier.py --limit 120 --boards 5,5,4 6,4,4``. For each board it prints the value the
literature gives, the solver's result, the wall time, the process's peak memory (MiB), and the
positions the solver searched and stored (value bounds and exact scores in its tables). A board
still running at the limit has its process killed and prints "not finished in N s"; the run
goes on with the next board. The exit status is 1 if a finished board disagrees with the
literature.

The process and memory measurement are ``bench/prove_boards.py``'s (imported, not copied).
The results are only the solver's: ``bench/prove_554.py`` cross-checks a draw by a second,
independent search.

The literature values:

* Friedman: D. Friedman's table of optimal m,n,k games (as issue 19 cites it), for 6x4, 7x4,
  8x4 (draws) and 6x5 (a first-player win), all with four in a row; Charatsidis (next) reports
  the same values.
* Lee: C. Y. Lee's proof that 5x5 with four in a row is a draw, as reported by Berlekamp,
  Conway and Guy, *Winning Ways for your Mathematical Plays* (1982).
* Charatsidis: V. Charatsidis, *Solving Four-in-a-Row on 9x4 and 10x4 Boards* (2017), a
  bachelor's thesis supervised by J. Uiterwijk at Maastricht University: first-player wins.
* Rows: on a board of three rows no column or diagonal holds four cells, so every line lies in
  one row, and the pairs (1, 2), (3, 4), (5, 6), ... of each row meet every line of four: a
  draw by a pairing strategy (Hales and Jewett's argument), no search needed.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/ is not a package

from prove_boards import in_fresh_process, parse_board, peak_mib

from tictac import solver
from tictac.budget import meter
from tictac.state import State

LITERATURE: dict[tuple[int, int, int], tuple[str, str]] = {
    (3, 8, 4): ("draw", "rows"),
    (3, 10, 4): ("draw", "rows"),
    (5, 5, 4): ("draw", "Lee"),
    (6, 4, 4): ("draw", "Friedman"),
    (7, 4, 4): ("draw", "Friedman"),
    (6, 5, 4): ("X wins", "Friedman"),
    (8, 4, 4): ("draw", "Friedman"),
    (9, 4, 4): ("X wins", "Charatsidis"),
    (10, 4, 4): ("X wins", "Charatsidis"),
}
"""Each board's value in the literature and where it is from (see the module docstring)."""

VALUE_NAMES = {1: "X wins", 0: "draw", -1: "O wins"}


class Row(NamedTuple):
    """One board's proof: its value (X's view) and what it cost."""

    value: int
    seconds: float
    peak_mib: float
    searched: int
    stored: int


def prove_board(rows: int, cols: int, k: int) -> Row:
    """Prove the empty board with ``solver.prove`` from cold tables, without a budget."""
    solver.clear_caches()
    counter = meter(None, State.new(rows, cols, k), "frontier")
    start = time.perf_counter()
    value = solver.prove(rows, cols, k, budget=counter)
    seconds = time.perf_counter() - start
    tables = solver._solver(rows, cols, k)  # read-only: how much the proof stored
    stored = len(tables.bounds) + len(tables.table)
    return Row(value, seconds, peak_mib(), counter.positions, stored)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=600, help="seconds per board (600)")
    parser.add_argument("--boards", type=parse_board, nargs="*", help="e.g. 5,5,4 6,4,4")
    args = parser.parse_args(argv)
    boards = args.boards or list(LITERATURE)
    print(f"Python {sys.version.split()[0]}, limit {args.limit:g} s per board")
    print(
        f"{'board':>9} {'literature':>24} {'result':>7} {'seconds':>8} {'peak MiB':>9} "
        f"{'searched':>11} {'stored':>11}"
    )
    wrong = 0
    for board in boards:
        name = ",".join(map(str, board))
        known, source = LITERATURE.get(board, ("?", "not in the table"))
        literature = f"{known} ({source})"
        print(f"{name:>9} {literature:>24} ", end="", flush=True)
        try:
            row = in_fresh_process(*board, task=prove_board, limit=args.limit)
        except TimeoutError:
            print(f"not finished in {args.limit:g} s", flush=True)
            continue
        result = VALUE_NAMES[row.value]
        wrong += known != "?" and result != known
        flag = "" if known in ("?", result) else "  DISAGREES with the literature"
        print(
            f"{result:>7} {row.seconds:>8.1f} {row.peak_mib:>9.0f} {row.searched:>11,} "
            f"{row.stored:>11,}{flag}",
            flush=True,
        )
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
