"""Small helpers that every layer may use, and that import nothing else from tictac.

How an argument is checked and how an error message shows a value, in one wording
(:mod:`~tictac.helpers.checks`); old names that still work for a while, each with a warning
that names the new one (:mod:`~tictac.helpers.old_names`); random sources made from seeds
(:mod:`~tictac.helpers.seeds`).

>>> from tictac.helpers import as_whole
>>> as_whole(3), as_whole(True)
(3, None)
"""

from __future__ import annotations

from tictac.helpers.checks import (
    as_whole,
    as_whole_tuple,
    shown,
    whole_number,
    whole_numbers,
)
from tictac.helpers.old_names import (
    MOVED_MODULES,
    OldModulePaths,
    moved_away,
    renamed,
)
from tictac.helpers.seeds import (
    Seed,
    random_source,
    whole_seed,
)

__all__ = [
    "as_whole",
    "as_whole_tuple",
    "shown",
    "whole_number",
    "whole_numbers",
    "MOVED_MODULES",
    "OldModulePaths",
    "moved_away",
    "renamed",
    "Seed",
    "random_source",
    "whole_seed",
]
