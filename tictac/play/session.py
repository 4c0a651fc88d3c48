"""The game behind the widget: :class:`GameSession`, plain Python that knows nothing of widgets.

A session holds the settings (mode, board, levels, the human's mark), the history of states,
which seats are human, the seeded AI players, undo and the running score. The game widget
(:mod:`tictac.pictures.widget`) draws a session and turns clicks into session calls; tests and
lessons drive a session directly. It needs no ipywidgets.

>>> session = GameSession(level="medium", seed=0)
>>> session.play(4)                      # the human (X) takes the centre...
>>> session.respond()                    # ...and the AI answers
(7,)
>>> session.status_text(), session.score
('X to move (you)', Tally(wins=0, draws=0, losses=0))

Rules
-----
* Every illegal action raises :class:`~tictac.game.state.IllegalMove` and changes nothing (a move
  out of turn, an occupied cell, undo with nothing to undo), so no caller can bring a session
  into a wrong state. Bad settings raise ValueError, naming what is offered.
* X always moves first (the rules in :mod:`tictac.game.state`), so choosing who plays X also
  chooses who starts. Against the AI, the AI answers when :meth:`GameSession.respond` asks it
  to; in AI vs AI, :meth:`GameSession.ai_move` and :meth:`GameSession.play_to_end` drive it.
* **Undo** takes back the human's last move and the AI's reply (one move in the other modes).
* **The score** (a :class:`Tally`) counts the finished games of the current mode, from the
  human's view against the AI (wins, draws, losses) and from X's otherwise. The game on the
  board counts as soon as it is over; undoing a finished game takes its result back out (so
  nothing is counted twice), and a game abandoned by a new game or a change of setting before
  its end is not counted.
* The levels, their options on each board and the boards themselves come from the catalogue
  in :mod:`tictac.players.rules` (:data:`~tictac.play.levels.CATALOGUE`); every level offered is
  meant to answer within 50 ms a move (its notes on speed; ``bench/levels.py`` measures it).
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal, NamedTuple

from tictac.game.position import refuse_other_games
from tictac.game.state import EMPTY, IllegalMove, Mark, Move, State
from tictac.helpers.checks import as_whole_tuple, shown, whole_number
from tictac.helpers.seeds import whole_seed
from tictac.play.levels import CATALOGUE, canonical_level, make_player
from tictac.play.offered import BOARD_SIZES, board_size, level_options
from tictac.players.levels import BoardSize, tidy_level_name
from tictac.players.rules import Player, brute_force_sum
from tictac.search import solver
from tictac.search.mcts import MCTSResult, uct_search

__all__ = [
    "MODES",
    "Decision",
    "FinishedGame",
    "GameSession",
    "Mode",
    "Settings",
    "Tally",
    "hint_labels",
]

Mode = Literal["human-vs-ai", "human-vs-human", "ai-vs-ai"]
Seat = Literal["human", "ai"]

MODES: dict[Mode, str] = {
    "human-vs-ai": "You vs the AI",
    "human-vs-human": "Two players",
    "ai-vs-ai": "AI vs AI",
}
"""The modes, with their labels in the widget."""


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
    refuse_other_games(state, "hint_labels()", "minimax(position).move_values")
    if not isinstance(state, State):
        raise TypeError(
            "hint_labels() needs a State, such as State.parse('XX./OO./...') or a session's "
            f"state, not {shown(state)}"
        )
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
# Small types


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
    mcts: MCTSResult[int] | None = None

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


class Tally(NamedTuple):
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
    search's statistics so that Show thinking can draw them."""

    def __init__(self, *, playouts: int, exploration: float) -> None:
        self.playouts = playouts
        self.exploration = exploration
        self.last: MCTSResult[int] | None = None

    def __call__(self, state: State, rng: random.Random) -> int:
        self.last = uct_search(
            state, playouts=self.playouts, exploration=self.exploration, seed=rng
        )
        return self.last.move


# ---------------------------------------------------------------------------------------------
# The session


