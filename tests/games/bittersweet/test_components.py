"""BS-1 and BS-2: the house data is true to every printed count and validated on load."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest

from sweettooth.core import DataError
from sweettooth.core.data import load_data
from sweettooth.games.bittersweet.components import (
    EFFECTS,
    PACKAGE,
    load_components,
    parse_chocs,
    parse_preferences,
)

COMPS = load_components(cards="revised")  # our variant (the default is the printed set)


def test_bs1_printed_attribute_counts() -> None:
    """BS-1: Solid 16, Creamy 16; Milk, Crimson, Dark, White 10 each; Pyramid 8, Heart 8."""
    chocs = COMPS.chocs
    assert len(chocs) == 45
    textures = Counter(c.texture for c in chocs)
    coatings = Counter(c.coating for c in chocs)
    shapes = Counter(c.shape for c in chocs)
    assert textures["solid"] == textures["creamy"] == 16
    assert all(coatings[k] == 10 for k in ("milk", "crimson", "dark", "white"))
    assert shapes["pyramid"] == shapes["heart"] == 8
    assert {"trapezoid", "square", "round", "hexagon"} <= set(shapes)


def test_bs1_every_printed_kind_is_present() -> None:
    """BS-1: On Reveal, If face-down when taken, veggies (pea pod, green olive, garlic cloves,
    no shape, negative points), animal wilds (one awkward), "1 or 3 if...", "?" and "-?"."""
    chocs = COMPS.chocs
    veggies = [c for c in chocs if c.kind == "veggie"]
    assert {c.id for c in veggies} == {"pea-pod", "green-olive", "garlic-cloves"}
    assert all(c.shape is None and c.score.points < 0 and c.ability for c in veggies)
    wilds = [c for c in chocs if c.kind == "wild"]
    assert all(c.shape == "animal" and c.trigger("round_end") for c in wilds)
    assert sorted(c.trigger("round_end").effects[0].as_ for c in wilds) == ["yuck", "yum", "yum"]  # type: ignore[union-attr]
    whens = Counter(c.ability.when for c in chocs if c.ability)
    assert whens["on_reveal"] >= 10 and whens["face_down_taken"] >= 8
    kinds = Counter(c.score.kind for c in chocs)
    assert kinds["one_or_three"] >= 3
    assert any(c.score.kind == "per" and c.score.points > 0 for c in chocs)  # "?"
    assert any(c.score.kind == "per" and c.score.points < 0 for c in chocs)  # "-?"
    assert any(c.no_return for c in chocs)  # the FAQ's "cannot return" Choc


def test_every_effect_id_is_used_by_a_house_set() -> None:
    """The revised set uses every effect but the original wrapper-free `return`."""
    def used(comps: Any) -> set[str]:
        return {e.do for c in comps.chocs if c.ability for e in c.ability.effects}

    assert used(COMPS) == set(EFFECTS) - {"return"}
    assert "return" in used(load_components(cards="original"))


def test_bs2_one_preference_card_per_attribute() -> None:
    """BS-2: 12 cards, 2 textures, 4 coatings, 6 shapes; points per Choc by count."""
    prefs = COMPS.preferences
    assert Counter(p.category for p in prefs) == {"texture": 2, "coating": 4, "shape": 6}
    dark = prefs[COMPS.pref_index("dark")]
    assert [dark.points(n) for n in range(5)] == [0, 1, 2, 6, 8]



def test_bs2_square_pays_more_than_the_other_five_choc_shapes() -> None:
    """The original set, BS-2 balance (house data, rules page): two of the five squares are
    hard to keep (a "-?" and one put back face up when taken face down), so with the
    round/hexagon table YUM! square won 0.23 of rounds at 3 players (baseline 0.33). Its table
    pays more per Choc."""
    original = load_components(cards="original")
    prefs = original.preferences
    square = prefs[original.pref_index("square")]
    for other in ("round", "hexagon"):
        card = prefs[original.pref_index(other)]
        assert all(square.points(n) > card.points(n) for n in range(1, 6)), other

def _chocs_raw() -> dict[str, Any]:
    raw: dict[str, Any] = copy.deepcopy(load_data(PACKAGE, "chocs.toml"))
    return raw


def test_bad_data_raises_clear_errors() -> None:
    raw = _chocs_raw()
    raw["choc"][0]["ability"] = {"when": "on_reveal", "effects": [{"do": "explode"}]}
    with pytest.raises(DataError, match="unknown effect 'explode'"):
        parse_chocs(raw, "x.toml", COMPS.preferences)
    raw = _chocs_raw()
    raw["choc"].pop()
    with pytest.raises(DataError, match="45 Chocs"):
        parse_chocs(raw, "x.toml", COMPS.preferences)
    raw = _chocs_raw()
    raw["choc"][40]["shape"] = "heart"  # a veggie
    with pytest.raises(DataError, match="veggies have no shape"):
        parse_chocs(raw, "x.toml", COMPS.preferences)
    raw = _chocs_raw()
    raw["choc"][0]["ability"] = {"when": "on_reveal", "effects": [{"do": "put_back"}]}
    with pytest.raises(DataError, match="cannot be 'on_reveal'"):
        parse_chocs(raw, "x.toml", COMPS.preferences)
    prefs = copy.deepcopy(load_data(PACKAGE, "preferences.toml"))
    prefs["card"].pop()
    with pytest.raises(DataError, match="12 cards"):
        parse_preferences(prefs, "p.toml")
