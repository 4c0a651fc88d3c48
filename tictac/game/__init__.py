"""The rules of the games, and what can be said of a position without searching it.

one game interface for the searches (:class:`Position`, :mod:`~tictac.game.position`),
positions as values that never change (:class:`FrozenPosition`, :mod:`~tictac.game.frozen`),
m,n,k boards (:class:`State`, :mod:`~tictac.game.state`), Connect Four (:class:`ConnectFour`,
:mod:`~tictac.game.connect_four`), Nim's heaps (:class:`Nim`, :mod:`~tictac.game.nim`), the
textbooks' trees of numbers (:mod:`~tictac.game.numbertree`), scores and heuristics
(:mod:`~tictac.game.scoring`), counting positions (:mod:`~tictac.game.counting`), and a board's
geometry as bit masks for the fast searches (:mod:`~tictac.game.bitboard`). Imports only
:mod:`tictac.helpers`.

>>> from tictac.game import State
>>> State.parse("XX./OO./...").winner is None
True
"""

from __future__ import annotations

from tictac.game.bitboard import (
    Geometry,
    Images,
    bitboards,
    geometry,
    move_order,
    read_lines,
)
from tictac.game.connect_four import (
    MAX_COLS,
    MAX_ROWS,
    MIN_SIDE,
    ConnectFour,
    FullColumn,
)
from tictac.game.counting import (
    Level,
    tree_levels,
)
from tictac.game.frozen import (
    FrozenPosition,
)
from tictac.game.nim import (
    Nim,
)
from tictac.game.numbertree import (
    Board,
    NumberTree,
    Position,
    leaf_number,
)
from tictac.game.position import (
    AnyMove,
    NotForThisGame,
    Result,
    move_text,
    refuse_other_games,
    require_board,
    require_position,
    shown_position,
    successor,
)
from tictac.game.scoring import (
    Score,
    Weighted,
    bounded,
    decisive,
    depth_aware,
    depth_scaled,
    feature_names,
    features,
    open_lines,
    piece_count,
    plus_minus_ten,
    two_in_a_row,
    weighted,
    win_loss,
)
from tictac.game.state import (
    EMPTY,
    IllegalMove,
    InvalidBoard,
    Line,
    Mark,
    Move,
    O,
    State,
    X,
    canonical_cells,
    lines_through,
    other,
    reachable_states,
    symmetry_permutations,
    winning_lines,
)

__all__ = [
    "EMPTY",
    "IllegalMove",
    "InvalidBoard",
    "Line",
    "Move",
    "Mark",
    "State",
    "X",
    "O",
    "canonical_cells",
    "lines_through",
    "other",
    "reachable_states",
    "symmetry_permutations",
    "winning_lines",
    "Board",
    "ConnectFour",
    "FullColumn",
    "MAX_ROWS",
    "MAX_COLS",
    "MIN_SIDE",
    "FrozenPosition",
    "Nim",
    "NumberTree",
    "Position",
    "leaf_number",
    "AnyMove",
    "NotForThisGame",
    "Result",
    "refuse_other_games",
    "require_board",
    "move_text",
    "require_position",
    "shown_position",
    "successor",
    "Score",
    "Weighted",
    "bounded",
    "decisive",
    "depth_aware",
    "depth_scaled",
    "feature_names",
    "features",
    "open_lines",
    "piece_count",
    "plus_minus_ten",
    "two_in_a_row",
    "weighted",
    "win_loss",
    "Level",
    "tree_levels",
    "Geometry",
    "Images",
    "bitboards",
    "geometry",
    "move_order",
    "read_lines",
]
