"""The fast total (`scoring.Tally`, what heuristics and searches score hands with) equals the
round score's breakdown total (`score_hand`, what the round is decided by) on every card set."""

from __future__ import annotations

import random

import pytest

from sweettooth.games.bittersweet.components import CARD_SETS, load_components
from sweettooth.games.bittersweet.scoring import score_hand, tally


@pytest.mark.parametrize("cards", CARD_SETS)
def test_tally_total_is_the_score_hand_total(cards: str) -> None:
    comps = load_components(cards=cards)
    fast = tally(comps)
    rng = random.Random(cards)
    wilds = [c.index for c in comps.chocs if c.kind == "wild"]
    ruled = [c.index for c in comps.chocs if c.score.kind != "fixed"]
    assert wilds and ruled  # the cases that need care are in the set
    for _ in range(3000):
        hand = rng.sample(range(len(comps.chocs)), rng.randrange(0, 14))
        hand += [x for x in rng.sample(wilds + ruled, 3) if x not in hand]  # often some
        yum = rng.sample(range(len(comps.preferences)), rng.choice((0, 1, 1, 2, 3)))
        yuck = rng.sample(range(len(comps.preferences)), rng.choice((0, 1, 1, 2)))
        assert fast.total(hand, yum, yuck) == score_hand(comps, hand, yum, yuck)["total"], (
            hand, yum, yuck)
