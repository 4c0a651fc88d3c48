"""Small checks of arguments, shared by every module, and how an error message shows a value.

One wording everywhere: a value is shown by :func:`shown` (short, never a 4,300-digit number),
and a whole number is any integer type's value but not True or False (:func:`as_whole`). An
argument that must be a whole number is checked by :func:`whole_number`, which says so in one
wording ("games must be a whole number, 1 or more, not 0") and returns a plain ``int``.

>>> as_whole(3), as_whole(True), as_whole(2.0)
(3, None, None)
>>> whole_number(0, "games", at_least=1)
Traceback (most recent call last):
  ...
ValueError: games must be a whole number, 1 or more, not 0
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

__all__ = ["as_whole", "as_whole_tuple", "shown", "whole_number", "whole_numbers"]


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


def whole_number(
    value: object,
    name: str,
    *,
    at_least: int | None = None,
    at_most: int | None = None,
    what: str | None = None,
    or_else: str | None = None,
) -> int:
    """`value` as a plain ``int`` if it is a whole number (of any integer type, NumPy's too, but
    not True or False) from `at_least` to `at_most`; otherwise a ValueError that names the
    argument `name`, says what it must be and shows what it was.

    `what` is what the number counts ("plies", "pixels"); `or_else` is what else the argument
    may be, such as "None for no limit" (the caller checks for that before calling).

    >>> whole_number(7, "games", at_least=0)
    7
    >>> whole_number(3, "depth", at_least=1, what="plies", or_else="None for no limit")
    3
    >>> whole_number("3", "k")
    Traceback (most recent call last):
      ...
    ValueError: k must be a whole number such as 3, not '3'
    >>> whole_number(True, "playouts", at_least=1)
    Traceback (most recent call last):
      ...
    ValueError: playouts must be a whole number, 1 or more, not True (True and False are not ...
    >>> whole_number(-1, "depth", at_least=0, what="plies", or_else="None for no limit")
    Traceback (most recent call last):
      ...
    ValueError: depth must be a whole number of plies, 0 or more (or None for no limit), not -1
    >>> whole_number(10, "max_marks", at_least=0, at_most=9)
    Traceback (most recent call last):
      ...
    ValueError: max_marks must be a whole number from 0 to 9, not 10
    """
    whole = as_whole(value)
    if (
        whole is not None
        and (at_least is None or whole >= at_least)
        and (at_most is None or whole <= at_most)
    ):
        return whole
    if at_least is not None and at_most is not None:
        limits = f" from {at_least} to {at_most}"
    elif at_least is not None:
        limits = f", {at_least} or more"
    elif at_most is not None:
        limits = f", {at_most} or less"
    else:
        limits = " such as 3"
    counted = f" of {what}" if what else ""
    other = f" (or {or_else})" if or_else else ""
    hint = " (True and False are not numbers here)" if isinstance(value, bool) else ""
    got = shown(value if whole is None else whole)
    raise ValueError(f"{name} must be a whole number{counted}{limits}{other}, not {got}{hint}")


def whole_numbers(**values: object) -> tuple[int, ...]:
    """The values as plain ints, in order; a ValueError naming the first that is not whole
    (see :func:`whole_number`)."""
    return tuple(whole_number(value, name) for name, value in values.items())


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
