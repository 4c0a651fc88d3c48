"""Names that mean one thing, old keywords that keep working, and text forms a notebook can show.

One convention per idea: `Mark` is a player's mark and `Player` an AI player; `depth` is a
search's depth limit and `ply` the distance from the search's start; `memo=` remembers
positions in every search; `seed=` says where randomness comes from; a finished game given to
something that needs a move raises `IllegalMove`; a picture's cell size is `cell_size`.
"""

from __future__ import annotations

import random
import re
import warnings
from fractions import Fraction

import pytest

import tictac
from tictac import IllegalMove, State, alphabeta, minimax
from tictac.game.scoring import two_in_a_row
from tictac.helpers.seeds import random_source
from tictac.pictures.boards import (
    board_svg,
    draw_board,
    draw_move_values,
    format_value,
    show_boards,
)
from tictac.pictures.tree import draw_tree
from tictac.play.levels import make_player
from tictac.play.session import GameSession
from tictac.players.tournament import play_match, wilson_interval
from tictac.search import solver
from tictac.search.engine import SearchResult
from tictac.search.mcts import uct_search

ADDRESS = re.compile(r"0x[0-9a-f]{6,}")

# -- one name, one meaning ----------------------------------------------------------------------


def test_mark_and_player_are_different_names() -> None:
    assert tictac.Mark.__args__ == ("X", "O")  # type: ignore[attr-defined]
    assert tictac.Player is tictac.players.rules.Player
    assert not hasattr(tictac.game.state, "Player")


def test_the_current_ply_is_called_ply() -> None:
    result = minimax(State.parse("XO./.X./..."), trace=True)
    assert result.trace is not None
    for node in result.trace.walk():
        assert node.ply == node.state.moves_made - 3
        with pytest.warns(DeprecationWarning, match="TraceNode.depth is an old name.*ply"):
            assert node.depth == node.ply  # the old name still answers, with a warning
    with pytest.warns(DeprecationWarning, match="SearchStats.max_depth is an old name"):
        assert result.stats.max_ply == result.stats.max_depth == 6


def test_memo_is_one_option_for_every_search_and_table_still_works() -> None:
    start = State.parse("X../.O./...")
    by_memo = alphabeta(start, memo="symmetric")
    with pytest.warns(DeprecationWarning, match=r"alphabeta\(table=...\) is an old name"):
        by_table = alphabeta(start, table="symmetric")
    without = alphabeta(start)
    assert by_memo.stats == by_table.stats
    assert by_memo.stats.cache_hits > 0 and without.stats.cache_hits == 0
    assert minimax(start, memo="symmetric").value == by_memo.value
    with (
        pytest.warns(DeprecationWarning),
        pytest.raises(ValueError, match="two names for the same option"),
    ):
        alphabeta(start, memo=True, table=True)
    with (
        pytest.warns(DeprecationWarning),
        pytest.raises(ValueError, match="table='nope' is not an option"),
    ):
        alphabeta(start, table="nope")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="memo='nope' is not an option"):
        alphabeta(start, memo="nope")  # type: ignore[arg-type]


def test_seed_is_a_number_a_random_or_none_everywhere() -> None:
    position = State.parse("X../.O./..X")  # O has four equally good moves: 1, 3, 5, 7
    by_number = {solver.best_move(position, seed=s) for s in range(40)}
    assert by_number == {1, 3, 5, 7}
    assert solver.best_move(position, seed=5) == solver.best_move(position, seed=5)
    with pytest.warns(DeprecationWarning, match=r"best_move\(rng=...\) is an old name"):
        assert solver.best_move(position, seed=random.Random(5)) == solver.best_move(
            position, rng=random.Random(5)
        )
    with pytest.warns(DeprecationWarning, match=r"uct_search\(rng=...\) is an old name"):
        assert uct_search(position, playouts=50, seed=3) == uct_search(
            position, playouts=50, rng=random.Random(3)
        )
    searched = {minimax(position, tie_break="random", seed=s).move for s in range(40)}
    assert searched == {1, 3, 5, 7}
    for call in (
        lambda: solver.best_move(position, seed=1, rng=random.Random(1)),
        lambda: uct_search(position, seed=1, rng=random.Random(1)),
    ):
        with (
            pytest.raises(ValueError, match="two names for the same option"),
            warnings.catch_warnings(),
        ):
            warnings.simplefilter("ignore", DeprecationWarning)  # (rng=, the old name, warns)
            call()
    with pytest.raises(TypeError, match="seed must be None, a whole number"):
        random_source(1.5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "ask",
    [
        lambda s: solver.best_move(s),
        lambda s: uct_search(s, playouts=10, seed=0),
        lambda s: make_player("master").choose(s),
        lambda s: s.play(8),
    ],
    ids=["best_move", "uct_search", "player", "play"],
)
@pytest.mark.parametrize("text", ["XXX/OO./...", "XOX/XOO/OXX"], ids=["won", "drawn"])
def test_a_finished_game_refuses_a_move_with_illegal_move(ask: object, text: str) -> None:
    with pytest.raises(IllegalMove):
        ask(State.parse(text))  # type: ignore[operator]


def test_pictures_take_cell_size_and_the_old_names() -> None:
    state = State.parse("XO./.X./...")
    assert 'width="96"' in board_svg(state, cell_size=30)  # 3 cells of 30 and 3 on each side
    assert show_boards([state], cell_size=20).cell_size == 20
    for bad in (0, -3, 2.5, True):
        with pytest.raises(ValueError, match="cell_size must be a whole number of pixels, 4 or"):
            board_svg(state, cell_size=bad)  # type: ignore[arg-type]
    with pytest.warns(DeprecationWarning), pytest.raises(ValueError, match="^size must be a whole"):
        draw_board(state, size=1)


