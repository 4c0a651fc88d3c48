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

import functools
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import types
import warnings
from collections.abc import Callable, Mapping

__all__ = ["MOVED_MODULES", "OldModulePaths", "moved_away", "renamed"]


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

    >>> moved = {"PAIRING_EFFORT": "tictac.search.pairing"}
    >>> __getattr__ = moved_away("tictac.search.solver", moved)
    """

    def __getattr__(name: str) -> object:
        new_home = moved.get(name)
        if new_home is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        renamed(f"{module}.{name}", f"{new_home}.{name}")
        return getattr(importlib.import_module(new_home), name)

    return __getattr__


MOVED_MODULES: dict[str, str] = {
    f"tictac.{old}": f"tictac.{new}"
    for old, new in {
        "checks": "helpers.checks",
        "old_names": "helpers.old_names",
        "seeds": "helpers.seeds",
        "state": "game.state",
        "numbertree": "game.numbertree",
        "scoring": "game.scoring",
        "counting": "game.counting",
        "bitboard": "game.bitboard",
        "budget": "search.budget",
        "textbook": "search.textbook",
        "deepening": "search.deepening",
        "threats": "search.threats",
        "solver": "search.solver",
        "pairing": "search.pairing",
        "mcts": "search.mcts",
        "bandits": "search.bandits",
        "tournament": "players.tournament",
        "pns": "proving.pns",
        "verify": "proving.verify",
        "learning_experiments": "learning.experiments",
        "session": "play.session",
        "mcts_experiments": "play.mcts_experiments",
        "browser": "pictures.browser",
        "charts": "pictures.charts",
        "tree": "pictures.tree",
        "stepper": "pictures.stepper",
        "stepper_widget": "pictures.stepper_widget",
        "static": "pictures.static",
        "thinking": "pictures.thinking",
        "widget": "pictures.widget",
    }.items()
}
"""The modules of version 0.1 that moved into the layers' folders in 0.2: old path -> new.
(``tictac.search``, ``tictac.players``, ``tictac.proving``, ``tictac.learning`` and
``tictac.pictures`` are the folders now, and offer the names those modules offered.)"""


class OldModulePaths(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports a module by its old path (see :data:`MOVED_MODULES`), with the warning of
    :func:`renamed`: the old path gives a stand-in that answers with the new module's names.

    >>> import sys, warnings
    >>> finder = OldModulePaths({"tictac.some_old_path": "tictac.helpers.checks"})
    >>> sys.meta_path.append(finder)
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     from tictac.some_old_path import as_whole
    >>> print(caught[0].message)
    tictac.some_old_path is an old name, and it will go: use tictac.helpers.checks
    >>> as_whole(3)
    3
    >>> sys.meta_path.remove(finder); del sys.modules["tictac.some_old_path"]
    """

    def __init__(self, moved: Mapping[str, str]) -> None:
        self.moved = dict(moved)

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.moved:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        return types.ModuleType(spec.name, f"Old path of {self.moved[spec.name]}.")

    def exec_module(self, module: types.ModuleType) -> None:
        new = self.moved[module.__name__]
        renamed(module.__name__, new, levels_up=1)  # (the import machinery's frames are skipped)
        real = importlib.import_module(new)
        vars(module).update(
            __getattr__=functools.partial(getattr, real), __all__=getattr(real, "__all__", [])
        )
