"""Prove draws on big boards with df-pn, write the defence out, and check it move by move.

Run it as ``.venv/bin/python bench/prove_draws.py`` (default boards 5,5,4 6,4,4 7,4,4 8,4,4;
``--boards 4,5,4`` for others; ``--limit SECONDS`` per board, default 600). Each board runs in
a fresh (spawned) process of its own, stopped at the limit, as in ``bench/prove_wins.py``.

For each board it prints:

* the prover's answer (:func:`tictac.pns.prove_win` for X from the empty board, no budget:
  False means X cannot force a win, so the game is a draw, as O cannot win either by strategy
  stealing), the positions it expanded and stored, and its time;
* O's defence written out (:meth:`~tictac.pns.WinProof.defence`: a reply for every position
  O can meet whatever X plays, and pairing certificates where it stops), its size and time;
* the verdict of :func:`tictac.verify.verify_draw`, which plays every X move against those
  replies with nothing but ``State``'s rules and checks each certificate against the lines,
  and its time;
* the process's peak memory over all three steps.

The exit status is 0 only if every board finished with a defence that the checker accepted.
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
from tictac.verify import verify_draw

BOARDS = ((5, 5, 4), (6, 4, 4), (7, 4, 4), (8, 4, 4))
"""Draws in the literature (D. Friedman's m,n,k table; V. Charatsidis, 2017)."""


def measure(rows: int, cols: int, k: int, send: Connection) -> None:
    """Prove, write out and verify one board's draw; send back one line of results."""
    start = time.perf_counter()
    proof = prove_win(State.new(rows, cols, k), "X", budget=None)
    proving = time.perf_counter() - start
    replies = certificates = 0
    writing = checking = 0.0
    verdict = "X wins: no draw to check"
    if not proof.wins:
        start = time.perf_counter()
        defence = proof.defence()
        writing = time.perf_counter() - start
        replies, certificates = len(defence.replies), len(defence.certificates)
        start = time.perf_counter()
        result = verify_draw(State.new(rows, cols, k), *defence, "X")
        checking = time.perf_counter() - start
        verdict = "verified" if result.ok else f"REFUTED: {result.problem}"
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    mib = peak / 2**20 if sys.platform == "darwin" else peak / 2**10  # bytes vs KiB
    send.send(
        (proof.wins, proof.positions, proof.stored, proving, replies, certificates, writing,
         checking, mib, verdict)
    )  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=parse_board, nargs="*", help="e.g. 5,5,4 8,4,4")
    parser.add_argument("--limit", type=float, default=600, help="seconds per board")
    args = parser.parse_args(argv)
    context = multiprocessing.get_context("spawn")
    failures = 0
    print(
        f"{'board':>8} {'X wins':>6} {'expanded':>10} {'stored':>10} {'prove s':>8} "
        f"{'replies':>9} {'certif.':>9} {'write s':>8} {'check s':>8} {'peak MiB':>8}  checker"
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
        wins, expanded, stored, proving, replies, certs, writing, checking, mib, verdict = (
            receive.recv()
        )
        process.join()
        failures += verdict != "verified"
        print(
            f"{name:>8} {wins!s:>6} {expanded:>10,} {stored:>10,} {proving:>8.1f} "
            f"{replies:>9,} {certs:>9,} {writing:>8.1f} {checking:>8.1f} {mib:>8.0f}  {verdict}",
            flush=True,
        )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
