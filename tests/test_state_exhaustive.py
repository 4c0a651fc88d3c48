"""Exhaustive checks: every reachable 3x3 position, counted by the tests themselves."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest

from tictac import InvalidBoard, State, reachable_states


@pytest.fixture(scope="module")
def positions() -> list[State]:
    return list(reachable_states())


def test_5478_reachable_positions(positions: list[State]) -> None:
    assert len(positions) == len(set(positions)) == 5478


def test_765_up_to_symmetry(positions: list[State]) -> None:
    assert len({s.canonical() for s in positions}) == 765


def test_958_terminal_positions(positions: list[State]) -> None:
    terminal = [s for s in positions if s.is_terminal]
    assert len(terminal) == 958
    outcomes = Counter(s.result() for s in terminal)
    assert outcomes == {"X": 626, "O": 316, "draw": 16}
    assert len([s for s in positions if not s.is_terminal]) == 4520


def test_positions_by_number_of_marks(positions: list[State]) -> None:
    by_marks = Counter(s.moves_made for s in positions)
    assert [by_marks[n] for n in range(10)] == [1, 9, 72, 252, 756, 1260, 1520, 1140, 390, 78]


def test_validation_accepts_exactly_the_reachable_boards(positions: list[State]) -> None:
    """All 3^9 grids: parse accepts a grid if and only if a real game can reach it."""
    reachable = {s.text.replace("/", "") for s in positions}
    accepted = set()
    for cells in product("XO.", repeat=9):
        text = "".join(cells)
        try:
            State.parse(text)
        except InvalidBoard:
            continue
        accepted.add(text)
    assert accepted == reachable


def test_4x4_with_k3_counts_agree_under_symmetry() -> None:
    """The 8 images of every position reachable in 3 moves are reachable too."""
    start = State.new(4, 4, 3)
    level = {start}
    for _ in range(3):
        level = {s.play(m) for s in level for m in s.legal_moves()}
    for state in level:
        assert all(image in level for image in state.symmetries())