# -- what a notebook shows -------------------------------------------------------------------


def test_a_search_result_reads_in_one_line_however_big(full_game_tree: SearchResult) -> None:
    small = minimax(State.parse("XX./OO./..."), trace=True)
    big = full_game_tree
    assert big.trace is not None
    for result in (small, big):
        text = repr(result)
        assert "\n" not in text and len(text) < 200, text
        assert f"nodes={result.stats.nodes}" in text
        assert result.trace is not None
        assert f"trace of {result.stats.nodes} nodes" in text
        node = repr(result.trace)
        assert "\n" not in node and len(node) < 200, node
    assert big.stats.nodes == 549_946


def test_long_move_lists_are_shortened_in_the_text_form() -> None:
    result = alphabeta(State.new(10, 10, 5), depth=1, heuristic=two_in_a_row)
    assert len(result.best_moves) == 100
    text = repr(result)
    assert "… 88 more, 99)" in text and len(text) < 200


def test_a_tree_picture_has_a_text_form_without_an_address() -> None:
    graph = draw_tree(State.parse("XX./OO./..."), max_depth=1)
    text = repr(graph)
    assert not ADDRESS.search(text)
    assert text.startswith("<game tree: 6 boards drawn; minimax")


def test_player_names_are_escaped_in_html() -> None:
    sneaky = make_player("random", seed=1)
    sneaky.name = "<b>bold</b> & co"
    match = play_match(sneaky, make_player("master"), games=2, seed=1)
    page = match._repr_html_()
    assert "<b>bold</b>" not in page
    assert "&lt;b&gt;bold&lt;/b&gt; &amp; co" in page


def test_wilson_interval_matches_the_normal_quantile() -> None:
    low, high = wilson_interval(50, 100, confidence=0.95)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    low, high = wilson_interval(0, 20, confidence=0.99)
    z = 2.5758293035489  # the normal quantile at 0.995, from a table
    assert low == 0 and high == pytest.approx(z * z / (20 + z * z))  # Wilson's bound at 0 of n
    for bad in (0, 1, 1.5, -0.1):
        with pytest.raises(ValueError, match="confidence is a probability"):
            wilson_interval(5, 10, confidence=bad)


def test_players_take_any_seed_and_matches_a_whole_number() -> None:
    shared = random.Random(4)
    first = make_player("random", seed=shared)
    assert first.rng is shared  # a Random is drawn from, not copied
    assert make_player("random", seed=4).choose(State.new()) == make_player(
        "random", seed=random.Random(4)
    ).choose(State.new())
    with pytest.raises(TypeError, match="seed must be None, a whole number"):
        make_player("random", seed="abc")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="play_match takes a seed that is None or a whole number"):
        play_match(first, make_player("master"), games=2, seed=random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="the game session takes a seed"):
        GameSession(seed=1.5)  # type: ignore[arg-type]


def test_a_falsy_memo_that_is_not_an_option_is_refused() -> None:
    for search in (minimax, alphabeta):
        with pytest.raises(ValueError, match="memo='' is not an option"):
            search(State.new(), memo="")  # type: ignore[arg-type]


def test_values_are_written_without_stray_points() -> None:
    assert [format_value(v) for v in (0.001, -0.004, 1.999, 0.5, -0.25, 3.0)] == [
        "0",
        "0",
        "2",
        "0.5",
        "-0.25",
        "3",
    ]


def test_a_cell_size_given_twice_is_refused() -> None:
    with (
        pytest.warns(DeprecationWarning),
        pytest.raises(ValueError, match="cell_size= and cell= are two names"),
    ):
        board_svg(State.new(), cell_size=60, cell=30)
    with (
        pytest.warns(DeprecationWarning),
        pytest.raises(ValueError, match="cell_size= and size= are two names"),
    ):
        draw_board(State.new(), cell_size=60, size=30)


def test_reprs_of_finished_games_copies_and_exact_values() -> None:
    over = minimax(State.parse("XXX/OO./..."), trace=True)
    assert over.trace is not None
    assert "over (X won)" in repr(over.trace)
    graph = draw_tree(State.parse("XX./OO./..."), max_depth=1)
    assert repr(graph.copy()) == repr(graph)

    def sevenths(state: State, ply: int) -> float:
        return Fraction(1, 7) if state.winner == "X" else 0  # type: ignore[return-value]

    exact = minimax(State.parse("XX./OO./..."), score=sevenths)
    assert "value=1/7" in repr(exact)
    thirds = minimax(State.parse("XX./OO./..."), score=lambda s, p: 1 / 3 if s.winner else 0.0)
    assert f"value={1 / 3!r}" in repr(thirds)


def test_the_old_names_of_cell_size_still_work_with_a_warning() -> None:
    board = State.parse("XO./.X./...")
    for draw, old in [(board_svg, "cell"), (show_boards, "cell")]:
        new_way = draw([board] if draw is show_boards else board, cell_size=20)
        with pytest.warns(DeprecationWarning, match=f"{old}= is an old name.*cell_size=") as seen:
            old_way = draw([board] if draw is show_boards else board, **{old: 20})
        assert seen[0].filename == __file__  # the warning points at the code that used it
        assert _svg(old_way) == _svg(new_way)
    for draw in (draw_board, draw_move_values):
        with pytest.warns(DeprecationWarning, match="size= is an old name.*cell_size="):
            assert draw(board, size=20).svg == draw(board, cell_size=20).svg


def _svg(drawn: object) -> str:
    return drawn if isinstance(drawn, str) else drawn._repr_html_()  # type: ignore[attr-defined]
