"""REINFORCE with a linear softmax policy over the legal actions, in numpy only.

    python examples/rl/reinforce.py sweetshop --episodes 3000 --plot sweetshop.png
    python examples/rl/reinforce.py lechocolat --episodes 3000 --plot lechocolat.png

The policy scores each action id `a` as `b[a] + W[a] . x` (x: the observation vector), keeps the
ids the action mask allows and samples from the softmax of their scores. After each episode it
moves the weights along `(G - baseline) * grad log pi(a | x)` for each of its decisions, where G
is the episode's return (Sweet Shop: the final score; Le Chocolat: 1 for a win, 1/2 for a draw)
and the baseline is a running mean of returns. The other seat is the random bot.

The learning curve (mean return per block of episodes, with the random policy's mean and its 95%
interval) goes to the PNG given by `--plot` (matplotlib).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

import sweettooth.rl  # noqa: F401  (registers the environments)
from sweettooth.rl.gym import GYM_IDS

Vector = npt.NDArray[np.float64]
Ids = npt.NDArray[np.intp]
Step = tuple[Vector, Ids, int]  # observation, legal ids, the id played


@dataclass
class LinearSoftmax:
    """pi(a | x) proportional to exp(b[a] + W[a] . x) over the legal ids."""

    actions: int
    features: int
    lr_bias: float = 0.05
    lr_weights: float = 0.01
    W: Vector = field(init=False)
    b: Vector = field(init=False)

    def __post_init__(self) -> None:
        self.W = np.zeros((self.actions, self.features))
        self.b = np.zeros(self.actions)

    def probabilities(self, x: Vector, legal: Ids) -> Vector:
        z = self.b[legal] + self.W[legal] @ x
        z -= z.max()
        p = np.exp(z)
        result: Vector = p / p.sum()
        return result

    def act(self, x: Vector, legal: Ids, rng: np.random.Generator) -> int:
        p = self.probabilities(x, legal)
        return int(legal[rng.choice(len(legal), p=p)])

    def update(self, steps: list[Step], advantage: float) -> None:
        """One REINFORCE step: for each decision, grad log pi = onehot(a) - pi over the legal
        ids (times x for the weights)."""
        for x, legal, action in steps:
            g = -self.probabilities(x, legal)
            g[np.searchsorted(legal, action)] += 1.0
            self.b[legal] += self.lr_bias * advantage * g
            self.W[legal] += self.lr_weights * advantage * np.outer(g, x)


Policy = Callable[[Vector, Ids, np.random.Generator], int]


def play(env: gymnasium.Env[Any, Any], policy: Policy, seed: int, rng: np.random.Generator,
         record: list[Step] | None = None) -> float:
    """One episode from `env.reset(seed=seed)`; its return."""
    obs, _ = env.reset(seed=seed)
    total, done = 0.0, False
    while not done:
        x = obs["observation"].astype(np.float64)
        legal = np.flatnonzero(obs["action_mask"])
        action = policy(x, legal, rng)
        if record is not None:
            record.append((x, legal, action))
        obs, reward, term, trunc, _ = env.step(action)
        total += float(reward)
        done = term or trunc
    return total


def random_policy(x: Vector, legal: Ids, rng: np.random.Generator) -> int:
    return int(legal[rng.integers(len(legal))])


def make_env(game_id: str) -> gymnasium.Env[Any, Any]:
    return gymnasium.make(GYM_IDS[game_id], opponent="random")


def defaults(game_id: str) -> tuple[float, float, float]:
    """Learning rates (bias, weights) and the reward scale that keeps the steps sensible."""
    if game_id == "sweetshop":
        return 0.2, 0.02, 1 / 10  # returns are scores, ~5 to 30
    return 0.05, 0.01, 1.0  # win share in [0, 1]


def train(
    game_id: str, episodes: int, seed: int = 0,
    progress: Callable[[int, float], None] | None = None,
) -> tuple[LinearSoftmax, list[float]]:
    """Train against the random bot; the policy and every episode's return."""
    env = make_env(game_id)
    space = env.observation_space["observation"]  # type: ignore[index]
    lr_b, lr_w, scale = defaults(game_id)
    policy = LinearSoftmax(int(env.action_space.n), space.shape[0],  # type: ignore[attr-defined]
                           lr_b, lr_w)
    rng = np.random.default_rng(seed)
    baseline, returns = 0.0, []
    for episode in range(episodes):
        steps: list[Step] = []
        g = play(env, policy.act, seed * 1_000_003 + episode, rng, steps)
        returns.append(g)
        baseline = g if episode == 0 else 0.95 * baseline + 0.05 * g
        policy.update(steps, (g - baseline) * scale)
        if progress is not None:
            progress(episode, g)
    return policy, returns


def evaluate(game_id: str, policy: Policy, seeds: range, seed: int = 1) -> list[float]:
    """Returns of `policy` on the episodes `seeds` (the same deals for every policy)."""
    env = make_env(game_id)
    rng = np.random.default_rng(seed)
    return [play(env, policy, s, rng) for s in seeds]


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% normal interval."""
    a = np.asarray(values, dtype=np.float64)
    return float(a.mean()), 1.96 * float(a.std(ddof=1)) / math.sqrt(len(a))


def plot(path: str, game_id: str, returns: list[float], random_returns: list[float],
         block: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    blocks = [returns[i:i + block] for i in range(0, len(returns) - block + 1, block)]
    xs = [block * (i + 1) for i in range(len(blocks))]
    means = [mean_ci(b) for b in blocks]
    rnd, half = mean_ci(random_returns)
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.errorbar(xs, [m for m, _ in means], yerr=[h for _, h in means], marker="o",
                label=f"REINFORCE, mean of each {block} episodes (95% CI)")
    ax.axhline(rnd, color="grey", linestyle="--", label="random policy (95% CI)")
    ax.axhspan(rnd - half, rnd + half, color="grey", alpha=0.2)
    ax.set_xlabel("training episodes")
    ax.set_ylabel("score" if game_id == "sweetshop" else "win share vs random bot")
    ax.set_title(f"{game_id}: linear softmax policy, numpy REINFORCE")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=["sweetshop", "lechocolat"])
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval", type=int, default=400, help="evaluation episodes per policy")
    parser.add_argument("--plot", help="write the learning curve to this PNG")
    args = parser.parse_args(argv)
    block = max(args.episodes // 20, 1)

    def progress(episode: int, g: float) -> None:
        if (episode + 1) % block == 0:
            print(f"episode {episode + 1}: return {g:.2f}", flush=True)

    policy, returns = train(args.game, args.episodes, args.seed, progress)
    seeds = range(10**6, 10**6 + args.eval)
    trained = evaluate(args.game, policy.act, seeds)
    baseline = evaluate(args.game, random_policy, seeds)
    (m1, h1), (m0, h0) = mean_ci(trained), mean_ci(baseline)
    diff, hd = mean_ci([a - b for a, b in zip(trained, baseline, strict=True)])
    print(f"{args.game}: trained {m1:.3f} ± {h1:.3f}, random {m0:.3f} ± {h0:.3f}, "
          f"difference {diff:.3f} ± {hd:.3f} (95%, {args.eval} paired episodes)")
    if args.plot:
        plot(args.plot, args.game, returns, baseline, block)
        print(f"learning curve written to {args.plot}")


if __name__ == "__main__":
    main()
