"""Budgets (tictac.search.budget): every search stops, with a clear error, when it has spent its
budget.

The searches that used to run for minutes or hours (the issue measured them: no answer in 60 s,
memory climbing) are tests here that the default budget stops them, with the right error and
message, in a few seconds of CPU time. CPU time, not the wall clock, so that a busy machine
does not make the tests fail; and the bounds are generous (a tenth of what they used to run
for, at least), since what matters is that the search stops rather than how fast.
Other files test each search's budget where the search is tested: tests/test_search.py,
tests/test_solver.py, tests/test_tree.py and tests/test_cli.py.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import pkgutil
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

import tictac
from tictac.game.scoring import two_in_a_row
from tictac.game.state import MAX_SIDE, State
from tictac.pictures.tree import draw_tree
from tictac.play.levels import CATALOGUE, make_player
from tictac.play.offered import level_options, offered_levels
from tictac.players import rules as players
from tictac.players.rules import subtree_sum
from tictac.proving.pns import prove_win
from tictac.search import budget as budgets
from tictac.search import solver
from tictac.search.budget import (
    DEFAULT_SECONDS,
    Budget,
    BudgetExceeded,
    Progress,
    meter,
    reporting,
)
from tictac.search.deepening import iterative_deepening, mtdf
from tictac.search.engine import alphabeta, minimax
from tictac.search.mcts import uct_search


@contextmanager
def cpu_seconds_at_most(seconds: float) -> Iterator[None]:
    """Fail if the block takes more than `seconds` of this process's CPU time."""
    start = time.process_time()
    yield
    spent = time.process_time() - start
    assert spent < seconds, f"took {spent:.1f} s of CPU time, more than {seconds} s"


def stopped(search: Callable[[], object]) -> BudgetExceeded:
    """The error a search stops with (failing the test if it finishes)."""
    with pytest.raises(BudgetExceeded) as caught:
        search()
    return caught.value


# -- the budget itself ---------------------------------------------------------------------


def test_the_error_is_a_runtime_error_exported_from_the_package() -> None:
    assert issubclass(BudgetExceeded, RuntimeError)
    assert tictac.BudgetExceeded is BudgetExceeded and tictac.Budget is Budget


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"positions": 0}, "positions must be a whole number, 1 or more"),
        ({"positions": 2.5}, "positions must be a whole number"),
        ({"positions": True}, "positions must be a whole number"),
        ({"seconds": 0}, "seconds must be a number above 0"),
        ({"seconds": float("inf")}, "seconds must be a number above 0"),
        ({"seconds": "10"}, "seconds must be a number above 0"),
    ],
)
def test_a_bad_budget_is_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Budget(**options)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["1000", 2.0, True, [1000]])
def test_budget_takes_a_number_a_budget_or_none(bad: object) -> None:
    with pytest.raises(TypeError, match="budget must be a whole number of positions, a Budget"):
        minimax(State.new(), budget=bad)  # type: ignore[arg-type]


def test_a_budget_of_n_positions_lets_exactly_n_be_searched() -> None:
    position = State.parse("XO./.X./...")
    needed = minimax(position, budget=None).stats.nodes
    assert minimax(position, budget=needed).stats.nodes == needed
    error = stopped(lambda: minimax(position, budget=needed - 1))
    assert error.positions == needed - 1
    assert f"after searching {needed - 1:,} positions, its budget" in str(error)


def test_the_error_says_how_big_the_problem_is_and_what_to_do() -> None:
    error = stopped(lambda: minimax(State.new(4, 4, 4), budget=2000))
    assert (error.search, error.positions, error.empty_cells) == ("minimax", 2000, 16)
    assert error.state == State.new(4, 4, 4)
    message = str(error)
    for part in (
        "minimax stopped after searching 2,000 positions, its budget",
        "a 4x4 board with 4 in a row and has 16 empty cells",
        "a position with fewer empty cells",
        "a depth limit (depth=4, heuristic=two_in_a_row",
        "a larger budget: budget=20_000 (budget=None: no limit)",
    ):
        assert part in message
    assert "\n" not in message


