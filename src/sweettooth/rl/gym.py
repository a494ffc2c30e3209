"""Gymnasium single-agent environments: one seat (the learner) against sweettooth agents.

Registered on `import sweettooth.rl`:

| id                           | game        | players (default) |
|------------------------------|-------------|-------------------|
| `sweettooth/LeChocolat-v0`   | lechocolat  | 2                 |
| `sweettooth/Bonbons-v0`      | bonbons     | 2 (2-6)           |
| `sweettooth/SweetNose-v0`    | sweetnose   | 3 (3-5)           |
| `sweettooth/SweetShop-v0`    | sweetshop   | 1                 |
| `sweettooth/BitterSweet-v0`  | bittersweet | 2 (2-4)           |

Keywords: `players`, `opponent` (default "medium": the game's medium level; an agent name, an
Agent, a `MaskedPolicy`, a `FrozenPool` or a callable `view -> action`, see `opponents.py`; one
for every other seat, or a list with one per other seat), `seat` (the learner's seat, default
0), `render_mode` (None: `render()` returns None; "ansi": it returns the text drawing; "human":
it prints it), and every keyword of `sweettooth.rl.env`.

The observation is the dict of the AEC environment (`observation`, `action_mask`); `info` holds
the learner's raw view (`info["view"]`) and its mask (`info["action_mask"]`);
`action_masks()` returns the mask too. With `views="lazy"`, `info` holds no view (faster: the
observation of games with a fast path is then computed without building any JSON view).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np

from sweettooth.agents import seat_rngs

from .aec import SweettoothAEC, agent_name
from .opponents import Opponent, Seat, check_opponent

GYM_IDS = {
    "lechocolat": "sweettooth/LeChocolat-v0",
    "bonbons": "sweettooth/Bonbons-v0",
    "sweetnose": "sweettooth/SweetNose-v0",
    "sweetshop": "sweettooth/SweetShop-v0",
    "bittersweet": "sweettooth/BitterSweet-v0",
}


def register_envs() -> None:
    """Register the five environment ids with Gymnasium (once)."""
    for game_id, env_id in GYM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="sweettooth.rl.gym:SweettoothGym",
                kwargs={"game_id": game_id},
                disable_env_checker=True,
            )


class SweettoothGym(gymnasium.Env[dict[str, Any], np.int64]):
    """One learner seat; the other seats are played by sweettooth agents (see the module
    docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012 (as Gymnasium)

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        opponent: Opponent | Sequence[Opponent] = "medium",
        seat: int = 0,
        render_mode: str | None = None,
        views: str = "info",
        **options: Any,
    ) -> None:
        # The opponents' views are built only for those who look; the learner's goes in `info`
        # unless views="lazy".
        self.aec = SweettoothAEC(
            game_id, players, render_mode=render_mode or "ansi", views="lazy", **options
        )
        if views not in ("info", "lazy"):
            raise ValueError(f"views must be 'info' or 'lazy', got {views!r}")
        self.info_views = views == "info"
        self.render_mode = render_mode
        self.players = self.aec.players
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0..{self.players - 1}, got {seat}")
        self.seat = seat
        self.agent = agent_name(seat)
        others = [s for s in range(self.players) if s != seat]
        one = isinstance(opponent, str) or not isinstance(opponent, Sequence)
        names: list[Opponent] = (
            [opponent] * len(others) if one else list(opponent)  # type: ignore[list-item,arg-type]
        )
        if len(names) != len(others):
            raise ValueError(
                f"opponent: give one opponent or {len(others)} (one per other seat), "
                f"got {len(names)}"
            )
        for spec in names:
            check_opponent(spec)  # a bad name or type fails here, not at the first move
        self.opponent_names: dict[int, Opponent] = dict(zip(others, names, strict=True))
        self._opponents: dict[int, Seat] = {}
        self._rngs: list[random.Random] = []
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)

    @property
    def state(self) -> Any:
        """The engine state (for debugging and tests only)."""
        return self.aec.state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**48))
        self.aec.reset(seed=seed)
        # Fresh agents each episode, each with its own generator from the episode's seed.
        self._rngs = seat_rngs(seed, self.players)
        self._opponents = {s: Seat(n, self._rngs[s]) for s, n in self.opponent_names.items()}
        reward = self._play_others()
        del reward  # nothing is paid before the learner's first move
        obs, _, _, _, info = self._last()
        return obs, info

    def _play_others(self) -> float:
        """Let the other seats move until it is the learner's turn or the game is over;
        returns what the learner was paid meanwhile."""
        aec = self.aec
        paid = 0.0
        while not (aec.terminations[self.agent] or aec.truncations[self.agent]):
            mover = aec.agent_selection
            if mover == self.agent:
                break
            seat = aec.seat_of(mover)
            aec.step(self._opponents[seat].act(aec, seat))
            paid += aec.rewards[self.agent]
        return paid

    def _last(self) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        aec = self.aec
        obs = aec.observe(self.agent)
        info = dict(aec.infos[self.agent])
        if self.info_views and "view" not in info:
            over = aec.terminations[self.agent] or aec.truncations[self.agent]
            info["view"] = aec.state.view(self.seat) if over else aec.current_view()
        info["action_mask"] = obs["action_mask"]
        return (obs, 0.0, aec.terminations[self.agent], aec.truncations[self.agent], info)

    def step(
        self, action: np.int64 | int
    ) -> tuple[dict[str, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        aec = self.aec
        if aec.terminations[self.agent] or aec.truncations[self.agent]:
            raise RuntimeError("the episode is over: call reset()")
        aec.step(int(action))
        reward = aec.rewards[self.agent] + self._play_others()
        obs, _, terminated, truncated, info = self._last()
        return obs, reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The learner's action mask (int8)."""
        mask: np.ndarray[Any, np.dtype[np.int8]] = self.aec.observe(self.agent)["action_mask"]
        return mask

    def render(self) -> str | None:
        """The text drawing of the game (spectator's view): returned with render_mode="ansi",
        printed with "human" (None returned), None without a render_mode."""
        if self.render_mode is None:
            return None
        return self.aec.render()
