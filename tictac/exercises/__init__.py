"""Checks for the lessons' exercises: run your function on many positions, see where it differs.

Each ``check_...`` function calls the function you wrote on many positions, compares it with
the reference from :mod:`tictac`, and returns a :class:`Report`. In a notebook the report
shows the first few positions where your answer differs, as pictures, with the expected and
the actual answer.

The checks live in one module per lesson, named like the lesson's notebook, and are all
importable from here (``from tictac.exercises import check_winner``):

- ``lesson00_welcome``: :func:`check_winner`, :func:`check_legality`, :func:`check_game`
- ``lesson01_how_big``: :func:`check_count` (its questions come from Lessons 1 and 10)
- ``lesson02_simple_strategies``: :func:`check_completing_moves`, :func:`check_beat_the_defender`
- ``lesson02b_forks_and_rules``: :func:`check_centre_rule`, :func:`check_fork_rule`
- ``lesson03_minimax``: :func:`check_minimax`, :func:`check_visit_order`,
  :func:`check_negamax` (and :func:`minimax_positions`, the positions the first and last use)
- ``lesson03b_ties_and_scores``: :func:`check_depth_aware_minimax`, :func:`check_predicted_moves`
- ``lesson04_difficulty_levels``: :func:`check_sensible_level`, :func:`check_beatable_level`,
  :func:`check_told_apart`
- ``lesson05_tutorial_players``: :func:`check_subtree_sum`, :func:`check_round_five_utility`
- ``lesson06_making_it_fast``: :func:`check_alphabeta`, :func:`check_alphabeta_nodes`,
  :func:`check_unvisited_leaves`, :func:`check_window`
- ``lesson06b_alphabeta_in_practice``: :func:`check_move_order`,
  :func:`check_transposition_table`
- ``lesson07_depth_limited``: :func:`check_depth_limited`, :func:`check_weights` (and
  :func:`check_heuristic` for a heuristic function, :func:`limited_positions`, the positions
  the first uses)
- ``lesson07b_horizon``: :func:`check_extension`, :func:`check_horizon` (and
  :func:`extension_positions`, the positions the first uses)
- ``lesson08_monte_carlo``: :func:`check_ucb1`, :func:`check_back_up`,
  :func:`check_next_playout`
- ``lesson08b_mcts_measured``: :func:`check_best_moves`
- ``lesson09_proving_bigger_boards``: :func:`check_lines_without_a_pair`,
  :func:`check_dead_cells`
- ``lesson09b_the_frontier``: :func:`check_pairing`, :func:`check_predictions`
- ``lesson10_matchboxes``: :func:`check_retrograde`, :func:`check_reinforce`
- ``lesson11_learning_values``: :func:`check_td_update`, :func:`check_training`
- ``lesson12_play``: :func:`check_win_against`
- ``lesson13_your_own_game``: :func:`check_no_repeat`, :func:`check_nim_move`
- ``checking``: what they all share (:class:`Report`, :func:`check_function`,
  :func:`check_rule`, :func:`exercise_positions`)
- ``grading``: what the graded assignments' test cells call (the teacher's kit,
  ``course/build.py``): :func:`~tictac.exercises.grading.must_pass` and
  :func:`~tictac.exercises.grading.must_pass_hidden`; not exported here

>>> from tictac.game.state import State
>>> def lazy_winner(state):
...     return None
>>> report = check_winner(lazy_winner)
>>> report.passed
False
>>> print(report.summary())
winner: 942 of 5478 positions differ from the reference.
"""

from __future__ import annotations