def test_a_time_limit_stops_a_search_too() -> None:
    with cpu_seconds_at_most(10):
        error = stopped(lambda: minimax(State.new(4, 4, 4), budget=Budget(seconds=0.2)))
    assert "its time limit" in str(error) and error.out_of_time
    assert 0.2 <= error.seconds < 10
    by_count = stopped(lambda: minimax(State.new(4, 4, 4), budget=100))
    assert "its budget" in str(by_count) and not by_count.out_of_time


def test_an_explicit_larger_budget_lets_a_search_finish() -> None:
    position = State.parse("X../.O./...")
    stopped(lambda: minimax(position, budget=1000))
    unlimited = minimax(position, budget=None)
    larger = minimax(position, budget=Budget(positions=10 * unlimited.stats.nodes, seconds=600))
    assert larger.value == unlimited.value and larger.stats == unlimited.stats


def test_a_meter_shares_one_budget_between_searches() -> None:
    position = State.parse("XO./.X./...")
    needed = minimax(position, budget=None).stats.nodes
    shared = meter(2 * needed - 1, position, "two searches")
    minimax(position, budget=shared)
    assert shared.positions == needed
    error = stopped(lambda: minimax(position, budget=shared))
    assert error.search == "two searches" and error.positions == 2 * needed - 1


def test_long_searches_report_their_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(budgets, "REPORT_EVERY", 0.0)  # at every look at the clock
    seen: list[Progress] = []
    with reporting(seen.append):
        minimax(State.parse("X../.O./..."), budget=None)
    assert seen, "no progress reported"
    assert {report.search for report in seen} == {"minimax"}
    counts = [report.positions for report in seen]
    assert counts == sorted(counts) and counts[0] > 0
    seen.clear()
    minimax(State.parse("X../.O./..."), budget=None)  # outside the block: nobody listens
    assert seen == []


# -- the measured hangs, stopped by the default budgets ------------------------------------


def test_solve_on_6x6_with_4_in_a_row_stops_quickly() -> None:
    """It used to run 300 s and more, its memory growing about 180 MB a minute."""
    with cpu_seconds_at_most(30):
        error = stopped(lambda: solver.solve(State.new(6, 6, 4)))
    assert (error.search, error.positions) == ("solve", 200_000)
    assert "a 6x6 board with 4 in a row and has 36 empty cells" in str(error)
    assert "bench/prove_554.py" in str(error) and "budget=2_000_000" in str(error)


@pytest.mark.slow  # a million positions: about 4 s of CPU time, twice that on a busy machine
def test_minimax_on_the_empty_4x4_board_stops_quickly() -> None:
    """No answer in 60 s, before budgets."""
    with cpu_seconds_at_most(45):
        error = stopped(lambda: minimax(State.new(4, 4, 4)))
    assert (error.search, error.positions) == ("minimax", 1_000_000)
    assert "16 empty cells" in str(error) and "budget=10_000_000" in str(error)


def test_the_default_budget_fits_the_full_3x3_searches() -> None:
    """Plain minimax from the empty board is the biggest search on 3x3 (tests/test_search.py
    runs it with the default budget); these are the other searches over the whole game."""
    empty = State.new()
    assert alphabeta(empty).value == 0
    assert solver.best_moves(empty) == tuple(range(9))
    assert sum(uct_search(empty, seed=0).visits.values()) == 1000
    players._SUMS.clear()
    below = [subtree_sum(empty.play(move), "X") for move in empty.legal_moves()]
    players._SUMS.clear()
    assert subtree_sum(empty, "X") == pytest.approx(sum(below))


