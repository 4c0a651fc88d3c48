"""Nim: its rules, its errors, its text and picture, and Bouton's theorem checked by search.

Bouton's theorem (normal play: the player who takes the last object wins): the player to move
loses, whatever they do, exactly when the exclusive or of the heaps' sizes (their nim-sum) is 0.
Bouton, C. L. (1901–1902), "Nim, a game with a complete mathematical theory", Annals of
Mathematics, second series, 3(1/4): 35–39, https://doi.org/10.2307/1967631 (JSTOR 1967631).
Here it is checked on every small position by a search written in this file, which knows nothing
of the package, and by one over the package's own positions.
"""

from __future__ import annotations

import copy
import functools
import itertools
import operator
import pickle
import random
import re
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from svg_contrast import paints
from test_contrast import failures

import tictac
from tictac import IllegalMove, Nim
from tictac.game.nim import MAX_HEAP, MAX_HEAPS


def nim_sum(heaps: tuple[int, ...]) -> int:
    return functools.reduce(operator.xor, heaps, 0)


def starts(count: int, largest: int) -> list[tuple[int, ...]]:
    """Every tuple of `count` heaps of 0 to `largest` objects."""
    return list(itertools.product(range(largest + 1), repeat=count))


# Bouton's range: up to 3 heaps of at most 7 objects, and 4 heaps of at most 4.
BOUTON_STARTS = [h for n in (1, 2, 3) for h in starts(n, 7)] + starts(4, 4)


# -- an independent referee: Nim on plain tuples, knowing nothing of tictac ----------------------


