"""Checking that an action's fields have exactly their declared types.

Tuples and dataclasses compare field by field with ==, and 1 == 1.0 == True, so a look-alike such
as `FlipSquare(col=1.0, row=2)` equals a legal action. A game's `_is_legal` calls `well_typed`
first, so such a value is refused instead of being played and recorded under a notation that
does not replay.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Flip:
...     col: int
...     row: int
>>> well_typed(Flip(1, 2)), well_typed(Flip(1.0, 2)), well_typed(Flip(True, 2))
(True, False, False)
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any


@cache
def _hints(cls: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    if dataclasses.is_dataclass(cls):
        names = [f.name for f in dataclasses.fields(cls)]
    else:
        names = list(getattr(cls, "_fields", ()))
    return tuple((n, hints[n]) for n in names if n in hints)


def _matches(value: Any, hint: Any) -> bool:
    if hint is Any:
        return True
    if hint in (int, bool, str, float):
        return type(value) is hint
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, h) for h in typing.get_args(hint))
    if origin is tuple:
        args = typing.get_args(hint)
        if type(value) is not tuple:
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_matches(v, args[0]) for v in value)
        return len(args) == len(value) and all(
            _matches(v, h) for v, h in zip(value, args, strict=True)
        )
    if hint is type(None):
        return value is None
    if isinstance(hint, type):
        return type(value) is hint and well_typed(value)
    return True  # a hint we do not check (Literal, generics of other kinds)


def well_typed(action: Any) -> bool:
    """Whether every field of a dataclass or named-tuple action has exactly its declared type."""
    cls: type = type(action)
    if not (dataclasses.is_dataclass(cls) or hasattr(cls, "_fields")):
        return True
    return all(_matches(getattr(action, name), hint) for name, hint in _hints(cls))
