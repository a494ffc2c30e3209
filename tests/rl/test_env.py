"""The AEC and Gymnasium environments' contract: seeding, rewards, illegal ids, truncation,
rendering, the engine state, and the re-deal (leak) test on observations."""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import pytest

import sweettooth as st
import sweettooth.rl as rl
from sweettooth.core import Result
from sweettooth.rl import IllegalMoveError
from sweettooth.rl.gym import GYM_IDS

GAMES = st.games()


def play_episode(env: rl.SweettoothAEC, seed: int) -> list[Any]:
    """Random masked play of one episode (choices seeded by `seed`); every observation,
    mask and reward in order."""
    rng = random.Random(seed)
    trace: list[Any] = []
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        trace += [agent, obs["observation"].tolist(), obs["action_mask"].tolist(), reward]
        if term or trunc:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return trace


@pytest.mark.parametrize("game_id", GAMES)
def test_reset_with_a_seed_reproduces_the_episode(game_id: str) -> None:
    env = rl.env(game_id, max_steps=150)
    env.reset(seed=3)
    first = play_episode(env, 9)
    record = env.state.record()
    env.reset(seed=3)
    assert play_episode(env, 9) == first
    assert env.state.record() == record
    env.reset(seed=4)  # another seed deals another game
    assert play_episode(env, 9) != first


def test_the_seed_is_the_games_seed_and_unseeded_resets_follow_it() -> None:
    env = rl.env("lechocolat")
    env.reset(seed=21)
    assert env.state.view(0) == st.game("lechocolat").new(2, seed=21).view(0)
    env.reset()
    after = env.state.record()
    env.reset(seed=21)
    env.reset()
    assert env.state.record() == after


@pytest.mark.parametrize("env_id", sorted(GYM_IDS.values()))
def test_gym_reset_with_a_seed_reproduces_the_episode(env_id: str) -> None:
    def run() -> list[Any]:
        env = gymnasium.make(env_id, opponent="heuristic:epsilon=0.5", max_steps=120)
        obs, info = env.reset(seed=8)
        rng = random.Random(1)
        out: list[Any] = []
        done = False
        while not done:
            action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
            obs, reward, term, trunc, info = env.step(action)
            out += [obs["observation"].tolist(), reward, info["view"]["ply"]]
            done = term or trunc
        return out

    assert run() == run()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seats_observation_survives_a_redeal_of_what_it_cannot_see(game_id: str) -> None:
    """The leak test: `game.sample(view, seat, k)` re-deals everything `seat` cannot see; the
    twin's view for that seat equals the original's, so the observation must too."""
    game = st.game(game_id)
    players = game.max_players
    env = rl.env(game_id, players)
    twin_env = rl.env(game_id, players)
    rng = random.Random(4)
    state = game.new(players, seed=12)
    checked = 0
    for ply in range(60):
        if state.to_move is None:
            break
        if ply % 6 == 0:
            env.set_state(state.copy())
            for seat in range(players):
                agent = f"player_{seat}"
                mine = env.observe(agent)
                for k in range(3):
                    twin = game.sample(state.view(seat), seat, 100 * ply + k)
                    twin_env.set_state(twin)
                    theirs = twin_env.observe(agent)
                    assert np.array_equal(mine["observation"], theirs["observation"])
                    assert np.array_equal(mine["action_mask"], theirs["action_mask"])
                    checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked >= 3 * players


def test_with_illegal_raise_an_id_outside_the_mask_raises_a_clear_error() -> None:
    env = rl.env("sweetshop", illegal="raise")
    env.reset(seed=1)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.state.record()
    with pytest.raises(IllegalMoveError, match=r"not legal for player_0 now.*legal ids: "):
        env.step(illegal)
    assert env.state.record() == before
    last = len(env.actions) - 1
    with pytest.raises(IllegalMoveError, match=rf"action id {last + 1} is outside the action "
                                               rf"space 0\.\.{last}$"):
        env.step(last + 1)
    with pytest.raises(IllegalMoveError, match=rf"'two' is not an action id: ids are integers "
                                               rf"0\.\.{last} \(got str\)"):
        env.step("two")  # type: ignore[arg-type]
    assert env.state.record() == before


def test_by_default_an_illegal_id_ends_the_episode_with_a_penalty() -> None:
    env = rl.env("lechocolat")
    env.reset(seed=1)
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards == {"player_0": -1.0, "player_1": 0.0}
    env = rl.env("lechocolat", illegal_penalty=-2.0)
    env.reset(seed=1)
    env.step(len(env.actions))  # outside the action space: the same
    assert env.rewards == {"player_0": -2.0, "player_1": 0.0}


def finish(env: rl.SweettoothAEC, seed: int) -> dict[str, float]:
    """Play to the end at random; the total reward of each agent."""
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rng = random.Random(seed)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


def test_rewards_are_the_win_share_at_the_end() -> None:
    for seed in range(6):
        env = rl.env("sweetnose", 3)
        env.reset(seed=seed)
        totals = finish(env, seed)
        result = env.state.result()
        assert result is not None
        share = 1 / len(result.winners)
        assert totals == {f"player_{s}": share if s in result.winners else 0.0
                          for s in range(3)}


