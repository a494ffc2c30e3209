"""End of game (LC-6): what each claimed tile scores as, the scoring card, the tie-break."""

from __future__ import annotations

from typing import Any

from .components import BLANK, Components, ScoringCard


def scoring_side(up: int, down: int) -> int:
    """A claimed tile scores as its up side; a blank up side scores as the down side (LC-6).
    Blank on both sides: BLANK, and the tile is discarded."""
    return up if up != BLANK else down


def flavour_counts(sides: list[int], flavours: int) -> list[int]:
    """counts[f] = tiles scoring as flavour f (index 0, blank/discarded, unused)."""
    counts = [0] * (flavours + 1)
    for s in sides:
        counts[s] += 1
    counts[BLANK] = 0
    return counts


def score(
    card: ScoringCard, comps: Components, tiles: list[list[tuple[int, int]]]
) -> tuple[list[int], list[int], list[dict[str, Any]]]:
    """Scores, winners and a per-player breakdown. `tiles[p]` holds (up, down) of p's tiles."""
    n = len(comps.flavours)
    counts = [flavour_counts([scoring_side(u, d) for u, d in mine], n) for mine in tiles]
    ids = [comps.side_id(f) for f in range(n + 1)]
    breakdowns: list[dict[str, Any]] = []
    scores = []
    for p, c in enumerate(counts):
        flavour_vp = {ids[f]: c[f] * card.values[f] for f in range(1, n + 1) if c[f]}
        set_vp: list[dict[str, Any]] = [
            {"flavours": [ids[f] for f in s.flavours],
             "complete": min(c[f] for f in s.flavours), "points": s.points,
             "vp": min(c[f] for f in s.flavours) * s.points}
            for s in card.sets
        ]
        majority_vp: list[dict[str, Any]] = []
        for m in card.majorities:
            best = max(other[m.flavour] for other in counts)
            sole = c[m.flavour] == best and best > 0 and sum(
                1 for other in counts if other[m.flavour] == best) == 1
            majority_vp.append({"flavour": ids[m.flavour], "tiles": c[m.flavour],
                                "vp": m.points if sole else 0})
        total = (sum(flavour_vp.values()) + sum(s["vp"] for s in set_vp)
                 + sum(m["vp"] for m in majority_vp))
        scores.append(total)
        breakdowns.append({
            "counts": {ids[f]: c[f] for f in range(1, n + 1)},
            "discarded": tiles[p].count((BLANK, BLANK)),
            "tiles_claimed": len(tiles[p]),
            "flavours": flavour_vp,
            "sets": set_vp,
            "majorities": majority_vp,
            "total": total,
        })
    return scores, winners(scores, [len(t) for t in tiles]), breakdowns


def winners(scores: list[int], claimed: list[int]) -> list[int]:
    """Most VP wins; tied: most tiles claimed, blank ones included (LC-6); still tied: a draw."""
    best = max(scores)
    tied = [p for p, s in enumerate(scores) if s == best]
    most = max(claimed[p] for p in tied)
    return [p for p in tied if claimed[p] == most]
