"""The agent interface, the random bot, and play_out (bots get views, never states)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

import sweettooth as st
from sweettooth.agents import Agent, RandomAgent, agent_names, make_agent, play_out, seat_rngs
from sweettooth.core import JSON, Action, Game, State

from ..cli.nim import Nim


def test_random_agent_is_an_agent_and_made_by_name() -> None:
    agent = make_agent("random")
    assert isinstance(agent, Agent) and isinstance(agent, RandomAgent)
    assert agent.name == "random" and "random" in agent_names()
    with pytest.raises(ValueError, match=r"unknown agent .genius.; valid agents: random, heur"):
        make_agent("genius")


def test_random_agent_picks_every_legal_action_and_nothing_else() -> None:
    legal = ["a", "b", "c", "d"]
    rng = random.Random(5)
    picks = Counter(RandomAgent().choose(Nim(), {}, legal, rng) for _ in range(4000))
    assert set(picks) == set(legal)
    assert all(800 < n < 1200 for n in picks.values())  # uniform: 1000 each expected


def test_random_agent_depends_only_on_its_rng() -> None:
    legal = list(range(50))
    a = [RandomAgent().choose(Nim(), {}, legal, random.Random(9)) for _ in range(3)]
    random.seed(1)  # the global random module must not matter
    b = [RandomAgent().choose(Nim(), {}, legal, random.Random(9)) for _ in range(3)]
    assert a == b


def test_random_agent_refuses_to_move_without_legal_actions() -> None:
    with pytest.raises(ValueError, match="no legal actions"):
        RandomAgent().choose(Nim(), {}, [], random.Random(0))


class Spy:
    """An agent that records what it was given, then plays like the random bot."""

    name = "spy"

    def __init__(self) -> None:
        self.seen: list[tuple[Any, ...]] = []

    def choose(
        self, game: Game[Any], view: JSON, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        self.seen.append((game, view, list(legal)))
        return RandomAgent().choose(game, view, legal, rng)


@pytest.mark.parametrize("gid", st.games())
def test_play_out_gives_each_bot_its_own_view_only(gid: str) -> None:
    game = st.game(gid)
    players = game.max_players
    spies = [Spy() for _ in range(players)]
    reference = game.new(players, 3)
    state = play_out(game.new(players, 3), spies, seat_rngs(3, players))
    assert state.to_move is None
    # Walk the same game again and check each decision saw exactly view(seat) and legal_actions.
    turns = iter(state.history)
    calls = {seat: iter(spy.seen) for seat, spy in enumerate(spies)}
    for action in turns:
        seat = reference.to_move
        assert seat is not None
        got_game, view, legal = next(calls[seat])
        assert got_game is game and not isinstance(view, State)
        assert view == reference.view(seat) and view["seat"] == seat
        assert legal == reference.legal_actions()
        reference.apply(action)
    assert all(next(c, None) is None for c in calls.values())


class Drawer:
    """Draws `per_turn` numbers from its rng each turn (keeping them), then takes 1 stone."""

    name = "drawer"

    def __init__(self, per_turn: int) -> None:
        self.per_turn = per_turn
        self.draws: list[float] = []

    def choose(
        self, game: Game[Any], view: JSON, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        self.draws += [rng.random() for _ in range(self.per_turn)]
        return legal[0]


def test_seat_rngs_keep_a_seat_independent_of_the_others() -> None:
    """Seat 0 draws the same numbers whether seat 1 draws none or many."""
    nim = Nim()
    runs = []
    for other in (0, 5):
        seat0, seat1 = Drawer(2), Drawer(other)
        play_out(nim.new(2, 7, stones=20), [seat0, seat1], seat_rngs(7, 2))
        runs.append(seat0.draws)
    assert len(runs[0]) == 20 and runs[0] == runs[1]
    assert seat_rngs(7, 2)[0].random() != seat_rngs(7, 2)[1].random()
    assert seat_rngs(7, 2)[0].random() != seat_rngs(8, 2)[0].random()


def test_play_out_skips_views_only_for_agents_that_do_not_look() -> None:
    class BlindSpy(Spy):
        needs_view = False

    nim = Nim()
    blind, looking = BlindSpy(), Spy()
    play_out(nim.new(2, 1), [blind, looking], seat_rngs(1, 2))
    assert blind.seen and all(view == {} for _, view, _ in blind.seen)
    assert looking.seen and all(view["seat"] == 1 for _, view, _ in looking.seen)
    assert RandomAgent.needs_view is False
