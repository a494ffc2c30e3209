"""Every effect id of the vocabulary, On Reveal chains and the FAQ's "in its entirety" rule."""

from __future__ import annotations

import pytest

from .helpers import attrs, hand, legal, play, position

ONE_DOWN = {"e4": "almond"}  # a spare face-down Choc so the box is never empty by accident


def test_turn_is_exactly_two_actions_then_next_player() -> None:
    s = position(up={"a1": "honey", "b1": "banana"})
    play(s, "take a1")
    assert s.to_move == 0 and s.actions_left == 1
    play(s, "take b1")
    assert s.to_move == 1 and s.actions_left == 2


def test_reveal_two_then_choose_order_of_their_on_reveal() -> None:
    """FAQ: reveal both Chocs, then resolve their On Reveal abilities in any order."""
    s = position(fill=False, down={"a1": "cheesecake", "b1": "key-lime", "c1": "cherry",
                                   **ONE_DOWN})
    play(s, "reveal a1")
    assert s.to_move == 0 and legal(s) == ["pick b1", "pick c1", "pick e4"]
    play(s, "pick b1")
    assert not s.up[1], "nothing flips before both are picked"
    play(s, "pick c1")
    assert s.up[1] and s.up[2]
    assert legal(s) == ["resolve key-lime", "resolve cherry"]
    play(s, "resolve cherry")
    assert s.wrappers[0] == 1  # cherry first: take_wrapper
    assert s.actions_left == 2  # then key-lime, alone, resolves by itself: +1 action


def test_faq_reveal_two_with_one_face_down_does_nothing() -> None:
    """FAQ: 'reveal two other Chocs' with only one face down left: reveal none."""
    s = position(fill=False, down={"a1": "cheesecake", "b1": "key-lime"}, up={"c1": "honey"})
    play(s, "reveal a1")
    assert not s.up[1] and s.actions_left == 1
    assert "none of it is done" in s.log[-1][0]


def test_reveal_one_chains() -> None:
    s = position(fill=False, down={"a1": "hazelnut", "b1": "matcha", **ONE_DOWN},
                 cards="original")
    play(s, "reveal a1", "pick b1")
    assert s.up[1] and s.actions_left == 2  # matcha's extra action fired in the chain


def test_peek_is_private() -> None:
    s = position(fill=False, down={"a1": "lemon", "b1": "mango", "c1": "honey", **ONE_DOWN})
    play(s, "reveal a1", "pick b1", "pick c1")
    mine = {b["cell"]: b["choc"] for b in s.view(0)["box"]}
    theirs = {b["cell"]: b["choc"] for b in s.view(1)["box"]}
    assert mine["b1"] == "mango" and mine["c1"] == "honey"
    assert theirs["b1"] is None and theirs["c1"] is None
    assert not s.up[1] and not s.up[2]


def test_extra_actions_are_capped_at_two_per_turn() -> None:
    s = position(fill=False, down={"a1": "key-lime", "b1": "matcha", "c1": "hazelnut",
                                   "d1": "honey", **ONE_DOWN}, cards="original")
    play(s, "reveal a1", "reveal b1")
    assert s.extras == 2 and s.actions_left == 2
    s.extras = 2  # a third extra action would break the house cap: none of it is done
    play(s, "reveal c1", "pick d1")
    assert s.actions_left == 1


def test_take_wrapper() -> None:
    s = position(fill=False, down={"a1": "cherry", **ONE_DOWN})
    before = s.stack
    play(s, "reveal a1")
    assert s.wrappers[0] == 1 and s.stack == before - 1


def test_return_by_ability_is_shown_and_takes_no_wrapper_bs3() -> None:
    """If face-down when taken (toffee): return a Choc; an ability's return takes no wrapper,
    and it still happens with no Empty Wrapper left (BS-3)."""
    s = position(fill=False, down={"a1": "toffee", **ONE_DOWN}, hands={0: ["honey"]}, stack=0,
                 cards="original")
    play(s, "take a1")
    assert "it is Toffee" in s.view(1)["log"][-2]
    assert set(legal(s)) == {f"return {c} {cell}" for c in ("honey", "toffee")
                             for cell in s.cell_names if cell != "e4"}
    play(s, "return honey c3")
    assert s.wrappers[0] == 0 and s.comps.chocs[s.box[12]].id == "honey" and not s.up[12]
    assert s.view(1)["box"][12]["choc"] is None


def test_bs3_return_action_needs_a_wrapper_and_goes_to_any_empty_space() -> None:
    s = position(fill=False, down={"a1": "honey", **ONE_DOWN}, hands={0: ["banana"]})
    returns = [t for t in legal(s) if t.startswith("return")]
    assert len(returns) == 18  # 20 cells, 2 filled: any empty space
    play(s, "return banana b2")
    assert s.wrappers[0] == 1
    s2 = position(fill=False, down={"a1": "honey", **ONE_DOWN}, hands={0: ["banana"]}, stack=0)
    assert not [t for t in legal(s2) if t.startswith("return")]


