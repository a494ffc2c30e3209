"""BitterSweet: how rounds end, and how long they last, with random or heuristic bots.

Plays N seeded games at each player count with the given options (default: the printed game,
no options) and prints, per player count: rounds per game, turns per round (mean, median, 90th
and 99th percentile, max; turns started, the one that ends the round included) and how the
rounds ended: every Choc face up, the box empty, every player with 2+ Empty Wrappers, our
repetition rule (a turn-start position seen a third time), or the legacy turn cut.

    python -m benchmarks.bittersweet_round_limits --games 2000 --bots random
    python -m benchmarks.bittersweet_round_limits --games 2000 --bots heuristic -o cards=revised
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from multiprocessing import Pool
from typing import Any

import sweettooth as st
from sweettooth.games.bittersweet.heuristics import choose

ENDS = {
    "face up": "Every Choc in the box is face up",
    "box empty": "The box is empty",
    "wrappers": "Every player has 2 or more Empty Wrappers",
    "repetition": "comes up for the 3rd time",
    "turn cut": "reaches its limit of",
}


def play(args: tuple[int, int, str, dict[str, Any]]) -> tuple[list[int], Counter[str]]:
    """(turns of each round, how the rounds ended) of one seeded game."""
    players, seed, bots, options = args
    state: Any = st.game("bittersweet").new(players, seed, **options)
    rng = random.Random(seed)
    turns: list[int] = []
    last_round, last_turns = 1, 0
    while state.to_move is not None:
        legal = state.legal_actions()
        if bots == "random":
            state.apply(rng.choice(legal))
        else:
            state.apply(choose(state.view(state.to_move), legal, rng))
        if state.round_no != last_round or state.to_move is None:
            turns.append(last_turns + 1)
            last_round = state.round_no
        last_turns = state.turns
    ends: Counter[str] = Counter()
    for line, _ in state.log:
        for name, text in ENDS.items():
            if text in line:
                ends[name] += 1
    return turns, ends


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--bots", choices=("random", "heuristic"), default="random")
    ap.add_argument("-o", "--option", action="append", default=[], help="NAME=VALUE")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    options: dict[str, Any] = {}
    for text in args.option:
        name, value = text.split("=", 1)
        options[name] = int(value) if value.isdigit() else value
    print(f"options {options or 'none (the printed game)'}, {args.bots} bots")
    print("| players | games | rounds/game (mean, max) | turns/round mean, median, p90, p99, "
          "max | face up | box empty | wrappers | repetition | turn cut | seconds |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    with Pool(args.workers) as pool:
        for players in (int(p) for p in args.players.split(",")):
            start = time.perf_counter()
            jobs = [(players, seed, args.bots, options) for seed in range(args.games)]
            out = pool.map(play, jobs, chunksize=25)
            per_game = [len(t) for t, _ in out]
            turns = sorted(x for t, _ in out for x in t)
            ends: Counter[str] = Counter()
            for _, e in out:
                ends.update(e)
            q = statistics.quantiles(turns, n=100)
            secs = time.perf_counter() - start
            print(f"| {players} | {args.games} | {statistics.mean(per_game):.2f}, "
                  f"{max(per_game)} | {statistics.mean(turns):.1f}, {statistics.median(turns):g}, "
                  f"{q[89]:g}, {q[98]:g}, {turns[-1]} | "
                  + " | ".join(str(ends[k]) for k in ENDS) + f" | {secs:.0f} |", flush=True)


if __name__ == "__main__":
    main()
