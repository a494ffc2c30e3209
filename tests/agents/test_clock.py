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


@pytest.mark.parametrize(("game_id", "iterations"), [
    ("lechocolat", 4000), ("bonbons", 300), ("sweetnose", 250), ("sweetshop", 250),
    ("bittersweet", 150),
])
def test_hard_2026_12_keeps_its_frozen_settings(game_id: str, iterations: int) -> None:
    """`hard-2026-12`: December 2026's hard level (its budget, the 0.9 s cap, the root filter),
    with no beliefs and the heuristics of `frozen.py`, whatever the hard level becomes."""
    frozen = difficulty(game_id, "hard-2026-12", clock="cpu")
    assert isinstance(frozen, ISMCTSAgent)
    assert (frozen.iterations, frozen.seconds, frozen.sensible) == (iterations, 0.9, True)
    assert (frozen.beliefs, frozen.frozen, frozen.clock) == (False, "2026-12", "cpu")
    assert frozen.name == "hard-2026-12"


def test_hard_2026_12_judges_endings_and_filters_as_it_did() -> None:
    """Its Sweet Nose filter still drops an ending won under 116 of 120 marker sets (the
    current one keeps it), and its Sweet Shop search still has every legal move at its root."""
    from sweettooth.agents.frozen import filter_for
    from sweettooth.games.sweetnose import heuristics
    from sweettooth.games.sweetnose.positions import position, sweets

    # P1 ends the game by trading away its last plate sweet, one total ahead of the others:
    # it wins unless an opponent's markers make them 4 SP better than their fewest.
    state = position(
        3, plates=[sweets(red=1), sweets(green=2), sweets(yellow=2)],
        bowls=[sweets(brown=3), sweets(pink=2, brown=1), sweets(red=2, pink=1)],
        market=sweets(green=1, yellow=1, brown=1), markers=[[5, 4, 1, 3, 2]] * 3,
        held=[0, 0, 0], totals=[71, 70, 70], round=3)
    view, legal = state.view(0), state.legal_actions()
    t = heuristics.table_from_view(view)
    chances = {str(a): heuristics.win_chance(view, heuristics._after(t, 0, a)) for a in legal
               if not all(map(any, heuristics._after(t, 0, a).plate))}
    near = [a for a in legal if 0.9 <= chances.get(str(a), 0) < 1]
    assert near, chances
    assert all(a in heuristics.sensible(view, legal) for a in near)
    assert not any(a in filter_for("sweetnose", "2026-12")(view, legal) for a in near)
    shop = st.game("sweetshop").new(1, 1)
    everything = shop.legal_actions()
    assert filter_for("sweetshop", "2026-12")(shop.view(0), everything) == everything
