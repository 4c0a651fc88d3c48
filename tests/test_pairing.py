"""Pairing strategies: the pairs as data, the matching that finds them, the player that plays
them, and the brute-force check that they never lose, each against a definition written out
here afresh (or against the solver's own matching test)."""

from __future__ import annotations

import itertools
import random

import pytest

from tictac import State, winning_lines
from tictac.pictures.boards import draw_pairing
from tictac.play.levels import make_player
from tictac.players.rules import pairing_player
from tictac.players.tournament import play_match
from tictac.search.pairing import (
    Pairing,
    find_pairing,
    lines_without_a_pair,
    match_lines,
    never_loses,
    own_pairs_exist,
    pairing_move,
)


def holds_no_pair(line: tuple[int, ...], pairs: list[tuple[int, int]]) -> bool:
    """The definition: no pair has both its cells on the line."""
    return not any(a in line and b in line for a, b in pairs)


def random_pairs(cells: int, rng: random.Random) -> list[tuple[int, int]]:
    order = list(range(cells))
    rng.shuffle(order)
    count = rng.randint(0, cells // 2)
    return list(zip(order[0 : 2 * count : 2], order[1 : 2 * count : 2]))


# -- the pairing as data ----------------------------------------------------------------------


@pytest.mark.parametrize("board", [(3, 3, 3), (1, 7, 3), (3, 8, 4), (4, 5, 4), (6, 6, 6)])
def test_unblocked_lines_follow_the_definition(board: tuple[int, int, int]) -> None:
    rng = random.Random(sum(board))
    rows, cols, k = board
    for _ in range(50):
        pairs = random_pairs(rows * cols, rng)
        expected = tuple(line for line in winning_lines(*board) if holds_no_pair(line, pairs))
        assert Pairing(rows, cols, k, pairs).unblocked_lines() == expected
        assert lines_without_a_pair(pairs, rows, cols, k) == expected


def test_a_pair_may_serve_several_lines() -> None:
    pairing = Pairing(1, 5, 3, [(1, 2), (3, 4)])  # (1, 2) lies in (0, 1, 2) and (1, 2, 3)
    assert pairing.blocks_every_line
    assert not Pairing(1, 5, 3, [(1, 2)]).blocks_every_line


def test_pairs_are_kept_sorted_and_read_row_col_cells() -> None:
    pairing = Pairing(3, 3, 3, [((2, 2), (0, 0)), (5, 1)])
    assert pairing.pairs == ((0, 8), (1, 5))
    assert pairing.partner(8) == 0 and pairing.partner(4) is None
    assert pairing == Pairing(3, 3, 3, [(1, 5), (8, 0)])


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        ([(0, 0)], "two different cells"),
        ([(0, 1), (1, 2)], "cell 1 is in two pairs"),
        ([(0, 9)], "outside the 3x3 board"),
        ([(0, 1, 2)], "a pair is two cells"),
        (["ab"], "a pair is two cells"),
    ],
)
def test_a_bad_pairing_is_refused_clearly(pairs: list[object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Pairing(3, 3, 3, pairs)  # type: ignore[arg-type]


def test_pairs_must_be_a_list_not_a_string() -> None:
    with pytest.raises(TypeError, match="list of two-cell pairs"):
        Pairing(3, 3, 3, "01")


def test_a_position_blocks_the_lines_through_the_defenders_marks() -> None:
    start = State.new(4, 4, 4).play(5).play(10)  # X in a centre cell, O in another
    pairing = Pairing(4, 4, 4, [(0, 8), (1, 2), (3, 6), (4, 7), (9, 13), (11, 15), (12, 14)])
    assert len(pairing.unblocked_lines()) == 3  # the lines through 10, which O holds
    assert pairing.unblocked_lines(start) == ()
    assert pairing.unblocked_lines(start, defender="X") != ()
    with pytest.raises(ValueError, match="the pairing is for 4x4"):
        pairing.unblocked_lines(State.new())


# -- finding pairings -------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(5, 11))
def test_hales_and_jewett_every_square_board_from_five_on_has_a_pairing(n: int) -> None:
    pairing = find_pairing(n, n, n)
    assert pairing is not None and pairing.blocks_every_line
    assert len(pairing.pairs) == 2 * n + 2  # one pair for each row, column and diagonal


@pytest.mark.parametrize("board", [(3, 3, 3), (4, 4, 4), (3, 8, 4), (5, 5, 4)])
def test_no_line_by_line_pairing_where_lines_want_too_many_cells(
    board: tuple[int, int, int],
) -> None:
    assert find_pairing(*board) is None


def test_match_lines_agrees_with_the_solvers_test_and_gives_each_line_its_own_pair() -> None:
    rng = random.Random(7)
    for _ in range(400):
        rows, cols, k = rng.choice([(3, 3, 3), (4, 4, 4), (4, 5, 4), (5, 5, 5), (3, 8, 4)])
        lines = rng.sample(winning_lines(rows, cols, k), rng.randint(0, 6))
        free = set(rng.sample(range(rows * cols), rng.randint(0, rows * cols)))
        matched = match_lines(lines, free)
        masks = [sum(1 << c for c in line if c in free) for line in lines]
        assert (matched is not None) == own_pairs_exist(masks)
        if matched is not None:
            used = [cell for pair in matched.values() for cell in pair]
            assert len(used) == len(set(used)) == 2 * len(lines)
            assert all(set(pair) <= set(line) & free for line, pair in matched.items())


# -- playing pairings -------------------------------------------------------------------------


def test_the_pairing_move_answers_in_the_pair_or_plays_outside_the_pairs() -> None:
    pairing = find_pairing(5, 5, 5)
    assert pairing is not None
    spare = next(cell for cell in range(25) if pairing.partner(cell) is None)
    a, b = pairing.pairs[0]
    assert pairing_move(State.new(5, 5, 5).play(a), pairing) == b
    assert pairing_move(State.new(5, 5, 5).play(b), pairing) == a
    assert pairing_move(State.new(5, 5, 5).play(spare), pairing) == min(
        cell for cell in range(25) if cell != spare
    )  # every other cell is in a pair: the first empty one
    with pytest.raises(ValueError, match="the game is over"):
        pairing_move(State.parse("XXX../OO.../...../...../.....", k=3), Pairing(5, 5, 3, []))


@pytest.mark.slow
def test_the_pairing_player_never_loses_a_game_on_5x5() -> None:
    pairing = find_pairing(5, 5, 5)
    assert pairing is not None
    defender = pairing_player(pairing)
    for attacker in (make_player("random"), make_player("novice")):
        match = play_match(
            attacker, defender, games=100, seed=3, alternate=False, start=State.new(5, 5, 5)
        )
        assert match.wins(attacker.name) == 0


def test_moved_names_still_import_from_their_old_places_with_a_warning() -> None:
    """pairing_player moved to the players, PAIRING_EFFORT from the solver to here: the old
    names still work, and the warning names the new place."""
    from tictac.players import rules as players
    from tictac.search import pairing, solver

    with pytest.warns(DeprecationWarning, match=r"tictac\.players\.pairing_player"):
        from tictac.search.pairing import pairing_player as old_player
    assert old_player is players.pairing_player
    with pytest.warns(DeprecationWarning, match=r"tictac\.search\.pairing\.PAIRING_EFFORT"):
        assert solver.PAIRING_EFFORT == pairing.PAIRING_EFFORT
    with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
        pairing.no_such_name  # noqa: B018


@pytest.mark.parametrize("x_first", range(16))
@pytest.mark.slow
def test_every_opening_of_4x4_has_an_answer_after_which_a_pairing_never_loses(
    x_first: int,
) -> None:
    """4x4 with four in a row is a draw: whatever X opens with, O has a reply after which it
    can pair X's remaining lines, and brute force confirms that X never completes one."""
    opened = State.new(4, 4, 4).play(x_first)
    for reply in opened.legal_moves():
        start = opened.play(reply)
        lines = [line for line in winning_lines(4, 4, 4) if reply not in line]
        matched = match_lines(lines, start.legal_moves())
        if matched is not None:
            pairing = Pairing(4, 4, 4, matched.values())
            assert pairing.unblocked_lines(start) == ()
            trial = never_loses(pairing, start)
            assert trial.holds and trial.positions > 1000
            return
    pytest.fail(f"no reply to {x_first} with a pairing")


def test_a_failing_pairing_shows_the_lost_game() -> None:
    pairing = Pairing(1, 4, 2, [(0, 1), (2, 3)])  # the line (1, 2) holds no pair
    trial = never_loses(pairing)
    assert not trial.holds
    game = trial.lost
    assert game[0] == State.new(1, 4, 2) and game[-1].winner == "X"
    for before, after in itertools.pairwise(game):  # each a legal move after the last
        assert after.moves_made == before.moves_made + 1
        assert any(before.play(move) == after for move in before.legal_moves())
    assert "the pairing fails" in str(trial)


def test_never_loses_refuses_the_wrong_board_and_defender() -> None:
    pairing = Pairing(1, 4, 2, [(0, 1), (2, 3)])
    with pytest.raises(ValueError, match="the pairing is for 1x4"):
        never_loses(pairing, State.new())
    with pytest.raises(ValueError, match="defender is 'X' or 'O'"):
        never_loses(pairing, defender="x")  # type: ignore[arg-type]


def test_never_loses_counts_against_its_budget() -> None:
    from tictac.search.budget import BudgetExceeded

    pairing = find_pairing(5, 5, 5)
    assert pairing is not None
    with pytest.raises(BudgetExceeded):
        never_loses(pairing, budget=500)


# -- the picture ------------------------------------------------------------------------------


def test_the_picture_names_each_pair_by_a_letter_in_both_cells() -> None:
    pairing = find_pairing(6, 6, 6)
    assert pairing is not None
    svg = draw_pairing(State.new(6, 6, 6), pairing.pairs).svg
    for letter in "abcdefghijklmn":  # 14 pairs
        assert svg.count(f">{letter}<") == 2
    assert ">o<" not in svg
    assert pairing._repr_svg_() == svg


def test_the_picture_outlines_what_it_is_asked_to() -> None:
    plain = draw_pairing(State.new(1, 4, 2), [(0, 1)]).svg
    outlined = draw_pairing(State.new(1, 4, 2), [(0, 1)], outline=[2, 3]).svg
    assert outlined.count('fill="none"') == plain.count('fill="none"') + 2


def test_the_picture_refuses_a_bad_cell_size_clearly() -> None:
    with pytest.raises(ValueError, match="cell_size must be a whole number of pixels"):
        draw_pairing(State.new(), [(0, 1)], cell_size=2)
