"""BitterSweet hints: a Choc's printed points and how it fits the seat's own YUM! and YUCK!
(the round's scoring, BS-1, BS-2), what is still unseen in the box, and who a give or a demand
should involve. Chocs are named by their printed names, players as "you" or by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sweettooth.core import JSON
from sweettooth.games.bittersweet.actions import (
    COLUMNS,
    Choose,
    Give,
    Pick,
    Resolve,
    Return,
    Reveal,
    Take,
)
from sweettooth.games.bittersweet.components import Choc, Components, components_for

from .common import People, listed


def _comps(view: JSON) -> Components:
    return components_for(view.get("options", {}))


class Hand:
    """The seat's preferences and how a Choc fits them."""

    def __init__(self, view: JSON, me: int) -> None:
        self.comps = _comps(view)
        mine = view["seats"][me]
        self.yum: list[str] = list(mine.get("yum", []))
        self.yuck: list[str] = list(mine.get("yuck", []))
        self.hand: list[str] = list(mine.get("hand", []))
        self.box = {b["cell"]: b for b in view["box"]}
        self.whereabouts: list[JSON] = list(view.get("whereabouts", []))

    def choc(self, choc_id: str) -> Choc:
        return self.comps.chocs[self.comps.choc_index(choc_id)]

    def score(self, choc: Choc) -> int:
        """A rough worth to the seat: points (1 or 3 counts 2), 2 per YUM! match, -2 per YUCK!."""
        s = choc.score
        value = 2 if s.kind == "one_or_three" else s.points
        wild = choc.trigger("round_end")
        for e in wild.effects if wild else ():
            if e.do == "wild":
                value += 2 * len(self.yum) if e.as_ == "yum" else -2 * len(self.yuck)
        value += 2 * sum(1 for a in self.yum if choc.matches(a))
        value -= 2 * sum(1 for a in self.yuck if choc.matches(a))
        return value

    def fits(self, choc: Choc) -> str:
        """ "Rocky Road (3 points, matches your YUM! milk)"."""
        s = choc.score
        if s.kind == "fixed":
            points = f"{s.points} point{'' if abs(s.points) == 1 else 's'}"
        elif s.kind == "one_or_three":
            points = "1 or 3 points"
        else:
            points = f"{s.points:+d} per other {s.match}"
        notes = [points]
        wild = choc.trigger("round_end")
        for e in wild.effects if wild else ():
            if e.do == "wild":
                notes.append(f"counts for every {'YUM!' if e.as_ == 'yum' else 'YUCK!'}")
        yum = [a for a in self.yum if choc.matches(a)]
        yuck = [a for a in self.yuck if choc.matches(a)]
        if yum:
            notes.append(f"matches your YUM! {listed(yum)}")
        if yuck:
            notes.append(f"matches your YUCK! {listed(yuck)}")
        return f"{choc.name} ({', '.join(notes)})"

    def best_known(self, choc: Choc) -> bool:
        """Whether `choc` is worth the most to the seat of every Choc it knows in the box."""
        known = [self.choc(b["choc"]) for b in self.box.values() if b["choc"]]
        return self.score(choc) >= max((self.score(c) for c in known), default=0)

    def worst_held(self, choc: Choc) -> bool:
        """Whether `choc` is worth the least to the seat of the Chocs in its hand."""
        held = [self.choc(c) for c in self.hand]
        return self.score(choc) <= min((self.score(c) for c in held), default=0)

    def candidates(self, cell: str) -> list[Choc]:
        """The Chocs the face-down Choc in `cell` could be, as the view's whereabouts say."""
        return [self.choc(c) for group in self.whereabouts if cell in group["places"]
                for c in group["chocs"]]

    def risk(self, cell: str) -> str:
        """ "; risk: 3 of the 45 Chocs it could be (7%) cost you points, veggies among them
        (Pea Pod -2, ...)", or "" when none could: from the view's whereabouts alone, each
        Choc it could be counted as equally likely."""
        could = self.candidates(cell)
        bad = [c for c in could if self.score(c) < 0]
        if not could or not bad:
            return ""
        share = f"{len(bad)} of the {len(could)} Chocs it could be ({len(bad) / len(could):.0%})"
        veggies = [c for c in bad if c.kind == "veggie"]
        named = listed([f"{c.name} {c.score.text()}" for c in veggies[:3]]
                       + ([f"{len(veggies) - 3} more"] if len(veggies) > 3 else []))
        among = f", veggies among them ({named})" if veggies else ""
        return f"; risk: {share} would cost you points{among}"

    def known(self, cell: str) -> Choc | None:
        b = self.box.get(cell)
        return self.choc(b["choc"]) if b and b["choc"] else None


