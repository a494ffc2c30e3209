"""Sweet Nose components: the five kinds of sweets, the set-up table and the store tiles.

SN-1: 5 kinds of sweets, 9 tokens each (45); each player's 5 sweetness markers are valued 1 to 5.
SN-2: set-up as printed; with 5 players, 3 tokens (not 2) go from the removed ones to the market.
SN-7: the store tiles (number, level, caption, effect id) are house data in `data/stores.json`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sweettooth.core.data import field, load_data, load_data_file, need

KINDS: tuple[str, ...] = ("red", "green", "brown", "pink", "yellow")
"""The five kinds of sweets, in the order of the printed example (SN-1)."""

KIND_INDEX: dict[str, int] = {name: i for i, name in enumerate(KINDS)}
TOKENS_PER_KIND = 9
MARKER_VALUES: tuple[int, ...] = (1, 2, 3, 4, 5)
PLATE_SIZE = 8
"""Every player draws 8 sweet tokens; exchanges never change how many sweets a player has."""
MARKET_SIZE = 3
"""'Note: there are always 3 sweet tokens in the market.'"""


@dataclass(frozen=True, slots=True)
class Setup:
    """Step 5 of the preparation for one player count."""

    removed_per_kind: int  # removed from each kind before the bag is filled
    from_removed: int  # tokens drawn from the removed ones into the market (SN-2 for 5 players)


SETUPS: dict[int, Setup] = {
    3: Setup(removed_per_kind=4, from_removed=2),  # plus the bag's last token: 3 in the market
    4: Setup(removed_per_kind=2, from_removed=0),  # the bag's last 3 tokens go to the market
    5: Setup(removed_per_kind=1, from_removed=3),  # SN-2 (fix): 3, not 2
}

EFFECTS: tuple[str, ...] = (
    "plate_to_bowl",
    "bowl_to_plate",
    "opponent_bowl_to_plate",
    "swap_bowl_plate",
    "ignore_market",
    "same_kind_trade",
    "market_trade",
    "bowl_to_bowl",
    "double_trade",
    "switch_markers",
)
"""The effect ids a store tile may name (see stores.py, one small function each)."""

LEVELS: tuple[int, ...] = (17, 19, 22, 26, 31)
"""The printed store levels (Reset, step 3)."""


@dataclass(frozen=True, slots=True)
class StoreTile:
    """One store tile: its number in the printed list, its level (SN-7), caption and effect."""

    number: int
    level: int
    caption: str
    effect: str


def parse_stores(data: Any, where: str = "stores") -> tuple[StoreTile, ...]:
    """Validate a store set (the schema of `data/stores.json`); DataError names what is wrong."""
    items = field(data, "stores", list, where)
    need(len(items) > 0, where, "'stores' must list at least one store tile")
    tiles: list[StoreTile] = []
    for i, item in enumerate(items):
        at = f"{where}: store #{i + 1}"
        number = field(item, "number", int, at)
        level = field(item, "level", int, at)
        caption = field(item, "caption", str, at)
        effect = field(item, "effect", str, at)
        need(number >= 1, at, f"number must be 1 or more, got {number}")
        need(
            level in LEVELS,
            at,
            f"level must be one of {', '.join(map(str, LEVELS))}, got {level}",
        )
        need(effect in EFFECTS, at, f"unknown effect {effect!r}; known: {', '.join(EFFECTS)}")
        tiles.append(StoreTile(number, level, caption, effect))
    numbers = [t.number for t in tiles]
    need(len(set(numbers)) == len(numbers), where, "two store tiles share a number")
    return tuple(sorted(tiles, key=lambda t: t.number))


def default_stores() -> tuple[StoreTile, ...]:
    """The house store set shipped with the game (SN-7)."""
    return _DEFAULT


def load_stores(path: str) -> tuple[StoreTile, ...]:
    """A user's store set from a JSON or TOML file with the same schema ('' = the house set)."""
    if not path:
        return _DEFAULT
    return parse_stores(load_data_file(path), path)


_DEFAULT = parse_stores(load_data("sweettooth.games.sweetnose", "stores.json"), "stores.json")
