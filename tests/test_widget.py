"""The game widget, driven through its buttons as a player would (the session behind it has its
own tests, in tests/test_session.py)."""

from __future__ import annotations

import base64
import random
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import ipywidgets as widgets
import pytest

from tictac.game.state import State, winning_lines
from tictac.pictures.boards import COLORS
from tictac.pictures.thinking import EXPLANATIONS, explain_decision
from tictac.pictures.widget import _CSS, CELL_PX, GameWidget
from tictac.play.levels import CATALOGUE
from tictac.play.offered import LEVEL_CHOICES
from tictac.play.session import Decision, GameSession, hint_labels

# ---------------------------------------------------------------------------------------------
# Helpers: what a player sees and does


def mark(cell: Any) -> str:
    """The mark a cell shows (drawn for its class), or "." for none."""
    shown = [m for m in "XO" if f"tictac-{m.lower()}" in cell._dom_classes]
    assert len(shown) <= 1, cell._dom_classes
    return shown[0] if shown else "."


def board(game: GameWidget) -> str:
    """The board as the buttons show it, row by row ("." for an empty cell); each cell's
    name says the same mark as its look."""
    text = "".join(mark(c) for c in game.cells)
    for index, cell in enumerate(game.cells):
        said = cell.description.split(", ")[2]
        assert said == {"X": "X", "O": "O", ".": "empty"}[text[index]], cell.description
    cols = game.state.cols
    return "/".join(text[i : i + cols] for i in range(0, len(text), cols))


def enabled(game: GameWidget) -> list[int]:
    return [i for i, cell in enumerate(game.cells) if not cell.disabled]


def click_randomly_to_the_end(game: GameWidget, rng: random.Random) -> None:
    """Click free cells at random until the game is over, checking each click on the way."""
    while not game.state.is_terminal:
        free = enabled(game)
        assert free == list(game.state.legal_moves())  # exactly the legal moves are clickable
        before = game.state.moves_made
        game.cells[rng.choice(free)].click()
        after = game.state
        # the human's mark, and unless that ended the game, the AI's answer, are on the board
        made = after.moves_made - before
        assert made == 2 or (made == 1 and after.is_terminal)
        assert board(game) == after.text
    assert enabled(game) == []


def classes(widget: Any) -> tuple[str, ...]:
    return tuple(widget._dom_classes)


# ---------------------------------------------------------------------------------------------
# Construction and looks


def test_a_new_widget_shows_an_empty_board_ready_for_x() -> None:
    game = GameWidget()
    assert isinstance(game, widgets.VBox)
    assert "application/vnd.jupyter.widget-view+json" in game._repr_mimebundle_()
    assert len(game.cells) == 9
    assert [c.description for c in game.cells] == [
        f"cell {3 * r + c} (row {r}, column {c}), empty" for r in range(3) for c in range(3)
    ]
    assert enabled(game) == list(range(9))
    assert all(c.tooltip is None for c in game.cells)  # the browser's tooltip: the name
    assert all("tictac-cell" in classes(c) for c in game.cells)
    assert game.status.value == "X to move (you)"
    assert "tictac-status" in classes(game.status)
    assert game.score_label.value == "Score: wins 0 · draws 0 · losses 0"
    assert "tictac-score" in classes(game.score_label)
    assert "tictac-game" in classes(game)
    assert game.undo_button.disabled
    names = {b.description for b in (game.new_game_button, game.undo_button, game.hint_button)}
    assert names == {"New game", "Undo", "Hint"}
    assert game.thinking_button.description == "Show thinking"
    assert game.step_button.layout.display == "none"  # only in AI vs AI


def test_ai_playing_x_opens_at_once() -> None:
    game = GameWidget(human="O", level="master")
    assert game.state.moves_made == 1
    assert game.status.value == "O to move (you)"
    assert board(game) == game.state.text
    (ai_cell,) = [c for c in game.cells if mark(c) == "X"]
    assert "tictac-last" in classes(ai_cell)
    assert ai_cell.description.endswith(", X, last move")