from tictac.exercises.checking import (
    SHOWN,
    Mismatch,
    OneOf,
    Report,
    check_function,
    check_rule,
    exercise_positions,
)
from tictac.exercises.lesson00_welcome import (
    LEGALITY_BOARDS,
    GameReplay,
    LegalityCheck,
    check_game,
    check_legality,
    check_winner,
)
from tictac.exercises.lesson01_how_big import COUNT_QUESTIONS, CountCheck, check_count
from tictac.exercises.lesson02_simple_strategies import (
    DefenderReport,
    check_beat_the_defender,
    check_completing_moves,
)
from tictac.exercises.lesson02b_forks_and_rules import (
    check_centre_rule,
    check_fork_rule,
    fork_moves,
)
from tictac.exercises.lesson03_minimax import (
    VisitOrderCheck,
    check_minimax,
    check_negamax,
    check_visit_order,
    minimax_positions,
    visit_order,
)
from tictac.exercises.lesson03b_ties_and_scores import (
    PredictionReport,
    check_depth_aware_minimax,
    check_predicted_moves,
)
from tictac.exercises.lesson04_difficulty_levels import (
    LevelReport,
    SeparationReport,
    check_beatable_level,
    check_sensible_level,
    check_told_apart,
)
from tictac.exercises.lesson05_tutorial_players import (
    check_round_five_utility,
    check_subtree_sum,
)
from tictac.exercises.lesson06_making_it_fast import (
    PRUNING_PUZZLE,
    PUZZLE_NODE,
    PruningCheck,
    check_alphabeta,
    check_alphabeta_nodes,
    check_unvisited_leaves,
    check_window,
)
from tictac.exercises.lesson06b_alphabeta_in_practice import (
    MoveOrderReport,
    TableReport,
    check_move_order,
    check_transposition_table,
)
from tictac.exercises.lesson07_depth_limited import (
    GamesAgainstOpenLines,
    HeuristicReport,
    LimitedReport,
    WeightsReport,
    check_depth_limited,
    check_heuristic,
    check_weights,
    limited_positions,
)
from tictac.exercises.lesson07b_horizon import (
    ExtensionReport,
    HorizonCheck,
    check_extension,
    check_horizon,
    extension_positions,
    horizon_choices,
)
from tictac.exercises.lesson08_monte_carlo import (
    ROOT_PUZZLE,
    BackUpReport,
    NextPlayoutCheck,
    UCB1Report,
    check_back_up,
    check_next_playout,
    check_ucb1,
    root_puzzle,
)
from tictac.exercises.lesson08b_mcts_measured import BestMovesReport, check_best_moves
from tictac.exercises.lesson09_proving_bigger_boards import (
    PairingCountReport,
    check_dead_cells,
    check_lines_without_a_pair,
)
from tictac.exercises.lesson09b_the_frontier import (
    PREDICTION_BOARDS,
    PairingVerdict,
    PredictionCheck,
    check_pairing,
    check_predictions,
)
from tictac.exercises.lesson10_matchboxes import (
    RETROGRADE_STARTS,
    ReinforceReport,
    check_reinforce,
    check_retrograde,
    reinforce,
)
from tictac.exercises.lesson11_learning_values import (
    TRAINING_BUDGET,
    TRAINING_GOAL,
    TRAINING_SEED,
    TDUpdateReport,
    TrainingCheck,
    check_td_update,
    check_training,
)
from tictac.exercises.lesson12_play import GameCheck, check_win_against
from tictac.exercises.lesson13_your_own_game import (
    NO_REPEAT_PILES,
    CheckVerdict,
    NoRepeatRules,
    check_nim_move,
    check_no_repeat,
    nim_positions,
)

__all__ = [
    "NO_REPEAT_PILES",
    "NoRepeatRules",
    "CheckVerdict",
    "check_nim_move",
    "check_no_repeat",
    "nim_positions",
    "COUNT_QUESTIONS",
    "LEGALITY_BOARDS",
    "PREDICTION_BOARDS",
    "PRUNING_PUZZLE",
    "PUZZLE_NODE",
    "RETROGRADE_STARTS",
    "ROOT_PUZZLE",
    "SHOWN",
    "BackUpReport",
    "BestMovesReport",
    "CountCheck",
    "DefenderReport",
    "ExtensionReport",
    "GameCheck",
    "GameReplay",
    "GamesAgainstOpenLines",
    "HeuristicReport",
    "HorizonCheck",
    "LegalityCheck",
    "LevelReport",
    "LimitedReport",
    "Mismatch",
    "MoveOrderReport",
    "NextPlayoutCheck",
    "OneOf",
    "PairingCountReport",
    "PairingVerdict",
    "PredictionCheck",
    "PredictionReport",
    "PruningCheck",
    "ReinforceReport",
    "Report",
    "SeparationReport",
    "TDUpdateReport",
    "TableReport",
    "TRAINING_BUDGET",
    "TRAINING_GOAL",
    "TRAINING_SEED",
    "TrainingCheck",
    "UCB1Report",
    "VisitOrderCheck",
    "WeightsReport",
    "check_alphabeta",
    "check_alphabeta_nodes",
    "check_back_up",
    "check_beat_the_defender",
    "check_beatable_level",
    "check_best_moves",
    "check_centre_rule",
    "check_completing_moves",
    "check_count",
    "check_dead_cells",
    "check_depth_aware_minimax",
    "check_depth_limited",
    "check_extension",
    "check_fork_rule",
    "check_function",
    "check_game",
    "check_heuristic",
    "check_horizon",
    "check_legality",
    "check_lines_without_a_pair",
    "check_minimax",
    "check_move_order",
    "check_negamax",
    "check_next_playout",
    "check_pairing",
    "check_predictions",
    "check_predicted_moves",
    "check_reinforce",
    "check_retrograde",
    "check_round_five_utility",
    "check_rule",
    "check_sensible_level",
    "check_subtree_sum",
    "check_td_update",
    "check_told_apart",
    "check_training",
    "check_transposition_table",
    "check_ucb1",
    "check_unvisited_leaves",
    "check_visit_order",
    "check_weights",
    "check_win_against",
    "check_window",
    "check_winner",
    "exercise_positions",
    "extension_positions",
    "fork_moves",
    "horizon_choices",
    "limited_positions",
    "minimax_positions",
    "reinforce",
    "root_puzzle",
    "visit_order",
]
