"""What may sit in the other seats of a Gymnasium environment (`opponent=`), and self-play.

An opponent is one of

- an agent name, as `sweettooth.agents.make_agent` reads it ("random", "medium", "hard", ...):
  a fresh agent each episode;
- a sweettooth `Agent` (an object with `choose(game, view, legal, rng)`), used as it is;
- a `MaskedPolicy(fn)`: `fn(observation, action_mask) -> action id`, over that seat's own
  observation and mask (a trained network, e.g. a frozen copy of the learner);
- any other callable `view -> action`: given the seat's view, it returns an engine action, its
  notation, or an action id.

`FrozenPool` plays frozen copies of the learner (self-play): `snapshot()` adds one (made by the
`freeze` function it was given), and each episode an opponent seat plays one of the pool,
drawn at random; until the first snapshot it plays `first` (default "random"). `SelfPlay` is
the Gymnasium wrapper that takes a snapshot every `every` episodes by itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Union

import gymnasium
import numpy as np
import numpy.typing as npt

from sweettooth.agents import Agent, make_agent
from sweettooth.core import JSON

if TYPE_CHECKING:
    from .aec import SweettoothAEC


@dataclass(frozen=True)
class MaskedPolicy:
    """A policy over a seat's observation and action mask: `fn(observation, mask) -> id`."""

    fn: Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], Any]

    def act(self, aec: SweettoothAEC, seat: int, rng: random.Random) -> int:
        obs = aec.observe(aec.agent_selection)
        return int(self.fn(obs["observation"], obs["action_mask"]))


class FrozenPool:
    """Frozen copies of the learner as opponents (see the module docstring)."""

    def __init__(self, freeze: Callable[[], MaskedPolicy], size: int = 5,
                 first: str = "random") -> None:
        if size < 1:
            raise ValueError(f"size must be at least 1, got {size}")
        self.freeze = freeze
        self.size = size
        self.first = first
        self.pool: list[MaskedPolicy] = []

    def snapshot(self) -> None:
        """Freeze the learner as it is now and add it (the oldest goes beyond `size`)."""
        frozen = self.freeze()
        if not isinstance(frozen, MaskedPolicy):
            raise TypeError(f"freeze() must return a MaskedPolicy, got {type(frozen).__name__}")
        self.pool.append(frozen)
        del self.pool[:-self.size]

    def draw(self, rng: random.Random) -> Opponent:
        return rng.choice(self.pool) if self.pool else self.first


Opponent = Union[str, Agent, MaskedPolicy, FrozenPool, Callable[[JSON], Any]]  # noqa: UP007


class Seat:
    """One opponent seat's player for the current episode."""

    def __init__(self, spec: Opponent, rng: random.Random) -> None:
        if isinstance(spec, FrozenPool):
            spec = spec.draw(rng)
        self.player: Any = make_agent(spec) if isinstance(spec, str) else spec
        self.rng = rng

    def act(self, aec: SweettoothAEC, seat: int) -> int:
        player = self.player
        if isinstance(player, MaskedPolicy):
            return player.act(aec, seat, self.rng)
        if hasattr(player, "choose"):
            # An agent that never looks (the random bot) is handed no view, as in play_out.
            view = aec.current_view() if getattr(player, "needs_view", True) else {}
            return aec.spec.action_id(
                player.choose(aec.state.game, view, aec.legal_actions(), self.rng))
        chosen = player(aec.current_view())
        if isinstance(chosen, (int, np.integer)) and not isinstance(chosen, bool):
            return int(chosen)
        return aec.spec.action_id(chosen)


def check_opponent(spec: Any) -> None:
    """Fail now, naming what is wrong, rather than at the first opponent move."""
    if isinstance(spec, str):
        make_agent(spec)  # names the valid agents if `spec` is none
    elif not (isinstance(spec, (MaskedPolicy, FrozenPool)) or hasattr(spec, "choose")
              or callable(spec)):
        raise TypeError(
            "an opponent is an agent name, an Agent, a MaskedPolicy, a FrozenPool or a "
            f"callable view -> action; got {type(spec).__name__}")


class SelfPlay(gymnasium.Wrapper[Any, Any, Any, Any]):
    """A Gymnasium environment whose opponents are frozen copies of the learner: made as
    `SelfPlay(gymnasium.make(id, opponent=pool), pool, every=100)`; every `every` episodes
    (at reset) it takes a snapshot of the learner into `pool`."""

    def __init__(self, env: gymnasium.Env[Any, Any], pool: FrozenPool, every: int = 100) -> None:
        super().__init__(env)
        if every < 1:
            raise ValueError(f"every must be at least 1, got {every}")
        self.pool = pool
        self.every = every
        self.episodes = 0

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        if self.episodes and self.episodes % self.every == 0:
            self.pool.snapshot()
        self.episodes += 1
        return self.env.reset(**kwargs)


def freeze_maskable(model: Any) -> MaskedPolicy:
    """A frozen copy of an sb3-contrib `MaskablePPO` (or any model whose `policy.predict`
    takes `action_masks`) trained on this environment's `observation` array (the Dict
    observation cut to its `observation` part, as `sweettooth.rl.wrappers.ObservationOnly`
    does). Tested in tests/rl/test_freeze_maskable.py (skipped without sb3-contrib)."""
    import copy

    policy = copy.deepcopy(model.policy)
    policy.set_training_mode(False)

    def act(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        action, _ = policy.predict(obs, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    return MaskedPolicy(act)
