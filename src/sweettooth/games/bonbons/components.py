"""Bonbons components: candies, colours, the round and square tiles, and the grid (BB-1, BB-8).

The data lives in `data/tiles.toml` (names are our own design) and is validated on load.
A tile's face is a small int: candy `i` in colour `j` is `i * colours + j`; after the 32 candy
faces come the coin and the empty wrapper. A `Layout` is the box for one game: which candies
are in play (all 8, or 6 in the quick variant), the round faces, the square faces, the grid size.

>>> box = load_box()
>>> box.face_name(box.face(0, 0)), box.face_name(box.coin), box.face_name(box.wrapper)
('red lollipop', 'coin', 'empty wrapper')
>>> lay = box.layout(removed=())
>>> len(lay.round_faces), len(lay.square_faces), lay.size
(32, 36, 6)
>>> lay = box.layout(removed=(0, 5))
>>> len(lay.round_faces), len(lay.square_faces), lay.size
(24, 25, 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dc_field
from functools import cache
from typing import Any

from sweettooth.core.data import field, load_data, need

COLUMNS = "abcdefghij"


@cache
def _square_names(size: int) -> tuple[str, ...]:
    return tuple(f"{COLUMNS[p % size]}{p // size + 1}" for p in range(size * size))


@dataclass(frozen=True)
class Layout:
    """The tiles of one game: round faces, square faces (coins and wrapper included), grid size."""

    box: Box
    candies: tuple[int, ...]  # candy indices in play
    removed: tuple[int, ...]  # candy indices taken out (quick variant)
    round_faces: tuple[int, ...]
    square_faces: tuple[int, ...]
    size: int  # the grid is size x size
    coins: int  # coin squares in the grid (0 in the quick variant)

    @property
    def squares(self) -> int:
        return self.size * self.size

    def square_name(self, pos: int) -> str:
        """'a1' is the top-left square; letters are columns, numbers rows."""
        return _square_names(self.size)[pos]

    def max_slots(self) -> int:
        """Most round tiles one row can hold: the deal plus one per empty wrapper (BB-6)."""
        return self.box.deal + self.box.wrappers


@dataclass(frozen=True)
class Box:
    """Everything in the Bonbons box, as loaded from `data/tiles.toml`."""

    candies: tuple[str, ...]
    candy_short: tuple[str, ...]
    colours: tuple[str, ...]
    colour_short: tuple[str, ...]
    deal: int
    coins: int
    wrappers: int
    standard_size: int
    quick_size: int
    quick_removes: int
    quick_removes_coins: bool
    names: tuple[str, ...] = dc_field(default=(), init=False, compare=False, repr=False)
    """Every face's name, by face code."""
    face_codes: dict[str, int] = dc_field(default_factory=dict, init=False, compare=False,
                                          repr=False)
    """Face code by name."""

    def __post_init__(self) -> None:
        names = tuple(self._name(f) for f in range(self.wrapper + 1))
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "face_codes", {n: f for f, n in enumerate(names)})

    @property
    def coin(self) -> int:
        return len(self.candies) * len(self.colours)

    @property
    def wrapper(self) -> int:
        return self.coin + 1

    def face(self, candy: int, colour: int) -> int:
        return candy * len(self.colours) + colour

    def face_name(self, face: int) -> str:
        """'red lollipop', 'coin' or 'empty wrapper'."""
        return self.names[face]

    def _name(self, face: int) -> str:
        if face == self.coin:
            return "coin"
        if face == self.wrapper:
            return "empty wrapper"
        candy, colour = divmod(face, len(self.colours))
        return f"{self.colours[colour]} {self.candies[candy]}"

    def face_short(self, face: int) -> str:
        """Four letters for the text drawing: 'Rlol', 'coin', 'wrap'."""
        if face == self.coin:
            return "coin"
        if face == self.wrapper:
            return "wrap"
        candy, colour = divmod(face, len(self.colours))
        return f"{self.colour_short[colour]}{self.candy_short[candy]}"

    def candy_index(self, name: str) -> int:
        """Index of a candy by name (case and spaces ignored); ValueError names the candies."""
        wanted = " ".join(name.lower().split())
        for i, candy in enumerate(self.candies):
            if candy == wanted:
                return i
        raise ValueError(f"unknown candy {name!r}; candies: {', '.join(self.candies)}")

    def layout(self, removed: tuple[int, ...]) -> Layout:
        """The game's tiles: the full box (`removed` empty) or the quick variant (BB-8)."""
        if removed:
            return _quick_layout(self, tuple(sorted(removed)))
        return _standard_layout(self)


