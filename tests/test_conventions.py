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


# -- one way to name a cell ---------------------------------------------------------------------

# How the package names a cell to a person, everywhere (State.cell_label): "cell 4 (row 1,
# column 1)", everything counted from 0, the cells row by row from the top left (in a docstring
# the name may run over two lines).
NAMED_CELL = re.compile(r"\bcell\s+(\d+)\s+\(row\s+(\d+),\s+column\s+(\d+)\)")
# A row or column given by its number, on one line ("in a row 7,057" is not one).
ROW_OR_COLUMN = re.compile(r"(?<!in a )\b(?:row|column)[ \t]+\d+")


def misnamed_cells(text: str, cols: int | None = None) -> list[str]:
    """Where `text` names a cell by a row or column number other than as "cell N (row r,
    column c)" counted from 0: a row or column number outside that form, or a cell whose number
    is not r * cols + c (with the board's `cols`, or, not knowing it, for no width wider than
    c). Rows and columns counted from 1 fail: the first cell would be "row 1, column 1"."""
    outside = ROW_OR_COLUMN.finditer(NAMED_CELL.sub("", text))
    problems = [f"{m[0]!r} outside 'cell N (row r, column c)'" for m in outside]
    for named in NAMED_CELL.finditer(text):
        n, r, c = map(int, named.groups())
        widths = [cols] if cols is not None else range(c + 1, n + 2)
        if not any(c < width and n == r * width + c for width in widths):
            problems.append(f"{named[0]!r} is not counted from 0 (cell = row x columns + column)")
    return problems


def test_the_check_for_cell_names_knows_a_name_counted_from_1() -> None:
    assert misnamed_cells("cell 4 (row 1, column 1) is taken; a 4x4 board, four in a row 7") == []
    assert misnamed_cells("cell 11 (row 2, column 3)", cols=4) == []
    assert misnamed_cells("cell 5 (row 2, column 2)")  # 1-based rows and columns
    assert misnamed_cells("row 1, column 3, empty")  # the widget's old name
    assert misnamed_cells("(0,0)-(0,1)-(0,2)") == []  # (no row or column number; see below)
    assert misnamed_cells("cell 5 (row 1, column 2)", cols=4)  # on a 4-wide board, 6


def test_every_place_names_a_cell_one_way() -> None:
    """The game widget's buttons (what a screen reader says), the AI's thinking, State's errors,
    the command line's board description: each names a cell as State.cell_label does."""
    from tictac.cli import _describe, analysis
    from tictac.pictures.thinking import explain_decision
    from tictac.pictures.widget import GameWidget
    from tictac.play.session import Decision

    texts: list[tuple[str, int]] = []
    for size, moves in (((3, 3), (0, 4, 1, 5, 2)), ((4, 4), (0, 5, 1, 6, 2))):
        game = GameWidget(mode="human-vs-human", size=size, k=3, hint=True)
        for move in moves:
            texts += [(cell.description, size[1]) for cell in game.cells]
            game.cells[move].click()
        texts += [(cell.description, size[1]) for cell in game.cells]
        assert "winning line" in game.cells[moves[-1]].description
    for state, move in ((State.parse("XX./OO./..."), 2), (State.new(4, 5, 3).play(7), 13)):
        for level in ("offensive", "random"):
            caption = explain_decision(Decision(state, move, level, {}, 0.001)).caption
            texts.append((caption, state.cols))
    for state, taken in ((State.new().play(4), 4), (State.new(4, 5, 3).play(7), 7)):
        with pytest.raises(IllegalMove) as refused:
            state.play(taken)
        texts.append((str(refused.value), state.cols))
    with pytest.raises(ValueError) as caught:
        State.parse("XO.../..q../...../.....")
    texts.append((str(caught.value), 5))
    texts.append(("\n".join(_describe(analysis(State.parse("XXX/OO./...")))), 3))
    assert [name for name, _ in texts if "cell 4 (row 1, column 1)" in name]
    problems = [(text, misnamed_cells(text, cols)) for text, cols in texts]
    assert not [problem for problem in problems if problem[1]], problems


def as_connect_four_moves(text: str) -> str:
    """`text` with each Connect Four move ("column 3", "columns 1") written as "a move": a
    column number outside a cell's name, "(row r, column c)"."""
    return re.sub(r"(?<!, )\bcolumns? \d+\b", "a move", text)


def test_the_lessons_and_the_package_name_cells_one_way() -> None:
    """Every sentence of a lesson (its Markdown and its stored outputs, pictures' text included)
    and every text in the package's source (docstrings, messages) names a cell as
    State.cell_label does, and only State.cell_label writes a row or column number into text."""
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    problems = []
    notebooks = sorted((root / "notebooks").glob("[0-9]*.ipynb"))
    notebooks += sorted((root / "notebooks" / "solutions").glob("[0-9]*.ipynb"))
    for notebook in notebooks:
        # (a lesson that plays Connect Four names its moves as ConnectFour.move_label does)
        connect_four = "ConnectFour" in notebook.read_text()
        for number, cell in enumerate(json.loads(notebook.read_text())["cells"]):
            texts = ["".join(cell["source"])] if cell["cell_type"] == "markdown" else []
            for output in cell.get("outputs", []):
                texts.append("".join(output.get("text", "")))
                texts += ["".join(value) for value in output.get("data", {}).values()]
            for text in texts:
                if connect_four:
                    text = as_connect_four_moves(text)
                problems += [f"{notebook.name} cell {number}: {p}" for p in misnamed_cells(text)]
    writes_a_number = re.compile(r"\b(?:row|column) \{(?!\w+!r\})")  # ("the row {label!r}")
    # (a Connect Four move is a column, named by ConnectFour.move_label as "column 3"; its
    # cells are named as every board's are)
    namers = {("state.py", "cell_label"), ("connect_four.py", "move_label")}
    for source in sorted((root / "tictac").rglob("*.py")):
        text = source.read_text()
        if source.name == "connect_four.py":
            text = as_connect_four_moves(text)
        problems += [f"{source.name}: {p}" for p in misnamed_cells(text)]
        for found in writes_a_number.finditer(text):
            line = text[: found.start()].count("\n") + 1
            if (source.name, _function_at(text, found.start())) not in namers:
                problems.append(f"{source.name}:{line} writes a row or column number itself")
    assert not problems, "\n".join(problems)


def _function_at(text: str, offset: int) -> str:
    """The name of the last function defined before `offset` in the Python source `text`."""
    names = re.findall(r"^\s*def (\w+)", text[:offset], flags=re.M)
    return names[-1] if names else ""
