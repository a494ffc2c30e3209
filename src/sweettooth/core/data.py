"""Loading component data files (JSON or TOML) shipped with a game, or given by a user."""

from __future__ import annotations

import json
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import DataError


def load_data(package: str, name: str) -> Any:
    """Parse `name` from the `data/` folder of `package` (e.g. 'sweettooth.games.lechocolat')."""
    ref = resources.files(package).joinpath("data").joinpath(name)
    return _parse(ref.read_text(encoding="utf-8"), name)


def load_data_file(path: str | Path) -> Any:
    """Parse a user's data file (JSON or TOML, by extension)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"cannot read data file {p}: {exc.strerror}") from None
    return _parse(text, str(p))


def _parse(text: str, name: str) -> Any:
    try:
        if name.endswith(".toml"):
            return tomllib.loads(text)
        return json.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise DataError(f"{name} is not valid: {exc}") from None


def need(cond: bool, where: str, msg: str) -> None:
    """Raise DataError(`where: msg`) unless `cond`."""
    if not cond:
        raise DataError(f"{where}: {msg}")


def field(obj: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """obj[key], which must exist and be of `kind`; DataError otherwise."""
    need(isinstance(obj, dict), where, f"expected a table/object, got {type(obj).__name__}")
    need(key in obj, where, f"missing field {key!r}")
    value = obj[key]
    bad_bool = isinstance(value, bool) and kind in (int, float)
    need(
        isinstance(value, kind) and not bad_bool,
        where,
        f"field {key!r} must be {getattr(kind, '__name__', kind)}, got {value!r}",
    )
    return value
