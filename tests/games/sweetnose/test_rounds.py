"""The round: SN-3 (secret markers), SN-4 (turns), SN-5 (max_turns), SN-8 (reset, end),
SN-9 (To the Sky, Shopkeeper), and 'nobody has a store in round 1' (SN-7)."""

from __future__ import annotations

import json
import random

import pytest

from sweettooth.games.sweetnose.actions import SetMarkers, StoreUse, Trade
from sweettooth.games.sweetnose.components import KINDS
from sweettooth.games.sweetnose.positions import position, sweets
from sweettooth.games.sweetnose.state import SweetNoseState

from .helpers import GAME, IDENTITY, legal_texts, play, set_all_markers


# -- SN-3 -------------------------------------------------------------------------------------
def test_sn3_markers_set_in_turn_order_and_secret() -> None:
    """SN-3: players choose in turn order; no one sees another's choice, not even which one."""
    views = []
    for values in ((1, 2, 3, 4, 5), (5, 4, 3, 2, 1)):
        s = GAME.new(3, seed=4)
        assert s.to_move == 0
        s.apply(SetMarkers(values))
        assert s.to_move == 1
        assert s.view(0)["markers"] == dict(zip(s.view(0)["kinds"], values, strict=True))
        assert s.view(0)["moves"] == [[0, str(SetMarkers(values))]]
        assert s.view(1)["markers"] is None
        assert s.view(1)["moves"] == [[0, "markers (hidden)"]]
        assert s.view(1)["log"][-1] == "P1 set markers"
        views.append((s.view(1), s.view(2), s.view(None)))
    assert views[0] == views[1]  # the others' views do not depend on P1's choice


def test_sn3_reveal_at_counting() -> None:
    s = position(
        3, plates=[sweets(red=8), sweets(green=1), sweets(brown=8)],
        bowls=[sweets(), sweets(green=7), sweets()], market=sweets(yellow=3),
        markers=[[2, 1, 3, 4, 5], [1, 2, 3, 4, 5], [5, 4, 3, 2, 1]], start=1,
    )
    play(s, "trade P1 green for red")  # P2's plate empties
    revealed = s.view(1)["rounds"][0]["markers"]
    assert revealed[0]["red"] == 2 and revealed[2]["red"] == 5


# -- SN-4 -------------------------------------------------------------------------------------
def _phase2(held: list[int] | None = None) -> SweetNoseState:
    return position(
        3,
        plates=[sweets(red=4, green=4), sweets(green=4, brown=4), sweets(pink=4, yellow=4)],
        bowls=[sweets(pink=1), sweets(), sweets()],
        market=sweets(red=1, brown=1, yellow=1),
        markers=[IDENTITY] * 3, held=held,
    )


def test_sn4_never_two_tokens_of_the_same_kind() -> None:
    s = _phase2()
    legal = s.legal_actions()
    trades = [a for a in legal if isinstance(a, Trade)]
    assert trades and all(a.give != a.take for a in trades)
    assert "trade P2 green for green" not in legal_texts(s)
    assert "market red for red" not in legal_texts(s)
    assert "trade P2 red for green" in legal_texts(s)


def test_sn4_exchange_a_moves_tokens_to_the_bowls() -> None:
    s = play(_phase2(), "trade P2 red for brown")
    snap = s.snapshot()
    assert snap["plates"][0] == sweets(red=3, green=4)
    assert snap["bowls"][0] == sweets(pink=1, brown=1)
    assert snap["plates"][1] == sweets(green=4, brown=3)
    assert snap["bowls"][1] == sweets(red=1)
    assert s.to_move == 1  # no store: the turn ends with the exchange


def test_sn4_exchange_b_with_the_market() -> None:
    s = play(_phase2(), "market green for yellow")
    snap = s.snapshot()
    assert snap["plates"][0] == sweets(red=4, green=3, yellow=1)
    assert snap["market"] == sweets(red=1, green=1, brown=1)
    assert s.to_move == 1


def test_sn4_store_after_the_exchange_or_end_turn() -> None:
    s = play(_phase2(held=[1, 0, 0]), "trade P2 red for brown")
    assert s.to_move == 0
    texts = legal_texts(s)
    assert texts[-1] == "end turn" and all(t.startswith("store 1 ") for t in texts[:-1])
    assert not any(t.startswith(("trade", "market")) for t in texts)  # one exchange a turn
    play(s, "store 1 green")
    assert s.to_move == 1 and s.held[0] == 0


def test_sn4_store_before_the_exchange_then_exchange_required() -> None:
    s = play(_phase2(held=[1, 0, 0]), "store 1 red")
    assert s.to_move == 0
    texts = legal_texts(s)
    assert "end turn" not in texts and not any(t.startswith("store") for t in texts)
    play(s, "market green for yellow")
    assert s.to_move == 1


