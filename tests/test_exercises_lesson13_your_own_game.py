"""Lesson 13's checks: a game of "no repeats" written by the student, and Nim's winning move."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from tictac.exercises import check_nim_move, check_no_repeat, nim_positions
from tictac.exercises.grading import HIDDEN_PILES, hidden_nim_positions
from tictac.exercises.lesson13_your_own_game import NoRepeatRules


class TakeAway:
    """The lesson's take-away game, as a student has it."""

    def __init__(self, pile: int, turn: str = "X") -> None:
        self.pile, self.turn = pile, turn

    @property
    def is_terminal(self) -> bool:
        return self.pile == 0

    def legal_moves(self) -> tuple[int, ...]:
        return tuple(take for take in (1, 2, 3) if take <= self.pile)

    def play(self, take: int) -> Any:
        return TakeAway(self.pile - take, "O" if self.turn == "X" else "X")

    def result(self) -> str | None:
        return ("O" if self.turn == "X" else "X") if self.is_terminal else None

    @property
    def key(self) -> Any:
        return (self.pile, self.turn)


class NoRepeat(TakeAway):
    """A right answer to Exercise 1."""

    def __init__(self, pile: int, turn: str = "X", last: int | None = None) -> None:
        super().__init__(pile, turn)
        self.last = last

    @property
    def is_terminal(self) -> bool:
        return not self.legal_moves()

    def legal_moves(self) -> tuple[int, ...]:
        return tuple(take for take in super().legal_moves() if take != self.last)

    def play(self, take: int) -> Any:
        return type(self)(self.pile - take, "O" if self.turn == "X" else "X", take)

    @property
    def key(self) -> Any:
        return (self.pile, self.turn, self.last)


class ForgetfulKey(NoRepeat):
    @property
    def key(self) -> Any:
        return (self.pile, self.turn)


class EndsOnEmptyPile(NoRepeat):
    @property
    def is_terminal(self) -> bool:
        return self.pile == 0


class WrongWinner(NoRepeat):
    def result(self) -> str | None:
        return self.turn if self.is_terminal else None


class TurnlessKey(NoRepeat):
    @property
    def key(self) -> Any:
        return (self.pile, self.last)


class HistoryKey(NoRepeat):
    """Remembers every take so far: one position, reached two ways, gets two keys."""

    def __init__(
        self, pile: int, turn: str = "X", last: int | None = None, taken: tuple[int, ...] = ()
    ):
        super().__init__(pile, turn, last)
        self.taken = taken

    def play(self, take: int) -> Any:
        return HistoryKey(
            self.pile - take, "O" if self.turn == "X" else "X", take, (*self.taken, take)
        )

    @property
    def key(self) -> Any:
        return (self.pile, self.turn, self.last, self.taken)


class MutatingPlay(NoRepeat):
    def play(self, take: int) -> Any:
        self.pile, self.turn, self.last = self.pile - take, "O" if self.turn == "X" else "X", take
        return self


class ListKey(NoRepeat):
    @property
    def key(self) -> Any:
        return [self.pile, self.turn, self.last]


def test_a_right_game_passes_the_visible_and_the_hidden_piles() -> None:
    assert check_no_repeat(NoRepeat).passed
    assert check_no_repeat(NoRepeat, HIDDEN_PILES).passed


def test_the_lessons_take_away_game_fails_where_the_new_rule_forbids_a_take() -> None:
    verdict = check_no_repeat(TakeAway)
    assert not verdict.passed
    assert "X just took 1" in verdict.note and "the rules allow no take" in verdict.note


