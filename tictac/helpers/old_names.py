"""Old names that still work for now, each with a warning that names the new one.

tictac is at version 0.1, so a name that was renamed is kept for one release at most, and every
use says so with a :class:`DeprecationWarning` (CHANGELOG.md lists them). One wording for all:

>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     renamed("TraceNode.depth", "TraceNode.ply")
>>> print(caught[0].message)
TraceNode.depth is an old name, and it will go: use TraceNode.ply
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Mapping

__all__ = ["moved_away", "renamed"]


def renamed(old: str, new: str, *, levels_up: int = 1) -> None:
    """Warn that `old` (a function's, parameter's or attribute's old name) is now `new`. The
    warning points at the code that used the old name: the caller of the function that calls
    this one, or `levels_up` callers further up."""
    warnings.warn(
        f"{old} is an old name, and it will go: use {new}",
        DeprecationWarning,
        stacklevel=2 + levels_up,
    )


def moved_away(module: str, moved: Mapping[str, str]) -> Callable[[str], object]:
    """A module's ``__getattr__`` for names that have moved to other modules (`moved`: name ->
    its new module): each still answers, with the warning of :func:`renamed`.

    >>> __getattr__ = moved_away("tictac.solver", {"PAIRING_EFFORT": "tictac.pairing"})
    """

    def __getattr__(name: str) -> object:
        new_home = moved.get(name)
        if new_home is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        renamed(f"{module}.{name}", f"{new_home}.{name}")
        return getattr(importlib.import_module(new_home), name)

    return __getattr__