def test_winning_line_is_highlighted_and_the_board_disabled() -> None:
    game = GameWidget(mode="human-vs-human")
    for cell in (0, 3, 4, 5, 8):
        game.cells[cell].click()
    assert game.status.value == "X wins"
    win = [i for i, c in enumerate(game.cells) if "tictac-win" in classes(c)]
    assert win == [0, 4, 8]
    assert all("tictac-win-diagonal" in classes(game.cells[i]) for i in win)
    assert [c.description.endswith(", winning line") for c in game.cells] == [
        i in win for i in range(9)
    ]
    assert game.cells[8].description == "cell 8 (row 2, column 2), X, last move, winning line"
    assert enabled(game) == []
    assert game.score_label.value == "Score: X wins 1 · O wins 0 · draws 0"


# ---------------------------------------------------------------------------------------------
# Whole games against every level


@pytest.mark.parametrize("level", LEVEL_CHOICES)
@pytest.mark.parametrize("human", ["X", "O"])
@pytest.mark.slow
def test_whole_games_against_every_level_on_3x3(level: str, human: str) -> None:
    game = GameWidget(level=level, human=human, seed=7)  # type: ignore[arg-type]
    rng = random.Random(f"{level}-{human}")
    for _ in range(2):
        click_randomly_to_the_end(game, rng)
        assert game.status.value in ("Draw", "X wins — you", "O wins — you") or re.fullmatch(
            r"[XO] wins — the AI", game.status.value
        )
        game.new_game_button.click()
    assert sum(game.session.score) == 2


@pytest.mark.parametrize(
    ("size", "level"),
    [
        ((4, 4, 4), "unbeatable"),
        ((4, 4, 4), "novice"),
        ((4, 4, 4), "heuristic"),
        ((4, 4, 4), "mcts"),
        ((4, 4, 3), "master"),
        ((4, 4, 3), "medium"),
        ((4, 4, 3), "defensive"),
    ],
)
def test_whole_games_on_4x4(size: tuple[int, int, int], level: str) -> None:
    rows, cols, k = size
    for human in ("X", "O"):
        game = GameWidget(level=level, human=human, size=(rows, cols), k=k, seed=3)  # type: ignore[arg-type]
        assert len(game.cells) == 16
        click_randomly_to_the_end(game, random.Random(human))
        if level in ("unbeatable", "master"):  # perfect play never loses
            assert game.state.winner != human


def test_unbeatable_never_loses_to_random_clicks() -> None:
    for seed in range(12):
        human = "X" if seed % 2 else "O"
        game = GameWidget(level="unbeatable", human=human, seed=seed)  # type: ignore[arg-type]
        click_randomly_to_the_end(game, random.Random(seed))
        assert game.state.winner != human
        assert game.session.score.wins == 0


def test_the_same_seed_and_clicks_give_the_same_games() -> None:
    def play(seed: int) -> list[str]:
        game = GameWidget(level="novice", seed=seed)
        boards = []
        for _ in range(3):
            click_randomly_to_the_end(game, random.Random(1))
            boards.append(game.state.text)
            game.new_game_button.click()
        return boards

    assert play(5) == play(5)
    # ...and the seed is not ignored: other seeds, other games (the human's clicks are the
    # same, so only the novice's choices can differ; these seeds are known to differ)
    assert play(5) != play(6)


# ---------------------------------------------------------------------------------------------
# Clicks that must do nothing


def test_clicking_an_occupied_cell_does_nothing() -> None:
    game = GameWidget(level="master", seed=0)
    game.cells[4].click()
    taken = [i for i, c in enumerate(game.cells) if mark(c) != "."]
    assert game.cells[taken[0]].disabled
    before = (game.state, game.session.version)
    for i in taken:
        game.cells[i].click()  # click() fires even on a disabled button: the widget refuses
    assert (game.state, game.session.version) == before


def test_clicks_after_the_game_ended_do_nothing() -> None:
    game = GameWidget(mode="human-vs-human")
    for cell in (0, 3, 1, 4, 2):
        game.cells[cell].click()
    over = game.state
    for cell in game.cells:
        assert cell.disabled
        cell.click()
    assert game.state == over
    assert game.session.score.wins == 1


def test_a_click_on_an_earlier_positions_button_is_ignored() -> None:
    """A click that arrives late, aimed at the board as it was, never lands on the new one."""
    game = GameWidget(mode="human-vs-human")
    earlier = game.cells
    game.cells[4].click()
    assert game.cells is not earlier
    earlier[0].click()  # cell 0 is still free, and O is to move: but this is a stale click
    assert game.state.moves_made == 1
    game.cells[0].click()
    assert game.state.moves_made == 2


