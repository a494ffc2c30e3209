"""Scenario tests for every Sweet Shop ruling (SS-1..SS-6) and the printed rules they complete."""

from __future__ import annotations

import pytest

from sweettooth.core import IllegalAction
from sweettooth.games.sweetshop.cards import CARDS
from sweettooth.games.sweetshop.state import GAP, SweetShopState

from .helpers import GAME, legal, play, position


def names(cards: list[int]) -> list[str]:
    return [CARDS.name(c) for c in cards]


# -- SS-1: the deck, the set-aside figures, the Shelf -------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_ss1_deck_of_43_with_one_figure_per_rank_and_three_set_aside(seed: int) -> None:
    snap = GAME.new(1, seed=seed).snapshot()
    shelf, deck, piles = snap["shelf"], snap["deck"], snap["piles"]
    assert len(shelf) == 6 and GAP not in shelf
    assert len(shelf) + len(deck) == 43
    everything = shelf + deck + [c for p in piles for c in p]
    assert sorted(everything) == list(range(52))
    for fr in range(3):
        assert sum(1 for c in shelf + deck if CARDS.figure_rank[c] == fr) == 1
        assert len(piles[fr]) == 3


def test_ss1_which_figure_suit_is_in_the_deck_is_random() -> None:
    suits: set[int] = set()
    for seed in range(40):
        snap = GAME.new(1, seed=seed).snapshot()
        suits.update(CARDS.suit[c] for c in snap["shelf"] + snap["deck"] if CARDS.rank[c] == 10)
    assert len(suits) > 1


def test_ss1_shelf_is_dealt_left_to_right_from_the_top() -> None:
    state = GAME.new(1, seed=4)
    shelf = state.view(0)["shelf"]
    deal = state.log[0]
    assert [deal.index(f"{card} fills {p}") for p, card in enumerate(shelf, 1)] == sorted(
        deal.index(f"{card} fills {p}") for p, card in enumerate(shelf, 1)
    )


# -- SS-2: the dice and the turn ------------------------------------------------------------------
def test_ss2_each_turn_rolls_four_white_dice_and_two_discard_dice() -> None:
    state = GAME.new(1, seed=2)
    for turn in (1, 2, 3):
        view = state.view(0)
        assert view["turn"] == turn
        assert len(view["white_dice"]["rolled"]) == 4 and len(view["discard_dice"]) == 2
        assert all(1 <= d <= 6 for d in view["white_dice"]["rolled"] + view["discard_dice"])
        play(state, "end turn")


def test_ss2_dice_come_from_the_seed() -> None:
    def rolls(seed: int) -> list[list[int]]:
        state, out = GAME.new(1, seed=seed), []
        for _ in range(5):
            out.append(state.rolled + state.marks)
            play(state, "end turn")
        return out

    assert rolls(11) == rolls(11)
    assert rolls(11) != rolls(12)


def test_ss2_white_dice_form_two_pairs_of_the_players_choosing() -> None:
    state = position(white=(1, 2, 3, 4), basket=["AS"])
    eats = {a.pair for a in state.legal_actions() if str(a).startswith("eat AS")}
    assert eats == {(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)}
    play(state, "grab 1 with 1+3")
    assert state.white == [2, 4]
    pairs = {getattr(a, "pair", None) for a in state.legal_actions()} - {None}
    assert pairs == {(2, 4)}


def test_ss2_each_pair_action_is_optional() -> None:
    state = position(white=(1, 2, 3, 4), deck=["5H", "6H", "AC"], discard=(6, 6))
    assert "end turn" in legal(state)
    play(state, "grab 1 with 1+2")
    assert "end turn" in legal(state)
    play(state, "end turn")
    assert state.turn == 2 and len(state.white) == 4


def test_ss2_discard_dice_mark_positions_discarded_at_turn_end() -> None:
    # printed: "if a one is rolled then the first card will be discarded, ..."
    state = position(discard=(2, 5), deck=["AC", "AD", "5H"])
    play(state, "end turn")
    assert names(state.discarded) == ["2C", "8C"]
    assert state.view(0)["shelf"] == ["7H", "AC", "10S", "6D", "AD", "3S"]


def test_ss2_a_double_on_the_discard_dice_discards_only_one_card() -> None:
    state = position(discard=(3, 3), deck=["AC", "AD"])
    play(state, "end turn")
    assert names(state.discarded) == ["10S"]
    assert len(state.deck) == 1


