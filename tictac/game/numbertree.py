"""The textbook's tree of numbers, as a game the searches can play.

Textbooks teach minimax and alpha-beta on a small tree whose leaves are numbers, before any
real game: MAX moves at the root, MIN replies, and each leaf is worth its number to MAX. A
:class:`NumberTree` is such a tree, built from nested lists, and each of its nodes is a
position that :func:`~tictac.search.engine.minimax`, :func:`~tictac.search.engine.alphabeta`,
:func:`~tictac.pictures.tree.draw_tree` and :func:`~tictac.pictures.stepper.step_search` accept in
place of a board. MAX plays X's part and MIN O's, so values read as everywhere in the package: MAX
wants them high, MIN low.

Nodes are named as in the textbook's figure: the root A, the other inner nodes B, C, D... level
by level, and each leaf after its parent and its place (C1, C2, C3). A move is the index of the
child it goes to, counted from 0 as cells are.

>>> tree = NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> tree.name, tree.player, tree.legal_moves()
('A', 'MAX', (0, 1, 2))
>>> tree.play(1).name, tree.play(1).player, tree.play(1).play(0).name
('C', 'MIN', 'C1')
>>> tree.play(1).play(0).number
2
>>> from tictac.search.engine import minimax
>>> minimax(tree).value
3
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterator, Sequence
from typing import Any, Literal, TypeAlias

from tictac.game.position import Position
from tictac.game.state import IllegalMove, State
from tictac.helpers.checks import as_whole

__all__ = ["Board", "NumberTree", "Position", "leaf_number"]

# What a tree is made of: a number (a leaf) or a tuple of trees (an inner node).
Tree: TypeAlias = "float | tuple[Tree, ...]"

MAX_LEAVES = 10_000
"""The most leaves a tree may have: far more than a lesson draws, few enough to search at once."""

_EXAMPLE = "e.g. NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])"


class NumberTree:
    """A node of a game tree whose leaves are numbers; made from nested lists, it is the root.

    `tree` is a list of the root's children, each a number (a leaf) or again a list of
    children. MAX is to move at the root, MIN one level down, and so on. A node behaves like a
    :class:`~tictac.game.state.State` where the searches need it to: `turn` ("X" for MAX, "O" for
    MIN), `is_terminal`, `legal_moves()` and `play(move)`, which returns the child node.

    >>> tree = NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> [leaf.name for leaf in tree.leaves()][:4]
    ['B1', 'B2', 'B3', 'C1']
    >>> tree.play(2)
    NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).play(2)
    >>> NumberTree([[3, 12], []])
    Traceback (most recent call last):
      ...
    ValueError: a NumberTree's lists must not be empty, and the list at [1] is: give ...
    """

    __slots__ = ("_names", "_node", "_root", "path")

    _root: tuple[Tree, ...]
    _node: Tree
    _names: dict[tuple[int, ...], str]
    path: tuple[int, ...]

    def __init__(self, tree: Sequence[Any]) -> None:
        if isinstance(tree, NumberTree):
            tree = tree.to_lists()
        if isinstance(tree, (str, bytes)) or not isinstance(tree, Sequence):
            raise TypeError(f"NumberTree needs nested lists of numbers, {_EXAMPLE}, not {tree!r}")
        root = _read(tree, ())
        assert isinstance(root, tuple)
        leaves = sum(1 for _ in _walk(root, ()) if not isinstance(_[1], tuple))
        if leaves > MAX_LEAVES:
            raise ValueError(
                f"this tree has {leaves:,} leaves, more than the {MAX_LEAVES:,} a NumberTree "
                "may have: a tree to read and draw has a few dozen"
            )
        self._setup(root, (), root, _names(root))

    def _setup(
        self,
        root: tuple[Tree, ...],
        path: tuple[int, ...],
        node: Tree,
        names: dict[tuple[int, ...], str],
    ) -> None:
        object.__setattr__(self, "_root", root)
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "_node", node)
        object.__setattr__(self, "_names", names)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a NumberTree cannot be changed: play(move) returns the child node")

    # -- the game -------------------------------------------------------------------------------

    @property
    def turn(self) -> Literal["X", "O"]:
        """Who is to move, in the board's terms: "X" for MAX (even depths), "O" for MIN."""
        return "X" if len(self.path) % 2 == 0 else "O"

    @property
    def player(self) -> Literal["MAX", "MIN"]:
        """ "MAX" at the root and every second level below it, "MIN" in between."""
        return "MAX" if len(self.path) % 2 == 0 else "MIN"

    @property
    def is_terminal(self) -> bool:
        """True at a leaf: the game is over and the leaf's number is its value."""
        return not isinstance(self._node, tuple)

    @property
    def number(self) -> float | None:
        """The leaf's number (None at an inner node, whose value the searches work out)."""
        return None if isinstance(self._node, tuple) else self._node

    @property
    def moves_made(self) -> int:
        """How deep the node lies: 0 at the root."""
        return len(self.path)

    @property
    def name(self) -> str:
        """The node's name in the textbook's style: A, B, C... for inner nodes, C1 for leaves."""
        return self._names[self.path]

    @property
    def height(self) -> int:
        """The most moves from this node to a leaf (0 at a leaf)."""
        return _height(self._node)

    def legal_moves(self) -> tuple[int, ...]:
        """The moves, 0 for the first child to the last; empty at a leaf."""
        node = self._node
        return tuple(range(len(node))) if isinstance(node, tuple) else ()

    def play(self, move: int) -> NumberTree:
        """The child node that `move` (its index, from 0) leads to.

        >>> NumberTree([[1, 2], [3, 4]]).play(1).play(0).number
        3
        >>> NumberTree([[1, 2], [3, 4]]).play(2)
        Traceback (most recent call last):
          ...
        tictac.game.state.IllegalMove: A has 2 moves, 0 to 1, so there is no move 2
        """
        moves = self.legal_moves()
        if not moves:
            raise IllegalMove(
                f"{self.name} is a leaf, worth {_show(self._node)}: the game is over there"
            )
        whole = as_whole(move)
        if whole is None:
            raise IllegalMove(
                f"a move is the index of a child, 0 to {len(moves) - 1}, not {move!r}"
            )
        if not 0 <= whole < len(moves):
            raise IllegalMove(
                f"{self.name} has {len(moves)} moves, 0 to {len(moves) - 1}, so there is no "
                f"move {whole}"
            )
        return self.play_unchecked(whole)

    def play_unchecked(self, move: int) -> NumberTree:
        node = self._node
        assert isinstance(node, tuple)
        child = object.__new__(NumberTree)
        child._setup(self._root, (*self.path, move), node[move], self._names)
        return child

    @property
    def key(self) -> tuple[int, ...]:
        """What identifies the node within its tree: its path, the moves from the root.

        >>> NumberTree([[1, 2], [3, 4]]).play(1).play(0).key
        (1, 0)
        """
        return self.path

    def result(self) -> None:
        """None: a tree of numbers has no winner, only values (for code written for boards)."""
        return None

    # -- looking at the tree --------------------------------------------------------------------

    def children(self) -> tuple[NumberTree, ...]:
        """The child nodes, in move order (none at a leaf)."""
        return tuple(self.play_unchecked(move) for move in self.legal_moves())

    def nodes(self) -> tuple[NumberTree, ...]:
        """This node and every node below it, parents before children, left to right.

        >>> [node.name for node in NumberTree([[1, 2], 3]).nodes()]
        ['A', 'B', 'B1', 'B2', 'A2']
        """
        return (self, *(node for child in self.children() for node in child.nodes()))

    def leaves(self) -> tuple[NumberTree, ...]:
        """Every leaf below this node (itself at a leaf), left to right."""
        if self.is_terminal:
            return (self,)
        return tuple(leaf for child in self.children() for leaf in child.leaves())

    def to_lists(self) -> Any:
        """This node's subtree as nested lists (a number at a leaf)."""
        return _lists(self._node)

    @property
    def text(self) -> str:
        """The node's name (what a trace or a drawing writes for it)."""
        return self.name

    def __repr__(self) -> str:
        moves = "".join(f".play({move})" for move in self.path)
        return f"NumberTree({_lists(self._root)!r}){moves}"

    def __str__(self) -> str:
        if self.is_terminal:
            return f"leaf {self.name} = {_show(self._node)}"
        return f"{self.player} node {self.name}: {_lists(self._node)}"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, NumberTree):
            return NotImplemented
        return self.path == other.path and self._root == other._root

    def __hash__(self) -> int:
        return hash((self._root, self.path))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (_lists(self._root), self.path))

    def _repr_svg_(self) -> str:
        """The tree drawn (without searching it), for notebooks."""
        from tictac.pictures.tree import draw_number_tree

        svg: str = draw_number_tree(self).pipe(format="svg", encoding="utf-8")
        return svg


