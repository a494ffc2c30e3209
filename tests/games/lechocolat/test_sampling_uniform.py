"""Le Chocolat's determinization is exact: on small positions the deals come out with the
chances the set-up gives them (LC-1: tiles shuffled, a random side up, the 36th removed).

A small position is a real game's view in which the seat also knows the down side of every
cell but a few (as if it had peeked): the sampler must accept it and deal only those cells and
the removed tile. The exact distribution comes from brute force over every way of laying the
unseen physical tiles, independently of the sampler's counting tables.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections import Counter
from collections.abc import Callable, Hashable

import pytest

import sweettooth as st
from sweettooth.core import JSON, State
from sweettooth.core.conformance import check_components, check_uniform
from sweettooth.games.lechocolat.state import ChocolateState

GAME = st.game("lechocolat")


def small_view(state: ChocolateState, seat: int, unknown: list[int]) -> JSON:
    """The seat's view with every down side known except those of the `unknown` cells."""
    view = copy.deepcopy(state.view(seat))
    side = state.comps.side_id
    for cell, tile in enumerate(view["tiles"]):
        tile["down"] = None if cell in unknown else side(state.down[cell])
    return view


def exact_weights(state: ChocolateState, unknown: list[int]) -> dict[Hashable, float]:
    """Each world (downs of the unknown cells, removed tile) weighted by the number of ways
    of laying the unseen physical tiles that show the view's up sides."""
    side = state.comps.side_id
    pool = Counter(tuple(sorted(t)) for t in state.comps.tiles)
    for cell in range(len(state.up)):
        if cell not in unknown:
            pool[tuple(sorted((state.up[cell], state.down[cell])))] -= 1
    tiles = list(pool.elements())
    weights: Counter[Hashable] = Counter()
    for order in itertools.permutations(tiles):
        ways, downs = 1, []
        for cell, (a, b) in zip(unknown, order, strict=False):
            up = state.up[cell]
            if up not in (a, b):
                break
            downs.append(side(b if a == up else a))
            ways *= 2 if a == b else 1  # a double shows its face either side up
        else:
            removed = order[-1]
            weights[(tuple(downs), "/".join(sorted(map(side, removed))))] += ways
    return {k: float(w) for k, w in weights.items()}


def world(unknown: list[int]) -> Callable[[State], Hashable]:
    def key(s: State) -> Hashable:
        assert isinstance(s, ChocolateState)
        side = s.comps.side_id
        return (tuple(side(s.down[c]) for c in unknown),
                "/".join(sorted(map(side, s.removed))))
    return key


def late_position(seed: int) -> ChocolateState:
    state = GAME.new(2, seed)
    rng = random.Random(seed)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    assert isinstance(state, ChocolateState)
    return state


@pytest.mark.parametrize("seed", range(4))
def test_deals_are_uniform_over_the_worlds_the_view_allows(seed: int) -> None:
    state = late_position(seed)
    seat = state.to_move
    assert seat is not None
    rng = random.Random(100 + seed)
    blanks = [c for c in range(35) if state.up[c] == 0]
    # five unknown cells, two showing a blank so blank/blank tiles can be on the bar or out
    others = [c for c in range(35) if c not in blanks]
    unknown = sorted([*rng.sample(blanks, 2), *rng.sample(others, 3)])
    view = small_view(state, seat, unknown)
    weights = exact_weights(state, unknown)
    samples = max(600, 25 * len(weights))
    key = world(unknown)
    # the edited view knows more than the seat's real one, so only the worlds are compared
    check_uniform(GAME, view, seat, key, weights, samples, seed=seed * 10_000, same_view=False)
    sampled = GAME.sample(view, seat, 1)
    assert isinstance(sampled, ChocolateState)
    check_components(state, sampled, "lechocolat small position")
    assert [sampled.down[c] for c in range(35) if c not in unknown] == [
        state.down[c] for c in range(35) if c not in unknown]