def test_give_to_the_left_player() -> None:
    s = position(players=3, fill=False, down={"a1": "peanut", **ONE_DOWN},
                 hands={0: ["honey"]}, cards="original")
    play(s, "take a1")
    assert sorted(legal(s)) == ["give honey to P2", "give peanut to P2"]
    play(s, "give honey to P2")
    assert hand(s, 1) == ["honey"] and s.view(2)["seats"][1]["known_hand"] == []
    assert s.view(1)["seats"][1]["hand"] == ["honey"]


def test_give_to_a_chosen_player() -> None:
    s = position(players=3, fill=False, down={"a1": "vanilla", **ONE_DOWN},
                 hands={0: ["honey"]})
    play(s, "reveal a1")
    assert legal(s) == ["give honey to P2", "give honey to P3"]
    play(s, "give honey to P3")
    assert hand(s, 2) == ["honey"]


def test_give_with_empty_hand_does_nothing() -> None:
    s = position(players=3, fill=False, down={"a1": "vanilla", **ONE_DOWN})
    play(s, "reveal a1")
    assert s.to_move == 0 and not s.tasks and s.actions_left == 1


def test_demand_lets_the_opponent_choose() -> None:
    s = position(players=3, fill=False, down={"a1": "peppermint", **ONE_DOWN},
                 hands={1: ["honey", "pea-pod"]})
    play(s, "reveal a1")
    assert legal(s) == ["choose P2"]  # P3 has no Choc
    play(s, "choose P2")
    assert s.to_move == 1
    assert sorted(legal(s)) == ["give honey to P1", "give pea-pod to P1"]
    play(s, "give pea-pod to P1")
    assert hand(s, 0) == ["pea-pod"] and s.to_move == 0


def test_swap_preferences_moves_both_cards_faq() -> None:
    """FAQ: with two cards under YUCK!, both move."""
    s = position(fill=False, down={"a1": "toffee-crunch", "b1": "white-creme", **ONE_DOWN},
                 yum={0: ["solid"]}, yuck={0: ["dark"]})
    play(s, "take a1")  # face down: a second card under YUCK!
    assert len(s.yuck[0]) == 2
    play(s, "reveal b1")
    assert attrs(s, s.yum[0])[0] == "dark" and len(s.yum[0]) == 2
    assert attrs(s, s.yuck[0]) == ["solid"]


def test_replace_preference_discards_face_up() -> None:
    s = position(fill=False, down={"a1": "raspberry", **ONE_DOWN}, yum={0: ["solid"]},
                 yuck={0: ["dark"]})
    play(s, "take a1")
    assert s.view(1)["seats"][0]["discards"] == ["solid"]
    assert len(s.yum[0]) == 1 and attrs(s, s.yum[0]) != ["solid"]


def test_peek_preference_is_private() -> None:
    s = position(fill=False, down={"a1": "apple-pie", **ONE_DOWN}, yum={1: ["heart"]})
    play(s, "reveal a1", "choose P2")
    assert s.view(0)["seats"][1]["known_yum"] == ["heart"]
    assert s.view(None)["seats"][1]["known_yum"] == []


def test_show_hand_tells_everyone() -> None:
    s = position(fill=False, down={"a1": "passion-fruit", **ONE_DOWN},
                 hands={0: ["honey"]})
    play(s, "take a1")
    assert sorted(s.view(1)["seats"][0]["known_hand"]) == ["honey", "passion-fruit"]


def test_end_turn() -> None:
    s = position(fill=False, down={"a1": "mango", **ONE_DOWN})
    play(s, "take a1")
    assert s.to_move == 1


def test_put_back_face_up() -> None:
    s = position(fill=False, down={"a1": "blackberry", **ONE_DOWN})
    play(s, "take a1")
    assert s.up[0] and s.comps.chocs[s.box[0]].id == "blackberry" and hand(s, 0) == []
    play(s, "take a1")  # face up now: no ability
    assert hand(s, 0) == ["blackberry"]


def test_face_up_take_fires_no_face_down_ability() -> None:
    s = position(fill=False, up={"a1": "mango"}, down=ONE_DOWN)
    play(s, "take a1")
    assert s.to_move == 0 and s.actions_left == 1


@pytest.mark.parametrize("how", ["action", "ability"])
def test_no_return_blocks_every_return_faq(how: str) -> None:
    """FAQ: holding the Choc that forbids returning, a required return is simply not done."""
    s = position(fill=False, down={"a1": "pea-pod", **ONE_DOWN},
                 hands={0: ["garlic-cloves", "honey"]}, cards="original")
    assert not [t for t in legal(s) if t.startswith("return")]
    if how == "ability":
        play(s, "reveal a1")
        assert hand(s, 0) == ["garlic-cloves", "honey"]
        assert s.view(1)["seats"][0]["known_hand"] == ["garlic-cloves"]  # shown as the reason


def test_giving_the_blocker_away_frees_returns_faq() -> None:
    s = position(players=2, fill=False, down={"a1": "vanilla", **ONE_DOWN},
                 hands={0: ["garlic-cloves", "honey"]})
    play(s, "reveal a1", "give garlic-cloves to P2")
    assert [t for t in legal(s) if t.startswith("return")]
