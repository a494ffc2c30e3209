"""What a whole-game review costs, per title, at the default depth (docs/review.md, "Cost").

For each title, seeded games between medium bots are played and seat 0 is reviewed in fair
mode (and with `--hindsight` in hindsight mode too); prints the CPU seconds of each review (the
process's CPU time: what it costs one idle core, whatever else the machine runs), its
decisions, and the mean and worst over the games. The target is 60 s per game on one core.

    python -m benchmarks.review_cost
    python -m benchmarks.review_cost --games 3 --hindsight
"""

from __future__ import annotations

import argparse
import random
import time

import sweettooth as st
from sweettooth.agents import difficulty, play_out

PLAYERS = {"lechocolat": 2, "bonbons": 2, "sweetnose": 3, "sweetshop": 1, "bittersweet": 3}
"""The table each title is measured at (BitterSweet and Sweet Nose at three, their usual size)."""

TARGET = 60.0


def cost(game_id: str, seed: int, hindsight: bool) -> tuple[float, int, int]:
    """(CPU seconds, decisions judged, moves in the game) of reviewing seat 0 of one game."""
    game = st.game(game_id)
    players = PLAYERS[game_id]
    state = game.new(players, seed)
    play_out(state, [difficulty(game_id, "medium")] * players,
             [random.Random(seed + s) for s in range(players)])
    start = time.process_time()
    result = st.review(state, 0, hindsight=hindsight, seed=seed)
    return time.process_time() - start, len(result.moves), len(state.history)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3, help="games per title")
    parser.add_argument("--titles", nargs="*", default=list(PLAYERS))
    parser.add_argument("--hindsight", action="store_true", help="also time hindsight mode")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    modes = [False, True] if args.hindsight else [False]
    print(f"{'game':12} {'players':>7} {'mode':9} {'games':>5} {'decisions':>9} "
          f"{'mean s':>7} {'worst s':>7} {'s/decision':>10}  target {TARGET:g} s")
    for game_id in args.titles:
        for hindsight in modes:
            runs = [cost(game_id, args.seed + g, hindsight) for g in range(args.games)]
            secs = [r[0] for r in runs]
            decisions = sum(r[1] for r in runs)
            print(f"{game_id:12} {PLAYERS[game_id]:>7} {'hindsight' if hindsight else 'fair':9} "
                  f"{len(runs):>5} {decisions / len(runs):>9.1f} {sum(secs) / len(secs):>7.1f} "
                  f"{max(secs):>7.1f} {sum(secs) / max(decisions, 1):>10.2f}"
                  f"  {'ok' if max(secs) <= TARGET else 'OVER'}", flush=True)


if __name__ == "__main__":
    main()
