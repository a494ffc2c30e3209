"""The heuristic's quick store-use scoring equals the plain one (a copied table per use), on
positions from random games of every player count and variation, with the player to move
given each store tile in turn (so that every effect meets plates about to empty in the last
round); and rollout views spell the kinds as real views do."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import sweettooth as st
from sweettooth.games.sweetnose.actions import StoreUse
from sweettooth.games.sweetnose.components import KINDS
from sweettooth.games.sweetnose.heuristics import (
    GOES_ON,
    _after,
    _by_kind,
    _ignoring,
    _score_after,
    _UseScores,
    ending,
    sweet_points,
    table_from_view,
)
from sweettooth.games.sweetnose.state import SweetNoseState
from sweettooth.games.sweetnose.view import kinds_dict


def _compare(state: SweetNoseState, number: int, compared: Counter[str]) -> int:
    """Give the player to move store `number` and compare every use; how many ended the game."""
    seat = state.to_move
    assert seat is not None
    s = state.copy()
    s.held[seat] = number
    uses = [u for u in s.store_uses(seat) if isinstance(u, StoreUse)]
    if not uses:
        return 0
    view = s.view(seat)
    t = table_from_view(view)
    ignoring = _ignoring(view)
    now = sweet_points(t, seat, t.markers[seat], ignoring[seat])
    quick = _UseScores(view, t, seat, now, ignoring)
    ends = 0
    for use in uses:
        after = _after(t, seat, use)
        plain = ending(view, after), _score_after(view, t, seat, use, after)[0]
        assert quick(use) == plain, (s.snapshot(), str(use))
        compared[use.effect] += 1
        ends += plain[0] != GOES_ON
    return ends


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("variation", ["basic", "sky"])
def test_quick_use_scores_equal_the_plain_ones(players: int, variation: str) -> None:
    game = st.game("sweetnose")
    compared: Counter[str] = Counter()
    ends = 0
    for seed in range(3):
        state = game.new(players, seed, variation=variation)
        rng = random.Random(seed)
        while state.to_move is not None:
            legal = state.legal_actions()
            low = min(map(sum, state.table.plate))  # plates about to empty: the round ends
            if state.phase == "exchange" and (low <= 2 or len(state.history) % 5 == 0):
                for tile in state.rules.stores:
                    ends += _compare(state, tile.number, compared)
            state.apply(rng.choice(legal))
    assert len(compared) == 9, compared  # every store but store 5 (it has no use)
    assert ends > 0  # some compared uses ended the game


def test_rollout_views_spell_the_kinds_as_views_do() -> None:
    """`_by_kind` spells the kinds out for speed: it must agree with the view's own dicts."""
    counts = [3, 1, 4, 1, 5]
    assert _by_kind(counts) == kinds_dict(counts)
    assert list(_by_kind(counts)) == list(KINDS)
