"""Notation, legality checks, sampling with secret markers, and the heuristics."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from sweettooth.core import IllegalAction
from sweettooth.games.sweetnose import heuristics
from sweettooth.games.sweetnose.actions import (
    Bid,
    EndTurn,
    MarketTrade,
    Pass,
    SetMarkers,
    StoreUse,
    TakeStore,
    Trade,
)
from sweettooth.games.sweetnose.positions import position, sweets
from sweettooth.games.sweetnose.state import SweetNoseState

from .helpers import GAME, IDENTITY, play

ALL_STORES = [1, 2, 3, 4, 6, 7, 8, 9, 10]


def _random_game(seed: int, players: int = 3, **options: object) -> list[SweetNoseState]:
    """States along a random game (copies), stores dealt to everyone from round 2."""
    s = GAME.new(players, seed=seed, **options)
    rng = random.Random(seed)
    states: list[SweetNoseState] = []
    while s.to_move is not None:
        states.append(s.copy())
        s.apply(rng.choice(s.legal_actions()))
    states.append(s)
    return states


@pytest.mark.parametrize("number", ALL_STORES)
def test_notation_round_trips_for_every_store(number: int) -> None:
    s = position(
        3,
        plates=[sweets(red=4, green=4), sweets(green=4, brown=4), sweets(pink=4, yellow=4)],
        bowls=[sweets(pink=1), sweets(red=1), sweets()],
        market=sweets(red=1, brown=1, yellow=1),
        markers=[IDENTITY] * 3, held=[number, 0, 0], round=2,
    )
    legal = s.legal_actions()
    assert any(isinstance(a, StoreUse) for a in legal)
    for a in legal:
        assert GAME.parse_action(s, str(a)) == a


def test_notation_of_each_action_kind() -> None:
    assert str(Bid(4)) == "bid 4" and str(Pass()) == "pass" and str(EndTurn()) == "end turn"
    assert str(TakeStore(7)) == "take store 7"
    assert str(SetMarkers((3, 5, 1, 2, 4))) == "markers red=3 green=5 brown=1 pink=2 yellow=4"
    assert str(Trade(1, 0, 1)) == "trade P2 red for green"
    assert str(MarketTrade(3, 4)) == "market pink for yellow"


@pytest.mark.parametrize("text", ["", "zzz", "trade P9 red for green", "markers red=1",
                                  "store 11 red", "bid 0", "take store 4"])
def test_parse_rejects(text: str) -> None:
    s = GAME.new(3, seed=0)
    with pytest.raises(IllegalAction):
        GAME.parse_action(s, text)


def _candidates(s: SweetNoseState) -> list[object]:
    players = s.players
    out: list[object] = [Pass(), EndTurn(), Bid(1), Bid(25), TakeStore(5), TakeStore(99),
                         SetMarkers((1, 2, 3, 4, 5)), SetMarkers((1, 1, 3, 4, 5))]
    out += [Trade(o, g, k) for o in range(players + 1) for g in range(5) for k in range(5)]
    out += [MarketTrade(g, k) for g in range(6) for k in range(5)]
    out += [StoreUse(10, "switch_markers", give=(0,), take=(1,)), StoreUse(1, "plate_to_bowl")]
    return out


@settings(max_examples=25, deadline=None)
@given(seed=hs.integers(0, 10_000), players=hs.integers(3, 5),
       variation=hs.sampled_from(["basic", "shopkeeper"]))
def test_is_legal_agrees_with_legal_actions(seed: int, players: int, variation: str) -> None:
    """The fast direct `_is_legal` says yes exactly to the listed legal actions."""
    for s in _random_game(seed, players, variation=variation)[::3]:
        legal = s.legal_actions()
        for a in legal:
            assert s._is_legal(a), (str(a), s.phase)
        for a in _candidates(s):
            assert s._is_legal(a) == (a in legal), (a, s.phase)
        # values equal to legal ones but of the wrong type (bool for int) are refused
        for a in (SetMarkers((True, 2, 3, 4, 5)), Trade(True, 0, 1), Bid(True)):
            assert not s._is_legal(a)


def test_sample_undoes_a_secret_switch_consistently() -> None:
    """SN-3 + store 10: after the reveal, a sampled player's Phase 1 markers are the revealed
    ones with one switch undone, and the sampled game gives the seat the very same view."""
    checked = 0
    for seed in range(60):
        final = _random_game(seed)[-1]
        view = final.view(1)
        moves = view["moves"]
        switches = [i for i, (q, m) in enumerate(moves) if m.endswith("switch (hidden)")]
        if not switches:
            continue
        i = switches[0]
        q = moves[i][0]
        set_at = max(j for j in range(i) if moves[j] == [q, "markers (hidden)"])
        for k in range(3):
            sampled = GAME.sample(view, 1, k)
            assert sampled.view(1) == view
            initial = sampled.history[set_at]
            switch = sampled.history[i]
            assert isinstance(initial, SetMarkers) and isinstance(switch, StoreUse)
            values = list(initial.values)
            a, b = switch.give[0], switch.take[0]
            values[a], values[b] = values[b], values[a]
            rnd = sum(1 for j in range(set_at + 1) if moves[j] == [q, "markers (hidden)"])
            assert values == list(view["rounds"][rnd - 1]["markers"][q].values())
        checked += 1
        if checked == 3:
            break
    assert checked >= 1


def test_sample_varies_only_hidden_markers() -> None:
    s = GAME.new(4, seed=2)
    play(s, str(SetMarkers((2, 1, 3, 5, 4))), str(SetMarkers((5, 4, 3, 2, 1))))
    view = s.view(1)
    markers = set()
    for k in range(20):
        t = GAME.sample(view, 1, k)
        assert t.view(1) == view
        assert t.table.markers[1] == [5, 4, 3, 2, 1]
        markers.add(tuple(t.table.markers[0]))
        assert t.table.plate == s.table.plate
    assert len(markers) > 1


# -- heuristics -------------------------------------------------------------------------------
def test_heuristic_markers_low_on_what_you_hold() -> None:
    s = position(3, plates=[sweets(red=4, green=3, pink=1), sweets(green=4, pink=4),
                            sweets(brown=8)], market=sweets(yellow=3))
    v = s.view(0)
    a = heuristics.choose(v, s.legal_actions(), random.Random(0))
    # red 4 -> 1, green 3 -> 2, pink 1 -> 3; brown and yellow 0: yellow (in the market) first
    assert a == SetMarkers((1, 2, 5, 3, 4))


def test_heuristic_exchange_lowers_own_sp() -> None:
    s = position(3, plates=[sweets(red=4, yellow=4), sweets(green=8), sweets(brown=8)],
                 market=sweets(pink=3), markers=[IDENTITY] * 3)
    a = heuristics.choose(s.view(0), s.legal_actions(), random.Random(0))
    assert a in (Trade(1, 4, 1), Trade(2, 4, 2)) or str(a) == "trade P2 yellow for green"
    before = s.copy()
    s.apply(a)
    assert heuristics.sweet_points(s.table, 0, IDENTITY, False) < heuristics.sweet_points(
        before.table, 0, IDENTITY, False)


def test_heuristic_uses_store10_when_it_helps_and_skips_neutral_stores() -> None:
    s = position(3, plates=[sweets(red=1, yellow=7), sweets(green=8), sweets(brown=8)],
                 market=sweets(pink=3), markers=[IDENTITY] * 3, held=[10, 0, 0], round=2)
    play(s, heuristics.choose(s.view(0), s.legal_actions(), random.Random(0)).__str__())
    a = heuristics.choose(s.view(0), s.legal_actions(), random.Random(0))
    assert str(a) == "store 10 switch red yellow"
    n = position(3, plates=[sweets(red=1, yellow=7), sweets(green=8), sweets(brown=8)],
                 market=sweets(pink=3), markers=[IDENTITY] * 3, held=[1, 0, 0], round=2)
    play(n, str(heuristics.choose(n.view(0), n.legal_actions(), random.Random(0))))
    assert heuristics.choose(n.view(0), n.legal_actions(), random.Random(0)) == EndTurn()


def test_heuristic_beats_random() -> None:
    wins = 0
    for seed in range(12):
        s = GAME.new(3, seed=seed)
        rng = random.Random(seed)
        while s.to_move is not None:
            p = s.to_move
            legal = s.legal_actions()
            s.apply(heuristics.choose(s.view(p), legal, rng) if p == 0 else rng.choice(legal))
        res = s.result()
        assert res is not None
        wins += 0 in res.winners
    assert wins >= 8


def test_store_actions_of_the_wrong_field_types_are_refused() -> None:
    """`TakeStore(True)` or `StoreUse(True, ...)` equal legal actions under dataclass equality;
    they must raise IllegalAction and change nothing, not be played and recorded."""
    take_store: Any = TakeStore  # Any-typed: these values are deliberately of the wrong types
    store_use: Any = StoreUse
    s = GAME.new(3, seed=0, variation="shopkeeper")
    play(s, "bid 1", "pass", "pass", "pass")
    assert s.phase == "stores" and s.to_move == 0 and TakeStore(1) in s.legal_actions()
    before = s.snapshot()
    for bad in (take_store(True), take_store(1.0)):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.snapshot() == before

    s = position(plates=[sweets(red=8), sweets(green=8), sweets(brown=8)],
                 market=sweets(pink=2, yellow=1), markers=[IDENTITY] * 3, held=[1, 0, 0])
    assert StoreUse(1, "plate_to_bowl", give=(0,)) in s.legal_actions()
    before = s.snapshot()
    for bad in (
        store_use(True, "plate_to_bowl", give=(0,)),
        store_use(1, "plate_to_bowl", give=(False,)),
        store_use(1, "plate_to_bowl", opponent=-1.0, give=(0,)),
        store_use(1, "plate_to_bowl", give=(0,), to_bowl=0),
        store_use(1, "plate_to_bowl", give=[0]),
    ):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.snapshot() == before
