"""The heuristic bots: take YUM!, avoid YUCK!, reveal when unsure; they beat random play."""

from __future__ import annotations

import random

from sweettooth.games.bittersweet.heuristics import choose, greedy

from .helpers import GAME, position


def test_takes_what_matches_yum_and_avoids_yuck() -> None:
    s = position(fill=False, up={"a1": "honey", "b1": "banana"}, down={"c1": "chili"},
                 yum={0: ["hexagon"]}, yuck={0: ["heart"]})
    action = choose(s.view(0), s.legal_actions(), random.Random(0))
    assert str(action) == "take b1"  # banana is a hexagon; honey a heart
    s = position(fill=False, up={"a1": "honey", "b1": "banana"}, down={"c1": "chili"},
                 yum={0: ["heart"]}, yuck={0: ["hexagon"]})
    assert str(choose(s.view(0), s.legal_actions(), random.Random(0))) == "take a1"


def test_reveals_before_taking_when_unsure() -> None:
    s = position(fill=False, up={"a1": "key-lime"}, down={"c1": "chili", "d1": "honey"},
                 yum={0: ["hexagon"]}, yuck={0: ["milk"]})
    assert str(choose(s.view(0), s.legal_actions(), random.Random(0))).startswith("reveal")


def test_returns_a_bad_choc_when_nothing_else_helps() -> None:
    s = position(fill=False, up={"a1": "key-lime"}, hands={0: ["pea-pod", "honey"]},
                 yum={0: ["hexagon"]}, yuck={0: ["milk"]})
    assert str(choose(s.view(0), s.legal_actions(), random.Random(0))).startswith(
        "return pea-pod")


def test_greedy_beats_random() -> None:
    bot = greedy(3.0)
    wins = 0.0
    games = 60
    for seed in range(games):
        s = GAME.new(2, seed=seed)
        rng = random.Random(seed)
        hero = seed % 2
        while s.to_move is not None:
            legal = s.legal_actions()
            s.apply(bot(s.view(s.to_move), legal, rng) if s.to_move == hero else rng.choice(legal))
        res = s.result()
        assert res is not None
        wins += (hero in res.winners) / len(res.winners)
    assert wins / games > 0.7
