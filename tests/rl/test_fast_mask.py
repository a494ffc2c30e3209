"""The environments' fast mask path equals the ids of the engine's legal actions.

`GameSpec.legal_mask(state)` makes the mover's mask straight from the state, without listing
the legal actions; `action_of(state, id)` gives the action an id plays. What makes them safe is
that the mask is exactly the legal actions' ids wherever it is not None, and that each legal
id's action is the legal action with that notation, at every position of seeded random games in
every player count and variant.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import sweettooth as st
import sweettooth.rl as rl
from sweettooth.rl import IllegalMoveError, spec_for
from sweettooth.rl.encoders import BUILDERS

from .test_fast import configurations

FAST = [g for g in sorted(BUILDERS) if spec_for(g, st.game(g).min_players).legal_mask]


@pytest.mark.parametrize("game_id", FAST)
def test_the_fast_mask_is_the_legal_actions(game_id: str) -> None:
    game = st.game(game_id)
    rng = random.Random(3)
    fast = slow = 0
    for players, options in configurations(game_id):
        spec = spec_for(game_id, players, options)
        assert spec.legal_mask is not None and spec.action_of is not None
        for k in range(3):
            state = game.new(players, seed=k, **options)
            while legal := state.legal_actions():
                bits = spec.legal_mask(state)
                if bits is None:
                    slow += 1
                else:
                    fast += 1
                    assert len(bits) == len(spec.actions)  # (a slice set too short grows it)
                    ids = np.flatnonzero(np.frombuffer(bits, np.int8)).tolist()
                    assert ids == sorted(spec.ids(legal)), (
                        f"{game_id} {players}p {options} seed {k} ply {len(state.history)}")
                    for i in ids:
                        assert str(spec.action_of(state, i)) == spec.actions[i]
                state.apply(rng.choice(legal))
    # The fast path covers most positions (a turn's actions), not just the rare ones (Sweet
    # Nose's turns that may use a store tile take the legal list: about a quarter).
    assert fast > 2 * slow


def test_the_fast_games_include_the_slowest_to_mask() -> None:
    assert {"lechocolat", "bittersweet", "bonbons", "sweetnose"} <= set(FAST)


@pytest.mark.parametrize("game_id", ["sweetshop", *FAST])
def test_ids_outside_the_mask_raise_and_change_nothing(game_id: str) -> None:
    env = rl.env(game_id, views="lazy", illegal="raise")
    env.reset(seed=4)
    obs, *_ = env.last()
    mask = obs["action_mask"]
    before = env.state.record()
    unset = int(np.flatnonzero(mask == 0)[0])
    for bad in (unset, -1, -len(mask), len(mask), None, "one"):
        with pytest.raises(IllegalMoveError):
            env.step(bad)  # type: ignore[arg-type]
        assert env.state.record() == before
    assert np.array_equal(env.last()[0]["action_mask"], mask)
    assert env.legal_ids() == np.flatnonzero(mask).tolist()
    assert env.legal_actions() == env.state.legal_actions()
