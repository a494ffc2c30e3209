"""Sweet Shop refusals: one test per kind of refused move, each naming why and changing nothing."""

from __future__ import annotations

import pytest

from sweettooth.core import IllegalAction
from sweettooth.games.sweetshop.actions import Grab
from sweettooth.games.sweetshop.state import SweetShopState

from .helpers import GAME, play, position

DECK = ["4D", "5D", "9S", "JC"]


def refused(s: SweetShopState, move: object) -> str:
    """The reason `move` (an action or its notation) is refused; the state must not change."""
    before = s.snapshot()
    with pytest.raises(IllegalAction) as caught:
        s.apply(move)
    assert s.snapshot() == before
    assert "legal actions" not in str(caught.value)
    return caught.value.reason


def shop(**kw: object) -> SweetShopState:
    """Shelf 7H 2C 10S 6D 8C 3S, white dice 1 2 3 4, discard dice on 1 and 2."""
    kw.setdefault("deck", DECK)
    return position(**kw)


# -- dice (SS-2) --------------------------------------------------------------------------------
def test_a_pair_the_dice_do_not_show() -> None:
    assert refused(shop(), "grab 5 with 5+6") == (
        "no pair 5+6 among your dice: your white dice are 1, 2, 3, 4"
    )
    s = shop()
    play(s, "grab 1 with 1+2")
    assert refused(s, "grab 1 with 1+2") == "no pair 1+2 among your dice: the dice left are 3, 4"


def test_both_pairs_used() -> None:
    s = shop()
    play(s, "grab 1 with 1+2", "grab 3 with 3+4")
    assert refused(s, "grab 4 with 3+4") == (
        "you have used both pairs of white dice this turn: end your turn"
    )


def test_the_last_resort_is_the_turns_only_action() -> None:
    s = shop()
    play(s, "last resort 5")
    assert refused(s, "grab 1 with 1+2") == (
        "the Last Resort was this turn's only action: end your turn"
    )
    assert refused(s, "last resort 3") == "you have already taken the Last Resort this turn"
    s = shop()
    play(s, "grab 1 with 1+2")
    assert refused(s, "last resort 3") == (
        "the Last Resort replaces both pair actions: you have already used a pair"
    )


# -- Grab ---------------------------------------------------------------------------------------
def test_a_grab_takes_a_position_one_die_shows() -> None:
    assert refused(shop(), "grab 3 with 1+2") == (
        "a Grab takes the position one die of the pair shows: 1 or 2"
    )


def test_an_empty_shelf_position_cannot_be_grabbed() -> None:
    s = shop(shelf=[None, "2C", "10S", "6D", "8C", "3S"])
    assert refused(s, "grab 1 with 1+2") == "Shelf position 1 is empty"
    assert refused(s, "last resort 1") == "Shelf position 1 is empty"
    assert refused(s, Grab((7,), (1, 2))) == "the Shelf positions are 1 to 6"


def test_a_second_position_needs_a_multipack() -> None:
    assert refused(shop(), "grab 1,2 with 1+2") == (
        "a second position needs a Multipack (eat a Heart to get one)"
    )
    assert refused(shop(multipacks=1), "grab 1,3 with 1+2") == (
        "a Multipack Grab takes the two positions the dice show, 1 and 2 (never with a double)"
    )


# -- Eat ----------------------------------------------------------------------------------------
def test_only_a_basket_card_can_be_eaten() -> None:
    s = shop(basket=["9H"])
    assert refused(s, "eat 7H with 3+4") == "7H is on the Shelf: grab it first"
    assert refused(s, "eat 9D with 1+2") == "9D is not in your Basket"


def test_the_pair_must_add_up_to_the_card() -> None:
    assert refused(shop(basket=["9H"]), "eat 9H with 1+2") == (
        "1+2 makes 3, not 9 (an Ace is eaten with any pair)"
    )


def test_a_flavour_changer_must_be_held_and_must_fit() -> None:
    assert refused(shop(basket=["4H"]), "eat 4H with 1+2 +1") == (
        "you have no Flavour Changer to use (eat a Spade with an exact roll to get one)"
    )
    assert refused(shop(basket=["4H"], flavour_changers=1), "eat 4H with 1+2 -1") == (
        "1+2 -1 makes 2, not 4"
    )


# -- Sour Cherries and Sugar Rush (SS-4, SS-5) ------------------------------------------------
def test_sour_cherries_must_be_held_and_move_a_discard_die_one_step() -> None:
    assert refused(shop(), "cherries 1>2") == (
        "you have no Sour Cherries to use (eat a Club with an exact roll to get one)"
    )
    s = shop(sour_cherries=1)
    assert refused(s, "cherries 3>4") == "no discard die is on position 3: they mark 1 and 2"
    assert refused(s, "cherries 1>3") == "a discard die moves to a neighbouring position: 2"


def test_a_sugar_rush_is_answered_first_and_only_when_it_comes() -> None:
    assert refused(shop(basket=["9H"]), "skip sugar rush") == (
        "no Sugar Rush is waiting (eating a Diamond gives one)"
    )
    s = shop(basket=["2D", "9H"], white=(1, 1, 3, 4))
    play(s, "eat 2D with 1+1")
    assert s.sugar_rush
    assert refused(s, "grab 3 with 3+4") == (
        "first answer the Sugar Rush: you must eat a card from your Basket with no dice, or skip "
        "the Sugar Rush"
    )
    assert refused(s, "sugar rush 2D") == "2D is not in your Basket"
    assert refused(s, "sugar") == "expected 'sugar rush <card>' like 'sugar rush 9H', or " \
        "'skip sugar rush'"


# -- text and the end ---------------------------------------------------------------------------
def test_notation_is_read_in_any_case_and_unknown_text_gets_the_shapes() -> None:
    s = shop(basket=["3H"])
    assert GAME.parse_action(s, "GRAB 1 WITH 1+2") == Grab((1,), (1, 2))
    assert refused(s, "buy 7H") == (
        "expected 'grab <position> with <die>+<die>', 'eat <card> with <die>+<die>', "
        "'last resort <position>' or 'end turn', like 'grab 1 with 1+2'"
    )
    play(s, "grab 1 with 1+2", "grab 3 with 3+4")
    assert refused(s, "buy 7H") == "expected 'end turn'"


def test_after_the_shop_shuts_every_move_is_refused() -> None:
    s = shop(deck=[], final_turn=True)
    play(s, "end turn")
    assert s.to_move is None
    assert refused(s, "end turn") == "the game is over"
