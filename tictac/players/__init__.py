"""Players, and games between them.

A player is a rule that chooses a move (:mod:`~tictac.players.rules`: rules of thumb, moves
ranked by the solver, players that search); :mod:`~tictac.players.tournament` plays games,
matches and round robins between players; :mod:`~tictac.players.levels` names the players as
levels of play (all but the learners, which join them in :mod:`tictac.play.levels`). Imports
:mod:`tictac.search` and below.

>>> from tictac.game import State
>>> from tictac.players import classic_rules
>>> import random
>>> classic_rules(State.new(), random.Random(1))
4
"""

from __future__ import annotations

from tictac.helpers.old_names import moved_away
from tictac.players.levels import (
    NOVICE_MISTAKES,
    PLAYERS,
    BoardSize,
    Catalogue,
    Level,
    tidy_level_name,
)
from tictac.players.rules import (
    BRUTE_FORCE_BUDGET,
    CLASSIC_RULES,
    Player,
    Ranking,
    Rule,
    blend,
    brute_force_sum,
    classic_rules,
    completing_moves,
    first_suboptimal,
    fork_blocks,
    fork_moves,
    optimal,
    pairing_player,
    random_move,
    rank_moves,
    ranked_moves,
    searching,
    second_ranked,
    subtree_sum,
    tactical,
    unknown_is_a_draw,
    which_rule,
)
from tictac.players.tournament import (
    Contestant,
    GameRecord,
    MatchResult,
    RoundRobin,
    play_game,
    play_match,
    round_robin,
    wilson_interval,
)

# Moved up to tictac.play in version 0.2 (the catalogue holds the learners, which are above).
__getattr__ = moved_away(
    "tictac.players",
    {
        name: "tictac.play"
        for name in (
            "ALIASES",
            "BOARD_SIZES",
            "CATALOGUE",
            "FAST_OPTIONS",
            "LEVELS",
            "LEVEL_CHOICES",
            "NOT_OFFERED",
            "board_size",
            "canonical_level",
            "describe_level",
            "level_names",
            "level_options",
            "levels_note",
            "make_player",
            "offered_levels",
        )
    },
)

__all__ = [
    "BRUTE_FORCE_BUDGET",
    "CLASSIC_RULES",
    "Player",
    "Ranking",
    "Rule",
    "blend",
    "brute_force_sum",
    "classic_rules",
    "completing_moves",
    "first_suboptimal",
    "fork_blocks",
    "fork_moves",
    "optimal",
    "pairing_player",
    "random_move",
    "rank_moves",
    "ranked_moves",
    "searching",
    "second_ranked",
    "subtree_sum",
    "tactical",
    "unknown_is_a_draw",
    "which_rule",
    "Contestant",
    "GameRecord",
    "MatchResult",
    "RoundRobin",
    "play_game",
    "play_match",
    "round_robin",
    "wilson_interval",
    "NOVICE_MISTAKES",
    "PLAYERS",
    "BoardSize",
    "Catalogue",
    "Level",
    "tidy_level_name",
]