def test_sn4_phase_ends_at_once_when_a_plate_empties_even_by_a_store() -> None:
    """SN-4: 'the phase ends immediately': here P1 empties their own plate with store 1."""
    s = position(
        3, plates=[sweets(red=1), sweets(green=8), sweets(brown=8)],
        bowls=[sweets(red=7), sweets(), sweets()], market=sweets(yellow=3),
        markers=[IDENTITY] * 3, held=[1, 0, 0], round=2,
    )
    play(s, "store 1 red")
    assert s.round_sp and s.round == 3 and s.phase in ("stores", "markers")
    assert "Phase 2 ends: P1's plate is empty" in s.log


def test_no_exchange_possible_means_pass() -> None:
    """Our ruling: if no exchange exists (every token in reach is one kind), the turn is passed."""
    s = position(
        3, plates=[sweets(red=1), sweets(red=1), sweets(red=1)],
        bowls=[sweets(green=7), sweets(brown=7), sweets(pink=7)], market=sweets(red=3),
        markers=[IDENTITY] * 3,
    )
    assert legal_texts(s) == ["pass"]
    play(s, "pass")
    assert s.to_move == 1


# -- SN-5 -------------------------------------------------------------------------------------
def test_sn5_phase_ends_after_max_turns_each() -> None:
    s = GAME.new(3, seed=2, max_turns=2)
    set_all_markers(s)
    rng = random.Random(0)
    turns = [0, 0, 0]
    while not s.round_sp:
        assert s.phase == "exchange"
        before = s.to_move
        assert before is not None
        s.apply(rng.choice([a for a in s.legal_actions() if isinstance(a, Trade)]
                           or s.legal_actions()))
        if s.round_sp or s.to_move != before:  # that player's turn is over
            turns[before] += 1
    assert turns == [2, 2, 2]  # no plate emptied first: each player had exactly 2 turns
    assert any("every player has taken 2 turns" in line for line in s.log)


def test_sn5_max_turns_ends_before_any_plate_empties() -> None:
    """With max_turns=1 and three market trades, no plate empties: the turn limit ends Phase 2."""
    s = position(
        3, plates=[sweets(red=8), sweets(green=8), sweets(brown=8)], market=sweets(yellow=3),
        markers=[IDENTITY] * 3, options={"max_turns": 1},
    )
    play(s, "market red for yellow", "market green for yellow")
    assert not s.round_sp
    play(s, "market brown for yellow")
    assert len(s.round_sp) == 1
    assert "Phase 2 ends: every player has taken 1 turns" in s.log


# -- SN-7: no store in round 1 ----------------------------------------------------------------
def test_sn7_nobody_has_a_store_in_round_one() -> None:
    for seed in range(5):
        s = GAME.new(4, seed=seed)
        rng = random.Random(seed)
        while s.round == 1 and s.to_move is not None:
            assert s.view(None)["stores"]["held"] == [None] * 4
            assert not any(isinstance(a, StoreUse) for a in s.legal_actions())
            s.apply(rng.choice(s.legal_actions()))


# -- SN-8 -------------------------------------------------------------------------------------
def _end_round_with(totals: list[int], start: int, holdings: list[int], markers: list[list[int]],
                    round: int = 2, **options: str) -> SweetNoseState:
    """Each seat holds 8 of kind holdings[seat]; the start player empties their plate with store 1.

    Round SP of a seat is then 8 x (its marker on that kind): the market holds only yellow.
    """
    plates, bowls = [], []
    for seat, kind in enumerate(holdings):
        if seat == start:
            plates.append([1 if k == kind else 0 for k in range(5)])
            bowls.append([7 if k == kind else 0 for k in range(5)])
        else:
            plates.append([8 if k == kind else 0 for k in range(5)])
            bowls.append([0] * 5)
    held = [1 if seat == start else 0 for seat in range(3)]
    s = position(3, plates=plates, bowls=bowls, market=sweets(yellow=3), markers=markers,
                 held=held, totals=totals, start=start, round=round,
                 options=dict(options))
    play(s, f"store 1 {KINDS[holdings[start]]}")
    return s


def test_sn8_start_player_and_pick_ties_by_next_round_order() -> None:
    """SN-8: highest total starts (ties: earlier in current order); picks by total, ties by the
    next round's order; eligibility by this round's SP."""
    # SP: seat0 brown x5 = 40, seat1 green x3 = 24, seat2 red x4 = 32 -> totals 80, 100, 80
    markers = [[1, 2, 5, 3, 4], [1, 3, 2, 4, 5], [4, 1, 2, 3, 5]]
    s = _end_round_with([40, 76, 48], start=0, holdings=[2, 1, 0], markers=markers)
    assert s.round_sp[-1] == [40, 24, 32]
    assert s.totals == [80, 100, 80]
    assert s.start == 1 and s.order == [1, 2, 0]
    # seats 0 and 2 tie at 80: seat 2 comes first in the NEXT round's order (1, 2, 0)
    assert [p[0] for p in s.picks] == [1, 2, 0]
    assert s.to_move == 1
    assert legal_texts(s) == [f"take store {n}" for n in (1, 2, 3, 4, 6, 7)]  # 24 SP: 22+
    play(s, "take store 7")
    assert s.to_move == 2 and "take store 7" not in legal_texts(s)
    assert len(legal_texts(s)) == 9  # 32 SP: any of the 9 left
    play(s, "take store 10", "take store 5")
    assert s.phase == "markers" and s.to_move == 1 and s.held == [5, 7, 10]


