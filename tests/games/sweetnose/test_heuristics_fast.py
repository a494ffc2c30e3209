"""The heuristic's quick exchange scoring equals the plain one (a copied table per exchange),
on positions from random games of every player count and variation."""

from __future__ import annotations

import random

import pytest

import sweettooth as st
from sweettooth.games.sweetnose.actions import MarketTrade, Trade
from sweettooth.games.sweetnose.heuristics import (
    _after,
    _ExchangeScores,
    _ignores_market,
    _score_after,
    ending,
    sweet_points,
    table_from_view,
)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("variation", ["basic", "sky", "shopkeeper"])
def test_quick_exchange_scores_equal_the_plain_ones(players: int, variation: str) -> None:
    game = st.game("sweetnose")
    options = {"variation": variation}
    compared = ends = 0
    for seed in range(12):
        state = game.new(players, seed, **options)
        rng = random.Random(seed)
        while state.to_move is not None:
            legal = state.legal_actions()
            exchanges = [a for a in legal if isinstance(a, Trade | MarketTrade)]
            if exchanges:
                view = state.view(state.to_move)
                seat = view["seat"]
                t = table_from_view(view)
                now = sweet_points(t, seat, t.markers[seat], _ignores_market(view, seat))
                quick = _ExchangeScores(view, t, seat, now)
                for a in exchanges:
                    after = _after(t, seat, a)
                    plain = (ending(view, after), *_score_after(view, t, seat, a, after))
                    assert quick(a) == plain, (seed, str(a))
                    compared += 1
                    ends += plain[0] != 1
            state.apply(rng.choice(legal))
    assert compared > 500
    assert ends > 0  # some compared exchanges ended the game
