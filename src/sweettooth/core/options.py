"""Game options: declared once per game, validated with errors that name the valid choices."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import OptionError

OptionValue = bool | int | str


@dataclass(frozen=True)
class Option:
    """One option of a game: its name, default, and what values it accepts.

    >>> opt = Option("max_turns", 10, "turns per player in Phase 2", minimum=1)
    >>> opt.validate(12)
    12
    >>> opt.parse("7")
    7
    """

    name: str
    default: OptionValue
    help: str = ""
    choices: tuple[OptionValue, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    @property
    def kind(self) -> type:
        return type(self.default)

    def describe(self) -> str:
        """A short human description of the accepted values."""
        if self.choices is not None:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if self.kind is bool:
            return "true or false"
        if self.kind is int:
            lo = "" if self.minimum is None else f" >= {self.minimum}"
            hi = "" if self.maximum is None else f" <= {self.maximum}"
            return "an integer" + (lo + ("," if lo and hi else "") + hi)
        return "a string"

    def validate(self, value: Any) -> OptionValue:
        """Return `value` if it is acceptable, else raise OptionError naming what is allowed."""
        is_bool = isinstance(value, bool)
        ok_type = isinstance(value, self.kind) and not (self.kind is int and is_bool)
        if not ok_type:
            raise OptionError(
                f"option {self.name!r} must be {self.describe()}, got {value!r} "
                f"({type(value).__name__})"
            )
        if self.choices is not None and value not in self.choices:
            raise OptionError(f"option {self.name!r} must be {self.describe()}, got {value!r}")
        too_low = self.minimum is not None and isinstance(value, int) and value < self.minimum
        too_high = self.maximum is not None and isinstance(value, int) and value > self.maximum
        if not is_bool and (too_low or too_high):
            raise OptionError(f"option {self.name!r} must be {self.describe()}, got {value}")
        return value  # type: ignore[no-any-return]

    def parse(self, text: str) -> OptionValue:
        """Parse a value given as text (command line, query string)."""
        if self.kind is bool:
            low = text.strip().lower()
            if low in ("1", "true", "yes", "on"):
                return True
            if low in ("0", "false", "no", "off"):
                return False
            raise OptionError(f"option {self.name!r} must be {self.describe()}, got {text!r}")
        if self.kind is int:
            try:
                return self.validate(int(text))
            except ValueError:
                raise OptionError(
                    f"option {self.name!r} must be {self.describe()}, got {text!r}"
                ) from None
        return self.validate(text)


def resolve_options(
    game_id: str, specs: tuple[Option, ...], given: Mapping[str, Any]
) -> dict[str, OptionValue]:
    """Defaults overlaid with `given`; unknown names and bad values raise OptionError."""
    by_name = {o.name: o for o in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        valid = ", ".join(sorted(by_name)) or "none"
        raise OptionError(f"{game_id} has no option {unknown[0]!r}; valid options: {valid}")
    out: dict[str, OptionValue] = {o.name: o.default for o in specs}
    for name, value in given.items():
        out[name] = by_name[name].validate(value)
    return out
