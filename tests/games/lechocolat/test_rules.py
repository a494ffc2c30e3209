"""Scenario tests for Le Chocolat: every ruling (LC-1..LC-6), each kind of scoring line."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import sweettooth as st
from sweettooth.core import DataError, IllegalAction, OptionError
from sweettooth.games.lechocolat import position
from sweettooth.games.lechocolat.actions import Claim, Split
from sweettooth.games.lechocolat.bar import Rect
from sweettooth.games.lechocolat.components import BLANK, load_components
from sweettooth.games.lechocolat.state import ChocolateState

GAME = st.game("lechocolat")


def play(state: ChocolateState, *moves: str) -> None:
    for text in moves:
        state.apply(GAME.parse_action(state, text))


def bar(up: str = "dark", down: str = "blank") -> ChocolateState:
    return position([up] * 35, [down] * 35)


def claim_everything(state: ChocolateState) -> None:
    """Play the first legal action until the game ends."""
    while state.to_move is not None:
        state.apply(state.legal_actions()[0])


# -- LC-1: 36 tiles, 35 on the bar, one removed unseen ------------------------------------------
def test_lc1_the_bar_holds_35_of_the_36_tiles_and_the_36th_is_removed() -> None:
    comps = load_components()
    for seed in range(20):
        s = GAME.new(2, seed=seed)
        laid = Counter(tuple(sorted(t)) for t in [*zip(s.up, s.down, strict=True), s.removed])
        assert laid == Counter(tuple(sorted(t)) for t in comps.tiles)
        assert len(s.up) == 35


def test_lc1_each_tile_starts_with_a_random_side_up() -> None:
    flips = [GAME.new(2, seed=seed).up[0] for seed in range(40)]
    assert len(set(flips)) > 3


def test_lc1_the_removed_tile_is_in_no_view_even_at_the_end() -> None:
    """At the end every tile is claimed; a seat sees each up side, the down sides of its own
    tiles (LC-3) and those under blank up sides (End of Game 1), and nothing of the removed
    tile."""
    s = GAME.new(2, seed=3)
    claim_everything(s)
    assert s.to_move is None and min(s.owner) >= 0
    side = s.comps.side_id
    for seat in (0, 1, None):
        view = s.view(seat)
        assert view["removed_tile"] == "hidden"
        assert [t["up"] for t in view["tiles"]] == [side(u) for u in s.up]
        assert [t["down"] for t in view["tiles"]] == [
            side(s.down[c]) if s.owner[c] == seat or s.up[c] == BLANK else None
            for c in range(len(s.up))]
        assert "removed" not in json.dumps({k: v for k, v in view.items() if k != "removed_tile"})


# -- LC-2: house data, validated on load ---------------------------------------------------------
def test_lc2_house_data_has_36_tiles_and_at_least_8_cards() -> None:
    comps = load_components()
    assert len(comps.tiles) == 36 and len(comps.flavours) == 6
    kinds = Counter((a == 0) + (b == 0) for a, b in comps.tiles)
    assert kinds[2] >= 1 and kinds[1] > kinds[2] and kinds[0] > kinds[2]  # few blank/blank
    assert len(comps.cards) >= 8
    for card in comps.cards:
        assert 1 <= len(card.sets) <= 2 and 1 <= len(card.majorities) <= 2


def test_lc2_the_scoring_card_is_drawn_from_the_seed_and_public() -> None:
    cards = {GAME.new(2, seed=seed).card.id for seed in range(40)}
    assert len(cards) > 4
    s = GAME.new(2, seed=1)
    assert s.view(0)["scoring_card"] == s.view(1)["scoring_card"] == s.view(None)["scoring_card"]


def test_lc2_a_card_can_be_chosen_and_a_wrong_one_is_refused() -> None:
    assert GAME.new(2, seed=1, card="rainbow").card.id == "rainbow"
    with pytest.raises(OptionError, match="classic"):
        GAME.new(2, seed=1, card="nope")


def test_lc2_a_user_tile_file_is_validated(tmp_path: Path) -> None:
    data = json.loads((Path(__file__).parents[3] / "src/sweettooth/games/lechocolat/data/"
                       "tiles.json").read_text())
    data["tiles"] = data["tiles"][:-1]
    bad = tmp_path / "tiles.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(DataError, match="needs 36 tiles"):
        GAME.new(2, seed=1, tiles_file=str(bad))
    data["tiles"].append(["dark", "toffee"])
    bad.write_text(json.dumps(data))
    with pytest.raises(DataError, match="unknown side 'toffee'"):
        GAME.new(2, seed=1, tiles_file=str(bad))


@pytest.mark.parametrize(("change", "message"), [
    (lambda c: c["values"].update(dark="two"), "value of dark must be int"),
    (lambda c: c["values"].update(mint=True), "value of mint must be int"),  # bool is no number
    (lambda c: c.update(sets=[*c["sets"]] * 3), "a card has one or two flavour sets"),
    (lambda c: c.update(sets=[]), "a card has one or two flavour sets"),
])
def test_lc2_a_user_card_file_is_validated(tmp_path: Path, change: Any, message: str) -> None:
    data = json.loads((Path(__file__).parents[3] / "src/sweettooth/games/lechocolat/data/"
                       "scoring_cards.json").read_text())
    change(data["cards"][0])
    bad = tmp_path / "cards.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(DataError, match=rf"cards\[0\]: {message}"):
        GAME.new(2, seed=1, cards_file=str(bad))


def test_lc2_a_valid_user_tile_file_is_played(tmp_path: Path) -> None:
    data = json.loads((Path(__file__).parents[3] / "src/sweettooth/games/lechocolat/data/"
                       "tiles.json").read_text())
    data["tiles"] = [["mint", "mint"]] * 36
    good = tmp_path / "mint.json"
    good.write_text(json.dumps(data))
    s = GAME.new(2, seed=1, tiles_file=str(good))
    assert {t["up"] for t in s.view(0)["tiles"]} == {"mint"}


# -- LC-3: up sides public, down sides hidden, then the owner's -------------------------------
def test_lc3_down_sides_are_hidden_from_both_until_claimed_then_owner_only() -> None:
    s = position(["dark"] * 35, ["milk"] * 35)
    assert all(t["down"] is None for seat in (0, 1, None) for t in s.view(seat)["tiles"])
    play(s, "split a1:g5 at b", "split a1:a5 at 2", "claim a1")  # seat 1 claims a1
    assert s.view(1)["tiles"][0]["down"] == "milk"
    assert s.view(0)["tiles"][0]["down"] is None
    assert s.view(None)["tiles"][0]["down"] is None
    assert all(t["down"] is None for t in s.view(1)["tiles"][1:])


# -- LC-4: groups are rectangles, split along one full line ---------------------------------
def test_lc4_a_split_cuts_one_group_along_a_full_line() -> None:
    s = bar()
    assert len(s.legal_actions()) == 6 + 4  # 6 column lines, 4 row lines on a 7x5 bar
    play(s, "split a1:g5 at c")
    assert s.view(0)["groups"] == ["a1:b5", "c1:g5"]


def test_lc4_small_groups_can_be_split_too() -> None:
    s = bar()
    play(s, "split a1:g5 at b", "split a1:a5 at 4")  # a1:a3 and a4:a5 are small
    play(s, "claim a4:a5")
    assert "split a1:a3 at 2" in {str(a) for a in s.legal_actions()}
    play(s, "split a1:a3 at 2")
    assert "a1" in s.view(0)["groups"] and "a2:a3" in s.view(0)["groups"]
    # The split 3-tile piece no longer counts as small; its halves do, one at a time.
    play(s, "claim a1", "split b1:g5 at c")  # nothing new is small: a2:a3 is still waiting
    assert [str(a) for a in s.legal_actions()] == ["claim a2:a3"]
    play(s, "claim a2:a3", "split c1:g5 at e")  # 10 and 15 tiles: no piece is small now
    assert s.to_move == 1 and s.view(1)["phase"] == "split"
    assert s.legal_actions() and all(isinstance(a, Split) for a in s.legal_actions())


def test_lc4_a_cut_that_is_not_a_full_line_of_a_group_is_illegal() -> None:
    s = bar()
    before = s.snapshot()
    for bad in (Split(Rect(0, 0, 7, 5), True, 0), Split(Rect(0, 0, 3, 5), True, 1),
                Split(Rect(0, 0, 7, 5), True, 7)):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.snapshot() == before


# -- LC-5: claim exactly one small group; only claim when nothing can split -----------------
def test_lc5_after_a_split_making_small_groups_the_mover_must_claim_one() -> None:
    s = bar()
    play(s, "split a1:g5 at 2")  # a1:g1 (7 tiles) and a2:g5: nothing small
    assert s.to_move == 1 and s.view(0)["phase"] == "split"
    play(s, "split a1:g1 at d")  # a1:c1 has 3 tiles
    assert s.to_move == 1 and s.view(1)["phase"] == "claim"
    assert [str(a) for a in s.legal_actions()] == ["claim a1:c1"]
    with pytest.raises(IllegalAction):
        play(s, "split a2:g5 at b")
    play(s, "claim a1:c1")
    assert s.to_move == 0 and s.claimed[1] == [Rect(0, 0, 3, 1)]


def test_lc5_with_several_small_groups_the_mover_picks_one_and_others_stay() -> None:
    s = bar()
    play(s, "split a1:g5 at 2", "split a1:g1 at d", "claim a1:c1")
    play(s, "split d1:g1 at f")  # d1:e1 and f1:g1, both small
    assert {str(a) for a in s.legal_actions()} == {"claim d1:e1", "claim f1:g1"}
    play(s, "claim f1:g1")
    assert "d1:e1" in s.view(1)["groups"]
    # the next player must split first even though a small group is waiting
    assert s.view(1)["phase"] == "split"


def test_lc5_when_every_group_is_a_single_tile_the_turn_is_only_a_claim() -> None:
    s = bar()
    play(s, "split a1:g5 at 2", "split a1:g1 at b", "claim a1")
    play(s, "split b1:g1 at c", "claim b1")
    # cut everything else down to single tiles, claiming one each turn, until only singles remain
    while s.view(0)["phase"] != "claim" or any(":" in g for g in s.view(0)["groups"]):
        s.apply(s.legal_actions()[0])
        if s.to_move is None:
            break
    if s.to_move is not None:
        singles = s.view(0)["groups"]
        assert all(":" not in g for g in singles)
        assert all(isinstance(a, Claim) for a in s.legal_actions())
        assert len(s.legal_actions()) == len(singles)


def test_lc5_no_claim_when_no_group_is_small() -> None:
    s = bar()
    play(s, "split a1:g5 at d")  # 15 and 20 tiles
    assert s.to_move == 1 and all(isinstance(a, Split) for a in s.legal_actions())


# -- LC-6 and the scoring card ---------------------------------------------------------------
def finished(up: list[str], down: list[str], card: str) -> ChocolateState:
    """A bar played to the end with the first legal action each time."""
    s = position(up, down, card=card)
    claim_everything(s)
    return s


def test_lc6_blank_up_scores_as_the_down_side_and_blank_blank_is_discarded() -> None:
    up = ["blank"] * 35
    down = ["dark"] * 20 + ["blank"] * 15
    s = finished(up, down, "classic")
    res = s.result()
    assert res is not None
    for seat in (0, 1):
        mine = s.tiles_of(seat)
        b = res.details["breakdown"][seat]
        assert b["counts"]["dark"] == sum(1 for u, d in mine if d != 0)
        assert b["discarded"] == sum(1 for u, d in mine if d == 0)
        assert b["tiles_claimed"] == len(mine)


def test_lc6_the_end_reveals_blank_up_tiles_but_not_the_others() -> None:
    up = ["blank"] * 10 + ["milk"] * 25
    down = ["dark"] * 35
    s = finished(up, down, "classic")
    for cell, tile in enumerate(s.view(1)["tiles"]):
        if tile["owner"] == 0:
            assert tile["down"] == ("dark" if cell < 10 else None)


def test_scoring_flavour_values_sets_and_majorities() -> None:
    from sweettooth.games.lechocolat.scoring import score

    comps = load_components()
    card = comps.card("classic")  # dark 2, milk 1, white 0, hazelnut 1, mint -1, raspberry 1;
    # set dark+milk+white = 3; most dark = 3
    d, m, w, h, n = (comps.side_of(x) for x in ("dark", "milk", "white", "hazelnut", "mint"))
    p0 = [(d, 0), (d, 0), (m, 0), (w, 0), (n, 0), (n, 0)]  # 2 dark, 1 milk, 1 white, 2 mint
    p1 = [(h, 0), (d, 0), (0, 0)]  # hazelnut, dark, one blank/blank
    scores, winners, breakdown = score(card, comps, [p0, p1])
    assert breakdown[0]["flavours"] == {"dark": 4, "milk": 1, "white": 0, "mint": -2}
    assert breakdown[0]["sets"][0]["complete"] == 1 and breakdown[0]["sets"][0]["vp"] == 3
    assert breakdown[0]["majorities"][0]["vp"] == 3  # 2 dark beats 1 dark
    assert scores[0] == 4 + 1 + 0 - 2 + 3 + 3
    assert breakdown[1]["discarded"] == 1 and breakdown[1]["majorities"][0]["vp"] == 0
    assert scores[1] == 1 + 2
    assert winners == [0]


def test_scoring_a_majority_tie_gives_the_bonus_to_nobody() -> None:
    from sweettooth.games.lechocolat.scoring import score

    comps = load_components()
    card = comps.card("classic")
    d = comps.side_of("dark")
    _, _, breakdown = score(card, comps, [[(d, 0)], [(0, d)]])
    assert [b["majorities"][0]["vp"] for b in breakdown] == [0, 0]


def test_scoring_counts_only_complete_sets() -> None:
    from sweettooth.games.lechocolat.scoring import score

    comps = load_components()
    card = comps.card("classic")  # set: dark + milk + white
    d, m, w = (comps.side_of(x) for x in ("dark", "milk", "white"))
    _, _, breakdown = score(card, comps, [[(d, 0)] * 3 + [(m, 0)] * 2 + [(w, 0)] * 5, []])
    assert breakdown[0]["sets"][0]["complete"] == 2


def test_tie_break_most_tiles_claimed_then_a_draw() -> None:
    from sweettooth.games.lechocolat.scoring import winners

    assert winners([5, 5], [10, 12]) == [1]
    assert winners([5, 5], [12, 12]) == [0, 1]
    assert winners([6, 5], [1, 30]) == [0]


def test_a_full_game_result_matches_its_breakdown_and_tie_break() -> None:
    for seed in range(30):
        s = GAME.new(2, seed=seed)
        claim_everything(s)
        res = s.result()
        assert res is not None
        totals = [b["total"] for b in res.details["breakdown"]]
        assert res.scores == [float(t) for t in totals]
        claimed = [b["tiles_claimed"] for b in res.details["breakdown"]]
        assert sum(claimed) == 35
        best = [p for p in (0, 1) if totals[p] == max(totals)]
        if len(best) == 1:
            assert res.winners == best
        else:
            assert res.winners == [p for p in best if claimed[p] == max(claimed)]


# -- notation ---------------------------------------------------------------------------------
def test_notation_round_trips_and_is_case_insensitive() -> None:
    s = bar()
    for action in s.legal_actions():
        assert GAME.parse_action(s, str(action)) == action
    assert GAME.parse_action(s, "  SPLIT A1:G5   at D ") == Split(Rect(0, 0, 7, 5), True, 3)


def test_parsing_a_move_that_is_not_legal_says_why() -> None:
    s = bar()
    with pytest.raises(IllegalAction, match=r"claim a1: split a group first, then claim"):
        GAME.parse_action(s, "claim a1")


def test_look_alike_actions_of_other_types_are_refused() -> None:
    """Tuples compare equal across types (1.0 == 1, True == 1): such look-alikes of a legal
    action are refused rather than recorded with a notation that does not replay."""
    s = bar()
    before = s.snapshot()
    for bad in (Split(Rect(0.0, 0, 7, 5), True, 1), Split(Rect(0, 0, 7, 5), 1, 1),  # type: ignore[arg-type]
                Split(Rect(0, 0, 7, 5), True, 1.0), (Rect(0, 0, 7, 5), True, 1)):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.snapshot() == before
