"""Bonbons hints: what the table remembers (every flip is public, BB-2) and what the chosen flip
can match: a sure pair, a sure theft (BB-4), a sure coin run (BB-5), or the best guess; and
which tile is least useful to cover with the coins or to give back after a theft.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sweettooth.core import JSON
from sweettooth.games.bonbons.actions import (
    NOTATION,
    Cover,
    FlipRound,
    FlipSquare,
    GiveBack,
    Stop,
)

from .common import People, count, ordinal


@dataclass
class Table:
    """What the seat remembers of the face-down tiles (the view holds every face ever seen)."""

    me: int
    square_of: dict[str, str] = field(default_factory=dict)  # remembered face -> square
    square_face: dict[str, str | None] = field(default_factory=dict)  # square -> face
    tile_of: dict[str, tuple[int, int]] = field(default_factory=dict)  # face -> (seat, slot)
    tile_face: dict[tuple[int, int], str | None] = field(default_factory=dict)
    unseen_squares: int = 0
    coins_down: int = 0

    @classmethod
    def of(cls, view: JSON, me: int) -> Table:
        t = cls(me)
        for line in view["grid"]:
            for c in line:
                t.square_face[c["square"]] = c["face"]
                if c["state"] != "down":
                    continue
                if c["face"] is None:
                    t.unseen_squares += 1
                elif c["face"] == "coin":
                    t.coins_down += 1
                else:
                    t.square_of[c["face"]] = c["square"]
        for seat, row in enumerate(view["rows"]):
            for slot, tile in enumerate(row):
                t.tile_face[(seat, slot)] = tile["face"]
                if tile["state"] == "down" and tile["face"] is not None:
                    t.tile_of[tile["face"]] = (seat, slot)
        return t

    def sure_pair(self, view: JSON) -> bool:
        """Whether a remembered square pairs with a round tile the seat could flip for it."""
        own = view["rows"][self.me]
        can_steal = any(tile["state"] == "down" for tile in own)  # a tile to give back (BB-4)
        return any(face in self.square_of and (seat == self.me or can_steal)
                   for face, (seat, _slot) in self.tile_of.items())

    def findable(self) -> int:
        """Round tiles face down whose face is known but whose square nobody has seen."""
        return sum(1 for f in self.tile_of if f not in self.square_of)


def _tile(people: People, seat: int, slot: int) -> str:
    return f"{people.whose(seat)} {ordinal(slot + 1)} tile"


def _a(face: str) -> str:
    return f"an {face}" if face[0] in "aeiou" else f"a {face}"


WRAPPER = "empty wrapper"


def wrapper_risk(view: JSON, t: Table) -> str:
    """ "; risk: 1 in 20 that it is the empty wrapper (...)" for a square nobody has seen, while
    the empty wrapper is still face down somewhere (once flipped it stays face up); else ""."""
    shown = any(c["face"] == WRAPPER for line in view["grid"] for c in line)
    if shown or t.unseen_squares < 1:
        return ""
    return (f"; risk: 1 in {t.unseen_squares} that it is the empty wrapper (you draw a tile "
            f"and your turn ends)")


def _square(view: JSON, t: Table, people: People, name: str) -> str:
    text = _square_reason(view, t, people, name)
    return text + wrapper_risk(view, t) if t.square_face.get(name) is None else text


def _square_reason(view: JSON, t: Table, people: People, name: str) -> str:
    phase, face = view["phase"], t.square_face.get(name)
    if phase == "coin run":
        if face == "coin":
            return f"flip {name}: you saw a coin there"
        return f"flip {name}: nobody has seen it, and it may be the next coin"
    if phase == "after round":
        shown = t.tile_face.get(_slot(view["go"]["round"]))
        if face is not None and face == shown:
            return f"flip {name}: you saw the {face} there, so it matches the round tile showing"
        return (f"flip {name}: nobody has seen where the {shown} is, so try a square nobody "
                f"has seen")
    if face == "coin":
        return (f"flip {name}: you remember where all {t.coins_down} coins are, so start a "
                f"coin run")
    if face is not None and face in t.tile_of:
        seat, slot = t.tile_of[face]
        if seat == people.me:
            return (f"flip {name}: you saw {_a(face)} there and your {ordinal(slot + 1)} round "
                    f"tile is {_a(face)}")
        return (f"flip {name}: you saw {_a(face)} there and {_tile(people, seat, slot)} is "
                f"{_a(face)}: steal it")
    if face is not None:
        return f"flip {name}: you saw {_a(face)} there"
    if t.sure_pair(view):
        return f"flip {name}: nobody has seen that square"
    known = t.findable()
    if known > 1:
        chance = f"it may match one of the {known} round tiles you have seen"
    elif known == 1:
        chance = "it may match the round tile you have seen"
    else:
        chance = "a new square is the best chance of a pair"
    return f"flip {name}: no pair is sure yet and nobody has seen that square; {chance}"


def _slot(label: str | None) -> tuple[int, int]:
    """'p1.3' -> (1, 2)."""
    if not label:
        return (-1, -1)
    seat, _, slot = label[1:].partition(".")
    return int(seat), int(slot) - 1


def _round(view: JSON, t: Table, people: People, seat: int, slot: int) -> str:
    face = t.tile_face.get((seat, slot))
    mine = seat == people.me
    verb = "flip" if mine else "steal"
    what = _tile(people, seat, slot)
    if view["phase"] == "after square":
        shown = t.square_face.get(view["go"]["squares"][0]) or "square"
        if face is not None and face == shown:
            return f"{verb} {what}: it is the {shown} that matches the square showing"
        if mine:
            return (f"flip {what}: nobody has seen a round {shown}, so it may be one of "
                    f"your unseen tiles")
        return f"try {what}: nobody has seen a round {shown}, so it may be there"
    known = len([f for f in t.square_of if f not in t.tile_of])
    if known:
        return (f"flip {what} first: you remember {count(known, 'square')} with no known round "
                f"tile, so it may match one of them")
    return f"flip {what} first: it is the best chance of a pair"


def _least_useful(t: Table, people: People, slot: int, verb: str) -> str:
    face = t.tile_face.get((people.me, slot))
    what = f"{verb} your {ordinal(slot + 1)} tile"
    if face is None:
        return f"{what}: nobody has seen it, so you know least about where its pair is"
    if face not in t.square_of:
        return f"{what}: it is {_a(face)} and nobody has seen its square, so it is hard to match"
    return f"{what}: you remember its square, but every other tile is worse to lose"


def actions(view: JSON) -> list[Any]:
    """The view's legal actions as action objects (read from their notation)."""
    return [NOTATION[text] for text in view["legal_actions"]]


