"""The game session behind the widget, driven directly: no widgets needed."""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest

from tictac.game.state import IllegalMove, State
from tictac.play.levels import canonical_level
from tictac.play.offered import BOARD_SIZES, offered_levels
from tictac.play.session import GameSession, Tally, hint_labels
from tictac.players.levels import BoardSize
from tictac.search import solver

ROOT = Path(__file__).resolve().parent.parent

# A Python process in which ipywidgets cannot be imported (as in a plain terminal install).
BLOCK_IPYWIDGETS = """\
import sys

class Blocked:
    def find_spec(self, name, path=None, target=None):
        if name == "ipywidgets" or name.startswith("ipywidgets."):
            raise ImportError(f"{name} is blocked in this test")
        return None

sys.meta_path.insert(0, Blocked())
"""


def run_without_ipywidgets(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", BLOCK_IPYWIDGETS + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        cwd=ROOT,  # `python -c` imports from the working directory first: this tictac
        timeout=120,
    )


# ---------------------------------------------------------------------------------------------
# No widgets needed


def test_the_session_plays_without_ipywidgets() -> None:
    run = run_without_ipywidgets(
        """
        import tictac.play.session
        session = tictac.play.session.GameSession(level="master", seed=0)
        session.play(4)
        session.respond()
        print(tictac.__file__)
        print(session.moves, session.status_text())
        print(sorted(m for m in ("ipywidgets", "graphviz") if m in sys.modules))
        """
    )
    assert run.returncode == 0, run.stderr
    where, moves, loaded = run.stdout.splitlines()
    assert Path(where).resolve().parent == ROOT / "tictac"
    assert moves == "(4, 0) X to move (you)"
    assert loaded == "[]"  # neither widgets nor Graphviz: the session is plain Python


def test_the_blocker_really_blocks_ipywidgets() -> None:
    """The test above could not notice a session importing ipywidgets if the block leaked."""
    run = run_without_ipywidgets("import tictac.pictures.widget")
    assert run.returncode != 0
    assert "ipywidgets is blocked in this test" in run.stderr


# ---------------------------------------------------------------------------------------------
# Rules


def test_unbeatable_never_loses_to_any_human_play() -> None:
    """Every way a human can play against the unbeatable level on 3x3, both sides (it breaks
    ties the same way each time, so undo and replay explore all the human's choices)."""

    def explore(session: GameSession, results: dict[str, int]) -> None:
        state = session.state
        if state.is_terminal:
            results[state.result() or "draw"] += 1
            return
        for move in state.legal_moves():
            session.play(move)
            session.respond()
            explore(session, results)
            session.undo()
            assert session.state == state

    for human in ("X", "O"):
        session = GameSession(level="unbeatable", human=human)  # type: ignore[arg-type]
        results = {"X": 0, "O": 0, "draw": 0}
        explore(session, results)
        assert results[human] == 0
        assert results["draw"] > 0 and sum(results.values()) > 50


def test_the_session_refuses_every_illegal_action() -> None:
    session = GameSession(level="master")
    with pytest.raises(IllegalMove):
        session.undo()  # nothing to take back
    with pytest.raises(IllegalMove):
        session.ai_move()  # the human is to move
    session.play(4)
    with pytest.raises(IllegalMove):
        session.play(0)  # the AI is to move
    session.respond()
    for move in (4, session.moves[-1], 9, (3, 0), "a"):
        with pytest.raises(IllegalMove):
            session.play(move)  # type: ignore[arg-type]
    assert session.moves == (4, 0)

    ai_only = GameSession(mode="ai-vs-ai")
    with pytest.raises(IllegalMove):
        ai_only.play(0)
    ai_only.play_to_end()
    with pytest.raises(IllegalMove):
        ai_only.ai_move()  # the game is over
    with pytest.raises(IllegalMove):
        ai_only.play(0)


def test_bad_settings_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="brute-force.*not offered on 4x4"):
        GameSession(level="brute-force", size=(4, 4))
    with pytest.raises(ValueError, match="unknown level 'grandmaster'"):
        GameSession(level="grandmaster")
    with pytest.raises(ValueError, match="not offered"):
        GameSession(size=(5, 5))
    with pytest.raises(ValueError, match="mode"):
        GameSession(mode="online")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="does not take"):
        GameSession(level="mcts", level_options={"mcts": {"budget": 5}})
    with pytest.raises(ValueError, match="1 or more"):
        GameSession(level="mcts", level_options={"mcts": {"playouts": 0}})
    session = GameSession(level="medium")
    for change in ({"size": (4, 4), "level": "brute-force"}, {"level": "grandmaster"}):
        with pytest.raises(ValueError):
            session.configure(**change)  # type: ignore[arg-type]
        assert session.settings.level == "medium" and session.settings.size == (3, 3, 3)


