"""The worked example's move-scoring policy (examples/rl/move_policy.py): one network scores
every move from its own features, so moves with the same features get the same logit, and a
saved model plays as it did. Skips without sb3-contrib (the `rl-train` extra, not in CI)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import sweettooth.rl  # noqa: F401  (registers the ids)

sb3_contrib = pytest.importorskip(
    "sb3_contrib", reason="sb3-contrib is not installed (pip install 'sweettooth[rl-train]')")
torch = pytest.importorskip("torch", reason="torch is not installed (the rl-train extra)")

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "rl"))
ppo_curriculum = importlib.import_module("ppo_curriculum")
MOVES = importlib.import_module("move_values").MOVES
PER_MOVE = importlib.import_module("move_values").PER_MOVE


def model_and_env(seed: int = 0) -> tuple[Any, Any]:
    torch.set_num_threads(1)
    env = ppo_curriculum.one_env("medium", 0, values="moves")
    model = sb3_contrib.MaskablePPO(
        ppo_curriculum.MovePolicy, env, seed=seed, n_steps=32, batch_size=32, device="cpu",
        policy_kwargs={"base_size": env.base_size, "hidden": 8, "critic": [16]})
    return model, env


def logits(model: Any, obs: np.ndarray) -> np.ndarray:
    """The policy's move logits (normalized: log-probabilities with no mask)."""
    with torch.no_grad():
        dist = model.policy.get_distribution(torch.as_tensor(obs[None]))
        out: np.ndarray = dist.distribution.logits[0].numpy()
    return out


def test_moves_with_the_same_features_get_the_same_logit() -> None:
    model, env = model_and_env()
    obs, _ = env.reset(seed=1)
    rows = obs[env.base_size:].reshape(len(MOVES), PER_MOVE)
    scores = logits(model, obs)
    assert scores.shape == (len(MOVES),)
    same = np.flatnonzero((rows == rows[0]).all(axis=1))  # the forbidden ids: rows of zeros
    assert len(same) > 100
    assert np.allclose(scores[same], scores[same[0]])
    # The critic reads the environment's array alone: the move rows do not move the value.
    moved = obs.copy()
    moved[env.base_size:] += 1.0
    with torch.no_grad():
        v = [float(model.policy.predict_values(torch.as_tensor(o[None]))) for o in (obs, moved)]
    assert v[0] == pytest.approx(v[1])
    # and the actor reads the rows: changing one move's row changes its logit alone.
    legal = np.flatnonzero(env.action_masks())
    moved = obs.copy()
    start = env.base_size + legal[0] * PER_MOVE
    moved[start:start + PER_MOVE] += 1.0
    shift = logits(model, moved) - scores  # the same for every other move (normalization)
    changed = np.flatnonzero(~np.isclose(shift, shift[legal[1]], atol=1e-5))
    assert changed.tolist() == [legal[0]]


def test_a_saved_model_loads_and_plays_the_same(tmp_path: Path) -> None:
    model, env = model_and_env()
    model.learn(64)
    model.save(tmp_path / "m")
    again = sb3_contrib.MaskablePPO.load(tmp_path / "m", device="cpu")
    obs, _ = env.reset(seed=2)
    assert np.allclose(logits(model, obs), logits(again, obs))
    act = ppo_curriculum.greedy_maskable(again)
    assert env.action_masks()[act(obs, env.action_masks())]
