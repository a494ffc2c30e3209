"""Sweet Nose's determinization deals every other player's secret markers (SN-3) uniformly:
each of the 120 orders of the five values is equally likely for each opponent, and the
opponents' markers are independent of each other."""

from __future__ import annotations

import itertools
import random
from collections.abc import Hashable

import pytest

import sweettooth as st
from sweettooth.core import State
from sweettooth.core.conformance import check_components, check_uniform
from sweettooth.games.sweetnose.components import MARKER_VALUES
from sweettooth.games.sweetnose.state import SweetNoseState

GAME = st.game("sweetnose")


def markers_set(seed: int, players: int) -> SweetNoseState:
    """A random game just after everyone has set their markers in round 1."""
    state = GAME.new(players, seed)
    rng = random.Random(seed)
    while not all(state.markers_set):
        state.apply(rng.choice(state.legal_actions()))
    assert isinstance(state, SweetNoseState)
    return state


@pytest.mark.parametrize(("seed", "players", "other"), [(0, 3, 1), (1, 4, 3)])
def test_opponents_markers_are_uniform(seed: int, players: int, other: int) -> None:
    state = markers_set(seed, players)
    seat = 0
    view = state.view(seat)

    def markers(s: State) -> Hashable:
        assert isinstance(s, SweetNoseState)
        return tuple(s.table.markers[other])

    orders = {m: 1.0 for m in itertools.permutations(MARKER_VALUES)}
    check_uniform(GAME, view, seat, markers, orders, 20 * len(orders), seed=seed * 10_000)

    # two opponents together: which value each gives red (25 pairs, independent)
    def reds(s: State) -> Hashable:
        assert isinstance(s, SweetNoseState)
        return (s.table.markers[1][0], s.table.markers[2][0])

    pairs = {p: 1.0 for p in itertools.product(MARKER_VALUES, repeat=2)}
    check_uniform(GAME, view, seat, reds, pairs, 30 * len(pairs), seed=seed * 10_000 + 7)
    check_components(state, GAME.sample(view, seat, 0), "sweetnose markers set")