def test_the_board_is_disabled_while_the_ai_moves_and_clicks_then_are_ignored() -> None:
    game = GameWidget(level="master", seed=0)
    seen: list[list[bool]] = []
    ai = game.session._players["O"]
    choose: Callable[[State, random.Random], int] = ai.rule  # a board's rule

    def watching(state: State, rng: random.Random) -> int:
        seen.append([cell.disabled for cell in game.cells])
        for cell in game.cells:  # a player clicking wildly while the AI thinks
            cell.click()
        game.undo_button.click()
        game.new_game_button.click()
        return choose(state, rng)

    ai.rule = watching
    game.cells[4].click()
    assert seen == [[True] * 9]
    assert game.state.moves_made == 2  # the human's move and the AI's, nothing else
    assert mark(game.cells[4]) == "X"
    assert enabled(game) == list(game.state.legal_moves())


def test_bad_settings_are_refused_by_the_widget_too() -> None:
    """The session checks the settings (tests/test_session.py); the widget passes its reason on."""
    with pytest.raises(ValueError, match="unknown level 'grandmaster'"):
        GameWidget(level="grandmaster")
    with pytest.raises(ValueError, match="brute-force.*not offered on 4x4"):
        GameWidget(level="brute-force", size=(4, 4))


# ---------------------------------------------------------------------------------------------
# Undo and the score


def test_undo_takes_back_the_humans_move_and_the_ai_reply() -> None:
    game = GameWidget(level="master", seed=0)
    game.cells[4].click()
    after_first = board(game)
    game.cells[8 if game.state.cells[8] == "." else 6].click()
    assert game.state.moves_made == 4
    game.undo_button.click()
    assert board(game) == after_first
    assert game.state.moves_made == 2
    assert game.status.value == "X to move (you)"
    game.undo_button.click()
    assert board(game) == ".../.../..."
    assert game.undo_button.disabled


def test_undo_when_the_ai_opened() -> None:
    game = GameWidget(level="master", human="O")
    assert game.undo_button.disabled  # the AI's opening alone is not the human's to take back
    game.undo_button.click()
    assert game.state.moves_made == 1
    game.cells[4 if game.state.cells[4] == "." else 0].click()
    game.undo_button.click()
    assert game.state.moves_made == 1


def test_undo_in_the_other_modes_takes_back_one_move() -> None:
    game = GameWidget(mode="human-vs-human")
    game.cells[0].click()
    game.cells[1].click()
    game.undo_button.click()
    assert board(game) == "X../.../..."
    assert game.status.value == "O to move"
    robots = GameWidget(mode="ai-vs-ai", seed=1)
    robots.play_to_end_button.click()
    played = robots.state.moves_made
    robots.undo_button.click()
    assert robots.state.moves_made == played - 1


def test_the_score_counts_each_finished_game_once() -> None:
    game = GameWidget(level="master", seed=2)
    rng = random.Random(4)
    seen: dict[str, int] = {"win": 0, "draw": 0, "loss": 0}
    while seen["loss"] == 0 or seen["draw"] == 0:
        click_randomly_to_the_end(game, rng)
        kind = "draw" if game.state.winner is None else "loss"
        seen[kind] += 1
        expected = f"Score: wins 0 · draws {seen['draw']} · losses {seen['loss']}"
        assert game.score_label.value == expected
        # undoing a finished game takes its result back out; finishing it again counts once
        game.undo_button.click()
        seen[kind] -= 1
        assert game.score_label.value == (
            f"Score: wins 0 · draws {seen['draw']} · losses {seen['loss']}"
        )
        click_randomly_to_the_end(game, rng)
        kind = "draw" if game.state.winner is None else "loss"
        seen[kind] += 1
        game.new_game_button.click()
        assert tuple(game.session.score) == (0, seen["draw"], seen["loss"])
    # an unfinished game abandoned by New game does not count
    game.cells[0].click()
    game.new_game_button.click()
    assert tuple(game.session.score) == (0, seen["draw"], seen["loss"])


