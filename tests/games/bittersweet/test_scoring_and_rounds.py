"""Scoring kinds, the printed example, round ends, round wins, new rounds, BS-4 and BS-5."""

from __future__ import annotations

from typing import Any

import pytest

from sweettooth.core import PlayerCountError
from sweettooth.games.bittersweet.components import load_components
from sweettooth.games.bittersweet.scoring import score_hand
from sweettooth.games.bittersweet.state import BitterSweetState

from .helpers import GAME, play, position

C = load_components(cards="revised")  # our variant; ORIGINAL is the printed set
ORIGINAL = load_components(cards="original")


def sheet(hand: list[str], yum: list[str], yuck: list[str], comps: Any = C) -> dict[str, Any]:
    return score_hand(comps, [comps.choc_index(c) for c in hand],
                      [comps.pref_index(a) for a in yum], [comps.pref_index(a) for a in yuck])


def test_rulebook_example_9_plus_6_minus_2_is_13() -> None:
    """Round End example: 9 Choc points, YUM! +6, YUCK! -2: 13 for the round."""
    sh = sheet(["matcha", "honey", "banana", "coconut", "key-lime"], ["dark"], ["hexagon"])
    assert (sh["chocs"], sh["yum_points"], sh["yuck_points"], sh["total"]) == (9, 6, -2, 13)


def test_yuck_chocs_still_score_their_own_points() -> None:
    """NOTE: you always gain the points on the Chocs, even if they match your YUCK!"""
    sh = sheet(["banana"], ["heart"], ["hexagon"])
    assert sh["chocs"] == 3 and sh["total"] == 3 - 2


def test_one_or_three() -> None:
    # walnut-nougat: 1 or 3 if at least 2 other hearts
    assert sheet(["walnut-nougat", "honey"], [], [])["choc_points"]["walnut-nougat"] == 1
    assert sheet(["walnut-nougat", "honey", "toffee"], [], [])["choc_points"][
        "walnut-nougat"] == 3
    # pretzel-crunch: original "1 or 3 if no veggie", revised "if at most 1 other crimson"
    old = ORIGINAL
    assert sheet(["pretzel-crunch"], [], [], old)["choc_points"]["pretzel-crunch"] == 3
    assert sheet(["pretzel-crunch", "pea-pod"], [], [], old)["choc_points"][
        "pretzel-crunch"] == 1
    assert sheet(["pretzel-crunch", "pea-pod", "peanut"], [], [])["choc_points"][
        "pretzel-crunch"] == 3
    assert sheet(["pretzel-crunch", "peanut", "pecan"], [], [])["choc_points"][
        "pretzel-crunch"] == 1


def test_question_mark_and_minus_question_mark() -> None:
    # ginger-pineapple: ? = +1 per other crimson; pecan: -? = -1 per other milk
    sh = sheet(["ginger-pineapple", "banana", "rum-raisin", "cinnamon"], [], [])
    assert sh["choc_points"]["ginger-pineapple"] == 2  # rum-raisin, cinnamon
    sh = sheet(["pecan", "chili", "pistachio", "honey"], [], [])
    assert sh["choc_points"]["pecan"] == -2


def test_veggies_subtract() -> None:
    assert sheet(["pea-pod", "green-olive", "garlic-cloves"], [], [])["chocs"] == -6


def test_wilds_count_for_yum_and_the_awkward_one_for_yuck() -> None:
    plain = sheet(["honey"], ["dark"], ["milk"])
    bunny = sheet(["honey", "caramel-bunny"], ["dark"], ["milk"])
    assert bunny["yum"][0]["matching"] == 2 and bunny["yum_points"] == 2
    moose = sheet(["honey", "mocha-moose"], ["dark"], ["milk"])
    assert moose["yuck"][0]["matching"] == 1 and moose["total"] == plain["total"] + 2 - 1
    old = sheet(["honey", "mocha-moose"], ["dark"], ["milk"], ORIGINAL)  # 3 points there
    assert old["total"] == plain["total"] + 3 - 1


def test_two_cards_under_yum_both_score_faq() -> None:
    sh = sheet(["honey", "banana"], ["dark", "heart"], [], ORIGINAL)
    assert [line["points"] for line in sh["yum"]] == [2, 1]


def _ended(s: BitterSweetState) -> bool:
    return len(s.rounds) == 1


def test_round_ends_at_end_of_turn_when_all_face_up() -> None:
    s = position(fill=False, up={"a1": "honey"}, down={"b1": "banana", "c1": "chili"})
    play(s, "reveal b1")
    assert not _ended(s)  # not mid-turn
    play(s, "reveal c1")
    assert _ended(s) and s.round_no == 2


