"""MaskablePPO (sb3-contrib) learns Le Chocolat against `medium`: PPO through a curriculum of
opponents (random, a mix of random and medium, then medium alone), optionally after an
imitation warm start (behaviour cloning of a bot and DAgger); docs/rl.md.

    pip install -e '.[rl-train]'   # sb3-contrib and torch (CPU wheels do)
    # the curriculum with per-move features (docs/rl.md gives what it won against medium)
    nice -n 19 python examples/rl/ppo_curriculum.py --out runs/moves --move-values \
        --random-steps 20000 --mixed-steps 20000 --medium-steps 60000 --eval-every 10000 \
        --learning-rate 3e-4 --ent-coef 0.01 --clip-range 0.2 --score-weight 0.02
    # a flat network over the observation, cloned from medium first: 0.253 ± 0.049
    nice -n 19 python examples/rl/ppo_curriculum.py --out runs/clone --imitate medium \
        --cell-values --medium-steps 0

With `--move-values` the observation also holds `move_values`' rows (move_values.py: for each
action id, what the move is worth from the learner's own view with the medium bot's scoring,
the gain it makes at once, the opponent's best take after it, whether it is a claim, the lead
and the bar left) and the policy is `MovePolicy` (move_policy.py): one small network scores
every move from its own row. `--hide-value` leaves out the medium bot's value of the move.

Stage 0 (with `--imitate BOT`): BOT plays `--demo-episodes` games against the DAgger opponents
(`--dagger-opponents`, default medium) in the learner's seat, labelling each state with its
move; the policy is cloned from them (`--bc-epochs` passes of cross entropy over the masked
logits at `--bc-lr`, plus `--value-weight` times the value head's squared error against the
return); then `--dagger-rounds` rounds in which the clone plays `--dagger-episodes` games, BOT
labels the states it visits, the data are aggregated and the clone is trained again on all of
them (`sweettooth.rl.imitation`).

With `--cell-values` the observation also holds `cell_values`: what each cell on the table is
worth to each seat now, read from the learner's own view with the medium bot's scoring (the
card's values, sets and majorities; a blank side at its tile-set odds), 176 numbers.

PPO stages then train on `--envs` environments (learner seats alternating 0, 1, 0, 1, ...):
stage 1 all against `random`; stage 2 half against `random`, half against `medium`; stage 3 all
against `medium`. The reward is the win share (1 for a win, 1/2 for a draw) plus
`--score-weight` times the learner's final score. The defaults fine-tune a clone without
wrecking it: a small learning rate, no entropy bonus, a narrow clip range.

Checkpoints (after each DAgger round, after each stage and every `--eval-every` PPO steps) are
scored on `--select-games` selection deals (seeds from 2,000,000 on), and the best of them is
kept as `best.zip`: the deterministic policy (the most probable legal id) against `medium`,
seats alternating. The final evaluation plays `best.zip` for `--eval-games` games against
`medium` on other deals the training never used (seeds from 1,000,000 on) and prints the win
share with a 95% interval (normal approximation). The uniform random policy's share on those
deals is printed first, for scale. One torch thread (`torch.set_num_threads(1)`).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
import torch
from features import OBSERVERS, Extra
from move_policy import MovePolicy
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv

import sweettooth.rl  # noqa: F401  (registers the environments)
from sweettooth.rl.imitation import (
    Collected,
    Demos,
    agreement_maskable,
    clone_maskable,
    collect,
    dagger,
    greedy_maskable,
)
from sweettooth.rl.wrappers import ObservationOnly

ID = "sweettooth/LeChocolat-v0"
EVAL_SEED = 1_000_000
SELECT_SEED = 2_000_000
DEMO_SEED = 3_000_000


def one_env(opponent: str, seat: int, score_weight: float = 0.0,
            values: str = "none") -> gymnasium.Env[Any, Any]:
    if values not in OBSERVERS:
        raise ValueError(f"values: {values!r} is not one of {', '.join(OBSERVERS)}")
    env = ObservationOnly(gymnasium.make(ID, opponent=opponent, seat=seat, views="lazy",
                                         score_weight=score_weight).unwrapped)
    size, observe = OBSERVERS[values]
    return env if observe is None else Extra(env, size, observe)


def stage_envs(opponents: list[str], score_weight: float, values: str) -> DummyVecEnv:
    return DummyVecEnv([
        (lambda o=o, s=i % 2: one_env(o, s, score_weight, values))
        for i, o in enumerate(opponents)])


def evaluate(policy: Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], int],
             games: int, first_seed: int = EVAL_SEED, values: str = "none") -> list[float]:
    """Win shares of `policy` against medium on the deals from `first_seed`, seats
    alternating (deal `first_seed + g // 2` for game g)."""
    envs = [one_env("medium", s, values=values) for s in (0, 1)]
    shares = []
    for g in range(games):
        env = envs[g % 2]
        obs, _ = env.reset(seed=first_seed + g // 2)
        done, reward = False, 0.0
        while not done:
            mask = env.action_masks()  # type: ignore[attr-defined]
            obs, r, terminated, truncated, _ = env.step(policy(obs, mask))
            reward += float(r)
            done = terminated or truncated
        shares.append(reward)
    return shares


def interval(xs: list[float]) -> str:
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return f"{mean:.3f} ± {half:.3f} (n={len(xs)}, {mean - half:.3f} to {mean + half:.3f})"


class Keeper:
    """Scores checkpoints on the selection deals and keeps the best as `best.zip`."""

    def __init__(self, out: Path, games: int, values: str) -> None:
        self.out, self.games, self.values = out, games, values
        self.best = -1.0
        self.best_name = ""

    def check(self, model: Any, name: str) -> float:
        model.save(self.out / name)
        share = statistics.fmean(evaluate(greedy_maskable(model), self.games, SELECT_SEED,
                                              self.values))
        if share > self.best:
            self.best, self.best_name = share, name
            model.save(self.out / "best")
        print(f"  {name}: {share:.3f} on {self.games} selection games (best so far: "
              f"{self.best_name}, {self.best:.3f})", flush=True)
        return share


def arch(text: str) -> list[int]:
    return [int(w) for w in text.split(",") if w]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=Path("runs/lechocolat"))
    parser.add_argument("--imitate", default="",
                        help="stage 0: clone this bot first (e.g. medium); none by default")
    parser.add_argument("--demo-episodes", type=int, default=800,
                        help="games the bot plays to make the first demonstrations")
    parser.add_argument("--dagger-rounds", type=int, default=6)
    parser.add_argument("--dagger-episodes", type=int, default=600,
                        help="games the clone plays in each DAgger round")
    parser.add_argument("--dagger-opponents", default="medium",
                        help="comma-separated opponents of the imitation games, taken in turn")
    parser.add_argument("--bc-epochs", type=int, default=8)
    parser.add_argument("--bc-lr", type=float, default=1e-3)
    parser.add_argument("--bc-batch", type=int, default=256)
    parser.add_argument("--value-weight", type=float, default=0.5)
    parser.add_argument("--random-steps", type=int, default=0)
    parser.add_argument("--mixed-steps", type=int, default=0)
    parser.add_argument("--medium-steps", type=int, default=100_000)
    parser.add_argument("--envs", type=int, default=8)
    parser.add_argument("--learning-rate", type=float, default=3e-5)
    parser.add_argument("--ent-coef", type=float, default=0.0)
    parser.add_argument("--clip-range", type=float, default=0.1)
    parser.add_argument("--score-weight", type=float, default=0.05)
    parser.add_argument("--net-arch", type=arch, default=[256, 256],
                        help="hidden layers of the policy and the value networks, e.g. 512,512")
    parser.add_argument("--eval-games", type=int, default=300)
    parser.add_argument("--eval-seed", type=int, default=EVAL_SEED,
                        help="the first evaluation deal (game g plays deal eval_seed + g // 2)")
    parser.add_argument("--select-games", type=int, default=200,
                        help="games on the selection deals that score each checkpoint")
    parser.add_argument("--eval-every", type=int, default=25_000,
                        help="score (and save) after every this many steps of a PPO stage")
    parser.add_argument("--cell-values", action="store_true",
                        help="add cell_values (what each cell is worth, read from the view with "
                             "the medium bot's scoring) to the observation")
    parser.add_argument("--move-values", action="store_true",
                        help="add move_values' rows (each move's worth, read from the view with "
                             "the medium bot's scoring) and score moves with MovePolicy")
    parser.add_argument("--hide-value", action="store_true",
                        help="with --move-values: leave out slot 0 (the medium bot's value of "
                             "each move), so that the scorer must learn it from the others")
    parser.add_argument("--scorer-width", type=int, default=32,
                        help="with --move-values: the hidden width of the move scorer")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--load", type=Path, default=None,
                        help="go on training a model saved by an earlier run (it is scored as "
                             "the first checkpoint; with no steps, this evaluates it)")
    args = parser.parse_args()
    if args.cell_values and args.move_values:
        parser.error("--cell-values and --move-values: choose one")
    if args.hide_value and not args.move_values:
        parser.error("--hide-value goes with --move-values")
    extra = "moves" if args.move_values else "cells" if args.cell_values else "none"
    if args.hide_value:
        extra = "moves-no-value"
    torch.set_num_threads(1)
    args.out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(args.seed)
    began = time.time()

    def uniform(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    def minutes() -> str:
        return f"[{(time.time() - began) / 60:.1f} min]"

    baseline = interval(evaluate(uniform, args.eval_games, args.eval_seed))
    print(f"uniform random policy vs medium: win share {baseline}", flush=True)
    half = args.envs // 2
    stages = [
        ("random", ["random"] * args.envs, args.random_steps),
        ("mixed", ["random"] * half + ["medium"] * (args.envs - half), args.mixed_steps),
        ("medium", ["medium"] * args.envs, args.medium_steps),
    ]
    keeper = Keeper(args.out, args.select_games, extra)
    model: Any = None
    if args.load is not None:
        model = MaskablePPO.load(args.load, device="cpu")
        # What the flags say, not what the saved model had.
        model.learning_rate = args.learning_rate
        model.lr_schedule = lambda _: args.learning_rate
        model.ent_coef = args.ent_coef
        model.clip_range = lambda _: args.clip_range
        keeper.check(model, "loaded")
    else:
        envs = stage_envs(["medium"] * args.envs, args.score_weight, extra)
        policy: Any = "MlpPolicy"
        kwargs: dict[str, Any] = {"net_arch": args.net_arch}
        if extra.startswith("moves"):
            policy = MovePolicy
            kwargs = {"base_size": envs.envs[0].base_size, "hidden": args.scorer_width,
                      "critic": args.net_arch}
        model = MaskablePPO(
            policy, envs, seed=args.seed,
            n_steps=256, batch_size=256, n_epochs=4, learning_rate=args.learning_rate,
            gamma=1.0, gae_lambda=0.95, ent_coef=args.ent_coef, clip_range=args.clip_range,
            policy_kwargs=kwargs, device="cpu", verbose=0)
        keeper.check(model, "untrained")
    if args.imitate:
        opponents = args.dagger_opponents.split(",")
        sw = args.score_weight
        observe = OBSERVERS[extra][1]

        def fit(data: Demos) -> Any:
            losses = clone_maskable(model, data, epochs=args.bc_epochs, lr=args.bc_lr,
                                    value_weight=args.value_weight,
                                    batch_size=args.bc_batch, seed=args.seed)
            print(f"  cloned on {len(data)} states: loss {losses[0]:.3f} -> {losses[-1]:.3f}, "
                  f"agreement on them {agreement_maskable(model, data):.3f} {minutes()}",
                  flush=True)
            return greedy_maskable(model)

        def log(r: int, new: Demos, stats: Collected) -> None:
            print(f"DAgger round {r + 1}: the clone played {len(stats.returns)} games (mean "
                  f"return {statistics.fmean(stats.returns):.3f}), "
                  f"agreeing with {args.imitate} on {stats.agreement:.3f} of its {len(new)} "
                  f"states {minutes()}", flush=True)
            keeper.check(model, f"clone-{r}")

        data = collect(args.demo_episodes, teacher=args.imitate, opponent=opponents,
                       seed=DEMO_SEED + args.seed * 100_000, score_weight=sw, observe=observe)
        print(f"stage 0: {args.imitate} played {args.demo_episodes} games: {len(data)} "
              f"states {minutes()}", flush=True)
        data = dagger(fit, data, args.dagger_rounds, args.dagger_episodes,
                      teacher=args.imitate, opponent=opponents,
                      seed=DEMO_SEED + args.seed * 100_000 + args.demo_episodes,
                      score_weight=sw, log=log, observe=observe)
        fit(data)
        keeper.check(model, "imitation")
        shares = evaluate(greedy_maskable(model), args.eval_games, args.eval_seed,
                          values=extra)
        print(f"after imitation: win share vs medium {interval(shares)} {minutes()}",
              flush=True)
    for name, opponents, steps in stages:
        if steps <= 0:
            continue
        model.set_env(stage_envs(opponents, args.score_weight, extra))
        done = 0
        while done < steps:
            chunk = min(args.eval_every, steps - done)
            model.learn(total_timesteps=chunk, reset_num_timesteps=False)
            done += chunk
            print(f"stage {name}, {done} of {steps} steps ({model.num_timesteps} in all) "
                  f"{minutes()}", flush=True)
            keeper.check(model, f"{name}-{done}")
    best = MaskablePPO.load(args.out / "best", device="cpu")
    shares = evaluate(greedy_maskable(best), args.eval_games, args.eval_seed,
                      values=extra)
    print(f"best checkpoint ({keeper.best_name}) vs medium: win share {interval(shares)} "
          f"{minutes()}", flush=True)


if __name__ == "__main__":
    main()
