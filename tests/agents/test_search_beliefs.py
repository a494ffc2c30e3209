"""The search deals the others' hidden markers from the beliefs (`ISMCTSAgent(beliefs=True)`):
its determinizations hold the markers the beliefs favour, the uniform deal does not."""

from __future__ import annotations

import random

import sweettooth as st
from sweettooth.agents import ISMCTSAgent, difficulty
from sweettooth.agents.ismcts import Search
from sweettooth.core import State
from sweettooth.games.sweetnose import beliefs
from sweettooth.games.sweetnose.state import SweetNoseState

GAME = st.game("sweetnose")


def read_position() -> tuple[State, int, tuple[int, ...], float]:
    """A position of a seeded game where the seat to move believes an opponent's true markers
    with probability 0.1 or more: (state, opponent, true markers, belief)."""
    medium = difficulty("sweetnose", "medium")
    for seed in range(40):
        state: State = GAME.new(3, seed)
        rng = random.Random(seed)
        while state.to_move is not None:
            view = state.view(state.to_move)
            if view["phase"] == "exchange" and len(view["moves"]) > 12:
                assert isinstance(state, SweetNoseState)
                seen = beliefs.beliefs(view)
                for q, weights in enumerate(seen.weights):
                    truth = tuple(state.table.markers[q])
                    if weights is not None and weights[beliefs.ORDERS.index(truth)] >= 0.1:
                        return state, q, truth, weights[beliefs.ORDERS.index(truth)]
            legal = state.legal_actions()
            state.apply(medium.choose(GAME, view, legal, rng))
    raise AssertionError("no such position in 40 games")


def dealt_truth(state: State, q: int, truth: tuple[int, ...], believe: bool) -> int:
    seat = state.to_move
    assert seat is not None
    agent = ISMCTSAgent(iterations=10, beliefs=believe)
    search = Search(agent, GAME, state.view(seat), random.Random(7))
    hits = 0
    for _ in range(200):
        dealt = search.determinize()
        assert isinstance(dealt, SweetNoseState)
        assert dealt.view(seat) == state.view(seat)  # still a world the view allows
        hits += tuple(dealt.table.markers[q]) == truth
    return hits


def test_determinizations_follow_the_beliefs() -> None:
    state, q, truth, belief = read_position()
    with_beliefs = dealt_truth(state, q, truth, True)
    uniform = dealt_truth(state, q, truth, False)
    assert with_beliefs >= 200 * belief / 2 and uniform <= 10, (with_beliefs, uniform, belief)
