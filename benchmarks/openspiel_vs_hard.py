"""OpenSpiel's ISMCTS against sweettooth's hard bot at equal time per move (docs/openspiel.md).

Both search for `--seconds` of CPU time per move (the searching thread's: a fair budget on a
busy machine). The hard bot is the `hard` level's search with no iteration cap, stopped by that
time (its own cap is 0.9 s of wall time and an iteration budget); OpenSpiel's
ISMCTS (random rollouts, UCT c = 2, a fresh world per iteration) runs simulations until the
time is used. Le Chocolat: `--games` seeded games, seats swapped every other game; prints
OpenSpiel's win share with a 95% interval. Sweet Shop (solo): each bot plays `--games` / 2
seeded deals; prints each mean score with a 95% interval.

    python -m benchmarks.openspiel_vs_hard --game lechocolat --games 60 --seconds 0.25
    python -m benchmarks.openspiel_vs_hard --game sweetshop --games 60 --seconds 0.25
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import statistics
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import sweettooth.openspiel  # noqa: F401  (registers the games)
from sweettooth.agents import difficulty


class TimedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTS bot with a CPU-time budget per move instead of a simulation count."""

    def __init__(self, game: Any, seconds: float, rs: np.random.RandomState) -> None:
        super().__init__(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 1, random_state=rs)
        self.seconds = seconds
        self.simulations: list[int] = []

    def run_search(self, state: Any) -> Any:
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        end, n = time.thread_time() + self.seconds, 0
        while n == 0 or time.thread_time() < end:
            self.run_simulation(self.sample_root_state(state))
            n += 1
        self.simulations.append(n)
        return self.get_final_policy(state, self._root_node)


def play_chance(state: Any, rs: np.random.RandomState) -> None:
    """Play an OpenSpiel chance node: one outcome drawn by its probabilities."""
    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
    state.apply_action(int(rs.choice(outcomes, p=probs)))


def play(game: Any, bots: dict[int, Any], seed: int) -> list[float]:
    rng, rs = random.Random(seed), np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            play_chance(state, rs)
            continue
        seat = state.current_player()
        bot = bots[seat]
        if isinstance(bot, TimedISMCTS):
            state.apply_action(int(bot.step(state)))
        else:
            engine = state._in.base
            action = bot.choose(engine.game, state.view(seat), engine.legal_actions(), rng)
            state.apply_action(game.spec.action_id(action))
    return [float(r) for r in state.returns()]


def interval(xs: list[float]) -> str:
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return f"{mean:.3f} ± {half:.3f} (n={len(xs)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=["lechocolat", "sweetshop"], default="lechocolat")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=0.25)
    args = parser.parse_args()
    game = pyspiel.load_game(f"sweettooth_{args.game}")
    level: Any = difficulty(args.game, "hard", clock="cpu")  # an ISMCTSAgent (a dataclass)
    hard = dataclasses.replace(level, iterations=None, seconds=args.seconds)
    spiel = TimedISMCTS(game, args.seconds, np.random.RandomState(0))
    if args.game == "sweetshop":
        scores: dict[str, list[float]] = {"openspiel-ismcts": [], "sweettooth-hard": []}
        for g in range(args.games // 2):
            scores["openspiel-ismcts"].append(play(game, {0: spiel}, seed=g)[0])
            scores["sweettooth-hard"].append(play(game, {0: hard}, seed=g)[0])
            print(g, {k: v[-1] for k, v in scores.items()}, flush=True)
        for name, xs in scores.items():
            print(f"{name}: mean score {interval(xs)}")
    else:
        shares = []
        for g in range(args.games):
            seat = g % 2  # OpenSpiel's seat
            returns = play(game, {seat: spiel, 1 - seat: hard}, seed=g // 2)
            shares.append(returns[seat] + 0.5)  # the win share (returns are share - 1/2)
            print(g, shares[-1], flush=True)
        print(f"openspiel-ismcts win share vs hard: {interval(shares)}")
    sims = spiel.simulations
    print(f"openspiel simulations per move: median {statistics.median(sims):.0f}")


if __name__ == "__main__":
    main()
