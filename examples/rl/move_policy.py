"""A MaskablePPO policy that scores each move from its own features (`ppo_curriculum.py
--move-values`; needs torch and sb3-contrib).

The observation is the environment's array followed by `move_values`' rows (`PER_MOVE` numbers
for each of the 1,539 action ids, flattened). The actor is one small network applied to every
row alike (`PER_MOVE` -> `hidden` -> `hidden` -> 1, tanh): its outputs are the move logits, so
what it learns about one move holds for every move with the same features (weights shared
across moves, as in action-embedding policies). The critic is an MLP over the environment's
array alone. sb3's final `action_net` is left out: the scorer's outputs are the logits.
"""

from __future__ import annotations

from typing import Any

import torch
from move_values import MOVES, PER_MOVE
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from torch import nn


class MoveScorer(nn.Module):  # type: ignore[misc]
    """sb3's `mlp_extractor` slot: the actor's latent is the move logits themselves."""

    def __init__(self, base_size: int, hidden: int, critic: list[int]) -> None:
        super().__init__()
        self.base_size = base_size
        self.scorer = nn.Sequential(
            nn.Linear(PER_MOVE, hidden), nn.Tanh(),
            nn.Linear(hidden, hidden), nn.Tanh(),
            nn.Linear(hidden, 1))
        layers: list[nn.Module] = []
        width = base_size
        for size in critic:
            layers += [nn.Linear(width, size), nn.Tanh()]
            width = size
        self.critic = nn.Sequential(*layers)
        self.latent_dim_pi = len(MOVES)
        self.latent_dim_vf = width

    def forward_actor(self, features: torch.Tensor) -> torch.Tensor:
        rows = features[:, self.base_size:].reshape(-1, len(MOVES), PER_MOVE)
        out: torch.Tensor = self.scorer(rows).squeeze(-1)
        return out

    def forward_critic(self, features: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.critic(features[:, :self.base_size])
        return out

    def forward(self, features: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return self.forward_actor(features), self.forward_critic(features)


class MovePolicy(MaskableActorCriticPolicy):  # type: ignore[misc]
    """`MaskableActorCriticPolicy` with `MoveScorer` (policy_kwargs: `base_size`, the length of
    the environment's own array; `hidden`, the scorer's width; `critic`, the value MLP)."""

    def __init__(self, *args: Any, base_size: int, hidden: int = 32,
                 critic: list[int] | None = None, **kwargs: Any) -> None:
        self.base_size, self.hidden = base_size, hidden
        self.critic_arch = critic if critic is not None else [256, 256]
        super().__init__(*args, **kwargs)

    def _build_mlp_extractor(self) -> None:
        self.mlp_extractor = MoveScorer(self.base_size, self.hidden, self.critic_arch)

    def _build(self, lr_schedule: Any) -> None:
        super()._build(lr_schedule)
        self.action_net = nn.Identity()
        self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1),
                                              **self.optimizer_kwargs)

