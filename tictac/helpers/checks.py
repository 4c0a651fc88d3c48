"""Small checks of arguments, shared by every module, and how an error message shows a value.

One wording everywhere: a value is shown by :func:`shown` (short, never a 4,300-digit number),
and a whole number is any integer type's value but not True or False (:func:`as_whole`).

>>> as_whole(3), as_whole(True), as_whole(2.0)
(3, None, None)
>>> shown("x" * 100)
"'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"
>>> whole_numbers(rows=3, cols="4")
Traceback (most recent call last):
  ...
ValueError: cols must be a whole number such as 3, not '4'
"""

from __future__ import annotations

import operator
import reprlib

__all__ = ["as_whole", "as_whole_tuple", "shown", "whole_numbers"]


def as_whole(value: object) -> int | None:
    """`value` as a plain ``int`` if it is a whole number of any integer type (NumPy's too);
    None for anything else, True and False included (they are not numbers here)."""
    if type(value) is int:
        return value
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def as_whole_tuple(values: object) -> tuple[int, ...] | None:
    """A tuple or list of whole numbers as a tuple of plain ints; None for anything else."""
    if not isinstance(values, tuple | list):
        return None
    wholes = tuple(whole for whole in map(as_whole, values) if whole is not None)
    return wholes if len(wholes) == len(values) else None


def whole_numbers(**values: object) -> tuple[int, ...]:
    """The values as plain ints, in order; a ValueError naming the first that is not whole."""
    wholes = []
    for name, value in values.items():
        whole = as_whole(value)
        if whole is None:
            hint = " (True and False are not numbers here)" if isinstance(value, bool) else ""
            raise ValueError(f"{name} must be a whole number such as 3, not {shown(value)}{hint}")
        wholes.append(whole)
    return tuple(wholes)


_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 40


def shown(value: object) -> str:
    """`value` as an error message shows it: its repr, shortened (a long text would swamp the
    message, and Python refuses to print a whole number of over 4,300 digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**30:
        digits = int(abs(value).bit_length() * 0.30103) + 1
        return f"a number of about {digits:,} digits"
    try:
        return _SHORT.repr(value)
    except ValueError:
        return f"a {type(value).__name__} too large to show"
