"""How long the hard bot thinks per move, per game, on one core (docs/bots.md).

Seat 0 is the level under test (`hard` by default), the other seats the medium bot; seeded games
are played until `--moves` of the tested seat's moves with a real choice (two or more legal
actions) have been timed. Prints the mean, the 90th percentile and the slowest move per game,
in wall time and in the CPU time of the thread that searched (what the move costs an idle core;
on a busy machine wall time also counts the time other processes held the cores).

    python -m benchmarks.hard_move_times --moves 30
    python -m benchmarks.hard_move_times --level hard-2025 --games lechocolat sweetnose
    python -m benchmarks.hard_move_times --clock cpu   # the bots' cap counts CPU time too
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import sweettooth as st
from sweettooth.agents import difficulty

PLAYERS = {"lechocolat": 2, "bonbons": 2, "sweetnose": 3, "sweetshop": 1, "bittersweet": 2}


def move_times(game_id: str, level: str, moves: int, seed: int = 0, clock: str = "wall"
               ) -> tuple[list[float], list[float]]:
    """(wall, CPU) seconds per choice of the tested seat, over seeded games against the medium
    bot."""
    game = st.game(game_id)
    players = PLAYERS[game_id]
    times: list[float] = []
    cpu: list[float] = []
    g = 0
    while len(times) < moves:
        state = game.new(players, seed + g)
        bots = [difficulty(game_id, level, clock)]
        bots += [difficulty(game_id, "medium")] * (players - 1)
        rng = random.Random(seed + g)
        while state.to_move is not None and len(times) < moves:
            seat = state.to_move
            legal = state.legal_actions()
            view = state.view(seat)
            t0, c0 = time.perf_counter(), time.thread_time()
            action = bots[seat].choose(game, view, legal, rng)
            if seat == 0 and len(legal) > 1:
                times.append(time.perf_counter() - t0)
                cpu.append(time.thread_time() - c0)
            state.apply(action)
        g += 1
    return times, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", nargs="*", default=list(PLAYERS))
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="what the tested bot's time cap counts")
    args = parser.parse_args()
    for game_id in args.games:
        wall, cpu = move_times(game_id, args.level, args.moves, args.seed, args.clock)
        print(f"{game_id:12} {args.level}: {len(wall)} moves, wall {_summary(wall)};"
              f" CPU {_summary(cpu)}", flush=True)


def _summary(seconds: list[float]) -> str:
    times = sorted(seconds)
    p90 = times[int(0.9 * (len(times) - 1))]
    return f"mean {statistics.fmean(times):.2f} s, p90 {p90:.2f} s, max {times[-1]:.2f} s"


if __name__ == "__main__":
    main()