@pytest.mark.parametrize(
    ("game", "words"),
    [
        (ForgetfulKey, "a memo would mix the two up"),
        (EndsOnEmptyPile, "your is_terminal is False"),
        (WrongWinner, "your result() is"),
        (ListKey, "your key must be hashable"),
        (TurnlessKey, "the other player is to move there"),
        (HistoryKey, "has two keys"),
        (MutatingPlay, "play must return a new position"),
        (int, "lacks turn, is_terminal, legal_moves, play, result and key"),
    ],
    ids=lambda value: getattr(value, "__name__", "words"),
)
def test_each_mistake_fails_with_its_own_message(game: Any, words: str) -> None:
    verdict = check_no_repeat(game)
    assert not verdict.passed and words in verdict.note


def test_a_game_right_on_the_visible_piles_only_fails_the_hidden_ones() -> None:
    class RightUpToTwelve(NoRepeat):
        def legal_moves(self) -> tuple[int, ...]:
            moves = super().legal_moves()
            return moves[:1] if self.pile > 12 else moves

    assert check_no_repeat(RightUpToTwelve).passed
    assert not check_no_repeat(RightUpToTwelve, HIDDEN_PILES).passed


def test_the_rules_values_agree_with_a_search_written_here() -> None:
    @functools.cache
    def wins(pile: int, last: int | None) -> bool:  # for the player to move
        return any(not wins(pile - t, t) for t in (1, 2, 3) if t <= pile and t != last)

    from tictac import minimax

    for pile in range(21):
        value = minimax(NoRepeat(pile), memo=True).value
        assert value == (1 if wins(pile, None) else -1)
        assert NoRepeatRules(pile, "X").moves() == tuple(t for t in (1, 2, 3) if t <= pile)


# --- Nim ------------------------------------------------------------------------------------


def bouton(heaps: tuple[int, ...]) -> tuple[int, int] | None:
    total = functools.reduce(lambda a, b: a ^ b, heaps, 0)
    if total == 0:
        return None
    heap = next(i for i, size in enumerate(heaps) if size ^ total < size)
    return heap, heaps[heap] - (heaps[heap] ^ total)


def test_bouton_passes_the_visible_and_hidden_positions() -> None:
    """Bouton's rule, written here, agrees with the check's search on every position it asks
    about: lost exactly where the XOR is 0, and the rule's move leaves a lost position."""
    import random

    assert check_nim_move(bouton).passed
    assert check_nim_move(bouton, hidden_nim_positions(random.Random(5))).passed


def test_the_positions_are_every_one_up_to_four_heaps_of_seven() -> None:
    positions = nim_positions()
    assert len(positions) == len(set(positions)) == 8 + 8**2 + 8**3 + 8**4


def any_move(heaps: tuple[int, ...]) -> tuple[int, int] | None:
    return next(((heap, 1) for heap, size in enumerate(heaps) if size), None)


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (lambda heaps: None, "are won, but it returned None"),
        (lambda heaps: (0, 0), "which is no legal move"),
        (lambda heaps: bouton(heaps) or any_move(heaps), "are lost whatever you do"),
        (lambda heaps: "x", "which is no legal move"),
    ],
)
def test_wrong_answers_fail_with_a_reason(answer: Any, words: str) -> None:
    verdict = check_nim_move(answer)
    assert not verdict.passed and words in verdict.note


def test_one_wrong_position_is_enough_to_fail_and_lists_are_moves_too() -> None:
    def almost(heaps: tuple[int, ...]) -> Any:
        return (0, 1) if heaps == (1, 2, 3, 7) else bouton(heaps)

    assert "wrong in 1;" in check_nim_move(almost).note
    assert check_nim_move(lambda heaps: list(bouton(heaps) or []) or None).passed
    numpy = pytest.importorskip("numpy")

    def numpy_move(heaps: tuple[int, ...]) -> Any:
        move = bouton(heaps)
        return None if move is None else tuple(numpy.int64(n) for n in move)

    assert check_nim_move(numpy_move).passed


def test_a_function_that_fails_is_reported_not_raised() -> None:
    verdict = check_nim_move(lambda heaps: heaps[3])
    assert not verdict.passed and "IndexError" in verdict.note
