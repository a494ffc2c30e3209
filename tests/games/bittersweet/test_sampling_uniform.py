"""BitterSweet's determinization deals the hidden Chocs uniformly over every placement the
seat's knowledge allows (each Choc only where its whereabouts say it may be, each place getting
as many Chocs as it holds).

Checked on the place of one hidden Choc, whose exact chances come from brute force: when every
hidden Choc may be anywhere hidden, a place holding k of the N hidden Chocs gets a given one
with chance k/N (a sampler choosing a place per Choc, whatever its size, fails this); and after
whereabouts that differ from Choc to Choc, by brute force over a small placement.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Hashable

import pytest

import sweettooth as st
from sweettooth.core import State
from sweettooth.core.conformance import check_components, check_uniform, uniformity_pvalue
from sweettooth.games.bittersweet.sampling import _Deal
from sweettooth.games.bittersweet.state import BitterSweetState

GAME = st.game("bittersweet")


def place_of(choc: int) -> Callable[[State], Hashable]:
    def key(s: State) -> Hashable:
        assert isinstance(s, BitterSweetState)
        for cell, x in enumerate(s.box):
            if x == choc:
                return s.cell_names[cell]
        for p, hand in enumerate(s.hands):
            if choc in hand:
                return f"P{p + 1}"
        assert choc in s.out
        return "wrappers"
    return key


def capacities(state: BitterSweetState, seat: int) -> Counter[str]:
    """How many hidden Chocs each hidden place holds, as the seat sees it."""
    out: Counter[str] = Counter()
    for cell, x in enumerate(state.box):
        if x >= 0 and not state.up[cell]:
            out[state.cell_names[cell]] = 1
    for p, hand in enumerate(state.hands):
        if p != seat and hand:
            out[f"P{p + 1}"] = len(hand)
    out["wrappers"] = len(state.out)
    return out


@pytest.mark.parametrize(("seed", "players"), [(0, 2), (1, 3)])
def test_a_hidden_choc_lands_in_each_place_by_its_size(seed: int, players: int) -> None:
    state = GAME.new(players, seed)
    assert isinstance(state, BitterSweetState)
    seat = 0
    view = state.view(seat)
    (group,) = view["whereabouts"]  # nothing known yet: every Choc anywhere hidden
    choc = state.comps.choc_index(group["chocs"][seed])
    weights = {place: float(k) for place, k in capacities(state, seat).items()}
    check_uniform(GAME, view, seat, place_of(choc), weights, 40 * len(weights),
                  seed=seed * 10_000)
    check_components(state, GAME.sample(view, seat, 0), "bittersweet at the start")


def test_constrained_deals_are_uniform_by_brute_force() -> None:
    """With whereabouts that differ from Choc to Choc (some seen, some returned), every
    placement that fits is dealt equally often: brute force over every order of the Chocs
    into the places' slots gives the exact chances."""
    cap = [1, 1, 2, 3]  # two face-down cells, a hand of 2, 3 Empty Wrappers
    allowed = {0: [0, 3], 1: [0, 1, 2, 3], 2: [2, 3], 3: [1, 2], 4: [0, 1, 2, 3],
               5: [0, 1, 2, 3], 6: [2, 3]}
    slots = [loc for loc, n in enumerate(cap) for _ in range(n)]
    weights: Counter[Hashable] = Counter()
    for order in itertools.permutations(allowed):
        if all(loc in allowed[x] for x, loc in zip(order, slots, strict=True)):
            weights[placement(order, slots, len(cap))] += 1
    assert len(weights) > 10
    counts: Counter[Hashable] = Counter()
    rng = random.Random(5)
    deal = _Deal(list(allowed), allowed, cap)
    for _ in range(25 * len(weights)):
        counts[tuple(tuple(sorted(m)) for m in deal.deal(rng))] += 1
    p = uniformity_pvalue(counts, {k: float(w) for k, w in weights.items()})
    assert p > 1e-4, f"not uniform over the {len(weights)} placements (chi-square p = {p:.2g})"


def placement(order: tuple[int, ...], slots: list[int], places: int) -> Hashable:
    members: list[list[int]] = [[] for _ in range(places)]
    for x, loc in zip(order, slots, strict=True):
        members[loc].append(x)
    return tuple(tuple(sorted(m)) for m in members)


@pytest.mark.parametrize("seed", [0, 1])
def test_groups_that_share_several_places_are_dealt_uniformly(seed: int) -> None:
    """Two groups of Chocs share three face-down cells and each has a place of its own; a third
    group may go anywhere. A place class of several cells takes several Chocs of one group
    (whose orders must not count twice) and the cells of a class must be shuffled: brute force
    gives each placement's exact chance."""
    cap = [1, 1, 1, 2, 2]  # three face-down cells, a hand of 2, 2 Empty Wrappers
    shared = [0, 1, 2]
    allowed = {0: [*shared, 3], 1: [*shared, 3], 2: [*shared, 3],  # might be in the hand
               3: [*shared, 4], 4: [*shared, 4],  # might be among the wrappers
               5: [0, 1, 2, 3, 4], 6: [0, 1, 2, 3, 4]}
    slots = [loc for loc, n in enumerate(cap) for _ in range(n)]
    weights: Counter[Hashable] = Counter()
    for order in itertools.permutations(allowed):
        if all(loc in allowed[x] for x, loc in zip(order, slots, strict=True)):
            weights[placement(order, slots, len(cap))] += 1
    assert len(weights) > 50
    counts: Counter[Hashable] = Counter()
    rng = random.Random(seed)
    deal = _Deal(list(allowed), allowed, cap)
    assert any(c > 1 for c in deal.cap)  # the shared cells form one class of capacity 3
    for _ in range(30 * len(weights)):
        counts[tuple(tuple(sorted(m)) for m in deal.deal(rng))] += 1
    p = uniformity_pvalue(counts, {k: float(w) for k, w in weights.items()})
    assert p > 1e-4, f"not uniform over the {len(weights)} placements (chi-square p = {p:.2g})"


@pytest.mark.parametrize("cards", ["original", "revised"])
def test_unseen_preference_cards_are_dealt_uniformly(cards: str) -> None:
    """Another player's YUM! card, never seen, is any card of that player's own Preference deck,
    equally likely, and never the same card as that player's YUCK!."""
    state = GAME.new(2, seed=3, cards=cards)
    assert isinstance(state, BitterSweetState)
    view = state.view(0)
    assert not state.discard[1]
    weights = {c: 1.0 for c in range(len(state.comps.preferences))}  # each player's own deck

    def yum(s: State) -> Hashable:
        assert isinstance(s, BitterSweetState)
        assert s.yum[1][0] not in s.yuck[1]
        return s.yum[1][0]

    check_uniform(GAME, view, 0, yum, weights, 25 * len(weights), seed=7)
