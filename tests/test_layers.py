"""The package's layers (ARCHITECTURE.md): a module imports only from its own layer or below.

Every import counts, at the top of a module or inside a function. The one kind allowed upwards
is the notebook idiom: a ``_repr_svg_`` (or ``_repr_html_``) method that imports the pictures
to draw its object, as ``State._repr_svg_`` does. One known fault is listed by name, to be
mended (issue 29): the test fails on any other upward import, and on a listed one that is gone,
so that ARCHITECTURE.md and this list stay true.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tictac"

# Bottom to top; ARCHITECTURE.md says what each layer is for.
LAYERS = [
    ("helpers", ["checks", "old_names", "seeds"]),
    ("game", ["state", "numbertree", "scoring", "counting", "bitboard"]),
    (
        "search",
        ["budget", "search", "textbook", "deepening", "threats", "solver", "pairing", "mcts"],
    ),
    ("bandits", ["bandits"]),
    ("players", ["players", "tournament"]),
    ("proving", ["proving", "pns", "verify"]),
    ("learning", ["learning"]),
    ("play", ["session", "mcts_experiments", "learning_experiments"]),
    (
        "pictures",
        [
            "browser",
            "pictures",
            "charts",
            "tree",
            "stepper",
            "stepper_widget",
            "static",
            "thinking",
            "widget",
        ],
    ),
    ("top", ["cli", "exercises", "__init__", "__main__"]),
]
LAYER = {module: depth for depth, (_, modules) in enumerate(LAYERS) for module in modules}
DRAWING_METHODS = {"_repr_svg_", "_repr_html_", "_repr_mimebundle_"}
KNOWN_FAULTS = {
    # The level catalogue (make_player's levels) lives in players and includes the learners.
    ("players", "learning"),
}


def modules() -> list[tuple[str, Path]]:
    found = [(path.stem, path) for path in PACKAGE.glob("*.py")]
    return found + [("exercises", path) for path in (PACKAGE / "exercises").glob("*.py")]


def imported(path: Path) -> list[tuple[str, int, str]]:
    """The tictac modules `path` imports: (module, line, the function it is in, or "")."""
    found: list[tuple[str, int, str]] = []

    def visit(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            inside = (
                child.name
                if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
                else function
            )
            if isinstance(child, ast.ImportFrom) and (child.module or "").startswith("tictac"):
                parts = (child.module or "").split(".")
                names = [parts[1]] if len(parts) > 1 else [alias.name for alias in child.names]
                found.extend((name, child.lineno, function) for name in names)
            elif isinstance(child, ast.Import):
                found.extend(
                    (alias.name.split(".")[1], child.lineno, function)
                    for alias in child.names
                    if alias.name.startswith("tictac.")
                )
            visit(child, inside)

    visit(ast.parse(path.read_text()), "")
    return [(name, line, function) for name, line, function in found if name in LAYER]


def test_every_module_has_a_layer() -> None:
    assert sorted(name for name, _ in modules() if name not in LAYER) == []
    assert sorted(set(LAYER) - {name for name, _ in modules()}) == []


def test_no_module_imports_from_a_layer_above_its_own() -> None:
    upwards, faults_seen = [], set()
    for name, path in modules():
        for target, line, function in imported(path):
            if LAYER[target] <= LAYER[name]:
                continue
            if function in DRAWING_METHODS and LAYERS[LAYER[target]][0] == "pictures":
                continue  # a notebook's picture of the object, drawn on demand
            if (name, target) in KNOWN_FAULTS:
                faults_seen.add((name, target))
                continue
            upwards.append(f"{path.name}:{line} imports {target} ({LAYERS[LAYER[target]][0]})")
    assert upwards == []
    assert faults_seen == KNOWN_FAULTS, "a known fault is mended: take it off the list"


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    module = tmp_path / "state.py"
    module.write_text("def f():\n    from tictac.widget import GameWidget\n")
    ((target, line, function),) = imported(module)
    assert (target, line, function) == ("widget", 2, "f")
    assert LAYER[target] > LAYER["state"]
