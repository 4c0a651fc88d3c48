"""One rule for whole-number arguments (tictac.helpers.checks.whole_number): any integer type's
value, NumPy's too, as a plain int; never True or False; one wording when it is refused."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from tictac import State
from tictac.game.counting import tree_levels
from tictac.game.numbertree import NumberTree
from tictac.game.scoring import feature_names, open_lines
from tictac.helpers.checks import whole_number, whole_numbers
from tictac.helpers.seeds import random_source
from tictac.learning.learners import Menace, TDLearner, learning_curve
from tictac.pictures.boards import board_svg
from tictac.pictures.charts import bar_chart, grid
from tictac.pictures.stepper import record_search
from tictac.pictures.tree import draw_tree
from tictac.players.rules import searching
from tictac.search.bandits import Bandit, mean_regret, play_bandit
from tictac.search.budget import Budget, as_budget
from tictac.search.deepening import iterative_deepening, mtdf
from tictac.search.engine import alphabeta, minimax
from tictac.search.mcts import uct_rule, uct_search


class Three:
    """An integer-like value of no known library (it only has ``__index__``)."""

    def __index__(self) -> int:
        return 3


# -- the rule itself ---------------------------------------------------------------------------


@pytest.mark.parametrize("value", [3, np.int8(3), np.int64(3), np.uint8(3), Three()])
def test_any_integer_type_is_a_plain_int(value: object) -> None:
    whole = whole_number(value, "n", at_least=1, at_most=3)
    assert whole == 3 and type(whole) is int


@pytest.mark.parametrize("value", [True, False, np.bool_(True)])
def test_true_and_false_are_not_whole_numbers(value: object) -> None:
    with pytest.raises(ValueError) as refused:
        whole_number(value, "games", at_least=0)
    if isinstance(value, bool):
        assert str(refused.value) == (
            f"games must be a whole number, 0 or more, not {value} "
            "(True and False are not numbers here)"
        )


@pytest.mark.parametrize(
    ("value", "options", "message"),
    [
        ("3", {}, "k must be a whole number such as 3, not '3'"),
        (2.0, {}, "k must be a whole number such as 3, not 2.0"),
        (None, {}, "k must be a whole number such as 3, not None"),
        (0, {"at_least": 1}, "k must be a whole number, 1 or more, not 0"),
        (np.int64(0), {"at_least": 1}, "k must be a whole number, 1 or more, not 0"),
        (7, {"at_most": 5}, "k must be a whole number, 5 or less, not 7"),
        (7, {"at_least": 0, "at_most": 5}, "k must be a whole number from 0 to 5, not 7"),
        (
            0,
            {"at_least": 1, "what": "plies"},
            "k must be a whole number of plies, 1 or more, not 0",
        ),
        (
            "x",
            {"or_else": "None for the shorter side"},
            "k must be a whole number such as 3 (or None for the shorter side), not 'x'",
        ),
        (
            -1,
            {"at_least": 1, "or_else": "None for no limit"},
            "k must be a whole number, 1 or more (or None for no limit), not -1",
        ),
        pytest.param(
            -(10**5000),
            {"at_least": 1},
            "k must be a whole number, 1 or more, not a number of about 5,00",
            id="a number too long to print",
        ),
    ],
)
def test_the_wording(value: object, options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as refused:
        whole_number(value, "k", **options)
    assert str(refused.value).startswith(message)


def test_whole_numbers_name_the_first_that_is_not_whole() -> None:
    assert whole_numbers(rows=np.int64(3), cols=4) == (3, 4)
    with pytest.raises(ValueError, match=r"^cols must be a whole number such as 3, not True \("):
        whole_numbers(rows=3, cols=True)


# -- every whole-number argument takes NumPy's integers, as plain ints ---------------------------


def test_numpy_playouts_and_positions_for_uct_search() -> None:
    found = uct_search(State.new(), playouts=np.int64(20), seed=1)
    assert found == uct_search(State.new(), playouts=20, seed=1)
    assert type(found.playouts) is int and found.playouts == 20
    capped = uct_search(State.new(), playouts=None, positions=np.int64(100), seed=1)
    assert capped.positions <= 100
    numpy_rule, plain_rule = uct_rule(playouts=np.int64(10)), uct_rule(playouts=10)
    assert numpy_rule(State.new(), random.Random(1)) == plain_rule(State.new(), random.Random(1))


def test_numpy_beads_for_menace() -> None:
    menace = Menace(beads=(np.int64(4), np.int8(3), np.uint8(2), 1), seed=1)
    assert menace.beads == (4, 3, 2, 1) and all(type(b) is int for b in menace.beads)
    assert Menace(beads=[2, 1]).beads == (2, 1)


def test_numpy_games_for_training() -> None:
    for learner in (Menace(seed=1), TDLearner(seed=1)):
        log = learner.train("random", games=np.int64(3), seed=2)
        assert log.games == 3
    curve = learning_curve(TDLearner(seed=1), "random", checkpoints=[np.int64(0), np.int8(5)])
    assert [point.games for point in curve] == [0, 5]
    assert all(type(point.games) is int for point in curve)


def test_numpy_positions_for_a_budget() -> None:
    budget = Budget(positions=np.int64(5000))
    assert budget == Budget(positions=5000) and type(budget.positions) is int
    assert as_budget(np.int64(5000)) == Budget(positions=5000)
    assert minimax(State.parse("XO./.X./..."), budget=np.int64(10_000)).value == 1


def test_numpy_depths_for_the_searches() -> None:
    state = State.parse("XX./OO./...")
    options: dict[str, Any] = {"heuristic": open_lines}
    assert minimax(state, depth=np.int64(2), **options) == minimax(state, depth=2, **options)
    assert alphabeta(state, depth=np.int8(2), **options).move == 2
    traced = minimax(state, trace=True, trace_depth=np.int64(1))
    assert traced.trace is not None
    extended = alphabeta(state, depth=1, extend_threats=True, max_extension=np.int64(2), **options)
    assert extended.move == 2
    assert iterative_deepening(state, depth=np.int64(2), **options).move == 2
    assert mtdf(state, depth=np.int64(2), **options).move == 2
    assert searching(depth=np.int64(1), heuristic=open_lines)(state, random.Random(0)) == 2


def test_numpy_numbers_for_bandits() -> None:
    assert Bandit.random(np.int64(3), seed=0) == Bandit.random(3, seed=0)
    run = play_bandit(Bandit((0.2, 0.8)), pulls=np.int64(4), seed=3)
    assert run.arms == (0, 1, 1, 1)
    assert len(mean_regret(Bandit((0.2, 0.8)), pulls=np.int64(3), runs=np.int8(2), seed=0)) == 3


def test_numpy_numbers_for_the_game_and_its_pictures() -> None:
    assert feature_names(np.int64(2)) == ("open_1", "open_2", "threats", "centre")
    assert len(tree_levels(3, 3, 3, max_marks=np.int64(2))) == 3
    assert NumberTree([[1, 2], [3, 4]]).play(np.int64(1)).play(np.int8(0)).number == 3
    assert board_svg(State.new(), cell_size=np.int64(30)) == board_svg(State.new(), cell_size=30)
    assert bar_chart("ab", [1, 2], width=np.int64(300)).width == 300
    assert grid([bar_chart("ab", [1, 2])] * 3, columns=np.int64(2)).width > 0
    drawn = draw_tree(State.parse("XO./.X./..."), max_depth=np.int64(1), max_nodes=np.int64(9))
    assert drawn.source == draw_tree(State.parse("XO./.X./..."), max_depth=1, max_nodes=9).source
    assert record_search(NumberTree([[1, 2], [3, 4]])).index(np.int64(-1)) >= 0
    assert random_source(np.int64(7)).random() == random.Random(7).random()


# -- True is refused everywhere, with the hint --------------------------------------------------


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: uct_search(State.new(), playouts=True), "playouts"),
        (lambda: uct_search(State.new(), playouts=None, positions=True), "positions"),
        (lambda: Menace(seed=1).train("random", games=True), "games"),
        (lambda: Budget(positions=True), "a budget's positions"),
        (lambda: minimax(State.new(), depth=True, heuristic=open_lines), "depth"),
        (lambda: minimax(State.new(), trace=True, trace_depth=True), "trace_depth"),
        (lambda: iterative_deepening(State.new(), depth=True, heuristic=open_lines), "depth"),
        (lambda: searching(depth=True, heuristic=open_lines), "depth"),
        (lambda: Bandit.random(True), "arms"),
        (lambda: play_bandit(Bandit((0.2, 0.8)), pulls=True), "pulls"),
        (lambda: feature_names(True), "k"),
        (lambda: tree_levels(3, 3, 3, max_marks=True), "max_marks"),
        (lambda: draw_tree(State.new(), max_depth=True), "max_depth"),
        (lambda: board_svg(State.new(), cell_size=True), "cell_size"),
        (lambda: bar_chart("ab", [1, 2], width=True), "width"),
        (lambda: grid([bar_chart("ab", [1, 2])], columns=True), "columns"),
    ],
)
def test_true_is_refused_with_the_hint(call: Callable[[], object], name: str) -> None:
    with pytest.raises(ValueError) as refused:
        call()
    message = str(refused.value)
    assert message.startswith(f"{name} must be a whole number"), message
    assert message.endswith("not True (True and False are not numbers here)"), message


def test_messages_say_what_the_number_counts_and_what_else_is_allowed() -> None:
    with pytest.raises(ValueError) as refused:
        minimax(State.new(), depth=0, heuristic=open_lines)
    assert str(refused.value) == (
        "depth must be a whole number of plies, 1 or more "
        "(or None to search to the end of the game), not 0"
    )
    with pytest.raises(ValueError) as refused:
        Budget(positions=np.int64(0))
    assert str(refused.value) == (
        "a budget's positions must be a whole number, 1 or more (or None for no limit), not 0"
    )
    with pytest.raises(ValueError) as refused:
        uct_search(State.new(), playouts=2.5)
    assert str(refused.value) == "playouts must be a whole number, 1 or more, not 2.5"
    with pytest.raises(ValueError, match=r"beads must be whole numbers, 1 or more, such as"):
        Menace(beads=(4, True))
