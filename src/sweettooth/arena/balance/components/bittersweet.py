"""BitterSweet: each Choc's and each Preference card's round-win rate when held at the round's
end, and how many rounds end at the house turn limit. From the result's round sheets (BS
scoring) and the public log."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from sweettooth.core import JSON, State

from ..estimates import MIN_N, rate, table, win_share

SCORES = "rounds"
"""A BitterSweet score is the number of rounds the player won."""
LIMIT = "reaches its limit of"


def observe(state: State) -> JSON:
    result = state.result()
    assert result is not None
    rounds = []
    for r in result.details["rounds"]:
        rounds.append({
            "winners": list(r["winners"]),
            "hands": [list(s["hand"]) for s in r["sheets"]],
            "yum": [[y["attribute"] for y in s["yum"]] for s in r["sheets"]],
            "yuck": [[y["attribute"] for y in s["yuck"]] for s in r["sheets"]],
        })
    limits = sum(1 for line in state.view(None)["log"] if LIMIT in line)
    return {"rounds": rounds, "limits": limits}


def tables(games: Sequence[JSON], players: int) -> list[JSON]:
    chocs: dict[str, list[float]] = defaultdict(list)
    prefs: dict[tuple[str, str], list[float]] = defaultdict(list)
    rounds = 0
    for g in games:
        for r in g["components"]["rounds"]:
            rounds += 1
            for seat, hand in enumerate(r["hands"]):
                share = win_share(r, seat)
                for choc in set(hand):
                    chocs[choc].append(share)
                for side in ("yum", "yuck"):
                    for attribute in r[side][seat]:
                        prefs[(attribute, side)].append(share)
    fair = 1 / players
    choc_rows: list[list[Any]] = [
        [name, len(v), rate(sum(v), len(v))] for name, v in sorted(chocs.items())
    ]
    # strongest first; Chocs held in fewer than MIN_N rounds go last, whatever their rate
    choc_rows.sort(key=lambda row: (row[1] < MIN_N, -(row[2]["value"] or 0.0)))
    pref_rows = []
    for attribute in sorted({a for a, _ in prefs}):
        yum, yuck = prefs.get((attribute, "yum"), []), prefs.get((attribute, "yuck"), [])
        pref_rows.append([attribute, rate(sum(yum), len(yum)), rate(sum(yuck), len(yuck))])
    limited = sum(g["components"]["limits"] for g in games)
    return [
        table("Chocs: round-win rate when held", ["Choc", "rounds held", "round-win rate"],
              choc_rows,
              f"Held: in the hand when the round is scored. A fair round-win rate is "
              f"{fair:.0%} at {players} players; Chocs that win far more are strong keeps."),
        table("Preference cards: round-win rate when held",
              ["attribute", "as YUM!", "as YUCK!"], pref_rows,
              f"Round-win rate of a player holding the card at the round's end (fair: "
              f"{fair:.0%}). The issue's target: every card within 25% of the mean."),
        table("Rounds", ["", "rounds", "ended at the turn limit"],
              [["all", rounds, rate(limited, rounds)]],
              "The house turn limit cuts a round that the printed conditions have not ended."),
    ]
