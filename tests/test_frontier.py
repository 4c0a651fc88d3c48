"""The frontier of issue 19: ``bench/frontier.py`` settles each board with
:func:`tictac.proving.pns.prove_win` and checks the written-out strategy with
:mod:`tictac.proving.verify`. Here the quick boards are settled in this process (the slower ones in
tests marked ``slow``; the biggest take minutes, which is what the bench is for), and the bench runs
as a command.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tictac.proving.ideas import FrontierProof, frontier_proofs

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


QUICK_STORED = [(3, 8, 4), (3, 10, 4), (5, 5, 4), (6, 4, 4), (6, 5, 4)]


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