@cache
def _standard_layout(box: Box) -> Layout:
    candies = tuple(range(len(box.candies)))
    return _build(box, candies, (), box.coins, box.standard_size)


@cache
def _quick_layout(box: Box, removed: tuple[int, ...]) -> Layout:
    candies = tuple(c for c in range(len(box.candies)) if c not in removed)
    coins = 0 if box.quick_removes_coins else box.coins
    return _build(box, candies, removed, coins, box.quick_size)


def _build(box: Box, candies: tuple[int, ...], removed: tuple[int, ...], coins: int,
           size: int) -> Layout:
    rounds = tuple(box.face(c, k) for c in candies for k in range(len(box.colours)))
    squares = rounds + (box.coin,) * coins + (box.wrapper,) * box.wrappers
    need(len(squares) == size * size, "tiles.toml",
         f"{len(squares)} square tiles do not fill a {size}x{size} grid")
    return Layout(box, candies, removed, rounds, squares, size, coins)


def _names(data: Any, key: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    entries = data.get(key)
    need(isinstance(entries, list) and len(entries) > 0, "tiles.toml", f"needs [[{key}]] entries")
    names, shorts = [], []
    for i, entry in enumerate(entries):
        where = f"tiles.toml [[{key}]] #{i + 1}"
        name = field(entry, "name", str, where)
        short = field(entry, "short", str, where)
        need(name == " ".join(name.lower().split()) and name != "", where,
             f"name {name!r} must be lower case, single-spaced, not empty")
        names.append(name)
        shorts.append(short)
    need(len(set(names)) == len(names), "tiles.toml", f"two {key} entries share a name")
    return tuple(names), tuple(shorts)


def parse_box(data: Any) -> Box:
    """Validate the parsed `tiles.toml`; DataError says what is wrong."""
    need(isinstance(data, dict), "tiles.toml", "expected a table")
    candies, candy_short = _names(data, "candy")
    colours, colour_short = _names(data, "colour")
    need(all(len(s) == 3 for s in candy_short), "tiles.toml", "candy `short` names are 3 letters")
    need(all(len(s) == 1 for s in colour_short), "tiles.toml", "colour `short` names are 1 letter")
    need(len(set(candy_short)) == len(candy_short), "tiles.toml", "candy `short` names repeat")
    need(len(set(colour_short)) == len(colour_short), "tiles.toml", "colour `short` names repeat")
    deal = field(data, "deal", int, "tiles.toml")
    coins = field(data, "coins", int, "tiles.toml")
    wrappers = field(data, "wrappers", int, "tiles.toml")
    need(deal >= 1 and coins >= 0 and wrappers >= 0, "tiles.toml",
         "deal must be >= 1, coins and wrappers >= 0")
    grid = field(data, "grid", dict, "tiles.toml")
    quick = field(data, "quick", dict, "tiles.toml")
    box = Box(
        candies=candies,
        candy_short=candy_short,
        colours=colours,
        colour_short=colour_short,
        deal=deal,
        coins=coins,
        wrappers=wrappers,
        standard_size=field(grid, "standard", int, "tiles.toml [grid]"),
        quick_size=field(grid, "quick", int, "tiles.toml [grid]"),
        quick_removes=field(quick, "remove_candies", int, "tiles.toml [quick]"),
        quick_removes_coins=field(quick, "remove_coins", bool, "tiles.toml [quick]"),
    )
    need(0 < box.quick_removes < len(candies), "tiles.toml [quick]",
         f"remove_candies must remove 1 to {len(candies) - 1} candies (one candy at least stays)")
    need(box.standard_size <= len(COLUMNS) and box.quick_size <= len(COLUMNS), "tiles.toml [grid]",
         f"grids are at most {len(COLUMNS)} wide")
    box.layout(())  # the grids must be filled exactly
    box.layout(tuple(range(box.quick_removes)))
    return box


@cache
def load_box() -> Box:
    """The house box from `data/tiles.toml` (loaded once)."""
    return parse_box(load_data(__package__ or "sweettooth.games.bonbons", "tiles.toml"))
