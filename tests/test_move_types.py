"""A move is whatever a game's `legal_moves()` lists (issue 33): the searches' results, traces,
MCTS trees and players keep the game's own moves, in their own order, and name them in the
game's words; nothing assumes a board's cell index. A board's results read as before.

The games: Nim (moves are pairs ``(heap, take)``, named by ``Nim.move_label``), Connect Four
(moves are columns, named ``column 3``), the 3x3 board (moves are cells), and, written here, a
game whose moves are words and which names none of them.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Hashable
from typing import Literal

import pytest

from tictac.game.connect_four import ConnectFour
from tictac.game.nim import Nim
from tictac.game.position import move_text
from tictac.game.state import IllegalMove, State, cell_label
from tictac.play.levels import make_player
from tictac.players.rules import Player, random_move
from tictac.players.tournament import play_game
from tictac.search.budget import BudgetExceeded
from tictac.search.deepening import iterative_deepening, mtdf
from tictac.search.engine import alphabeta, minimax
from tictac.search.mcts import uct_search

Mark = Literal["X", "O"]


class Words:
    """One heap of `left` counters; the player to move says "one" or "two" and takes as many;
    taking the last counter wins. Its moves are strings, which sort ("one" < "two"), and it has
    no `move_label`."""

    def __init__(self, left: int, said: int = 0) -> None:
        self.left, self.said = left, said

    @property
    def turn(self) -> Mark:
        return "X" if self.said % 2 == 0 else "O"

    @property
    def is_terminal(self) -> bool:
        return self.left == 0

    def legal_moves(self) -> tuple[str, ...]:
        return ("one", "two")[: min(self.left, 2)]

    def play(self, move: str) -> Words:
        if move not in self.legal_moves():
            raise IllegalMove(f"say one of {self.legal_moves()}, not {move!r}")
        return Words(self.left - (1 if move == "one" else 2), self.said + 1)

    def result(self) -> Mark | None:
        if self.left:
            return None
        return "O" if self.turn == "X" else "X"

    @property
    def key(self) -> Hashable:
        return (self.left, self.said % 2)


def nim_starts(heaps: int, largest: int) -> list[tuple[int, ...]]:
    return list(itertools.product(range(largest + 1), repeat=heaps))


# ---------------------------------------------------------------------------------------------
# Results keep the game's moves, in the game's order


@pytest.mark.parametrize("heaps", nim_starts(3, 3), ids=str)
def test_nim_results_list_their_pair_moves_sorted(heaps: tuple[int, ...]) -> None:
    game = Nim.new(heaps)
    for result in (minimax(game, memo="plain"), alphabeta(game, memo="plain")):
        assert result.best_moves == tuple(sorted(result.best_moves))
        assert list(result.move_values) == sorted(game.legal_moves())
        assert set(result.best_moves) <= set(game.legal_moves())
        assert result.move == (result.best_moves[0] if result.best_moves else None)


def test_a_search_result_of_nim_reads_well() -> None:
    result = minimax(Nim.new((1, 2)))
    assert repr(result) == (
        "SearchResult(value=1, best_moves=((1, 1),), move=(1, 1), nodes=12, leaves=5)"
    )
    assert result.move_values == {(0, 1): -1, (1, 1): 1, (1, 2): -1}


def test_a_game_with_word_moves_is_searched_and_its_moves_shown_as_python_writes_them() -> None:
    result = minimax(Words(4), memo="plain")  # take one, leave 3: the other cannot win
    assert (result.value, result.best_moves, result.move) == (1, ("one",), "one")
    assert "best_moves=('one',), move='one'" in repr(result)
    lost = minimax(Words(3))  # every move loses, so every move is a best one, in sorted order
    assert (lost.value, lost.best_moves, lost.move) == (-1, ("one", "two"), "one")
    assert lost.move_values == {"one": -1, "two": -1}


def test_a_board_s_moves_are_cells_and_nim_s_are_pairs_for_the_type_checker_too() -> None:
    """Written as a lesson would, without casts: ``mypy --strict`` on this file checks that a
    board's result gives cells (ints) and Nim's pairs."""
    board = State.parse("XX./OO./...")
    result = minimax(board)
    assert result.move is not None
    assert board.play(result.move).result() == "X"
    assert cell_label(result.move, board.cols) == "cell 2 (row 0, column 2)"
    assert board.cell_label(uct_search(board, seed=0).move) == "cell 2 (row 0, column 2)"
    pair = minimax(Nim.new((1, 2))).move
    assert pair is not None
    heap, take = pair
    assert Nim.new((1, 2)).move_label((heap, take)) == "take 1 from heap 1"


def test_a_board_s_result_and_trace_read_as_before() -> None:
    result = minimax(State.parse("XX./OO./..."), trace=True)
    assert repr(result) == (
        "SearchResult(value=1, best_moves=(2,), move=2, nodes=157, leaves=73, trace of 157 nodes)"
    )
    assert result.trace is not None
    assert "after move 2," in repr(result.trace.children[0])


# ---------------------------------------------------------------------------------------------
# Traces name moves in the game's words


def test_a_trace_names_a_nim_move_by_its_label() -> None:
    trace = minimax(Nim.new((1, 2)), trace=True).trace
    assert trace is not None
    assert [child.move for child in trace.children] == [(0, 1), (1, 1), (1, 2)]
    assert "after take 1 from heap 0," in repr(trace.children[0])


def test_a_trace_names_a_connect_four_move_by_its_column_and_a_word_move_as_python_does() -> None:
    start = ConnectFour.new(4, 4, 3).play(0).play(1).play(0).play(1)
    trace = minimax(start, depth=1, heuristic=lambda position, ply: 0, trace=True).trace
    assert trace is not None
    assert "after column 0," in repr(trace.children[0])
    words = minimax(Words(2), trace=True).trace
    assert words is not None
    assert "after move 'one'," in repr(words.children[0])


def test_alphabeta_s_pruned_moves_are_the_game_s_moves() -> None:
    result = alphabeta(Nim.new((2, 2, 1)), exact_root=False, trace=True)
    assert result.trace is not None
    pruned = [move for node in result.trace.walk() for move in node.pruned]
    assert pruned and all(isinstance(move, tuple) and len(move) == 2 for move in pruned)


def test_move_text_uses_the_game_s_label_or_else_repr() -> None:
    assert move_text(Nim.new((3, 4)), (1, 2)) == "take 2 from heap 1"
    assert move_text(ConnectFour.new(), 3) == "column 3"
    assert move_text(State.new(), 4) == "4"
    assert move_text(Words(2), "one") == "'one'"


# ---------------------------------------------------------------------------------------------
# MCTS and the deepening searches


@pytest.mark.parametrize("seed", range(5))
def test_uct_search_on_nim_keeps_pair_moves_and_takes_the_first_of_the_most_visited(
    seed: int,
) -> None:
    game = Nim.new((1, 2, 2))
    result = uct_search(game, playouts=60, seed=seed, keep_tree=True)
    assert set(result.visits) == set(result.mean_results) == set(game.legal_moves())
    most = max(result.visits.values())
    assert result.move == min(move for move, n in result.visits.items() if n == most)
    assert result.tree is not None and result.last_playout is not None
    assert all(child.move in game.legal_moves() for child in result.tree.children)
    playout = result.last_playout
    assert all(isinstance(move, tuple) for move in (*playout.selected, *playout.simulated))


def test_an_mcts_node_shows_its_move_as_python_writes_it() -> None:
    tree = uct_search(Words(3), playouts=20, seed=0, keep_tree=True).tree
    assert tree is not None
    one = next(child for child in tree.children if child.move == "one")
    assert repr(one).startswith("MCTSNode(move='one', visits=")
    board = uct_search(State.parse("XX./OO./..."), playouts=20, seed=0, keep_tree=True).tree
    assert board is not None
    assert repr(board.children[0]).startswith(f"MCTSNode(move={board.children[0].move}, ")


def test_the_deepening_searches_return_a_nim_move() -> None:
    game = Nim.new((1, 2))  # the winning move: take 1 from heap 1, leaving (1, 1)

    def no_idea(position: Nim, ply: int) -> float:
        return 0

    deepened = iterative_deepening(game, depth=3, heuristic=no_idea, order_moves=False)
    assert deepened.move == (1, 1) and deepened.value == 1
    found = mtdf(game, depth=3, heuristic=no_idea, order_moves=False)
    assert (found.value, found.move) == (1, (1, 1))
    lost = mtdf(Nim.new((1, 1)), depth=2, heuristic=no_idea, order_moves=False)
    assert lost.value == -1 and lost.move in Nim.new((1, 1)).legal_moves()


# ---------------------------------------------------------------------------------------------
# Players


@pytest.mark.parametrize("level", ["random", "medium", "mcts"])
def test_the_any_game_levels_choose_one_of_the_game_s_moves(level: str) -> None:
    player = make_player(level, seed=3)
    for game in (Nim.new((2, 3)), Words(5), ConnectFour.new(4, 4, 3)):
        assert player.choose(game) in game.legal_moves()


def test_a_game_record_keeps_the_game_s_moves() -> None:
    a, b = Player("a", random_move, seed=1), Player("b", random_move, seed=2)
    record = play_game(a, b, start=Nim.new((2, 3)))
    assert record.moves and all(isinstance(move, tuple) for move in record.moves)
    replayed = Nim.new((2, 3))
    for move in record.moves:
        replayed = replayed.play(move)
    assert replayed == record.states[-1]
    words = play_game(a, b, start=Words(5))
    assert set(words.moves) <= {"one", "two"}


def test_random_move_draws_from_the_game_s_own_moves() -> None:
    rng = random.Random(0)
    drawn = {random_move(Nim.new((1, 2)), rng) for _ in range(60)}
    assert drawn == {(0, 1), (1, 1), (1, 2)}


def test_uct_search_s_advice_for_another_game_speaks_of_no_cells() -> None:
    with pytest.raises(BudgetExceeded) as caught:
        uct_search(Nim.new((3, 4, 5)), playouts=100, budget=50, seed=1)
    assert "a position nearer the end" in str(caught.value)
    assert "cell" not in str(caught.value)
