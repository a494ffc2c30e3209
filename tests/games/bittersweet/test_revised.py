"""The revised card set (cards=revised, our variant): its new effects, no loops, and old records
replaying."""

from __future__ import annotations

import random

import sweettooth as st
from sweettooth.games.bittersweet.components import load_components, round_bound
from sweettooth.games.bittersweet.heuristics import choose

from .helpers import GAME, hand, legal, play, position

ONE_DOWN = {"e4": "almond"}  # keeps the box from emptying


def test_no_revised_ability_returns_a_choc_without_a_wrapper() -> None:
    """No Choc can return itself (or any Choc) for free: rounds cannot loop."""
    assert not load_components(cards="revised").loops and load_components(cards="original").loops
    s = GAME.new(3, seed=35, cards="revised")
    assert s.turn_limit == round_bound(24) == 156


def test_heuristic_rounds_end_by_printed_conditions() -> None:
    """A fast version of benchmarks/bittersweet_round_limits.py (3 players, seed 35 as in the
    issue, where the original Toffee looped)."""
    for seed in range(35, 45):
        s = GAME.new(3, seed, cards="revised")
        rng = random.Random(seed)
        while s.to_move is not None:
            s.apply(choose(s.view(s.to_move), s.legal_actions(), rng))
        assert not [line for line, _ in s.log if "reaches its limit" in line]


def test_toffee_passes_itself_on_and_everyone_sees_it() -> None:
    s = position(players=3, fill=False, down={"a1": "toffee", **ONE_DOWN}, hands={0: ["honey"]})
    play(s, "take a1")
    assert hand(s, 0) == ["honey"] and hand(s, 1) == ["toffee"]
    assert s.view(2)["seats"][1]["known_hand"] == ["toffee"]


def test_peanut_loses_a_random_choc_to_the_left_privately() -> None:
    s = position(players=3, fill=False, down={"a1": "peanut", **ONE_DOWN},
                 hands={0: ["honey", "banana"]})
    play(s, "take a1")
    assert len(s.hands[0]) == 2 and len(s.hands[1]) == 1
    lost = hand(s, 1)[0]
    assert s.view(1)["seats"][1]["hand"] == [lost] and s.view(2)["seats"][1]["known_hand"] == []


def test_strawberry_shows_the_takers_yum() -> None:
    s = position(fill=False, down={"a1": "strawberry", **ONE_DOWN}, yum={0: ["square"]})
    play(s, "take a1")
    assert s.view(1)["seats"][0]["known_yum"] == ["square"]


def test_pea_pod_goes_into_the_revealers_hand() -> None:
    s = position(fill=False, down={"a1": "pea-pod", **ONE_DOWN})
    play(s, "reveal a1")
    assert hand(s, 0) == ["pea-pod"] and s.box[0] == -1
    assert s.view(1)["seats"][0]["known_hand"] == ["pea-pod"]


def test_green_olive_the_right_player_gives_you_a_choc() -> None:
    s = position(players=3, fill=False, down={"a1": "green-olive", **ONE_DOWN},
                 hands={2: ["honey", "pecan"]})
    play(s, "take a1")
    assert s.to_move == 2 and sorted(legal(s)) == ["give honey to P1", "give pecan to P1"]
    play(s, "give pecan to P1")
    assert hand(s, 0) == ["green-olive", "pecan"] and s.to_move == 0


def test_lavender_looks_at_a_hand_only_for_the_looker() -> None:
    s = position(players=3, fill=False, down={"a1": "lavender", **ONE_DOWN},
                 hands={1: ["honey"]})
    play(s, "reveal a1", "choose P2")
    assert s.view(0)["seats"][1]["known_hand"] == ["honey"]
    assert s.view(2)["seats"][1]["known_hand"] == []


def test_matcha_takes_a_random_choc_from_a_chosen_hand() -> None:
    s = position(players=3, fill=False, down={"a1": "matcha", **ONE_DOWN},
                 hands={2: ["honey"]})
    play(s, "reveal a1")
    assert legal(s) == ["choose P3"]  # P2 holds nothing
    play(s, "choose P3")
    assert hand(s, 0) == ["honey"] and not s.hands[2]


