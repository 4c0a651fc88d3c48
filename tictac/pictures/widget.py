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
This module is only the view. The game logic is a :class:`~tictac.play.session.GameSession`
(plain Python, no widgets: the moves, undo, the score), the levels and their options come
from the catalogue in :mod:`tictac.players.rules`, and "Show thinking" is drawn by
:mod:`tictac.pictures.thinking`. :class:`GameWidget` is an ``ipywidgets.VBox`` that draws a session
and turns clicks into session calls; it holds no game state of its own beyond what is on
screen.

**Clicks.** The AI moves synchronously inside the click handler, right after the human's move
(every level offered is meant to answer within 50 ms: see the notes on speed in
:mod:`tictac.players.rules`),
with the board disabled meanwhile; a finished game disables the board. A cell button is
enabled only when its cell is a legal move for a human to make now, and the handler checks
again (a disabled button's ``click()`` does nothing). A click that reaches the kernel late,
after the position it was aimed at has changed (a quick double click while the AI answers),
must not land on the new position: so the cell buttons are made afresh for every new
position, and a click on a button of an earlier position is ignored. Clicks are never queued.
While the AI chooses, the status line says so ("The AI is thinking…", or in AI vs AI
"X (mcts) is thinking…"), and a change of a drop-down (mode, board, level, side) waits: the
AI's move goes to the game it was chosen for, and then the change starts its new game.

**Show thinking** draws the AI's last decision below the board, in a box that scrolls, which
the keyboard reaches too, named "How the AI chose its move" for a screen reader; the tree is a
picture whose text alternative names the search (see :mod:`tictac.pictures.thinking` for what
each level shows).

**The board** is drawn like one on paper: grid lines between the cells (the board's
background showing through the gaps), the marks drawn large in the palette's colours
(:data:`tictac.pictures.boards.COLORS`: X blue, O orange), the last move on a pale ground and
underlined, the winning line struck through its cells (rows, columns and both diagonals, of 3
or 4), and a faint mark of the player to move on a free cell under the mouse or the keyboard's
focus. With Hint on, each free cell shows what it gets ("win", "draw", "loss", on a pale tint
of the pictures' best and worst colours) over the number of moves the game lasts: the word
carries the meaning, never the colour alone.

**Each cell is a button** a screen reader or a keyboard can play (Tab to it, Enter or Space
plays it). Its text is its accessible name, which says where it is, as the whole package names
a cell (:meth:`State.cell_label <tictac.game.state.State.cell_label>`: its number, row and
column, counted from 0 as :meth:`State.play <tictac.game.state.State.play>` takes them), and
what is in it: "cell 2 (row 0, column 2), empty", "cell 4 (row 1, column 1), O, last move",
"cell 0 (row 0, column 0), X, winning line", or with Hint on "cell 2 (row 0, column 2), empty,
hint: win 3" (see :func:`cell_name`). That text is hidden from the eye; the marks and the hints
are drawn by the CSS for the cell's classes, so a screen reader reads the name alone.

For browser tests and styling, every part has a CSS class: ``tictac-game`` (the whole),
``tictac-board`` (with ``tictac-cols-3`` or ``tictac-cols-4``, and ``tictac-turn-x`` or
``tictac-turn-o`` for the player to move), ``tictac-cell`` (each cell button; its description
is its name), with ``tictac-x``, ``tictac-o``, ``tictac-empty``, ``tictac-last``,
``tictac-win`` (and ``tictac-win-row``, ``-column``, ``-diagonal`` or ``-antidiagonal``, the way
the line runs), ``tictac-hint``, ``tictac-hint-win``/``-draw``/``-loss`` and ``tictac-in-N`` (the
game lasts N more moves); ``tictac-status``, ``tictac-score``,
``tictac-note`` (a line on each level in play, and why it plays faster on this board if it
does; why a level is missing from a board is on the level drop-downs' tooltip),
``tictac-thinking``; the buttons (descriptions "New game", "Undo", "Hint",
"Show thinking", "Step", "Play to end") ``tictac-new``, ``tictac-undo``,
``tictac-hint-button``, ``tictac-thinking-button``, ``tictac-step``, ``tictac-play-to-end``,
with ``tictac-on`` while Hint or Show thinking is on; and the drop-downs ``tictac-mode``,
``tictac-size``, ``tictac-level``, ``tictac-x-level``, ``tictac-human``.

The names this module had before the game logic moved out (``GameSession``, ``hint_labels``,
``offered_levels``, ``explain_decision``, ...) can still be imported from it.
"""

from __future__ import annotations

import base64
import functools
import html
import re
import urllib.parse
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from tictac.game.state import Mark, State
from tictac.pictures.boards import COLORS, game_picture
from tictac.pictures.static import StaticPicture, bare_svg
from tictac.pictures.thinking import Thinking, explain_decision
from tictac.play.levels import canonical_level, describe_level
from tictac.play.offered import (
    BOARD_SIZES,
    FAST_OPTIONS,
    LEVEL_CHOICES,
    NOT_OFFERED,
    level_options,
    levels_note,
    offered_levels,
)
from tictac.play.session import (
    MODES,
    Decision,
    FinishedGame,
    GameSession,
    Mode,
    Settings,
    Tally,
    hint_labels,
)
from tictac.players.levels import BoardSize

__all__ = [
    # the view
    "GameWidget",
    "cell_name",
    # re-exported from tictac.play.session, tictac.players.rules and tictac.pictures.thinking
    "BOARD_SIZES",
    "FAST_OPTIONS",
    "LEVEL_CHOICES",
    "MODES",
    "NOT_OFFERED",
    "BoardSize",
    "Decision",
    "FinishedGame",
    "GameSession",
    "Mode",
    "Settings",
    "Tally",
    "Thinking",
    "canonical_level",
    "describe_level",
    "explain_decision",
    "hint_labels",
    "level_options",
    "levels_note",
    "offered_levels",
]

# Looks: a drawn board. The grid lines are the board's background showing through the gaps
# between the cells; the marks are pictures (no text), so a cell button's text can be its
# accessible name, kept for screen readers and hidden from the eye.
CELL_PX = {3: 72, 4: 60}
"""A cell's side in pixels, by the board's number of columns."""
LINE_PX = 4
"""The width of the grid lines, in pixels."""
_WHITE = "#ffffff"
_TEXT = "#1a202c"
_MUTED = "#4a5568"
_LAST_BG = "#fdf3c4"  # pale yellow behind the last move (which is underlined too)
_WIN_BG = "#d4efe6"  # pale bluish green behind the winning line (which is struck through too)
_HINT_BG = {"win": "#c7eadf", "draw": "#e9ecef", "loss": "#f1d6e6"}  # pale best, grey, worst
_FONT_PX = {3: (15, 20), 4: (13, 17)}  # a hint's word and number, by the number of columns
_FALLBACK_LEVEL = "unbeatable"
_WIN_DIRECTIONS = ("row", "column", "diagonal", "antidiagonal")


def _mark_picture(mark: Mark, opacity: float = 1.0) -> str:
    """A mark drawn as board_svg draws it, as a CSS ``url()`` (a picture has no text, so a
    screen reader reads the cell's name instead)."""
    color = COLORS[mark]
    if mark == "X":
        shape = (
            f'<path d="M22,22 L78,78 M78,22 L22,78" stroke="{color}" stroke-width="11" '
            'stroke-linecap="round"/>'
        )
    else:
        shape = f'<circle cx="50" cy="50" r="28" fill="none" stroke="{color}" stroke-width="11"/>'
    faint = f' opacity="{opacity}"' if opacity < 1 else ""
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"{faint}>{shape}</svg>'
    return f'url("data:image/svg+xml,{urllib.parse.quote(svg)}")'


def _css() -> str:
    """The style sheet of every game on the page (scoped by ``tictac-game``)."""
    cell = ".tictac-game .tictac-board .tictac-cell"
    rules = [
        f".tictac-game .tictac-board {{ background: {COLORS['grid']}; width: max-content; }}",
        # A cell: white, square, its text (the accessible name) invisible; what it shows is
        # drawn by the background (the mark) and ::before/::after (words, underline, strike).
        f"{cell}, {cell}:hover, {cell}:focus, {cell}:active {{ position: relative; "
        f"overflow: visible; display: flex; flex-direction: column; align-items: center; "
        f"justify-content: center; padding: 0; margin: 0; border: none; border-radius: 0; "
        f"box-shadow: none; opacity: 1; font-size: 0; color: transparent; line-height: 1.15; "
        f"background: {_WHITE} center / 100% no-repeat; }}",
        f"{cell}:disabled {{ cursor: default; }}",
        f"{cell}:focus-visible {{ outline: 3px solid {_TEXT}; outline-offset: -6px; }}",
        f"{cell}.tictac-x {{ background-image: {_mark_picture('X')}; }}",
        f"{cell}.tictac-o {{ background-image: {_mark_picture('O')}; }}",
    ]
    # The hover mark: a faint mark of the player to move on a cell they can play.
    for mark in ("X", "O"):
        turn = f".tictac-game .tictac-board.tictac-turn-{mark.lower()} .tictac-cell.tictac-empty"
        rules.append(
            f"{turn}:enabled:hover, {turn}:enabled:focus-visible "
            f"{{ background-image: {_mark_picture(mark, 0.3)}; }}"
        )
    # The last move: a pale background and an underline.
    rules.append(f"{cell}.tictac-last {{ background-color: {_LAST_BG}; }}")
    rules.append(
        f"{cell}.tictac-last::before {{ content: ''; position: absolute; left: 28%; right: 28%; "
        f"bottom: 7%; height: 4px; border-radius: 2px; background: {_TEXT}; }}"
    )
    # The winning line: a pale background, and a line struck through every cell of it, the
    # pieces meeting in the grid lines between them.
    rules.append(f"{cell}.tictac-win {{ background-color: {_WIN_BG}; }}")
    strike = f"calc(100% + {LINE_PX}px)"
    for direction, angle, length in (
        ("row", 0, strike),
        ("column", 90, strike),
        ("diagonal", 45, f"calc((100% + {LINE_PX}px) * 1.4143)"),
        ("antidiagonal", -45, f"calc((100% + {LINE_PX}px) * 1.4143)"),
    ):
        rules.append(
            f"{cell}.tictac-win-{direction}::after {{ content: ''; position: absolute; "
            f"left: 50%; top: 50%; width: {length}; height: 7px; z-index: 1; "
            f"background: {COLORS['win']}; opacity: 0.85; "
            f"transform: translate(-50%, -50%) rotate({angle}deg); }}"
        )
    # Hints: the word (what the move gets) over the number (in how many moves), dark on a
    # pale tint of the pictures' colours for the best and the worst moves.
    for kind, background in _HINT_BG.items():
        rules.append(f"{cell}.tictac-hint-{kind} {{ background-color: {background}; }}")
        rules.append(f"{cell}.tictac-hint-{kind}::before {{ content: '{kind}' / ''; }}")
    for cols, (word, number) in _FONT_PX.items():
        board = f".tictac-game .tictac-board.tictac-cols-{cols} .tictac-hint"
        rules.append(f"{board}::before {{ font-size: {word}px; color: {_TEXT}; }}")
        rules.append(
            f"{board}::after {{ font-size: {number}px; font-weight: bold; color: {_TEXT}; }}"
        )
    most = max(CELL_PX) ** 2
    rules += [f"{cell}.tictac-in-{n}::after {{ content: '{n}' / ''; }}" for n in range(1, most + 1)]
    rules.append(
        ".tictac-game .tictac-note, .tictac-game .tictac-note .widget-html-content "
        f"{{ color: {_MUTED}; font-size: 12px; line-height: 1.35; }}"
    )
    return "<style>\n" + "\n".join(rules) + "\n</style>"


def cell_name(state: State, index: int, hint: str | None = None, *, last: bool = False) -> str:
    """What a cell button says to a screen reader: which cell it is (:meth:`State.cell_label
    <tictac.game.state.State.cell_label>`), what is in it, and whether it is the last move, on
    the winning line, or a hint.

    >>> state = State.parse("XX./OO./...").play(2)
    >>> cell_name(state, 0)
    'cell 0 (row 0, column 0), X, winning line'
    >>> cell_name(state, 2, last=True)
    'cell 2 (row 0, column 2), X, last move, winning line'
    >>> cell_name(State.new(), 5, "draw")
    'cell 5 (row 1, column 2), empty, hint: draw'
    """
    mark = state.cells[index]
    parts = [state.cell_label(index), mark if mark in ("X", "O") else "empty"]
    if last:
        parts.append("last move")
    if index in (state.winning_line or ()):
        parts.append("winning line")
    if hint is not None:
        parts.append(f"hint: {hint}")
    return ", ".join(parts)


def _win_direction(state: State) -> str:
    """Which way the winning line runs: "row", "column", "diagonal" (down to the right) or
    "antidiagonal" (down to the left)."""
    line = state.winning_line or ()
    step = line[1] - line[0] if len(line) > 1 else 1
    steps = {
        1: "row",
        state.cols: "column",
        state.cols + 1: "diagonal",
        state.cols - 1: "antidiagonal",
    }
    return steps[step]


_CSS = _css()


# ---------------------------------------------------------------------------------------------
# The widget


class GameWidget(StaticPicture, widgets.VBox):  # type: ignore[misc]
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
    >>> [cell.description for cell in game.cells[2:4]]
    ['cell 2 (row 0, column 2), X, last move, winning line', 'cell 3 (row 1, column 0), O']
    >>> game.cells[0]._dom_classes
    ('tictac-cell', 'tictac-x', 'tictac-win', 'tictac-win-row')
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
        self._controls_changed = False
        self._syncing = False
        self._generation = 0
        self._board_version = -1
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
            for part in (*self.cells, *self._retired, *made):
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

        self._cell_layout = widgets.Layout(margin="0", padding="0")
        self.board = widgets.GridBox(layout=widgets.Layout(grid_gap=f"{LINE_PX}px", margin="8px 0"))
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
        self.thinking = widgets.Output(layout=widgets.Layout(max_width="100%"))
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

        def move_and_answer() -> None:
            self.session.play(index)
            self._show_pending(index)
            if self.session.is_ai_turn:
                self.status.value = self._thinking_text()
            self.session.respond()

        self._run(move_and_answer)

    def _on_new_game(self, button: Any) -> None:
        settings = self.session.settings
        opens = _ai_opens(settings.mode, settings.human)
        self._act(
            button, True, self.session.new_game, thinking=self._thinking_text() if opens else None
        )

    def _on_undo(self, button: Any) -> None:
        self._act(button, self.session.can_undo, self.session.undo)

    def _on_step(self, button: Any) -> None:
        self._act(
            button, self.session.is_ai_turn, self.session.ai_move, thinking=self._thinking_text()
        )

    def _on_play_to_end(self, button: Any) -> None:
        self._act(
            button,
            self.session.is_ai_turn,
            self.session.play_to_end,
            thinking="The AIs play to the end…",
        )

    def _on_hint(self, button: Any) -> None:
        self._act(button, True, lambda: setattr(self, "_hint", not self._hint))

    def _on_thinking(self, button: Any) -> None:
        self._act(button, True, lambda: setattr(self, "_show_thinking", not self._show_thinking))

    def _act(
        self,
        button: Any,
        allowed: bool,
        action: Callable[[], object],
        *,
        thinking: str | None = None,
    ) -> None:
        """A button's `action`, when it is `allowed` and nothing else is under way. The status
        line says `thinking` meanwhile, when the AI chooses a move in it."""
        if self._busy or button.disabled or not allowed:
            return
        if thinking:
            self.status.value = thinking
        self._run(action)

    def _run(self, action: Callable[[], object]) -> None:
        """Do `action` while busy: meanwhile, clicks are ignored and a change of the drop-downs
        waits, to start its new game once `action` is over (the AI's move, made for the game
        it was asked for, must not land on another)."""
        self._busy = True
        try:
            action()
        finally:
            self._busy = False
            self._render()
        if self._controls_changed:
            self._controls_changed = False
            self._on_control({})

    def _on_control(self, change: Mapping[str, Any]) -> None:
        if self._syncing:
            return
        if self._busy:  # the AI is choosing: the new settings wait for its move
            self._controls_changed = True
            return
        size = self.size_dropdown.value
        offered = offered_levels(size)
        level = self.level_dropdown.value
        x_level = self.x_level_dropdown.value
        if level not in offered and canonical_level(level) in NOT_OFFERED[size]:
            level = _FALLBACK_LEVEL
        if x_level not in offered and canonical_level(x_level) in NOT_OFFERED[size]:
            x_level = _FALLBACK_LEVEL
        mode, human = self.mode_dropdown.value, self.human_dropdown.value
        if _ai_opens(mode, human):
            self.status.value = self._thinking_text()

        def configure() -> None:
            try:
                self.session.configure(
                    mode=mode, size=size, level=level, x_level=x_level, human=human
                )
            finally:
                self._sync_controls()

        self._run(configure)

    def _thinking_text(self) -> str:
        """The status line while the AI to move chooses: the browser shows it while the kernel
        works, and the status is redrawn when the move is made."""
        session = self.session
        if session.settings.mode == "ai-vs-ai":
            mark = session.state.turn
            return f"{mark} ({session.level_of(mark)}) is thinking…"
        return "The AI is thinking…"

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
            # Why a level is missing from the list: on the list's tooltip, not in the note
            # (which is about the game in play).
            missing = levels_note(settings.size, NOT_OFFERED[settings.size]) or None
            self.level_dropdown.tooltip = self.x_level_dropdown.tooltip = missing
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
        playing = []  # the levels in play, where they play with this board's quicker options
        size = session.settings.size
        for mark in ("X", "O"):
            level = session.level_of(mark)
            if level is None:
                continue
            options = session.options_of(mark)
            text = describe_level(level, options)
            lines.append(html.escape(f"{mark}: {text}" if ai_vs_ai else text))
            fast = FAST_OPTIONS[size].get(canonical_level(level), {})
            if fast and all(options.get(name) == value for name, value in fast.items()):
                playing.append(level)
        # Why a level in play is made faster: only for the levels in this game.
        why = levels_note(size, playing) if playing else ""
        if why:
            lines.append(f"<i>{html.escape(why)}</i>")
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
        side = CELL_PX[cols]
        self._cell_layout.width = self._cell_layout.height = f"{side}px"
        self.board.layout.grid_template_columns = f"repeat({cols}, {side}px)"
        self.board._dom_classes = (
            "tictac-board",
            f"tictac-cols-{cols}",
            f"tictac-turn-{state.turn.lower()}",
        )
        hints = hint_labels(state) if self._hint and not state.is_terminal else {}
        last = session.moves[-1] if session.moves else None
        if session.version != self._board_version or len(self.cells) != rows * cols:
            self._generation += 1
            generation = self._generation
            cells = []
            for index in range(rows * cols):
                cell = widgets.Button(layout=self._cell_layout)
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
        """Give a cell button its name (its text, which a screen reader reads and the eye does
        not see) and the CSS classes that draw it."""
        mark = state.cells[index]
        classes = ["tictac-cell"]
        if mark in ("X", "O"):
            classes.append(f"tictac-{mark.lower()}")
            if last:
                classes.append("tictac-last")
            if index in (state.winning_line or ()):
                classes += ["tictac-win", f"tictac-win-{_win_direction(state)}"]
        else:
            classes.append("tictac-empty")
            if hint is not None:
                kind, *moves = hint.split()
                classes += ["tictac-hint", f"tictac-hint-{kind}"]
                classes += [f"tictac-in-{n}" for n in moves]
        cell.description = cell_name(state, index, hint, last=last)
        cell._dom_classes = tuple(classes)

    def _show_pending(self, index: int) -> None:
        """The human's mark at once, and the whole board disabled while the AI answers."""
        state = self.session.state
        self.board.remove_class(f"tictac-turn-{state.turn.lower()}")
        for cell in self.cells:  # first, so that no cell can be played once the mark shows
            cell.disabled = True
        self._dress(self.cells[index], state, index, None, True)

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
        self.thinking.outputs = (_thinking_output(thinking),)

    # -- the still picture (where the widget cannot run: see tictac.pictures.static)
    # ----------------

    def _static_svg(self) -> str:
        return game_picture(self.session, hints=self._hint)

    def _static_caption(self) -> str:
        session = self.session
        settings = session.settings
        players = []
        for mark in ("X", "O"):
            level = session.level_of(mark)
            if level is not None:
                players.append(f"{mark}: {level}" if settings.mode == "ai-vs-ai" else level)
        who = f" ({', '.join(players)})" if players else ""
        return (
            f"{MODES[settings.mode]}{who}, {BOARD_SIZES[settings.size]}: a picture of the "
            "game; run the cell to play."
        )


def _html_output(text: str) -> dict[str, Any]:
    plain = html.unescape(text.replace("<b>", "").replace("</b>", ""))
    return {
        "output_type": "display_data",
        "data": {"text/html": f"<div style='font-size:13px'>{text}</div>", "text/plain": plain},
        "metadata": {},
    }


_THINKING_BOX = (
    'class="tictac-thinking-box" tabindex="0" role="group" aria-label="How the AI chose its move" '
    'style="max-height: 560px; overflow: auto; font-size: 13px"'
)


def _thinking_output(thinking: Thinking) -> dict[str, Any]:
    """What Show thinking shows: the caption and the tree (a picture whose text alternative
    names the search), in a box that scrolls when the tree is bigger than the page and that
    the keyboard can reach to scroll it (Tab, then the arrow keys), named for a screen reader.

    (One HTML output rather than JupyterLab's own SVG output: that is drawn as an image
    without a text alternative, in an area the keyboard cannot scroll.)
    """
    plain = html.unescape(re.sub(r"</?b>", "", thinking.caption))
    parts = [f"<div>{thinking.caption}</div>"]
    if thinking.svg is not None:
        description = getattr(thinking.graph, "description", "")
        alt = "The game tree the AI searched" + (f": {description}" if description else "")
        data = base64.b64encode(bare_svg(thinking.svg).encode("utf-8")).decode("ascii")
        parts.append(
            f'<img src="data:image/svg+xml;base64,{data}" alt="{html.escape(alt)}" '
            'style="max-width: none">'
        )
        plain += f"\n[{alt}]"
    return {
        "output_type": "display_data",
        "data": {"text/html": f"<div {_THINKING_BOX}>{''.join(parts)}</div>", "text/plain": plain},
        "metadata": {},
    }


def _ai_opens(mode: Mode, human: Mark) -> bool:
    """True when a new game with these settings starts with the AI's move (the session lets
    the AI answer at once against a human who plays O; in AI vs AI, Step starts it)."""
    return mode == "human-vs-ai" and human == "O"


def _show(widget: Any, visible: bool) -> None:
    widget.layout.display = None if visible else "none"
