"""MaskablePPO (sb3-contrib) learns Le Chocolat against `medium` through a curriculum:
the random bot, then a mix of random and medium, then medium alone (docs/rl.md).

    pip install -e '.[rl-train]'   # sb3-contrib and torch (CPU wheels do)
    nice -n 19 python examples/rl/ppo_curriculum.py --out runs/lechocolat

Each stage trains on `--envs` environments (learner seats alternating 0, 1, 0, 1, ...): stage
1 all against `random`; stage 2 half against `random`, half against `medium`; stage 3 all
against `medium`. The reward is the win share (1 for a win, 1/2 for a draw) plus
`--score-weight` times the learner's final score, a shaping signal that still says something
when every game is lost. After each stage, and every `--eval-every` steps within one, the
deterministic policy (the most probable legal id) plays `--eval-games` games against
`medium`, seats alternating, on deals the training never used (seeds from 1,000,000 on), and
the script prints its win share with a 95% interval (normal approximation); the model is saved
to `--out` each time. The uniform random policy's share on the same
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
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv

import sweettooth.rl  # noqa: F401  (registers the environments)
from sweettooth.rl.wrappers import ObservationOnly

ID = "sweettooth/LeChocolat-v0"
EVAL_SEED = 1_000_000


def make(opponent: str, seat: int, score_weight: float) -> Callable[[], gymnasium.Env[Any, Any]]:
    def thunk() -> gymnasium.Env[Any, Any]:
        env = gymnasium.make(ID, opponent=opponent, seat=seat, views="lazy",
                             score_weight=score_weight)
        return ObservationOnly(env.unwrapped)

    return thunk


def stage_envs(opponents: list[str], score_weight: float) -> DummyVecEnv:
    return DummyVecEnv([make(o, i % 2, score_weight) for i, o in enumerate(opponents)])


def evaluate(policy: Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], int],
             games: int) -> list[float]:
    """Win shares of `policy` against medium on the evaluation deals, seats alternating."""
    envs = [ObservationOnly(gymnasium.make(ID, opponent="medium", seat=s, views="lazy").unwrapped)
            for s in (0, 1)]
    shares = []
    for g in range(games):
        env = envs[g % 2]
        obs, _ = env.reset(seed=EVAL_SEED + g // 2)
        done, reward = False, 0.0
        while not done:
            obs, r, terminated, truncated, _ = env.step(policy(obs, env.action_masks()))
            reward += float(r)
            done = terminated or truncated
        shares.append(reward)
    return shares


def greedy(model: Any) -> Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], int]:
    """The model's most probable legal id."""

    def act(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        return int(action)

    return act


def interval(xs: list[float]) -> str:
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return f"{mean:.3f} ± {half:.3f} (n={len(xs)}, {mean - half:.3f} to {mean + half:.3f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=Path("runs/lechocolat"))
    parser.add_argument("--random-steps", type=int, default=100_000)
    parser.add_argument("--mixed-steps", type=int, default=150_000)
    parser.add_argument("--medium-steps", type=int, default=250_000)
    parser.add_argument("--envs", type=int, default=8)
    parser.add_argument("--score-weight", type=float, default=0.02)
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--eval-every", type=int, default=100_000,
                        help="evaluate (and save) after every this many steps of a stage")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--load", type=Path, default=None,
                        help="go on training a model saved by an earlier run (give stages that "
                             "are done 0 steps)")
    args = parser.parse_args()
    torch.set_num_threads(1)
    args.out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(args.seed)

    def uniform(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    baseline = interval(evaluate(uniform, args.eval_games))
    print(f"uniform random policy vs medium: win share {baseline}", flush=True)
    half = args.envs // 2
    stages = [
        ("random", ["random"] * args.envs, args.random_steps),
        ("mixed", ["random"] * half + ["medium"] * (args.envs - half), args.mixed_steps),
        ("medium", ["medium"] * args.envs, args.medium_steps),
    ]
    model: Any = None if args.load is None else MaskablePPO.load(args.load, device="cpu")
    for name, opponents, steps in stages:
        if steps <= 0:
            continue
        env = stage_envs(opponents, args.score_weight)
        if model is None:
            model = MaskablePPO(
                "MlpPolicy", env, seed=args.seed, n_steps=256, batch_size=256, n_epochs=4,
                learning_rate=3e-4, gamma=1.0, gae_lambda=0.95, ent_coef=0.01,
                policy_kwargs={"net_arch": [256, 256]}, device="cpu", verbose=0)
        else:
            model.set_env(env)
        done = 0
        while done < steps:
            chunk = min(args.eval_every, steps - done)
            start = time.time()
            model.learn(total_timesteps=chunk, reset_num_timesteps=False)
            done += chunk
            minutes = (time.time() - start) / 60
            model.save(args.out / f"after-{name}")
            shares = evaluate(greedy(model), args.eval_games)
            print(f"stage {name}, {done} of {steps} steps ({minutes:.1f} min for the last "
                  f"{chunk}; {model.num_timesteps} in all): win share vs medium "
                  f"{interval(shares)}", flush=True)


if __name__ == "__main__":
    main()
