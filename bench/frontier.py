"""The frontier table of issue 19: the m,n,k boards the literature has settled, each proved by
``tictac`` and the proof checked by a second, independent program.

Run it as ``.venv/bin/python bench/frontier.py`` (every board, a limit of 600 s each), or for
example ``bench/frontier.py --limit 120 --boards 5,5,4 6,5,4``. Each board runs in fresh
(spawned) processes of its own, so its time and memory are its own; a board still running at
the limit is stopped, prints "not finished in N s", and the run goes on with the next board.

**Two searches race.** How quickly proof-number search settles a board depends on how long it
stays with the move in hand (its epsilon, :class:`tictac.proving.pns.Epsilon`), and the best setting
depends on the answer: :data:`~tictac.proving.pns.EXPECT_WIN` finds wins quickly and draws slowly,
:data:`~tictac.proving.pns.EXPECT_DRAW` the other way round. Not knowing the answer, the bench runs
both at once, one process on each of the machine's two cores, and the first to finish
(its proof *and* its check) settles the board; the other is stopped. Either would give the
same answer, only later. ``--epsilon win`` (or ``draw``, ``balanced``) runs one setting alone.
Two memory columns are printed: the finishing process's own peak, and the most that all the
racing processes held at once, which is what the machine must have (sampled five times a
second while they run, so never shown below the finishing process's own peak, which a run
of a fraction of a second can pass between two samples).

``--write`` stores what was settled in ``tictac/data/frontier.json``, which Lesson 9b shows
(:func:`tictac.proving.ideas.frontier_proofs`): the counts, which do not depend on the machine,
and what the run cost on this one (:class:`tictac.proving.ideas.FrontierCost`: the seconds of the
proof and of the check, both memory columns, the Python version and the date). ``--check``
proves each stored board again with its stored setting alone and compares the counts (the exit
status is 1 if any differs); the times are not compared, only shown: the last column gives this
run's seconds (proof and check) as a multiple of the stored ones, "over 10% slower" where it is
more than 1.10. To compare times, run ``--check`` on a quiet machine (one board at a time is
the stored setting alone, so one core; the stored times come from a race, with the other core
busy).

**How a board is settled.** :func:`tictac.proving.pns.prove_win` (depth-first proof-number search)
answers one question from the empty board: can X, who moves first, force a win?

* *Yes*: the proof writes X's winning strategy out (a move for every position X can meet) and
  :func:`tictac.proving.verify.verify_win` plays it against **every** reply of O, using nothing but
  the rules of :class:`~tictac.game.state.State`. The board is a first-player win.
* *No*: the proof writes O's defence out (a reply to every move X can make, down to positions
  where a pairing strategy ends the game for X) and :func:`tictac.proving.verify.verify_draw` plays
  it against **every** move of X and checks each pairing itself. X cannot win; O cannot win either,
  by the strategy-stealing argument (an extra mark never hurts, so a winning strategy for the second
  player would also be one for the first): the board is a draw.

The limit covers both steps, the proof and its check.

For each board it prints the value the literature gives and where it is from, the result, the
setting that finished first, the seconds the proof and the check took, the finishing process's
peak memory and the most all racing processes held at once (MiB), the positions the prover
expanded and stored, and the positions of the written-out strategy or defence that the checker
went through (a defence is written out and checked for one mirror image of each position:
``up_to_symmetry``; a strategy in full, since there halving the positions saved no time). The
exit status is 1 if any board is not finished, disagrees with the literature, or fails its
check.

``--solver`` runs the older way instead, :func:`tictac.search.solver.prove` (alpha-beta with a table
of bounds and pairing strategies; ``bench/prove_554.py`` cross-checks its draws by a second
search), for comparison.

The literature values:

* Lee: C. Y. Lee's proof that 5x5 with four in a row is a draw, as reported by Berlekamp,
  Conway and Guy, *Winning Ways for your Mathematical Plays* (1982).
* Charatsidis: V. Charatsidis, *Solving Four-in-a-Row on 9x4 and 10x4 Boards* (2017), a
  bachelor's thesis supervised by J. Uiterwijk at Maastricht University
  (https://www.slideshare.net/slideshow/thesis-paper-70652251/70652251): 9x4 and 10x4 are
  first-player wins, settled by the thesis itself; 6x4, 7x4 and 8x4 (draws) and 6x5 (a
  first-player win) are reported in its introduction ("Boards from 1x4 to 8x4 are draw", "for
  m x 5 boards, the game is drawn for m = 5 and a win for m = 6"), citing earlier work.
* Rows: on a board of three rows no column or diagonal holds four cells, so every line lies in
  one row, and the pairs (1, 2), (3, 4), (5, 6), ... of each row meet every line of four: a
  draw by a pairing strategy (as in Hales and Jewett, 1963), no search needed.
* Hsu et al.: W.-Y. Hsu, C.-L. Ko, J.-C. Chen, T.-H. Wei, C.-H. Hsueh and I-C. Wu, "On solving
  the 7,7,5-game and the 8,8,5-game", *Theoretical Computer Science* 815 (2020) 79-94,
  doi:10.1016/j.tcs.2020.02.023: 7,7,5 and 8,8,5 are draws (their abstract: 7,7,5 in 2.5 s,
  and 8,8,5 for the first time, in 17.4 hours, with a compiled solver).
* in 7,7,5 and in 8,8,5: the five-in-a-row rectangles between 6,6,5 and 8,8,5 are draws because
  they are sub-boards of a board that is one (6,6,5, 6,7,5 and 7,6,5 of 7,7,5; 6,8,5, 8,6,5,
  7,8,5 and 8,7,5 of 8,8,5). This is a claim about the *weak* game (can X force a line of
  five?), and its argument is short. If X could force a win on the sub-board, X could win the
  same way on the whole board by playing only inside the sub-board: an O move outside it
  touches no line inside it, so for the sub-board it is a pass, after which X marks any empty
  cell of the sub-board (an extra mark never hurts in k in a row; where the strategy later
  names that cell, X marks another). Every line of the sub-board is a line of the board, so X
  would win on the board, against Hsu et al.'s draw. No separate source for these boards was
  found.
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import sys
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/ is not a package

from prove_boards import first_to_finish, parse_board, peak_mib

from tictac.game.state import State
from tictac.proving import pns
from tictac.proving.ideas import FRONTIER_FILE, FrontierCost, FrontierProof, frontier_proofs
from tictac.proving.pns import prove_win
from tictac.proving.verify import verify_draw, verify_win
from tictac.search import solver
from tictac.search.budget import meter

LITERATURE: dict[tuple[int, int, int], tuple[str, str]] = {
    (3, 8, 4): ("draw", "rows"),
    (3, 10, 4): ("draw", "rows"),
    (5, 5, 4): ("draw", "Lee"),
    (6, 4, 4): ("draw", "Charatsidis"),
    (7, 4, 4): ("draw", "Charatsidis"),
    (6, 5, 4): ("X wins", "Charatsidis"),
    (8, 4, 4): ("draw", "Charatsidis"),
    (9, 4, 4): ("X wins", "Charatsidis"),
    (10, 4, 4): ("X wins", "Charatsidis"),
    (6, 6, 5): ("draw", "in 7,7,5"),
    (6, 7, 5): ("draw", "in 7,7,5"),
    (7, 6, 5): ("draw", "in 7,7,5"),
    (7, 7, 5): ("draw", "Hsu et al."),
    (6, 8, 5): ("draw", "in 8,8,5"),
    (8, 6, 5): ("draw", "in 8,8,5"),
    (7, 8, 5): ("draw", "in 8,8,5"),
    (8, 7, 5): ("draw", "in 8,8,5"),
    (8, 8, 5): ("draw", "Hsu et al."),
}
"""Each board's value in the literature and where it is from (see the module docstring)."""

