"""Bonbons: thefts, coin runs (three coins, a tile covered) and empty-wrapper draws, per player
per game, and how often a player who made one wins. Counted from the public log."""

from __future__ import annotations

import re
from collections.abc import Sequence

from sweettooth.core import JSON, State

from ..estimates import mean, rate, table, win_share

SCORES = "wins"
"""A Bonbons score is 1 for a winner and 0 for everyone else."""
EVENTS = {"thefts": "(theft", "coin runs": "(three coins", "wrapper draws": "(empty wrapper"}
_SEAT = re.compile(r"^p(\d+) ")


def observe(state: State) -> JSON:
    counts = {name: [0] * state.players for name in EVENTS}
    for line in state.view(None)["log"]:
        m = _SEAT.match(line)
        if m is None:
            continue
        seat = int(m.group(1))
        for name, mark in EVENTS.items():
            if mark in line:
                counts[name][seat] += 1
    return {"counts": counts}


def tables(games: Sequence[JSON], players: int) -> list[JSON]:
    rows = []
    for name in EVENTS:
        per = [g["components"]["counts"][name][s] for g in games for s in range(players)]
        did = [(g, s) for g in games for s in range(players) if g["components"]["counts"][name][s]]
        did_not = [(g, s) for g in games for s in range(players)
                   if not g["components"]["counts"][name][s]]
        rows.append([
            name, mean([float(x) for x in per]),
            rate(sum(win_share(g, s) for g, s in did), len(did)),
            rate(sum(win_share(g, s) for g, s in did_not), len(did_not)),
        ])
    return [table(
        "Thefts, coin runs and wrapper draws",
        ["event", "per player per game", "win rate with at least one", "win rate with none"],
        rows,
        f"A fair share of wins is {1 / players:.0%} at {players} players; a component that "
        "decides games shows a large gap between the last two columns.",
    )]