def test_the_score_is_kept_per_mode_and_from_the_humans_side() -> None:
    game = GameWidget(mode="human-vs-human")
    for cell in (0, 3, 1, 4, 8, 5):  # O wins
        game.cells[cell].click()
    assert game.score_label.value == "Score: X wins 0 · O wins 1 · draws 0"
    game.mode_dropdown.value = "human-vs-ai"  # the finished game stays counted, in its mode
    assert game.score_label.value == "Score: wins 0 · draws 0 · losses 0"
    game.human_dropdown.value = "O"
    click_randomly_to_the_end(game, random.Random(0))
    lost = game.state.winner == "X"
    assert tuple(game.session.score) == (0, int(not lost), int(lost))
    game.mode_dropdown.value = "human-vs-human"
    assert game.score_label.value == "Score: X wins 0 · O wins 1 · draws 0"
    modes = [(g.mode, g.human) for g in game.session.finished_games]
    assert modes == [("human-vs-human", None), ("human-vs-ai", "O")]


# ---------------------------------------------------------------------------------------------
# Hints and thinking


def test_hint_shows_on_the_empty_cells_and_goes_away() -> None:
    game = GameWidget(mode="human-vs-human")
    for cell in (0, 3, 1, 4):
        game.cells[cell].click()
    cells = game.cells
    game.hint_button.click()
    assert "tictac-on" in classes(game.hint_button)
    assert game.cells is cells  # the same position: the same buttons
    labels = hint_labels(game.state)
    assert labels[2] == "win 1" and labels[5] == "draw"
    for i, cell in enumerate(game.cells):
        if i in labels:
            assert cell.description.endswith(f", empty, hint: {labels[i]}")
            assert "tictac-hint" in classes(cell)
            word, *moves = labels[i].split()
            assert f"tictac-hint-{word}" in classes(cell)
            assert [c for c in classes(cell) if c.startswith("tictac-in-")] == [
                f"tictac-in-{n}" for n in moves
            ]
            assert not cell.disabled
        else:
            assert "hint" not in cell.description and "tictac-hint" not in classes(cell)
    game.cells[5].click()  # the hint follows the game: now O is to move
    assert (
        game.cells[2].description
        == f"cell 2 (row 0, column 2), empty, hint: {hint_labels(game.state)[2]}"
    )
    game.hint_button.click()
    free = [c for c in game.cells if mark(c) == "."]
    assert [c.description.split(", ")[2:] for c in free] == [["empty"]] * 4
    assert not any("tictac-hint" in classes(c) for c in free)


def svgs(game: GameWidget) -> list[str]:
    """The trees Show thinking draws: each a picture (an SVG in an ``<img>``), with a text
    alternative."""
    found = []
    for output in game.thinking.outputs:
        page = output["data"].get("text/html", "")
        for data, alt in re.findall(
            r'<img src="data:image/svg\+xml;base64,([^"]+)" alt="([^"]+)"', page
        ):
            assert alt.startswith("The game tree the AI searched"), alt
            found.append(base64.b64decode(data).decode("utf-8"))
    return found


def test_show_thinking_is_a_box_the_keyboard_reaches_and_a_screen_reader_names() -> None:
    game = GameWidget(level="medium", human="O", show_thinking=True, seed=0)
    ((output),) = game.thinking.outputs
    page = output["data"]["text/html"]
    assert page.startswith('<div class="tictac-thinking-box" tabindex="0" role="group" ')
    assert 'aria-label="How the AI chose its move"' in page and "overflow: auto" in page
    assert 'alt="The game tree the AI searched: minimax' in page
    assert output["data"]["text/plain"].startswith("X (medium) played cell ")
    assert "image/svg+xml" not in output["data"]  # (JupyterLab draws that with no alt text)


@pytest.mark.parametrize("level", ["unbeatable", "medium", "heuristic", "novice", "mcts"])
def test_show_thinking_draws_the_ai_decision(level: str) -> None:
    game = GameWidget(level=level, seed=1)
    game.thinking_button.click()
    assert "tictac-thinking" in classes(game.thinking)
    assert "No AI move" in game.thinking.outputs[0]["data"]["text/plain"]
    game.cells[0].click()
    (svg,) = svgs(game)
    assert "<svg" in svg and svg.rstrip().endswith("</svg>")
    caption = game.thinking.outputs[0]["data"]["text/plain"]
    assert f"O ({level}) played cell {game.session.last_decision.move}" in caption  # type: ignore[union-attr]
    game.thinking_button.click()
    assert game.thinking.outputs == ()