def test_printed_marked_position_is_discarded_even_after_it_was_refilled() -> None:
    state = position(white=(1, 2, 3, 4), discard=(1, 6), deck=["5H", "AC", "AD"])
    play(state, "grab 1 with 1+2")
    assert state.view(0)["shelf"][0] == "5H"
    play(state, "end turn")
    assert names(state.discarded) == ["5H", "3S"]
    assert names(state.basket) == ["7H"]


# -- Grab and Eat (printed) -----------------------------------------------------------------------
def test_grab_needs_one_die_of_the_pair_on_the_cards_position() -> None:
    state = position(white=(2, 2, 5, 6))
    grabs = {str(a) for a in state.legal_actions() if str(a).startswith("grab")}
    assert grabs == {
        "grab 2 with 2+2", "grab 2 with 2+5", "grab 5 with 2+5", "grab 2 with 2+6",
        "grab 6 with 2+6", "grab 5 with 5+6", "grab 6 with 5+6",
    }  # fmt: skip


def test_grab_moves_the_card_to_the_basket_and_refills_from_the_deck_top() -> None:
    state = position(white=(2, 3, 4, 6), deck=["QD", "AC"])
    play(state, "grab 2 with 2+6")
    assert names(state.basket) == ["2C"]
    assert state.view(0)["shelf"][1] == "QD"
    assert names(state.deck) == ["AC"]


def test_eat_needs_the_pair_total_to_be_the_cards_number() -> None:
    # printed example: "you can Eat a Jack with a dice pair of 5 and 6"
    state = position(white=(3, 5, 6, 6), basket=["9H", "JD", "QS", "8S"])
    eats = {str(a) for a in state.legal_actions() if str(a).startswith("eat")}
    assert eats == {"eat 8S with 3+5", "eat 9H with 3+6", "eat JD with 5+6", "eat QS with 6+6"}
    play(state, "eat JD with 5+6")
    assert names(state.tummy) == ["JD"] and names(state.basket) == ["9H", "QS", "8S"]


def test_an_ace_is_eaten_with_any_pair() -> None:
    state = position(white=(2, 3, 5, 6), basket=["AC"])
    eats = [str(a) for a in state.legal_actions() if str(a).startswith("eat")]
    assert len(eats) == 6


def test_a_king_cannot_be_eaten_with_the_dice_alone() -> None:
    state = position(white=(6, 6, 6, 6), basket=["KH"])
    assert not [m for m in legal(state) if m.startswith("eat")]


def test_last_resort_grabs_any_card_and_ends_the_actions() -> None:
    state = position(white=(1, 1, 1, 1), deck=["5H"], sour_cherries=1, discard=(2, 4))
    assert "last resort 6" in legal(state)
    play(state, "last resort 6")
    assert names(state.basket) == ["3S"]
    assert state.view(0)["shelf"][5] == "5H"
    assert not [m for m in legal(state) if m.startswith(("grab", "eat", "last"))]
    assert "end turn" in legal(state)


def test_last_resort_is_not_allowed_after_a_pair_action() -> None:
    state = position(white=(1, 1, 2, 2), deck=["5H"])
    play(state, "grab 1 with 1+1")
    assert not [m for m in legal(state) if m.startswith("last resort")]
    with pytest.raises(IllegalAction):
        play(state, "last resort 3")


# -- SS-3: the figure queues ----------------------------------------------------------------------
def test_ss3_first_revealed_figure_turns_the_set_aside_into_its_queue() -> None:
    state = position(white=(2, 3, 4, 6), deck=["JD", "5H"], set_aside={"J": ["JS", "JH", "JC"]})
    assert state.view(0)["figures"]["J"] == {
        "name": "Chocolate Soldier", "delivered": False, "set_aside": 3,
    }  # fmt: skip
    play(state, "grab 2 with 2+3")
    assert state.view(0)["figures"]["J"] == {
        "name": "Chocolate Soldier", "delivered": True, "queue": 3,
    }  # fmt: skip


def test_ss3_a_grabbed_figure_is_replaced_from_its_queue() -> None:
    shelf = ["7H", "2C", "JD", "6D", "8C", "3S"]
    state = position(shelf=shelf, white=(3, 4, 5, 6), deck=["5H"], queues={"J": ["JS", "JH"]})
    play(state, "grab 3 with 3+4")
    assert state.view(0)["shelf"][2] == "JS"
    assert names(state.deck) == ["5H"]
    assert state.view(0)["figures"]["J"]["queue"] == 1


