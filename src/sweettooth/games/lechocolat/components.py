"""Le Chocolat's components: flavours, the 36 double-sided tiles and the scoring cards.

The printed components are not in our rulebook, so the shipped set is house data (LC-2), kept in
`data/tiles.json` and `data/scoring_cards.json` and validated here on load. A user may load another
set with the same schema (the `tiles_file` and `cards_file` options).

A side is an int: 0 is blank, 1..6 are the flavours in the order of the data file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from sweettooth.core.data import field, load_data, load_data_file, need
from sweettooth.core.options import OptionValue

BLANK = 0
TILE_COUNT = 36


@dataclass(frozen=True)
class Flavour:
    id: str
    name: str
    code: str  # three letters, for the text board


@dataclass(frozen=True)
class SetBonus:
    flavours: tuple[int, ...]
    points: int


@dataclass(frozen=True)
class Majority:
    flavour: int
    points: int


@dataclass(frozen=True)
class ScoringCard:
    id: str
    name: str
    values: tuple[int, ...]  # index = side (values[0], blank, is always 0)
    sets: tuple[SetBonus, ...]
    majorities: tuple[Majority, ...]


@dataclass(frozen=True)
class Components:
    """One complete set: flavours, the 36 tiles (pairs of sides) and the scoring cards."""

    flavours: tuple[Flavour, ...]
    tiles: tuple[tuple[int, int], ...]
    cards: tuple[ScoringCard, ...]

    def side_id(self, side: int) -> str:
        return "blank" if side == BLANK else self.flavours[side - 1].id

    def side_of(self, name: str) -> int:
        if name == "blank":
            return BLANK
        for i, f in enumerate(self.flavours, start=1):
            if f.id == name:
                return i
        raise KeyError(name)

    def card(self, card_id: str) -> ScoringCard:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)


def parse_tiles(data: Any, where: str) -> tuple[tuple[Flavour, ...], tuple[tuple[int, int], ...]]:
    raw_flavours = field(data, "flavours", list, where)
    flavours = []
    for i, f in enumerate(raw_flavours):
        w = f"{where}: flavours[{i}]"
        flavours.append(
            Flavour(field(f, "id", str, w), field(f, "name", str, w), field(f, "code", str, w))
        )
    ids = [f.id for f in flavours]
    need(len(set(ids)) == len(ids), where, "flavour ids must be unique")
    need("blank" not in ids, where, "'blank' is reserved for the blank side")
    side = {"blank": BLANK} | {fid: i for i, fid in enumerate(ids, start=1)}
    raw_tiles = field(data, "tiles", list, where)
    need(len(raw_tiles) == TILE_COUNT, where, f"needs {TILE_COUNT} tiles, has {len(raw_tiles)}")
    tiles = []
    for i, t in enumerate(raw_tiles):
        need(isinstance(t, list) and len(t) == 2, where, f"tiles[{i}] must be [side, side]")
        for s in t:
            need(s in side, where, f"tiles[{i}] has unknown side {s!r}; sides: {sorted(side)}")
        tiles.append((side[t[0]], side[t[1]]))
    return tuple(flavours), tuple(tiles)


def parse_cards(data: Any, flavours: tuple[Flavour, ...], where: str) -> tuple[ScoringCard, ...]:
    side = {f.id: i for i, f in enumerate(flavours, start=1)}
    cards = []
    for i, c in enumerate(field(data, "cards", list, where)):
        w = f"{where}: cards[{i}]"
        values = field(c, "values", dict, w)
        need(set(values) == set(side), w, f"values must give every flavour: {sorted(side)}")
        for fid, v in values.items():
            need(isinstance(v, int) and not isinstance(v, bool), w, f"value of {fid} must be int")
        sets = []
        for j, s in enumerate(field(c, "sets", list, w)):
            fl = field(s, "flavours", list, f"{w}.sets[{j}]")
            need(bool(fl) and all(x in side for x in fl), w, f"sets[{j}] names unknown flavours")
            need(len(set(fl)) == len(fl), w, f"sets[{j}] repeats a flavour")
            pts = field(s, "points", int, f"{w}.sets[{j}]")
            sets.append(SetBonus(tuple(side[x] for x in fl), pts))
        need(1 <= len(sets) <= 2, w, "a card has one or two flavour sets")
        majorities = []
        for j, m in enumerate(field(c, "majorities", list, w)):
            fl = field(m, "flavour", str, f"{w}.majorities[{j}]")
            need(fl in side, w, f"majorities[{j}] names unknown flavour {fl!r}")
            pts = field(m, "points", int, f"{w}.majorities[{j}]")
            need(pts > 0, w, f"majorities[{j}] must be a bonus (points > 0)")
            majorities.append(Majority(side[fl], pts))
        need(1 <= len(majorities) <= 2, w, "a card has one or two majority bonuses")
        cards.append(
            ScoringCard(
                id=field(c, "id", str, w),
                name=field(c, "name", str, w),
                values=(0, *(values[f.id] for f in flavours)),
                sets=tuple(sets),
                majorities=tuple(majorities),
            )
        )
    ids = [c.id for c in cards]
    need(len(cards) >= 1, where, "needs at least one scoring card")
    need(len(set(ids)) == len(ids), where, "card ids must be unique")
    return tuple(cards)


@cache
def load_components(tiles_file: str = "", cards_file: str = "") -> Components:
    """The shipped house data, or a user's files (same schema) where given."""
    pkg = __name__.rpartition(".")[0]
    if tiles_file:
        tiles_data, tiles_where = load_data_file(tiles_file), tiles_file
    else:
        tiles_data, tiles_where = load_data(pkg, "tiles.json"), "tiles.json"
    if cards_file:
        cards_data, cards_where = load_data_file(cards_file), cards_file
    else:
        cards_data, cards_where = load_data(pkg, "scoring_cards.json"), "scoring_cards.json"
    flavours, tiles = parse_tiles(tiles_data, tiles_where)
    return Components(flavours, tiles, parse_cards(cards_data, flavours, cards_where))


def components_for(options: Mapping[str, OptionValue]) -> Components:
    """The tiles and scoring cards the options name (`tiles_file`, `cards_file`; '' = the box)."""
    return load_components(str(options["tiles_file"]), str(options["cards_file"]))