def test_show_thinking_keeps_to_the_node_budget() -> None:
    session = GameSession(level="unbeatable", human="O")
    thinking = explain_decision(session.last_decision)  # type: ignore[arg-type]
    source = thinking.graph.source
    drawn = re.findall(r"^\s*n\d+ \[label=<<table border=\"2\"", source, flags=re.M)
    assert 0 < len(drawn) <= 60


def test_show_thinking_for_levels_without_a_tree() -> None:
    game = GameWidget(level="blind", human="O", show_thinking=True, seed=0)
    assert svgs(game) == []
    assert "no tree" in game.thinking.outputs[0]["data"]["text/plain"]
    brute = GameWidget(level="brute-force", human="O", show_thinking=True)
    assert len(svgs(brute)) == 1
    on_4x4 = GameWidget(level="master", size=(4, 4), human="O", show_thinking=True)
    assert len(svgs(on_4x4)) == 1


def test_every_level_has_an_explanation() -> None:
    assert list(EXPLANATIONS) == list(CATALOGUE)


@pytest.mark.parametrize("level", list(CATALOGUE))
def test_show_thinking_explains_every_level(level: str) -> None:
    session = GameSession(level=level, human="O", seed=0, level_options={"mcts": {"playouts": 50}})
    decision = session.last_decision
    assert decision is not None
    thinking = explain_decision(decision)
    where = decision.state.cell_label(decision.move)
    assert thinking.caption.startswith(f"<b>X ({level})</b> played {where}, deciding in ")
    assert (thinking.svg is None) == (level == "random")


def test_show_thinking_names_the_line_completed_or_blocked() -> None:
    state = State.parse("XX./OO./...")  # X to move: X completes the top row at 2, O threatens 5
    offensive = explain_decision(Decision(state, 2, "offensive", {}, 0.001))
    assert "It completes its own line at cell 2 (outlined)." in offensive.caption
    defensive = explain_decision(Decision(state, 5, "defensive", {}, 0.001))
    assert "It blocks the opponent's line at cell 5 (outlined)." in defensive.caption
    assert offensive.svg is not None and defensive.svg is not None


# ---------------------------------------------------------------------------------------------
# AI vs AI, and the controls


def test_ai_vs_ai_step_and_play_to_end() -> None:
    game = GameWidget(mode="ai-vs-ai", level="master", x_level="mcts", seed=4)
    assert game.step_button.layout.display is None
    assert game.state.moves_made == 0 and enabled(game) == []
    assert game.status.value == "X to move (mcts)"
    game.step_button.click()
    assert game.state.moves_made == 1 and enabled(game) == []
    game.step_button.click()
    assert game.state.moves_made == 2
    game.play_to_end_button.click()
    assert game.state.is_terminal
    assert game.step_button.disabled and game.play_to_end_button.disabled
    assert game.status.value in ("Draw", "X wins — mcts", "O wins — master")
    assert game.state.winner != "X"  # mcts cannot beat the master
    assert re.fullmatch(r"Score: X wins 0 · O wins [01] · draws [01]", game.score_label.value)
    game.step_button.click()  # nothing to do
    assert game.state.is_terminal


def test_changing_the_controls_starts_a_new_game() -> None:
    game = GameWidget(level="brute-force", seed=0)
    game.cells[4].click()
    game.level_dropdown.value = "medium"
    assert game.state.moves_made == 0 and game.session.settings.level == "medium"
    game.cells[4].click()
    game.size_dropdown.value = (4, 4, 4)
    assert len(game.cells) == 16 and game.state.moves_made == 0
    assert game.board.layout.grid_template_columns == "repeat(4, 60px)"
    assert "brute-force" not in game.level_dropdown.options
    assert "brute-force is not offered on 4x4" in game.level_dropdown.tooltip
    assert "not offered" not in game.note.value  # the note is about the levels in play
    game.level_dropdown.value = "mcts"
    game.human_dropdown.value = "O"
    assert game.state.moves_made == 1 and game.session.settings.human == "O"
    game.size_dropdown.value = (3, 3, 3)
    game.level_dropdown.value = "brute-force"
    game.size_dropdown.value = (4, 4, 3)  # brute-force is not offered there: the default
    assert game.session.settings.level == "unbeatable"
    assert game.level_dropdown.value == "unbeatable"
    game.mode_dropdown.value = "ai-vs-ai"
    assert game.x_level_dropdown.layout.display is None
    assert game.human_dropdown.layout.display == "none"
    game.x_level_dropdown.value = "novice"
    assert game.session.level_of("X") == "novice"


