"""The levels know which games they play: random, medium and mcts play any game (Connect Four
and Nim here, each game replayed by a referee written here); the others are for m,n,k boards
and refuse another game's position, naming the levels that play it, before any move."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tictac.game.connect_four import ConnectFour
from tictac.game.nim import Nim
from tictac.game.numbertree import NumberTree
from tictac.game.position import NotForThisGame
from tictac.game.state import State
from tictac.play.levels import CATALOGUE, make_player
from tictac.players.levels import PLAYERS
from tictac.players.tournament import GameRecord, play_game, play_match

ANY_GAME = ["random", "medium", "mcts"]
BOARDS_ONLY = sorted(set(CATALOGUE) - set(ANY_GAME))
FAST = {"mcts": {"playouts": 60}}  # the default 1,000 playouts a move are slow for a test
OTHER_GAMES = {
    "ConnectFour": lambda: ConnectFour.new(4, 5, k=3),
    "Nim": lambda: Nim.new((3, 4, 5)),
}


def refusal(level: str, game: str) -> str:
    return re.escape(
        f"the {level} level works on m,n,k boards (State) only, not on {game}; for any game use "
        "make_player('random'), 'medium' or 'mcts'"
    )


# --- the referees: each game's rules written again, knowing nothing of tictac ------------------


def nim_result(heaps: tuple[int, ...], moves: tuple[Any, ...]) -> str:
    """The winner of a finished game of Nim from `heaps` by `moves`; fails on an illegal move."""
    left = list(heaps)
    for heap, take in moves:
        assert 1 <= take <= left[heap], f"take {take} from heap {heap} of {left[heap]}"
        left[heap] -= take
    assert sum(left) == 0, "the game ended with objects left"
    return "X" if len(moves) % 2 else "O"  # whoever took the last object


def connect_four_result(rows: int, cols: int, k: int, moves: tuple[Any, ...]) -> tuple[str, str]:
    """The result of a finished game of Connect Four by `moves`, and its last board (rows from
    the top); fails on an illegal move or a game that went on after its end."""
    grid = [["."] * cols for _ in range(rows)]
    result = ""
    for number, column in enumerate(moves):
        assert not result, "a move after the end"
        row = max(r for r in range(rows) if grid[r][column] == ".")  # fails on a full column
        mark = "XO"[number % 2]
        grid[row][column] = mark
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            run = 1
            for sign in (1, -1):
                r, c = row + sign * dr, column + sign * dc
                while 0 <= r < rows and 0 <= c < cols and grid[r][c] == mark:
                    run, r, c = run + 1, r + sign * dr, c + sign * dc
            result = mark if run >= k else result
        if not result and all(cell != "." for line in grid for cell in line):
            result = "draw"
    assert result, "the game ended before its end"
    return result, "".join("".join(line) for line in grid)


def check_replay(record: GameRecord, start: Any) -> None:
    """The game replays legally from `start`, to the record's result and last position."""
    assert record.states[0] == start and len(record.states) == len(record.moves) + 1
    if isinstance(start, Nim):
        assert nim_result(start.heaps, record.moves) == record.result
    else:
        result, cells = connect_four_result(start.rows, start.cols, start.k, record.moves)
        assert result == record.result and cells == "".join(record.states[-1].cells)


# --- the levels of any game play Connect Four and Nim ------------------------------------------


def test_the_catalogue_says_which_levels_play_any_game() -> None:
    assert CATALOGUE.any_game_levels() == ANY_GAME == PLAYERS.any_game_levels()
    assert CATALOGUE.for_any_game() == "make_player('random'), 'medium' or 'mcts'"
    assert [name for name in CATALOGUE if not CATALOGUE[name].any_game] == [
        name for name in CATALOGUE if name in BOARDS_ONLY
    ]


@pytest.mark.parametrize("game", sorted(OTHER_GAMES))
@pytest.mark.parametrize("first", ANY_GAME)
@pytest.mark.parametrize("second", ANY_GAME)
def test_the_levels_of_any_game_play_whole_legal_games(game: str, first: str, second: str) -> None:
    start = OTHER_GAMES[game]()
    for seed in range(3):
        x = make_player(first, seed=seed, game=start, **FAST.get(first, {}))
        o = make_player(second, seed=seed + 10, game=start, **FAST.get(second, {}))
        check_replay(play_game(x, o, start=start), start)


