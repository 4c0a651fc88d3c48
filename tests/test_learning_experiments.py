"""The stored learning curves of Lesson 11 are what the seeded runs give, exactly."""

from __future__ import annotations

import itertools

import pytest

from tictac.learning.experiments import CHECKPOINTS, CURVE_RUNS, curve, stored_curves


def test_every_run_is_stored_at_every_checkpoint() -> None:
    stored = stored_curves()
    assert list(stored) == list(CURVE_RUNS)
    for points in stored.values():
        assert [p.games for p in points] == list(CHECKPOINTS)
        assert all(p.all.positions == 4520 for p in points)
        assert all(sum(p.results) == p.games - q.games for q, p in itertools.pairwise(points))


def test_a_short_run_repeats_the_stored_one() -> None:
    stored = stored_curves()["against the master"]
    assert curve(CURVE_RUNS["against the master"], CHECKPOINTS[:3]) == stored[:3]


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CURVE_RUNS))
def test_each_stored_curve_is_what_its_run_gives(name: str) -> None:
    assert curve(CURVE_RUNS[name]) == stored_curves()[name]