VALUE_NAMES = {1: "X wins", 0: "draw", -1: "O wins"}

SLOWER = 1.10
"""With ``--check``: a board whose proof and check take longer than this many times the stored
seconds is marked "over 10% slower" (shown, not failed: times depend on how busy the machine is)."""


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


SETTINGS = {"win": "EXPECT_WIN", "draw": "EXPECT_DRAW", "balanced": "BALANCED"}
"""The settings of the prover's epsilon (:class:`tictac.proving.pns.Epsilon`) by a short name."""


def settle(rows: int, cols: int, k: int, setting: str = "balanced") -> Row:
    """Prove the empty board with :func:`~tictac.proving.pns.prove_win` (its epsilon set by the name
    `setting`, see :data:`SETTINGS`), write the winner's or the defender's strategy out, and
    check it with :mod:`tictac.proving.verify`."""
    state = State.new(rows, cols, k)
    start = time.perf_counter()
    proof = prove_win(state, "X", budget=None, epsilon=getattr(pns, SETTINGS[setting]))
    prove_seconds = time.perf_counter() - start
    start = time.perf_counter()
    if proof.wins:
        verdict = verify_win(state, proof.strategy(), "X")
    else:  # one mirror image of each position: a quarter of the work on these boards
        replies, certificates = proof.defence(up_to_symmetry=True)
        verdict = verify_draw(state, replies, certificates, up_to_symmetry=True)
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
    parser.add_argument(
        "--epsilon",
        choices=["race", *SETTINGS],
        default="race",
        help="the prover's setting; race (the default): 'win' and 'draw' at once, in two "
        "processes, and the first to finish settles the board",
    )
    parser.add_argument(
        "--write",
        action="store_true",
        help=f"store the boards settled in tictac/data/{FRONTIER_FILE}",
    )
    parser.add_argument(
        "--check", action="store_true", help=f"compare the counts with tictac/data/{FRONTIER_FILE}"
    )
    args = parser.parse_args(argv)
    boards = args.boards or list(LITERATURE)
    if args.solver and (args.write or args.check):
        parser.error("--write and --check are for prove_win's proofs, not --solver")
    stored = {(p.rows, p.cols, p.k): p for p in frontier_proofs()} if args.check else {}
    settled: list[FrontierProof] = []
    if args.solver:
        names, tasks = ["solver"], [settle_by_solver]
    else:
        names = ["win", "draw"] if args.epsilon == "race" else [args.epsilon]
        tasks = [partial(settle, setting=name) for name in names]
    how = "solver.prove" if args.solver else f"prove_win, epsilon {args.epsilon}"
    if args.check:
        how += " (a stored board: its stored setting alone)"
    print(f"Python {platform.python_version()}, {how}, limit {args.limit:g} s per board")
    print(
        f"{'board':>9} {'literature':>24} {'result':>7} {'setting':>8} {'prove s':>8} "
        f"{'check s':>8} {'peak MiB':>9} {'race MiB':>9} {'searched':>11} {'stored':>11} "
        f"{'checked':>11}  check{'; time vs stored' if args.check else ''}"
    )
    failures = 0
    for board in boards:
        name = ",".join(map(str, board))
        known, source = LITERATURE.get(board, ("?", "not in the table"))
        print(f"{name:>9} {f'{known} ({source})':>24} ", end="", flush=True)
        names_here, tasks_here = names, tasks
        if args.check and board in stored:  # the stored setting alone: the same counts again
            names_here = [stored[board].setting]
            tasks_here = [partial(settle, setting=stored[board].setting)]
        try:
            finished = first_to_finish(*board, tasks=tasks_here, limit=args.limit)
        except TimeoutError:
            print(f"not finished in {args.limit:g} s", flush=True)
            failures += 1
            continue
        index, row = finished.task, finished.result
        # (max keeps its first argument against a NaN: memory the system does not show)
        race_mib = max(row.peak_mib, finished.together_mib)
        result = VALUE_NAMES[row.value]
        disagrees = known not in ("?", result)
        check = "not checked (--solver)" if args.solver else row.problem or "verified"
        if disagrees:
            check += "; DISAGREES with the literature"
        failures += bool(row.problem) or disagrees
        proof = FrontierProof(
            *board,
            row.value,
            known,
            source,
            names_here[index],
            row.searched,
            row.stored,
            row.checked,
            cost_of(row, race_mib),
        )
        if args.check:
            if board not in stored:
                check += "; not stored"
            elif proof.counts() != stored[board].counts():
                check += f"; DIFFERS from the stored {stored[board].counts()}"
                failures += 1
            else:
                check += f"; {time_against(proof, stored[board])}"
        if not row.problem and not disagrees:
            settled.append(proof)
        print(
            f"{result:>7} {names_here[index]:>8} {row.prove_seconds:>8.1f} "
            f"{row.check_seconds:>8.1f} {row.peak_mib:>9.0f} {race_mib:>9.0f} "
            f"{row.searched:>11,} "
            f"{row.stored:>11,} {row.checked:>11,}"
            f"  {check}",
            flush=True,
        )
    if args.write:
        write_frontier(settled)
    return 1 if failures else 0


