"""Prove first-player wins on big boards with df-pn, and check each win move by move.

Run it as ``.venv/bin/python bench/prove_wins.py`` (default boards 6,5,4 9,4,4 10,4,4;
``--boards 6,5,4 4,4,3`` for others; ``--limit SECONDS`` per board, default 600). Each board
runs in a fresh (spawned) process of its own, stopped at the limit, so one board's memory and
time are its own and a board that does not finish does not stop the run.

For each board it prints:

* the prover's answer (:func:`tictac.pns.prove_win` for X from the empty board, no budget),
  the positions it expanded and the positions its table holds, and its time;
* X's winning strategy written out (:meth:`~tictac.pns.WinProof.strategy`: one move for every
  position X can meet) and its size;
* the verdict of :func:`tictac.verify.verify_win`, which plays the strategy against every
  reply of O using nothing but ``State``'s rules, and its time;
* the process's peak memory (``ru_maxrss``) over all three steps.

The exit status is 0 only if every board finished with a win that the checker accepted.

Measured on a busy 2-core machine: 6,5,4 proved in 0.1 s (151 positions searched, 104
stored), a strategy of 71,086 positions verified in 2.3 s, 40 MiB at the peak; 9,4,4 proved in
527 s (1,280,291 positions searched, 818,878 stored), a strategy of 1,756,728 positions
verified in 69 s, 1,062 MiB at the peak (about 17 minutes in all: run it with ``--limit
1200``). 10,4,4 has not been measured with this code yet.
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import sys
import time
from collections.abc import Sequence
from multiprocessing.connection import Connection

from prove_boards import parse_board

from tictac.pns import prove_win
from tictac.state import State
from tictac.verify import verify_win

BOARDS = ((6, 5, 4), (9, 4, 4), (10, 4, 4))
"""First-player wins in the literature (D. Friedman's m,n,k table; V. Charatsidis, 2017)."""


def measure(rows: int, cols: int, k: int, send: Connection) -> None:
    """Prove, write out and verify one board's win; send back one line of results."""
    start = time.perf_counter()
    proof = prove_win(State.new(rows, cols, k), "X", budget=None)
    proving = time.perf_counter() - start
    size, checking, verdict = 0, 0.0, "no win to check"
    if proof.wins:
        strategy = proof.strategy()
        size = len(strategy)
        start = time.perf_counter()
        result = verify_win(State.new(rows, cols, k), strategy, "X")
        checking = time.perf_counter() - start
        verdict = "verified" if result.ok else f"REFUTED: {result.problem}"
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    mib = peak / 2**20 if sys.platform == "darwin" else peak / 2**10  # bytes vs KiB
    send.send((proof.wins, proof.positions, proof.stored, proving, size, checking, mib, verdict))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=parse_board, nargs="*", help="e.g. 6,5,4 9,4,4")
    parser.add_argument("--limit", type=float, default=600, help="seconds per board")
    args = parser.parse_args(argv)
    context = multiprocessing.get_context("spawn")
    failures = 0
    print(
        f"{'board':>8} {'X wins':>6} {'expanded':>10} {'stored':>10} {'prove s':>8} "
        f"{'strategy':>9} {'check s':>8} {'peak MiB':>8}  checker"
    )
    for rows, cols, k in args.boards or BOARDS:
        name = f"{rows},{cols},{k}"
        receive, send = context.Pipe(duplex=False)
        process = context.Process(target=measure, args=(rows, cols, k, send))
        process.start()
        if not receive.poll(args.limit):
            process.terminate()
            process.join()
            print(f"{name:>8} not finished in {args.limit:g} s", flush=True)
            failures += 1
            continue
        wins, expanded, stored, proving, size, checking, mib, verdict = receive.recv()
        process.join()
        failures += verdict != "verified"
        print(
            f"{name:>8} {wins!s:>6} {expanded:>10,} {stored:>10,} {proving:>8.1f} "
            f"{size:>9,} {checking:>8.1f} {mib:>8.0f}  {verdict}",
            flush=True,
        )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
