"""The environments' fast observation path equals the encoding of the seat's JSON view.

`GameSpec.observe(state, seat)` skips building the JSON view; what makes it safe is that it
gives exactly `encode(state.view(seat))`, for every seat (the one to move and the others), every
player count and variant, at every position of seeded random games, the end included.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import sweettooth as st
from sweettooth.games.bittersweet import components as bittersweet_components
from sweettooth.rl import spec_for
from sweettooth.rl.encoders import BUILDERS
from sweettooth.rl.spec import TRACKED_STATES

FAST = [g for g in sorted(BUILDERS) if spec_for(g, st.game(g).min_players).observe is not None]


def configurations(game_id: str) -> list[tuple[int, dict[str, object]]]:
    game = st.game(game_id)
    return [(n, dict(v)) for n in game.player_counts() for v in (game.variants() or [{}])]


@pytest.mark.parametrize("game_id", FAST)
def test_the_fast_observation_is_the_views_encoding(game_id: str) -> None:
    game = st.game(game_id)
    rng = random.Random(5)
    checked = 0
    configs = configurations(game_id)
    for players, options in configs:
        spec = spec_for(game_id, players, options)
        assert spec.observe is not None
        for k in range(6 if len(configs) <= 4 else 2):
            state = game.new(players, seed=k, **options)
            while True:
                for seat in range(players):
                    fast = spec.observe(state, seat)
                    assert fast.dtype == np.float32 and fast.shape == (spec.size,)
                    slow = spec.encode(state.view(seat))
                    diff = np.flatnonzero(fast != slow)
                    assert diff.size == 0, (
                        f"{game_id} {players}p {options} seed {k} ply {len(state.history)} "
                        f"seat {seat}: fields differ at {diff[:8].tolist()}"
                    )
                    checked += 1
                legal = state.legal_actions()
                if not legal:
                    break
                state.apply(rng.choice(legal))
    assert checked > 100


def test_the_fast_games_include_the_cheap_engines() -> None:
    assert "lechocolat" in FAST


@pytest.mark.parametrize("game_id", ["bonbons", "sweetshop"])
def test_lazy_views_change_nothing_but_the_infos(game_id: str) -> None:
    """views="lazy": no view in `infos`, the same observations, masks and rewards; the view
    is still there when asked for."""
    import sweettooth.rl as rl

    default, lazy = rl.env(game_id), rl.env(game_id, views="lazy")
    default.reset(seed=3)
    lazy.reset(seed=3)
    rng = random.Random(0)
    for agent in default.agent_iter():
        a, b = default.last(), lazy.last()
        assert lazy.agent_selection == agent
        assert np.array_equal(a[0]["observation"], b[0]["observation"])
        assert np.array_equal(a[0]["action_mask"], b[0]["action_mask"])
        assert a[1:4] == b[1:4]
        assert "view" in a[4] and b[4] == {}
        if a[2] or a[3]:
            default.step(None)
            lazy.step(None)
            continue
        assert lazy.current_view() == a[4]["view"]
        action = rng.choice(default.legal_ids())
        default.step(action)
        lazy.step(action)
    with pytest.raises(ValueError, match="views must be 'info' or 'lazy'"):
        rl.env(game_id, views="never")


def test_gym_views_lazy_leaves_the_view_out_of_info() -> None:
    import gymnasium

    env = gymnasium.make("sweettooth/SweetShop-v0", views="lazy")
    obs, info = env.reset(seed=1)
    assert "view" not in info and info["action_mask"].sum() > 0
    obs, _, _, _, info = env.step(int(obs["action_mask"].argmax()))
    assert "view" not in info
    eager = gymnasium.make("sweettooth/SweetShop-v0")
    _, info = eager.reset(seed=1)
    assert info["view"]["game"] == "sweetshop"


@pytest.mark.parametrize("game_id", FAST)
def test_the_fast_observation_follows_moves_skipped_and_states_interleaved(
    game_id: str,
) -> None:
    """Fast paths that update the previous observation by the moves since: observed after
    several moves at once, on states observed in turn, on a copy taken mid-game, and on more
    states than they keep track of, they still give the view's encoding."""
    game = st.game(game_id)
    rng = random.Random(11)
    configs = configurations(game_id)
    for n, (players, options) in enumerate(configs):
        spec = spec_for(game_id, players, options)
        assert spec.observe is not None
        # More states than the fast paths track (TRACKED_STATES) at least once per game.
        games = TRACKED_STATES + 2 if n == 0 or len(configs) <= 4 else 4
        live = [game.new(players, seed=k, **options) for k in range(games)]
        copies = 3
        while live:
            state = rng.choice(live)
            for _ in range(rng.choice([0, 1, 1, 2, 5])):
                legal = state.legal_actions()
                if legal:
                    state.apply(rng.choice(legal))
            if copies and rng.random() < 0.05:
                live.append(state.copy())
                copies -= 1
            seat = rng.randrange(players)
            fast, slow = spec.observe(state, seat), spec.encode(state.view(seat))
            assert np.array_equal(fast, slow), (
                f"{game_id} {players}p {options} ply {len(state.history)} seat {seat}: "
                f"fields differ at {np.flatnonzero(fast != slow)[:8].tolist()}"
            )
            if state.to_move is None:
                live.remove(state)


def test_bittersweet_maps_chocs_by_id_whatever_their_order_in_the_file(tmp_path: Path) -> None:
    """A state dealt from a Chocs file in another order (a user's file) is observed through the
    default spec: its fast path maps each Choc by id, as the view's encoding does."""
    house = (Path(bittersweet_components.__file__).parent / "data" / "chocs.toml").read_text()
    head, *chocs = house.split("\n[[choc]]\n")
    reordered = tmp_path / "chocs.toml"
    reordered.write_text("\n[[choc]]\n".join([head, *chocs[::-1]]))
    spec = spec_for("bittersweet", 2)
    assert spec.observe is not None
    rng = random.Random(2)
    state = st.game("bittersweet").new(2, seed=3, chocs_file=str(reordered))
    assert state.view(0)["whereabouts"] != st.game("bittersweet").new(2, seed=3).view(0)[
        "whereabouts"]  # (the Chocs are listed in the file's order)
    while state.to_move is not None:
        for seat in range(2):
            assert np.array_equal(spec.observe(state, seat), spec.encode(state.view(seat)))
        state.apply(rng.choice(state.legal_actions()))
