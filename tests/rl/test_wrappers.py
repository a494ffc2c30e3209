"""ObservationOnly: the observation array alone, and the mask through action_masks()."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import sweettooth.rl  # noqa: F401  (registers the ids)
from sweettooth.rl.wrappers import ObservationOnly


def test_the_array_and_the_mask_are_the_dict_observations_own() -> None:
    plain = gymnasium.make("sweettooth/LeChocolat-v0", opponent="random")
    wrapped = ObservationOnly(gymnasium.make("sweettooth/LeChocolat-v0", opponent="random"))
    obs, _ = plain.reset(seed=9)
    array, _ = wrapped.reset(seed=9)
    for _ in range(6):
        assert np.array_equal(array, obs["observation"])
        assert wrapped.observation_space.contains(array)
        assert np.array_equal(wrapped.action_masks(), obs["action_mask"].astype(bool))
        move = int(np.flatnonzero(obs["action_mask"])[-1])
        obs, *_ = plain.step(move)
        array, *_ = wrapped.step(move)


def test_an_environment_without_the_dict_observation_is_refused() -> None:
    with pytest.raises(TypeError, match="ObservationOnly wraps a sweettooth environment"):
        ObservationOnly(gymnasium.make("CartPole-v1"))