def test_ss3_a_discarded_figure_is_replaced_from_its_queue() -> None:
    shelf = ["7H", "2C", "KD", "6D", "8C", "3S"]
    state = position(shelf=shelf, discard=(3, 3), deck=["5H"], queues={"K": ["KS"]})
    play(state, "end turn")
    assert names(state.discarded) == ["KD"]
    assert state.view(0)["shelf"][2] == "KS"
    assert names(state.deck) == ["5H"]


def test_ss3_when_the_queue_is_used_up_the_deck_refills() -> None:
    shelf = ["7H", "2C", "QD", "6D", "8C", "3S"]
    state = position(shelf=shelf, white=(3, 4, 5, 6), deck=["5H"], queues={"Q": []})
    play(state, "grab 3 with 3+4")
    assert state.view(0)["shelf"][2] == "5H"


def test_ss3_the_queue_refills_only_the_gap_its_figure_left() -> None:
    shelf = ["7H", "2C", "JD", "6D", "8C", "3S"]
    state = position(shelf=shelf, white=(1, 2, 5, 6), deck=["5H"], queues={"J": ["JS"]})
    play(state, "grab 1 with 1+2")
    assert state.view(0)["shelf"] == ["5H", "2C", "JD", "6D", "8C", "3S"]
    assert state.view(0)["figures"]["J"]["queue"] == 1


@pytest.mark.parametrize("seed", range(25))
def test_ss3_never_two_figures_of_one_rank_on_the_shelf(seed: int) -> None:
    import random

    state, rng = GAME.new(1, seed=seed), random.Random(seed)
    while state.to_move is not None:
        ranks = [CARDS.figure_rank[c] for c in state.shelf if c != GAP]
        figures = [r for r in ranks if r >= 0]
        assert len(figures) == len(set(figures))
        state.apply(rng.choice(state.legal_actions()))


# -- SS-4: the four eating bonuses ----------------------------------------------------------------
def test_ss4_multipack_grab_also_takes_the_other_dies_position() -> None:
    state = position(tummy=["5H"], white=(2, 5, 6, 6), deck=["AC", "AD", "5D"])
    assert "grab 2,5 with 2+5" in legal(state)
    play(state, "grab 2,5 with 2+5")
    assert names(state.basket) == ["2C", "8C"]
    assert state.view(0)["shelf"] == ["7H", "AC", "10S", "6D", "AD", "3S"]


def test_ss4_multipack_needs_a_heart_in_the_tummy() -> None:
    state = position(tummy=["5D"], white=(2, 5, 6, 6))
    assert not [m for m in legal(state) if "," in m]


def test_ss4_multipack_once_per_turn_for_each_heart() -> None:
    one = position(tummy=["5H"], white=(2, 5, 3, 6), deck=["AC", "AD", "5D", "7D"])
    play(one, "grab 2,5 with 2+5")
    assert not [m for m in legal(one) if "," in m]
    two = position(tummy=["5H", "6H"], white=(2, 5, 3, 6), deck=["AC", "AD", "5D", "7D"])
    play(two, "grab 2,5 with 2+5")
    assert "grab 3,6 with 3+6" in legal(two)
    play(one, "end turn")
    assert one.view(0)["bonuses"]["multipack"] == {"have": 1, "used_this_turn": 0}


def test_multipack_cannot_take_one_position_twice_on_a_double() -> None:
    # our choice: a double names one position only
    state = position(tummy=["5H"], white=(4, 4, 4, 4))
    assert "grab 4 with 4+4" in legal(state)
    assert not [m for m in legal(state) if "," in m]


def test_ss4_sugar_rush_eats_another_basket_card_at_once_with_no_dice() -> None:
    state = position(white=(1, 3, 5, 6), basket=["4D", "9S", "KS"])
    play(state, "eat 4D with 1+3")
    assert legal(state) == ["sugar rush 9S", "sugar rush KS", "skip sugar rush"]
    play(state, "sugar rush KS")
    assert names(state.tummy) == ["4D", "KS"]
    assert state.white == [5, 6]
    assert not state.view(0)["sugar_rush"]


def test_ss4_sugar_rush_can_chain_through_diamonds() -> None:
    state = position(white=(1, 3, 5, 6), basket=["4D", "7D", "9S"])
    play(state, "eat 4D with 1+3", "sugar rush 7D")
    assert legal(state) == ["sugar rush 9S", "skip sugar rush"]


def test_ss4_sugar_rush_is_lost_when_the_basket_is_empty() -> None:
    state = position(white=(1, 3, 5, 6), basket=["4D"])
    play(state, "eat 4D with 1+3")
    assert not state.sugar_rush
    assert not [m for m in legal(state) if "sugar" in m]


