"""Lesson 8b's stored experiments (tictac.play.mcts_experiments): the stored records hang together,
and the seeded functions that produced them give them again. The full runs take many minutes,
so the slow tests re-run a seeded part of each and compare it with the stored records."""

from __future__ import annotations

import random

import pytest

from tictac import State
from tictac.game.state import reachable_states
from tictac.play.mcts_experiments import (
    CENSUS_PLAYOUTS,
    DUEL_BUDGETS,
    DUEL_GAMES,
    EXPLORATION_PLAYOUTS,
    EXPLORATIONS,
    MASTER_GAMES,
    MASTER_PLAYOUTS,
    against_master,
    alphabeta_within,
    census,
    census_moves,
    census_positions,
    duel,
    duel_openings,
    duels,
    games_against_master,
    optimal_count,
    optimal_moves,
)
from tictac.search.engine import minimax

# -- the census ---------------------------------------------------------------------------------


def test_the_census_covers_every_position_where_the_game_is_on() -> None:
    positions = census_positions()
    assert len(positions) == len(set(positions)) == 4520
    assert set(positions) == {s for s in reachable_states() if not s.is_terminal}


def test_the_best_moves_are_those_that_keep_minimaxs_value() -> None:
    for state in census_positions()[::7]:
        value = minimax(state, memo="plain").value
        kept = {
            m for m in state.legal_moves() if minimax(state.play(m), memo="plain").value == value
        }
        assert optimal_moves(state) == kept


def test_the_stored_census_has_a_legal_move_for_every_position_and_setting() -> None:
    stored = census()
    settings = {(p, 1.4) for p in CENSUS_PLAYOUTS} | {
        (p, c) for p in EXPLORATION_PLAYOUTS for c in EXPLORATIONS
    }
    assert set(stored.moves) == settings
    positions = census_positions()
    for moves in stored.moves.values():
        assert len(moves) == len(positions)
        assert all(int(m) in s.legal_moves() for m, s in zip(moves, positions))


def test_more_playouts_find_more_best_moves() -> None:
    stored = census()
    counts = [optimal_count(stored.moves[p, 1.4]) for p in CENSUS_PLAYOUTS]
    assert counts == sorted(counts) and counts[0] < counts[-1]


def test_a_census_search_does_not_depend_on_the_others_or_on_how_long_it_runs() -> None:
    positions = census_positions()[100:104]
    alone = [census_moves(playouts=50, positions=[s]) for s in positions]
    assert census_moves(playouts=50, positions=positions) == "".join(alone)
    with pytest.raises(ValueError, match="one per position"):
        optimal_count("0", positions)


@pytest.mark.slow
@pytest.mark.parametrize(("playouts", "exploration"), sorted(census().moves))
def test_the_stored_census_is_what_the_searches_give(playouts: int, exploration: float) -> None:
    """Every 25th position of each setting, searched again (the whole census takes minutes)."""
    positions = census_positions()[::25]
    again = census_moves(playouts=playouts, exploration=exploration, positions=positions)
    assert again == census().moves[playouts, exploration][::25]


# -- against the master -------------------------------------------------------------------------


def test_the_stored_games_against_the_master() -> None:
    games = games_against_master()
    assert sorted(games) == list(MASTER_PLAYOUTS)
    for results in games.values():
        assert len(results) == MASTER_GAMES and set(results) <= set("dl")  # never a win


def test_a_shorter_match_is_the_start_of_a_longer_one() -> None:
    assert against_master(10, games=6) == against_master(10, games=12)[:6]


@pytest.mark.slow
@pytest.mark.parametrize("playouts", MASTER_PLAYOUTS)
def test_the_stored_games_against_the_master_are_what_the_games_give(playouts: int) -> None:
    assert against_master(playouts) == games_against_master()[playouts]


# -- the duel -------------------------------------------------------------------------------------


def test_the_stored_duel_hangs_together() -> None:
    stored = duels()
    assert sorted(stored) == list(DUEL_BUDGETS)
    openings = duel_openings(DUEL_GAMES // 2)
    for budget, games in stored.items():
        assert len(games) == DUEL_GAMES
        for i, game in enumerate(games):
            assert game.opening == openings[i // 2]
            assert game.mcts_side == ("X" if i % 2 == 0 else "O")
            state = game.opening
            for move in game.moves:
                state = state.play(move)
            assert state.is_terminal
            result = state.result()
            expected = "d" if result == "draw" else "w" if result == game.mcts_side else "l"
            assert game.result == expected
            assert game.mcts_moves + game.alphabeta_moves == len(game.moves)
            assert game.mcts_positions <= budget * game.mcts_moves
            assert game.alphabeta_positions <= budget * game.alphabeta_moves
            assert len(game.depths) == game.alphabeta_moves and min(game.depths) >= 1


def test_openings_are_a_mark_for_each_player() -> None:
    for opening in duel_openings(20):
        assert (opening.rows, opening.cols, opening.k) == (4, 4, 4)
        assert opening.cells.count("X") == opening.cells.count("O") == 1


def test_alphabeta_within_a_budget_searches_as_deep_as_fits() -> None:
    empty = State.new(4, 4, 4)
    for budget in (20, 300, 3000):
        move, depth, visited = alphabeta_within(empty, budget, seed=1)
        assert move in empty.legal_moves() and visited <= budget and depth >= 1
    assert alphabeta_within(empty, 300, seed=1)[1] < alphabeta_within(empty, 3000, seed=1)[1]
    with pytest.raises(ValueError, match="too few"):
        alphabeta_within(empty, 5, seed=1)


def test_alphabeta_within_takes_a_win_it_sees() -> None:
    win_now = State.parse("XXX./OOO./..../....")
    for _ in range(5):
        assert alphabeta_within(win_now, 500, seed=random.Random())[0] == 3


def test_games_of_the_duel_can_be_played_again_on_their_own() -> None:
    assert duel(250, games=4, first=3) == duel(250, games=4)[3:]


@pytest.mark.slow
@pytest.mark.parametrize(("budget", "games"), [(250, 40), (1000, 16), (4000, 4)])
def test_the_stored_duel_is_what_the_games_give(budget: int, games: int) -> None:
    """The first games of each budget played again (all 600 take many minutes)."""
    assert duel(budget, games=games) == duels()[budget][:games]
