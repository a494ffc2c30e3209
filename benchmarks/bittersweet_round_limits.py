"""BitterSweet: does any round reach a round limit? Heuristic (medium) bots in every seat.

With the revised card set (`cards=revised`) no ability returns a Choc without taking an Empty
Wrapper, so every action uses up a finite resource of the round (`components.round_bound`) and a
round ends only by the printed conditions. This plays N games at each player count, both sets
by default, and prints how many rounds were played and how many a round limit cut (the
original set's house limit, or the revised set's resource bound, which cannot be reached).

    python -m benchmarks.bittersweet_round_limits --games 10000 --cards revised
"""

from __future__ import annotations

import argparse
import random
import time
from multiprocessing import Pool

import sweettooth as st
from sweettooth.games.bittersweet.heuristics import choose

LIMIT = "reaches its limit of"


def play(args: tuple[int, int, str]) -> tuple[int, int]:
    """(rounds, rounds cut by the limit) of one seeded game."""
    players, seed, cards = args
    state = st.game("bittersweet").new(players, seed, cards=cards)
    rng = random.Random(seed)
    while state.to_move is not None:
        state.apply(choose(state.view(state.to_move), state.legal_actions(), rng))
    rounds = len(state.rounds)
    cut = sum(1 for line, _ in state.log if LIMIT in line)
    return rounds, cut


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--cards", default="revised,original")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    print("| cards | players | games | rounds | rounds cut by the limit | seconds |")
    print("| --- | --- | --- | --- | --- | --- |")
    with Pool(args.workers) as pool:
        for cards in args.cards.split(","):
            for players in (int(p) for p in args.players.split(",")):
                start = time.perf_counter()
                jobs = [(players, seed, cards) for seed in range(args.games)]
                out = pool.map(play, jobs, chunksize=25)
                rounds = sum(r for r, _ in out)
                cut = sum(c for _, c in out)
                secs = time.perf_counter() - start
                print(f"| {cards} | {players} | {args.games} | {rounds} | {cut} | {secs:.0f} |",
                      flush=True)


if __name__ == "__main__":
    main()
