"""Layer 4: the arena. Agents play many games; the report gives win rates with 95% Wilson
intervals, mean scores, OpenSkill ratings and move times.

>>> from sweettooth.arena import ArenaSpec, arena
>>> r = arena(ArenaSpec("lechocolat", ("heuristic", "random"), games=4, players=2), workers=1)
>>> [a["agent"] for a in r["agents"]], r["games"]
(['heuristic', 'random'], 4)
"""

from __future__ import annotations

import os
from collections.abc import Callable

from sweettooth.core import JSON

from .report import ratings, report
from .stats import mean_ci, wilson
from .tournament import ArenaSpec, deal_seed, lineup, play_game, run_games


def arena(
    spec: ArenaSpec,
    workers: int | None = None,
    on_game: Callable[[int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> JSON:
    """Play `spec` over `workers` processes (default: all cores) on `backend` and report."""
    records = run_games(spec, workers, on_game, backend, address)
    return report(spec, records, workers or os.cpu_count() or 1)


__all__ = [
    "ArenaSpec",
    "arena",
    "deal_seed",
    "lineup",
    "mean_ci",
    "play_game",
    "ratings",
    "report",
    "run_games",
    "wilson",
]