def test_sn8_start_tie_goes_to_earlier_in_current_order() -> None:
    # SP: seat0 red x2 = 16 (no store), seat1 green x3 = 24, seat2 brown x5 = 40
    markers = [[2, 1, 3, 4, 5], [1, 3, 2, 4, 5], [1, 2, 5, 3, 4]]
    s = _end_round_with([0, 76, 60], start=2, holdings=[0, 1, 2], markers=markers)
    assert s.totals == [16, 100, 100]
    assert s.start == 2  # current order (2, 0, 1): seat 2 is earlier than seat 1
    assert [p[0] for p in s.picks] == [2, 1]
    assert "P1 gets no store (16 SP this round)" in s.log


def test_sn8_lowest_total_wins_ties_share() -> None:
    markers = [[2, 1, 3, 4, 5], [1, 3, 2, 4, 5], [1, 2, 5, 3, 4]]
    # SP 16, 24, 40 in round 3: totals 50, 50, 80: seats 0 and 1 share the win
    s = _end_round_with([34, 26, 40], start=2, holdings=[0, 1, 2], markers=markers, round=3)
    res = s.result()
    assert res is not None and s.to_move is None
    assert res.scores == [50.0, 50.0, 80.0] and res.winners == [0, 1]
    final = s.view(0)
    assert final["rounds"][-1]["breakdown"][2]["brown"]["subtotal"] == 40


def test_three_rounds_then_over() -> None:
    rng = random.Random(1)
    s = GAME.new(3, seed=1)
    while s.to_move is not None:
        s.apply(rng.choice(s.legal_actions()))
    assert len(s.round_sp) == 3 and s.round == 3


# -- SN-9 -------------------------------------------------------------------------------------
def test_sn9_sky_goes_on_past_round_three_until_100() -> None:
    markers = [[2, 1, 3, 4, 5], [1, 3, 2, 4, 5], [1, 2, 5, 3, 4]]
    s = _end_round_with([0, 0, 0], start=2, holdings=[0, 1, 2], markers=markers, round=3,
                        variation="sky")
    assert s.result() is None and s.round == 4
    s = _end_round_with([0, 0, 60], start=2, holdings=[0, 1, 2], markers=markers, round=7,
                        variation="sky")
    assert s.result() is not None
    assert s.totals == [16, 24, 100]
    res = s.result()
    assert res is not None and res.winners == [0]


def test_sn9_sky_terminates_within_declared_bound() -> None:
    for seed in range(3):
        s = GAME.new(5, seed=seed, variation="sky")
        rng = random.Random(seed)
        while s.to_move is not None:
            s.apply(rng.choice(s.legal_actions()))
        assert max(s.totals) >= 100 and len(s.round_sp) <= 13
        assert len(s.history) <= GAME.max_length(5, GAME.resolve_options({"variation": "sky"}))


def test_sn9_shopkeeper_auction() -> None:
    """SN-9: a pass is final; bids move the total marker to a free space; bids are SP added."""
    s = GAME.new(3, seed=5, variation="shopkeeper")
    assert s.phase == "auction" and s.to_move == 0
    assert legal_texts(s) == [f"bid {n}" for n in range(1, 21)] + ["pass"]
    play(s, "bid 3")
    assert "bid 3" not in legal_texts(s)  # occupied by P1's marker
    play(s, "bid 5", "pass")  # P3 is out
    assert s.to_move == 0
    assert legal_texts(s)[0] == "bid 4"  # forward at least 1, skipping space 5
    play(s, "bid 6", "pass")
    assert s.to_move == 0  # P3 passed for good
    play(s, "pass")
    assert s.totals == [6, 5, 0] and s.bids == [6, 5, 0]
    assert s.phase == "stores" and s.to_move == 0
    assert len(legal_texts(s)) == 10  # highest bid: any tile
    play(s, "take store 10")
    assert s.to_move == 1
    assert "take store 5" not in legal_texts(s) and "take store 9" in legal_texts(s)
    play(s, "take store 9")
    assert s.phase == "markers" and s.held == [10, 9, 0]  # P3 placed no bid: no tile


def test_sn9_shopkeeper_everyone_passes() -> None:
    s = play(GAME.new(4, seed=1, variation="shopkeeper"), "pass", "pass", "pass", "pass")
    assert s.phase == "markers" and s.held == [0, 0, 0, 0] and s.totals == [0] * 4


@pytest.mark.parametrize("variation", ["basic", "sky", "shopkeeper", "sky+shopkeeper"])
def test_all_variations_play_to_the_end(variation: str) -> None:
    s = GAME.new(4, seed=11, variation=variation)
    rng = random.Random(3)
    while s.to_move is not None:
        s.apply(rng.choice(s.legal_actions()))
    json.dumps(s.view(None))
    assert s.result() is not None
