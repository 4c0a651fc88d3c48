"""Games, matches, round robins and their charts."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from tictac import State
from tictac.pictures.charts import round_robin_chart, wins_by_length_chart
from tictac.play.levels import make_player
from tictac.players.rules import Player
from tictac.players.tournament import play_game, play_match, round_robin, wilson_interval


def test_game_record_holds_every_move_and_position() -> None:
    game = play_game(make_player("random", seed=1), make_player("random", seed=2))
    assert len(game.states) == game.length + 1
    for before, move, after in zip(game.states, game.moves, game.states[1:]):
        assert before.play(move) == after
    assert game.result == (game.states[-1].result())
    assert (game.x, game.o) == ("random", "random")


def test_game_from_a_given_start_and_moves_as_pairs() -> None:
    first_free = Player("first free", lambda state, rng: state.legal_moves()[0])
    last_as_pair = Player("last free", lambda s, r: divmod(s.legal_moves()[-1], s.cols))
    start = State.new(4, 4, 3).play(5)
    game = play_game(last_as_pair, first_free, start=start)
    assert game.states[0] == start
    assert game.moves[:2] == (0, 15)
    assert game.states[-1].is_terminal


def test_winner_moves_counts_the_winners_own_moves() -> None:
    game = play_game(make_player("master"), Player("edge", lambda s, r: s.legal_moves()[0]))
    assert game.result == "X"
    assert game.winner == "master"
    assert game.winner_moves == game.states[-1].cells.count("X")


def test_match_statistics_add_up() -> None:
    match = play_match(make_player("offensive"), make_player("random"), games=200, seed=4)
    for player in ("offensive", "random"):
        total = match.wins(player) + match.draws(player) + match.losses(player)
        assert total == 200
        assert match.wins(player, "X") + match.wins(player, "O") == match.wins(player)
        assert sum(match.wins_by_length(player).values()) == match.wins(player)
    assert match.wins("offensive") == match.losses("random")
    assert 5 <= match.mean_length <= 9
    assert sum(1 for g in match.games if g.x == "offensive") == 100  # sides alternate
    text = str(match)
    assert "offensive" in text and "confidence interval" in text
    assert "<table>" in match._repr_html_()


def test_fixed_sides() -> None:
    match = play_match(
        make_player("master"), make_player("random"), games=20, alternate=False, seed=1
    )
    assert all(g.x == "master" for g in match.games)


def test_same_names_are_told_apart() -> None:
    match = play_match(make_player("master"), make_player("master"), games=10, seed=1)
    assert (match.first, match.second) == ("master (1)", "master (2)")
    assert match.draws() == 10


def test_wilson_interval() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(0, 100)
    assert low == 0.0 and 0.03 < high < 0.04
    low, high = wilson_interval(100, 100)
    assert high == 1.0 and 0.96 < low < 0.97
    narrow = wilson_interval(500, 1000)
    wide = wilson_interval(50, 100)
    assert narrow[1] - narrow[0] < wide[1] - wide[0]


def test_round_robin_scores_are_complementary() -> None:
    players = [make_player(level) for level in ("random", "offensive", "master")]
    table = round_robin(players, games=40, seed=2)
    for a in table.names:
        for b in table.names:
            if a != b:
                assert table.score(a, b) + table.score(b, a) == pytest.approx(1.0)
    assert table.score("master", "random") > 0.8
    assert "master" in str(table)


def test_round_robin_needs_distinct_names() -> None:
    with pytest.raises(ValueError, match="its own name"):
        round_robin([make_player("random"), make_player("random")])


def test_bad_number_of_games() -> None:
    with pytest.raises(ValueError, match="1 or more"):
        play_match(make_player("random"), make_player("random"), games=0)


def test_unknown_player_in_a_question_about_a_match() -> None:
    match = play_match(make_player("random"), make_player("master"), games=2, seed=1)
    questions = [
        lambda: match.wins("novice"),
        lambda: match.losses("novice", "X"),
        lambda: match.win_rate("novice"),
        lambda: match.wins_by_length("novice"),
    ]
    for question in questions:
        with pytest.raises(ValueError, match="did not play in this match: ask about 'random' or"):
            question()


@pytest.mark.parametrize("side", ["x", "o", "both", "", 1])
def test_unknown_side_in_a_question_about_a_match(side: object) -> None:
    match = play_match(make_player("master"), make_player("random"), games=4, seed=1)
    assert match.wins("master", side="X") + match.wins("master", side="O") > 0
    for question in (match.wins, match.draws, match.losses):
        with pytest.raises(ValueError, match="side is 'X' or 'O'.*or None for both"):
            question("master", side=side)  # type: ignore[operator]


def test_round_robin_questions_name_the_players() -> None:
    table = round_robin([make_player("master"), make_player("random")], games=2, seed=1)
    for a, b in (("master", "novice"), ("novice", "novice")):
        with pytest.raises(ValueError, match="'novice' did not play.*'master', 'random'"):
            table.score(a, b)


@pytest.mark.parametrize(
    ("call", "error", "reason"),
    [
        (lambda p, q: play_match(p, q, games=True), ValueError, "games must be a whole number"),
        (lambda p, q: play_match(p, q, games=2.0), ValueError, "games must be a whole number"),
        (lambda p, q: play_match(p, q, alternate="no"), TypeError, "alternate must be True or"),
        (lambda p, q: play_match(p, q, progress=1), TypeError, "progress must be True or False"),
        (lambda p, q: play_match(p, q, start="X.."), TypeError, r"start needs a State"),
        (lambda p, q: play_match("master", q), TypeError, "first must be a player"),
        (lambda p, q: play_match(p, None), TypeError, "second must be a player"),
        (lambda p, q: play_game(p, "random"), TypeError, "o_player must be a player"),
        (lambda p, q: play_game(p, q, start=[]), TypeError, "start needs a State"),
        (lambda p, q: round_robin([p]), ValueError, "two or more players"),
        (lambda p, q: round_robin(p), ValueError, "a list of two or more players"),
        (lambda p, q: round_robin([p, "novice"]), TypeError, r"players\[1\] must be a player"),
        (lambda p, q: round_robin([p, q], games=0), ValueError, "1 or more"),
    ],
    ids=[
        "games True",
        "games float",
        "alternate",
        "progress",
        "match start",
        "first",
        "second",
        "game player",
        "game start",
        "one player",
        "not a list",
        "not a player",
        "no games",
    ],
)
def test_wrong_arguments_are_refused_before_any_game(call: Any, error: type, reason: str) -> None:
    played = []

    def counting(state: State, rng: random.Random) -> int:
        played.append(state)
        return state.legal_moves()[0]

    first, second = Player("first", counting), Player("second", counting)
    with pytest.raises(error, match=reason):
        call(first, second)
    assert played == []


def test_numpy_whole_numbers_count_games() -> None:
    match = play_match(make_player("master"), make_player("random"), games=np.int64(3), seed=1)
    assert len(match.games) == 3
    low, high = wilson_interval(np.int64(5), np.int64(10), np.float32(0.9))
    assert type(low) is float and type(high) is float and low < 0.5 < high


@pytest.mark.parametrize(
    ("arguments", "reason"),
    [
        ((5, 3), "give 0 to 3 successes, not 5"),
        ((-1, 3), "give 0 to 3 successes, not -1"),
        ((1.5, 3), "not 1.5"),
        ((1, -3), "trials must be a whole number, 0 or more"),
        ((1, 3, "0.95"), "confidence is a probability"),
        ((1, 3, True), "confidence is a probability"),
        ((1, 3, 95), "confidence is a probability"),
    ],
)
def test_wilson_interval_refuses_impossible_counts(arguments: tuple[Any, ...], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        wilson_interval(*arguments)


def test_charts_draw() -> None:
    match = play_match(make_player("novice"), make_player("random"), games=100, seed=3)
    chart = wins_by_length_chart(match)
    assert ">games won</text>" in chart.svg and 'class="bar"' in chart.svg
    assert "y axis: games won" in chart.text
    table = round_robin([make_player("random"), make_player("master")], games=10, seed=1)
    chart = round_robin_chart(table)
    assert "columns (against): random, master" in chart.text
    assert ">random</text>" in chart.svg and ">master</text>" in chart.svg
