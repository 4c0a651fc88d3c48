"""One game interface (issue 33): the searches run on any game that has the six names of
:class:`~tictac.game.position.Position`, and what is made for m,n,k boards says so in one
wording when given another game.

The game here is written in the test and knows nothing of tictac: a take-away game, one heap
of counters, each player takes 1, 2 or 3, and whoever takes the last counter wins. Its value
is known without searching: the first player to move wins exactly when the heap is not a
multiple of 4 (take the remainder, then answer every ``n`` with ``4 - n``), which the tests
check by exhaustive comparison against a plain memoised search of their own as well.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Hashable
from typing import Any, Literal

import pytest

from tictac.game.numbertree import NumberTree
from tictac.game.position import NotForThisGame, Position, require_board, require_position
from tictac.game.scoring import (
    depth_aware,
    features,
    open_lines,
    piece_count,
    plus_minus_ten,
    two_in_a_row,
    win_loss,
)
from tictac.game.state import IllegalMove, State
from tictac.play.levels import make_player
from tictac.play.session import hint_labels
from tictac.players.rules import Player, random_move
from tictac.players.tournament import play_game, play_match
from tictac.proving.ideas import proof_search
from tictac.proving.pns import prove_win
from tictac.proving.verify import verify_draw, verify_win
from tictac.search.budget import BudgetExceeded
from tictac.search.deepening import iterative_deepening, mtdf
from tictac.search.engine import alphabeta, minimax
from tictac.search.mcts import uct_search
from tictac.search.pairing import find_pairing, pairing_move
from tictac.search.solver import best_move, best_moves, move_outcomes, outcome, solve
from tictac.search.textbook import alphabeta_value, minimax_value, negamax_value
from tictac.search.threats import forced_moves, winning_cells

Mark = Literal["X", "O"]
HEAPS = range(31)
SMALL_HEAPS = range(16)  # without a memo the tree grows as the tribonacci numbers: 2.6e7 at 30


class TakeAway:
    """One heap; the player to move takes 1, 2 or 3 counters; taking the last one wins.

    `taken` counts the moves made so far, so that "X" (who moved first) is to move when it
    is even. Only the six names of the interface, nothing else.
    """

    __slots__ = ("heap", "taken")

    def __init__(self, heap: int, taken: int = 0) -> None:
        self.heap, self.taken = heap, taken

    @property
    def turn(self) -> Mark:
        return "X" if self.taken % 2 == 0 else "O"

    @property
    def is_terminal(self) -> bool:
        return self.heap == 0

    def legal_moves(self) -> tuple[int, ...]:
        return tuple(take for take in (1, 2, 3) if take <= self.heap)

    def play(self, move: Any) -> TakeAway:
        if move not in self.legal_moves():
            raise IllegalMove(f"take 1, 2 or 3 counters, at most the {self.heap} left")
        return type(self)(self.heap - move, self.taken + 1)

    def result(self) -> Literal["X", "O"] | None:
        if self.heap:
            return None
        return "O" if self.turn == "X" else "X"  # the one who just moved took the last

    @property
    def key(self) -> Hashable:
        return (self.heap, self.taken % 2)

    def __repr__(self) -> str:
        return f"TakeAway({self.heap}, {self.taken})"


class CountedTakeAway(TakeAway):
    """The take-away game that also says how many moves it can still last (for MCTS's cap)."""

    __slots__ = ()

    @property
    def moves_left(self) -> int:
        return self.heap


class MirroredTakeAway(CountedTakeAway):
    """The take-away game offering a symmetric key (it has no mirror images: its key), so that
    ``memo="symmetric"`` applies."""

    __slots__ = ()

    @property
    def symmetric_key(self) -> Hashable:
        return self.key


def first_player_wins(heap: int) -> bool:
    """The take-away game's known answer: X, who moves first, wins unless 4 divides the heap."""
    return heap % 4 != 0


@functools.cache
def mover_wins(heap: int) -> bool:
    """The same answer by brute force: the player to move wins if some take leaves the other
    player a heap they lose on (an empty heap is lost: the other player took the last)."""
    return any(not mover_wins(heap - take) for take in (1, 2, 3) if take <= heap)


def test_the_known_answer_matches_brute_force_for_every_heap() -> None:
    assert [first_player_wins(heap) for heap in HEAPS] == [mover_wins(heap) for heap in HEAPS]


# ---------------------------------------------------------------------------------------------
# The interface


def test_state_number_tree_and_the_toy_game_are_positions() -> None:
    for position in (State.new(), NumberTree([[3, 12], [2, 4]]), TakeAway(5)):
        assert isinstance(position, Position)
        require_position(position, "a test")


def test_mypy_sees_each_game_as_a_position() -> None:
    positions: list[Position] = [State.new(), NumberTree([[1, 2]]), TakeAway(3)]
    assert [type(position).__name__ for position in positions] == [
        "State",
        "NumberTree",
        "TakeAway",
    ]


def test_every_position_has_a_key_equal_for_equal_positions() -> None:
    assert State.new().play(4).key == State.parse(".../.X./...").key
    assert NumberTree([[1, 2], [3]]).play(0).play(1).key == (0, 1)
    assert TakeAway(7).play(3).key == TakeAway(4, 1).key


def test_the_old_import_of_position_still_works() -> None:
    from tictac.game.numbertree import Position as old

    assert old is Position


def test_something_that_is_no_position_is_told_what_a_position_has() -> None:
    with pytest.raises(TypeError, match=r"minimax needs a State.*lacks turn, is_terminal"):
        minimax(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"State.parse\(text\) reads a board's text"):
        alphabeta("XX./OO./...")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# The generic searches, on every heap from 0 to 30


def expected_value(heap: int) -> int:
    return 1 if first_player_wins(heap) else -1


@pytest.mark.parametrize(
    "search",
    [
        pytest.param(lambda p: minimax(p, memo="plain").value, id="minimax memo=plain"),
        pytest.param(lambda p: minimax(p, memo=True).value, id="minimax memo=True"),
        pytest.param(lambda p: alphabeta(p, memo="plain").value, id="alphabeta memo=plain"),
        pytest.param(
            lambda p: alphabeta(p, memo="plain", exact_root=False).value,
            id="alphabeta memo=plain textbook root",
        ),
        pytest.param(
            lambda p: minimax(p, memo="plain", score=plus_minus_ten).value / 10,
            id="plus_minus_ten",
        ),
    ],
)
def test_every_search_with_a_memo_finds_the_known_value_of_every_heap(
    search: Callable[[TakeAway], float],
) -> None:
    assert [search(TakeAway(heap)) for heap in HEAPS] == [expected_value(h) for h in HEAPS]


def test_a_game_with_a_symmetric_key_gets_the_symmetric_memo() -> None:
    for heap in HEAPS:
        position = MirroredTakeAway(heap)
        assert minimax(position, memo="symmetric").value == expected_value(heap)
        assert alphabeta(position, memo="symmetric").value == expected_value(heap)


@pytest.mark.parametrize(
    "search",
    [
        pytest.param(lambda p: minimax(p).value, id="minimax"),
        pytest.param(lambda p: alphabeta(p).value, id="alphabeta"),
        pytest.param(lambda p: alphabeta(p, exact_root=False).value, id="alphabeta textbook"),
        pytest.param(
            lambda p: alphabeta(p, order_moves=lambda q: reversed(q.legal_moves())).value,
            id="alphabeta own order",
        ),
        pytest.param(minimax_value, id="textbook minimax_value"),
        pytest.param(alphabeta_value, id="textbook alphabeta_value"),
        pytest.param(lambda p: negamax_value(p) * (1 if p.turn == "X" else -1), id="negamax"),
    ],
)
def test_every_search_without_a_memo_finds_the_known_value_of_small_heaps(
    search: Callable[[TakeAway], float],
) -> None:
    assert [search(TakeAway(heap)) for heap in SMALL_HEAPS] == [
        expected_value(heap) for heap in SMALL_HEAPS
    ]


def test_negamax_values_for_the_player_to_move() -> None:
    position = TakeAway(6).play(2)  # O to move on 4: O loses
    assert negamax_value(position) == -1
    assert minimax_value(position) == 1


def test_the_best_moves_leave_a_multiple_of_four() -> None:
    for heap in HEAPS:
        result = alphabeta(TakeAway(heap), memo="plain")
        if heap % 4:
            assert result.best_moves == (heap % 4,)
        else:
            assert result.best_moves == TakeAway(heap).legal_moves()


def test_a_trace_records_the_moves_of_another_game() -> None:
    trace = minimax(TakeAway(3), trace=True).trace
    assert trace is not None
    assert [child.move for child in trace.children] == [1, 2, 3]
    assert "TakeAway(3, 0)" in repr(trace)


def test_a_search_on_another_game_runs_out_of_budget_in_the_games_words() -> None:
    with pytest.raises(BudgetExceeded, match=r"TakeAway has 3 legal moves") as stopped:
        minimax(TakeAway(40), budget=1_000)
    advice = str(stopped.value)
    assert "memo='plain'" in advice and "nearer the end" in advice
    assert "empty cells" not in advice and "symmetric" not in advice


# ---------------------------------------------------------------------------------------------
# What is for m,n,k boards only says so, in one wording

ONE_WORDING = r"works on m,n,k boards \(State\) only, not on TakeAway; for any game use "


def refusals() -> list[Any]:
    return [
        pytest.param(lambda: solve(TakeAway(5)), id="solve"),  # type: ignore[arg-type]
        pytest.param(lambda: outcome(TakeAway(5)), id="outcome"),  # type: ignore[arg-type]
        pytest.param(lambda: best_move(TakeAway(5)), id="best_move"),  # type: ignore[arg-type]
        pytest.param(lambda: best_moves(TakeAway(5)), id="best_moves"),  # type: ignore[arg-type]
        pytest.param(
            lambda: move_outcomes(TakeAway(5)),  # type: ignore[arg-type]
            id="move_outcomes",
        ),
        pytest.param(lambda: prove_win(TakeAway(5)), id="prove_win"),  # type: ignore[arg-type]
        pytest.param(lambda: proof_search(TakeAway(5)), id="proof_search"),  # type: ignore[arg-type]
        pytest.param(lambda: verify_win(TakeAway(5), {}), id="verify_win"),  # type: ignore[arg-type]
        pytest.param(lambda: verify_draw(TakeAway(5), {}, {}), id="verify_draw"),  # type: ignore[arg-type]
        pytest.param(lambda: hint_labels(TakeAway(5)), id="hint_labels"),  # type: ignore[arg-type]
        pytest.param(lambda: features(TakeAway(5)), id="features"),  # type: ignore[arg-type]
        pytest.param(
            lambda: winning_cells(TakeAway(5), "X"),  # type: ignore[arg-type]
            id="winning_cells",
        ),
        pytest.param(lambda: forced_moves(TakeAway(5)), id="forced_moves"),  # type: ignore[arg-type]
        pytest.param(lambda: depth_aware(TakeAway(0), 0), id="depth_aware"),  # type: ignore[arg-type]
        pytest.param(lambda: alphabeta(TakeAway(5), order_moves=True), id="order_moves=True"),
        pytest.param(
            lambda: minimax(TakeAway(5), depth=2, heuristic=lambda p, ply: 0, extend_threats=True),
            id="extend_threats",
        ),
        pytest.param(lambda: require_board(TakeAway(5), "a feature", "minimax"), id="require"),
    ]


@pytest.mark.parametrize("call", refusals())
def test_a_board_only_feature_refuses_another_game_in_one_wording(call: Callable[[], Any]) -> None:
    with pytest.raises(NotForThisGame, match=ONE_WORDING):
        call()


def test_a_symmetric_memo_needs_a_game_that_knows_its_mirror_images() -> None:
    with pytest.raises(NotForThisGame, match=r"memo='symmetric' works on games that know their"):
        minimax(TakeAway(5), memo="symmetric")
    with pytest.raises(NotForThisGame, match=re.escape("for any game use memo='plain'")):
        alphabeta(TakeAway(5), memo="symmetric")


def test_scores_read_the_result_of_any_game() -> None:
    assert win_loss(TakeAway(3).play(3), 1) == 1
    assert plus_minus_ten(TakeAway(4).play(3).play(1), 2) == -10
    with pytest.raises(ValueError, match="still running"):
        win_loss(TakeAway(3), 0)


# ---------------------------------------------------------------------------------------------
# Monte Carlo tree search and games between players


@pytest.mark.parametrize("heap", [5, 6, 7, 9, 10, 11])
def test_mcts_finds_the_move_that_leaves_a_multiple_of_four(heap: int) -> None:
    result = uct_search(TakeAway(heap), playouts=3000, seed=heap)
    assert result.move == heap % 4
    assert result.mean_results[heap % 4] == max(result.mean_results.values())


def test_mcts_credits_each_move_to_the_player_who_made_it() -> None:
    root = uct_search(TakeAway(3), playouts=50, seed=0, keep_tree=True).tree
    assert root is not None and root.mover == "O"
    win = next(child for child in root.children if child.move == 3)
    assert (win.mover, win.mean) == ("X", 1.0)  # taking all three wins at once


def test_mcts_caps_its_positions_with_the_games_moves_left() -> None:
    result = uct_search(CountedTakeAway(12), playouts=None, positions=300, seed=1)
    assert 0 < result.positions <= 300


def test_mcts_cap_refuses_a_game_that_cannot_say_how_long_it_lasts() -> None:
    with pytest.raises(NotForThisGame, match=r"positions=\.\.\.\) works on games that say how"):
        uct_search(TakeAway(12), playouts=None, positions=300, seed=1)


def test_mcts_refuses_a_finished_game_and_what_is_no_position() -> None:
    with pytest.raises(IllegalMove, match="already over"):
        uct_search(TakeAway(0))
    with pytest.raises(TypeError, match="uct_search needs a State"):
        uct_search("XX./OO./...")  # type: ignore[arg-type]


def random_player(name: str, seed: int) -> Player:
    return Player(name, random_move, seed=seed)


def test_random_players_play_the_toy_game_to_its_end() -> None:
    for seed in range(20):
        game = play_game(
            random_player("a", seed), random_player("b", seed + 100), start=TakeAway(9)
        )
        assert sum(game.moves) == 9 and game.states[-1].is_terminal
        assert game.result == game.states[-1].result()
        assert game.winner_moves == sum(1 for s in game.states[:-1] if s.turn == game.result)
        assert game.winner_moves == (len(game.moves) + (game.result == "X")) // 2


def test_a_perfect_player_beats_a_random_one_from_every_winning_heap() -> None:
    perfect = Player("perfect", lambda p, rng: minimax(p, memo="plain").move)
    for heap in (5, 6, 7, 13):
        game = play_game(perfect, random_player("random", heap), start=TakeAway(heap))
        assert game.result == "X" and game.winner == "perfect"


def test_a_match_on_the_toy_game() -> None:
    match = play_match(random_player("a", 1), random_player("b", 2), games=20, start=TakeAway(8))
    assert len(match.games) == 20


def test_a_player_of_another_game_making_an_illegal_move_is_named() -> None:
    greedy = Player("greedy", lambda p, rng: 3)
    with pytest.raises(IllegalMove, match=r"greedy \(playing X\) chose the illegal move 3"):
        play_game(greedy, greedy, start=TakeAway(2))


def test_a_pairing_refuses_another_game() -> None:
    pairing = find_pairing(5, 5, 5)
    assert pairing is not None
    with pytest.raises(NotForThisGame, match=ONE_WORDING):
        pairing_move(TakeAway(5), pairing)  # type: ignore[arg-type]


ANY_GAME_LEVELS = ["random", "medium", "mcts"]
BOARD_LEVELS = [
    "novice",
    "epsilon",
    "master",
    "defensive",
    "offensive",
    "rules",
    "heuristic",
    "brute-force",
    "menace",
    "td",
]


@pytest.mark.parametrize("level", ANY_GAME_LEVELS)
def test_the_levels_for_any_game_play_the_toy_game(level: str) -> None:
    game = play_game(make_player(level, seed=1), make_player("random", seed=2), start=TakeAway(9))
    assert game.states[-1].is_terminal and sum(game.moves) == 9


def test_the_medium_level_takes_a_win_it_sees() -> None:
    for heap in (1, 2, 3):  # medium looks two moves ahead: it takes the whole heap at once
        player = make_player("medium", seed=heap)
        assert player.choose(TakeAway(heap)) == heap


@pytest.mark.parametrize("level", BOARD_LEVELS)
def test_the_board_levels_refuse_the_toy_game_in_one_wording(level: str) -> None:
    player = make_player(level, seed=1)
    with pytest.raises(
        NotForThisGame, match=r"works on m,n,k boards \(State\) only, not on TakeAway"
    ):
        play_game(player, make_player("random", seed=2), start=TakeAway(9))


@pytest.mark.parametrize("heuristic", [piece_count, two_in_a_row, open_lines])
def test_the_board_heuristics_refuse_the_toy_game(heuristic: Callable[[Any, int], float]) -> None:
    with pytest.raises(NotForThisGame, match=ONE_WORDING + "a heuristic of the game's own"):
        minimax(TakeAway(9), depth=2, heuristic=heuristic)


def no_idea(position: Any, ply: int) -> float:
    return 0


def test_iterative_deepening_and_mtdf_find_the_known_value_of_every_heap() -> None:
    for heap in HEAPS:
        depth = max(heap, 1)  # deep enough to reach the end of every game
        deepened = iterative_deepening(
            TakeAway(heap), depth=depth, heuristic=no_idea, order_moves=False
        )
        found = mtdf(TakeAway(heap), depth=depth, heuristic=no_idea, order_moves=False)
        assert deepened.value == found.value == expected_value(heap)
        if heap % 4:
            assert deepened.move == found.move == heap % 4


def test_deepening_orders_the_moves_of_boards_only() -> None:
    with pytest.raises(NotForThisGame, match=ONE_WORDING + r"order_moves=False"):
        iterative_deepening(TakeAway(9), depth=3, heuristic=no_idea)


def test_a_tree_of_numbers_has_no_winner_to_play_or_sample_for() -> None:
    tree = NumberTree([[3, 12], [2, 4]])
    with pytest.raises(TypeError, match=r"finished position without a result\(\): MCTS needs"):
        uct_search(tree, playouts=10, seed=0)
    with pytest.raises(TypeError, match=r"without a result\(\): play_game needs a game whose"):
        play_game(random_player("a", 1), random_player("b", 2), start=tree)