def cost_of(row: Row, race_mib: float) -> FrontierCost:
    """What settling the board cost here: `row`'s seconds and memory, `race_mib` for all the
    racing processes together, this Python and today's date (UTC)."""
    return FrontierCost(
        round(row.prove_seconds, 3),
        round(row.check_seconds, 3),
        round(row.peak_mib, 1),
        round(race_mib, 1),
        platform.python_version(),
        datetime.datetime.now(datetime.timezone.utc).date().isoformat(),
    )


def time_against(proof: FrontierProof, stored: FrontierProof) -> str:
    """This run's seconds (proof and check) as a multiple of the stored ones, for ``--check``."""
    if proof.cost is None or stored.cost is None or stored.cost.seconds <= 0:
        return "no stored time"
    ratio = proof.cost.seconds / stored.cost.seconds
    slower = " (over 10% slower)" if ratio > SLOWER else ""
    return (
        f"time x{ratio:.2f} the stored {stored.cost.seconds:.1f} s "
        f"(Python {stored.cost.python}, {stored.cost.date}){slower}"
    )


def write_frontier(settled: Sequence[FrontierProof]) -> None:
    """Store the boards settled (replacing those already stored; others are kept), in the
    order of :data:`LITERATURE`."""
    path = Path(__file__).resolve().parent.parent / "tictac" / "data" / FRONTIER_FILE
    kept = {(p.rows, p.cols, p.k): p for p in frontier_proofs()} if path.exists() else {}
    kept.update({(p.rows, p.cols, p.k): p for p in settled})
    order = {board: i for i, board in enumerate(LITERATURE)}
    boards = sorted(kept, key=lambda board: (order.get(board, len(order)), board))
    records = [kept[board].as_record() for board in boards]
    path.write_text(json.dumps({"boards": records}, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(records)} boards to {path}")


if __name__ == "__main__":
    sys.exit(main())
