"""How long the hard bot thinks per move, per game, on one core (docs/bots.md).

Seat 0 is the level under test (`hard` by default), the other seats the medium bot; seeded games
are played until `--moves` of the tested seat's moves with a real choice (two or more legal
actions) have been timed. Prints the mean, the 90th percentile and the slowest move per game.

    python -m benchmarks.hard_move_times --moves 30
    python -m benchmarks.hard_move_times --level hard-2025 --games lechocolat sweetnose
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import sweettooth as st
from sweettooth.agents import difficulty

PLAYERS = {"lechocolat": 2, "bonbons": 2, "sweetnose": 3, "sweetshop": 1, "bittersweet": 2}


def move_times(game_id: str, level: str, moves: int, seed: int = 0) -> list[float]:
    """Seconds per choice of the tested seat, over seeded games against the medium bot."""
    game = st.game(game_id)
    players = PLAYERS[game_id]
    times: list[float] = []
    g = 0
    while len(times) < moves:
        state = game.new(players, seed + g)
        bots = [difficulty(game_id, level)] + [difficulty(game_id, "medium")] * (players - 1)
        rng = random.Random(seed + g)
        while state.to_move is not None and len(times) < moves:
            seat = state.to_move
            legal = state.legal_actions()
            view = state.view(seat)
            t0 = time.perf_counter()
            action = bots[seat].choose(game, view, legal, rng)
            if seat == 0 and len(legal) > 1:
                times.append(time.perf_counter() - t0)
            state.apply(action)
        g += 1
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", nargs="*", default=list(PLAYERS))
    args = parser.parse_args()
    for game_id in args.games:
        times = sorted(move_times(game_id, args.level, args.moves, args.seed))
        p90 = times[int(0.9 * (len(times) - 1))]
        mean = statistics.fmean(times)
        print(f"{game_id:12} {args.level}: {len(times)} moves, mean {mean:.2f} s,"
              f" p90 {p90:.2f} s, max {times[-1]:.2f} s", flush=True)


if __name__ == "__main__":
    main()