def test_round_ends_at_once_when_box_is_empty() -> None:
    s = position(fill=False, down={"a1": "toffee"}, hands={0: ["honey"]})
    play(s, "take a1")  # toffee's face-down ability would ask for a return: never happens
    assert _ended(s) and s.rounds[0]["sheets"][0]["hand"] == ["toffee", "honey"]


def test_round_ends_when_everyone_has_two_wrappers() -> None:
    """Checked when a turn ends: P2's return gives everyone 2 wrappers, the round goes on to
    the end of P2's turn, then ends for that reason (the box still holds face-down Chocs)."""
    s = position(fill=False, down={"a1": "honey", "b1": "banana"}, wrappers=[2, 1],
                 current=1, hands={1: ["chili"]})
    play(s, "return chili c1")
    assert s.wrappers == [2, 2] and not _ended(s) and s.to_move == 1
    play(s, "take a1")
    assert _ended(s) and s.rounds[0]["sheets"][1]["hand"] == ["honey"]
    assert any("Every player has 2 or more Empty Wrappers" in line for line, _ in s.log)
    # one player short of 2 wrappers (2 and 1): the round goes on with P1's turn
    s = position(fill=False, down={"a1": "honey", "b1": "banana"}, wrappers=[2, 0],
                 current=1, hands={1: ["chili"]})
    play(s, "return chili c1", "take a1")
    assert s.wrappers == [2, 1] and not _ended(s) and s.to_move == 0


def test_round_turn_limit_house_rule() -> None:
    """The original set's rounds could loop: the house limit ends them."""
    s = GAME.new(2, seed=3, turn_limit=1, cards="original")
    play(s, "take a1", "take b1")
    assert s.round_no == 1
    play(s, "take c1", "take d1")
    assert s.round_no == 2 and "limit" in s.log[-s.players - 3][0]


def test_round_winner_and_next_start_player() -> None:
    s = position(fill=False, up={"a1": "banana"}, hands={1: ["honey"]},
                 yum={0: ["solid"], 1: ["solid"]}, yuck={0: ["milk"], 1: ["milk"]})
    play(s, "take a1")  # box empty: P1 banana 3 vs P2 honey 2+1
    r = s.rounds[0]
    assert r["scores"] == [3, 3] and r["winners"] == [0, 1]  # a tie shares the round
    assert s.wins == [1, 1] and s.starter == 1  # no single winner: after the last starter
    s2 = position(fill=False, up={"a1": "banana"}, hands={1: ["chili"]},
                  yum={0: ["heart"], 1: ["heart"]}, yuck={0: ["milk"], 1: ["white"]})
    play(s2, "take a1")
    assert s2.rounds[0]["winners"] == [0] and s2.starter == 1  # the player after the winner


def test_bs4_shared_game_win() -> None:
    """BS-4: several players reaching 2 round wins in the same round share the game."""
    s = position(fill=False, up={"a1": "banana"}, hands={1: ["honey"]},
                 yum={0: ["solid"], 1: ["solid"]}, yuck={0: ["milk"], 1: ["milk"]})
    s.wins = [1, 1]
    play(s, "take a1")
    res = s.result()
    assert res is not None and res.winners == [0, 1] and res.scores == [2.0, 2.0]
    final = s.view(0)
    assert final["rounds"][-1]["sheets"][1]["total"] == 3  # breakdowns in the final view


def test_new_round_discards_preferences_and_deals_new_ones() -> None:
    s = position(fill=False, up={"a1": "banana"}, yum={0: ["solid"]}, yuck={0: ["milk"]})
    play(s, "take a1")
    view = s.view(1)
    assert view["seats"][0]["discards"] == ["solid", "milk"]
    assert s.round_no == 2 and len(s.yum[0]) == 1 and s.box.count(-1) == 0
    assert s.comps.preferences[s.yum[0][0]].attribute not in ("solid", "milk")


def test_bs5_no_solo_mode() -> None:
    with pytest.raises(PlayerCountError):
        GAME.new(1, seed=1)
    assert GAME.min_players == 2 and GAME.max_players == 4


@pytest.mark.parametrize(("players", "cells"), [(2, 20), (3, 24), (4, 28)])
def test_box_size_by_player_count(players: int, cells: int) -> None:
    s = GAME.new(players, seed=5)
    assert len(s.box) == cells and s.stack == 45 - cells and all(not u for u in s.up)
    assert s.cell_names[-1] == "abcdefg"[cells // 4 - 1] + "4"