def test_macadamia_trades_a_hand_choc_for_a_face_up_one() -> None:
    s = position(fill=False, down={"a1": "macadamia", **ONE_DOWN}, up={"b1": "banana"},
                 hands={0: ["pecan"]})
    play(s, "reveal a1")
    assert legal(s) == ["pick a1", "pick b1"]  # face-up Chocs only
    play(s, "pick b1")
    assert sorted(legal(s)) == ["return banana b1", "return pecan b1"]  # it may go back
    play(s, "return pecan b1")
    assert hand(s, 0) == ["banana"] and s.up[1] and s.view(1)["box"][1]["choc"] == "pecan"


def test_hazelnut_gives_every_other_player_a_wrapper() -> None:
    s = position(players=3, fill=False, down={"a1": "hazelnut", **ONE_DOWN})
    before = s.stack
    play(s, "reveal a1")
    assert s.wrappers == [0, 1, 1] and s.stack == before - 2


def test_garlic_text_says_it_cannot_be_returned() -> None:
    garlic = next(c for c in load_components(cards="revised").chocs if c.id == "garlic-cloves")
    assert "cannot return" in garlic.text()


def test_face_down_taken_texts_are_unique() -> None:
    """Reading a face-down-taken Choc aloud names it only because no other shares its text."""
    revised = load_components(cards="revised").chocs
    texts = [c.text() for c in revised if c.trigger("face_down_taken")]
    assert len(texts) == len(set(texts))


def _heuristic_game(seed: int, **options: object) -> st.State:
    s: st.State = GAME.new(2, seed=seed, **options)
    rng = random.Random(seed)
    while s.to_move is not None:
        s.apply(choose(s.view(s.to_move), s.legal_actions(), rng))
    return s


def test_records_of_earlier_editions_replay_exactly() -> None:
    """Records store their full option set. The first edition's name `turn_limit` (15, the cut
    that was then the rule) and no `cards`: the original set with the cut. The second edition's
    name `cards` too. New records name `turn_limit` 0: no cut."""
    first = _heuristic_game(35, cards="original", turn_limit=15).record()
    assert first["options"].pop("cards") == "original"
    assert set(first["options"]) == {"turn_limit", "chocs_file", "preferences_file"}
    again = st.replay(first)
    assert again.options == {**first["options"], "cards": "original"}
    assert again.turn_limit == 30  # type: ignore[attr-defined]
    second = _heuristic_game(35, cards="revised", turn_limit=15).record()
    assert st.replay(second).options["cards"] == "revised"
    new = GAME.new(2, seed=35)
    assert new.options["cards"] == "original" and new.options["turn_limit"] == 0
    assert st.replay(new.record()).options == new.options
    assert GAME.new(2, seed=35, turn_limit=15).options["cards"] == "original"


def test_a_first_edition_record_cut_by_the_old_limit_replays_with_the_cut() -> None:
    """Random play from seed 57 (original set, 2 players) reached the old limit of 15 turns
    each; its first-edition record replays to the same end, while in the printed game (no
    cut) the same moves leave that round going on."""
    s = GAME.new(2, seed=57, cards="original", turn_limit=15)
    rng = random.Random(57)
    cut = "The round reaches its limit of 30 turns and ends."
    ply, cut_round = -1, -1
    while s.to_move is not None:
        before, lines = s.round_no, len(s.log)
        s.apply(rng.choice(s.legal_actions()))
        if ply < 0 and cut in [line for line, _ in s.log[lines:]]:
            ply, cut_round = len(s.history), before
    assert ply > 0
    record = s.record()
    del record["options"]["cards"]
    again = st.replay(record)
    assert cut in [line for line, _ in again.log]  # type: ignore[attr-defined]
    assert again.result() == s.result() and again.rounds == s.rounds  # type: ignore[attr-defined]
    printed = GAME.new(2, seed=57)
    for text in record["actions"][:ply]:
        printed.apply(GAME.parse_action(printed, text))
    assert printed.round_no == cut_round and printed.to_move is not None
    assert cut not in [line for line, _ in printed.log]
