"""Positions as values: what a game's position is by being one that never changes.

A position of :class:`~tictac.game.state.State`, :class:`~tictac.game.connect_four.ConnectFour`
or :class:`~tictac.game.nim.Nim` is a value. It is made by the game's class methods, never by
calling the class; it cannot be changed (a move makes a new one); it equals any position with
the same facts and hashes alike, so it can be a dictionary key or a set member; and a copy or a
pickle rebuilds it through the game's checked constructor. :class:`FrozenPosition` is that
behaviour, written once; a game's class gives it only the words of its two refusals and the
facts that make two positions equal and that rebuild one.

>>> from tictac.game.nim import Nim
>>> game = Nim.new((1, 2))
>>> game.heaps = (0, 0)
Traceback (most recent call last):
  ...
AttributeError: a Nim position cannot be changed; play(move) returns a new one
>>> import copy
>>> copy.deepcopy(game) == game, {game: "start"}[Nim.new([1, 2])]
(True, 'start')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

__all__ = ["FrozenPosition"]


class FrozenPosition:
    """The base class of a game's positions as values (see the module's notes).

    A subclass keeps its fields in ``__slots__`` and sets them in its own ``_make`` with
    ``object.__setattr__``, the fast path of its searches; it says, as class attributes:

    * `_how_to_build`: the TypeError's words when someone calls the class, naming the class
      methods that make a position;
    * `_how_to_change`: the AttributeError's words when someone sets or deletes a field;
    * `_rebuild`: the module's function that makes a position again, through the game's checks,
      from what copies and pickles keep of it;

    and it writes two short methods: `_identity`, the facts that make two positions equal, as
    a tuple (the hash is that tuple's), and `_recipe`, the arguments of `_rebuild`.

    >>> from tictac.game.state import State
    >>> State.new()
    State.parse('.../.../...')
    >>> State()
    Traceback (most recent call last):
      ...
    TypeError: a State is not built by calling State(...): use State.new(rows, cols, k) for ...
    """

    __slots__ = ()

    _how_to_build: ClassVar[str]
    _how_to_change: ClassVar[str]
    _rebuild: ClassVar[Callable[..., Any]]

    def _identity(self) -> tuple[Any, ...]:
        """The facts that make two positions of the game equal (and their hash)."""
        raise NotImplementedError(
            f"{type(self).__name__} must say which facts make two positions equal: give it an "
            "_identity() method returning them as a tuple"
        )

    def _recipe(self) -> tuple[Any, ...]:
        """What `_rebuild` makes the position again from, for copies and pickles."""
        raise NotImplementedError(
            f"{type(self).__name__} must say what rebuilds a position: give it a _recipe() "
            "method returning the arguments of its _rebuild"
        )

    def __init__(self, *args: object, **kwargs: object) -> None:
        # Positions are made by the class methods (through `_make`, which skips __init__):
        # called directly, the class would give back an object without a position.
        raise TypeError(self._how_to_build)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(self._how_to_change)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(self._how_to_change)

    def __reduce__(self) -> tuple[Any, ...]:
        # copy, deepcopy and pickle rebuild the position from its recipe, read back and so
        # checked; `_rebuild` is a module's function, so a pickle names it by its path.
        return (self._rebuild, self._recipe())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return self._identity() == other._identity()

    def __hash__(self) -> int:
        return hash(self._identity())
