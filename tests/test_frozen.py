"""Every game's positions are values (tictac.game.frozen): made only by their class methods,
never changed, equal and hashed by their facts, copied and pickled by being rebuilt."""

from __future__ import annotations

import copy
import pickle
import re
from collections.abc import Callable
from typing import Any

import pytest

from tictac.game.connect_four import ConnectFour
from tictac.game.frozen import FrozenPosition
from tictac.game.nim import Nim
from tictac.game.state import InvalidBoard, State

# Each game: a position some moves in, the same position reached by other moves (or read
# back), a different one, and the exact words of its two refusals.
GAMES: dict[str, tuple[Callable[[], Any], Callable[[], Any], Callable[[], Any], str, str]] = {
    "State": (
        lambda: State.new(4, 4, 3).play(0).play(5).play(10),
        lambda: State.new(4, 4, 3).play(10).play(5).play(0),
        lambda: State.new(4, 4, 4).play(0).play(5).play(10),
        "a State is not built by calling State(...): use State.new(rows, cols, k) for an empty "
        "board, State.parse('XO./.X./..O') to read one, or state.play(move) for the position "
        "after a move",
        "a State cannot be changed; state.play(move) returns a new one",
    ),
    "ConnectFour": (
        lambda: ConnectFour.new(5, 6).play(3).play(4).play(2).play(5),
        lambda: ConnectFour.new(5, 6).play(2).play(5).play(3).play(4),
        lambda: ConnectFour.new(5, 6, k=3).play(3).play(4).play(2).play(5),
        "a ConnectFour is not built by calling ConnectFour(...): use ConnectFour.new(rows, "
        "cols, k) for an empty board, ConnectFour.parse(text) to read one, or "
        "position.play(column) for the position after a move",
        "a ConnectFour cannot be changed; position.play(column) returns a new one",
    ),
    "Nim": (
        lambda: Nim.new((3, 4, 5)).play((0, 1)).play((2, 2)),
        lambda: Nim.new((3, 4, 5)).play((2, 2)).play((0, 1)),
        lambda: Nim.new((2, 4, 3), moves_made=3),  # the same heaps, another player to move
        "a Nim position is not built by calling Nim(...): use Nim.new(heaps), as in "
        "Nim.new((3, 4, 5)), or position.play((heap, take)) for the position after a move",
        "a Nim position cannot be changed; play(move) returns a new one",
    ),
}
CLASSES = {"State": State, "ConnectFour": ConnectFour, "Nim": Nim}


@pytest.fixture(params=sorted(GAMES))
def game(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def test_equal_positions_are_equal_and_hash_alike_whatever_the_moves(game: str) -> None:
    made, same, different, _, _ = GAMES[game]
    assert made() == same() and hash(made()) == hash(same()) and len({made(), same()}) == 1
    assert made() != different() and (made() == different()) is False
    assert {made(): "found"}[same()] == "found"


def test_copies_and_pickles_of_every_protocol_are_equal_positions(game: str) -> None:
    position = GAMES[game][0]()
    copies = [copy.copy(position), copy.deepcopy(position)]
    copies += [pickle.loads(pickle.dumps(position, p)) for p in range(pickle.HIGHEST_PROTOCOL + 1)]
    for again in copies:
        assert type(again) is type(position) and again == position
        assert hash(again) == hash(position) and again.turn == position.turn
        assert repr(again) == repr(position) and again.key == position.key


def test_a_position_is_not_made_by_calling_its_class(game: str) -> None:
    with pytest.raises(TypeError, match=f"^{re.escape(GAMES[game][3])}$"):
        CLASSES[game]()


def test_a_position_refuses_every_change_and_stays_as_it_was(game: str) -> None:
    position = GAMES[game][0]()
    before = repr(position)
    refusal = f"^{re.escape(GAMES[game][4])}$"
    with pytest.raises(AttributeError, match=refusal):
        position.turn = "X"
    with pytest.raises(AttributeError, match=refusal):
        position.anything_new = 1
    with pytest.raises(AttributeError, match=refusal):
        del position.turn
    assert repr(position) == before and not hasattr(position, "__dict__")


def test_positions_of_different_games_are_never_equal() -> None:
    board, discs = State.new(4, 4, 4), ConnectFour.new(4, 4, 4)
    assert board.cells == discs.cells and board != discs and discs != board
    assert len({board, discs, Nim.new((1,))}) == 3
    assert (board == "XO") is False and board.__eq__("XO") is NotImplemented


def test_a_pickle_is_read_back_through_the_games_checks() -> None:
    # The pickle keeps the text; a doctored text is refused as parse refuses it.
    doctored = pickle.dumps(State.parse("XX./OO./...")).replace(b"XX./OO./...", b"XX./XX./...")
    with pytest.raises(InvalidBoard, match="X has 4 marks and O has 0"):
        pickle.loads(doctored)


def test_the_games_share_one_base_and_keep_their_slots() -> None:
    for cls in CLASSES.values():
        assert issubclass(cls, FrozenPosition) and "__slots__" in vars(cls)
        for name in ("__setattr__", "__delattr__", "__reduce__", "__eq__", "__hash__"):
            assert name not in vars(cls), f"{cls.__name__} writes {name} again"