@pytest.mark.parametrize("game", sorted(OTHER_GAMES))
def test_a_match_on_another_game_counts_every_game_and_repeats_with_its_seed(game: str) -> None:
    start = OTHER_GAMES[game]()

    def match() -> Any:
        medium, random = make_player("medium"), make_player("random")
        return play_match(medium, random, games=12, seed=5, start=start)

    one, again = match(), match()
    assert len(one.games) == 12 and [g.x for g in one.games[:2]] == ["medium", "random"]
    for record in one.games:
        check_replay(record, start)
    assert [g.moves for g in one.games] == [g.moves for g in again.games]


def test_medium_takes_a_win_it_sees_in_either_game() -> None:
    medium = make_player("medium", seed=1)
    assert medium.choose(Nim.new((0, 4, 0))) == (1, 4)  # type: ignore[arg-type]
    three = ConnectFour.new(4, 5, k=3).play(0).play(0).play(1).play(1)  # X: 0 and 1 at the bottom
    assert medium.choose(three) == 2  # type: ignore[arg-type]


# --- the levels for boards refuse another game, before any move --------------------------------


@pytest.mark.parametrize("game", sorted(OTHER_GAMES))
@pytest.mark.parametrize("level", BOARDS_ONLY)
def test_a_board_level_refuses_another_game_at_its_first_move(level: str, game: str) -> None:
    player = make_player(level, seed=3)
    draws = player.rng.getstate()
    with pytest.raises(NotForThisGame, match=f"^{refusal(level, game)}$"):
        player.choose(OTHER_GAMES[game]())  # type: ignore[arg-type]
    assert player.rng.getstate() == draws  # refused before it drew anything
    with pytest.raises(NotForThisGame, match=refusal(level, game)):
        play_game(player, make_player("random"), start=OTHER_GAMES[game]())


def test_a_level_that_sometimes_plays_at_random_refuses_at_once_too() -> None:
    always_random = make_player("epsilon", epsilon=1.0, seed=1)  # never asks the solver
    with pytest.raises(NotForThisGame, match=refusal("epsilon", "Nim")):
        always_random.choose(Nim.new((2, 2)))  # type: ignore[arg-type]
    assert always_random.choose(State.new()) in range(9)


@pytest.mark.parametrize("game", sorted(OTHER_GAMES))
@pytest.mark.parametrize("level", BOARDS_ONLY)
def test_make_player_refuses_another_game_given_as_its_game(level: str, game: str) -> None:
    with pytest.raises(NotForThisGame, match=f"^{refusal(level, game)}$"):
        make_player(level, game=OTHER_GAMES[game]())


def test_an_alias_is_refused_by_its_levels_name() -> None:
    with pytest.raises(NotForThisGame, match=refusal("master", "Nim")):
        make_player("Unbeatable", game=Nim.new((1, 2)))
    with pytest.raises(NotForThisGame, match=refusal("rules", "NumberTree")):
        make_player("newell_simon").choose(NumberTree([[1, 2], [3]]))  # type: ignore[arg-type]


def test_make_player_refuses_a_board_a_learner_did_not_learn_on_and_what_is_no_position() -> None:
    with pytest.raises(ValueError, match="the td level plays only on 3x3 with 3 in a row"):
        make_player("td", game=State.new(4, 4, 4))
    assert make_player("td", game=State.new()).choose(State.new()) in range(9)
    assert make_player("master", game=State.new(4, 4, 4)).name == "master"
    with pytest.raises(TypeError, match=r"make_player\(game=\.\.\.\) needs a State"):
        make_player("random", game="XX./OO./...")  # type: ignore[arg-type]


@pytest.mark.parametrize("level", ["defensive", "rules", "brute-force", "menace", "td"])
def test_the_rules_own_refusals_name_the_same_levels_as_the_catalogue(level: str) -> None:
    rule = CATALOGUE[level].factory()
    with pytest.raises(NotForThisGame) as refused:
        rule(Nim.new((2, 3)), random.Random(0))
    named = re.findall(r"'([a-z-]+)'", str(refused.value).split("for any game use")[1])
    assert named == CATALOGUE.any_game_levels()
