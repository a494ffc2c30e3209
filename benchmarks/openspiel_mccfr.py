"""OpenSpiel's outcome-sampling MCCFR on Le Chocolat, the smallest sweettooth game that fits a
tabular method (two seats, about 45 moves): what it reaches in a time budget (docs/openspiel.md).

Runs MCCFR iterations for `--minutes`, then plays its average policy (uniform at information
states it never met) against the uniform random policy, `--games` games, seats swapped, and
prints the iterations, the information states in its table and the win share with a 95%
interval. Exploitability is out of reach: the game tree is far too big to walk.

    python -m benchmarks.openspiel_mccfr --minutes 3 --games 200
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import outcome_sampling_mccfr

import sweettooth.openspiel  # noqa: F401  (registers the games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    game = pyspiel.load_game("sweettooth_lechocolat")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    end, iterations = time.time() + 60 * args.minutes, 0
    while time.time() < end:
        solver.iteration()
        iterations += 1
    table = solver._infostates  # the solver's regret and average-policy table
    average = solver.average_policy()
    rs = np.random.RandomState(0)
    shares = []
    for g in range(args.games):
        seat, state = g % 2, game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rs.choice(outcomes, p=probs)))
                continue
            legal = state.legal_actions()
            if state.current_player() == seat:
                probs_of = average.action_probabilities(state)
                p = np.array([probs_of.get(a, 0.0) for a in legal])
                p = p / p.sum() if p.sum() > 0 else np.full(len(legal), 1 / len(legal))
                state.apply_action(int(rs.choice(legal, p=p)))
            else:
                state.apply_action(int(rs.choice(legal)))
        shares.append(state.returns()[seat] + 0.5)
    mean = statistics.fmean(shares)
    half = 1.96 * statistics.stdev(shares) / math.sqrt(len(shares))
    print(f"outcome-sampling MCCFR, sweettooth_lechocolat: {iterations} iterations in "
          f"{args.minutes} min, {len(table)} information states in its table")
    print(f"average policy vs uniform random: win share {mean:.3f} ± {half:.3f} "
          f"(n={len(shares)})")


if __name__ == "__main__":
    main()
