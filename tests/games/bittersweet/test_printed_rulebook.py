"""Every statement of the printed rulebook that the public API can express, on the DEFAULT game
(no options: the printed card set). Each test quotes the rule it checks; rulings are cited by id.
Positions are built with `position.arrange` (the box, hands and Preference cards of a round)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import sweettooth as st
from sweettooth.core import IllegalAction
from sweettooth.games.bittersweet.position import arrange
from sweettooth.games.bittersweet.state import BitterSweetState

GAME = st.game("bittersweet")


def printed(players: int = 2, seed: int = 1, **kw: Any) -> BitterSweetState:
    """A default game (no options) with its round arranged."""
    state: BitterSweetState = GAME.new(players, seed=seed)
    assert state.options["cards"] == "original" and state.options["turn_limit"] == 0
    arrange(state, **kw)
    return state


def play(state: st.State, *texts: str) -> None:
    for text in texts:
        state.apply(GAME.parse_action(state, text))


def legal(state: st.State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def me(state: st.State, seat: int) -> dict[str, Any]:
    seat_view: dict[str, Any] = state.view(seat)["seats"][seat]
    return seat_view


def last_round(state: st.State) -> dict[str, Any]:
    rounds: list[dict[str, Any]] = state.view(None)["rounds"]
    return rounds[-1]


KEEP = {"e4": "almond"}  # one more face-down Choc: keeps the box from emptying or all face up


# -- Set-Up ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "cells", "cols"), [(2, 20, 5), (3, 24, 6), (4, 28, 7)])
def test_setup_box_sizes_and_empty_wrappers(players: int, cells: int, cols: int) -> None:
    """D: 2 players = 20 Chocs (5 x 4), 3 = 24 (6 x 4), 4 = 28 (7 x 4); E: all other Chocs are
    Empty Wrappers, face down. C: one Preference card under YUM!, one under YUCK!."""
    view = GAME.new(players, seed=3).view(0)
    assert view["cols"] == cols and len(view["box"]) == cells
    assert all(b["face"] == "down" and b["choc"] is None for b in view["box"])
    assert view["stack"] == 45 - cells
    mine = view["seats"][0]
    assert len(mine["yum"]) == 1 and len(mine["yuck"]) == 1 and mine["deck"] == 10
    assert view["seats"][1]["known_yum"] == [] and view["seats"][1]["yum_cards"] == 1


# -- Player Turn -----------------------------------------------------------------------------------
def test_two_actions_the_same_one_twice_and_no_pass() -> None:
    """A turn consists of 2 actions (you may perform the same action more than once); players
    must take their 2 available actions."""
    s = printed(fill=False, down={"a1": "almond", "b1": "coconut", **KEEP})
    play(s, "take a1")
    assert s.to_move == 0 and "take b1" in legal(s)
    assert not [a for a in legal(s) if a.startswith(("pass", "end"))]
    play(s, "take b1")
    assert s.to_move == 1 and sorted(me(s, 0)["hand"]) == ["almond", "coconut"]


def test_take_face_up_or_face_down_and_the_hand_is_private() -> None:
    """Take a Choc face-up or face-down; your hand is private: no one gets to see it but you."""
    s = printed(fill=False, up={"a1": "honey"}, down={"b1": "banana", **KEEP})
    play(s, "take b1", "take a1")
    assert me(s, 0)["hand"] == ["honey", "banana"]
    other = s.view(1)["seats"][0]
    assert other["hand_size"] == 2 and other["known_hand"] == ["honey"]  # seen face up only
    assert "hand" not in other


def test_reveal_flips_face_up_and_never_face_down() -> None:
    """Reveal (flip over) a Choc in the box; this action cannot flip a Choc face-down."""
    s = printed(fill=False, up={"a1": "honey"}, down={"b1": "banana", **KEEP})
    assert "reveal b1" in legal(s) and "reveal a1" not in legal(s)
    with pytest.raises(IllegalAction):
        play(s, "reveal a1")
    play(s, "reveal b1")
    assert s.view(1)["box"][1] == {"cell": "b1", "face": "up", "choc": "banana"}


def test_return_action_takes_an_empty_wrapper_an_ability_return_does_not() -> None:
    """Return a Choc face-down to the box, then take an Empty Wrapper; if returning a Choc due
    to an ability, you don't take an Empty Wrapper (BS-3: any empty space)."""
    s = printed(fill=False, down={"a1": "toffee", **KEEP}, hands={0: ["honey", "banana"]})
    stack = s.stack
    play(s, "return honey b1")
    assert s.stack == stack - 1 and me(s, 0)["wrappers"] == 1
    assert s.view(0)["box"][1] == {"cell": "b1", "face": "down", "choc": "honey"}
    assert s.view(1)["box"][1]["choc"] is None  # the others see the space, not the Choc
    play(s, "take a1")  # Toffee, face down: "return 1 Choc from your hand"
    assert legal(s) and all(a.startswith("return ") for a in legal(s))
    play(s, "return banana c1")
    assert s.stack == stack - 1 and me(s, 0)["wrappers"] == 1  # no second wrapper
    assert s.to_move == 1  # the ability used none of the 2 actions


