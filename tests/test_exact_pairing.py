"""The pairing test by straight lines (:mod:`tictac.search.exact_pairing`), against a brute force
written here and against the pair-by-pair search of :mod:`tictac.search.pairing` run to the end,
on random sets and on every test the prover asks on small boards."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from tictac import State
from tictac.proving import pns
from tictac.search.exact_pairing import (
    CoverMemo,
    covers,
    exact_shared_pairs,
    line_pairing_search,
    straight_groups,
)
from tictac.search.pairing import own_pairs, own_pairs_exist, pairing_search


def serves(pairs: Sequence[int], needs: Sequence[int]) -> bool:
    """The definition: the pairs are two cells each, disjoint, and each set holds one."""
    used = 0
    for pair in pairs:
        if pair.bit_count() != 2 or pair & used:
            return False
        used |= pair
    return all(any(pair & need == pair for pair in pairs) for need in needs)


def brute_force(needs: Sequence[int]) -> bool:
    """Is there a pairing? Every choice of one pair inside each set, tried in full."""
    options = [[a | b for a, b in itertools.combinations(cells(need), 2)] or [0] for need in needs]
    return any(
        all(pair.bit_count() == 2 for pair in choice) and serves(list(set(choice)), needs)
        for choice in itertools.product(*options)
    )


def cells(mask: int) -> list[int]:
    return [1 << i for i in range(mask.bit_length()) if mask >> i & 1]


def random_lines(rng: random.Random) -> list[int]:
    """The empty cells of a few lines of 3 to 4 on a small board of rows of 6: some along one
    row (they share cells), some across."""
    needs = []
    for _ in range(rng.randint(1, 4)):
        row, length = rng.randrange(3), rng.choice((3, 4))
        start = rng.randrange(7 - length)
        line = sum(1 << (6 * row + start + i) for i in range(length))
        needs.append(line & ~(1 << rng.randrange(18)))  # an attacker's mark, maybe on it
    for _ in range(rng.randint(0, 2)):
        col = rng.randrange(6)
        needs.append(sum(1 << (6 * r + col) for r in range(3)))
    return needs


def test_the_answer_is_the_brute_forces_on_random_sets() -> None:
    """Lines along rows of 6 and across them, as on a small board with lines of 3 and 4 (on
    five in a row the search pair by pair, run to the end, takes minutes on some tests)."""
    rng = random.Random(34)
    answers = set()
    for _ in range(600):
        needs = random_lines(rng)
        found = exact_shared_pairs(needs)
        assert (found is not None) == brute_force(needs), needs
        assert found is None or serves(found, needs), (needs, found)
        answers.add(found is not None)
    assert answers == {True, False}  # both answers were put to the test


@pytest.mark.parametrize("board", [(5, 5, 4), (6, 4, 4)])  # (five in a row: see below)
def test_every_test_a_proof_asks_is_answered_as_the_search_to_the_end_answers(
    board: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[list[int]] = []

    def recording(
        needs: list[int],
        effort: int | None,
        memo: CoverMemo | None = None,
        straight: list[int] | None = None,
    ) -> tuple[list[int] | None, bool]:
        asked.append(list(needs))
        found = line_pairing_search(needs, effort, memo, straight)
        alone = line_pairing_search(needs, effort, {})  # not told the straight lines
        assert (found[0] is None) == (alone[0] is None) and found[1] == alone[1]
        return found

    monkeypatch.setattr(pns, "line_pairing_search", recording)
    assert not pns.prove_win(State.new(*board), budget=None).wins  # (more tests than EXPECT_DRAW)
    assert len(asked) > 10
    memo: CoverMemo = {}
    for needs in asked:
        found = exact_shared_pairs(needs, memo)
        expected, finished = pairing_search(needs, effort=None)
        assert finished
        assert (found is None) == (expected is None), needs
        assert found is None or serves(found, needs)


def test_a_group_s_ways_are_each_a_pairing_and_every_pairing_holds_one() -> None:
    # Three lines of 4 along a row of 6 cells, and the same with cell 2 taken by the attacker.
    for group in ([0b001111, 0b011110, 0b111100], [0b001011, 0b011010, 0b111000]):
        ways = covers(group)
        assert ways
        for way_cells, pairs in ways:
            assert serves(pairs, group) and sum(pairs) == way_cells
        every = [
            sum(choice)
            for size in (1, 2, 3)
            for choice in itertools.combinations(
                [a | b for a, b in itertools.combinations(cells(0b111111), 2)], size
            )
            if serves(choice, group)
        ]
        assert all(any(cells & used == cells for cells, _ in ways) for used in every)
        assert not any(  # no way uses more cells than another one inside it
            a != b and a & b == a for (a, _), (b, _) in itertools.permutations(ways, 2)
        )


def test_lines_share_pairs_only_within_a_straight_line() -> None:
    row = [0b0001111, 0b0011110]  # two lines of 4 along a row of 7
    across = [0b1000000_0000000_0000001 | 1 << 7]  # a column through cell 0
    groups = straight_groups([*row, *across])
    assert sorted(map(sorted, groups)) == sorted([sorted(row), across])


def test_the_search_gives_up_after_its_effort_and_says_so() -> None:
    # Four lines of 3 on a row of 6 and three columns through it: a search is needed.
    rng = random.Random(5)
    for _ in range(200):
        needs = random_lines(rng)
        found, finished = line_pairing_search(needs, effort=None)
        assert finished
        capped = line_pairing_search(needs, effort=0)
        assert capped == (found, True) or capped == (None, False)
    assert line_pairing_search([0b11, 0b110], effort=0) == (None, True)  # a clash: no search


def test_own_pairs_are_pairs_of_their_own() -> None:
    rng = random.Random(7)
    for _ in range(300):
        needs = [rng.getrandbits(8) for _ in range(rng.randint(1, 4))]
        found = own_pairs(needs)
        assert (found is not None) == own_pairs_exist(needs)
        if found is not None:
            assert len(found) == len(needs)
            assert all(pair & need == pair for pair, need in zip(found, needs))
            assert serves(found, needs)
