"""`freeze_maskable` wraps an sb3-contrib MaskablePPO as an opponent (docs/rl.md, "Self-play").
Skips without sb3-contrib (the `rl-train` extra); no training is run, only a tiny untrained
network."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

import sweettooth.rl  # noqa: F401  (registers the ids)
from sweettooth.rl.opponents import FrozenPool, MaskedPolicy, SelfPlay, freeze_maskable
from sweettooth.rl.wrappers import ObservationOnly

sb3_contrib = pytest.importorskip(
    "sb3_contrib", reason="sb3-contrib is not installed (pip install 'sweettooth[rl-train]')")
torch = pytest.importorskip("torch", reason="torch is not installed (the rl-train extra)")

ID = "sweettooth/LeChocolat-v0"


def tiny_model() -> Any:
    torch.set_num_threads(1)
    env = ObservationOnly(gymnasium.make(ID, opponent="random", views="lazy"))
    return sb3_contrib.MaskablePPO("MlpPolicy", env, seed=0, n_steps=16, batch_size=16,
                                   policy_kwargs={"net_arch": [8]}, device="cpu")


def positions(n: int) -> list[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]]:
    """Observations and masks of seat 0 over a game against the random bot."""
    env = ObservationOnly(gymnasium.make(ID, opponent="random", views="lazy"))
    obs, _ = env.reset(seed=4)
    seen: list[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]] = []
    while len(seen) < n:
        mask = env.action_masks()
        seen.append((obs.copy(), mask.copy()))
        obs, _, terminated, truncated, _ = env.step(int(np.flatnonzero(mask)[-1]))
        if terminated or truncated:
            obs, _ = env.reset()
    return seen


def test_the_frozen_copy_plays_the_models_legal_choice_and_ignores_later_training() -> None:
    model = tiny_model()
    frozen = freeze_maskable(model)
    assert isinstance(frozen, MaskedPolicy)
    seen = positions(12)
    before = [frozen.fn(obs, mask.astype(np.int8)) for obs, mask in seen]
    expected = [int(model.predict(obs, action_masks=mask, deterministic=True)[0])
                for obs, mask in seen]
    assert before == expected
    assert all(mask[a] for a, (_, mask) in zip(before, seen, strict=True))
    # The learner moves on (its weights change); the frozen copy does not.
    with torch.no_grad():
        for p in model.policy.parameters():
            p.add_(torch.randn_like(p) * 5)
    after_model = [int(model.predict(obs, action_masks=mask, deterministic=True)[0])
                   for obs, mask in seen]
    assert after_model != expected  # the perturbation changed the learner's choices
    assert [frozen.fn(obs, mask.astype(np.int8)) for obs, mask in seen] == before


def test_a_pool_of_frozen_models_plays_the_other_seat() -> None:
    model = tiny_model()
    pool = FrozenPool(lambda: freeze_maskable(model), size=2)
    pool.snapshot()
    env = SelfPlay(gymnasium.make(ID, opponent=pool), pool, every=100)
    obs, _ = env.reset(seed=2)
    done = False
    while not done:
        obs, _, terminated, truncated, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        done = terminated or truncated
    inner: Any = env.unwrapped
    assert inner.state.result() is not None  # a whole game, the frozen model in seat 1
