"""Shared test settings."""

from __future__ import annotations

import os

from hypothesis import settings

# No per-example deadline: a loaded 2-core CI machine must not turn slowness into failures.
# In CI the examples are derived from the test names, so every run checks the same games.
settings.register_profile("default", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")
