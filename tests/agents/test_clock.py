"""A search's time cap counts wall time by default, or with `clock=cpu` only the CPU time the
search itself used: a measurement on a busy machine then searches as much as on an idle core."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import sweettooth as st
from sweettooth.agents import ISMCTSAgent, LevelAgent, difficulty, make_agent
from sweettooth.agents.ismcts import Search
from sweettooth.core import State


def _iterations_while_waiting(clock: str) -> int:
    """Iterations done in 50 ms of budget when every rollout step also waits 1 ms off the CPU
    (as it would while other processes hold the cores)."""
    game = st.game("lechocolat")
    state = game.new(2, 5)
    state.apply(state.legal_actions()[0])
    seat = state.to_move
    assert seat is not None
    agent = ISMCTSAgent(iterations=10, seconds=0.05, clock=clock)
    search = Search(agent, game, state.view(seat), random.Random(1))
    policy = search.policy

    def waiting(s: State) -> Any:
        time.sleep(0.001)
        return policy(s)

    search.policy = waiting
    search.run()
    return search.iterations


def test_cpu_clock_does_not_count_time_off_the_cpu() -> None:
    assert _iterations_while_waiting("cpu") == 10  # its whole iteration budget
    assert _iterations_while_waiting("wall") < 10  # the waiting used its 50 ms up


def test_hard_levels_take_a_clock() -> None:
    agent = make_agent("hard:clock=cpu")
    assert isinstance(agent, LevelAgent) and agent.name == "hard:clock=cpu"
    game = st.game("lechocolat")
    state = game.new(2, 3)
    agent.choose(game, state.view(0), state.legal_actions(), random.Random(0))
    played = agent._agents["lechocolat"]
    assert isinstance(played, ISMCTSAgent) and played.clock == "cpu"
    inner = difficulty("bonbons", "hard-2025", clock="cpu")
    assert isinstance(inner, ISMCTSAgent) and inner.clock == "cpu" and inner.seconds == 1.8
    assert isinstance(difficulty("bonbons", "hard"), ISMCTSAgent)
    assert difficulty("bonbons", "hard").clock == "wall"  # type: ignore[attr-defined]


@pytest.mark.parametrize(("name", "message"), [
    ("hard:clock=sun", "clock must be one of wall, cpu"),
    ("medium:clock=cpu", "has no setting"),
    ("ismcts:iterations=5,clock=", "clock must be one of"),
])
def test_bad_clocks_are_refused_by_name(name: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_agent(name)


@pytest.mark.parametrize(("game_id", "iterations"), [
    ("lechocolat", 4000), ("bonbons", 300), ("sweetnose", 150), ("sweetshop", 250),
    ("bittersweet", 150),
])
def test_hard_2025_keeps_its_former_settings(game_id: str, iterations: int) -> None:
    """The agent the hard level is measured against stays what it was (its budget, its 1.8 s
    cap, every legal move searched), whatever the hard level's own settings become."""
    legacy = difficulty(game_id, "hard-2025")
    assert isinstance(legacy, ISMCTSAgent)
    assert (legacy.iterations, legacy.seconds, legacy.sensible) == (iterations, 1.8, False)
    assert legacy.name == "hard-2025"
