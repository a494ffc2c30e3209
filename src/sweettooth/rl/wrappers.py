"""Gymnasium wrappers for trainers that want one observation array and ask the environment for
the action mask (sb3-contrib's MaskablePPO calls `action_masks()`)."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt


class ObservationOnly(gymnasium.ObservationWrapper[Any, Any, Any]):
    """The Dict observation's `observation` array alone (a `Box`); the mask through
    `action_masks()`, as booleans.

    >>> import gymnasium, sweettooth.rl
    >>> env = ObservationOnly(gymnasium.make("sweettooth/LeChocolat-v0", opponent="random"))
    >>> obs, info = env.reset(seed=1)
    >>> obs.shape == env.observation_space.shape
    True
    >>> bool((env.action_masks() == info["action_mask"].astype(bool)).all())
    True
    """

    def __init__(self, env: gymnasium.Env[Any, Any]) -> None:
        super().__init__(env)
        space = env.observation_space
        if not isinstance(space, gymnasium.spaces.Dict) or "observation" not in space.spaces:
            raise TypeError("ObservationOnly wraps a sweettooth environment, whose observation "
                            f"is a Dict with 'observation' and 'action_mask'; got {space}")
        self.observation_space = space["observation"]

    def observation(self, observation: dict[str, Any]) -> npt.NDArray[np.float32]:
        array: npt.NDArray[np.float32] = observation["observation"]
        return array

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's action mask now (all False once the episode is over)."""
        mask: npt.NDArray[np.bool_] = self.env.unwrapped.action_masks().astype(bool)  # type: ignore[attr-defined]
        return mask
