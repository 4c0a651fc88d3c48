"""Play in the notebook: :class:`GameWidget`, a board of buttons with the controls around it.

>>> game = GameWidget(seed=0)            # you play X against the unbeatable AI, on 3x3
>>> game.cells[4].click()                # X in the centre: the AI answers at once
>>> print(game.state)
O . .
. X .
. . .
>>> game.status.value
'X to move (you)'

Design
------
The game logic and the widgets are kept apart.

* :class:`GameSession` is plain Python and knows nothing of widgets: the settings (mode, board
  size, levels, the human's mark), the history of states, which seats are human, the seeded
  AI players, undo and the running score. It refuses every illegal action by raising
  :class:`~tictac.state.IllegalMove` (a move out of turn, an occupied cell, undo with nothing
  to undo), so no caller can bring it into a wrong state. Tests drive it directly.
* :class:`GameWidget` is an ``ipywidgets.VBox`` that draws a session and turns clicks into
  session calls. It holds no game state of its own beyond what is on screen.

**Clicks.** The AI moves synchronously inside the click handler, right after the human's move
(every level offered answers within 50 ms, see below), with the board disabled meanwhile; a
finished game disables the board. A cell button is enabled only when its cell is a legal move
for a human to make now, and the handler checks again (a disabled button's ``click()`` does
nothing). A click that reaches the kernel late, after the position it was aimed at has
changed (a quick double click while the AI answers), must not land on the new position: so the
cell buttons are made afresh for every new position, and a click on a button of an earlier
position is ignored. Clicks are never queued.

**Undo** takes back the human's last move and the AI's reply (one move in the other modes).
**The score** counts the finished games of the current mode, from the human's view against
the AI (wins, draws, losses) and from X's otherwise. The game on the board counts as soon as
it is over; undoing a finished game takes its result back out (so nothing is counted twice),
and a game abandoned by *New game* or a change of setting before its end is not counted.
X always moves first (the rules in :mod:`tictac.state`), so choosing who plays X also chooses
who starts.

**Speed.** Every level is offered on 3x3. Per-move times measured on a 2-core machine (median
and worst over games against a random opponent) showed which levels need help to stay under
50 ms; :data:`FAST_OPTIONS` and :data:`NOT_OFFERED` hold the result:

* brute-force is not offered on 4x4: it adds up every finished game below each move, about
  three times as many for each extra empty cell (0.1 s with 9 empty cells, 3 s with 12, and
  the empty 4x4 board would take hours);
* heuristic looks 3 moves ahead on 4x4 instead of 5 (depth 5: up to 0.8 s per move);
* mcts plays 300 random games per move on 3x3 and 150 on 4x4 instead of 1000 (1000 take
  60-110 ms on 3x3 and 0.2 s on 4x4);
* the solver's levels (master, unbeatable, novice, epsilon) and the hints answer within a
  few milliseconds on 4x4 too, even from a cold start (its pairing-strategy bound proves most
  "nobody can win" positions at once); brute-force on 3x3 sums its tree once (0.1 s) when it
  is chosen, before the game starts rather than as an answer to a click.

``level_options={"mcts": {"playouts": 1000}}`` gives a level other options, slower or not.

**Show thinking** draws the AI's last decision below the board, with the search that level
uses where possible (2 levels, at most 60 positions on 3x3 and 30 on 4x4, mirror images
merged, in a box that scrolls): depth-limited
minimax for medium and heuristic (the levels themselves run alpha-beta, which gives the same
values); for the solver's levels (master, novice, epsilon) minimax 2 moves deep with the
depth-aware score, the positions there valued by the solver with perfect play, which gives the
values of a search to the end (1 move deep on 4x4, where even 2 levels are too many to draw);
the sum under each move for brute-force; each move's results for MCTS; the lines to complete
or block for defensive and offensive; random has nothing to draw.

For browser tests and styling, every part has a CSS class: ``tictac-game`` (the whole),
``tictac-board``, ``tictac-cell`` (each cell button; its description is ``"X"``, ``"O"`` or
``" "``, or its hint such as ``"win 3"``; its tooltip ``"cell 4 (row 1, column 1)"``), with
``tictac-x``, ``tictac-o``, ``tictac-empty``, ``tictac-last``, ``tictac-win``, ``tictac-hint``
and ``tictac-hint-win``/``-draw``/``-loss``; ``tictac-status``, ``tictac-score``,
``tictac-note``, ``tictac-thinking``; the buttons (descriptions "New game", "Undo", "Hint",
"Show thinking", "Step", "Play to end") ``tictac-new``, ``tictac-undo``,
``tictac-hint-button``, ``tictac-thinking-button``, ``tictac-step``, ``tictac-play-to-end``,
with ``tictac-on`` while Hint or Show thinking is on; and the drop-downs ``tictac-mode``,
``tictac-size``, ``tictac-level``, ``tictac-x-level``, ``tictac-human``.
"""

from __future__ import annotations

import functools
import html
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal, NamedTuple

import ipywidgets as widgets

from tictac import solver
from tictac.mcts import MCTSResult, uct_search
from tictac.pictures import COLORS, board_svg
from tictac.players import (
    ALIASES,
    LEVELS,
    Player,
    brute_force_sum,
    completing_moves,
    make_player,
    unknown_is_a_draw,
)
from tictac.scoring import depth_aware, plus_minus_ten, two_in_a_row, win_loss
from tictac.state import IllegalMove, Mark, State, other

__all__ = [
    "BOARD_SIZES",
    "FAST_OPTIONS",
    "LEVEL_CHOICES",
    "MODES",
    "NOT_OFFERED",
    "BoardSize",
    "Decision",
    "FinishedGame",
    "GameSession",
    "GameWidget",
    "Mode",
    "Score",
    "Settings",
    "Thinking",
    "canonical_level",
    "describe_level",
    "explain_decision",
    "hint_labels",
    "level_options",
    "levels_note",
    "offered_levels",
]

Mode = Literal["human-vs-ai", "human-vs-human", "ai-vs-ai"]
Seat = Literal["human", "ai"]
BoardSize = tuple[int, int, int]
"""A board as ``(rows, cols, k)``: k marks in a row win."""

MODES: dict[Mode, str] = {
    "human-vs-ai": "You vs the AI",
    "human-vs-human": "Two players",
    "ai-vs-ai": "AI vs AI",
}
"""The modes, with their labels in the widget."""

BOARD_SIZES: dict[BoardSize, str] = {
    (3, 3, 3): "3x3",
    (4, 4, 4): "4x4, 4 in a row",
    (4, 4, 3): "4x4, 3 in a row",
}
"""The boards the widget offers, with their labels (bigger ones are too slow to solve)."""

