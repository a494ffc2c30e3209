"""How the local process pool scales: balance-lab games per second with 1 and 2 workers.

Plays the same balance run (same seed, so the same games) once per worker count and prints
games/s, the speed-up over one worker, and the machine's load average before each run (other
programs on a busy machine take cores from the pool, so the speed-up is only meaningful when
the 1-minute load is well below the core count; the CPU time per game shows whether the pool
itself adds work: equal CPU ms/game at 1 and 2 workers means it does not). The target is 1.8x
from 1 to 2 workers on two idle cores. `--repeat` keeps the best of several runs per worker count.

    python -m benchmarks.pool_scaling --game bittersweet --players 3 --games 200
"""

from __future__ import annotations

import argparse
import os
import resource
import time

from sweettooth.arena.balance.runner import BalanceSpec, run_balance


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def measure(spec: BalanceSpec, workers: int, backend: str) -> tuple[float, float]:
    """Games per second of one whole run (pool start-up included), and CPU ms per game (this
    process and its finished workers; local backend only)."""
    t0, c0 = time.perf_counter(), _cpu()
    run_balance(spec, workers=workers, backend=backend)
    return spec.games / (time.perf_counter() - t0), 1000 * (_cpu() - c0) / spec.games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="bittersweet")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--agents", default="medium")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", default="1,2", help="worker counts to try, e.g. 1,2")
    parser.add_argument("--repeat", type=int, default=1, help="runs per worker count (best)")
    parser.add_argument("--backend", default="local", choices=("local", "ray"))
    args = parser.parse_args()
    spec = BalanceSpec(args.game, args.players, tuple(args.agents.split(",")), args.games, 1)
    print(f"{args.game}, {args.players} players, {args.agents}, {args.games} games, "
          f"backend {args.backend}, {os.cpu_count()} cores")
    base = None
    for workers in (int(w) for w in args.workers.split(",")):
        best = 0.0
        for _ in range(args.repeat):
            load = os.getloadavg()[0]
            rate, cpu = measure(spec, workers, args.backend)
            best = max(best, rate)
            print(f"  {workers} worker(s): {rate:7.1f} games/s, {cpu:6.1f} CPU ms/game "
                  f"(1-min load before: {load:.2f})")
        base = base or best
        print(f"  {workers} worker(s) best: {best:.1f} games/s, {best / base:.2f}x of 1 worker")


if __name__ == "__main__":
    main()
