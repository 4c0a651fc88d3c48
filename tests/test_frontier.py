"""The frontier of issue 19: ``bench/frontier.py`` settles each board with
:func:`tictac.proving.pns.prove_win` and checks the written-out strategy with
:mod:`tictac.proving.verify`. Here the quick boards are settled in this process (the slower ones in
tests marked ``slow``; the biggest take minutes, which is what the bench is for), and the bench runs
as a command. The small five-in-a-row boards of issue 34 (6,6,5, 6,7,5, 7,6,5) are proved draws
here and their defences checked, and spoiled defences refused.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from tictac.game.state import State
from tictac.proving.ideas import FrontierCost, FrontierProof, frontier_proofs
from tictac.proving.pns import EXPECT_DRAW, Defence, prove_win
from tictac.proving.verify import verify_draw

BENCH = Path(__file__).resolve().parent.parent / "bench"


def load_frontier() -> ModuleType:
    """bench/frontier.py as a module (bench/ is not a package)."""
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location("frontier", BENCH / "frontier.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BENCH))
    return module


def settled(rows: int, cols: int, k: int) -> None:
    """Settle the board in this process: the value the literature gives, checked."""
    bench = load_frontier()
    row = bench.settle(rows, cols, k)
    assert row.problem == ""
    assert row.checked > 0 and row.searched > 0
    assert bench.VALUE_NAMES[row.value] == bench.LITERATURE[rows, cols, k][0]


@pytest.mark.parametrize("board", [(3, 8, 4), (3, 10, 4), (6, 5, 4)])
@pytest.mark.slow
def test_the_quick_boards_are_settled_and_checked(board: tuple[int, int, int]) -> None:
    settled(*board)


@pytest.mark.slow
@pytest.mark.parametrize("board", [(5, 5, 4), (6, 4, 4)])
def test_the_slower_boards_are_settled_and_checked(board: tuple[int, int, int]) -> None:
    settled(*board)


@pytest.mark.slow
def test_the_bench_prints_each_board_and_stops_one_at_its_limit() -> None:
    """As a command: a quick board gets its row, checked; a board over the time limit is
    stopped, the run goes on, and the exit status says not everything was settled."""
    run = subprocess.run(
        [sys.executable, str(BENCH / "frontier.py"), "--limit", "20", "--boards"]
        + ["3,8,4", "10,4,4", "4,4,3"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1, run.stdout + run.stderr
    rows = run.stdout.splitlines()[2:]
    assert rows[0].split()[:4] == ["3,8,4", "draw", "(rows)", "draw"]
    assert rows[0].endswith("verified")
    assert rows[1].split() == ["10,4,4", "X", "wins", "(Charatsidis)", "not", "finished", "in"] + [
        "20",
        "s",
    ]
    assert rows[2].split()[:7] == ["4,4,3", "?", "(not", "in", "the", "table)", "X"]
    assert rows[2].endswith("verified")


SMALL_FIVE = [(6, 6, 5), (6, 7, 5), (7, 6, 5)]
"""The five-in-a-row boards a test proves: about a second each, 6,6,5 a tenth of one."""

QUICK_STORED = [(3, 8, 4), (3, 10, 4), (5, 5, 4), (6, 4, 4), (6, 5, 4), *SMALL_FIVE]


def stored() -> dict[tuple[int, int, int], FrontierProof]:
    return {(proof.rows, proof.cols, proof.k): proof for proof in frontier_proofs()}


def test_the_stored_frontier_agrees_with_the_literature_and_the_bench() -> None:
    bench = load_frontier()
    proofs = stored()
    assert set(QUICK_STORED) <= set(proofs)
    for board, proof in proofs.items():
        literature, source = bench.LITERATURE[board]
        assert (proof.literature, proof.source) == (literature, source)
        assert bench.VALUE_NAMES[proof.value] == literature
        assert proof.setting in bench.SETTINGS
        assert proof.checked > 0 and proof.searched > 0
    assert list(proofs) == [board for board in bench.LITERATURE if board in proofs]


def test_the_literature_settles_five_in_a_row_up_to_eight_by_eight_by_sub_boards() -> None:
    """Every board from 6,6,5 to 8,8,5 is in the table, a draw: 7,7,5 and 8,8,5 by Hsu et al.,
    each other one "in" a draw of the table that holds it (a sub-board: no more rows, no more
    columns), as the bench's docstring argues."""
    literature = load_frontier().LITERATURE
    five = {board: entry for board, entry in literature.items() if board[2] == 5}
    assert set(five) == {(rows, cols, 5) for rows in range(6, 9) for cols in range(6, 9)}
    for (rows, cols, k), (value, source) in five.items():
        assert value == "draw"
        if source == "Hsu et al.":
            assert rows == cols
            continue
        big = tuple(int(part) for part in source.removeprefix("in ").split(","))
        assert literature[big] == ("draw", "Hsu et al."), source
        assert rows <= big[0] and cols <= big[1] and k == big[2] and (rows, cols) != big[:2]