def children(heaps: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every position one move away: some objects, 1 or more, taken from one heap."""
    return {
        heaps[:index] + (left,) + heaps[index + 1 :]
        for index, size in enumerate(heaps)
        for left in range(size)
    }


@functools.cache
def mover_wins(heaps: tuple[int, ...]) -> bool:
    """Does the player to move win, playing well against any defence? (Normal play: with no
    move left, the player to move has lost, since the other took the last object.) The heaps
    come sorted, so that each set of sizes is worked out once."""
    return any(not mover_wins(tuple(sorted(child))) for child in children(heaps))


# -- building positions --------------------------------------------------------------------------


def test_a_new_game_has_its_heaps_and_x_to_move() -> None:
    game = Nim.new((3, 4, 5))
    assert game.heaps == (3, 4, 5)
    assert (game.turn, game.moves_made, game.moves_left) == ("X", 0, 12)
    assert not game.is_terminal and game.result() is None
    assert game.legal_moves()[:4] == ((0, 1), (0, 2), (0, 3), (1, 1))
    assert len(game.legal_moves()) == 12


@pytest.mark.parametrize(
    "heaps", [[3, 4, 5], (3, 4, 5), range(3, 6), np.array([3, 4, 5]), (h for h in (3, 4, 5))]
)
def test_heaps_may_be_any_sequence_of_whole_numbers_and_are_kept_as_plain_ints(heaps: Any) -> None:
    game = Nim.new(heaps)
    assert game.heaps == (3, 4, 5)
    assert all(type(size) is int for size in game.heaps)
    assert game == Nim.new((3, 4, 5)) and hash(game) == hash(Nim.new((3, 4, 5)))


def test_a_game_may_start_with_empty_heaps_and_after_some_moves() -> None:
    assert Nim.new((0, 2)).legal_moves() == ((1, 1), (1, 2))
    later = Nim.new((1, 1), moves_made=3)
    assert (later.turn, later.moves_made) == ("O", 3)
    assert Nim.new((np.int64(2),), moves_made=np.int64(2)).turn == "X"


def test_the_largest_game_is_ten_heaps_of_a_hundred() -> None:
    game = Nim.new((MAX_HEAP,) * MAX_HEAPS)
    assert (MAX_HEAPS, MAX_HEAP) == (10, 100)
    assert game.moves_left == 1000 and len(game.legal_moves()) == 1000


# -- playing -------------------------------------------------------------------------------------


def test_a_move_takes_from_one_heap_and_passes_the_turn() -> None:
    game = Nim.new((3, 4, 5)).play((1, 4))
    assert (game.heaps, game.turn, game.moves_made, game.moves_left) == ((3, 0, 5), "O", 1, 8)
    assert game.play([0, 2]).heaps == (1, 0, 5)  # a list is a pair too
    assert game.play((np.int8(2), np.int64(5))).turn == "X"  # and NumPy's whole numbers


def test_the_player_who_takes_the_last_object_wins_and_there_is_no_draw() -> None:
    game = Nim.new((1, 2))
    x_wins = game.play((1, 1)).play((0, 1)).play((1, 1))
    assert x_wins.is_terminal and x_wins.result() == "X" and x_wins.legal_moves() == ()
    o_wins = game.play((1, 2)).play((0, 1))
    assert o_wins.result() == "O"
    assert Nim.new((0, 0)).result() == "O"  # X cannot move: the empty game is lost for X


def every_position(start: Nim) -> Iterator[Nim]:
    """`start` and every position reachable from it, each once."""
    seen, frontier = {start}, [start]
    while frontier:
        position = frontier.pop()
        yield position
        for move in position.legal_moves():
            child = position.play(move)
            if child not in seen:
                seen.add(child)
                frontier.append(child)


@pytest.mark.parametrize("heaps", [(3, 4, 5), (2, 0, 2, 1), (6,)])
def test_the_rules_hold_in_every_position_of_a_game(heaps: tuple[int, ...]) -> None:
    for position in every_position(Nim.new(heaps)):
        moves = position.legal_moves()
        assert list(moves) == sorted(set(moves))  # each move once, in order
        assert {position.play(move).heaps for move in moves} == children(position.heaps)
        assert position.moves_left == sum(position.heaps)
        assert position.is_terminal == (moves == ())
        assert position.turn == ("X" if position.moves_made % 2 == 0 else "O")
        if position.is_terminal:
            assert position.result() == ("O" if position.turn == "X" else "X")
        else:
            assert position.result() is None
        for move in moves:
            assert position.play_unchecked(move) == position.play(move)
            child = position.play(move)
            assert child.moves_left == position.moves_left - move[1]


def test_moves_left_bounds_the_length_of_a_game_and_taking_one_at_a_time_reaches_it() -> None:
    rng = random.Random(33)
    for _ in range(200):
        game = Nim.new([rng.randrange(6) for _ in range(rng.randrange(1, 5))])
        bound, length = game.moves_left, 0
        while not game.is_terminal:
            game = game.play(rng.choice(game.legal_moves()))
            length += 1
        assert length <= bound
    slow = Nim.new((2, 3))
    while not slow.is_terminal:
        slow = slow.play(slow.legal_moves()[0])  # (heap, 1): one object at a time
    assert slow.moves_made == 5


# -- keys, equality, immutability ------------------------------------------------------------------


def test_keys_are_equal_for_positions_that_play_the_same() -> None:
    one = Nim.new((3, 4)).play((0, 1)).play((1, 1))  # two moves: X to move again
    transposed = Nim.new((3, 4)).play((1, 1)).play((0, 1))
    assert transposed == one and transposed.key == one.key == ((2, 3), "X")
    later = Nim.new((2, 3), moves_made=4)
    assert later.key == one.key and later != one  # the same game, but not as many moves made
    assert Nim.new((2, 3), moves_made=5).key == ((2, 3), "O")  # the other player to move
    assert Nim.new((3, 2), moves_made=2).key == ((3, 2), "X")  # the heaps' order counts


def test_the_symmetric_key_forgets_the_order_of_the_heaps_but_not_the_turn() -> None:
    for order in itertools.permutations((3, 0, 5)):
        assert Nim.new(order).symmetric_key == ((0, 3, 5), "X")
    assert Nim.new((5, 3), moves_made=1).symmetric_key == ((3, 5), "O")
    game = Nim.new((1, 2))
    assert {game.key: 1, game.symmetric_key: 2}  # both hashable


def test_a_position_cannot_be_changed_or_built_directly() -> None:
    game = Nim.new((3, 4))
    with pytest.raises(AttributeError, match="cannot be changed; play"):
        game.heaps = (1, 1)  # type: ignore[misc]
    with pytest.raises(AttributeError, match="cannot be changed"):
        del game.turn
    with pytest.raises(TypeError, match=re.escape("use Nim.new(heaps)")):
        Nim((3, 4))
    assert not hasattr(game, "__dict__")
    assert game.heaps == (3, 4)


def test_copies_and_pickles_are_equal_positions() -> None:
    game = Nim.new((3, 0, 5)).play((2, 1))
    for copied in (copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert copied == game and copied.turn == "O" and copied.moves_made == 1


# -- errors ------------------------------------------------------------------------------------


PAIR = (
    "a move is a (heap, take) pair of whole numbers, such as (0, 2) to take 2 objects from heap 0"
)


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ((3, 1), "there is no heap 3: this game has heaps 0 to 2 (counted from 0)"),
        ((-1, 1), "there is no heap -1: this game has heaps 0 to 2 (counted from 0)"),
        ((1, 1), "heap 1 is empty: take from heaps 0 and 2, the ones with objects left"),
        ((0, 0), "a move takes at least 1 object, not 0: take 1 to 3"),
        ((0, -2), "a move takes at least 1 object, not -2: take 1 to 3"),
        ((0, 4), "heap 0 has 3 objects, so 4 cannot be taken: take 1 to 3"),
        (
            (0, 10**40),
            "heap 0 has 3 objects, so a number of about 41 digits cannot be taken: take 1 to 3",
        ),
        (2, f"{PAIR}, not 2"),
        ((0,), f"{PAIR}, not (0,)"),
        ((0, 1, 1), f"{PAIR}, not (0, 1, 1)"),
        ((0, 1.0), f"{PAIR}, not (0, 1.0)"),
        ((True, 1), f"{PAIR}, not (True, 1)"),
        ("01", f"{PAIR}, not '01'"),
        (None, f"{PAIR}, not None"),
    ],
)
def test_a_bad_move_is_refused_with_what_is_wrong_and_changes_nothing(
    move: Any, message: str
) -> None:
    game = Nim.new((3, 0, 5))
    before = (game.heaps, game.turn, game.moves_made)
    with pytest.raises(IllegalMove) as caught:
        game.play(move)
    assert str(caught.value) == message
    assert (game.heaps, game.turn, game.moves_made) == before


def test_an_empty_heap_names_the_only_heap_left() -> None:
    with pytest.raises(IllegalMove, match="take from heap 1, the only one with objects left"):
        Nim.new((0, 2)).play((0, 1))
    with pytest.raises(IllegalMove, match="take 1$"):
        Nim.new((1,)).play((0, 2))
    with pytest.raises(IllegalMove, match="there is no heap 1: this game has heap 0 "):
        Nim.new((1,)).play((1, 1))


def test_a_finished_game_refuses_every_move_and_says_who_won() -> None:
    won = Nim.new((2,)).play((0, 2))
    for move in ((0, 1), (5, 5), "nonsense"):
        with pytest.raises(IllegalMove) as caught:
            won.play(move)
        assert str(caught.value) == (
            "the game is over (X took the last object and wins): no more moves can be played; "
            "start a new game with Nim.new(heaps), as in Nim.new((3, 4, 5))"
        )
    with pytest.raises(IllegalMove, match=r"over \(every heap is empty: X cannot move, so O wins"):
        Nim.new((0, 0)).play((0, 1))


@pytest.mark.parametrize(
    ("heaps", "error", "message"),
    [
        ((), ValueError, "Nim is played here with 1 to 10 heaps, but 0 were given: give the "),
        (list(range(12)), ValueError, "1 to 10 heaps, but 12 were given"),
        (iter(range(20)), ValueError, "1 to 10 heaps, but more than 10 were given"),
        ((3, -1), ValueError, "heap 1 must be a whole number of objects from 0 to 100, not -1"),
        ((101,), ValueError, "heap 0 must be a whole number of objects from 0 to 100, not 101"),
        ((2.0,), ValueError, "heap 0 must be a whole number of objects from 0 to 100, not 2.0"),
        ((True,), ValueError, "not True (True and False are not numbers here)"),
        (("3",), ValueError, "heap 0 must be a whole number of objects from 0 to 100, not '3'"),
        (5, TypeError, "a tuple or list of whole numbers, as in Nim.new((3, 4, 5)), not 5"),
        ("345", TypeError, "a tuple or list of whole numbers, as in Nim.new((3, 4, 5)), not '345'"),
        ({3, 4}, TypeError, "in order, as a tuple or list such as (3, 4, 5), not {3, 4}: a move"),
        ({0: 3}, TypeError, "in order, as a tuple or list"),
    ],
)
def test_bad_heaps_are_refused_with_what_is_wrong(
    heaps: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as caught:
        Nim.new(heaps)
    assert message in str(caught.value)


def test_bad_moves_made_are_refused() -> None:
    with pytest.raises(ValueError, match="moves_made must be a whole number of moves, 0 or more"):
        Nim.new((1,), moves_made=-1)


# -- text and pictures ---------------------------------------------------------------------------


def test_the_text_forms() -> None:
    game = Nim.new((3, 0, 7)).play((2, 1))
    assert game.text == "3 0 6"
    assert str(game) == "heap 0: ||| (3)\nheap 1: (0)\nheap 2: ||||| | (6)\nO to move"
    assert repr(game) == "Nim.new((3, 0, 6), moves_made=1)"
    assert repr(Nim.new((4,))) == "Nim.new((4,))"
    assert str(Nim.new((1,)).play((0, 1))).endswith("\nX took the last object and wins")
    assert str(Nim.new((23,))) == "heap 0: ||||| ||||| ||||| ||||| ... (23)\nX to move"
    assert game.move_label((2, 1)) == "take 1 from heap 2"
    with pytest.raises(IllegalMove, match="a move is a \\(heap, take\\) pair"):
        game.move_label(2)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", [Nim.new((3, 4, 5)), Nim.new((1, 0), moves_made=7)])
def test_the_repr_reads_back_as_an_equal_position(game: Nim) -> None:
    assert eval(repr(game), {"Nim": Nim}) == game


def test_the_picture_draws_every_object_and_says_who_is_to_move() -> None:
    game = Nim.new((3, 0, 12)).play((0, 1))
    svg = game._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("<line") == game.moves_left == 14
    assert 'aria-label="Nim, heaps 2 0 12: O to move"' in svg
    assert ">heap 2</text>" in svg and ">12</text>" in svg and ">O to move</text>" in svg
    over = Nim.new((1,)).play((0, 1))._repr_svg_()
    assert "<line" not in over and ">X took the last object and wins</text>" in over


def test_the_picture_s_text_and_marks_stand_out() -> None:
    """WCAG's contrast (tests/svg_contrast.py, tests/test_contrast.py): a position in play,
    each player's win (the status in the winner's colour), and the largest heaps."""
    pictures = [
        Nim.new((3, 0, 12)).play((0, 1)),
        Nim.new((1,)).play((0, 1)),
        Nim.new((1, 1)).play((0, 1)).play((1, 1)),
        Nim.new((MAX_HEAP,) * MAX_HEAPS),
    ]
    found = [failure for game in pictures for failure in failures(paints(game._repr_svg_()))]
    assert found == []


def test_nim_is_at_the_top_and_in_the_game_layer() -> None:
    assert tictac.Nim is Nim is tictac.game.Nim
    assert "Nim" in tictac.__all__


# -- Bouton's theorem ------------------------------------------------------------------------------


def test_bouton_the_player_to_move_loses_exactly_when_the_nim_sum_is_zero() -> None:
    """The referee above, on every position of up to 3 heaps of at most 7 and 4 of at most 4."""
    assert len(BOUTON_STARTS) == 8 + 64 + 512 + 625
    lost = [h for h in BOUTON_STARTS if not mover_wins(tuple(sorted(h)))]
    assert lost == [h for h in BOUTON_STARTS if nim_sum(h) == 0]
    assert (1, 2, 3) in lost and (3, 4, 5) not in lost  # (a classic of each kind)


def test_the_package_s_positions_give_the_same_winners() -> None:
    """The same theorem through the package's rules: a search over its positions, which
    knows only `legal_moves`, `play`, `turn`, `is_terminal`, `result` and `key`."""

    known: dict[Any, str] = {}  # key -> the winner, with both sides playing well

    def winner(game: Nim) -> str:
        if game.key not in known:
            if game.is_terminal:
                result = game.result()
                assert result in ("X", "O")
                known[game.key] = result
            else:
                outcomes = {winner(game.play(move)) for move in game.legal_moves()}
                known[game.key] = game.turn if game.turn in outcomes else outcomes.pop()
        return known[game.key]

    for heaps in BOUTON_STARTS:
        game = Nim.new(heaps)
        assert (winner(game) == "X") == (nim_sum(heaps) != 0), heaps
        again = Nim.new(heaps, moves_made=1)  # O to move: the same theorem, for O
        assert (winner(again) == "O") == (nim_sum(heaps) != 0), heaps


def test_the_referee_agrees_with_the_package_on_every_move() -> None:
    for heaps in BOUTON_STARTS:
        game = Nim.new(heaps)
        assert {game.play(move).heaps for move in game.legal_moves()} == children(heaps)


# -- the searches, which take any game ------------------------------------------------------------


@pytest.mark.parametrize(
    ("memo", "largest"),
    [(None, 3), ("plain", 4)],
    ids=["up to 3 heaps of 3", "up to 3 heaps of 4, with a memo"],
)
def test_minimax_finds_bouton_s_values_and_winning_moves(memo: Any, largest: int) -> None:
    for heaps in [h for n in (1, 2, 3) for h in starts(n, largest)]:
        game = Nim.new(heaps)
        result = tictac.minimax(game, memo=memo)
        assert result.value == (1 if nim_sum(heaps) != 0 else -1), heaps
        if nim_sum(heaps) != 0:
            to_zero = {m for m in game.legal_moves() if nim_sum(game.play(m).heaps) == 0}
            assert set(result.best_moves) == to_zero, heaps