LEVEL_CHOICES: tuple[str, ...] = (
    "blind",
    "easy",
    "defensive",
    "offensive",
    "novice",
    "medium",
    "heuristic",
    "brute-force",
    "mcts",
    "epsilon",
    "master",
    "unbeatable",
)
"""The levels in the widget's drop-down, by the tutorials' names, roughly weakest first."""

FAST_OPTIONS: dict[BoardSize, dict[str, dict[str, Any]]] = {
    (3, 3, 3): {"mcts": {"playouts": 300}},
    (4, 4, 4): {"heuristic": {"depth": 3}, "mcts": {"playouts": 150}},
    (4, 4, 3): {"heuristic": {"depth": 3}, "mcts": {"playouts": 150}},
}
"""Options that make a level answer within 50 ms on a board (by canonical level name)."""

_BRUTE_FORCE_TOO_SLOW = (
    "it adds up every finished game below each move, about three times as many for each "
    "extra empty cell: seconds per move with 12 empty cells, hours on the empty 4x4 board"
)

NOT_OFFERED: dict[BoardSize, dict[str, str]] = {
    (3, 3, 3): {},
    (4, 4, 4): {"brute-force": _BRUTE_FORCE_TOO_SLOW},
    (4, 4, 3): {"brute-force": _BRUTE_FORCE_TOO_SLOW},
}
"""The levels not offered on a board (by canonical name), and why."""

_DEFAULT_OPTIONS: dict[str, dict[str, Any]] = {
    "heuristic": {"depth": 5},
    "medium": {"depth": 2},
    "mcts": {"playouts": 1000},
    "novice": {"probability": 0.4},
    "epsilon": {"epsilon": 0.1},
}

# Looks
CELL_PX = 56
_MARK_FONT = "26px"
_HINT_FONT = "12px"
_EMPTY_BG = "#f7fafc"
_MARK_BG = "#ffffff"
_LAST_BG = "#fefcbf"
_HINT_BG = {"win": "#c6f6d5", "draw": "#edf2f7", "loss": "#fed7d7"}
_TEXT = "#1a202c"
_MUTED = "#4a5568"
_FALLBACK_LEVEL = "unbeatable"
_TREE_DEPTH = 2
_TREE_NODES = {9: 60, 16: 30}  # positions drawn, by number of cells (4x4 boards draw bigger)

_CSS = """<style>
.tictac-game .tictac-cell { border-radius: 8px; padding: 0; line-height: 1.1;
  white-space: normal; }
.tictac-game .tictac-cell:disabled { opacity: 1; cursor: default; }
.tictac-game .tictac-cell.tictac-empty:disabled { opacity: 0.75; }
.tictac-game .tictac-note { color: #4a5568; font-size: 12px; line-height: 1.35; }
</style>"""


# ---------------------------------------------------------------------------------------------
# Levels


def canonical_level(level: str) -> str:
    """The level a name stands for (the tutorials' names are aliases), as in ``make_player``.

    >>> canonical_level("Unbeatable"), canonical_level("blind"), canonical_level("mcts")
    ('master', 'random', 'mcts')
    """
    key = _normalized(level)
    key = ALIASES.get(key, key)
    if key not in LEVELS:
        names = ", ".join(dict.fromkeys([*LEVEL_CHOICES, *LEVELS, *ALIASES]))
        raise ValueError(f"unknown level {level!r}; choose one of {names}")
    return key


def offered_levels(size: BoardSize) -> tuple[str, ...]:
    """The levels the widget offers on a board: those that answer within 50 ms per move.

    >>> offered_levels((3, 3, 3)) == LEVEL_CHOICES
    True
    >>> "brute-force" in offered_levels((4, 4, 4))
    False
    """
    missing = NOT_OFFERED[_check_size(size)]
    return tuple(name for name in LEVEL_CHOICES if canonical_level(name) not in missing)


def level_options(
    level: str, size: BoardSize, overrides: Mapping[str, Mapping[str, Any]] | None = None
) -> dict[str, Any]:
    """The options a level plays with on a board: its fast options there, then `overrides`
    (a mapping from level name to options, e.g. ``{"mcts": {"playouts": 1000}}``).

    >>> level_options("mcts", (4, 4, 4))
    {'playouts': 150}
    >>> level_options("unbeatable", (3, 3, 3))
    {}
    """
    key = canonical_level(level)
    options = dict(FAST_OPTIONS[_check_size(size)].get(key, {}))
    for name, extra in (overrides or {}).items():
        if canonical_level(name) == key:
            options.update(extra)
    return options


def describe_level(level: str, options: Mapping[str, Any] | None = None) -> str:
    """One line on how a level chooses its moves (with its options).

    >>> describe_level("easy")
    'easy: plays any free cell at random'
    >>> describe_level("mcts", {"playouts": 300})
    'mcts: Monte Carlo tree search, 300 random games per move'
    """
    key = canonical_level(level)
    opts = {**_DEFAULT_OPTIONS.get(key, {}), **(options or {})}
    if key == "random":
        text = "plays any free cell at random"
    elif key == "defensive":
        text = "blocks your almost-complete line, else plays at random"
    elif key == "offensive":
        text = "completes its own line, else blocks yours, else plays at random"
    elif key == "brute-force":
        text = (
            "adds up the scores of every game below each move and takes the largest sum "
            "(not minimax: it can be fooled)"
        )
    elif key == "heuristic":
        text = (
            f"minimax {opts['depth']} moves deep, counting lines one mark short of complete "
            "where it stops"
        )
    elif key == "novice":
        text = (
            f"the best move {_percent(opts['probability'])} of the time, else the best of the "
            "worse ones"
        )
    elif key == "medium":
        text = f"minimax {opts['depth']} moves deep; what it cannot see counts as a draw"
    elif key == "master":
        text = "perfect play: wins as fast and loses as slowly as can be"
    elif key == "epsilon":
        text = f"perfect play, but a random move {_percent(opts['epsilon'])} of the time"
    else:
        text = f"Monte Carlo tree search, {opts['playouts']} random games per move"
    return f"{_normalized(level)}: {text}"


def levels_note(size: BoardSize) -> str:
    """Which levels are missing or made faster on a board, and why (for the widget's note).

    >>> levels_note((3, 3, 3))
    'On 3x3, mcts plays 300 random games per move (not 1000), to answer within 50 ms.'
    """
    size = _check_size(size)
    label = BOARD_SIZES[size].split(",")[0]
    parts = []
    for name, reason in NOT_OFFERED[size].items():
        parts.append(f"{name} is not offered on {label}: {reason}.")
    changes = []
    for name, options in FAST_OPTIONS[size].items():
        if name == "heuristic":
            default = _DEFAULT_OPTIONS["heuristic"]["depth"]
            changes.append(f"heuristic looks {options['depth']} moves ahead (not {default})")
        elif name == "mcts":
            default = _DEFAULT_OPTIONS["mcts"]["playouts"]
            changes.append(
                f"mcts plays {options['playouts']} random games per move (not {default})"
            )
    if changes:
        parts.append(f"On {label}, {' and '.join(changes)}, to answer within 50 ms.")
    return " ".join(parts)