def test_the_stored_five_in_a_row_rows_agree_with_the_literature() -> None:
    bench = load_frontier()
    five = {board: proof for board, proof in stored().items() if board[2] == 5}
    assert set(SMALL_FIVE) <= set(five)
    for board, proof in five.items():
        assert (proof.literature, proof.source) == bench.LITERATURE[board]
        assert (proof.value, proof.literature) == (0, "draw")
        assert proof.cost is not None and proof.cost.seconds > 0 and proof.cost.peak_mib > 0


def test_a_stored_record_keeps_its_cost_and_an_old_one_loads_without() -> None:
    old = {"rows": 3, "cols": 8, "k": 4, "value": 0, "literature": "draw", "source": "rows"}
    old |= {"setting": "win", "searched": 1, "stored": 1, "checked": 1}
    proof = FrontierProof.from_record(old)
    assert proof.cost is None and proof.as_record() == old
    cost = FrontierCost(1.25, 0.5, 30.0, 60.0, "3.11.7", "2026-11-27")
    measured = proof._replace(cost=cost)
    assert FrontierProof.from_record(measured.as_record()) == measured
    assert measured != proof and measured.counts() == proof


def test_the_check_shows_the_time_against_the_stored_one() -> None:
    bench = load_frontier()
    proof = FrontierProof(5, 5, 4, 0, "draw", "Lee", "draw", 1757, 1757, 6663)
    stored_cost = FrontierCost(1.0, 1.0, 30.0, 60.0, "3.11.7", "2026-11-27")
    then = proof._replace(cost=stored_cost)
    now = proof._replace(cost=stored_cost._replace(prove_seconds=1.1))
    assert bench.time_against(now, then).startswith("time x1.05 the stored 2.0 s")
    assert "over 10% slower" not in bench.time_against(now, then)
    slower = proof._replace(cost=stored_cost._replace(check_seconds=1.3))
    assert bench.time_against(slower, then).endswith("(over 10% slower)")
    assert bench.time_against(now, proof) == "no stored time"


@pytest.mark.parametrize("board", QUICK_STORED)
@pytest.mark.slow
def test_the_quick_stored_boards_are_proved_again_with_the_same_counts(
    board: tuple[int, int, int],
) -> None:
    """What `bench/frontier.py --check` does, for the boards quick enough for a test."""
    bench = load_frontier()
    proof = stored()[board]
    row = bench.settle(*board, setting=proof.setting)
    assert row.problem == ""
    assert (row.value, row.searched, row.stored, row.checked) == (
        proof.value,
        proof.searched,
        proof.stored,
        proof.checked,
    )


@pytest.mark.slow
def test_the_seven_by_four_board_is_proved_again_with_the_same_counts() -> None:
    test_the_quick_stored_boards_are_proved_again_with_the_same_counts((7, 4, 4))


@cache
def five_in_a_row_defence(board: tuple[int, int, int]) -> tuple[State, Defence]:
    """The empty board, and O's defence written up to symmetry: X cannot force five in a row."""
    state = State.new(*board)
    proof = prove_win(state, "X", budget=None, epsilon=EXPECT_DRAW)
    assert not proof.wins, board
    return state, proof.defence(up_to_symmetry=True)


@pytest.mark.parametrize(
    "board", [SMALL_FIVE[0], *(pytest.param(b, marks=pytest.mark.slow) for b in SMALL_FIVE[1:])]
)
def test_the_small_five_in_a_row_boards_are_draws_with_defences_that_check(
    board: tuple[int, int, int],
) -> None:
    """Proved, written out and checked; and the first certificate emptied of its pairs (X has
    lines to complete there) is refused, at that position."""
    state, (replies, certificates) = five_in_a_row_defence(board)
    verdict = verify_draw(state, replies, certificates, up_to_symmetry=True)
    assert verdict.ok, verdict
    assert verdict.positions >= len(replies) + len(certificates) > 0
    first = min(certificates)
    spoiled = verify_draw(state, replies, {**certificates, first: ()}, up_to_symmetry=True)
    assert not spoiled.ok and "holds no pair" in spoiled.problem
    assert spoiled.problem.startswith(f"at {State.from_cells(first, *board).text}:")


def slow_failure(rows: int, cols: int, k: int) -> int:
    raise ValueError(f"no answer for {rows},{cols},{k}")


def quick_answer(rows: int, cols: int, k: int) -> int:
    return rows * cols * k


def test_the_first_task_to_finish_wins_and_a_failing_one_drops_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.syspath_prepend(str(BENCH))  # also for the spawned processes, which import it
    from prove_boards import first_to_finish

    finished = first_to_finish(2, 3, 4, tasks=[slow_failure, quick_answer], limit=60)
    assert (finished.task, finished.result) == (1, 24)
    if sys.platform == "linux":  # the memory of the racing processes, read from /proc
        assert 1 < finished.together_mib < 4096, finished
    with pytest.raises(ValueError, match="no answer for 2,3,4"):
        first_to_finish(2, 3, 4, tasks=[slow_failure], limit=60)
