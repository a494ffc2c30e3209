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
from sweettooth.games.sweetnose.actions import StoreUse
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


def switched(seed: int) -> tuple[SweetNoseState, SweetNoseState]:
    """A 3-player game where P2 uses store 10's secret switch whenever it can: the state just
    after the first switch (its round not yet revealed), and the state once that round's
    markers are revealed (the next round has begun)."""
    state = GAME.new(3, seed)
    rng = random.Random(seed)
    first: SweetNoseState | None = None
    while state.to_move is not None:
        actions = state.legal_actions()
        switches = [a for a in actions if "switch" in str(a)]
        state.apply(switches[0] if switches and state.to_move == 1 else rng.choice(actions))
        assert isinstance(state, SweetNoseState)
        if first is None and any("switch (hidden)" in text for _, text in state.view(0)["moves"]):
            first = state.copy()
        if first is not None and state.round > first.round and state.phase == "markers":
            return first, state
    raise AssertionError(f"seed {seed}: P2 never switched markers before the last round")


def switch_pair(s: State) -> Hashable:
    """The two kinds whose markers P2 switched (its first switch of the game)."""
    assert isinstance(s, SweetNoseState)
    for action, mover in zip(s.history, s.movers, strict=True):
        if mover == 1 and isinstance(action, StoreUse) and action.effect == "switch_markers":
            return tuple(sorted((*action.give, *action.take)))
    raise AssertionError("no switch in the sampled history")


@pytest.mark.parametrize("seed", [3, 21])
def test_a_hidden_marker_switch_is_dealt_uniformly(seed: int) -> None:
    """Store 10's switch is secret (SN-3): which two of P2's markers it swapped is dealt
    uniformly over the 10 pairs of kinds, before the round's reveal and after it (when the
    revealed markers, with the pair undone, must give P2's set-up markers)."""
    before, after = switched(seed)
    pairs = {p: 1.0 for p in itertools.combinations(range(len(MARKER_VALUES)), 2)}
    for k, state in enumerate((before, after)):
        view = state.view(0)
        check_uniform(GAME, view, 0, switch_pair, pairs, 30 * len(pairs),
                      seed=seed * 10_000 + k * 1000)
