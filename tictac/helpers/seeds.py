"""Seeds: one way to say where randomness comes from, for every function that draws.

A public function that makes random choices takes ``seed=``: None (a fresh, unpredictable
source), a whole number (the same number gives the same choices every time) or a
``random.Random`` that the caller keeps drawing from (so that several calls share one stream).
Matches, round robins and the game session give each of their players a seed of its own made
from theirs, so they take None or a whole number (:func:`whole_seed` checks it).

>>> import random
>>> random_source(7).random() == random_source(7).random()
True
>>> shared = random.Random(1)
>>> random_source(shared) is shared
True
"""

from __future__ import annotations

import random

from tictac.helpers.checks import as_whole

__all__ = ["Seed", "random_source", "whole_seed"]

Seed = int | random.Random | None
"""What ``seed=`` accepts: None, a whole number, or a ``random.Random`` to draw from."""


def random_source(seed: Seed) -> random.Random:
    """The ``random.Random`` that `seed` stands for (see the module's notes).

    >>> random_source("7")
    Traceback (most recent call last):
      ...
    TypeError: seed must be None, a whole number or a random.Random, not '7'
    """
    if isinstance(seed, random.Random):
        return seed
    if seed is None:
        return random.Random()
    whole = as_whole(seed)  # a NumPy integer too, as a plain int
    if whole is not None:
        return random.Random(whole)
    raise TypeError(f"seed must be None, a whole number or a random.Random, not {seed!r}")


def whole_seed(seed: object, what: str) -> int | None:
    """`seed` itself when it is None or a whole number; otherwise a clear error naming `what`.

    >>> whole_seed(3, "a match")
    3
    >>> whole_seed(random.Random(3), "a match")
    Traceback (most recent call last):
      ...
    TypeError: a match takes a seed that is None or a whole number (...), not <random.Random object>
    """
    if seed is None:
        return None
    whole = as_whole(seed)  # a NumPy integer too, as a plain int
    if whole is not None:
        return whole
    shown = "<random.Random object>" if isinstance(seed, random.Random) else repr(seed)
    raise TypeError(
        f"{what} takes a seed that is None or a whole number (it makes one seed for each "
        f"player from it), not {shown}"
    )
