"""Learning to play from games: values worked backwards from the end, MENACE's matchboxes, a
temporal-difference learner (:mod:`~tictac.learning.learners`), and the stored learning
experiments of the lessons (:mod:`~tictac.learning.experiments`). Imports
:mod:`tictac.proving` and below.
"""

from __future__ import annotations

from tictac.learning.experiments import (
    CHECKPOINTS,
    CURVE_RUNS,
    SEED,
    CurveRun,
    MeasuredPoint,
    curve,
    run_curves,
    stored_curves,
)
from tictac.learning.learners import (
    MENACE_BEADS,
    MENACE_REWARDS,
    RECIPES,
    CurvePoint,
    Learner,
    Menace,
    Recipe,
    Share,
    TDLearner,
    TrainingLog,
    learning_curve,
    matchbox_positions,
    optimal_share,
    reinforce,
    retrograde,
    solved_positions,
    train_by_recipe,
    train_stored_learners,
    trained_learner,
    unfinished_positions,
)

__all__ = [
    "MENACE_BEADS",
    "MENACE_REWARDS",
    "RECIPES",
    "Recipe",
    "Learner",
    "Menace",
    "Share",
    "TDLearner",
    "TrainingLog",
    "CurvePoint",
    "learning_curve",
    "matchbox_positions",
    "optimal_share",
    "reinforce",
    "retrograde",
    "solved_positions",
    "train_by_recipe",
    "train_stored_learners",
    "trained_learner",
    "unfinished_positions",
    "CHECKPOINTS",
    "CURVE_RUNS",
    "CurveRun",
    "MeasuredPoint",
    "SEED",
    "curve",
    "run_curves",
    "stored_curves",
]
