"""Reinforcement learning: PettingZoo and Gymnasium environments for every game (docs/rl.md).

- `env(game_id, players=N, **options)`: a PettingZoo AEC environment (`SweettoothAEC`);
- `gymnasium.make("sweettooth/SweetShop-v0", opponent="medium")`: one seat against sweettooth
  agents (registered when this package is imported);
- `encode(game_id, view)`: the observation of a seat's view; `spec_for(...)`: the action table
  and observation fields.

Needs the `rl` extra (gymnasium, pettingzoo, numpy).
"""

from __future__ import annotations

from typing import Any

from .aec import IllegalMoveError, RewardRule, SweettoothAEC
from .encoders import encode, spec_for
from .gym import SweettoothGym, register_envs
from .spec import ActionTableError, Field, GameSpec


def env(game_id: str, players: int | None = None, **options: Any) -> SweettoothAEC:
    """A PettingZoo AEC environment of `game_id` (players default: the game's minimum).
    Keywords: the game's options, plus `reward`, `score_weight`, `illegal`, `illegal_penalty`,
    `max_steps` and `render_mode` (see `SweettoothAEC`)."""
    return SweettoothAEC(game_id, players, **options)


register_envs()

__all__ = [
    "ActionTableError",
    "Field",
    "GameSpec",
    "IllegalMoveError",
    "RewardRule",
    "SweettoothAEC",
    "SweettoothGym",
    "encode",
    "env",
    "spec_for",
]
