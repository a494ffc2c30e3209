"""Views show the table and hide the deck; samples deal the hidden cards consistently."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from sweettooth.core import IllegalAction
from sweettooth.games.sweetshop.actions import parse_notation
from sweettooth.games.sweetshop.cards import CARDS

from .helpers import GAME, legal, play, position


def test_the_view_shows_the_table_but_not_the_deck_order() -> None:
    a = position(deck=["5H", "6H", "AC"], basket=["9H"])
    b = position(deck=["AC", "6H", "5H"], basket=["9H"])
    assert a.snapshot() != b.snapshot()
    assert a.view(0) == b.view(0)
    assert a.view(0)["deck"] == 3


def test_future_dice_are_not_in_the_view() -> None:
    a, b = GAME.new(1, seed=1), GAME.new(1, seed=1)
    b.rng.setstate(99)  # same table, different future
    assert a.view(0) == b.view(0)
    play(a, "end turn")
    play(b, "end turn")
    assert a.view(0)["white_dice"] != b.view(0)["white_dice"] or a.marks != b.marks


def test_the_spectator_sees_the_same_table_without_legal_actions() -> None:
    state = GAME.new(1, seed=3)
    player, spectator = state.view(0), state.view(None)
    assert spectator["legal_actions"] == [] and player["legal_actions"]
    assert {k: v for k, v in player.items() if k not in ("seat", "legal_actions")} == {
        k: v for k, v in spectator.items() if k not in ("seat", "legal_actions")
    }


def test_the_log_tells_what_happened() -> None:
    state = position(white=(2, 3, 4, 6), deck=["QD", "AC"], discard=(5, 5))
    play(state, "grab 2 with 2+6", "end turn")
    assert any("grab 2 with 2+6: 2C into the Basket; QD fills 2" in line for line in state.log)
    assert any(line.startswith("end turn: discarded 8C (5)") for line in state.log)
    assert state.view(0)["history"] == ["grab 2 with 2+6", "end turn"]


@pytest.mark.parametrize("seed", range(6))
def test_samples_match_the_view_and_vary_the_hidden_cards(seed: int) -> None:
    state, rng = GAME.new(1, seed=seed), random.Random(seed)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    samples = [GAME.sample(view, 0, k) for k in range(8)]
    for s in samples:
        assert s.view(0) == view
        assert legal(s) == legal(state)
        hidden = sorted(s.deck + [c for p in s.piles for c in p])
        assert hidden == sorted(state.deck + [c for p in state.piles for c in p])
    assert len({json.dumps(s.snapshot()["deck"]) for s in samples}) > 1


def test_a_sample_picks_the_deck_figure_of_an_undelivered_rank_at_random() -> None:
    state = GAME.new(1, seed=0)
    view = state.view(0)
    undelivered = [code for code, f in view["figures"].items() if not f["delivered"]]
    assert undelivered
    fr = CARDS.figure_ranks.index(undelivered[0])
    in_deck = {
        next(c for c in GAME.sample(view, 0, k).deck if CARDS.figure_rank[c] == fr)
        for k in range(30)
    }
    assert len(in_deck) > 1


def test_a_sampled_state_plays_on_to_the_end() -> None:
    state = GAME.new(1, seed=8)
    sampled = GAME.sample(state.view(0), 0, 5)
    rng = random.Random(1)
    while sampled.to_move is not None:
        sampled.apply(rng.choice(sampled.legal_actions()))
    assert sampled.result() is not None


def test_sample_rejects_other_seats() -> None:
    with pytest.raises(ValueError):
        GAME.sample(GAME.new(1, seed=1).view(0), 1, 0)


# -- notation -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "grab 3 with 3+5", "grab 3,5 with 3+5", "eat 9H with 4+5", "eat KS with 6+6 +1",
        "eat 10C with 5+6 -1", "sugar rush 7D", "skip sugar rush", "cherries 2>3",
        "last resort 4", "end turn",
    ],
)  # fmt: skip
def test_notation_round_trips(text: str) -> None:
    action = parse_notation(text)
    assert action is not None and str(action) == text


def test_parse_action_is_forgiving_about_case_and_spacing_but_not_legality() -> None:
    state = position(white=(3, 4, 5, 6), basket=["9H"])
    assert str(GAME.parse_action(state, "  EAT 9h  with 4+5 ")) == "eat 9H with 4+5"
    assert str(GAME.parse_action(state, "grab 3 with 4+3")) == "grab 3 with 3+4"
    for bad in ("eat 9H with 3+4", "grab 1 with 3+4", "eat 9X with 4+5", "grab"):
        with pytest.raises(IllegalAction):
            GAME.parse_action(state, bad)


def test_illegal_actions_change_nothing() -> None:
    state = position(white=(3, 4, 5, 6), basket=["9H"])
    before = state.snapshot()
    for bad in (None, "eat 9H with 3+4", object(), [1], parse_notation("grab 1 with 3+4")):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    assert state.snapshot() == before


def test_actions_equal_to_legal_ones_but_of_the_wrong_types_are_refused() -> None:
    """Dataclass equality makes `Grab((3.0,), (3, 4))` equal `grab 3 with 3+4`: such values must
    raise IllegalAction and change nothing (one used to crash half-applied)."""
    from sweettooth.games.sweetshop import actions

    # Any-typed constructors: these values are deliberately of the wrong types
    Eat: Any = actions.Eat
    Grab: Any = actions.Grab
    LastResort: Any = actions.LastResort
    SourCherries: Any = actions.SourCherries
    state = position(white=(3, 4, 5, 6), basket=["9H", "AS"], sour_cherries=1)
    nine, ace = CARDS.parse("9H"), CARDS.parse("AS")
    before = state.snapshot()
    for bad in (
        Grab((3.0,), (3, 4)),
        Grab((3,), (3.0, 4)),
        Grab([3], (3, 4)),
        Eat(nine, (4.0, 5)),
        Eat(ace, (3, 4), False),
        Eat(True, (3, 4)),
        LastResort(True),
        SourCherries(True, 2),
    ):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    assert state.snapshot() == before
    state.apply(Grab((3,), (3, 4)))  # the well-typed one is still legal


def test_position_rejects_impossible_tables() -> None:
    with pytest.raises(ValueError, match=r"twice: 7H$"):  # named, and only the card named twice
        position(basket=["7H"])
    with pytest.raises(ValueError, match="one figure"):
        position(shelf=["JH", "JS", "2C", "3C", "4C", "5C"])
    with pytest.raises(ValueError, match="6 positions"):
        position(shelf=["JH"])
    with pytest.raises(ValueError, match="1 to 6"):
        position(white=(0, 1, 2, 3))
    with pytest.raises(ValueError, match="0, 2 or 4 white dice"):  # either count wrong is enough
        position(white=(1, 2, 3), discard=(2, 5))
    with pytest.raises(ValueError, match="exactly 2 discard dice"):
        position(white=(1, 2, 3, 4), discard=(2,))


def test_render_draws_the_table() -> None:
    state = position(white=(3, 4, 5, 6), basket=["9H"], discard=(2, 5))
    text = GAME.render(state.view(0))
    assert "2:2C*" in text and "5:8C*" in text
    assert "Basket   9H" in text
    assert "eat 9H with 4+5" in text
