"""Property tests: invariants of random Sweet Shop games from any seed."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sweettooth.games.sweetshop.cards import CARDS
from sweettooth.games.sweetshop.state import GAP, SweetShopState

from .helpers import GAME


def all_cards(s: SweetShopState) -> list[int]:
    shelf = [c for c in s.shelf if c != GAP]
    piles = [c for p in s.piles for c in p]
    return shelf + s.deck + piles + s.basket + s.tummy + s.discarded


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), chooser=st.integers(0, 2**32))
def test_cards_are_conserved_and_the_game_ends_in_bounds(seed: int, chooser: int) -> None:
    state, rng = GAME.new(1, seed=seed), random.Random(chooser)
    bound = GAME.max_length(1, {})
    while state.to_move is not None:
        assert sorted(all_cards(state)) == list(range(52))
        # SS-3 and SS-6: the Shelf has gaps only in the final turn
        assert GAP not in state.shelf or state.final_turn
        state.apply(rng.choice(state.legal_actions()))
        assert len(state.history) <= bound
    result = state.result()
    assert result is not None
    assert result.scores == [float(sum(CARDS.points[c] for c in state.tummy))]
