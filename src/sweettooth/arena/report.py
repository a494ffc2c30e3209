"""The arena's report: per agent win rate (95% Wilson interval), mean score (95% interval),
OpenSkill rating and move times; per seat win rate. Built from game records in index order,
so it is deterministic for deterministic games.

Win rate: an agent's share of the wins over the games it played (a k-way shared win counts
1/k; an agent in several seats of a game adds its seats' shares). Mean score: over every seat
it played. OpenSkill (Plackett-Luce): after each game, in index order, the agents at the table
are ranked by their win share that game (equal shares tie); no ratings in a solo game.
"""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

from sweettooth.core import JSON

from .stats import mean_ci, wilson
from .tournament import ArenaSpec, agents_in, seats_of, shares


def ratings(records: Sequence[JSON], agents: int) -> list[JSON] | None:
    """OpenSkill (Plackett-Luce) ratings of the agents after every game, in index order."""
    if agents < 2 or all(len(agents_in(r)) < 2 for r in records):
        return None
    model = PlackettLuce()
    rated = [model.rating(name=str(a)) for a in range(agents)]
    for record in records:
        present = agents_in(record)
        if len(present) < 2:
            continue
        share = shares(record, agents)
        teams = [[rated[a]] for a in present]
        ranks = [-share[a] for a in present]  # lower rank is better
        new = model.rate(teams, ranks=ranks)
        for a, team in zip(present, new, strict=True):
            rated[a] = team[0]
    return [
        {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()} for r in rated
    ]


def report(spec: ArenaSpec, records: Sequence[JSON], workers: int) -> JSON:
    """The whole report as JSON-ready data."""
    count = len(spec.agents)
    rated = ratings(records, count)
    per_agent: list[JSON] = []
    for a, name in enumerate(spec.agents):
        played = [r for r in records if a in r["lineup"]]
        wins = sum(shares(r, count)[a] for r in played)
        scores = [r["scores"][s] for r in played for s in seats_of(r, a)]
        thinking = sum(r["thinking"][s] for r in played for s in seats_of(r, a))
        moves = sum(r["moves"][s] for r in played for s in seats_of(r, a))
        slowest = max((r["slowest"][s] for r in played for s in seats_of(r, a)), default=0.0)
        lo, hi = wilson(wins, len(played))
        mean, mlo, mhi = mean_ci(scores)
        per_agent.append({
            "agent": name,
            "games": len(played),
            "seats": len(scores),
            "wins": wins,
            "win_rate": wins / len(played) if played else None,
            "win_ci": [lo, hi],
            "score_mean": mean,
            "score_ci": [mlo, mhi],
            "rating": None if rated is None else rated[a],
            "move_seconds_mean": thinking / moves if moves else None,
            "move_seconds_max": slowest,
        })
    per_seat: list[JSON] = []
    for seat in range(spec.players):
        wins = sum(1.0 / len(r["winners"]) for r in records if seat in r["winners"])
        lo, hi = wilson(wins, len(records))
        per_seat.append({"seat": seat, "wins": wins, "win_rate": wins / len(records),
                         "win_ci": [lo, hi]})
    lengths = [r["length"] for r in records]
    return {
        "game": spec.game,
        "players": spec.players,
        "options": dict(spec.options),
        "seed": spec.seed,
        "games": len(records),
        "workers": workers,
        "agents": per_agent,
        "seats": per_seat,
        "shared_wins": sum(1 for r in records if len(r["winners"]) > 1),
        "lowest_wins": any(r["lowest_wins"] for r in records),
        "length_mean": sum(lengths) / len(lengths),
    }