def test_abilities_never_take_up_actions() -> None:
    """Chocs' abilities never take up your available actions in a turn."""
    s = printed(fill=False, down={"a1": "macadamia", "b1": "honey", **KEEP})
    play(s, "reveal a1", "pick b1")  # On Reveal: look at 1 face-down Choc
    assert s.to_move == 0 and s.view(0)["actions_left"] == 1
    assert s.view(0)["box"][1]["choc"] == "honey" and s.view(1)["box"][1]["choc"] is None


def test_on_reveal_activates_when_flipped_in_the_box() -> None:
    """Chocs with ON REVEAL have abilities that activate when revealed in the box (and only
    then: taking one face down does nothing)."""
    s = printed(fill=False, down={"a1": "key-lime", "b1": "matcha", **KEEP})
    play(s, "reveal a1")  # Key Lime: 1 extra action
    assert s.view(0)["actions_left"] == 2
    play(s, "take b1")  # Matcha taken face down: no extra action
    assert s.view(0)["actions_left"] == 1


def test_face_down_taken_is_read_aloud_and_happens() -> None:
    """"If face-down when taken": read these aloud, then activate the effects."""
    s = printed(fill=False, down={"a1": "mango", "b1": "honey", **KEEP})
    play(s, "take a1")  # Mango: your turn ends
    assert s.to_move == 1
    assert s.view(1)["seats"][0]["known_hand"] == ["mango"]
    s2 = printed(fill=False, up={"a1": "mango"}, down={"b1": "honey", **KEEP})
    play(s2, "take a1")  # face up: no effect
    assert s2.to_move == 0


# -- FAQ -------------------------------------------------------------------------------------------
def test_faq_an_ability_that_cannot_be_done_entirely_is_not_done_at_all() -> None:
    """"On Reveal, reveal two other Chocs" but only one Choc remains face down: you don't
    reveal any other Chocs (NOTE and FAQ 1)."""
    s = printed(fill=False, down={"a1": "cheesecake", "b1": "honey"}, up={"c1": "banana"})
    play(s, "reveal a1")
    assert s.view(0)["box"][1]["face"] == "down"
    assert s.to_move == 0 and s.view(0)["actions_left"] == 1 and "pick b1" not in legal(s)


def test_faq_revealed_on_reveals_chain_in_any_order_after_both_flip() -> None:
    """A Choc's On Reveal told me to reveal two Chocs, which revealed other On Reveal abilities:
    reveal both, then resolve their On Reveal abilities in any order you wish (FAQ 4)."""
    for first in ("hazelnut", "key-lime"):
        s = printed(fill=False, down={"a1": "cheesecake", "b1": "hazelnut", "c1": "key-lime",
                                      "d1": "honey", **KEEP})
        play(s, "reveal a1", "pick b1", "pick c1")
        faces = [b["face"] for b in s.view(1)["box"][:3]]
        assert faces == ["up", "up", "up"]  # both flipped before either resolves
        assert sorted(legal(s)) == ["resolve hazelnut", "resolve key-lime"]
        play(s, f"resolve {first}")  # the other one, alone then, resolves by itself
        play(s, "pick d1")  # Hazelnut: reveal 1 other face-down Choc
        assert s.view(1)["box"][3]["face"] == "up"
        assert s.view(0)["actions_left"] == 2  # Key Lime's extra action, in either order