def test_a_preconfigured_widget_in_one_line() -> None:
    game = GameWidget(mode="human-vs-human", hint=True)
    assert game.level_dropdown.layout.display == "none"
    assert game.thinking_button.layout.display == "none"
    assert {c.description.split(", hint: ")[1] for c in game.cells} == {"draw"}
    lesson = GameWidget(level="mcts", level_options={"mcts": {"playouts": 50}}, seed=0)
    assert lesson.session.options_of("O") == {"playouts": 50}
    assert "50 random games" in lesson.note.value


def test_the_names_that_moved_out_can_still_be_imported_from_the_widget() -> None:
    import tictac.pictures.widget

    missing = [
        name for name in tictac.pictures.widget.__all__ if not hasattr(tictac.pictures.widget, name)
    ]
    assert missing == []
    assert tictac.pictures.widget.GameSession is GameSession
    assert tictac.pictures.widget.explain_decision is explain_decision


# ---------------------------------------------------------------------------------------------
# Changes that arrive while the AI is choosing (issue 13)


@pytest.fixture
def no_hidden_errors(caplog: pytest.LogCaptureFixture) -> Any:
    """ipywidgets catches an error in a click handler and only logs it (a notebook shows the
    traceback): fail the test on one."""
    yield
    logged = caplog.get_records("call")
    errors = [r.getMessage() for r in logged if "Exception in callback" in r.getMessage()]
    assert errors == []


def stall_the_ai(game: GameWidget, mark: str, meanwhile: Any) -> list[dict[str, Any]]:
    """Make the AI playing `mark` call `meanwhile()` in the middle of choosing its next move,
    as a change from the browser would arrive then; what the widget showed at that moment is
    returned, once the move is made."""
    player = game.session._players[mark]  # type: ignore[index]
    choose: Callable[[State, random.Random], int] = player.rule  # a board's rule
    seen: list[dict[str, Any]] = []

    def slow_rule(state: State, rng: random.Random) -> int:
        seen.append(
            {
                "status": game.status.value,
                "disabled": [cell.disabled for cell in game.cells],
                "settings": game.session.settings,
                "position": game.state,
            }
        )
        meanwhile()
        return choose(state, rng)

    player.rule = slow_rule
    return seen


@pytest.mark.parametrize(
    ("control", "value", "setting"),
    [
        ("size_dropdown", (4, 4, 4), "size"),
        ("level_dropdown", "medium", "level"),
        ("mode_dropdown", "human-vs-human", "mode"),
        ("human_dropdown", "O", "human"),
    ],
)
@pytest.mark.usefixtures("no_hidden_errors")
def test_a_control_changed_while_the_ai_chooses_waits_for_its_move(
    control: str, value: Any, setting: str
) -> None:
    game = GameWidget(level="master", seed=0)
    before = game.session.settings
    seen = stall_the_ai(game, "O", lambda: setattr(getattr(game, control), "value", value))
    game.cells[4].click()

    (moment,) = seen  # the AI chose once: the game that asked for its move
    assert moment["status"] == "The AI is thinking…"
    assert moment["disabled"] == [True] * 9
    assert moment["settings"] == before and moment["position"] == State.parse(".../.X./...")
    # Once the move was made, the change took effect: a new game, untouched by that move.
    settings = game.session.settings
    assert getattr(settings, setting) == value and getattr(game, control).value == value
    history = game.session.history
    assert history[0] == State.new(*settings.size)
    if settings.human == "O":  # the (new) AI opens
        assert len(history) == 2 and game.session.moves[0] in history[0].legal_moves()
    else:
        assert history == (history[0],)
    assert game.status.value == game.session.status_text()
    assert board(game) == game.state.text
    assert enabled(game) == [m for m in game.state.legal_moves() if game.session.can_play(m)]


@pytest.mark.usefixtures("no_hidden_errors")
def test_a_size_change_during_the_ai_opening_of_a_new_game_waits_too() -> None:
    game = GameWidget(level="master", human="O", seed=0)
    seen = stall_the_ai(game, "X", lambda: setattr(game.size_dropdown, "value", (4, 4, 3)))
    game.new_game_button.click()
    assert [moment["status"] for moment in seen] == ["The AI is thinking…"]
    assert seen[0]["position"] == State.new()
    assert game.session.settings.size == (4, 4, 3)
    (opening,) = game.session.moves  # the 4x4 game's own opening, by its own player
    assert game.state == State.new(4, 4, 3).play(opening)
    assert game.status.value == "O to move (you)"