@pytest.mark.parametrize("size", [(3, 3, 3), (4, 4, 4), (4, 4, 3)])
def test_every_level_offered_moves_within_its_default_budget(size: tuple[int, int, int]) -> None:
    """Every level, on every board the widget offers it, from the empty board and after a few
    random moves (brute-force is offered on 3x3 only)."""
    rng = random.Random(1)
    positions = [State.new(*size)]
    for _ in range(3):
        positions.append(positions[-1].play(rng.choice(positions[-1].legal_moves())))
    for name in offered_levels(size):
        player = make_player(name, seed=1, **level_options(name, size))
        for state in positions:
            assert player.choose(state) in state.legal_moves()


# -- players ---------------------------------------------------------------------------------


def test_brute_force_on_the_empty_4x4_board_stops_with_the_error() -> None:
    """`tictac play --size 4x4 --level brute-force` made no move in 30 s; the widget does not
    offer it there. With a small budget the same error comes at once."""
    player = make_player("brute-force", budget=5000)
    with cpu_seconds_at_most(10):
        error = stopped(lambda: player.choose(State.new(4, 4, 4).play(5)))
    assert (error.search, error.positions, error.empty_cells) == ("brute_force_sum", 5000, 15)
    assert "fewer empty cells" in str(error)


@pytest.mark.parametrize("level", ["master", "novice", "epsilon", "heuristic", "medium"])
def test_the_searching_levels_take_a_budget(level: str) -> None:
    assert CATALOGUE[level].searches
    assert "budget" not in CATALOGUE[level].defaults  # not an option of the play itself
    always_search = {"epsilon": {"epsilon": 0.0}, "novice": {"probability": 1.0}}
    player = make_player(level, seed=0, budget=10, **always_search.get(level, {}))
    error = stopped(lambda: player.choose(State.new(5, 5, 4)))
    assert error.positions == 10


@pytest.mark.parametrize("level", ["random", "defensive", "offensive", "rules", "mcts"])
def test_the_levels_that_do_not_search_by_budget_refuse_one(level: str) -> None:
    """mcts is bounded by its playouts (and each of its searches by the default budget)."""
    assert not CATALOGUE[level].searches
    with pytest.raises(ValueError, match=f"level '{level}' does not take the option.s. budget"):
        make_player(level, budget=1000)


def test_the_brute_force_sums_kept_between_moves_stay_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    one, other = State.parse("X../.O./..."), State.parse("..X/.O./...")
    players._SUMS.clear()
    subtree_sum(other, "X")
    alone = len(players._SUMS)  # what the second question remembers when asked first
    players._SUMS.clear()
    subtree_sum(one, "X")
    assert len(players._SUMS) > 100  # one question may remember up to its budget ...
    monkeypatch.setattr(players, "MAX_SUMS", 100)
    subtree_sum(other, "X")
    assert len(players._SUMS) == alone  # ... and the next one starts afresh past MAX_SUMS
    players._SUMS.clear()


def test_mcts_counts_the_positions_of_its_playouts() -> None:
    with cpu_seconds_at_most(20):
        error = stopped(lambda: uct_search(State.new(10, 10, 5), playouts=10**6, budget=20_000))
    assert (error.search, error.positions) == ("uct_search", 20_000)
    assert "fewer playouts" in str(error)


# -- every default bounds time, on every board the package accepts ----------------------------

LARGEST = [State.new(MAX_SIDE, MAX_SIDE, k) for k in (3, 5, MAX_SIDE)]


def _functions_with_a_budget() -> Iterator[tuple[str, Callable[..., object]]]:
    """Every public function and method of the package that takes ``budget=``, by name."""
    seen: set[int] = set()
    for info in pkgutil.walk_packages(tictac.__path__, "tictac."):
        module = importlib.import_module(info.name)
        for name in getattr(module, "__all__", ()):
            found = getattr(module, name)
            members = vars(found).items() if inspect.isclass(found) else [(name, found)]
            for member_name, member in members:
                function = getattr(member, "__func__", member)
                if not callable(function) or id(function) in seen:
                    continue
                seen.add(id(function))
                try:
                    parameters = inspect.signature(function).parameters
                except (TypeError, ValueError):
                    continue
                if "budget" in parameters:
                    yield f"{info.name}.{member_name}", function
    for level in CATALOGUE.values():
        if "budget" in inspect.signature(level.factory).parameters:
            yield f"level {level.name}", level.factory


