"""tictac: game-tree search taught through tic-tac-toe.

>>> import tictac
>>> s = tictac.State.new().play(4)
>>> s.turn
'O'

Importing the package is light: the game model loads at once, while the modules that need
ipywidgets, graphviz or matplotlib load the first time one of their names is used.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from tictac.state import (
    IllegalMove,
    InvalidBoard,
    State,
    reachable_states,
    symmetry_permutations,
    winning_lines,
)

__version__ = "0.1.0"

# Public names that live in heavier modules, loaded on first use: name -> module.
_LAZY: dict[str, str] = {
    "board_svg": "tictac.pictures",
}

__all__ = [
    "IllegalMove",
    "InvalidBoard",
    "State",
    "reachable_states",
    "symmetry_permutations",
    "winning_lines",
    *_LAZY,
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'tictac' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


if TYPE_CHECKING:
    from tictac.pictures import board_svg as board_svg