@pytest.mark.usefixtures("no_hidden_errors")
def test_ai_vs_ai_step_shows_who_is_thinking_and_a_mode_change_waits() -> None:
    game = GameWidget(mode="ai-vs-ai", x_level="mcts", level="master", seed=4)
    seen = stall_the_ai(game, "X", lambda: setattr(game.mode_dropdown, "value", "human-vs-human"))
    game.step_button.click()
    assert [moment["status"] for moment in seen] == ["X (mcts) is thinking…"]
    assert game.session.settings.mode == "human-vs-human"
    assert game.state == State.new() and game.session.moves == ()
    assert game.status.value == "X to move"
    assert enabled(game) == list(range(9))


@pytest.mark.usefixtures("no_hidden_errors")
def test_the_thinking_status_is_only_shown_while_the_ai_thinks() -> None:
    game = GameWidget(level="novice", seed=1)
    seen = stall_the_ai(game, "O", lambda: None)
    game.cells[0].click()
    assert [moment["status"] for moment in seen] == ["The AI is thinking…"]
    assert game.status.value == "X to move (you)"
    robots = GameWidget(mode="ai-vs-ai", x_level="novice", level="medium", seed=2)
    seen = stall_the_ai(robots, "O", lambda: None)
    robots.play_to_end_button.click()
    assert seen and {moment["status"] for moment in seen} == {"The AIs play to the end…"}
    assert robots.state.is_terminal and robots.status.value == robots.session.status_text()
    two = GameWidget(mode="human-vs-human")
    statuses: list[str] = []
    two.status.observe(lambda change: statuses.append(change["new"]), names="value")
    two.cells[4].click()
    two.new_game_button.click()
    assert "The AI is thinking…" not in statuses


# ---------------------------------------------------------------------------------------------
# The drawn board: names, winning lines, notes (the browser test checks what the CSS draws)


@pytest.mark.parametrize("size", [(3, 3, 3), (4, 4, 4), (4, 4, 3)], ids=["3x3", "4x4", "4x4k3"])
@pytest.mark.slow
def test_every_winning_line_is_marked_with_the_way_it_runs(size: tuple[int, int, int]) -> None:
    """X completes each winning line of the board in turn (O playing elsewhere without
    winning); the line's cells, and only they, are struck, in the line's direction."""
    rows, cols, k = size
    directions = {(0, 1): "row", (1, 0): "column", (1, 1): "diagonal", (1, -1): "antidiagonal"}
    for line in winning_lines(rows, cols, k):
        (r0, c0), (r1, c1) = divmod(line[0], cols), divmod(line[1], cols)
        direction = directions[(r1 - r0, c1 - c0)]
        game = GameWidget(mode="human-vs-human", size=(rows, cols), k=k)
        state = game.state
        for x_move in line:
            game.cells[x_move].click()
            state = state.play(x_move)
            if state.is_terminal:
                break
            o_move = next(
                m for m in state.legal_moves() if m not in line and not state.play(m).is_terminal
            )
            game.cells[o_move].click()
            state = state.play(o_move)
        assert game.state.winner == "X" and game.state.winning_line == line, (line, board(game))
        struck = [i for i, c in enumerate(game.cells) if "tictac-win" in classes(c)]
        assert struck == sorted(line)
        for i in line:
            assert f"tictac-win-{direction}" in classes(game.cells[i]), (line, direction)
            assert game.cells[i].description.startswith(
                f"cell {i} (row {i // cols}, column {i % cols}), X"
            )
        others = {c for cell in game.cells for c in classes(cell) if c.startswith("tictac-win-")}
        assert others == {f"tictac-win-{direction}"}