def _normalized(level: str) -> str:
    return str(level).strip().lower().replace("_", "-").replace(" ", "-")


def _percent(value: Any) -> str:
    return f"{round(float(value) * 100)}%"


def _check_size(size: tuple[int, ...]) -> BoardSize:
    key = tuple(size)
    if key not in BOARD_SIZES:
        offered = ", ".join(f"{r}x{c} with k={k}" for r, c, k in BOARD_SIZES)
        raise ValueError(f"the board {key!r} is not offered; choose one of {offered}")
    return (key[0], key[1], key[2])


def _board_size(size: tuple[int, ...], k: int | None) -> BoardSize:
    if len(size) == 3 and k is None:
        return _check_size((size[0], size[1], size[2]))
    if len(size) != 2:
        raise ValueError(f"size is (rows, cols), such as (3, 3) or (4, 4), not {size!r}")
    rows, cols = size
    return _check_size((rows, cols, min(rows, cols) if k is None else k))


# ---------------------------------------------------------------------------------------------
# Hints


def hint_labels(state: State) -> dict[int, str]:
    """Each legal move's value for the player to move, with perfect play from both sides.

    "win 3" means the mover wins, the game ending 3 moves from now (this move included, both
    players' moves counted); "loss 2" that the opponent wins on the next move; "draw" a draw
    (the board fills up).

    >>> hint_labels(State.parse("XX./OO./..."))
    {2: 'win 1', 5: 'draw', 6: 'loss 2', 7: 'loss 2', 8: 'loss 2'}
    """
    sign = 1 if state.turn == "X" else -1
    labels = {}
    for move, outcome in solver.move_outcomes(state).items():
        value = outcome.value * sign
        if value > 0:
            labels[move] = f"win {outcome.plies + 1}"
        elif value < 0:
            labels[move] = f"loss {outcome.plies + 1}"
        else:
            labels[move] = "draw"
    return labels


# ---------------------------------------------------------------------------------------------
# The session: the game logic, without widgets


@dataclass(frozen=True)
class Settings:
    """What the controls set. `level` is the AI's level; in AI vs AI it plays O and `x_level`
    (the same as `level` when None) plays X. `human` is the human's mark against the AI."""

    level: str = "unbeatable"
    human: Mark = "X"
    mode: Mode = "human-vs-ai"
    size: BoardSize = (3, 3, 3)
    x_level: str | None = None


@dataclass(frozen=True)
class Decision:
    """One move by an AI: the position it faced, its move, and how it got there.

    `level` is the name it was chosen by, `options` those it played with, `seconds` how long
    it took, and `mcts` the search's statistics for the MCTS level.
    """

    state: State
    move: int
    level: str
    options: dict[str, Any]
    seconds: float
    mcts: MCTSResult | None = None

    @property
    def mark(self) -> Mark:
        """The AI's mark."""
        return self.state.turn


class FinishedGame(NamedTuple):
    """A game played to its end: "X", "O" or "draw", the mode, and the human's mark
    (against the AI; None in the other modes)."""

    result: Literal["X", "O", "draw"]
    mode: Mode
    human: Mark | None


class Score(NamedTuple):
    """Finished games of one mode: from the human's view against the AI, else from X's."""

    wins: int
    draws: int
    losses: int


class _Move(NamedTuple):
    move: int
    by: Seat
    decision: Decision | None


class _RecordingUCT:
    """The MCTS level's rule (the same moves as ``make_player("mcts")``), keeping the last
    search's statistics so the widget can show them."""

    def __init__(self, *, playouts: int = 1000, exploration: float = 1.4) -> None:
        self.playouts = playouts
        self.exploration = exploration
        self.last: MCTSResult | None = None

    def __call__(self, state: State, rng: random.Random) -> int:
        self.last = uct_search(state, playouts=self.playouts, exploration=self.exploration, rng=rng)
        return self.last.move


