"""Sweet Nose refusals: one test per kind of refused move, each naming why and changing nothing."""

from __future__ import annotations

import random

import pytest

from sweettooth.core import IllegalAction
from sweettooth.games.sweetnose.actions import Bid, SetMarkers, StoreUse, Trade
from sweettooth.games.sweetnose.positions import position, sweets
from sweettooth.games.sweetnose.state import SweetNoseState

from .helpers import GAME, play

MARKERS = [[1, 2, 3, 4, 5]] * 3


def refused(s: SweetNoseState, move: object) -> str:
    """The reason `move` (an action or its notation) is refused; the state must not change."""
    before = s.snapshot()
    with pytest.raises(IllegalAction) as caught:
        s.apply(move)
    assert s.snapshot() == before
    assert "legal actions" not in str(caught.value)
    return caught.value.reason


def exchange(held: tuple[int, int, int] = (0, 0, 0)) -> SweetNoseState:
    """Phase 2, P1 to move: P1 has red and green, P2 green and yellow, P3 brown; the market
    pink and yellow."""
    return position(
        plates=[sweets(red=4, green=4), sweets(green=4, yellow=4), sweets(brown=8)],
        market=sweets(pink=2, yellow=1),
        markers=MARKERS,
        held=list(held),
    )


def auction() -> SweetNoseState:
    s = GAME.new(3, seed=2, variation="shopkeeper")
    assert isinstance(s, SweetNoseState) and s.phase == "auction"
    return s


# -- exchanges (SN-4) ---------------------------------------------------------------------------
def test_a_sweet_cannot_be_traded_for_one_of_the_same_kind() -> None:
    s = exchange()
    assert refused(s, "trade P2 green for green") == (
        "a sweet cannot be traded for one of the same kind"
    )
    assert refused(s, "market red for red").startswith("a sweet cannot be traded")


def test_you_can_only_give_a_kind_that_is_on_your_plate() -> None:
    assert refused(exchange(), "market yellow for pink") == (
        "you have no yellow sweet on your plate"
    )


def test_the_market_must_hold_the_kind_you_take() -> None:
    assert refused(exchange(), "market red for brown") == "the market has no brown sweet"


def test_the_opponent_must_hold_the_kind_you_take() -> None:
    assert refused(exchange(), "trade P2 green for red") == "P2 has no red sweet on their plate"


def test_trading_with_yourself_or_a_missing_player_is_refused() -> None:
    s = exchange()
    assert refused(s, Trade(0, 0, 1)).startswith("you cannot trade with yourself")
    assert refused(s, "trade P5 red for green") == "there is no P5 at this table"


def test_only_one_exchange_a_turn() -> None:
    s = exchange(held=(1, 0, 0))  # store 1 still has a use after the exchange
    play(s, "trade P2 red for green")
    assert s.to_move == 0
    assert refused(s, "market red for pink").startswith(
        "you have already made this turn's exchange; you may use your store"
    )
    assert refused(s, "pass") == "you have made your exchange: use your store or end your turn"


def test_a_turn_ends_only_after_its_exchange() -> None:
    assert refused(exchange(), "end turn").startswith("a turn ends only after its exchange")


def test_pass_only_when_no_exchange_is_possible() -> None:
    assert refused(exchange(), "pass") == (
        "you may pass only when no exchange is possible; you must make an exchange: "
        "trade with an opponent or the market"
    )


# -- markers (SN-1, SN-3) -----------------------------------------------------------------------
def test_markers_are_set_only_at_the_start_of_a_round() -> None:
    reason = refused(exchange(), "markers red=1 green=2 brown=3 pink=4 yellow=5")
    assert reason.startswith("markers are set only at the start of a round")


def test_markers_must_be_one_to_five_once_each() -> None:
    s = GAME.new(3, seed=1)
    assert s.phase == "markers"
    assert refused(s, "markers red=1 green=1 brown=3 pink=4 yellow=5") == (
        "the five markers must be 1, 2, 3, 4 and 5, one per kind"
    )
    assert refused(s, SetMarkers((1, 2, 3, 4, 6))).startswith("the five markers")
    assert refused(s, "pass") == (
        "you cannot pass while markers are being set; you must set your five sweetness "
        "markers, 1 to 5, one per kind"
    )


# -- stores (SN-7) ------------------------------------------------------------------------------
def test_a_store_must_be_held_to_be_used() -> None:
    assert refused(exchange(), "store 1 red") == "you hold no store tile"
    assert refused(exchange(held=(3, 0, 0)), "store 1 red") == "you hold store 3, not store 1"


def test_a_store_is_used_once_a_turn() -> None:
    s = exchange(held=(1, 0, 0))
    play(s, "store 1 red")
    assert refused(s, "store 1 green").startswith(
        "you have already used your store this turn; you must now make your exchange"
    )


def test_a_store_use_the_position_does_not_allow() -> None:
    s = exchange(held=(1, 0, 0))
    assert refused(s, "store 1 brown") == (
        "store 1 cannot be used that way now (Place a sweet from your plate to your bowl.)"
    )
    five = exchange(held=(5, 0, 0))
    assert refused(five, StoreUse(5, "ignore_market")).startswith("store 5 is never played")


# -- the Shopkeeper auction and store picking (SN-8, SN-9) --------------------------------------
def test_a_bid_must_move_forward_to_a_free_space_within_the_ladder() -> None:
    s = auction()
    play(s, "bid 4")
    assert refused(s, "bid 4") == "P1's marker is already on space 4"
    assert refused(s, Bid(0)) == "a bid must move your marker forward, past space 0"
    assert refused(s, "bid 21") == "bids go up to space 20"


def test_bids_only_in_the_auction() -> None:
    assert refused(exchange(), "bid 3").startswith("bids are made only in the Shopkeeper auction")


def test_store_picking_refusals() -> None:
    s = auction()
    play(s, "bid 4", "bid 5", "pass", "pass", "pass")  # P2 picks first (31+), then P1 (26+)
    assert s.phase == "stores" and s.to_move == 1
    assert refused(s, "take store 12") == "there is no store 12; the stores are 1, 2, 3, 4, 5, " \
        "6, 7, 8, 9, 10"
    play(s, "take store 10")
    assert s.to_move == 0
    assert refused(s, "take store 10") == "store 10 is not on the board: P2 holds it"
    assert refused(s, "take store 5") == (
        "store 5 is a 31+ store; you may take one of level 26+ or lower"
    )
    assert refused(s, "trade P2 red for green").startswith(
        "sweets are not exchanged while store tiles are being taken; you must take a store tile"
    )
    assert refused(exchange(), "take store 1").startswith("store tiles are taken only at the reset")


# -- text ---------------------------------------------------------------------------------------
def test_notation_is_read_in_any_case() -> None:
    s = exchange()
    assert GAME.parse_action(s, "TRADE p2 RED for Green") == Trade(1, 0, 1)
    assert GAME.parse_action(s, "Market  red FOR pink") == s.game.parse_action(
        s, "market red for pink"
    )


def test_text_that_names_no_move_says_what_is_expected() -> None:
    assert refused(exchange(), "swap red") == (
        "expected 'trade P2 <kind> for <kind>' or 'market <kind> for <kind>'"
    )
    assert refused(auction(), "raise 3") == "expected 'bid <space>' like 'bid 1', or 'pass'"


def test_every_move_after_the_end_is_refused_because_the_game_is_over() -> None:
    s = GAME.new(3, seed=4, max_turns=1)
    rng = random.Random(4)
    while s.to_move is not None:
        s.apply(rng.choice(s.legal_actions()))
    assert refused(s, "pass") == "the game is over"
