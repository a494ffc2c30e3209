"""The standard checkers: PettingZoo's api_test for every game and player count, Gymnasium's
check_env with default arguments for every registered id, and render_test."""

from __future__ import annotations

import warnings

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test  # type: ignore[import-untyped]

import sweettooth as st
import sweettooth.rl as rl
from sweettooth.rl.gym import GYM_IDS

CASES = [(g, n) for g in st.games() for n in st.game(g).player_counts()]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_pettingzoo_api(game_id: str, players: int) -> None:
    env = rl.env(game_id, players)
    api_test(env, num_cycles=300)


@pytest.mark.parametrize("env_id", sorted(GYM_IDS.values()))
def test_gymnasium_check_env_with_default_arguments(env_id: str) -> None:
    # The checker plays `action_space.sample()`, mostly illegal ids: by default such an id ends
    # the episode with a penalty, as in PettingZoo's classic games ("raise" would stop it).
    env = gymnasium.make(env_id)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning from the checker is a failure here
        check_env(env.unwrapped)
    rendered = gymnasium.make(env_id, opponent="random", render_mode="ansi")
    check_env(rendered.unwrapped, skip_render_check=False)


@pytest.mark.parametrize("game_id", ["lechocolat", "sweetshop"])
def test_pettingzoo_render_test(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode=None: rl.env(game_id, render_mode=render_mode))
    assert "\n" in capsys.readouterr().out  # "human" printed the drawing


def test_every_id_is_registered() -> None:
    assert set(GYM_IDS) == set(st.games())
    for env_id in GYM_IDS.values():
        assert env_id in gymnasium.registry


def test_pettingzoo_wrappers_apply() -> None:
    """docs/rl.md says PettingZoo's own wrappers work on these environments: the order
    enforcer, and TerminateIllegalWrapper (it reads `observation["action_mask"]`)."""
    from pettingzoo.utils.wrappers import (  # type: ignore[import-untyped]
        OrderEnforcingWrapper,
        TerminateIllegalWrapper,
    )

    env = OrderEnforcingWrapper(TerminateIllegalWrapper(rl.env("lechocolat"), illegal_reward=-1))
    env.reset(seed=0)
    obs, *_ = env.last()
    env.step(int((obs["action_mask"] == 0).nonzero()[0][0]))
    assert all(env.terminations.values())
    assert env.rewards[env.possible_agents[0]] == -1
