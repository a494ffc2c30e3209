"""Round-end scoring: Choc points ("1 or 3 if...", "?", "-?"), wilds, YUM! and YUCK!.

Each player adds the points of their Chocs, then gains what each YUM! card gives and loses what
each YUCK! card gives for the Chocs matching its attribute (FAQ: two cards under one both count).
A wild counts as matching every card under YUM! (or, for the awkward one, under YUCK!).
Empty Wrappers score nothing.
"""

from __future__ import annotations

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
