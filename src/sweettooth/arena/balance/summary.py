"""A balance run's numbers: seat and first-player advantage, the distribution of final scores in
the form that fits what a score counts, game length, every seat's running win rate, and the
game's component tables; and the difference between two runs.

Win rates count a k-way shared win as 1/k. In a solo game (Sweet Shop) there is no one to beat,
so only scores, length and components mean anything. Scores are shown by what they count (see
`components.score_kind`): points as means and histograms; wins (Bonbons: 1 or 0) as each seat's
share of games won alone, shared and lost; rounds (BitterSweet: rounds won) as each seat's mean
and its share of games with 0, 1, 2, ... rounds won.
"""

from __future__ import annotations

from collections.abc import Sequence

import sweettooth as st
from sweettooth.arena.stats import wilson
from sweettooth.core import JSON

from .components import score_kind, tables
from .estimates import diff, is_estimate, mean, rate, table, win_share
from .runner import BalanceSpec

CURVE_POINTS = 120
"""The convergence curves keep at most this many points each (a small SVG)."""


def _running(games: Sequence[JSON], seat: int) -> list[list[float]]:
    """[games so far, win rate, Wilson low, Wilson high] for `seat`, thinned."""
    n = len(games)
    step = max(1, n // CURVE_POINTS)
    out: list[list[float]] = []
    wins = 0.0
    for i, g in enumerate(games, start=1):
        wins += win_share(g, seat)
        if i % step == 0 or i == n:
            lo, hi = wilson(wins, i)
            out.append([i, wins / i, lo, hi])
    return out


def distribution(kind: str, games: Sequence[JSON], players: int) -> JSON:
    """The score table for `kind`: means for points, outcome shares for wins and rounds."""
    n = len(games)
    seats = range(players)
    if kind == "wins":
        rows: list[list[object]] = [[
            f"seat {s + 1}",
            rate(sum(1 for g in games if g["winners"] == [s]), n),
            rate(sum(1 for g in games if s in g["winners"] and len(g["winners"]) > 1), n),
            rate(sum(1 for g in games if s not in g["winners"]), n),
        ] for s in seats]
        return table("Wins", ["", "won alone", "shared a win", "did not win"], rows,
                     "A score in this game is 1 for a winner and 0 otherwise, so the "
                     "distribution of scores is the share of games each seat won.")
    if kind == "rounds":
        top = int(max((max(g["scores"]) for g in games), default=0))
        rows = [[f"seat {s + 1}", mean([g["scores"][s] for g in games]),
                 *(rate(sum(1 for g in games if g["scores"][s] == k), n)
                   for k in range(top + 1))] for s in seats]
        return table("Rounds won", ["", "mean rounds won",
                                    *(f"{k} round{'' if k == 1 else 's'}" for k in range(top + 1))],
                     rows, "A score in this game counts rounds won: each column is the share of "
                           "games in which the seat won that many rounds.")
    rows = [[f"seat {s + 1}", mean([g["scores"][s] for g in games])] for s in seats]
    rows.append(["winner", mean([g["scores"][g["winners"][0]] for g in games if g["winners"]])])
    return table("Scores", ["", "mean score"], rows, "")


def summarise(spec: BalanceSpec, games: Sequence[JSON]) -> JSON:
    """The report's numbers (`series` holds the raw values the plots need)."""
    game = st.game(spec.game)
    n = len(games)
    players = spec.players
    kind = score_kind(spec.game)
    scores = [[g["scores"][s] for g in games] for s in range(players)]
    lengths = [float(g["length"]) for g in games]
    winning = [g["scores"][g["winners"][0]] for g in games if g["winners"]]
    return {
        "game": spec.game,
        "title": game.title,
        "players": players,
        "options": game.resolve_options(spec.options),
        "agents": list(spec.agents),
        "seed": spec.seed,
        "games": n,
        "lowest_wins": any(g["lowest_wins"] for g in games),
        "score_kind": kind,
        "seats": [rate(sum(win_share(g, s) for g in games), n) for s in range(players)],
        "first_player": rate(
            sum(win_share(g, g["first"]) for g in games if g["first"] is not None), n),
        "shared_wins": rate(sum(1 for g in games if len(g["winners"]) > 1), n),
        "scores": [mean(s) for s in scores],
        "winning_score": mean(winning),
        "distribution": distribution(kind, games, players),
        "length": {**mean(lengths), "min": min(lengths), "max": max(lengths)},
        "components": tables(spec.game, games, players),
        "series": {"scores": scores, "lengths": lengths, "winning": winning,
                   "running": [_running(games, s) for s in range(players)]},
    }


def difference(x: object, y: object) -> object:
    """A - B of one table cell: an estimate's difference with its interval, a plain number's
    difference (a count such as rounds held), or "" where the cells cannot be subtracted."""
    if is_estimate(x) and is_estimate(y):
        assert isinstance(x, dict) and isinstance(y, dict)
        return diff(x, y) if x["kind"] == y["kind"] else ""
    if isinstance(x, int | float) and isinstance(y, int | float) and not isinstance(x, bool):
        return {"kind": "count", "value": x - y}
    return ""


def compare_table(a: JSON, b: JSON) -> JSON:
    """Table A with each cell replaced by A - B, for the rows that B has too (by label)."""
    rows_b = {str(r[0]): r for r in b["rows"]}
    rows = []
    for row in a["rows"]:
        match = rows_b.get(str(row[0]))
        if match is not None:
            rows.append([row[0], *(difference(x, y)
                                   for x, y in zip(row[1:], match[1:], strict=False))])
    return {**a, "rows": rows}


def compare(a: JSON, b: JSON) -> JSON:
    """A - B for every estimate the two runs share: seats, first player, shared wins, scores,
    the score distribution, length, and every cell of each component table found in both
    (matched by table title and row label)."""
    others = {t["title"]: t for t in b["components"]}
    return {
        "seats": [diff(x, y) for x, y in zip(a["seats"], b["seats"], strict=False)],
        "first_player": diff(a["first_player"], b["first_player"]),
        "shared_wins": diff(a["shared_wins"], b["shared_wins"]),
        "scores": [diff(x, y) for x, y in zip(a["scores"], b["scores"], strict=False)],
        "winning_score": diff(a["winning_score"], b["winning_score"]),
        "distribution": compare_table(a["distribution"], b["distribution"]),
        "length": {**diff(a["length"], b["length"]),
                   "min": a["length"]["min"] - b["length"]["min"],
                   "max": a["length"]["max"] - b["length"]["max"]},
        "components": [compare_table(t, others[t["title"]]) for t in a["components"]
                       if t["title"] in others],
    }


def without_series(summary: JSON) -> JSON:
    """The summary for `--json`: the numbers, not the raw values behind the plots."""
    return {k: v for k, v in summary.items() if k != "series"}
