"""Sweet Shop's determinization deals what the player cannot see uniformly (SS-1, SS-3): late in
a game, with few cards left unseen, every order of the deck and of each figure queue (and, for a
figure rank not yet delivered, every choice of which unseen figure is in the deck) comes out,
equally often."""

from __future__ import annotations

import math
import random
from collections.abc import Hashable

import pytest

import sweettooth as st
from sweettooth.core import State
from sweettooth.core.conformance import check_components, sample_counts, uniformity_pvalue
from sweettooth.games.sweetshop.state import SweetShopState

GAME = st.game("sweetshop")


def worlds(state: SweetShopState) -> int:
    """How many hidden worlds fit the view: deck orders x queue orders x, per rank not yet
    delivered, which of its unseen figures is the one in the deck."""
    count = math.factorial(len(state.deck))
    for rank, queue in enumerate(state.piles):
        count *= math.factorial(len(queue)) * (1 if state.revealed[rank] else len(queue) + 1)
    return count


def small_position(seed: int) -> SweetShopState:
    state = GAME.new(1, seed)
    rng = random.Random(seed)
    while state.to_move is not None:
        assert isinstance(state, SweetShopState)
        if 3 <= worlds(state) <= 40:
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"seed {seed}: no small position")


def hidden(s: State) -> Hashable:
    assert isinstance(s, SweetShopState)
    return (tuple(s.deck), tuple(tuple(q) for q in s.piles))


@pytest.mark.parametrize("seed", range(4))
def test_unseen_cards_are_dealt_uniformly(seed: int) -> None:
    state = small_position(seed)
    view = state.view(0)
    expected = worlds(state)
    counts = sample_counts(GAME, view, 0, hidden, 25 * expected, seed=seed * 10_000)
    assert hidden(state) in counts, "the real world was never dealt"
    assert len(counts) == expected, f"{len(counts)} of the {expected} worlds were ever dealt"
    p = uniformity_pvalue(counts, dict.fromkeys(counts, 1.0))
    assert p > 1e-4, f"not uniform over the {expected} worlds (chi-square p = {p:.2g})"
    check_components(state, GAME.sample(view, 0, 0), "sweetshop small position")
