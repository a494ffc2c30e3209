"""What the report says about how its games were run, and whether Ray was worth it.

The local pool's time is projected from the run itself: the games' own CPU seconds spread over
this machine's cores (as if they were free), plus the pool's start-up. Ray's time beyond that
is its start-up and scheduling. When the projection beats Ray's measured time the report says
that the local pool is faster for this size. On a busy machine both backends get fewer cores
than the projection assumes; docs/balance.md has both measured at several sizes.
"""

from __future__ import annotations

from .runner import RunClock

POOL_START = 0.3
"""Seconds to start a local pool of two workers: 20 Bonbons games took it 0.22 s of wall time for
0.08 CPU-seconds of play on the 2-core machine of docs/balance.md (rounded up)."""


def local_estimate(clock: RunClock) -> float:
    """Seconds the local pool would take for the same games on this machine's cores."""
    return POOL_START + clock.game_cpu / max(1, clock.local_cores)


def ray_slower(clock: RunClock) -> bool:
    """Whether Ray took longer than the local pool would have for this run."""
    return clock.backend == "ray" and clock.wall > local_estimate(clock)


def run_note(clocks: list[RunClock], labels: list[str]) -> str:
    """One sentence per run: backend, workers, time, and for Ray whether the local pool would
    have been faster (plain text, safe in HTML)."""
    parts = []
    for clock, label in zip(clocks, labels, strict=True):
        who = f"Run {label}: " if len(clocks) > 1 else ""
        if clock.backend != "ray":
            parts.append(f"{who}{clock.games:,} games on the local pool with {clock.workers} "
                         f"worker(s) in {clock.wall:.1f} s ({clock.game_cpu:.1f} CPU-seconds of "
                         "play).")
            continue
        guess = local_estimate(clock)
        if ray_slower(clock):
            parts.append(
                f"{who}Ray took {clock.wall:.1f} s for {clock.games:,} games, of which the games "
                f"themselves took {clock.game_cpu:.1f} CPU-seconds: the local pool on this "
                f"machine's {clock.local_cores} cores would take about {guess:.1f} s, so for "
                f"this size the local pool is faster (Ray's start-up and scheduling cost "
                f"about {clock.wall - guess:.1f} s here). Use --backend ray for runs that need "
                "more cores than this machine has.")
        else:
            parts.append(
                f"{who}Ray took {clock.wall:.1f} s for {clock.games:,} games "
                f"({clock.game_cpu:.1f} CPU-seconds of play); the local pool on this machine's "
                f"{clock.local_cores} cores would take about {guess:.1f} s.")
    return " ".join(parts)
