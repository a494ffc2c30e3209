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


def test_bittersweet_determinizations_follow_the_beliefs_and_the_view_only() -> None:
    """BitterSweet: the search's beliefs about the opponent's YUM!/YUCK! are the same from a
    re-dealt state with the same view (view-only), its determinizations still fit the view,
    and they hold the cards the beliefs favour more often than uniform deals do."""
    from sweettooth.games.bittersweet import beliefs as bs_beliefs
    from sweettooth.games.bittersweet.state import BitterSweetState

    game = st.game("bittersweet")
    medium = difficulty("bittersweet", "medium")
    for seed in range(20):  # a position where the beliefs have read something
        state = game.new(2, seed)
        rng = random.Random(seed)
        for _ in range(30):
            state.apply(medium.choose(game, state.view(state.to_move), state.legal_actions(),
                                      rng))
        mover = state.to_move
        assert mover is not None and isinstance(state, BitterSweetState)
        seat: int = mover
        view = state.view(seat)
        q = 1 - seat
        read = bs_beliefs.beliefs(view)
        weights, cands = read.weights[q], read.candidates[q]
        if weights and cands and max(weights) > 5 / len(cands):
            break
    redealt = game.sample(view, seat, 5)
    assert isinstance(redealt, BitterSweetState) and isinstance(state, BitterSweetState)
    assert redealt.view(seat) == view
    assert (redealt.yum[q], redealt.yuck[q]) != (state.yum[q], state.yuck[q])
    agent = ISMCTSAgent(iterations=10)
    here = Search(agent, game, view, random.Random(7)).belief
    there = Search(agent, game, redealt.view(seat), random.Random(7)).belief
    assert isinstance(here, bs_beliefs.PreferenceBeliefs)
    assert isinstance(there, bs_beliefs.PreferenceBeliefs)
    assert here.weights == there.weights and here.weights[q] is not None
    weights, cands = here.weights[q], here.candidates[q]
    assert weights is not None and cands is not None
    favourite = cands[max(range(len(cands)), key=weights.__getitem__)]
    hits = {}
    for believe in (True, False):
        search = Search(ISMCTSAgent(iterations=10, beliefs=believe), game, view,
                        random.Random(3))
        hits[believe] = 0
        for _ in range(100):
            dealt = search.determinize()
            assert isinstance(dealt, BitterSweetState) and dealt.view(seat) == view
            hits[believe] += (tuple(dealt.yum[q]), tuple(dealt.yuck[q])) == favourite
    belief, uniform = weights[cands.index(favourite)], 1 / len(cands)
    assert belief > 2 * uniform, (belief, uniform)
    assert hits[True] >= 100 * belief / 2 and hits[True] > 2 * hits[False], (hits, belief)
