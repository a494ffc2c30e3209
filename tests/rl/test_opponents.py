"""Opponents other than agent names: a callable view -> action, a policy over observation and
mask, and self-play against frozen copies of the learner."""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import pytest

import sweettooth.rl  # noqa: F401  (registers the ids)
from sweettooth.core import JSON
from sweettooth.rl.opponents import FrozenPool, MaskedPolicy, SelfPlay

ID = "sweettooth/LeChocolat-v0"


def moves_of(env: Any, seat: int) -> list[str]:
    return [e["action"] for e in env.unwrapped.state.view(None)["log"] if e.get("seat") == seat]


def play(env: Any, seed: int) -> float:
    obs, _ = env.reset(seed=seed)
    total, done = 0.0, False
    while not done:
        obs, reward, terminated, truncated, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        total += float(reward)
        done = terminated or truncated
    return total


def test_a_callable_of_the_view_plays_the_other_seat() -> None:
    seen: list[JSON] = []

    def last_legal(view: JSON) -> str:
        seen.append(view)
        return str(view["legal_actions"][-1])

    env = gymnasium.make(ID, opponent=last_legal)
    play(env, seed=3)
    assert seen and all(v["seat"] == 1 and v["to_move"] == 1 for v in seen)
    # It played what it returned: the opponent's moves in the record are its choices.
    assert moves_of(env, 1) == [v["legal_actions"][-1] for v in seen]


def test_a_masked_policy_gets_its_own_seats_observation_and_mask() -> None:
    masks: list[np.ndarray[Any, Any]] = []

    def highest(obs: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
        masks.append(mask.copy())
        return int(np.flatnonzero(mask)[-1])

    env = gymnasium.make(ID, opponent=MaskedPolicy(highest))
    play(env, seed=5)
    inner: Any = env.unwrapped
    assert masks and inner.state.result() is not None
    spec = inner.aec.spec
    assert [spec.actions[int(np.flatnonzero(m)[-1])] for m in masks] == moves_of(env, 1)


def test_a_bad_opponent_is_named_when_the_env_is_made() -> None:
    with pytest.raises(TypeError, match="an opponent is an agent name"):
        gymnasium.make(ID, opponent=42)


def test_self_play_snapshots_the_learner_every_n_episodes() -> None:
    version = {"now": 0}

    def freeze() -> MaskedPolicy:
        frozen = version["now"]  # the learner as it is now, fixed from then on

        def act(obs: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
            return int(np.flatnonzero(mask)[frozen % 2 - 1])

        return MaskedPolicy(act)

    pool = FrozenPool(freeze, size=2)
    env = SelfPlay(gymnasium.make(ID, opponent=pool), pool, every=2)
    for episode in range(7):
        version["now"] = episode
        play(env, seed=episode)
    assert len(pool.pool) == 2  # snapshots at episodes 2, 4 and 6; the oldest dropped
    assert pool.draw(random.Random(0)) in pool.pool
    assert FrozenPool(freeze).draw(random.Random(0)) == "random"