def test_faq_two_yuck_cards_are_swapped_and_discarded_together() -> None:
    """An ability changed my YUCK and I have two YUCK cards: the two count as your YUCK; swap or
    discard them together (FAQ 2)."""
    s = printed(fill=False, down={"a1": "toffee-crunch", "b1": "white-creme", **KEEP},
                yum={0: ["solid"]}, yuck={0: ["dark"]})
    play(s, "take a1")  # Toffee Crunch: draw a second card under your YUCK!
    yuck = me(s, 0)["yuck"]
    assert len(yuck) == 2 and yuck[0] == "dark"
    play(s, "reveal b1")  # White Creme: swap your YUM! and YUCK!
    assert me(s, 0)["yum"] == yuck and me(s, 0)["yuck"] == ["solid"]
    s2 = printed(fill=False, down={"a1": "raspberry", **KEEP}, hands={0: ["honey"]},
                 yum={0: ["solid", "dark"]}, yuck={0: ["milk"]})
    play(s2, "take a1")  # Raspberry face down: discard your YUM! face up, draw a new one
    assert sorted(me(s2, 0)["discards"]) == ["dark", "solid"] and len(me(s2, 0)["yum"]) == 1
    assert s2.view(1)["seats"][0]["discards"] == me(s2, 0)["discards"]  # discarded face up


def test_faq_two_yum_cards_both_score() -> None:
    """Two Preference cards under YUM! both count (FAQ 2), at round end."""
    s = printed(fill=False, up={"a1": "coconut"}, hands={0: ["honey", "banana"]},
                yum={0: ["dark", "heart"]}, yuck={0: ["white"]})
    play(s, "take a1")  # the box is empty: the round ends at once
    sheet = last_round(s)["sheets"][0]
    assert [line["points"] for line in sheet["yum"]] == [2, 1]  # dark x2: 1 each; heart x1: 1


def test_faq_garlic_forbids_every_return_until_given_away() -> None:
    """A Choc says I cannot return Chocs from my hand, and another Choc requires me to return
    one: you simply don't do it. If you give the Choc preventing it to another player, you are
    free to return Chocs once again (FAQ 3)."""
    s = printed(fill=False, down={"a1": "toffee", "b1": "vanilla", "c1": "pea-pod", "e3": "banana",
                                  **KEEP},
                hands={0: ["garlic-cloves", "honey"]}, empty=["d1"])
    assert not [a for a in legal(s) if a.startswith("return")]  # the return action
    play(s, "take a1")  # Toffee face down: return 1 Choc, which Garlic forbids
    assert s.to_move == 0 and s.view(0)["actions_left"] == 1
    assert not [a for a in legal(s) if a.startswith("return")]
    assert sorted(me(s, 0)["hand"]) == ["garlic-cloves", "honey", "toffee"]
    play(s, "reveal b1")  # Vanilla: give a Choc from your hand to another player
    play(s, "give garlic-cloves to P2")
    assert s.to_move == 1
    assert not [a for a in legal(s) if a.startswith("return")]  # P2 now holds the Garlic
    play(s, "take e4", "reveal c1")  # P2 reveals Pea Pod (return 1): forbidden for P2 too
    assert s.to_move == 0 and len(me(s, 1)["hand"]) == 2
    assert "return honey a1" in legal(s)  # P1 may return again


def test_give_to_the_left_is_the_next_player_clockwise() -> None:
    """Play goes clockwise; "to the left" is the next player in that order (seat + 1)."""
    s = printed(players=3, fill=False, down={"a1": "peanut", **KEEP},
                hands={2: ["honey"]}, current=2)
    play(s, "take a1")  # Peanut face down: give a Choc to the player on your left
    assert sorted(legal(s)) == ["give honey to P1", "give peanut to P1"]
    play(s, "give honey to P1")
    assert me(s, 0)["hand"] == ["honey"]


