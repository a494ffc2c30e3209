"""OpenSpiel's Monte Carlo CFR (outcome sampling or external sampling) on a sweettooth game:
what it reaches in a time budget (docs/openspiel.md).

Runs MCCFR iterations for `--minutes` of CPU time (an iteration still running at the end is cut
off by an alarm and not counted), then plays its average policy (uniform at information states
it never met) against the uniform random policy and against sweettooth's `--against` bot
(default medium), `--games` games each, seats swapped every game, and prints the iterations,
the information states in its table and the win shares with 95% intervals. The win share of a
game is 1 for a win, 1/2 for a shared win (the zero-sum returns plus 1/2). Exploitability
(NashConv) is out of reach for every sweettooth game: the deal alone is a shuffle of 25 to 52
pieces, far too many chance outcomes to walk the tree once.

    python -m benchmarks.openspiel_mccfr --algorithm outcome --minutes 3 --games 200
    python -m benchmarks.openspiel_mccfr --algorithm external --minutes 5 --games 100 \\
        --game "sweettooth_bonbons(variant=quick,removed=toffee+nougat,turn_limit=1)"

The smallest two-seat configurations: Le Chocolat (about 35 decisions, but up to 1,539
actions, and a split has hundreds of legal choices), and Bonbons' quick 5 x 5 grid with a
short `turn_limit` (one turn for `turn_limit=1`; a turn goes on while the flips match).
"""

from __future__ import annotations

import argparse
import math
import random
import signal
import statistics
import time
from types import FrameType
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import external_sampling_mccfr, outcome_sampling_mccfr

import sweettooth.openspiel  # noqa: F401  (registers the games)
from benchmarks.openspiel_vs_hard import play_chance
from sweettooth.agents import make_agent


class OutOfTime(Exception):
    """The budget ran out during an iteration."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise OutOfTime


def run(solver: Any, minutes: float) -> tuple[int, float]:
    """MCCFR iterations until `minutes` of CPU time are used; returns (iterations, longest)."""
    budget = 60 * minutes
    start, iterations, longest = time.process_time(), 0, 0.0
    signal.signal(signal.SIGPROF, _alarm)
    signal.setitimer(signal.ITIMER_PROF, budget)  # user + system time, as process_time
    try:
        while True:
            t = time.process_time()
            solver.iteration()
            iterations += 1
            longest = max(longest, time.process_time() - t)
            if iterations & (iterations - 1) == 0:  # 1, 2, 4, 8, ...: progress for slow walks
                print(f"iteration {iterations} done after {time.process_time() - start:.1f} "
                      "CPU s", flush=True)
    except OutOfTime:
        pass
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    return iterations, longest


def play(game: Any, average: Any, seat: int, other: Any, seed: int) -> float:
    """One game: the average policy in `seat`, `other` (None: uniform random; else a sweettooth
    agent) in the other seat; returns the policy's win share."""
    rs, rng = np.random.RandomState(seed), random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            play_chance(state, rs)
            continue
        legal = state.legal_actions()
        player = state.current_player()
        if player == seat:
            probs_of = average.action_probabilities(state)
            p = np.array([probs_of.get(a, 0.0) for a in legal])
            p = p / p.sum() if p.sum() > 0 else np.full(len(legal), 1 / len(legal))
            state.apply_action(int(rs.choice(legal, p=p)))
        elif other is None:
            state.apply_action(int(rs.choice(legal)))
        else:
            engine = state._in.base
            action = other.choose(engine.game, state.view(player), engine.legal_actions(), rng)
            state.apply_action(game.spec.action_id(action))
    return float(state.returns()[seat]) + 0.5


def interval(xs: list[float]) -> str:
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return f"{mean:.3f} ± {half:.3f} (n={len(xs)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="sweettooth_lechocolat")
    parser.add_argument("--algorithm", choices=["outcome", "external"], default="outcome")
    parser.add_argument("--minutes", type=float, default=3.0, help="CPU minutes of iterations")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--against", default="medium", help="a sweettooth agent name")
    args = parser.parse_args()
    game = pyspiel.load_game(args.game)
    solver: Any
    if args.algorithm == "outcome":
        solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    else:
        solver = external_sampling_mccfr.ExternalSamplingSolver(
            game, external_sampling_mccfr.AverageType.SIMPLE)
    iterations, longest = run(solver, args.minutes)
    table = solver._infostates  # the solver's regret and average-policy table
    print(f"{args.algorithm}-sampling MCCFR, {args.game}: {iterations} iterations in "
          f"{args.minutes} CPU min (longest {longest:.1f} s), {len(table)} information states "
          "in its table", flush=True)
    average = solver.average_policy()
    for name, other in (("uniform random", None), (args.against, make_agent(args.against))):
        shares = [play(game, average, g % 2, other, seed=g) for g in range(args.games)]
        print(f"average policy vs {name}: win share {interval(shares)}", flush=True)


if __name__ == "__main__":
    main()
