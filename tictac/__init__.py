"""tictac: game-tree search taught through tic-tac-toe.

>>> import tictac
>>> s = tictac.State.new().play(4)
>>> s.turn
'O'

The tutorials this series grew from, which the docstrings name by short names such as "the
five-rounds tutorial", are listed under *Sources* in the README.

Importing the package is light: the game model loads at once, while the modules that need
ipywidgets or graphviz (and the charts, drawn as SVG by :mod:`tictac.charts` itself) load the
first time one of their names is used.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from tictac import browser
from tictac.bandits import Bandit, mean_regret, play_bandit, ucb1_choice
from tictac.budget import Budget, BudgetExceeded
from tictac.deepening import iterative_deepening, mtdf
from tictac.learning import (
    Menace,
    TDLearner,
    learning_curve,
    optimal_share,
    retrograde,
    trained_learner,
)
from tictac.mcts import MCTSResult, uct_search
from tictac.numbertree import NumberTree, leaf_number
from tictac.pairing import Pairing, find_pairing
from tictac.players import Player, level_names, make_player
from tictac.proving import proof_search
from tictac.scoring import (
    depth_aware,
    depth_scaled,
    features,
    open_lines,
    piece_count,
    plus_minus_ten,
    two_in_a_row,
    weighted,
    win_loss,
)
from tictac.search import SearchResult, SearchStats, TraceNode, alphabeta, minimax
from tictac.solver import Outcome, best_move, best_moves, move_outcomes, outcome, solve
from tictac.state import (
    IllegalMove,
    InvalidBoard,
    Mark,
    State,
    reachable_states,
    symmetry_permutations,
    winning_lines,
)
from tictac.textbook import alphabeta_value, minimax_value, negamax_value
from tictac.tournament import (
    GameRecord,
    MatchResult,
    play_game,
    play_match,
    round_robin,
    wilson_interval,
)

__version__ = "0.1.0"

# In the browser edition, Graphviz (which draws the trees there) starts loading now, so that
# the first tree draws at once, even from a widget's button (tictac/browser.py).
browser.start_loading()

# Public names that live in heavier modules, loaded on first use: name -> module.
_LAZY: dict[str, str] = {
    "GameWidget": "tictac.widget",
    "board_svg": "tictac.pictures",
    "show_boards": "tictac.pictures",
    "draw_board": "tictac.pictures",
    "draw_move_values": "tictac.pictures",
    "draw_matchbox": "tictac.pictures",
    "draw_mcts_tree": "tictac.tree",
    "draw_number_tree": "tictac.tree",
    "draw_pairing": "tictac.pictures",
    "draw_trace": "tictac.tree",
    "draw_tree": "tictac.tree",
    "step_search": "tictac.stepper_widget",
    "wins_by_length_chart": "tictac.charts",
    "round_robin_chart": "tictac.charts",
    "learning_curve_chart": "tictac.charts",
}

__all__ = [
    "Bandit",
    "Budget",
    "BudgetExceeded",
    "GameRecord",
    "IllegalMove",
    "InvalidBoard",
    "Mark",
    "MCTSResult",
    "MatchResult",
    "Menace",
    "NumberTree",
    "Outcome",
    "Pairing",
    "Player",
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
    "reachable_states",
    "retrograde",
    "round_robin",
    "solve",
    "symmetry_permutations",
    "trained_learner",
    "two_in_a_row",
    "ucb1_choice",
    "uct_search",
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
    from tictac.charts import round_robin_chart as round_robin_chart
    from tictac.charts import wins_by_length_chart as wins_by_length_chart
    from tictac.pictures import board_svg as board_svg
    from tictac.pictures import draw_board as draw_board
    from tictac.pictures import draw_move_values as draw_move_values
    from tictac.pictures import draw_pairing as draw_pairing
    from tictac.pictures import show_boards as show_boards
    from tictac.stepper_widget import step_search as step_search
    from tictac.tree import draw_mcts_tree as draw_mcts_tree
    from tictac.tree import draw_number_tree as draw_number_tree
    from tictac.tree import draw_trace as draw_trace
    from tictac.tree import draw_tree as draw_tree
    from tictac.widget import GameWidget as GameWidget
