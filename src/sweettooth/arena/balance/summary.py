"""A balance run's numbers: seat and first-player advantage, scores, game length, the running
win rate of seat 1, and the game's component tables; and the difference between two runs.

Win rates count a k-way shared win as 1/k. In a solo game (Sweet Shop) there is no one to beat,
so only scores, length and components mean anything.
"""

from __future__ import annotations

from collections.abc import Sequence

import sweettooth as st
from sweettooth.arena.stats import wilson
from sweettooth.core import JSON

from .components import tables
from .estimates import diff, is_estimate, mean, rate, win_share
from .runner import BalanceSpec

CURVE_POINTS = 120
"""The convergence curve keeps at most this many points (a small SVG)."""


def summarise(spec: BalanceSpec, games: Sequence[JSON]) -> JSON:
    """The report's numbers (`series` holds the raw values the plots need)."""
    game = st.game(spec.game)
    n = len(games)
    players = spec.players
    seats = [rate(sum(win_share(g, s) for g in games), n) for s in range(players)]
    first = rate(sum(win_share(g, g["first"]) for g in games if g["first"] is not None), n)
    scores = [[g["scores"][s] for g in games] for s in range(players)]
    lengths = [float(g["length"]) for g in games]
    winning = [g["scores"][g["winners"][0]] for g in games if g["winners"]]
    running: list[list[float]] = []
    wins = 0.0
    step = max(1, n // CURVE_POINTS)
    for i, g in enumerate(games, start=1):
        wins += win_share(g, 0)
        if i % step == 0 or i == n:
            lo, hi = wilson(wins, i)
            running.append([i, wins / i, lo, hi])
    return {
        "game": spec.game,
        "title": game.title,
        "players": players,
        "options": game.resolve_options(spec.options),
        "agents": list(spec.agents),
        "seed": spec.seed,
        "games": n,
        "lowest_wins": any(g["lowest_wins"] for g in games),
        "seats": seats,
        "first_player": first,
        "shared_wins": rate(sum(1 for g in games if len(g["winners"]) > 1), n),
        "scores": [mean(s) for s in scores],
        "winning_score": mean(winning),
        "length": {**mean(lengths), "min": min(lengths), "max": max(lengths)},
        "components": tables(spec.game, games, players),
        "series": {"scores": scores, "lengths": lengths, "running": running,
                   "winning": winning},
    }


def compare(a: JSON, b: JSON) -> JSON:
    """A - B for every estimate the two runs share: seats, first player, scores, length, and
    each component cell found in both (matched by table title, row label and column)."""
    out: JSON = {
        "seats": [diff(x, y) for x, y in zip(a["seats"], b["seats"], strict=False)],
        "first_player": diff(a["first_player"], b["first_player"]),
        "scores": [diff(x, y) for x, y in zip(a["scores"], b["scores"], strict=False)],
        "length": diff(a["length"], b["length"]),
        "components": [],
    }
    others = {t["title"]: t for t in b["components"]}
    for t in a["components"]:
        other = others.get(t["title"])
        if other is None:
            continue
        rows_b = {str(r[0]): r for r in other["rows"]}
        rows = []
        for row in t["rows"]:
            match = rows_b.get(str(row[0]))
            if match is None:
                continue
            cells = [
                diff(x, y) if is_estimate(x) and is_estimate(y) and x["kind"] == y["kind"] else ""
                for x, y in zip(row[1:], match[1:], strict=False)
            ]
            rows.append([row[0], *cells])
        out["components"].append({**t, "rows": rows})
    return out


def without_series(summary: JSON) -> JSON:
    """The summary for `--json`: the numbers, not the raw values behind the plots."""
    return {k: v for k, v in summary.items() if k != "series"}