def explain(view: JSON, action: Any, legal: Sequence[Any], people: People) -> str:
    t = Table.of(view, people.me)
    if isinstance(action, FlipSquare):
        return _square(view, t, people, str(action))
    if isinstance(action, FlipRound):
        return _round(view, t, people, action.seat, action.slot)
    if isinstance(action, Stop):
        if view["phase"] == "coin run":
            return "stop: you remember no other coin, and a wrong flip ends your turn"
        shown = t.square_face.get(view["go"]["squares"][0]) or "square"
        if shown in t.tile_of and t.tile_of[shown][0] != people.me:
            seat, slot = t.tile_of[shown]
            return (f"stop: the {shown} is {_tile(people, seat, slot)}, but you have no "
                    f"face-down tile to give back, so you cannot steal it")
        if any(f is None for (s, _k), f in t.tile_face.items() if s == people.me):
            return (f"stop: you know of no round tile that matches the {shown}, and turning "
                    f"one of yours up would show it to everyone for nothing")
        return (f"stop: you know of no round tile that matches the {shown}, and you have no "
                f"unseen tile of your own left to try")
    if isinstance(action, Cover):
        return _least_useful(t, people, action.slot, "cover")
    if isinstance(action, GiveBack):
        victim = view["go"]["victim"]
        to = "give back" if victim is None else f"give {people.name(int(victim))}"
        return _least_useful(t, people, action.slot, to)
    return f"{action}: the medium bot's choice"
