"""The package's layers (ARCHITECTURE.md): one folder per layer, and a module imports only from
its own layer or from layers below it.

Every import counts, at the top of a module or inside a function. The one kind allowed upwards
is the notebook idiom: a ``_repr_svg_`` (or ``_repr_html_``) method that imports the pictures
to draw its object, as ``State._repr_svg_`` does. Private names (``_name``) stay in their
module: none is imported by another.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tictac"

# Bottom to top; ARCHITECTURE.md says what each layer is for. The top layer is the package's
# own modules outside the folders: the command line, the lessons' checks and the public face.
LAYERS = ["helpers", "game", "search", "players", "proving", "learning", "play", "pictures", "top"]
DRAWING_METHODS = {"_repr_svg_", "_repr_html_", "_repr_mimebundle_"}


def layer_of(module: str) -> str:
    """The layer of a module named in full (``tictac.search.solver`` -> ``search``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else "top"


def modules() -> list[tuple[str, Path]]:
    """Every module of the package, by its full name."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        found.append((".".join(parts[:-1] if parts[-1] == "__init__" else parts), path))
    return found


class Import:
    def __init__(self, module: str, names: list[str], line: int, function: str) -> None:
        self.module, self.names, self.line, self.function = module, names, line, function


def imports(path: Path, package: str) -> list[Import]:
    """The tictac imports in `path` (a module of `package`), with the function each is in."""
    found: list[Import] = []

    def visit(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            inside = (
                child.name
                if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
                else function
            )
            if isinstance(child, ast.ImportFrom):
                module = child.module or ""
                if child.level:  # a relative import, from this package
                    base = package.split(".")[: len(package.split(".")) - child.level + 1]
                    module = ".".join([*base, *([module] if module else [])])
                if module.split(".")[0] == "tictac":
                    names = [alias.name for alias in child.names]
                    found.append(Import(module, names, child.lineno, function))
            elif isinstance(child, ast.Import):
                found.extend(
                    Import(alias.name, [], child.lineno, function)
                    for alias in child.names
                    if alias.name.split(".")[0] == "tictac"
                )
            visit(child, inside)

    visit(ast.parse(path.read_text()), "")
    return found


def targets(imported: Import) -> list[str]:
    """The modules an import reaches: ``from tictac.search import solver`` reaches
    tictac.search.solver; ``from tictac import State`` reaches the public face, tictac."""
    if imported.module == "tictac" and imported.names:
        return [f"tictac.{name}" if name in LAYERS else "tictac" for name in imported.names]
    return [imported.module]


def package_of(name: str, path: Path) -> str:
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def test_every_folder_is_a_layer() -> None:
    folders = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert folders - {"exercises"} == set(LAYERS) - {"top"}


def test_no_module_imports_from_a_layer_above_its_own() -> None:
    upwards = []
    for name, path in modules():
        own = LAYERS.index(layer_of(name))
        for imported in imports(path, package_of(name, path)):
            for target in targets(imported):
                above = LAYERS.index(layer_of(target)) > own
                drawing = imported.function in DRAWING_METHODS and layer_of(target) == "pictures"
                if above and not drawing:
                    upwards.append(f"{path.relative_to(PACKAGE)}:{imported.line} imports {target}")
    assert upwards == []


def test_no_private_name_is_imported_from_another_module() -> None:
    private = [
        f"{path.relative_to(PACKAGE)}:{imported.line} imports {imported.module}.{imported_name}"
        for module, path in modules()
        for imported in imports(path, package_of(module, path))
        for imported_name in imported.names
        if imported_name.startswith("_") and not imported_name.startswith("__")
    ]
    assert private == []


def test_the_checks_see_an_upward_import_and_a_private_name(tmp_path: Path) -> None:
    module = tmp_path / "state.py"
    module.write_text(
        "def f():\n    from tictac.pictures.widget import GameWidget\n"
        "from tictac.search.engine import _private\n"
    )
    first, second = imports(module, "tictac.game")
    assert (first.module, first.line, first.function) == ("tictac.pictures.widget", 2, "f")
    assert LAYERS.index(layer_of(first.module)) > LAYERS.index(layer_of("tictac.game.state"))
    assert second.names == ["_private"]
    assert targets(Import("tictac", ["search", "State"], 1, "")) == ["tictac.search", "tictac"]