class GameSession:
    """A game on the board and the games before it: the logic behind :class:`GameWidget`.

    The arguments are those of :class:`GameWidget`. `seed` makes the AI players repeat
    themselves: the same calls give the same games. Every illegal action raises
    :class:`~tictac.state.IllegalMove` and changes nothing.

    >>> session = GameSession(level="master")
    >>> session.play(4)                      # the human (X) takes the centre...
    >>> session.respond()                    # ...and the AI answers in a corner
    (0,)
    >>> session.play(0)
    Traceback (most recent call last):
      ...
    tictac.state.IllegalMove: cell 0 (row 0, column 0) is already taken by O; ...
    >>> session.undo()                       # takes back the human's move and the reply
    (4, 0)
    >>> session.state == State.new()
    True
    """

    def __init__(
        self,
        *,
        level: str = "unbeatable",
        human: Mark = "X",
        mode: Mode = "human-vs-ai",
        size: tuple[int, ...] = (3, 3),
        k: int | None = None,
        x_level: str | None = None,
        seed: int | None = None,
        level_options: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> None:
        self.seed = seed
        self.level_options: dict[str, dict[str, Any]] = {
            canonical_level(name): dict(options) for name, options in (level_options or {}).items()
        }
        self.settings = self._validated(Settings(level, human, mode, _board_size(size, k), x_level))
        self.version = 0  # grows with every change of the position or the settings
        self._results: list[FinishedGame] = []
        self._warmed: set[tuple[Any, ...]] = set()
        self._players: dict[Mark, Player] = {}
        self._options: dict[Mark, dict[str, Any]] = {}
        self._players_for: Settings | None = None
        self._start()

    # -- what is on the board ---------------------------------------------------------------

    @property
    def state(self) -> State:
        """The position on the board."""
        return self._states[-1]

    @property
    def history(self) -> tuple[State, ...]:
        """Every position of the game so far, the empty board first."""
        return tuple(self._states)

    @property
    def moves(self) -> tuple[int, ...]:
        """The moves of the game so far."""
        return tuple(m.move for m in self._moves)

    @property
    def last_decision(self) -> Decision | None:
        """The AI's last move still on the board, with how it was chosen."""
        for move in reversed(self._moves):
            if move.decision is not None:
                return move.decision
        return None

    @property
    def decisions(self) -> tuple[Decision, ...]:
        """Every AI move still on the board, in order."""
        return tuple(m.decision for m in self._moves if m.decision is not None)

    def seat(self, mark: Mark) -> Seat:
        """Who plays `mark`: "human" or "ai"."""
        mode = self.settings.mode
        if mode == "human-vs-human":
            return "human"
        if mode == "ai-vs-ai":
            return "ai"
        return "human" if mark == self.settings.human else "ai"

    def level_of(self, mark: Mark) -> str | None:
        """The level of the AI playing `mark` (None for a human)."""
        if self.seat(mark) == "human":
            return None
        if self.settings.mode == "ai-vs-ai" and mark == "X":
            return self.settings.x_level or self.settings.level
        return self.settings.level

    def options_of(self, mark: Mark) -> dict[str, Any]:
        """The options the AI playing `mark` plays with (empty for a human)."""
        return dict(self._options.get(mark, {}))

    @property
    def is_human_turn(self) -> bool:
        """True when the game runs and a human is to move."""
        return not self.state.is_terminal and self.seat(self.state.turn) == "human"

    @property
    def is_ai_turn(self) -> bool:
        """True when the game runs and an AI is to move."""
        return not self.state.is_terminal and self.seat(self.state.turn) == "ai"

    def can_play(self, move: int) -> bool:
        """True when a human may play `move` now."""
        return self.is_human_turn and move in self.state.legal_moves()

    @property
    def can_undo(self) -> bool:
        """True when :meth:`undo` has something to take back."""
        return self._undo_point() is not None

    # -- actions ------------------------------------------------------------------------------

    def play(self, move: int | tuple[int, int]) -> None:
        """The human to move plays `move` (a cell index or a ``(row, col)`` pair).

        The AI does not answer here; :meth:`respond` lets it.
        """
        state = self.state
        if state.is_terminal:
            state.play(move)  # raises IllegalMove: the game is over
        if not self.is_human_turn:
            raise IllegalMove(
                f"it is the AI's turn ({state.turn}, {self.level_of(state.turn)}), not a "
                "human's: let it move first"
            )
        index = state.index_of(move)
        self._push(state.play(index), _Move(index, "human", None))

    def ai_move(self) -> int:
        """The AI to move plays, and its move is returned."""
        state = self.state
        if state.is_terminal:
            raise IllegalMove("the game is over: the AI has no move to make")
        if not self.is_ai_turn:
            raise IllegalMove(f"it is a human's turn ({state.turn}), not the AI's")
        player = self._players[state.turn]
        started = time.perf_counter()
        move = player.choose(state)
        seconds = time.perf_counter() - started
        rule = player.rule
        decision = Decision(
            state,
            move,
            player.name,
            self._options[state.turn],
            seconds,
            rule.last if isinstance(rule, _RecordingUCT) else None,
        )
        self._push(state.play(move), _Move(move, "ai", decision))
        return move

    def respond(self) -> tuple[int, ...]:
        """Against the AI: the AI moves while it is its turn. The moves made are returned.

        In AI vs AI nothing happens: :meth:`ai_move` and :meth:`play_to_end` drive it.
        """
        if self.settings.mode != "human-vs-ai":
            return ()
        return self.play_to_end()

    def play_to_end(self) -> tuple[int, ...]:
        """The AIs move until the game ends or a human is to move."""
        moves = []
        while self.is_ai_turn:
            moves.append(self.ai_move())
        return tuple(moves)

    def undo(self) -> tuple[int, ...]:
        """Take back the human's last move and the AI's reply (one move in the other modes).

        The moves taken back are returned. A finished game's result leaves the score again.
        """
        point = self._undo_point()
        if point is None:
            raise IllegalMove("there is no move to take back")
        taken = tuple(m.move for m in self._moves[point:])
        del self._moves[point:]
        del self._states[point + 1 :]
        self.version += 1
        return taken

    def new_game(self) -> None:
        """Start again with the same settings (the AI opens if it plays X)."""
        self._commit()
        self._start()

    def configure(
        self,
        *,
        level: str | None = None,
        human: Mark | None = None,
        mode: Mode | None = None,
        size: tuple[int, ...] | None = None,
        k: int | None = None,
        x_level: str | None = None,
    ) -> None:
        """Change settings (those given) and start a new game; the AI players start afresh
        from the seed."""
        changes: dict[str, Any] = {}
        if level is not None:
            changes["level"] = level
        if human is not None:
            changes["human"] = human
        if mode is not None:
            changes["mode"] = mode
        if size is not None:
            changes["size"] = _board_size(size, k)
        if x_level is not None:
            changes["x_level"] = x_level
        settings = self._validated(replace(self.settings, **changes))
        self._commit()
        self.settings = settings
        self._start()

    # -- the score ----------------------------------------------------------------------------

    @property
    def finished_games(self) -> tuple[FinishedGame, ...]:
        """Every finished game of the session, the one on the board included when it is over."""
        current = self._finished()
        return tuple(self._results) + ((current,) if current else ())

    @property
    def score(self) -> Score:
        """The score of the current mode: wins, draws, losses for the human against the AI;
        X's wins, draws and O's wins (as losses) in the other modes."""
        mode = self.settings.mode
        wins = draws = losses = 0
        for game in self.finished_games:
            if game.mode != mode:
                continue
            view = game.human if game.human is not None else "X"
            if game.result == "draw":
                draws += 1
            elif game.result == view:
                wins += 1
            else:
                losses += 1
        return Score(wins, draws, losses)

    # -- texts --------------------------------------------------------------------------------

    def status_text(self) -> str:
        """Whose turn it is or how the game ended, e.g. "X to move (you)", "O wins — the AI"."""
        state = self.state
        result = state.result()
        if result == "draw":
            return "Draw"
        if result is not None:
            role = self._role(result)
            return f"{result} wins" + (f" — {role}" if role else "")
        role = self._role(state.turn)
        return f"{state.turn} to move" + (f" ({role})" if role else "")

    def score_text(self) -> str:
        """The score line, e.g. "Score: wins 1 · draws 2 · losses 0"."""
        wins, draws, losses = self.score
        if self.settings.mode == "human-vs-ai":
            return f"Score: wins {wins} · draws {draws} · losses {losses}"
        return f"Score: X wins {wins} · O wins {losses} · draws {draws}"

    # -- inside -------------------------------------------------------------------------------

    def _role(self, mark: Mark) -> str:
        mode = self.settings.mode
        if mode == "human-vs-human":
            return ""
        if mode == "ai-vs-ai":
            return self.level_of(mark) or ""
        return "you" if self.seat(mark) == "human" else "the AI"

    def _validated(self, settings: Settings) -> Settings:
        if settings.mode not in MODES:
            raise ValueError(f"mode {settings.mode!r} is not one of {', '.join(MODES)}")
        if settings.human not in ("X", "O"):
            raise ValueError(f"the human plays 'X' or 'O', not {settings.human!r}")
        size = _check_size(settings.size)
        names = {"level": settings.level}
        if settings.x_level is not None:
            names["x_level"] = settings.x_level
        for what, name in names.items():
            key = canonical_level(name)
            if key in NOT_OFFERED[size]:
                raise ValueError(
                    f"{what} {name!r} is not offered on {BOARD_SIZES[size]}: "
                    f"{NOT_OFFERED[size][key]}"
                )
            make_player(key, **level_options(key, size, self.level_options))  # checks options
        x_level = _normalized(settings.x_level) if settings.x_level is not None else None
        return replace(settings, level=_normalized(settings.level), size=size, x_level=x_level)

    def _start(self) -> None:
        """A new game with the current settings: fresh players when the settings changed."""
        rows, cols, k = self.settings.size
        self._states: list[State] = [State.new(rows, cols, k)]
        self._moves: list[_Move] = []
        if self._players_for != self.settings:
            self._make_players()
        self._warm_up()
        self.version += 1
        self.respond()

    def _make_players(self) -> None:
        self._players, self._options = {}, {}
        for mark in ("X", "O"):
            level = self.level_of(mark)
            if level is None:
                continue
            second = self.settings.mode == "ai-vs-ai" and mark == "X"
            seed = self.seed + 1 if second and self.seed is not None else self.seed
            options = level_options(level, self.settings.size, self.level_options)
            player = make_player(level, seed=seed, **options)
            if canonical_level(level) == "mcts":
                player.rule = _RecordingUCT(**options)
            self._players[mark] = player
            self._options[mark] = options
        self._players_for = self.settings

    def _warm_up(self) -> None:
        """Let slow first decisions happen now, not as an answer to a click (see the module's
        notes on speed). The solver and brute-force keep what they learn for the process."""
        size = self.settings.size
        for mark, player in self._players.items():
            job = ("brute-force", size, mark)
            if canonical_level(player.name) != "brute-force" or job in self._warmed:
                continue
            empty = self.state
            positions = [empty] if mark == "X" else [empty.play(m) for m in empty.legal_moves()]
            for position in positions:
                brute_force_sum(position, random.Random(0))
            self._warmed.add(job)

    def _push(self, state: State, move: _Move) -> None:
        self._states.append(state)
        self._moves.append(move)
        self.version += 1

    def _undo_point(self) -> int | None:
        """The number of moves to keep when undoing, None when there is nothing to undo."""
        if not self._moves:
            return None
        if self.settings.mode != "human-vs-ai":
            return len(self._moves) - 1
        for index in range(len(self._moves) - 1, -1, -1):
            if self._moves[index].by == "human":
                return index
        return None

    def _finished(self) -> FinishedGame | None:
        result = self.state.result()
        if result is None:
            return None
        human = self.settings.human if self.settings.mode == "human-vs-ai" else None
        return FinishedGame(result, self.settings.mode, human)

    def _commit(self) -> None:
        finished = self._finished()
        if finished is not None:
            self._results.append(finished)


# ---------------------------------------------------------------------------------------------
# Show thinking


@dataclass(frozen=True)
class Thinking:
    """What the widget shows of a decision: a caption (HTML) and a picture (SVG, or None)."""

    caption: str
    svg: str | None = None
    graph: Any = field(default=None, compare=False, repr=False)


def explain_decision(decision: Decision) -> Thinking:
    """Draw how an AI chose its move: the tree of its search where it has one.

    The tree has at most 2 levels and 60 positions (30 on 4x4), mirror images merged. Needs
    Graphviz's ``dot`` for the trees (:class:`~tictac.tree.GraphvizError` without it).

    >>> session = GameSession(level="medium", human="O")
    >>> thinking = explain_decision(session.last_decision)
    >>> thinking.svg.lstrip().startswith("<?xml")
    True
    """
    from tictac.pictures import draw_move_values
    from tictac.tree import draw_tree

    state, move, key = decision.state, decision.move, canonical_level(decision.level)
    opts = {**_DEFAULT_OPTIONS.get(key, {}), **decision.options}
    row, col = divmod(move, state.cols)
    head = (
        f"<b>{decision.mark} ({html.escape(decision.level)})</b> played cell {move} (row {row}, "
        f"column {col}), deciding in {decision.seconds * 1000:.1f} ms. "
    )
    tree = functools.partial(
        draw_tree,
        state,
        max_depth=_TREE_DEPTH,
        max_nodes=_TREE_NODES.get(len(state.cells), 30),
        merge_symmetric=True,
    )
    if key == "random":
        return Thinking(
            head + "It picks a free cell at random: it does not look ahead, so "
            "there is no tree to draw."
        )
    if key in ("defensive", "offensive"):
        wins = completing_moves(state, state.turn) if key == "offensive" else []
        blocks = completing_moves(state, other(state.turn))
        if wins:
            why = f"It completes its own line at {_cells(wins)} (outlined)."
        elif blocks:
            why = f"It blocks the opponent's line at {_cells(blocks)} (outlined)."
        else:
            why = "There was no line to complete or block, so it played at random."
        svg = board_svg(state, cell=48, highlight=set(wins or blocks))
        return Thinking(head + "It looks one move ahead for lines one mark short. " + why, svg)
    if key == "brute-force":
        from tictac.players import subtree_sum

        sign = 1 if state.turn == "X" else -1
        sums = {m: subtree_sum(state.play(m), state.turn) for m in state.legal_moves()}
        values: dict[int, float] = {m: sign * round(total) for m, total in sums.items()}
        return Thinking(
            head + "Each cell shows the sum of the scores of every finished game below that "
            "move (a win 50/depth, a draw 10/depth, a loss −10/depth; from X's side, as in "
            "the trees). It takes the largest sum for itself.",
            draw_move_values(state, values).svg,
        )
    if key == "mcts":
        picture: str | None = None
        caption = head + f"It played {opts['playouts']} random games from here. "
        if decision.mcts is not None:
            result = decision.mcts
            sign = 1 if state.turn == "X" else -1
            rates = {m: sign * round(2 * rate - 1, 2) for m, rate in result.win_rates.items()}
            picture = draw_move_values(state, rates).svg
            visits = ", ".join(f"{m}: {n}" for m, n in sorted(result.visits.items()))
            caption += (
                "Each cell shows how its games went, from +1 (X won them all) to −1 (O did); "
                f"it plays the move it tried most. Games per move: {visits}."
            )
        return Thinking(caption, picture)
    if key == "medium":
        graph = tree(
            search="minimax", score=plus_minus_ten, depth=opts["depth"], heuristic=unknown_is_a_draw
        )
        caption = (
            f"Minimax {opts['depth']} moves deep, the way medium searches: a win is +10, a loss "
            "−10, and a position it cannot see to the end counts as a draw (0)."
        )
        return _tree_thinking(head + caption, graph)
    if key == "heuristic":
        graph = tree(search="minimax", score=win_loss, depth=opts["depth"], heuristic=two_in_a_row)
        caption = (
            f"Minimax {opts['depth']} moves deep (heuristic itself runs alpha-beta, which gives "
            "the same values): where it stops, each line one mark short of complete counts "
            "0.2 for its owner. The drawing shows the first 2 levels."
        )
        return _tree_thinking(head + caption, graph)
    # The solver's levels: master, novice, epsilon
    best = solver.best_moves(state)
    if key == "novice":
        how = (
            f"It plays a best move {_percent(opts['probability'])} of the time, else the best "
            "of the worse ones"
        )
    elif key == "epsilon":
        how = f"It plays a best move, except {_percent(opts['epsilon'])} of the time a random one"
    else:
        how = "It plays a best move."
    if key != "master":
        how += "; this time " + ("a best move." if move in best else "a worse one.")
    # Minimax down to the drawing's depth, where the solver gives each position its value
    # with perfect play: the same values as minimax to the end, at a fraction of the cost.
    depth = _TREE_DEPTH if len(state.cells) <= 9 else 1
    graph = tree(search="minimax", score=depth_aware, depth=depth, heuristic=_solver_values(state))
    caption = (
        f" The tree: minimax {depth} move{'s' if depth > 1 else ''} deep, where the solver "
        "values each position by perfect play to the end, a win worth more the sooner it "
        "comes (± empty cells left at the end + 1), as the master ranks its moves."
    )
    if depth == 1:
        caption += " (On 4x4 even 2 levels are too many positions to draw.)"
    return _tree_thinking(head + how + caption, graph)


def _tree_thinking(caption: str, graph: Any) -> Thinking:
    svg = graph.pipe(format="svg", encoding="utf-8")
    return Thinking(caption, svg, graph)


def _solver_values(state: State) -> Callable[[State, int], float]:
    """A heuristic giving each position after a move of `state` its value with perfect play,
    on the depth-aware scale: ± (empty cells left when the game ends + 1)."""
    outcomes = {state.play(m): o for m, o in solver.move_outcomes(state).items()}

    def perfect_play(position: State, depth: int) -> float:
        found = outcomes.get(position)
        outcome = found if found is not None else solver.outcome(position)
        empty_at_end = len(position.cells) - position.moves_made - outcome.plies
        return outcome.value * (empty_at_end + 1)

    perfect_play.__name__ = "solver"
    return perfect_play


def _cells(moves: list[int]) -> str:
    return ", ".join(f"cell {m}" for m in moves)


# ---------------------------------------------------------------------------------------------
# The widget


class GameWidget(widgets.VBox):  # type: ignore[misc]
    """Tic-tac-toe in a notebook: a board of buttons, the controls, a status and a score line.

    Every control has a constructor argument, so a lesson can show a ready game in one line:
    ``GameWidget(mode="human-vs-human")``, ``GameWidget(level="medium", hint=True)``,
    ``GameWidget(mode="ai-vs-ai", x_level="mcts", level="master")``.

    * `level`: the AI's level, by the tutorials' names (:data:`LEVEL_CHOICES`) or any name
      ``make_player`` takes; in AI vs AI it plays O, and `x_level` (default: the same) X;
    * `human`: the human's mark against the AI, "X" (moves first) or "O";
    * `mode`: "human-vs-ai", "human-vs-human" or "ai-vs-ai";
    * `size`, `k`: the board, (3, 3) or (4, 4), and how many in a row win (default: the side);
    * `seed`: makes the AI repeat itself, the same clicks giving the same games;
    * `hint`, `show_thinking`: switch those on at the start;
    * `level_options`: options for levels by name, e.g. ``{"mcts": {"playouts": 1000}}``.

    The game logic is :attr:`session` (a :class:`GameSession`); :attr:`cells` are the board's
    buttons, row by row, made afresh for every position.

    >>> game = GameWidget(mode="human-vs-human")
    >>> for cell in (0, 3, 1, 4, 2):
    ...     game.cells[cell].click()
    >>> game.status.value, game.score_label.value
    ('X wins', 'Score: X wins 1 · O wins 0 · draws 0')
    >>> [cell.description for cell in game.cells[:3]], "tictac-win" in game.cells[0]._dom_classes
    (['X', 'X', 'X'], True)
    >>> any(not cell.disabled for cell in game.cells)    # the game is over
    False
    """

    def __init__(
        self,
        *,
        level: str = "unbeatable",
        human: Mark = "X",
        mode: Mode = "human-vs-ai",
        size: tuple[int, ...] = (3, 3),
        k: int | None = None,
        seed: int | None = None,
        x_level: str | None = None,
        hint: bool = False,
        show_thinking: bool = False,
        level_options: Mapping[str, Mapping[str, Any]] | None = None,
        **kwargs: Any,
    ) -> None:
        session = GameSession(
            level=level,
            human=human,
            mode=mode,
            size=size,
            k=k,
            x_level=x_level,
            seed=seed,
            level_options=level_options,
        )
        super().__init__(**kwargs)
        self.session = session
        self._hint = bool(hint)
        self._show_thinking = bool(show_thinking)
        self._busy = False
        self._syncing = False
        self._generation = 0
        self._board_version = -1
        self._styles: dict[tuple[str, str, str, str], Any] = {}
        self._retired: tuple[Any, ...] = ()
        self._thinking_for: Decision | None = None
        self.cells: tuple[Any, ...] = ()
        self._parts: tuple[Any, ...] = ()
        self._build()
        self._sync_controls()
        self._render()

    # -- public -------------------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The position on the board."""
        return self.session.state

    @property
    def hint(self) -> bool:
        """True while each empty cell shows its value for the player to move."""
        return self._hint

    @hint.setter
    def hint(self, on: bool) -> None:
        self._hint = bool(on)
        self._render()

    @property
    def show_thinking(self) -> bool:
        """True while the AI's last decision is drawn below the board."""
        return self._show_thinking

    @show_thinking.setter
    def show_thinking(self, on: bool) -> None:
        self._show_thinking = bool(on)
        self._render()

    def close(self) -> None:
        """Close the widget and every widget it made."""
        made = getattr(self, "_parts", ())  # also called by __del__, even after a failed init
        if made:
            for part in (*self.cells, *self._retired, *made, *self._styles.values()):
                part.close()
            self._parts = ()
        super().close()

    # -- building -----------------------------------------------------------------------------

    def _build(self) -> None:
        wide = {"description_width": "initial"}
        self.mode_dropdown = widgets.Dropdown(
            options=[(label, mode) for mode, label in MODES.items()],
            description="Mode",
            style=wide,
            layout=widgets.Layout(width="180px"),
        )
        self.size_dropdown = widgets.Dropdown(
            options=[(label, size) for size, label in BOARD_SIZES.items()],
            description="Board",
            style=wide,
            layout=widgets.Layout(width="190px"),
        )
        self.human_dropdown = widgets.Dropdown(
            options=[("X (you start)", "X"), ("O (the AI starts)", "O")],
            description="You play",
            style=wide,
            layout=widgets.Layout(width="210px"),
        )
        self.x_level_dropdown = widgets.Dropdown(
            description="X plays", style=wide, layout=widgets.Layout(width="180px")
        )
        self.level_dropdown = widgets.Dropdown(
            description="AI level", style=wide, layout=widgets.Layout(width="190px")
        )
        for control, css in (
            (self.mode_dropdown, "tictac-mode"),
            (self.size_dropdown, "tictac-size"),
            (self.human_dropdown, "tictac-human"),
            (self.x_level_dropdown, "tictac-x-level"),
            (self.level_dropdown, "tictac-level"),
        ):
            control.add_class(css)
            control.observe(self._on_control, names="value")
        self.note = widgets.HTML(layout=widgets.Layout(max_width="460px"))
        self.note.add_class("tictac-note")

        self._cell_layout = widgets.Layout(
            width=f"{CELL_PX}px", height=f"{CELL_PX}px", margin="0", padding="0"
        )
        self.board = widgets.GridBox(layout=widgets.Layout(grid_gap="4px", margin="6px 0"))
        self.board.add_class("tictac-board")
        self.status = widgets.Label(style={"font_size": "18px", "font_weight": "bold"})
        self.status.add_class("tictac-status")
        self.score_label = widgets.Label(style={"font_size": "13px", "text_color": _MUTED})
        self.score_label.add_class("tictac-score")

        def button(description: str, css: str, handler: Callable[[Any], None]) -> Any:
            made = widgets.Button(description=description, layout=widgets.Layout(width="auto"))
            made.add_class(css)
            made.on_click(handler)
            return made

        self.new_game_button = button("New game", "tictac-new", self._on_new_game)
        self.undo_button = button("Undo", "tictac-undo", self._on_undo)
        self.hint_button = button("Hint", "tictac-hint-button", self._on_hint)
        self.thinking_button = button("Show thinking", "tictac-thinking-button", self._on_thinking)
        self.step_button = button("Step", "tictac-step", self._on_step)
        self.play_to_end_button = button("Play to end", "tictac-play-to-end", self._on_play_to_end)
        self.new_game_button.button_style = "primary"
        self.thinking = widgets.Output(
            layout=widgets.Layout(max_width="100%", max_height="560px", overflow="auto")
        )
        self.thinking.add_class("tictac-thinking")

        settings_row = widgets.HBox([self.mode_dropdown, self.size_dropdown])
        players_row = widgets.HBox(
            [self.x_level_dropdown, self.level_dropdown, self.human_dropdown]
        )
        buttons_row = widgets.HBox(
            [
                self.new_game_button,
                self.undo_button,
                self.hint_button,
                self.thinking_button,
                self.step_button,
                self.play_to_end_button,
            ],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        style = widgets.HTML(_CSS, layout=widgets.Layout(display="none"))
        self._parts = (
            self.mode_dropdown,
            self.size_dropdown,
            self.human_dropdown,
            self.x_level_dropdown,
            self.level_dropdown,
            self.note,
            self.board,
            self.status,
            self.score_label,
            self.new_game_button,
            self.undo_button,
            self.hint_button,
            self.thinking_button,
            self.step_button,
            self.play_to_end_button,
            self.thinking,
            settings_row,
            players_row,
            buttons_row,
            style,
            self._cell_layout,
        )
        self.children = [
            style,
            settings_row,
            players_row,
            self.note,
            self.status,
            self.board,
            buttons_row,
            self.score_label,
            self.thinking,
        ]
        self.add_class("tictac-game")

    # -- event handlers -----------------------------------------------------------------------

    def _on_cell(self, generation: int, index: int, button: Any) -> None:
        if self._busy or generation != self._generation or button.disabled:
            return  # a click on an earlier position's button, or while the AI moves
        if not self.session.can_play(index):
            return
        self._busy = True
        try:
            self.session.play(index)
            self._show_pending(index)
            self.session.respond()
        finally:
            self._busy = False
            self._render()

    def _on_new_game(self, button: Any) -> None:
        self._act(button, True, self.session.new_game)

    def _on_undo(self, button: Any) -> None:
        self._act(button, self.session.can_undo, self.session.undo)

    def _on_step(self, button: Any) -> None:
        self._act(button, self.session.is_ai_turn, self.session.ai_move)

    def _on_play_to_end(self, button: Any) -> None:
        self._act(button, self.session.is_ai_turn, self.session.play_to_end)

    def _on_hint(self, button: Any) -> None:
        self._act(button, True, lambda: setattr(self, "_hint", not self._hint))

    def _on_thinking(self, button: Any) -> None:
        self._act(button, True, lambda: setattr(self, "_show_thinking", not self._show_thinking))

    def _act(self, button: Any, allowed: bool, action: Callable[[], object]) -> None:
        if self._busy or button.disabled or not allowed:
            return
        self._busy = True
        try:
            action()
        finally:
            self._busy = False
            self._render()

    def _on_control(self, change: Mapping[str, Any]) -> None:
        if self._syncing:
            return
        size = self.size_dropdown.value
        offered = offered_levels(size)
        level = self.level_dropdown.value
        x_level = self.x_level_dropdown.value
        if level not in offered and canonical_level(level) in NOT_OFFERED[size]:
            level = _FALLBACK_LEVEL
        if x_level not in offered and canonical_level(x_level) in NOT_OFFERED[size]:
            x_level = _FALLBACK_LEVEL
        self._busy = True
        try:
            self.session.configure(
                mode=self.mode_dropdown.value,
                size=size,
                level=level,
                x_level=x_level,
                human=self.human_dropdown.value,
            )
        finally:
            self._busy = False
            self._sync_controls()
            self._render()

    # -- drawing ------------------------------------------------------------------------------

    def _sync_controls(self) -> None:
        """Set the controls to the session's settings, without reacting to the change."""
        settings = self.session.settings
        self._syncing = True
        try:
            self.mode_dropdown.value = settings.mode
            self.size_dropdown.value = settings.size
            self.human_dropdown.value = settings.human
            for dropdown, level in (
                (self.level_dropdown, settings.level),
                (self.x_level_dropdown, settings.x_level or settings.level),
            ):
                names = list(offered_levels(settings.size))
                if level not in names:
                    names.append(level)
                if list(dropdown.options) != names:
                    dropdown.options = names
                dropdown.value = level
            ai_vs_ai = settings.mode == "ai-vs-ai"
            self.level_dropdown.description = "O plays" if ai_vs_ai else "AI level"
            _show(self.level_dropdown, settings.mode != "human-vs-human")
            _show(self.x_level_dropdown, ai_vs_ai)
            _show(self.human_dropdown, settings.mode == "human-vs-ai")
            _show(self.step_button, ai_vs_ai)
            _show(self.play_to_end_button, ai_vs_ai)
            _show(self.thinking_button, settings.mode != "human-vs-human")
        finally:
            self._syncing = False

    def _render(self) -> None:
        session = self.session
        self._render_board()
        self.status.value = session.status_text()
        self.score_label.value = session.score_text()
        self.undo_button.disabled = not session.can_undo
        self.step_button.disabled = not session.is_ai_turn
        self.play_to_end_button.disabled = not session.is_ai_turn
        for toggle, on in (
            (self.hint_button, self._hint),
            (self.thinking_button, self.thinking_on),
        ):
            toggle.button_style = "info" if on else ""
            (toggle.add_class if on else toggle.remove_class)("tictac-on")
        self.note.value = self._note_html()
        self._render_thinking()

    @property
    def thinking_on(self) -> bool:
        """True while Show thinking is on and there is an AI to show."""
        return self._show_thinking and self.session.settings.mode != "human-vs-human"

    def _note_html(self) -> str:
        session = self.session
        ai_vs_ai = session.settings.mode == "ai-vs-ai"
        lines = []
        for mark in ("X", "O"):
            level = session.level_of(mark)
            if level is not None:
                text = describe_level(level, session.options_of(mark))
                lines.append(html.escape(f"{mark}: {text}" if ai_vs_ai else text))
        # Why a level is missing or made faster: only where it matters to this game.
        size = session.settings.size
        levels = (session.level_of("X"), session.level_of("O"))
        playing = {canonical_level(level) for level in levels if level}
        if NOT_OFFERED[size] or playing & set(FAST_OPTIONS[size]):
            lines.append(f"<i>{html.escape(levels_note(size))}</i>")
        if self._hint:
            lines.append(
                "Hint: each free cell shows what the player to move gets by playing there if "
                "both sides then play perfectly, and in how many moves the game ends (both "
                "players' moves, this one included)."
            )
        return "<br>".join(lines)

    def _render_board(self) -> None:
        session = self.session
        state = session.state
        rows, cols = state.rows, state.cols
        self.board.layout.grid_template_columns = f"repeat({cols}, {CELL_PX}px)"
        hints = hint_labels(state) if self._hint and not state.is_terminal else {}
        last = session.moves[-1] if session.moves else None
        if session.version != self._board_version or len(self.cells) != rows * cols:
            self._generation += 1
            generation = self._generation
            cells = []
            for index in range(rows * cols):
                row, col = divmod(index, cols)
                cell = widgets.Button(
                    tooltip=f"cell {index} (row {row}, column {col})", layout=self._cell_layout
                )
                cell.on_click(functools.partial(self._on_cell, generation, index))
                cells.append(cell)
            for old in self._retired:  # two positions ago: no click can still be on its way
                old.close()
            self._retired = self.cells
            self.cells = tuple(cells)
            self.board.children = self.cells
            self._board_version = session.version
        for index, cell in enumerate(self.cells):
            self._dress(cell, state, index, hints.get(index), index == last)
            cell.disabled = not session.can_play(index)

    def _dress(self, cell: Any, state: State, index: int, hint: str | None, last: bool) -> None:
        """Give a cell button its text, colours and CSS classes."""
        mark = state.cells[index]
        win = index in (state.winning_line or ())
        classes = ["tictac-cell"]
        description: str
        if mark in ("X", "O"):
            classes.append(f"tictac-{mark.lower()}")
            description = mark
            if win:
                classes.append("tictac-win")
                look = (COLORS["win"], "#ffffff", _MARK_FONT, "bold")
            else:
                look = (_LAST_BG if last else _MARK_BG, COLORS[mark], _MARK_FONT, "bold")
            if last:
                classes.append("tictac-last")
        elif hint is not None:
            kind = hint.split()[0]
            classes += ["tictac-empty", "tictac-hint", f"tictac-hint-{kind}"]
            description = hint
            look = (_HINT_BG[kind], _TEXT, _HINT_FONT, "normal")
        else:
            classes.append("tictac-empty")
            description = " "
            look = (_EMPTY_BG, _TEXT, _MARK_FONT, "bold")
        cell.description = description
        cell.style = self._style(look)
        cell._dom_classes = tuple(classes)

    def _style(self, look: tuple[str, str, str, str]) -> Any:
        """Button styles, shared by the cells that look alike (fewer widgets to make)."""
        style = self._styles.get(look)
        if style is None:
            color, text, size, weight = look
            style = widgets.ButtonStyle(
                button_color=color, text_color=text, font_size=size, font_weight=weight
            )
            self._styles[look] = style
        return style

    def _show_pending(self, index: int) -> None:
        """The human's mark at once, and the whole board disabled while the AI answers."""
        state = self.session.state
        for i, cell in enumerate(self.cells):
            cell.disabled = True
            if i == index:
                self._dress(cell, state, i, None, True)

    def _render_thinking(self) -> None:
        if not self.thinking_on:
            self._thinking_for = None
            self.thinking.outputs = ()
            self.thinking.layout.display = "none"
            return
        self.thinking.layout.display = None
        decision = self.session.last_decision
        if decision is not None and decision is self._thinking_for:
            return
        self._thinking_for = decision
        if decision is None:
            self.thinking.outputs = (_html_output("No AI move on the board yet."),)
            return
        try:
            thinking = explain_decision(decision)
        except Exception as error:  # e.g. Graphviz missing: say so, keep the game going
            self.thinking.outputs = (_html_output(html.escape(f"Cannot draw: {error}")),)
            return
        outputs = [_html_output(thinking.caption)]
        if thinking.svg is not None:
            outputs.append(
                {
                    "output_type": "display_data",
                    "data": {"image/svg+xml": thinking.svg, "text/plain": "<game tree>"},
                    "metadata": {},
                }
            )
        self.thinking.outputs = tuple(outputs)


def _html_output(text: str) -> dict[str, Any]:
    plain = html.unescape(text.replace("<b>", "").replace("</b>", ""))
    return {
        "output_type": "display_data",
        "data": {"text/html": f"<div style='font-size:13px'>{text}</div>", "text/plain": plain},
        "metadata": {},
    }


def _show(widget: Any, visible: bool) -> None:
    widget.layout.display = None if visible else "none"
