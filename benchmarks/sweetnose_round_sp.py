"""A Sweet Nose player's SP in a round: the mean and the spread around the table's mean for
that round, over seeded games of the medium bot (the figures `heuristics.evaluate` uses for
the rounds still to play: `ROUND_SP_MEAN`, `ROUND_SP_SPREAD`; docs/bots.md).

    python -m benchmarks.sweetnose_round_sp --games 150
"""

from __future__ import annotations

import argparse
import random
import statistics

import sweettooth as st
from sweettooth.agents import difficulty


def round_sp(games: int, players: int) -> list[list[int]]:
    """Each finished round's SP per seat, over `games` seeded games of the medium bot."""
    game = st.game("sweetnose")
    medium = difficulty("sweetnose", "medium")
    rounds: list[list[int]] = []
    for seed in range(games):
        state = game.new(players, seed)
        rng = random.Random(seed)
        before = [0] * players
        played = state.round
        while state.to_move is not None:
            seat = state.to_move
            state.apply(medium.choose(game, state.view(seat), state.legal_actions(), rng))
            if state.round != played or state.to_move is None:  # a round was counted
                totals = list(state.totals)
                rounds.append([t - b for t, b in zip(totals, before, strict=True)])
                before, played = totals, state.round
    return rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args()
    rounds = round_sp(args.games, args.players)
    every = [sp for r in rounds for sp in r]
    around = [sp - statistics.mean(r) for r in rounds for sp in r]
    print(f"{len(every)} player-rounds of {args.games} games ({args.players} players): "
          f"mean {statistics.mean(every):.2f} SP, spread around the round's mean "
          f"{statistics.stdev(around):.2f} SP (overall {statistics.stdev(every):.2f})")


if __name__ == "__main__":
    main()
