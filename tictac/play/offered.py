"""Which levels the game widget offers on which boards, and with which options.

Speed on the widget's boards
----------------------------
The widget makes the AI answer inside the click handler, so a level is offered on a board
only if it answers quickly there: the aim is 50 ms a move. Per-move times on a 2-core
machine (median and worst over seeded games against a random opponent: ``bench/levels.py``
prints them) showed which levels need help; each level's `fast` options and `not_offered`
boards hold the result, and :func:`levels_note` says it in words:

* brute-force is not offered on 4x4: it works out a sum for every position below each move,
  about three times as many for each extra empty cell (0.1 s with 9 empty cells; with 12, some
  130,000 positions on 4x4 with four in a row and 3 s; millions below the empty 4x4 board);
* heuristic looks 3 moves ahead on 4x4 instead of 5 (depth 5: up to 0.8 s per move);
* mcts plays 300 random games per move on 3x3 and 150 on 4x4 instead of 1000 (1000 take
  60-110 ms on 3x3 and 0.2 s on 4x4);
* menace and td, the learners of :mod:`tictac.learning.learners`, are not offered on 4x4: they
  learnt on 3x3, and play from a table stored in ``tictac/data/`` (read once, then a
  lookup per move);
* the solver's levels (master, novice, epsilon) and the hints answer within a few
  milliseconds on 4x4 too, even from a cold start (its pairing-strategy bound proves most
  "nobody can win" positions at once); brute-force on 3x3 sums its tree once (0.1 s) when it
  is chosen, before the game starts rather than as an answer to a click.

``level_options={"mcts": {"playouts": 1000}}`` in the widget gives a level other options,
slower or not.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tictac.play.levels import CATALOGUE, canonical_level, tidy_level_name
from tictac.players.levels import BoardSize

__all__ = [
    "BOARD_SIZES",
    "FAST_OPTIONS",
    "LEVEL_CHOICES",
    "NOT_OFFERED",
    "board_size",
    "level_options",
    "levels_note",
    "offered_levels",
]

BOARD_SIZES: dict[BoardSize, str] = {
    (3, 3, 3): "3x3",
    (4, 4, 4): "4x4, 4 in a row",
    (4, 4, 3): "4x4, 3 in a row",
}
"""The boards the widget offers, on which every level is timed, with their labels (bigger
boards are too slow to solve)."""


LEVEL_CHOICES: tuple[str, ...] = (
    "blind",
    "easy",
    "defensive",
    "offensive",
    "menace",
    "rules",
    "novice",
    "medium",
    "heuristic",
    "brute-force",
    "mcts",
    "td",
    "epsilon",
    "master",
    "unbeatable",
)
"""The levels in the widget's drop-down, by the tutorials' names, roughly weakest first."""

FAST_OPTIONS: dict[BoardSize, dict[str, dict[str, Any]]] = {
    size: {name: dict(level.fast[size]) for name, level in CATALOGUE.items() if size in level.fast}
    for size in BOARD_SIZES
}
"""The options that make a level quick enough on a board, by board and level (read from
:data:`CATALOGUE`)."""

NOT_OFFERED: dict[BoardSize, dict[str, str]] = {
    size: {
        name: level.not_offered[size]
        for name, level in CATALOGUE.items()
        if size in level.not_offered
    }
    for size in BOARD_SIZES
}
"""The levels not offered on a board, and why (read from :data:`CATALOGUE`)."""


def board_size(size: tuple[int, ...], k: int | None = None) -> BoardSize:
    """One of :data:`BOARD_SIZES`, from ``(rows, cols)`` and `k` (default: the shorter side),
    or from ``(rows, cols, k)``.

    >>> board_size((4, 4)), board_size((4, 4), k=3), board_size((3, 3, 3))
    ((4, 4, 4), (4, 4, 3), (3, 3, 3))
    >>> board_size((5, 5))
    Traceback (most recent call last):
      ...
    ValueError: the board (5, 5, 5) is not offered; choose one of 3x3 with k=3, ...
    """
    key = tuple(size)
    if len(key) == 2:
        rows, cols = key
        key = (rows, cols, min(rows, cols) if k is None else k)
    elif len(key) != 3 or k is not None:
        raise ValueError(f"size is (rows, cols), such as (3, 3) or (4, 4), not {size!r}")
    if key not in BOARD_SIZES:
        offered = ", ".join(f"{r}x{c} with k={n}" for r, c, n in BOARD_SIZES)
        raise ValueError(f"the board {key!r} is not offered; choose one of {offered}")
    return (key[0], key[1], key[2])


def offered_levels(size: BoardSize) -> tuple[str, ...]:
    """The levels the widget offers on a board: those quick enough to answer a click (the aim:
    50 ms a move).

    >>> offered_levels((3, 3, 3)) == LEVEL_CHOICES
    True
    >>> "brute-force" in offered_levels((4, 4, 4))
    False
    """
    size = board_size(size)
    return tuple(
        name for name in LEVEL_CHOICES if size not in CATALOGUE[canonical_level(name)].not_offered
    )


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
    options = dict(CATALOGUE[key].fast.get(board_size(size), {}))
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
    return f"{tidy_level_name(level)}: {CATALOGUE[canonical_level(level)].describe(options)}"


def levels_note(size: BoardSize, levels: Iterable[str] | None = None) -> str:
    """Which levels are missing or made faster on a board, and why; only about `levels` (by
    any name `make_player` takes), if given (the widget's note names the levels in play).

    >>> levels_note((3, 3, 3))
    'On 3x3, mcts plays 300 random games per move (not 1000), to answer quickly.'
    >>> levels_note((4, 4, 4), ["MCTS", "unbeatable"])
    'On 4x4, mcts plays 150 random games per move (not 1000), to answer quickly.'
    >>> levels_note((4, 4, 4), ["unbeatable"])
    ''
    """
    size = board_size(size)
    board = f"{size[0]}x{size[1]}"
    named = set(CATALOGUE) if levels is None else {canonical_level(name) for name in levels}
    parts = [
        f"{name} is not offered on {board}: {level.not_offered[size]}."
        for name, level in CATALOGUE.items()
        if size in level.not_offered and name in named
    ]
    changes = []
    for name, level in CATALOGUE.items():
        fast = level.fast.get(size) if name in named else None
        if fast:
            usual = ", ".join(str(level.defaults[option]) for option in fast)
            changes.append(f"{name} {level.fast_note.format_map(fast)} (not {usual})")
    if changes:
        parts.append(f"On {board}, {' and '.join(changes)}, to answer quickly.")
    return " ".join(parts)