def test_on_reveal_return_and_the_returned_choc_goes_face_down() -> None:
    """Pea Pod's On Reveal returns a Choc from your hand face down to the box, without a
    wrapper; the box gains a face-down Choc."""
    s = printed(fill=False, down={"a1": "pea-pod", **KEEP}, hands={0: ["honey"]})
    play(s, "reveal a1", "return honey b1")
    assert s.view(0)["box"][1] == {"cell": "b1", "face": "down", "choc": "honey"}
    assert me(s, 0)["wrappers"] == 0 and me(s, 0)["hand"] == []


# -- Round End, scoring and the example ------------------------------------------------------------
def test_printed_example_9_points_yum_6_yuck_2_total_13() -> None:
    """Player 1 scores 9 points; YUM! earns 6 (15), YUCK! loses 2: 13 for the round."""
    s = printed(fill=False, up={"a1": "coconut"}, hands={0: ["honey", "espresso", "mango"]},
                yum={0: ["heart"]}, yuck={0: ["creamy"]})
    play(s, "take a1")
    sheet = last_round(s)["sheets"][0]
    assert (sheet["chocs"], sheet["yum_points"], sheet["yuck_points"], sheet["total"]) == (
        9, 6, -2, 13)


def test_yuck_chocs_still_give_their_own_points() -> None:
    """You always gain the points on the individual Chocs, even if they match your YUCK!"""
    s = printed(fill=False, up={"a1": "banana"}, yum={0: ["heart"]}, yuck={0: ["hexagon"]})
    play(s, "take a1")
    sheet = last_round(s)["sheets"][0]
    assert sheet["chocs"] == 3 and sheet["total"] == 3 + sheet["yuck_points"] < 3


def test_round_ends_at_once_when_the_box_is_empty() -> None:
    """No Chocs left in the box: the round ends immediately (even with an action left)."""
    s = printed(fill=False, up={"a1": "honey"})
    play(s, "take a1")
    assert s.view(None)["round"] == 2 and last_round(s)["round"] == 1


def test_round_ends_at_turn_end_when_all_face_up() -> None:
    """At the end of a turn, the round ends if all Chocs in the box are face up."""
    s = printed(fill=False, up={"a1": "honey"}, down={"b1": "banana", "c1": "almond"})
    play(s, "reveal b1")
    assert s.view(None)["round"] == 1
    play(s, "reveal c1")
    assert s.view(None)["round"] == 2 and len(s.view(None)["rounds"]) == 1


def test_round_ends_at_turn_end_when_all_have_two_wrappers() -> None:
    """At the end of a turn, the round ends if all players have 2 or more Empty Wrappers."""
    s = printed(fill=False, down={"a1": "honey", **KEEP}, hands={1: ["banana"]},
                wrappers=[2, 1], current=1)
    play(s, "return banana b1")
    assert s.view(None)["round"] == 1
    play(s, "take a1")
    assert s.view(None)["round"] == 2


def test_round_winner_next_starter_and_new_preference_cards() -> None:
    """The most points wins the round; discard Preference cards face up and draw 2 new; the
    player following the previous round's winner starts the next round."""
    s = printed(fill=False, up={"a1": "honey"}, hands={1: ["banana"]},
                yum={0: ["white"], 1: ["creamy"]}, yuck={0: ["milk"], 1: ["heart"]})
    play(s, "take a1")
    r = last_round(s)
    assert r["winners"] == [1] and s.view(None)["start_player"] == 0 == s.to_move
    assert sorted(me(s, 0)["discards"]) == ["milk", "white"]
    assert len(me(s, 0)["yum"]) == len(me(s, 0)["yuck"]) == 1