def test_ss4_sugar_rush_may_be_skipped_and_is_one_off() -> None:
    state = position(white=(1, 3, 5, 6), basket=["4D", "9S"])
    play(state, "eat 4D with 1+3", "skip sugar rush")
    assert names(state.basket) == ["9S"]
    assert "sugar_rush" not in state.view(0)["bonuses"]
    assert not [m for m in legal(state) if "sugar" in m]


def test_ss4_flavour_changer_counts_the_pair_one_more_or_one_less() -> None:
    with_spade = position(white=(4, 5, 1, 1), basket=["8H", "10H"], flavour_changers=1)
    assert {"eat 8H with 4+5 -1", "eat 10H with 4+5 +1"} <= set(legal(with_spade))
    without = position(white=(4, 5, 1, 1), basket=["8H", "10H"])
    assert not [m for m in legal(without) if m.startswith(("eat 8H", "eat 10H"))]


def test_ss4_flavour_changer_once_per_turn_for_each_spade() -> None:
    one = position(white=(4, 5, 4, 5), basket=["8H", "10H"], flavour_changers=1)
    play(one, "eat 8H with 4+5 -1")
    assert "eat 10H with 4+5 +1" not in legal(one)
    two = position(white=(4, 5, 4, 5), basket=["8H", "10H"], flavour_changers=2)
    play(two, "eat 8H with 4+5 -1")
    assert "eat 10H with 4+5 +1" in legal(two)


def test_ss4_a_king_is_eaten_with_twelve_and_a_flavour_changer() -> None:
    state = position(white=(6, 6, 1, 1), basket=["KH"], flavour_changers=1)
    play(state, "eat KH with 6+6 +1")
    assert names(state.tummy) == ["KH"]


def test_flavour_changers_do_not_stack_on_one_eat() -> None:
    # our choice: one Flavour Changer per Eat, so 11 never eats a King
    state = position(white=(5, 6, 1, 1), basket=["KH"], flavour_changers=2)
    assert not [m for m in legal(state) if m.startswith("eat KH")]


def test_ss4_sour_cherries_move_a_discard_die_one_position() -> None:
    state = position(discard=(2, 5), sour_cherries=1, deck=["AC", "AD"])
    assert [m for m in legal(state) if m.startswith("cherries")] == [
        "cherries 2>1", "cherries 2>3", "cherries 5>4", "cherries 5>6",
    ]  # fmt: skip
    play(state, "cherries 5>4", "end turn")
    assert names(state.discarded) == ["2C", "6D"]


def test_ss4_sour_cherries_bring_both_discard_dice_onto_one_card() -> None:
    state = position(discard=(2, 3), sour_cherries=1, deck=["AC", "AD"])
    play(state, "cherries 3>2", "end turn")
    assert names(state.discarded) == ["2C"]


def test_ss4_sour_cherries_once_per_turn_for_each_club_and_not_off_the_shelf() -> None:
    one = position(discard=(1, 6), sour_cherries=1)
    assert [m for m in legal(one) if m.startswith("cherries")] == ["cherries 1>2", "cherries 6>5"]
    play(one, "cherries 1>2")
    assert not [m for m in legal(one) if m.startswith("cherries")]
    two = position(discard=(1, 6), sour_cherries=2)
    play(two, "cherries 1>2")
    assert "cherries 2>3" in legal(two)


# -- SS-5: which eats trigger a bonus -------------------------------------------------------------
def bonuses(state: SweetShopState) -> dict[str, int]:
    view = state.view(0)
    return {k: b["have"] for k, b in view["bonuses"].items()}


def test_ss5_hearts_always_give_multipack_even_aces_and_flavour_changed() -> None:
    state = position(white=(1, 2, 3, 6), basket=["AH", "8H"])
    play(state, "eat AH with 1+3", "eat 8H with 2+6")
    assert bonuses(state)["multipack"] == 2
    changed = position(white=(4, 5, 1, 1), basket=["10H"], flavour_changers=1)
    play(changed, "eat 10H with 4+5 +1")
    assert bonuses(changed)["multipack"] == 1


def test_ss5_king_of_hearts_by_sugar_rush_gives_multipack() -> None:
    state = position(white=(1, 3, 5, 6), basket=["4D", "KH"])
    play(state, "eat 4D with 1+3", "sugar rush KH")
    assert bonuses(state)["multipack"] == 1


def test_ss5_ace_of_diamonds_gives_sugar_rush() -> None:
    state = position(white=(1, 3, 5, 6), basket=["AD", "9S"])
    play(state, "eat AD with 5+6")
    assert state.sugar_rush


