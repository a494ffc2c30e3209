"""Masks equal the legal actions, and every id maps back to its notation, over random play."""

from __future__ import annotations

import random

import numpy as np
import pytest

import sweettooth as st
import sweettooth.rl as rl

GAMES = st.games()


def random_steps(game_id: str, players: int, steps: int, seed: int, **options: object) -> int:
    """Random masked play for `steps` steps over as many episodes as it takes, checking at each
    step that the observation is the seat's view encoded (from `last()` as from `observe()`),
    that the mask's ids are exactly the legal actions' ids (and the mask is the caller's to
    change), that each id's notation is the action's, and that stepping an id plays that action;
    returns the number of episodes."""
    env = rl.env(game_id, players, **options)
    rng = random.Random(seed)
    env.reset(seed=seed)
    episodes = 1
    for _ in range(steps):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.reset(seed=rng.randrange(2**31))
            episodes += 1
            obs, *_ = env.last()
        mask = obs["action_mask"]
        assert mask.dtype == np.int8
        # `last()` is the seat's own view, encoded: the same as `observe()` and `encode`.
        again = env.observe(env.agent_selection)
        assert np.array_equal(obs["observation"], again["observation"])
        assert np.array_equal(mask, again["action_mask"])
        assert np.array_equal(obs["observation"], env.spec.encode(env.current_view()))
        legal = env.state.legal_actions()
        ids = np.flatnonzero(mask)
        assert sorted(env.spec.index[str(a)] for a in legal) == ids.tolist()
        assert {env.actions[i] for i in ids} == {str(a) for a in legal}
        chosen = int(rng.choice(ids))
        mask[:] = 0  # the caller's copy: the env still takes its legal ids
        env.step(chosen)
        assert str(env.state.history[-1]) == env.actions[chosen]  # the id's action was played
    return episodes


@pytest.mark.parametrize("game_id", GAMES)
def test_masks_are_the_legal_actions(game_id: str) -> None:
    """10,000 random steps per game at its smallest player count (every count: the slow test
    below, `python3 dev.py slow`)."""
    players = st.game(game_id).min_players
    assert random_steps(game_id, players, 10_000, seed=11) >= 1


@pytest.mark.parametrize(
    ("game_id", "variant"),
    [(g, i) for g in GAMES for i in range(1, len(st.game(g).variants()))],
)
def test_masks_in_every_variant(game_id: str, variant: int) -> None:
    """CI size: 300 steps of each non-default variant at the largest player count."""
    game = st.game(game_id)
    random_steps(game_id, game.max_players, 300, seed=7, **game.variants()[variant])


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game_id", "players"), [(g, n) for g in GAMES for n in st.game(g).player_counts()]
)
def test_masks_over_10000_steps(game_id: str, players: int) -> None:
    """The full check: 10,000 random steps per game and every player count (about 5 s each)."""
    random_steps(game_id, players, 10_000, seed=5)
