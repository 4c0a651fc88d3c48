"""Prove the boards that Lesson 9b does not prove live, and store what the proofs cost.

Run it as ``.venv/bin/python bench/prove_boards.py`` to re-measure every board and rewrite
``tictac/data/proofs.json``, or with ``--check`` to re-measure and compare with the stored
numbers without writing anything (the exit status is 1 if any differs). ``--boards 4,6,4``
limits the run to some boards (with ``--check`` only; a rewrite measures them all).

Each board is proved by :func:`tictac.proving.ideas.solver_proof`, the solver's ``solve`` from cold
tables, without a budget, in a fresh process of its own. What is stored is what does not
depend on the machine: the value (+1 X wins, 0 draw) and the number of positions the solver
searched. What does depend on it, the wall time and the peak memory of the process, is
printed and not stored. On a busy 2-core machine (the one the lessons are timed on) the
stored boards took from several seconds (4x6, four in a row) to a few minutes (4x7), and a
few hundred MiB each.

``tests/test_proving.py`` re-runs the smallest stored board in a test marked ``slow`` and
checks its numbers exactly; the others take minutes, which is what this script is for.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import resource
import sys
import time
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from tictac.proving.ideas import PROOFS_FILE, SolverProof, solver_proof, stored_proofs

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tictac" / "data" / PROOFS_FILE

BOARDS = ((4, 6, 4), (5, 5, 4), (4, 7, 4))
"""The boards measured: too slow for a lesson, fast enough for this script."""


def peak_mib() -> float:
    """The largest resident size of this process so far, in MiB."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10  # bytes vs KiB


def measure(rows: int, cols: int, k: int) -> tuple[SolverProof, float, float]:
    """The proof of one board, its wall time in seconds and the process's peak memory in MiB."""
    start = time.perf_counter()
    proof = solver_proof(rows, cols, k, budget=None)
    seconds = time.perf_counter() - start
    return proof, seconds, peak_mib()


_T = TypeVar("_T")


def _run_and_send(
    task: Callable[[int, int, int], object], board: tuple[int, int, int], send: Connection
) -> None:
    """In the child process: run the task and send back its result, or the error it raised."""
    try:
        send.send((True, task(*board)))
    except BaseException as error:  # handed to the parent, which raises it
        send.send((False, error))


def in_fresh_process(
    rows: int,
    cols: int,
    k: int,
    *,
    task: Callable[[int, int, int], _T] = measure,  # type: ignore[assignment]
    limit: float | None = None,
) -> _T:
    """``task(rows, cols, k)`` (:func:`measure` by default) in a new (spawned) Python process,
    so that its memory is its own; an error it raises is raised here.

    With a `limit` in seconds, a task still running after that long is stopped (its process
    is killed) and :class:`TimeoutError` is raised.
    """
    return first_to_finish(rows, cols, k, tasks=[task], limit=limit).result


class Finished(NamedTuple):
    """The winner of :func:`first_to_finish`: which task it was (its index), what it returned,
    and the most memory the racing processes held at once (MiB, sampled; NaN where the system
    does not show it). (Not generic in `result`: Python 3.10 cannot make a generic NamedTuple,
    and a dataclass fails in a module loaded from its file without being registered, as
    ``tests/test_proving.py`` loads this one.)"""

    task: int
    result: Any
    together_mib: float


def resident_mib(pid: int) -> float:
    """What process `pid` holds in memory now (its resident size, MiB), from /proc (Linux);
    NaN where that cannot be read."""
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):
        return float("nan")
    return pages * resource.getpagesize() / 2**20


def first_to_finish(
    rows: int,
    cols: int,
    k: int,
    *,
    tasks: Sequence[Callable[[int, int, int], _T]],
    limit: float | None = None,
) -> Finished:
    """Run each of `tasks` on the board at once, each in a new (spawned) process of its own,
    and return the first to finish (see :class:`Finished`); the others are stopped then.

    A task that raises drops out of the race; when all have raised, the first task's error is
    raised here. With a `limit` in seconds, :class:`TimeoutError` is raised when none has
    finished by then (every process is killed). While they run, the memory of all of them
    together is sampled five times a second.
    """
    context = multiprocessing.get_context("spawn")
    running = []
    for task in tasks:
        receive, send = context.Pipe(duplex=False)
        process = context.Process(target=_run_and_send, args=(task, (rows, cols, k), send))
        process.start()
        running.append((receive, process))
    deadline = None if limit is None else time.monotonic() + limit
    errors: dict[int, BaseException] = {}
    together = float("nan")  # until a reading comes in
    try:
        while len(errors) < len(tasks):
            readings = [resident_mib(p.pid) for _, p in running if p.pid and p.is_alive()]
            known = [mib for mib in readings if mib == mib]  # NaN: could not be read
            if known:
                together = sum(known) if together != together else max(together, sum(known))
            if deadline is not None and time.monotonic() >= deadline:
                raise TimeoutError(f"{(rows, cols, k)} not finished in {limit:g} s")
            ready = wait([r for i, (r, _) in enumerate(running) if i not in errors], 0.2)
            for index, (receive, _) in enumerate(running):
                if receive in ready:
                    finished, result = receive.recv()
                    if finished:
                        return Finished(index, result, together)
                    errors[index] = result
        raise errors[0]
    finally:
        for _, process in running:
            if process.is_alive():
                process.kill()
            process.join()


def parse_board(text: str) -> tuple[int, int, int]:
    """``"4,6,4"`` as ``(4, 6, 4)``."""
    rows, cols, k = (int(part) for part in text.split(","))
    return rows, cols, k


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    parser.add_argument("--boards", type=parse_board, nargs="*", help="e.g. 4,6,4 5,5,4")
    args = parser.parse_args(argv)
    if args.boards and not args.check:
        parser.error("--boards needs --check: a rewrite measures every board")
    boards = args.boards or BOARDS
    stored = {(p.rows, p.cols, p.k): p for p in stored_proofs()} if args.check else {}
    proofs, differ = [], 0
    print(f"{'board':>10} {'value':>6} {'positions':>12} {'seconds':>9} {'peak MiB':>9}")
    for board in boards:
        proof, seconds, mib = in_fresh_process(*board)
        proofs.append(proof)
        note = ""
        if args.check:
            same = stored.get(board) == proof
            differ += not same
            note = "  same as stored" if same else f"  DIFFERS from stored {stored.get(board)}"
        name = f"{board[0]}x{board[1]},{board[2]}"
        print(
            f"{name:>10} {proof.value:>6} {proof.positions:>12,} {seconds:>9.1f} {mib:>9.0f}{note}",
            flush=True,
        )
    if not args.check:
        records = [proof._asdict() for proof in proofs]
        DATA.write_text(json.dumps({"proofs": records}, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {DATA.relative_to(ROOT)}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