REFUSED_SETTINGS: list[tuple[dict[str, object], type, str]] = [
    ({"size": 3}, ValueError, r"size is \(rows, cols\) in whole numbers.*not 3$"),
    ({"size": "4x4"}, ValueError, "size is .* not '4x4'"),
    ({"size": (3.0, 3.0)}, ValueError, r"size is .* not \(3.0, 3.0\)"),
    ({"size": (True, 3)}, ValueError, "size is .* whole numbers"),
    ({"size": (3, 3, 3), "k": 3}, ValueError, "already says k"),
    ({"k": "3"}, ValueError, "k must be a whole number .* not '3'"),
    ({"k": True}, ValueError, "k must be a whole number"),
    ({"mode": []}, ValueError, "mode .* is not one of human-vs-ai"),
    ({"human": "x"}, ValueError, "the human plays 'X' or 'O', not 'x'"),
    ({"level_options": 3}, TypeError, "level_options maps level names to their options"),
    ({"level_options": {"mcts": 500}}, TypeError, "the options of level 'mcts' map"),
    ({"level_options": {"mcts": {"seed": 1}}}, ValueError, "does not take .* seed"),
    # Options for a level not playing now are checked too, not when it is first chosen.
    ({"level": "easy", "level_options": {"mcts": {"budget": 5}}}, ValueError, "budget"),
    ({"level": "easy", "level_options": {"mcts": {"playouts": 0}}}, ValueError, "1 or more"),
    ({"level_options": {"grandmaster": {}}}, ValueError, "unknown level 'grandmaster'"),
]


@pytest.mark.parametrize(
    ("arguments", "error", "reason"),
    REFUSED_SETTINGS,
    ids=[repr(arguments) for arguments, _, _ in REFUSED_SETTINGS],
)
def test_wrong_argument_types_get_a_message_in_the_users_terms(
    arguments: dict[str, object], error: type, reason: str
) -> None:
    with pytest.raises(error, match=reason):
        GameSession(**arguments)  # type: ignore[arg-type]


def test_a_refused_configure_changes_nothing() -> None:
    session = GameSession(level="easy", seed=1)
    session.play(4)
    before = (session.settings, session.moves, session.version)
    for change in ({"size": 3}, {"k": 5}, {"mode": []}, {"human": "x"}, {"level": 3}):
        with pytest.raises(ValueError):
            session.configure(**change)  # type: ignore[arg-type]
        assert (session.settings, session.moves, session.version) == before


def test_numpy_sizes_and_moves_are_plain_ints_in_the_session() -> None:
    session = GameSession(level="easy", size=(np.int64(4), np.int64(4)), k=np.int8(3), seed=1)
    assert session.settings.size == (4, 4, 3)
    assert all(type(n) is int for n in session.settings.size)
    session.play((np.int64(1), np.uint8(1)))
    assert session.moves == (5,) and type(session.moves[0]) is int


def test_k_alone_changes_the_current_board() -> None:
    session = GameSession(level="easy", size=(4, 4))
    session.configure(k=3)
    assert session.settings.size == (4, 4, 3)


def test_can_play_answers_as_play_would() -> None:
    session = GameSession(mode="human-vs-human")
    session.play(4)
    for move in (0, (0, 0), np.int64(0), (np.int8(2), 2)):
        assert session.can_play(move)  # type: ignore[arg-type]
    for move in (4, (1, 1), 9, (3, 0), -1, "0", None, True, 0.0):
        assert not session.can_play(move)  # type: ignore[arg-type]
        with pytest.raises(IllegalMove):
            session.play(move)  # type: ignore[arg-type]
    assert session.moves == (4,)


def test_questions_about_a_mark_refuse_what_is_not_one() -> None:
    session = GameSession(level="easy")
    assert session.seat("X") == "human" and session.level_of("O") == "easy"
    for question in (session.seat, session.level_of, session.options_of):
        for wrong in ("x", "o", "", None):
            with pytest.raises(ValueError, match="a mark is 'X' or 'O'"):
                question(wrong)  # type: ignore[arg-type]


