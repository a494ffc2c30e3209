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

    frozen_at: list[int] = []

    def counted() -> MaskedPolicy:
        frozen_at.append(version["now"])
        return freeze()

    pool = FrozenPool(counted, size=2)
    env = SelfPlay(gymnasium.make(ID, opponent=pool), pool, every=2)
    for episode in range(7):
        version["now"] = episode
        play(env, seed=episode)
    assert frozen_at == [2, 4, 6]  # at the resets of episodes 2, 4 and 6, not at the first
    assert len(pool.pool) == 2  # the oldest dropped
    assert pool.draw(random.Random(0)) in pool.pool
    assert FrozenPool(freeze).draw(random.Random(0)) == "random"


def test_a_callable_may_answer_with_an_action_id() -> None:
    ids: list[int] = []

    def first_id(view: JSON) -> Any:
        legal = [spec.action_id(a) for a in view["legal_actions"]]
        ids.append(min(legal))
        return np.int64(min(legal))  # a numpy integer is an id too

    env = gymnasium.make(ID, opponent=first_id)
    spec = env.unwrapped.aec.spec  # type: ignore[attr-defined]
    play(env, seed=4)
    assert ids and moves_of(env, 1) == [spec.actions[i] for i in ids]


def test_an_agent_object_is_handed_its_seats_view() -> None:
    views: list[JSON] = []

    class Lowest:
        """An agent with `choose` and no `needs_view`: it gets the view."""

        def choose(self, game: Any, view: JSON, legal: list[Any], rng: random.Random) -> Any:
            views.append(view)
            return legal[0]

    env = gymnasium.make(ID, opponent=Lowest())
    play(env, seed=6)
    assert views and all(v.get("seat") == 1 and "legal_actions" in v for v in views)


def test_pool_and_self_play_sizes_are_checked() -> None:
    def freeze() -> MaskedPolicy:
        return MaskedPolicy(lambda obs, mask: int(np.flatnonzero(mask)[0]))

    one = FrozenPool(freeze, size=1)
    one.snapshot()
    one.snapshot()
    assert len(one.pool) == 1
    with pytest.raises(ValueError, match="size must be at least 1, got 0"):
        FrozenPool(freeze, size=0)
    SelfPlay(gymnasium.make(ID, opponent=one), one, every=1)
    with pytest.raises(ValueError, match="every must be at least 1, got 0"):
        SelfPlay(gymnasium.make(ID, opponent=one), one, every=0)
    with pytest.raises(TypeError, match="freeze\\(\\) must return a MaskedPolicy, got int"):
        FrozenPool(lambda: 3).snapshot()  # type: ignore[arg-type,return-value]