def test_a_4x4_board_is_named_and_sized_like_the_3x3() -> None:
    game = GameWidget(mode="human-vs-human", size=(4, 4), k=3, hint=True)
    assert [c.description.split(", hint")[0] for c in game.cells] == [
        f"cell {4 * r + c} (row {r}, column {c}), empty" for r in range(4) for c in range(4)
    ]
    assert game.cells[0].description == "cell 0 (row 0, column 0), empty, hint: win 11"
    assert "tictac-in-11" in classes(game.cells[0])
    assert "tictac-cols-4" in classes(game.board)
    assert game.board.layout.grid_template_columns == f"repeat(4, {CELL_PX[4]}px)"
    assert game.cells[0].layout.width == f"{CELL_PX[4]}px"
    game.size_dropdown.value = (3, 3, 3)
    assert "tictac-cols-3" in classes(game.board) and "tictac-cols-4" not in classes(game.board)
    assert game.cells[0].layout.width == f"{CELL_PX[3]}px"


def test_the_board_says_whose_turn_it_is_for_the_hover_mark() -> None:
    game = GameWidget(mode="human-vs-human")
    assert "tictac-turn-x" in classes(game.board)
    game.cells[0].click()
    assert "tictac-turn-o" in classes(game.board) and "tictac-turn-x" not in classes(game.board)


def test_the_style_sheet_draws_every_class_the_board_uses() -> None:
    """Every hint a board can show has its word and its number in the CSS (a 4x4 game can last
    16 moves), and the marks, the hover marks, the last move and each direction of a winning
    line have their rules."""
    for kind in ("win", "draw", "loss"):
        assert f".tictac-hint-{kind}::before {{ content: '{kind}' / ''; }}" in _CSS
    for n in range(1, 17):
        assert f".tictac-in-{n}::after {{ content: '{n}' / ''; }}" in _CSS
    assert ".tictac-in-17::after" not in _CSS
    for name in ("x", "o", "last", "win-row", "win-column", "win-diagonal", "win-antidiagonal"):
        assert re.search(rf"\.tictac-{name}\b[^{{]*\{{", _CSS), name
    for turn in ("x", "o"):
        assert f".tictac-turn-{turn} .tictac-cell.tictac-empty:enabled:hover" in _CSS
    # the marks are pictures in the palette's colours: no text for a screen reader to read
    assert quote(COLORS["X"]) in _CSS and quote(COLORS["O"]) in _CSS


@pytest.mark.parametrize(
    ("settings", "says", "not_says"),
    [
        ({}, ["unbeatable: perfect play"], ["mcts", "<i>"]),
        ({"level": "mcts"}, ["On 3x3, mcts plays 300"], ["heuristic"]),
        ({"size": (4, 4)}, ["unbeatable"], ["mcts", "heuristic", "not offered", "<i>"]),
        ({"size": (4, 4), "level": "heuristic"}, ["On 4x4, heuristic looks 3"], ["mcts"]),
        (
            {"mode": "ai-vs-ai", "x_level": "mcts", "level": "master", "size": (4, 4)},
            ["X: mcts", "O: master", "On 4x4, mcts plays 150"],
            ["heuristic"],
        ),
        (
            {"mode": "ai-vs-ai", "x_level": "heuristic", "level": "mcts", "size": (4, 4), "k": 3},
            ["X: heuristic", "O: mcts", "heuristic looks 3 moves ahead (not 5) and mcts"],
            [],
        ),
        ({"mode": "human-vs-human", "size": (4, 4)}, [], ["mcts", "heuristic", "not offered"]),
        (
            {"level": "mcts", "level_options": {"mcts": {"playouts": 50}}},
            ["50 random games"],
            ["300", "to answer quickly"],
        ),
    ],
)
def test_the_note_names_only_the_levels_in_play(
    settings: dict[str, Any], says: list[str], not_says: list[str]
) -> None:
    note = GameWidget(**settings).note.value
    for text in says:
        assert text in note, (text, note)
    for text in not_says:
        assert text not in note, (text, note)


def test_the_note_follows_the_controls() -> None:
    game = GameWidget(level="unbeatable")
    assert "mcts" not in game.note.value
    game.level_dropdown.value = "mcts"
    assert "On 3x3, mcts plays 300" in game.note.value
    game.size_dropdown.value = (4, 4, 4)
    assert "On 4x4, mcts plays 150" in game.note.value and "3x3" not in game.note.value
    game.level_dropdown.value = "medium"
    assert "mcts" not in game.note.value
    assert game.size_dropdown.value == (4, 4, 4)
    game.size_dropdown.value = (3, 3, 3)
    assert game.level_dropdown.tooltip is None  # every level is offered on 3x3
