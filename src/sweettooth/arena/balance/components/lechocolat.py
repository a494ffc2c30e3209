"""Le Chocolat: each scoring card (how often the first player wins under it, mean scores) and
each flavour (points it brings, and how often the player with more of its points wins), with
sets and majorities as two more rows. From the result's score breakdown (LC scoring)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from sweettooth.core import JSON, State

from ..estimates import mean, rate, table, win_share


def observe(state: State) -> JSON:
    result = state.result()
    assert result is not None
    seats = []
    for sheet in result.details["breakdown"]:
        points = {f: float(v) for f, v in sheet["flavours"].items()}
        points["sets"] = float(sum(s["vp"] for s in sheet["sets"]))
        points["majorities"] = float(sum(m["vp"] for m in sheet["majorities"]))
        seats.append({"points": points, "total": float(sheet["total"])})
    return {"card": state.snapshot()["card"], "seats": seats}


def tables(games: Sequence[JSON], players: int) -> list[JSON]:
    by_card: dict[str, list[JSON]] = defaultdict(list)
    for g in games:
        by_card[g["components"]["card"]].append(g)
    cards = []
    for card, played in sorted(by_card.items()):
        first_wins = sum(win_share(g, g["first"]) for g in played)
        totals = [s["total"] for g in played for s in g["components"]["seats"]]
        margins = [abs(g["scores"][0] - g["scores"][1]) for g in played]
        cards.append([card, len(played), rate(first_wins, len(played)), mean(totals),
                      mean(margins)])
    names: list[str] = []
    for g in games:
        for s in g["components"]["seats"]:
            names.extend(n for n in s["points"] if n not in names)
    flavours = []
    for name in names:
        points = [s["points"].get(name, 0.0) for g in games for s in g["components"]["seats"]]
        scored = sum(1 for g in games for s in g["components"]["seats"] if name in s["points"])
        decided, wins = 0, 0.0
        for g in games:
            a, b = (s["points"].get(name, 0.0) for s in g["components"]["seats"])
            if a != b:
                more = 0 if a > b else 1
                decided += 1
                wins += win_share(g, more)
        flavours.append([name, scored, mean(points), rate(wins, decided)])
    return [
        table("Scoring cards", ["card", "games", "first player wins", "mean score",
                                "mean margin"], cards,
              "Each game is scored by one card (drawn at random by default)."),
        table("Flavours, sets and majorities",
              ["component", "seats where it scores", "points per seat", "wins with more of it"],
              flavours,
              "Points per seat: what the component adds to one player's total (0 where the "
              "card does not score it). Wins with more of it: over games where the two players "
              "scored it differently, how often the one with more won; near 50% means it "
              "does not decide games."),
    ]
