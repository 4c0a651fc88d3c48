"""Playing: every level of play and a game between a person and a level.

The catalogue of levels, the learners' too, behind :func:`make_player`
(:mod:`~tictac.play.levels`); which levels the game widget offers on which boards
(:mod:`~tictac.play.offered`); a game between a person and a level, the logic behind the game
widget (:mod:`~tictac.play.session`); the stored Monte Carlo experiments of the lessons, which
play levels against each other (:mod:`~tictac.play.mcts_experiments`). Imports
:mod:`tictac.learning` and below.

>>> from tictac.play import make_player
>>> make_player("unbeatable").name
'unbeatable'

"""

from __future__ import annotations

from tictac.play.levels import (
    ALIASES,
    CATALOGUE,
    LEVELS,
    canonical_level,
    describe_level,
    level_names,
    make_player,
    tidy_level_name,
)
from tictac.play.mcts_experiments import (
    CENSUS_PLAYOUTS,
    DUEL_BOARD,
    DUEL_BUDGETS,
    DUEL_GAMES,
    EXPLORATION_PLAYOUTS,
    EXPLORATIONS,
    MASTER_GAMES,
    MASTER_PLAYOUTS,
    SEED,
    Census,
    DuelGame,
    against_master,
    alphabeta_within,
    census,
    census_moves,
    census_positions,
    census_settings,
    decided,
    duel,
    duel_game,
    duel_openings,
    duels,
    games_against_master,
    main,
    optimal_count,
    optimal_moves,
    run_census,
)
from tictac.play.offered import (
    BOARD_SIZES,
    FAST_OPTIONS,
    LEVEL_CHOICES,
    NOT_OFFERED,
    board_size,
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

__all__ = [
    "ALIASES",
    "CATALOGUE",
    "LEVELS",
    "canonical_level",
    "describe_level",
    "level_names",
    "make_player",
    "tidy_level_name",
    "BOARD_SIZES",
    "FAST_OPTIONS",
    "LEVEL_CHOICES",
    "NOT_OFFERED",
    "board_size",
    "level_options",
    "levels_note",
    "offered_levels",
    "MODES",
    "Decision",
    "FinishedGame",
    "GameSession",
    "Mode",
    "Settings",
    "Tally",
    "hint_labels",
    "CENSUS_PLAYOUTS",
    "DUEL_BOARD",
    "DUEL_BUDGETS",
    "DUEL_GAMES",
    "EXPLORATIONS",
    "EXPLORATION_PLAYOUTS",
    "MASTER_GAMES",
    "MASTER_PLAYOUTS",
    "SEED",
    "Census",
    "DuelGame",
    "alphabeta_within",
    "against_master",
    "census",
    "census_moves",
    "census_positions",
    "census_settings",
    "decided",
    "duel",
    "duel_game",
    "duel_openings",
    "duels",
    "games_against_master",
    "main",
    "optimal_count",
    "optimal_moves",
    "run_census",
]
