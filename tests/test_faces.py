"""Each layer's folder offers its public names (its face), the top-level package the pinned
ones, and the module paths of version 0.1 still import, with a warning naming the new path."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import tictac
from tictac.helpers.old_names import MOVED_MODULES

PACKAGE = Path(tictac.__file__).parent
FACES = ["helpers", "game", "search", "players", "proving", "learning", "play", "pictures"]
PINNED = [
    "State",
    "minimax",
    "alphabeta",
    "solve",
    "make_player",
    "play_game",
    "draw_tree",
    "GameWidget",
    "GameSession",
    "prove_win",
    "verify_win",
    "verify_draw",
    "record_search",
    "ConnectFour",
    "Nim",
]


@pytest.mark.parametrize("face", FACES)
def test_a_face_offers_every_public_name_of_its_modules(face: str) -> None:
    package = importlib.import_module(f"tictac.{face}")
    assert package.__doc__ and "import" in package.__doc__.lower(), "say what it may import"
    for path in sorted((PACKAGE / face).glob("[!_]*.py")):
        module = importlib.import_module(f"tictac.{face}.{path.stem}")
        for name in module.__all__:
            assert getattr(package, name) is getattr(module, name), f"{face}.{name}"


def test_the_pinned_names_are_at_the_top() -> None:
    for name in PINNED:
        assert name in tictac.__all__
        assert getattr(tictac, name) is not None


@pytest.mark.parametrize("old", sorted(MOVED_MODULES))
def test_an_old_module_path_imports_with_a_warning(old: str) -> None:
    new = MOVED_MODULES[old]
    assert not (PACKAGE.parent / (old.replace(".", "/") + ".py")).exists()
    real = importlib.import_module(new)
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=f"{old} is an old name.*use {new}$"):
        stand_in = importlib.import_module(old)
    name = real.__all__[0]
    assert getattr(stand_in, name) is getattr(real, name)
    sys.modules.pop(old, None)


def test_the_old_catalogue_names_of_tictac_players_warn() -> None:
    from tictac.play import make_player

    with pytest.warns(DeprecationWarning, match=r"tictac\.players\.make_player .* tictac\.play"):
        from tictac.players import make_player as old

    assert old is make_player


def test_importing_tictac_stays_light() -> None:
    """The widgets, Graphviz and the pictures load on first use, not with the package."""
    code = (
        "import sys, tictac; "
        "print(sorted(m for m in ('ipywidgets', 'graphviz', 'tictac.pictures.tree') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
