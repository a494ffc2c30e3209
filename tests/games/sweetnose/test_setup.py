"""Set-up and components: SN-1, SN-2, SN-7 (house data) and the store data file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import sweettooth as st
from sweettooth.core import DataError
from sweettooth.games.sweetnose.actions import SetMarkers
from sweettooth.games.sweetnose.components import (
    KINDS,
    LEVELS,
    SETUPS,
    TOKENS_PER_KIND,
    default_stores,
    load_stores,
)

GAME = st.game("sweetnose")


def _in_play(s: st.State) -> list[int]:
    snap = s.snapshot()
    return [
        sum(p[k] for p in snap["plates"]) + sum(b[k] for b in snap["bowls"]) + snap["market"][k]
        for k in range(len(KINDS))
    ]


def test_sn1_five_kinds_nine_tokens_each() -> None:
    """SN-1: 45 tokens in 5 kinds; set-up never makes or loses a token."""
    assert len(KINDS) == 5 and TOKENS_PER_KIND == 9
    for players in (3, 4, 5):
        for seed in range(20):
            s = GAME.new(players, seed=seed)
            removed = s.snapshot()["removed"]
            assert [a + b for a, b in zip(_in_play(s), removed, strict=True)] == [9] * 5


def test_sn1_markers_are_every_permutation_of_one_to_five() -> None:
    """SN-1: each player assigns each kind exactly one marker 1..5: 120 choices."""
    s = GAME.new(3, seed=1)
    legal = s.legal_actions()
    assert len(legal) == 120 and len(set(legal)) == 120
    assert all(isinstance(a, SetMarkers) and sorted(a.values) == [1, 2, 3, 4, 5] for a in legal)
    with pytest.raises(st.IllegalAction):
        s.apply(SetMarkers((1, 1, 3, 4, 5)))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_sn2_setup_eight_per_plate_three_in_market(players: int) -> None:
    """SN-2: 8 sweets on every plate, always 3 in the market (5 players: 3 from the removed)."""
    setup = SETUPS[players]
    for seed in range(20):
        s = GAME.new(players, seed=seed)
        snap = s.snapshot()
        assert all(sum(p) == 8 for p in snap["plates"])
        assert all(sum(b) == 0 for b in snap["bowls"])
        assert sum(snap["market"]) == 3
        # the bag held 9 - removed of each kind; the market got `from_removed` of the removed
        assert sum(snap["removed"]) == 5 * setup.removed_per_kind - setup.from_removed
        assert all(r <= setup.removed_per_kind for r in snap["removed"])


def test_sn2_five_players_take_three_from_the_removed() -> None:
    """SN-2 (fix): with 5 players the 40 bag tokens all go to plates; 3 removed ones to market."""
    assert SETUPS[5].from_removed == 3
    s = GAME.new(5, seed=3)
    assert sum(s.snapshot()["removed"]) == 2


def test_sn2_deal_is_seeded() -> None:
    assert GAME.new(4, seed=9).snapshot() == GAME.new(4, seed=9).snapshot()
    deals = {json.dumps(GAME.new(4, seed=k).snapshot()["plates"]) for k in range(10)}
    assert len(deals) > 1


def test_sn7_store_levels_two_tiles_per_level() -> None:
    """SN-7: 17+: 2, 3; 19+: 1, 4; 22+: 6, 7; 26+: 8, 9; 31+: 5, 10."""
    by_level: dict[int, list[int]] = {}
    for tile in default_stores():
        by_level.setdefault(tile.level, []).append(tile.number)
    assert by_level == {17: [2, 3], 19: [1, 4], 22: [6, 7], 26: [8, 9], 31: [5, 10]}
    assert sorted(by_level) == list(LEVELS)


def test_sn7_store_captions_are_the_printed_ones() -> None:
    tiles = {t.number: t for t in default_stores()}
    assert tiles[5].caption == "When counting SPs, ignore the sweets in the market."
    assert tiles[10].effect == "switch_markers" and tiles[5].effect == "ignore_market"


def _write(tmp_path: Path, data: object) -> str:
    path = tmp_path / "stores.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ({"stores": []}, "at least one"),
        ({"stores": [{"number": 1, "level": 18, "caption": "x", "effect": "plate_to_bowl"}]},
         "level must be one of"),
        ({"stores": [{"number": 1, "level": 17, "caption": "x", "effect": "teleport"}]},
         "unknown effect"),
        ({"stores": [{"number": 1, "level": 17, "effect": "plate_to_bowl"}]}, "caption"),
        ({"stores": [{"number": 1, "level": 17, "caption": "a", "effect": "plate_to_bowl"},
                     {"number": 1, "level": 19, "caption": "b", "effect": "bowl_to_plate"}]},
         "share a number"),
    ],
)
def test_store_data_validation(tmp_path: Path, bad: object, message: str) -> None:
    with pytest.raises(DataError, match=message):
        load_stores(_write(tmp_path, bad))


def test_user_store_set_is_played(tmp_path: Path) -> None:
    """A user store set with the same schema replaces the house set (stores_file option)."""
    path = _write(tmp_path, {"stores": [
        {"number": 1, "level": 17, "caption": "switch", "effect": "switch_markers"},
    ]})
    s = GAME.new(3, seed=1, stores_file=path)
    assert s.view(0)["stores"]["board"] == [1]
