"""Game options as the server accepts them: every number within a documented range.

The engines accept what their rules allow (Bonbons' `turn_limit` has no upper bound: a local
game may run as long as its players like). Online, a table's length is the server's cost, so
every integer option has a range here: the engine's own bounds, narrowed by `ONLINE_CAPS`, and
an integer option with no upper bound from either is refused outright (`online_range`), so a
new engine option cannot slip through unbounded. Text options are at most `MAX_OPTION_CHARS`
characters, and options naming files on the server's disk (`*_file`) are refused.

The ranges are listed in docs/server.md and given by `GET /api/games` (`minimum`, `maximum`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sweettooth.core import Game

BOT_SPEEDS = ("slow", "normal", "instant")
"""The web client's pace for bot moves at a table (`bot_speed`; a display default only)."""

MAX_OPTION_CHARS = 200
"""Longest text option value accepted online."""

ONLINE_CAPS: dict[tuple[str, str], tuple[int, int]] = {
    ("bonbons", "turn_limit"): (1, 2000),  # the engine's default is the online maximum
}
"""(game, option) -> (minimum, maximum) the server enforces on top of the engine's bounds."""


class OptionRangeError(ValueError):
    """An option value outside what the server accepts online."""


def online_range(game: Game[Any], name: str) -> tuple[int, int] | None:
    """The (minimum, maximum) of integer option `name` online; None if it is no integer option.

    ValueError if neither the engine nor `ONLINE_CAPS` bounds it (a server bug, caught by the
    test that checks every game's options)."""
    spec = next((o for o in game.option_specs if o.name == name), None)
    if spec is None or spec.kind is not int:
        return None
    lo, hi = spec.minimum, spec.maximum
    cap = ONLINE_CAPS.get((game.id, name))
    if cap is not None:
        lo = cap[0] if lo is None else max(lo, cap[0])
        hi = cap[1] if hi is None else min(hi, cap[1])
    if lo is None or hi is None:
        raise ValueError(f"{game.id} option {name!r} has no online range; add it to ONLINE_CAPS")
    return lo, hi


def check_online(game: Game[Any], options: Mapping[str, Any]) -> None:
    """OptionRangeError naming the first option the server refuses online."""
    for name, value in options.items():
        if name.endswith("_file") and value:  # would read any file on the server's disk
            raise OptionRangeError(f"option {name!r} names a server file; not available online")
        if isinstance(value, str) and len(value) > MAX_OPTION_CHARS:
            raise OptionRangeError(
                f"option {name!r} is limited to {MAX_OPTION_CHARS} characters online"
            )
        bounds = online_range(game, name)
        if bounds is not None and isinstance(value, int) and not isinstance(value, bool):
            lo, hi = bounds
            if not lo <= value <= hi:
                raise OptionRangeError(
                    f"option {name!r} must be from {lo} to {hi} online, got {value}"
                )


def describe_online(game: Game[Any]) -> list[dict[str, Any]]:
    """`game.describe()["options"]` with each integer option's online `minimum` and `maximum`."""
    out = []
    for option in game.describe()["options"]:
        bounds = online_range(game, option["name"])
        if bounds is not None:
            option = {**option, "minimum": bounds[0], "maximum": bounds[1],
                      "accepts": f"an integer from {bounds[0]} to {bounds[1]}"}
        if option["name"].endswith("_file"):
            option = {**option, "accepts": "not available online"}
        out.append(option)
    return out
