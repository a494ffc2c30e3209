"""Strict JSON for everything a client sends: the HTTP bodies and the WebSocket messages.

Python's `json.loads` accepts more than JSON: the constants `NaN`, `Infinity` and `-Infinity`,
numbers like `1e999` that overflow to infinity, integers of thousands of digits (whose parsing
is slow and, past 4300 digits, raises a ValueError that is no JSONDecodeError), and escapes such
as `"\\ud800"` that decode to a lone surrogate, a string no UTF-8 encoder can write back (so any
answer echoing it fails). `loads_strict` refuses all of these with a `JsonError` whose message
says what is wrong and where, never echoing the offending text.

>>> loads_strict('{"players": 2, "name": "Ada"}')
{'players': 2, 'name': 'Ada'}
>>> loads_strict('{"players": NaN}')
Traceback (most recent call last):
...
sweettooth.server.strictjson.JsonError: NaN is not a JSON number
>>> loads_strict('{"name": "\\\\ud800"}')
Traceback (most recent call last):
...
sweettooth.server.strictjson.JsonError: name: text must be valid Unicode (a lone surrogate ...
"""

from __future__ import annotations

import json
import math
from typing import Any

MAX_INT_DIGITS = 30
"""Longer integers are refused (no field of the server needs more than 2**64)."""
MAX_DEPTH = 32
"""Deeper nesting is refused (no message of the server nests more than three levels)."""


class JsonError(ValueError):
    """Text that is not strict JSON; the message names the problem (never the text)."""


def _constant(name: str) -> Any:
    raise JsonError(f"{name} is not a JSON number")


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise JsonError(f"integers are limited to {MAX_INT_DIGITS} digits")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonError("numbers must be finite (this one overflows to infinity)")
    return value


def loads_strict(text: str | bytes) -> Any:
    """The JSON value in `text` (bytes must be UTF-8), or JsonError."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise JsonError("the body must be UTF-8 text") from None
    try:
        data = json.loads(text, parse_constant=_constant, parse_int=_int, parse_float=_float)
    except JsonError:
        raise
    except RecursionError:
        raise JsonError("too deeply nested") from None
    except json.JSONDecodeError as exc:
        raise JsonError(f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") \
            from None
    except ValueError:
        raise JsonError("not valid JSON (a number out of range)") from None
    check_text(data)
    return data


def check_text(data: Any, path: str = "", depth: int = 0) -> None:
    """JsonError if any string (key or value) inside `data` holds a lone surrogate, or the
    nesting is deeper than MAX_DEPTH."""
    if depth > MAX_DEPTH:
        raise JsonError(f"nested more than {MAX_DEPTH} levels deep")
    if isinstance(data, str):
        _check_str(data, path)
    elif isinstance(data, dict):
        for key, value in data.items():
            _check_str(key, f"{path or 'object'} key")
            check_text(value, f"{path}.{key[:40]}" if path else key[:40], depth + 1)
    elif isinstance(data, list):
        for i, value in enumerate(data):
            check_text(value, f"{path}[{i}]", depth + 1)


def is_clean(text: str) -> bool:
    """True when `text` is valid Unicode (encodable as UTF-8)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check_str(text: str, path: str) -> None:
    if not is_clean(text):
        where = f"{path}: " if path else ""
        raise JsonError(f"{where}text must be valid Unicode (a lone surrogate is not a character)")