def test_hint_labels_need_a_state() -> None:
    with pytest.raises(TypeError, match=r"hint_labels\(\) needs a State.*not 'XX./OO./...'"):
        hint_labels("XX./OO./...")  # type: ignore[arg-type]


def test_the_score_is_a_tally_from_the_humans_side() -> None:
    session = GameSession(mode="human-vs-human")
    for move in (0, 3, 1, 4, 2):  # X wins
        session.play(move)
    assert session.score == Tally(wins=1, draws=0, losses=0)
    session.configure(mode="human-vs-ai", human="O", level="master")
    assert session.score == Tally(0, 0, 0)  # the score of the mode now played
    while not session.state.is_terminal:
        session.play(session.state.legal_moves()[0])
        session.respond()
    assert session.score.wins == 0 and sum(session.score) == 1
    session.undo()  # the finished game leaves the score again
    assert session.score == Tally(0, 0, 0)


# ---------------------------------------------------------------------------------------------
# Hints


POSITIONS = ["XX./OO./...", "X../.O./..X", "X.../.O../..X./....", ".........", "XO./.X./..."]


@pytest.mark.parametrize("text", POSITIONS)
def test_hint_labels_agree_with_the_solver(text: str) -> None:
    state = State.parse(text)
    labels = hint_labels(state)
    outcomes = solver.move_outcomes(state)
    assert set(labels) == set(state.legal_moves())
    sign = 1 if state.turn == "X" else -1
    for move, outcome in outcomes.items():
        value = outcome.value * sign
        word = {1: "win", 0: "draw", -1: "loss"}[value]
        assert labels[move] == (word if value == 0 else f"{word} {outcome.plies + 1}")


# ---------------------------------------------------------------------------------------------
# How fast the levels answer (the 50 ms table itself is bench/levels.py)


def move_times(size: BoardSize, level: str, games: int) -> Iterator[float]:
    """CPU seconds per AI move in `games` seeded games against random play, the AI on both
    sides. CPU time, not the wall clock, so that other programs busy on the machine cannot
    make a quick level look slow."""
    rows, cols, k = size
    for game in range(games):
        human = "O" if game % 2 == 0 else "X"
        session = GameSession(level=level, human=human, size=(rows, cols), k=k, seed=game)  # type: ignore[arg-type]
        rng = random.Random(game)
        while not session.state.is_terminal:
            session.play(rng.choice(session.state.legal_moves()))
            started = time.process_time()
            answered = session.respond()  # one AI move, or none when the game is over
            if answered:
                yield time.process_time() - started


def test_no_offered_level_takes_a_second_over_a_move() -> None:
    """A guard, not the benchmark: every level the widget offers answers each move of a few
    games well within a second of CPU time, on every board. (It aims for 50 ms;
    ``bench/levels.py`` prints the median and worst per level and board. A level that
    searched far too deep, or one offered on a board too big for it, such as brute-force on
    4x4, fails here.)"""
    slow = []
    for size in BOARD_SIZES:
        for level in dict.fromkeys(canonical_level(name) for name in offered_levels(size)):
            times = list(move_times(size, level, games=2))
            assert len(times) >= 2, (size, level)
            if max(times) > 1.0:
                slow.append(f"{level} on {size}: {max(times):.2f} s")
    assert slow == []


def test_a_move_chosen_for_a_game_that_changed_meanwhile_is_not_played() -> None:
    """Code that drives the session itself (a callback, another thread) may start a new game
    while the AI is choosing: the AI's move belongs to the old game and must not land on the
    new one."""
    session = GameSession(level="unbeatable", human="X", seed=1)
    session.play(0)
    player = session._players["O"]
    choose: Callable[[State, random.Random], int] = player.rule  # a board's rule

    def rule_that_sees_a_new_board_meanwhile(state: State, rng: random.Random) -> int:
        session.configure(size=(4, 4))
        return choose(state, rng)

    player.rule = rule_that_sees_a_new_board_meanwhile
    with pytest.raises(IllegalMove, match="the game changed while the AI was choosing"):
        session.ai_move()
    assert session.state == State.new(4, 4, 4)
    assert session.state.moves_made == 0


def test_a_numpy_seed_is_a_plain_whole_number() -> None:
    from tictac.helpers.seeds import whole_seed

    assert type(whole_seed(np.int64(7), "a match")) is int
    assert GameSession(seed=np.int64(7)).seed == 7  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="None or a whole number"):
        whole_seed(True, "a match")