class GameSession:
    """A game on the board and the games before it: the logic behind the game widget.

    The arguments are those of :class:`~tictac.pictures.widget.GameWidget`. `seed` makes the AI
    players repeat themselves: the same calls give the same games. Every illegal action raises
    :class:`~tictac.game.state.IllegalMove` and changes nothing.

    >>> session = GameSession(level="master")
    >>> session.play(4)                      # the human (X) takes the centre...
    >>> session.respond()                    # ...and the AI answers in a corner
    (0,)
    >>> session.play(0)
    Traceback (most recent call last):
      ...
    tictac.game.state.IllegalMove: cell 0 (row 0, column 0) is already taken by O; ...
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
        self.seed = whole_seed(seed, "the game session")
        self.level_options = _checked_level_options(level_options)
        self.settings = self._validated(Settings(level, human, mode, _board(size, k), x_level))
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
        _check_mark(mark)
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
        _check_mark(mark)
        return dict(self._options.get(mark, {}))

    @property
    def is_human_turn(self) -> bool:
        """True when the game runs and a human is to move."""
        return not self.state.is_terminal and self.seat(self.state.turn) == "human"

    @property
    def is_ai_turn(self) -> bool:
        """True when the game runs and an AI is to move."""
        return not self.state.is_terminal and self.seat(self.state.turn) == "ai"

    def can_play(self, move: Move) -> bool:
        """True when a human may play `move` now: exactly when :meth:`play` would take it."""
        if not self.is_human_turn:
            return False
        try:
            index = self.state.index_of(move)
        except IllegalMove:
            return False
        return self.state.cells[index] == EMPTY

    @property
    def can_undo(self) -> bool:
        """True when :meth:`undo` has something to take back."""
        return self._undo_point() is not None

    # -- actions ------------------------------------------------------------------------------

    def play(self, move: Move) -> None:
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
        """The AI to move plays, and its move is returned.

        If the game changes while the AI is choosing (a new game, another board or level,
        started from another thread or a callback), the move is for a game that is gone: it is
        not played, and :class:`~tictac.game.state.IllegalMove` says so.
        """
        state, version = self.state, self.version
        if state.is_terminal:
            raise IllegalMove("the game is over: the AI has no move to make")
        if not self.is_ai_turn:
            raise IllegalMove(f"it is a human's turn ({state.turn}), not the AI's")
        player = self._players[state.turn]
        started = time.perf_counter()
        move = player.choose(state)
        seconds = time.perf_counter() - started
        if self.version != version:
            raise IllegalMove(
                "the game changed while the AI was choosing its move, so the move was not "
                "played; ask the AI again for the game as it is now"
            )
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
        from the seed. `k` alone changes how many in a row win on the board of the moment."""
        changes: dict[str, Any] = {}
        if size is None and k is not None:
            size = self.settings.size[:2]
        if level is not None:
            changes["level"] = level
        if human is not None:
            changes["human"] = human
        if mode is not None:
            changes["mode"] = mode
        if size is not None:
            changes["size"] = _board(size, k)
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
    def score(self) -> Tally:
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
        return Tally(wins, draws, losses)

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
        if not isinstance(settings.mode, str) or settings.mode not in MODES:
            raise ValueError(f"mode {shown(settings.mode)} is not one of {', '.join(MODES)}")
        if settings.human not in ("X", "O"):
            raise ValueError(f"the human plays 'X' or 'O', not {shown(settings.human)}")
        size = board_size(settings.size)
        names = {"level": settings.level}
        if settings.x_level is not None:
            names["x_level"] = settings.x_level
        for what, name in names.items():
            level = CATALOGUE[canonical_level(name)]
            if size in level.not_offered:
                raise ValueError(
                    f"{what} {name!r} is not offered on {BOARD_SIZES[size]}: "
                    f"{level.not_offered[size]}"
                )
            make_player(level.name, **level_options(level.name, size, self.level_options))
        x_level = tidy_level_name(settings.x_level) if settings.x_level is not None else None
        return replace(settings, level=tidy_level_name(settings.level), size=size, x_level=x_level)

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
            entry = CATALOGUE[canonical_level(level)]
            if entry.name == "mcts":
                player.rule = _RecordingUCT(**{**entry.defaults, **options})
            self._players[mark] = player
            self._options[mark] = options
        self._players_for = self.settings

    def _warm_up(self) -> None:
        """Let slow first decisions happen now, not as an answer to a click (see the notes on
        speed in :mod:`tictac.players.rules`). Brute-force keeps what it learns for the process."""
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
# Checking the arguments


def _check_mark(mark: object) -> None:
    if mark not in ("X", "O"):
        raise ValueError(f"a mark is 'X' or 'O' (capital letters), not {shown(mark)}")


def _board(size: object, k: object) -> BoardSize:
    """`size` and `k` as :func:`~tictac.play.offered.board_size` reads them, in plain ints."""
    numbers = as_whole_tuple(size)
    if numbers is None or len(numbers) not in (2, 3):
        raise ValueError(
            f"size is (rows, cols) in whole numbers, such as (3, 3) or (4, 4), not {shown(size)}"
        )
    if len(numbers) == 3 and k is not None:
        raise ValueError(
            f"size {shown(size)} already says k: give size as (rows, cols) with k=, or leave out k"
        )
    whole_k = None if k is None else whole_number(k, "k", or_else="None for the shorter side")
    return board_size(numbers, whole_k)


def _checked_level_options(overrides: object) -> dict[str, dict[str, Any]]:
    """`level_options` by canonical level name, every option checked now (not when its level
    is first chosen, perhaps long after)."""
    if overrides is None:
        return {}
    example = "{'mcts': {'playouts': 500}}"
    if not isinstance(overrides, Mapping):
        raise TypeError(
            f"level_options maps level names to their options, such as {example}, not "
            f"{shown(overrides)}"
        )
    checked: dict[str, dict[str, Any]] = {}
    for name, options in overrides.items():
        if not (isinstance(options, Mapping) and all(isinstance(key, str) for key in options)):
            raise TypeError(
                f"the options of level {shown(name)} map option names to values, as in "
                f"{example}, not {shown(options)}"
            )
        level = canonical_level(name)
        CATALOGUE[level].check_options(options)
        make_player(level, **options)  # checks the values
        checked[level] = dict(options)
    return checked