def test_score_rewards_and_shaping() -> None:
    env = rl.env("lechocolat", reward="score")
    env.reset(seed=2)
    totals = finish(env, 0)
    result = env.state.result()
    assert result is not None
    assert list(totals.values()) == result.scores
    shaped = rl.env("lechocolat", score_weight=0.01)
    shaped.reset(seed=2)
    totals = finish(shaped, 0)
    assert totals["player_0"] == pytest.approx((0 in result.winners) / len(result.winners)
                                               + 0.01 * result.scores[0])
    solo = rl.env("sweetshop")  # a solo game pays its score by default (the seat always wins)
    solo.reset(seed=5)
    total = finish(solo, 1)["player_0"]
    assert total == solo.state.result().scores[0]  # type: ignore[union-attr]


def test_truncation_at_the_declared_max_length() -> None:
    env = rl.env("bonbons", 2, max_steps=7)
    env.reset(seed=0)
    finish(env, 0)
    assert len(env.state.history) == 7 and not env.state.is_over()
    assert env.max_length == 7
    assert rl.env("sweetnose", 4).max_length == st.game("sweetnose").max_length(
        4, st.game("sweetnose").options
    )


def test_views_in_infos_render_and_state() -> None:
    env = rl.env("sweetnose", 3)
    env.reset(seed=6)
    agent = env.agent_selection
    seat = int(agent.split("_")[1])
    assert env.infos[agent]["view"] == env.state.view(seat)
    assert np.array_equal(env.observe(agent)["observation"],
                          rl.encode("sweetnose", env.state.view(seat)))
    assert env.render() == st.game("sweetnose").render(env.state.view(None))
    other = next(a for a in env.agents if a != agent)
    assert env.observe(other)["action_mask"].sum() == 0


def test_tied_winners_share_the_win() -> None:
    tie = Result(scores=[30.0, 30.0, 12.0], winners=[0, 1])
    assert rl.RewardRule().pay(tie, 3) == [0.5, 0.5, 0.0]
    assert rl.RewardRule(score_weight=0.1).pay(tie, 3) == pytest.approx([3.5, 3.5, 1.2])
    assert rl.RewardRule(reward="score").pay(tie, 3) == [30.0, 30.0, 12.0]
    with pytest.raises(ValueError, match="reward must be"):
        rl.RewardRule(reward="points")


def test_gym_learner_seat_and_opponents() -> None:
    """With seat=1 the other seat moves first, by the named agent; one name per other seat."""
    env = gymnasium.make("sweettooth/BitterSweet-v0", players=3, seat=1,
                         opponent=["random", "heuristic"])
    obs, info = env.reset(seed=4)
    view = info["view"]
    assert view["seat"] == 1 and view["to_move"] == 1 and view["ply"] >= 1
    inner = env.unwrapped
    assert isinstance(inner, rl.SweettoothGym)
    assert np.array_equal(inner.action_masks(), obs["action_mask"])
    assert np.array_equal(obs["observation"], rl.encode("bittersweet", view))
    with pytest.raises(ValueError, match="one opponent or 2"):
        gymnasium.make("sweettooth/BitterSweet-v0", players=3, opponent=["random"])
    with pytest.raises(ValueError, match="unknown agent"):
        gymnasium.make("sweettooth/SweetNose-v0", opponent="grandmaster")


def test_gym_info_holds_the_learners_view_at_every_step() -> None:
    env = gymnasium.make("sweettooth/SweetNose-v0", opponent="random")
    inner = env.unwrapped
    assert isinstance(inner, rl.SweettoothGym)
    obs, info = env.reset(seed=2)
    rng = random.Random(0)
    for _ in range(30):
        assert info["view"] == inner.state.view(0)
        assert np.array_equal(obs["observation"], rl.encode("sweetnose", info["view"]))
        legal = {str(a) for a in inner.state.legal_actions()}
        assert {inner.aec.actions[i] for i in np.flatnonzero(obs["action_mask"])} == legal
        obs, _, term, trunc, info = env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
        if term or trunc:
            break


def test_the_gym_pays_the_learner_what_the_result_pays_whoever_moves_last() -> None:
    """Summed over an episode, the learner's rewards are its win share, also when the
    opponent's move ends the game (paid in the learner's last step)."""
    ended_by = set()
    for seed in range(12):
        env = gymnasium.make("sweettooth/LeChocolat-v0", opponent="random", seat=seed % 2)
        inner: Any = env.unwrapped
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        total, done = 0.0, False
        while not done:
            obs, reward, terminated, truncated, _ = env.step(
                int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            total += float(reward)
            done = terminated or truncated
        result = inner.state.result()
        last = [e for e in inner.state.view(None)["log"] if "seat" in e][-1]["seat"]
        ended_by.add(last == inner.seat)
        winners = result.winners
        share = 1 / len(winners) if inner.seat in winners else 0.0
        assert total == pytest.approx(share), f"seed {seed}"
        with pytest.raises(RuntimeError, match="the episode is over: call reset"):
            env.step(0)
    assert ended_by == {True, False}  # games ended by either side's move


def test_the_gym_refuses_a_seat_the_game_does_not_have() -> None:
    gymnasium.make("sweettooth/LeChocolat-v0", seat=1)
    with pytest.raises(ValueError, match=r"seat must be 0\.\.1, got 2"):
        gymnasium.make("sweettooth/LeChocolat-v0", seat=2)
    with pytest.raises(ValueError, match=r"seat must be 0\.\.3, got -1"):
        gymnasium.make("sweettooth/Bonbons-v0", players=4, seat=-1)
