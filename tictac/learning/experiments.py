"""Lesson 11's learning curves: seeded, and stored because measuring them takes too long live.

A learning curve trains a :class:`~tictac.learning.learners.TDLearner` and measures it exactly
(:func:`~tictac.learning.learners.optimal_share`) after 0, 100, 300, 1,000 and 3,000 games, for each
run in :data:`CURVE_RUNS`: against the random player, against the deterministic master,
against the master that breaks ties at random, and in self-play, with the step size and the
exploration varied a little in self-play. Each measurement looks at every one of the 4,520
positions, so the runs together would nearly double the lesson's running time: stored, they
leave that time to what the lesson teaches. They were run once with :func:`run_curves` and stored in
``tictac/data/learning_curves.json``; :func:`stored_curves` reads them back. Every game is
seeded, so running them again gives exactly the stored numbers
(``tests/test_learning_experiments.py`` checks it). To run them all again and write the file::

    python -m tictac.learning.experiments

>>> curves = stored_curves()
>>> [point.games for point in curves["self-play"]]
[0, 100, 300, 1000, 3000]
>>> curves["self-play"][-1].all.fraction > curves["self-play"][0].all.fraction
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from tictac.game.state import Move
from tictac.learning.learners import Share, Side, TDLearner, learning_curve
from tictac.players.levels import PLAYERS
from tictac.players.tournament import Contestant

__all__ = [
    "CHECKPOINTS",
    "CURVE_RUNS",
    "CurveRun",
    "MeasuredPoint",
    "SEED",
    "curve",
    "run_curves",
    "stored_curves",
]

SEED = 11
"""The seed of every run: the learner's and the training's."""

CHECKPOINTS = (0, 100, 300, 1000, 3000)
"""After how many games of training each learner is measured."""


@dataclass(frozen=True)
class CurveRun:
    """One learning curve's settings: whom the TD learner trains against (a level name, or
    ``"master, random ties"`` for ``make_player("master", random_ties=True)``, or ``"self"``),
    which side it plays, and its step size and exploration."""

    opponent: str
    side: Side
    step_size: float = 0.1
    exploration: float = 0.1

    def opponent_player(self) -> Contestant[Move] | str:
        """The opponent as :meth:`~tictac.learning.learners.Learner.train` takes it."""
        if self.opponent == "master, random ties":
            return PLAYERS.make_player("master", random_ties=True)
        return self.opponent


CURVE_RUNS: dict[str, CurveRun] = {
    "against random": CurveRun("random", "O"),
    "against the master": CurveRun("master", "O"),
    "against the master, random ties": CurveRun("master, random ties", "O"),
    "self-play": CurveRun("self", "both"),
    "self-play, step 0.3": CurveRun("self", "both", step_size=0.3),
    "self-play, exploration 0.3": CurveRun("self", "both", exploration=0.3),
    "self-play, no exploration": CurveRun("self", "both", exploration=0.0),
}
"""The stored curves, by name. Against an opponent the learner plays O, the side that must
defend; in self-play it plays both sides."""


class MeasuredPoint(NamedTuple):
    """A learner measured after `games` games: its optimal share of the positions its side
    can meet (`met`) and of all 4,520 (`all`), how many positions (up to symmetry) it holds a
    value for (`valued`), and its results (wins, draws, losses) in the games since the
    previous point, for the first side it plays."""

    games: int
    met: Share
    all: Share
    valued: int
    results: tuple[int, int, int]


def curve(run: CurveRun, checkpoints: Iterable[int] = CHECKPOINTS) -> list[MeasuredPoint]:
    """Train a fresh TD learner as `run` says and measure it at each of `checkpoints`.

    >>> points = curve(CURVE_RUNS["against the master"], checkpoints=[0, 50])
    >>> points[1].valued < 60   # the master shows it only a few lines
    True
    """
    learner = TDLearner(step_size=run.step_size, exploration=run.exploration, seed=SEED)
    points: list[MeasuredPoint] = []
    for checkpoint in checkpoints:
        [point] = learning_curve(
            learner,
            run.opponent_player(),
            checkpoints=[checkpoint - (points[-1].games if points else 0)],
            side=run.side,
            seed=SEED * 1_000 + checkpoint,
        )
        results = point.results
        points.append(
            MeasuredPoint(
                checkpoint,
                point.met,
                point.all,
                len(learner.values),
                (results["win"], results["draw"], results["loss"]),
            )
        )
    return points


def run_curves() -> dict[str, list[MeasuredPoint]]:
    """Every curve of :data:`CURVE_RUNS`, measured afresh."""
    return {name: curve(run) for name, run in CURVE_RUNS.items()}


_FILE = "learning_curves.json"


def stored_curves() -> dict[str, list[MeasuredPoint]]:
    """The curves :func:`run_curves` made, read from ``tictac/data/learning_curves.json``."""
    text = resources.files("tictac").joinpath("data").joinpath(_FILE).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return {
        name: [
            MeasuredPoint(
                p["games"],
                Share(*p["met"]),
                Share(*p["all"]),
                p["valued"],
                (p["results"][0], p["results"][1], p["results"][2]),
            )
            for p in points
        ]
        for name, points in data["curves"].items()
    }


def _as_json(curves: Mapping[str, list[MeasuredPoint]]) -> dict[str, Any]:
    return {
        "about": "tictac.learning.experiments.run_curves: TD learning curves, measured exactly",
        "seed": SEED,
        "curves": {
            name: [
                {
                    "games": p.games,
                    "met": list(p.met),
                    "all": list(p.all),
                    "valued": p.valued,
                    "results": list(p.results),
                }
                for p in points
            ]
            for name, points in curves.items()
        },
    }


def main() -> None:
    """Run every curve again and store them (``python -m tictac.learning.experiments``)."""
    path = Path(__file__).parent.parent / "data" / _FILE
    path.write_text(json.dumps(_as_json(run_curves()), indent=1) + "\n", encoding="utf-8")
    print(f"stored {path.name}")


if __name__ == "__main__":
    main()