def test_ss5_spades_and_clubs_give_their_bonus_only_on_an_exact_roll() -> None:
    state = position(white=(4, 5, 3, 4), basket=["9S", "7C"])
    play(state, "eat 9S with 4+5", "eat 7C with 3+4")
    assert bonuses(state) == {"multipack": 0, "flavour_changer": 1, "sour_cherries": 1}


def test_ss5_a_lasting_bonus_works_in_the_turn_it_is_earned() -> None:
    # our choice: the Club is in the Tummy at once, so its Sour Cherries can move a die now
    state = position(white=(3, 4, 1, 1), basket=["7C"], discard=(2, 5))
    play(state, "eat 7C with 3+4")
    assert "cherries 2>3" in legal(state)


def test_ss5_no_spade_or_club_bonus_with_a_flavour_changer() -> None:
    state = position(white=(4, 4, 3, 3), basket=["9S", "7C"], flavour_changers=2)
    play(state, "eat 9S with 4+4 +1", "eat 7C with 3+3 +1")
    assert bonuses(state) == {"multipack": 0, "flavour_changer": 2, "sour_cherries": 0}


def test_ss5_aces_of_spades_and_clubs_give_nothing() -> None:
    state = position(white=(1, 1, 2, 2), basket=["AS", "AC"])
    play(state, "eat AS with 1+1", "eat AC with 2+2")
    assert bonuses(state) == {"multipack": 0, "flavour_changer": 0, "sour_cherries": 0}


def test_ss5_kings_of_spades_and_clubs_give_nothing() -> None:
    state = position(white=(6, 6, 6, 6), basket=["KS", "KC"], flavour_changers=2)
    play(state, "eat KS with 6+6 +1", "eat KC with 6+6 +1")
    assert bonuses(state) == {"multipack": 0, "flavour_changer": 2, "sour_cherries": 0}


def test_ss5_no_spade_or_club_bonus_by_sugar_rush() -> None:
    state = position(white=(1, 3, 5, 6), basket=["4D", "9S", "7C", "5D"])
    play(state, "eat 4D with 1+3", "sugar rush 5D", "sugar rush 9S")
    assert bonuses(state)["flavour_changer"] == 0


# -- SS-6: the last turn and the score ------------------------------------------------------------
def test_ss6_a_gap_the_empty_deck_cannot_fill_makes_this_the_final_turn() -> None:
    state = position(white=(1, 2, 3, 4), deck=[], discard=(6, 6))
    play(state, "grab 1 with 1+2")
    view = state.view(0)
    assert view["final_turn"] and view["shelf"][0] is None
    assert state.to_move == 0  # the turn goes on as normal
    assert "grab 3 with 3+4" in legal(state)
    assert not [m for m in legal(state) if m.startswith(("grab 1 ", "last"))]
    play(state, "grab 3 with 3+4", "end turn")
    assert state.to_move is None
    assert state.result() is not None


def test_ss6_a_refill_failing_at_the_end_of_a_turn_ends_the_game() -> None:
    state = position(deck=["5H"], discard=(2, 5))
    play(state, "end turn")
    assert state.to_move is None
    assert state.view(0)["shelf"] == ["7H", "5H", "10S", "6D", None, "3S"]


def test_ss6_the_deck_running_out_exactly_is_not_yet_the_final_turn() -> None:
    state = position(deck=["5H", "6H"], discard=(2, 5))
    play(state, "end turn")
    assert state.to_move == 0 and state.turn == 2 and not state.final_turn
    assert state.deck == []


def test_ss6_a_figure_gap_with_no_queue_and_no_deck_is_final() -> None:
    shelf = ["7H", "2C", "JD", "6D", "8C", "3S"]
    state = position(shelf=shelf, white=(3, 4, 5, 6), queues={"J": []})
    play(state, "grab 3 with 3+4")
    assert state.final_turn


def test_ss6_score_the_tummy_only_figures_worth_more() -> None:
    state = position(
        tummy=["JH", "QS", "KD", "7C", "AH"], basket=["KS", "QH"], deck=[], discard=(1, 1)
    )
    play(state, "end turn")
    result = state.result()
    assert result is not None and result.scores == [9.0] and result.winners == [0]
    score = state.view(0)["score"]
    assert score["total"] == 9 and score["basket_unscored"] == 2
    assert (score["J"]["points"], score["Q"]["points"], score["K"]["points"]) == (2, 2, 3)
    assert score["plain"] == {"cards": 2, "points": 2}
    assert state.view(0)["result"] == {"scores": [9.0], "winners": [0]}
