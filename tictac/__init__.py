"""tictac: game-tree search taught through tic-tac-toe.

>>> import tictac
>>> s = tictac.State.new().play(4)
>>> s.turn
'O'

The tutorials this series grew from, which the docstrings name by short names such as "the
five-rounds tutorial", are listed under *Sources* in the README.

Importing the package is light: the game model loads at once, while the modules that need
ipywidgets or graphviz (and the charts, drawn as SVG by :mod:`tictac.pictures.charts` itself) load
the first time one of their names is used.
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any

from tictac.game import (
    ConnectFour,
    IllegalMove,
    InvalidBoard,
    Mark,
    Nim,
    NotForThisGame,
    NumberTree,
    Position,
    State,
    depth_aware,
    depth_scaled,
    features,
    leaf_number,
    open_lines,
    piece_count,
    plus_minus_ten,
    reachable_states,
    symmetry_permutations,
    two_in_a_row,
    weighted,
    win_loss,
    winning_lines,
)
from tictac.helpers.old_names import MOVED_MODULES, OldModulePaths
from tictac.learning import (
    Menace,
    TDLearner,
    learning_curve,
    optimal_share,
    retrograde,
    trained_learner,
)
from tictac.pictures import browser
from tictac.play import GameSession, level_names, make_player
from tictac.players import (
    GameRecord,
    MatchResult,
    Player,
    play_game,
    play_match,
    round_robin,
    wilson_interval,
)
from tictac.proving import proof_search, prove_win, verify_draw, verify_win
from tictac.search import (
    Bandit,
    Budget,
    BudgetExceeded,
    MCTSResult,
    Outcome,
    Pairing,
    SearchResult,
    SearchStats,
    TraceNode,
    alphabeta,
    alphabeta_value,
    best_move,
    best_moves,
    find_pairing,
    iterative_deepening,
    mean_regret,
    minimax,
    minimax_value,
    move_outcomes,
    mtdf,
    negamax_value,
    outcome,
    play_bandit,
    solve,
    ucb1_choice,
    uct_search,
)

__version__ = "0.1.0"

# In the browser edition, Graphviz (which draws the trees there) starts loading now, so that
# the first tree draws at once, even from a widget's button (tictac/pictures/browser.py).
browser.start_loading()

# The modules' paths of version 0.1 (tictac.solver, tictac.state, ...) still import, with a
# warning that names the new path (tictac/helpers/old_names.py).
if not any(isinstance(finder, OldModulePaths) for finder in sys.meta_path):
    sys.meta_path.append(OldModulePaths(MOVED_MODULES))

# Public names that live in heavier modules, loaded on first use: name -> module.
_LAZY: dict[str, str] = {
    "GameWidget": "tictac.pictures.widget",
    "board_svg": "tictac.pictures.boards",
    "connect_four_svg": "tictac.pictures.connect_four",
    "show_boards": "tictac.pictures.boards",
    "draw_board": "tictac.pictures.boards",
    "draw_move_values": "tictac.pictures.boards",
    "draw_matchbox": "tictac.pictures.boards",
    "draw_mcts_tree": "tictac.pictures.tree",
    "draw_number_tree": "tictac.pictures.tree",
    "draw_pairing": "tictac.pictures.boards",
    "draw_trace": "tictac.pictures.tree",
    "draw_tree": "tictac.pictures.tree",
    "record_search": "tictac.pictures.stepper",
    "step_search": "tictac.pictures.stepper_widget",
    "wins_by_length_chart": "tictac.pictures.charts",
    "round_robin_chart": "tictac.pictures.charts",
    "learning_curve_chart": "tictac.pictures.charts",
}

__all__ = [
    "Bandit",
    "GameSession",
    "Budget",
    "BudgetExceeded",
    "ConnectFour",
    "GameRecord",
    "IllegalMove",
    "InvalidBoard",
    "Mark",
    "MCTSResult",
    "MatchResult",
    "Menace",
    "Nim",
    "NotForThisGame",
    "NumberTree",
    "Outcome",
    "Pairing",
    "Player",
    "Position",
    "SearchResult",
    "SearchStats",
    "State",
    "TDLearner",
    "TraceNode",
    "alphabeta",
    "alphabeta_value",
    "best_move",
    "best_moves",
    "depth_aware",
    "depth_scaled",
    "features",
    "find_pairing",
    "leaf_number",
    "learning_curve",
    "level_names",
    "iterative_deepening",
    "make_player",
    "mean_regret",
    "minimax",
    "minimax_value",
    "move_outcomes",
    "mtdf",
    "negamax_value",
    "optimal_share",
    "open_lines",
    "outcome",
    "piece_count",
    "play_bandit",
    "play_game",
    "play_match",
    "plus_minus_ten",
    "proof_search",
    "prove_win",
    "reachable_states",
    "retrograde",
    "round_robin",
    "solve",
    "symmetry_permutations",
    "trained_learner",
    "two_in_a_row",
    "ucb1_choice",
    "uct_search",
    "verify_draw",
    "verify_win",
    "weighted",
    "wilson_interval",
    "win_loss",
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
    from tictac.pictures.boards import board_svg as board_svg
    from tictac.pictures.boards import draw_board as draw_board
    from tictac.pictures.boards import draw_move_values as draw_move_values
    from tictac.pictures.boards import draw_pairing as draw_pairing
    from tictac.pictures.boards import show_boards as show_boards
    from tictac.pictures.charts import round_robin_chart as round_robin_chart
    from tictac.pictures.charts import wins_by_length_chart as wins_by_length_chart
    from tictac.pictures.connect_four import connect_four_svg as connect_four_svg
    from tictac.pictures.stepper import record_search as record_search
    from tictac.pictures.stepper_widget import step_search as step_search
    from tictac.pictures.tree import draw_mcts_tree as draw_mcts_tree
    from tictac.pictures.tree import draw_number_tree as draw_number_tree
    from tictac.pictures.tree import draw_trace as draw_trace
    from tictac.pictures.tree import draw_tree as draw_tree
    from tictac.pictures.widget import GameWidget as GameWidget
