"""The frontier table of issue 19: the m,n,k boards the literature has settled, each proved by
``tictac`` and the proof checked by a second, independent program.

Run it as ``.venv/bin/python bench/frontier.py`` (every board, a limit of 600 s each), or for
example ``bench/frontier.py --limit 120 --boards 5,5,4 6,5,4``. Each board runs in a fresh
(spawned) process of its own, so its time and memory are its own; a board still running at the
limit is stopped, prints "not finished in N s", and the run goes on with the next board.

**How a board is settled.** :func:`tictac.pns.prove_win` (depth-first proof-number search)
answers one question from the empty board: can X, who moves first, force a win?

* *Yes*: the proof writes X's winning strategy out (a move for every position X can meet) and
  :func:`tictac.verify.verify_win` plays it against **every** reply of O, using nothing but the
  rules of :class:`~tictac.state.State`. The board is a first-player win.
* *No*: the proof writes O's defence out (a reply to every move X can make, down to positions
  where a pairing strategy ends the game for X) and :func:`tictac.verify.verify_draw` plays it
  against **every** move of X and checks each pairing itself. X cannot win; O cannot win
  either, by the strategy-stealing argument (an extra mark never hurts, so a winning strategy
  for the second player would also be one for the first): the board is a draw.

The limit covers both steps, the proof and its check.

For each board it prints the value the literature gives and where it is from, the result, the
seconds the proof and the check took, the process's peak memory (MiB), the positions the
prover expanded and stored, and the positions of the written-out strategy that the checker
went through. The exit status is 1 if any board is not finished, disagrees with the
literature, or fails its check.

``--solver`` runs the older way instead, :func:`tictac.solver.prove` (alpha-beta with a table
of bounds and pairing strategies; ``bench/prove_554.py`` cross-checks its draws by a second
search), for comparison.

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
from tictac.pns import prove_win
from tictac.state import State
from tictac.verify import verify_draw, verify_win

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
    """One board settled: its value (X's view), what the proof cost, and its check."""

    value: int
    prove_seconds: float
    searched: int
    stored: int
    checked: int  # positions of the written-out strategy the checker went through
    check_seconds: float
    problem: str  # empty when the check passed
    peak_mib: float


def settle(rows: int, cols: int, k: int) -> Row:
    """Prove the empty board with :func:`~tictac.pns.prove_win`, write the winner's or the
    defender's strategy out, and check it with :mod:`tictac.verify`."""
    state = State.new(rows, cols, k)
    start = time.perf_counter()
    proof = prove_win(state, "X", budget=None)
    prove_seconds = time.perf_counter() - start
    start = time.perf_counter()
    if proof.wins:
        verdict = verify_win(state, proof.strategy(), "X")
    else:
        replies, certificates = proof.defence()
        verdict = verify_draw(state, replies, certificates)
    check_seconds = time.perf_counter() - start
    return Row(
        1 if proof.wins else 0,
        prove_seconds,
        proof.positions,
        proof.stored,
        verdict.positions,
        check_seconds,
        verdict.problem if not verdict.ok else "",
        peak_mib(),
    )


def settle_by_solver(rows: int, cols: int, k: int) -> Row:
    """The older way: ``solver.prove`` from cold tables (no written-out strategy to check)."""
    solver.clear_caches()
    counter = meter(None, State.new(rows, cols, k), "frontier")
    start = time.perf_counter()
    value = solver.prove(rows, cols, k, budget=counter)
    seconds = time.perf_counter() - start
    tables = solver._solver(rows, cols, k)  # read-only: how much the proof stored
    stored = len(tables.bounds) + len(tables.table)
    return Row(value, seconds, counter.positions, stored, 0, 0.0, "", peak_mib())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=600, help="seconds per board (600)")
    parser.add_argument("--boards", type=parse_board, nargs="*", help="e.g. 5,5,4 6,4,4")
    parser.add_argument("--solver", action="store_true", help="prove with solver.prove instead")
    args = parser.parse_args(argv)
    boards = args.boards or list(LITERATURE)
    task = settle_by_solver if args.solver else settle
    print(f"Python {sys.version.split()[0]}, {task.__name__}, limit {args.limit:g} s per board")
    print(
        f"{'board':>9} {'literature':>24} {'result':>7} {'prove s':>8} {'check s':>8} "
        f"{'peak MiB':>9} {'searched':>11} {'stored':>11} {'checked':>11}  check"
    )
    failures = 0
    for board in boards:
        name = ",".join(map(str, board))
        known, source = LITERATURE.get(board, ("?", "not in the table"))
        print(f"{name:>9} {f'{known} ({source})':>24} ", end="", flush=True)
        try:
            row = in_fresh_process(*board, task=task, limit=args.limit)
        except TimeoutError:
            print(f"not finished in {args.limit:g} s", flush=True)
            failures += 1
            continue
        result = VALUE_NAMES[row.value]
        disagrees = known not in ("?", result)
        check = "not checked (--solver)" if args.solver else row.problem or "verified"
        if disagrees:
            check += "; DISAGREES with the literature"
        failures += bool(row.problem) or disagrees
        print(
            f"{result:>7} {row.prove_seconds:>8.1f} {row.check_seconds:>8.1f} "
            f"{row.peak_mib:>9.0f} {row.searched:>11,} {row.stored:>11,} {row.checked:>11,}"
            f"  {check}",
            flush=True,
        )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