def _player(people: People, label: str) -> int:
    """'P2' -> 1."""
    return int(label.lstrip("P")) - 1


def _turn(view: JSON, hand: Hand, verb: str, rest: list[str]) -> str:
    if verb == "take":
        choc = hand.known(rest[0])
        if choc is not None:
            up = hand.box[rest[0]]["face"] == "up"
            where = "" if up else " (face down, but you know it)"
            text = f"take {hand.fits(choc)} from {rest[0]}{where}"
            return text + (": the best Choc you know of" if hand.best_known(choc) else "")
        return (f"take the face-down Choc in {rest[0]}: nothing you can see is worth more to "
                f"you than a Choc you have not seen{hand.risk(rest[0])}")
    if verb == "reveal":
        choc = hand.known(rest[0])
        if choc is not None:
            return f"reveal {choc.name} in {rest[0]}: its ability helps you now"
        known = [c for b in hand.box.values() if b["choc"] and (c := hand.choc(b["choc"]))]
        if not known:
            return f"reveal {rest[0]}: you know no Choc in the box yet, so look before you take"
        best = max(known, key=hand.score)
        return (f"reveal {rest[0]}: look before you take; the best Choc you know of is only "
                f"{hand.fits(best)}")
    # return <choc> <cell>
    choc = hand.choc(rest[0])
    wrapper = "" if view["tasks"] else " and take an Empty Wrapper"
    text = f"return {hand.fits(choc)} to {rest[1]}{wrapper}"
    return text + (": it is the Choc worth least to you" if hand.worst_held(choc) else "")


def actions(view: JSON) -> list[Any]:
    """The view's legal actions as action objects (read from their notation)."""
    comps = _comps(view)
    cols = int(view["cols"])

    def cell(name: str) -> int:
        return COLUMNS.index(name[0]) + (int(name[1:]) - 1) * cols

    out: list[Any] = []
    for text in view["legal_actions"]:
        verb, *rest = text.split()
        if verb in ("take", "reveal", "pick"):
            kind = {"take": Take, "reveal": Reveal, "pick": Pick}[verb]
            out.append(kind(cell(rest[0]), rest[0]))
        elif verb == "return":
            out.append(Return(comps.choc_index(rest[0]), cell(rest[1]), f"{rest[0]} {rest[1]}"))
        elif verb == "give":
            out.append(Give(comps.choc_index(rest[0]), int(rest[2][1:]) - 1, rest[0]))
        elif verb == "choose":
            out.append(Choose(int(rest[0][1:]) - 1))
        else:
            out.append(Resolve(comps.choc_index(rest[0]), rest[0]))
    return out


def explain(view: JSON, action: Any, legal: Sequence[Any], people: People) -> str:
    hand = Hand(view, people.me)
    verb, *rest = str(action).split()
    if verb in ("take", "reveal", "return"):
        return _turn(view, hand, verb, rest)
    if verb == "pick":
        task = view["tasks"][-1]["choc"] if view["tasks"] else None
        why = f" for {hand.choc(task).name}" if task else ""
        choc = hand.known(rest[0])
        if choc is not None:
            return f"pick {rest[0]}{why}: you know it is {hand.fits(choc)}"
        return f"pick {rest[0]}{why}: a Choc you have not seen yet{hand.risk(rest[0])}"
    if verb == "give":
        choc = hand.choc(rest[0])
        to = people.name(_player(people, rest[2]))
        text = f"give {hand.fits(choc)} to {to}"
        return text + (": it is the Choc worth least to you" if hand.worst_held(choc) else "")
    if verb == "choose":
        seat = _player(people, rest[0])
        size = int(view["seats"][seat]["hand_size"])
        most = all(size >= int(e["hand_size"]) for e in view["seats"] if e["seat"] != people.me)
        if most:
            return f"choose {people.name(seat)}: they hold the most Chocs ({size})"
        return f"choose {people.name(seat)}: they hold {size} Choc{'s' * (size != 1)}"
    if verb == "resolve":
        choc = hand.choc(rest[0])
        ability = choc.ability.text() if choc.ability else "no ability"
        return f"resolve {choc.name} now: {ability}"
    return f"{action}: the medium bot's choice"
