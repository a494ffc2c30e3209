"""BitterSweet hints' words and worths (`agents/hints/bittersweet.py`, `Hand`): how a Choc is
described, what it is worth to the seat's YUM! and YUCK!, and which known Choc is the best in
the box or the worst in hand, ties included."""

from __future__ import annotations

import copy
from collections.abc import Sequence

import sweettooth as st
from sweettooth.agents.hints.bittersweet import Hand
from sweettooth.games.bittersweet.components import Choc

VIEW = st.game("bittersweet").new(2, 1).view(0)
NOTHING = "no-such-attribute"  # a preference no Choc matches


def hand(yum: Sequence[str] = (), yuck: Sequence[str] = (), held: Sequence[str] = (),
         box: Sequence[str] = ()) -> Hand:
    """Seat 0's hand with these preferences, these Chocs held, and these Chocs known (face up)
    in the first cells of the box."""
    view = copy.deepcopy(VIEW)
    seat = view["seats"][0]
    seat["yum"], seat["yuck"], seat["hand"] = list(yum), list(yuck), list(held)
    for cell, choc_id in zip(view["box"], box, strict=False):
        cell["choc"], cell["face"] = choc_id, "up"
    return Hand(view, 0)


def choc(h: Hand, choc_id: str) -> Choc:
    return h.choc(choc_id)


def test_a_choc_is_described_by_its_points_and_its_wild_side() -> None:
    h = hand()
    assert h.fits(choc(h, "walnut-nougat")) == "Walnut Nougat (1 or 3 points)"
    assert h.fits(choc(h, "caramel-bunny")).startswith(
        "Caramel Bunny (1 point, counts for every YUM!")
    assert "counts for every YUCK!" in h.fits(choc(h, "mocha-moose"))
    assert h.fits(choc(h, "garlic-cloves")) == "Garlic Cloves (-3 points)"


def test_a_wild_choc_is_worth_two_for_each_preference_it_counts_for() -> None:
    plain = hand()
    assert plain.score(choc(plain, "caramel-bunny")) == 1
    assert plain.score(choc(plain, "mocha-moose")) == 3
    assert plain.score(choc(plain, "walnut-nougat")) == 2  # 1 or 3 counts 2
    two_yums = hand(yum=[NOTHING, NOTHING + "-2"])
    assert two_yums.score(choc(two_yums, "caramel-bunny")) == 1 + 2 * 2
    a_yuck = hand(yuck=[NOTHING])
    assert a_yuck.score(choc(a_yuck, "mocha-moose")) == 3 - 2


def test_the_best_known_choc_and_the_worst_held_count_ties() -> None:
    h = hand(held=["cheesecake", "vanilla", "peanut"], box=["vanilla", "toffee", "peanut"])
    assert h.best_known(choc(h, "toffee")) and h.best_known(choc(h, "peanut"))  # 3, a tie
    assert not h.best_known(choc(h, "vanilla"))
    assert h.best_known(choc(h, "blackberry"))  # 4, more than any known
    assert h.worst_held(choc(h, "cheesecake")) and h.worst_held(choc(h, "lemon"))  # 1, a tie
    assert not h.worst_held(choc(h, "vanilla"))
