"""Behaviour cloning of the medium bot into a tiny sb3-contrib MaskablePPO (docs/rl.md, the
imitation stage). Skips without sb3-contrib (the `rl-train` extra, not installed in CI)."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

import sweettooth.rl  # noqa: F401  (registers the ids)
from sweettooth.rl.imitation import (
    agreement_maskable,
    clone_maskable,
    collect,
    greedy_maskable,
)
from sweettooth.rl.wrappers import ObservationOnly

sb3_contrib = pytest.importorskip(
    "sb3_contrib", reason="sb3-contrib is not installed (pip install 'sweettooth[rl-train]')")
torch = pytest.importorskip("torch", reason="torch is not installed (the rl-train extra)")

ID = "sweettooth/LeChocolat-v0"


def tiny_model(seed: int = 0) -> Any:
    torch.set_num_threads(1)
    env = ObservationOnly(gymnasium.make(ID, opponent="medium", views="lazy"))
    return sb3_contrib.MaskablePPO("MlpPolicy", env, seed=seed, n_steps=16, batch_size=16,
                                   policy_kwargs={"net_arch": [64]}, device="cpu")


def test_a_tiny_clone_agrees_with_medium_on_its_training_states() -> None:
    data = collect(8, seed=5)
    model = tiny_model()
    before = agreement_maskable(model, data)
    losses = clone_maskable(model, data, epochs=40, lr=3e-3, batch_size=64)
    assert losses[-1] < losses[0] / 4
    after = agreement_maskable(model, data)
    assert before < 0.7 and after > 0.95  # (many states have few legal ids)
    # The greedy policy plays the same legal ids as the batched agreement counts.
    act = greedy_maskable(model)
    moves = np.array([act(o, m) for o, m in zip(data.obs, data.masks, strict=True)])
    assert data.masks[np.arange(len(data)), moves].all()
    assert np.mean(moves == data.actions) == pytest.approx(after)


def test_the_value_weight_fits_the_value_head_to_the_return() -> None:
    data = collect(8, seed=5, score_weight=0.05)
    obs = torch.as_tensor(data.obs)

    def value_error(model: Any) -> float:
        with torch.no_grad():
            values = model.policy.predict_values(obs).flatten().numpy()
        return float(np.mean((values - data.returns) ** 2))

    alone, fitted = tiny_model(), tiny_model()
    clone_maskable(alone, data, epochs=20, lr=3e-3, batch_size=64, value_weight=0.0)
    clone_maskable(fitted, data, epochs=20, lr=3e-3, batch_size=64, value_weight=1.0)
    assert value_error(fitted) < value_error(alone) / 4
    assert value_error(fitted) < 0.1 * float(np.var(data.returns)) + 1e-3


def test_the_loss_reported_is_the_mean_cross_entropy_over_every_state() -> None:
    """With a learning rate of 0 nothing moves, so an epoch's reported loss is the teacher's
    mean negative log-probability over all the states, whatever the batches (the last one
    short)."""
    data = collect(4, seed=7)
    model = tiny_model()
    assert len(data) % 24 != 0  # a short last batch
    with torch.no_grad():
        _, log_prob, _ = model.policy.evaluate_actions(
            torch.as_tensor(data.obs), torch.as_tensor(data.actions),
            action_masks=torch.as_tensor(data.masks))
    expected = float(-log_prob.mean())
    losses = clone_maskable(model, data, epochs=2, lr=0.0, batch_size=24)
    assert losses == pytest.approx([expected, expected], rel=1e-5)
