"""Searching a game tree: how far a search may go, and the searches themselves.

Budgets (:mod:`~tictac.search.budget`); minimax and alpha-beta, counted and traced
(:mod:`~tictac.search.engine`) and as the textbooks write them (:mod:`~tictac.search.textbook`);
iterative deepening and MTD(f) (:mod:`~tictac.search.deepening`); threat extensions
(:mod:`~tictac.search.threats`); the bitboard solver (:mod:`~tictac.search.solver`); pairing
strategies (:mod:`~tictac.search.pairing`); the multi-armed bandits (:mod:`~tictac.search.bandits`)
and Monte Carlo tree search built on them (:mod:`~tictac.search.mcts`). Imports only
:mod:`tictac.game` and :mod:`tictac.helpers`.

>>> from tictac.game import State
>>> from tictac.search import minimax
>>> minimax(State.new()).value
0
"""

from __future__ import annotations

from tictac.search.bandits import (
    UCB1_EXPLORATION,
    Bandit,
    BanditRun,
    mean_regret,
    play_bandit,
    ucb1_choice,
)
from tictac.search.budget import (
    DEFAULT_BUDGET,
    DEFAULT_POSITIONS,
    DEFAULT_SECONDS,
    SOLVER_BUDGET,
    Budget,
    BudgetExceeded,
    BudgetLike,
    Meter,
    Progress,
    as_budget,
    meter,
    reporting,
)
from tictac.search.deepening import (
    DeepeningResult,
    DepthResult,
    iterative_deepening,
    mtdf,
)
from tictac.search.engine import (
    Memo,
    NodeKind,
    Position,
    SearchResult,
    SearchStats,
    TieBreak,
    TraceNode,
    alphabeta,
    minimax,
)
from tictac.search.mcts import (
    MCTSNode,
    MCTSResult,
    Playout,
    backpropagate,
    expand,
    playout,
    select,
    simulate,
    uct,
    uct_rule,
    uct_search,
)
from tictac.search.pairing import (
    PAIRING_EFFORT,
    Pair,
    Pairing,
    PairingTrial,
    find_pairing,
    forced_pairs_clash,
    lines_without_a_pair,
    match_lines,
    never_loses,
    own_pairs_exist,
    pairing_move,
    pairing_search,
    shared_pairs,
)
from tictac.search.solver import (
    Outcome,
    best_move,
    best_moves,
    clear_caches,
    move_outcomes,
    outcome,
    prove,
    solve,
)
from tictac.search.textbook import (
    alphabeta_value,
    depth_limited_value,
    minimax_value,
    negamax_value,
)
from tictac.search.threats import (
    MAX_EXTENSION,
    ThreatExtension,
    completing_cells,
    extended_value,
    forced_moves,
    line_partners,
    winning_cells,
)

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_POSITIONS",
    "DEFAULT_SECONDS",
    "SOLVER_BUDGET",
    "Budget",
    "BudgetExceeded",
    "BudgetLike",
    "Meter",
    "Progress",
    "as_budget",
    "meter",
    "reporting",
    "alphabeta_value",
    "depth_limited_value",
    "minimax_value",
    "negamax_value",
    "Memo",
    "NodeKind",
    "Position",
    "SearchResult",
    "SearchStats",
    "TieBreak",
    "TraceNode",
    "alphabeta",
    "minimax",
    "DeepeningResult",
    "DepthResult",
    "iterative_deepening",
    "mtdf",
    "MAX_EXTENSION",
    "ThreatExtension",
    "completing_cells",
    "extended_value",
    "forced_moves",
    "line_partners",
    "winning_cells",
    "Outcome",
    "best_move",
    "best_moves",
    "clear_caches",
    "move_outcomes",
    "outcome",
    "prove",
    "solve",
    "PAIRING_EFFORT",
    "Pair",
    "Pairing",
    "PairingTrial",
    "find_pairing",
    "forced_pairs_clash",
    "lines_without_a_pair",
    "match_lines",
    "never_loses",
    "own_pairs_exist",
    "pairing_move",
    "pairing_search",
    "shared_pairs",
    "UCB1_EXPLORATION",
    "Bandit",
    "BanditRun",
    "mean_regret",
    "play_bandit",
    "ucb1_choice",
    "MCTSNode",
    "MCTSResult",
    "Playout",
    "backpropagate",
    "expand",
    "playout",
    "select",
    "simulate",
    "uct",
    "uct_rule",
    "uct_search",
]
