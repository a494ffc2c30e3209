"""Components, the deal and the quick variant: BB-1, BB-2, BB-8, options and data validation."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from sweettooth.core import DataError, OptionError
from sweettooth.games.bonbons.components import load_box, parse_box

from .helpers import GAME


def test_bb1_box_has_32_round_and_36_square_tiles() -> None:
    """BB-1: 8 candies x 4 colours once in each set; 3 coins and 1 empty wrapper among squares."""
    s = GAME.new(2, seed=11)
    box = load_box()
    rounds = [box.face_name(f) for f in s.round_face]
    squares = [box.face_name(f) for f in s.square_face]
    assert len(rounds) == 32 and len(set(rounds)) == 32
    assert len(squares) == 36 and s.layout.size == 6
    count = Counter(squares)
    assert count["coin"] == 3 and count["empty wrapper"] == 1
    assert sorted(f for f in squares if f not in ("coin", "empty wrapper")) == sorted(rounds)
    assert len(box.candies) == 8 and len(box.colours) == 4


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_bb2_deal_four_unseen_tiles_each_rest_is_the_pile(players: int) -> None:
    """BB-2: 4 round tiles dealt face down per player, unseen by all (owner included)."""
    s = GAME.new(players, seed=players)
    for seat in [*range(players), None]:
        view = s.view(seat)
        assert [len(r) for r in view["rows"]] == [4] * players
        assert all(t["state"] == "down" and t["face"] is None for r in view["rows"] for t in r)
        assert all(c["state"] == "down" and c["face"] is None for r in view["grid"] for c in r)
        assert view["pile"] == 32 - 4 * players
    assert s.to_move == 0  # the youngest player starts: seat 0


def test_bb2_the_deal_depends_on_the_seed() -> None:
    assert GAME.new(2, seed=1).snapshot() != GAME.new(2, seed=2).snapshot()
    assert GAME.new(2, seed=1).snapshot() == GAME.new(2, seed=1).snapshot()


def test_bb8_quick_variant_set_up() -> None:
    """BB-8: two candies out of both sets (8 round, 8 square), the coins out, a 5x5 grid."""
    s = GAME.new(3, seed=5, variant="quick", removed="toffee+nougat")
    box = load_box()
    rounds = [box.face_name(f) for f in s.round_face]
    squares = [box.face_name(f) for f in s.square_face]
    assert len(rounds) == 24 and len(squares) == 25 and s.layout.size == 5
    assert not any("toffee" in f or "nougat" in f for f in rounds + squares)
    assert "coin" not in squares and squares.count("empty wrapper") == 1
    view = s.view(0)
    assert view["removed"] == ["toffee", "nougat"] and view["variant"] == "quick"
    assert len(view["grid"]) == 5 and view["pile"] == 24 - 12
    assert "e5" in [str(a) for a in s.legal_actions()]
    assert "f6" not in [str(a) for a in s.legal_actions()]


def test_bb8_quick_variant_candies_drawn_from_the_seed_and_public() -> None:
    """BB-R9."""
    drawn = {tuple(GAME.new(2, seed=k, variant="quick").view(1)["removed"]) for k in range(12)}
    assert len(drawn) > 1 and all(len(d) == 2 and d[0] != d[1] for d in drawn)
    again = GAME.new(2, seed=3, variant="quick").view(0)["removed"]
    assert again == GAME.new(2, seed=3, variant="quick").view(0)["removed"]


@pytest.mark.parametrize("options", [
    {"variant": "quick", "removed": "toffee"},
    {"variant": "quick", "removed": "toffee+toffee"},
    {"variant": "quick", "removed": "toffee+fudge"},
    {"variant": "standard", "removed": "toffee+nougat"},
    {"variant": "slow"},
    {"turn_limit": 0},
])
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(OptionError):
        GAME.new(2, seed=1, **options)


def _data() -> dict[str, Any]:
    return {
        "deal": 4, "coins": 3, "wrappers": 1,
        "grid": {"standard": 6, "quick": 5},
        "quick": {"remove_candies": 2, "remove_coins": True},
        "candy": [{"name": f"candy {i}", "short": f"c{i}x"} for i in range(8)],
        "colour": [{"name": c, "short": c[0].upper()} for c in ("red", "yellow", "green", "blue")],
    }


def test_data_file_loads_and_validates() -> None:
    assert parse_box(_data()).candies[0] == "candy 0"


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.pop("coins"), "missing field 'coins'"),
    (lambda d: d["candy"].pop(), "do not fill a 6x6 grid"),
    (lambda d: d["candy"][1].update(name="candy 0"), "share a name"),
    (lambda d: d["colour"][0].update(short="RR"), "1 letter"),
    (lambda d: d.update(deal="four"), "must be int"),
    (lambda d: d.update(colour=[]), r"needs \[\[colour\]\] entries"),
    (lambda d: d.pop("candy"), r"needs \[\[candy\]\] entries"),
    (lambda d: d["quick"].update(remove_candies=0), "remove_candies must remove 1 to 7"),
    (lambda d: d["quick"].update(remove_candies=8), "remove_candies must remove 1 to 7"),
])
def test_bad_data_raises_data_error(change: Any, message: str) -> None:
    data = _data()
    change(data)
    with pytest.raises(DataError, match=message):
        parse_box(data)
