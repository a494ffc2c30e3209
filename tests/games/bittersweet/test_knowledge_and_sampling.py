"""Views hide what a seat has not seen; whereabouts always contain the truth; samples agree."""

from __future__ import annotations

import random

import pytest

from sweettooth.games.bittersweet import knowledge as kn
from sweettooth.games.bittersweet.state import BitterSweetState

from .helpers import GAME, play, position


def true_place(s: BitterSweetState, choc: int) -> int:
    if choc in s.box:
        return 1 << s.box.index(choc)
    for p, h in enumerate(s.hands):
        if choc in h:
            return kn.hand_bit(p)
    return kn.OUT_BIT


def check_sound(s: BitterSweetState) -> None:
    for obs, row in enumerate(s.know):
        for choc, mask in enumerate(row):
            assert mask & true_place(s, choc), (obs, s.comps.chocs[choc].id, len(s.history))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whereabouts_always_contain_the_truth_and_samples_match(players: int) -> None:
    for seed in range(12):
        s = GAME.new(players, seed=seed)
        rng = random.Random(seed)
        while s.to_move is not None:
            check_sound(s)
            if len(s.history) % 7 == 0:
                for seat in range(players):
                    view = s.view(seat)
                    sampled = GAME.sample(view, seat, seed)
                    assert sampled.view(seat) == view
                    check_sound(sampled)
            s.apply(rng.choice(s.legal_actions()))


def test_face_down_take_is_secret_but_tracked() -> None:
    s = position(fill=False, down={"a1": "honey", "b1": "banana", "c1": "chili"})
    play(s, "take a1")
    v1 = s.view(1)
    assert v1["seats"][0]["hand_size"] == 1 and v1["seats"][0]["known_hand"] == []
    assert "Honey" not in " ".join(v1["log"]) and "Honey" in s.view(0)["log"][-1]
    honey = next(g for g in v1["whereabouts"] if "honey" in g["chocs"])
    assert "P1" in honey["places"]


def test_return_makes_known_chocs_uncertain() -> None:
    """P1 took banana face up; P1 returns a Choc face down: P2 knows banana is in P1's hand or
    in that cell, nowhere else."""
    s = position(fill=False, up={"a1": "banana"}, down={"b1": "honey", "c1": "chili"})
    play(s, "take a1")
    play(s, "return banana a1")
    places = next(g["places"] for g in s.view(1)["whereabouts"] if "banana" in g["chocs"])
    assert places == ["a1"]  # P1's only Choc: it must be the one returned
    s = position(fill=False, up={"a1": "banana", "b1": "matcha"},
                 down={"c1": "honey", "d1": "chili", "e1": "almond"})
    play(s, "take a1", "take b1", "take c1", "take d1", "return matcha a1")
    places = next(g["places"] for g in s.view(1)["whereabouts"] if "banana" in g["chocs"])
    assert places == ["a1", "P1"]
    for k in range(5):  # both possibilities get sampled, never anything else
        sampled = GAME.sample(s.view(1), 1, k)
        assert sampled.comps.chocs[sampled.box[0]].id in ("banana", "matcha")


def test_sample_deals_unseen_preferences_but_keeps_discards_and_seen_ones() -> None:
    s = position(fill=False, down={"a1": "apple-pie", "b1": "honey"}, yum={1: ["heart"]},
                 yuck={1: ["dark"]})
    play(s, "reveal a1", "choose P2")
    view = s.view(0)
    yucks = set()
    for k in range(20):
        t = GAME.sample(view, 0, k)
        assert t.comps.preferences[t.yum[1][0]].attribute == "heart"
        yucks.add(t.comps.preferences[t.yuck[1][0]].attribute)
    assert len(yucks) > 3 and "heart" not in yucks


def test_views_hide_other_hands_and_preferences() -> None:
    s = GAME.new(3, seed=4)
    s.apply(s.legal_actions()[0])
    v = s.view(1)
    assert "hand" not in v["seats"][0] and "yum" not in v["seats"][0]
    assert v["seats"][1]["yum"] and v["seats"][1]["yuck"]
    spectator = s.view(None)
    assert all("hand" not in e for e in spectator["seats"])