Board: TypeAlias = "State | NumberTree"
"""What the pictures of searches draw today: a board, or a node of a tree of numbers. (The
searches take any game's :class:`~tictac.game.position.Position`.)"""


def leaf_number(state: NumberTree, ply: int) -> float:
    """The score of a tree of numbers: a leaf is worth its number (`ply` is not used).

    >>> leaf_number(NumberTree([[3, 12], [2]]).play(0).play(1), 2)
    12
    """
    number = state.number
    if number is None:
        raise ValueError(
            f"{state.name} is an inner node: only leaves have numbers; a depth-limited search "
            "values inner nodes with its heuristic"
        )
    return number


# ---------------------------------------------------------------------------------------------
# Reading and naming


def _read(value: Any, path: tuple[int, ...]) -> Tree:
    """Nested lists (or tuples) of numbers as nested tuples, each part checked."""
    where = f"[{']['.join(map(str, path))}]" if path else "the root"
    if isinstance(value, bool):
        raise TypeError(f"a NumberTree's leaves are numbers, not {value!r} (at {where})")
    if isinstance(value, numbers.Real):
        if not math.isfinite(value):
            raise ValueError(
                f"a NumberTree's leaves are finite numbers, not {value!r} (at {where})"
            )
        return int(value) if isinstance(value, numbers.Integral) else float(value)
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise TypeError(
            f"a NumberTree is made of lists and numbers, not {value!r} (at {where}); {_EXAMPLE}"
        )
    if not value:
        raise ValueError(
            f"a NumberTree's lists must not be empty, and the list at {where} is: give every "
            f"inner node at least one child, {_EXAMPLE}"
        )
    return tuple(_read(child, (*path, index)) for index, child in enumerate(value))


