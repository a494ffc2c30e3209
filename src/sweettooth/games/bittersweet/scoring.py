"""Round-end scoring: Choc points ("1 or 3 if...", "?", "-?"), wilds, YUM! and YUCK!.

Each player adds the points of their Chocs, then gains what each YUM! card gives and loses what
each YUCK! card gives for the Chocs matching its attribute (FAQ: two cards under one both count).
A wild counts as matching every card under YUM! (or, for the awkward one, under YUCK!).
Empty Wrappers score nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .components import Choc, Components


def choc_points(choc: Choc, hand: list[Choc]) -> int:
    """The points of one Choc in `hand` (its own printed number, or its rule)."""
    s = choc.score
    if s.kind == "fixed":
        return s.points
    others = sum(1 for c in hand if c is not choc and c.matches(s.match))
    if s.kind == "per":
        return s.points * others
    if s.at_least is not None:
        return 3 if others >= s.at_least else 1
    return 3 if others <= (s.at_most or 0) else 1


def wild_count(hand: list[Choc], slot: str) -> int:
    n = 0
    for c in hand:
        ab = c.trigger("round_end")
        if ab is not None:
            n += sum(1 for e in ab.effects if e.do == "wild" and e.as_ == slot)
    return n


def score_hand(
    comps: Components, hand_ids: list[int], yum: list[int], yuck: list[int]
) -> dict[str, Any]:
    """The full breakdown of one player's round score (JSON-ready)."""
    hand = [comps.chocs[i] for i in sorted(hand_ids)]
    points = {c.id: choc_points(c, hand) for c in hand}
    lines: dict[str, list[dict[str, Any]]] = {}
    totals = {}
    for slot, cards in (("yum", yum), ("yuck", yuck)):
        wild = wild_count(hand, slot)
        lines[slot] = []
        total = 0
        for p in cards:
            card = comps.preferences[p]
            n = sum(1 for c in hand if c.has(card.attribute)) + wild
            pts = card.points(n)
            total += pts
            lines[slot].append({"attribute": card.attribute, "matching": n, "points": pts})
        totals[slot] = total
    base = sum(points.values())
    return {
        "hand": [c.id for c in hand],
        "choc_points": points,
        "chocs": base,
        "yum": lines["yum"],
        "yuck": lines["yuck"],
        "yum_points": totals["yum"],
        "yuck_points": -totals["yuck"],
        "total": base + totals["yum"] - totals["yuck"],
    }


class Tally:
    """The round score's total alone, fast (searches and heuristics score hands by the
    thousand): `total(hand, yum, yuck)` equals `score_hand(...)["total"]` (a test compares them
    on every card set). A hand becomes a bit mask of Choc indices and each Preference card the
    mask of the Chocs with its attribute, so a count of matching Chocs is one `bit_count`."""

    def __init__(self, comps: Components) -> None:
        chocs = comps.chocs
        self.fixed = [c.score.points if c.score.kind == "fixed" else 0 for c in chocs]
        # a Choc scoring by its other Chocs: (kind, points, mask of the others matching,
        # at_least, at_most); None for a fixed score
        self.rule: list[tuple[str, int, int, int | None, int | None] | None] = [
            None if c.score.kind == "fixed" else
            (c.score.kind, c.score.points,
             sum(1 << d.index for d in chocs if d.index != c.index and d.matches(c.score.match)),
             c.score.at_least, c.score.at_most)
            for c in chocs]
        self.ruled = sum(1 << c.index for c in chocs if c.score.kind != "fixed")
        wild_yum = [wild_count([c], "yum") for c in chocs]
        wild_yuck = [wild_count([c], "yuck") for c in chocs]
        self.wilds = sum(1 << c.index for c in chocs if wild_yum[c.index] or wild_yuck[c.index])
        # (how much each counts, the mask of the Chocs counting that much) per heading
        self.wild_yum = [(k, sum(1 << i for i, n in enumerate(wild_yum) if n == k))
                         for k in sorted(set(wild_yum) - {0})]
        self.wild_yuck = [(k, sum(1 << i for i, n in enumerate(wild_yuck) if n == k))
                          for k in sorted(set(wild_yuck) - {0})]
        self.has = [sum(1 << c.index for c in chocs if c.has(p.attribute))
                    for p in comps.preferences]
        top = len(chocs) + sum(wild_yum) + sum(wild_yuck) + 1  # above any count
        self.points = [[p.points(n) for n in range(top)] for p in comps.preferences]

    def total(self, hand: Sequence[int], yum: Sequence[int], yuck: Sequence[int]) -> int:
        mask = 0
        base = 0
        fixed = self.fixed
        for x in hand:
            mask |= 1 << x
            base += fixed[x]
        if mask & self.ruled:
            rule = self.rule
            for x in hand:
                r = rule[x]
                if r is not None:
                    kind, pts, match, at_least, at_most = r
                    others = (mask & match).bit_count()
                    if kind == "per":
                        base += pts * others
                    elif at_least is not None:
                        base += 3 if others >= at_least else 1
                    else:
                        base += 3 if others <= (at_most or 0) else 1
        wy = wk = 0
        if mask & self.wilds:
            for k, m in self.wild_yum:
                wy += k * (mask & m).bit_count()
            for k, m in self.wild_yuck:
                wk += k * (mask & m).bit_count()
        has, points = self.has, self.points
        for p in yum:
            base += points[p][(mask & has[p]).bit_count() + wy]
        for p in yuck:
            base -= points[p][(mask & has[p]).bit_count() + wk]
        return base


_TALLIES: dict[int, tuple[Components, Tally]] = {}


def tally(comps: Components) -> Tally:
    """The `Tally` of these components (built on first use)."""
    found = _TALLIES.get(id(comps))
    if found is None or found[0] is not comps:
        found = _TALLIES[id(comps)] = (comps, Tally(comps))
    return found[1]