def test_every_default_budget_bounds_seconds_as_well_as_positions() -> None:
    """A position's cost grows with the board, so a default that counted positions alone
    could run for hours on 10x10 (the proof-number prover's 200,000 expansions would)."""
    defaults = {}
    for name, function in _functions_with_a_budget():
        default = inspect.signature(function).parameters["budget"].default
        if default is not inspect.Parameter.empty:
            defaults[name] = default
    assert len(defaults) > 25  # the searches, the players' rules and the levels
    for name, default in defaults.items():
        if isinstance(default, int):
            assert default <= 1000, name  # a handful of positions is quick on any board
        else:
            assert isinstance(default, Budget), name
            assert default.seconds is not None and default.seconds <= DEFAULT_SECONDS, name


def _searches(state: State, budget: Budget) -> dict[str, Callable[[], object]]:
    """Every search of the package, from `state`, within `budget`."""
    line = functools.partial(two_in_a_row)
    return {
        "minimax": lambda: minimax(state, budget=budget),
        "minimax, symmetric memo": lambda: minimax(state, memo="symmetric", budget=budget),
        "alphabeta, ordered, memo": lambda: alphabeta(
            state, order_moves=True, memo=True, budget=budget
        ),
        "alphabeta, threat extensions": lambda: alphabeta(
            state, depth=4, heuristic=line, extend_threats=True, budget=budget
        ),
        "iterative_deepening": lambda: iterative_deepening(
            state, depth=20, heuristic=line, budget=budget
        ),
        "mtdf": lambda: mtdf(state, depth=20, heuristic=line, budget=budget),
        "solve": lambda: solver.solve(state, budget=budget),
        "best_moves": lambda: solver.best_moves(state, budget=budget),
        "prove": lambda: solver.prove(state.rows, state.cols, state.k, budget=budget),
        "prove_win": lambda: prove_win(state, budget=budget),
        "uct_search": lambda: uct_search(state, playouts=10**9, budget=budget),
        "draw_tree": lambda: draw_tree(state, budget=budget),
        **{
            f"level {name}": functools.partial(
                lambda name: make_player(name, seed=0, budget=budget).choose(state), name
            )
            for name, level in CATALOGUE.items()
            if level.searches
        },
    }


@pytest.mark.slow
@pytest.mark.parametrize("state", LARGEST, ids=lambda s: f"{s.rows}x{s.cols},k={s.k}")
def test_every_search_on_the_largest_boards_stops_at_its_time_limit(state: State) -> None:
    """Given half a second and no limit on positions, every search and every searching level
    answers or stops with the error within about that, on the largest boards accepted. (The
    slack is for a loaded machine: one position's work, and the time the clock is not read.)"""
    limit = Budget(positions=None, seconds=0.5)
    for name, search in _searches(state, limit).items():
        start = time.monotonic()
        try:
            search()
        except BudgetExceeded as error:
            assert "its time limit" in str(error), name
        spent = time.monotonic() - start
        assert spent < limit.seconds + 5, f"{name} took {spent:.1f} s"


@pytest.mark.parametrize("name", [n for n, level in CATALOGUE.items() if not level.searches])
def test_the_levels_without_a_budget_answer_on_the_largest_board(name: str) -> None:
    """Those that do not search by budget are bounded otherwise (mcts by its playouts) or
    refuse the board (the learners)."""
    state = LARGEST[1]
    try:
        move = make_player(name, seed=0).choose(state)
    except ValueError as error:
        assert name in ("menace", "td") and "3x3" in str(error)
    else:
        assert move in state.legal_moves()