def _walk(node: Tree, path: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], Tree]]:
    """Every (path, node) of the tree, level by level (breadth-first), left to right."""
    queue = [(path, node)]
    while queue:
        path, node = queue.pop(0)
        yield path, node
        if isinstance(node, tuple):
            queue.extend(((*path, i), child) for i, child in enumerate(node))


def _names(root: tuple[Tree, ...]) -> dict[tuple[int, ...], str]:
    names: dict[tuple[int, ...], str] = {}
    inner = 0
    for path, node in _walk(root, ()):
        if isinstance(node, tuple):
            names[path] = _letters(inner)
            inner += 1
        else:
            names[path] = f"{names[path[:-1]]}{path[-1] + 1}"
    return names


def _letters(index: int) -> str:
    """A, B, ..., Z, AA, AB, ...: the name of the `index`-th inner node."""
    text = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        text = chr(ord("A") + rest) + text
    return text


def _height(node: Tree) -> int:
    return 1 + max(map(_height, node)) if isinstance(node, tuple) else 0


def _lists(node: Tree) -> Any:
    return [_lists(child) for child in node] if isinstance(node, tuple) else node


def _show(number: Tree) -> str:
    return str(number)


def _rebuild(lists: Any, path: tuple[int, ...]) -> NumberTree:
    node = NumberTree(lists)
    for move in path:
        node = node.play(move)
    return node