def test_a_tied_round_is_shared_and_the_next_starter_follows_the_last() -> None:
    """A tie for highest points: those players share the round win; if no new starting player
    can be determined, the player after the last round's starter goes first."""
    s = printed(fill=False, up={"a1": "honey"}, hands={1: ["almond"]},
                yum={0: ["round"], 1: ["round"]}, yuck={0: ["milk"], 1: ["milk"]})
    play(s, "take a1")  # Honey 2 against Almond 2, no Preference card matches
    r = last_round(s)
    assert r["scores"] == [2, 2] and r["winners"] == [0, 1]
    assert s.view(None)["start_player"] == 1 == s.to_move
    assert [e["round_wins"] for e in s.view(None)["seats"]] == [1, 1]


def test_two_round_wins_win_the_game() -> None:
    """If you've won 2 rounds, you win the game; points do not carry over."""
    s = printed(fill=False, up={"a1": "honey"}, hands={0: ["banana"]},
                yum={0: ["white"], 1: ["white"]}, yuck={0: ["milk"], 1: ["milk"]})
    play(s, "take a1")
    assert last_round(s)["winners"] == [0]
    arrange(s, fill=False, up={"a1": "almond"}, hands={0: ["cinnamon"]},
            yum={0: ["white"], 1: ["white"]}, yuck={0: ["milk"], 1: ["milk"]})
    play(s, "take a1")  # P2 starts round 2 and empties the box: P1 still scores more
    result = s.result()
    assert result is not None and result.winners == [0]


# -- Our house rule against loops (the printed game has none) --------------------------------------
def toffee_loop(s: st.State) -> None:
    """One turn that leaves the position as it was: take Toffee face down from a1, return it
    there (its own ability, no wrapper), twice."""
    play(s, "take a1", "return toffee a1", "take a1", "return toffee a1")


def test_a_position_repeated_a_third_time_ends_the_round_as_it_stands() -> None:
    """House rule: when the position at the start of the turn of the round's first player comes
    up for the third time in the round, the round ends and is scored as it stands."""
    s = printed(fill=False, down={"a1": "toffee", **KEEP}, hands={0: ["honey"], 1: ["banana"]})
    for _ in range(3):  # P1, P2, P1: back at P2's start for the 2nd time
        toffee_loop(s)
    assert s.view(None)["round"] == 1 and s.to_move == 1
    toffee_loop(s)  # P2: the start of P1's turn comes up a third time
    assert s.view(None)["round"] == 2
    r = last_round(s)
    assert r["scores"] == [sheet["total"] for sheet in r["sheets"]]
    assert [sheet["hand"] for sheet in r["sheets"]] == [["honey"], ["banana"]]
    log = s.view(0)["log"]
    assert any("third time" in line or "3rd time" in line for line in log)


def test_the_compared_position_follows_a_preference_swap() -> None:
    """The position the rule compares holds the Preference cards as they are now (the engine
    keeps that part ready between changes: a swap must renew it)."""
    s = printed(fill=False, down={"a1": "white-creme", **KEEP}, yum={0: ["solid"]},
                yuck={0: ["dark"]})
    play(s, "reveal a1")  # White Creme: swap your YUM! and YUCK!
    seen = s.position()
    s.pref_key = None
    assert seen == s.position()


def test_a_round_that_changes_is_never_cut() -> None:
    """P2 loops on Toffee, but P1 takes an Empty Wrapper each turn (return Honey, take it back):
    the position never repeats, so the round goes on past the old cut of 15 turns each."""
    s = printed(fill=False, down={"a1": "toffee", **KEEP}, hands={0: ["honey"], 1: ["banana"]})
    for turn in range(20):
        play(s, "return honey b1", "take b1")
        assert me(s, 0)["wrappers"] == turn + 1
        toffee_loop(s)
    assert s.view(None)["round"] == 1 and s.view(None)["turns"] == 40


def test_random_default_games_end_and_rounds_end_by_print_or_repetition() -> None:
    """Random play on the default game: every game ends; no round is cut by a turn count."""
    for seed in range(6):
        s = GAME.new(2, seed=seed)
        rng = random.Random(seed)
        while s.to_move is not None:
            s.apply(rng.choice(s.legal_actions()))
        assert not [line for line in s.view(None)["log"] if "limit" in line]
