"""A game's `heuristics.rollout_view(state, seat)` (the cheap view a search's rollouts show the
heuristic) holds exactly what the seat's real view holds under the same keys: never more than
the seat sees, never stale."""

from __future__ import annotations

import random

import pytest

import sweettooth as st
from sweettooth.agents.heuristic import heuristic_for, rollout_view_for


@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("sweetnose", 3, {}), ("sweetnose", 4, {"variation": "sky+shopkeeper"}),
    ("sweetshop", 1, {}), ("bonbons", 3, {}), ("bonbons", 2, {"variant": "quick"}),
    ("bittersweet", 2, {}), ("bittersweet", 3, {"cards": "revised"}),
])
def test_rollout_view_is_part_of_the_real_view(
        game_id: str, players: int, options: dict[str, str]) -> None:
    game = st.game(game_id)
    view_of = rollout_view_for(game_id)
    state = game.new(players, 3, **options)
    rng = random.Random(3)
    checked = 0
    while state.to_move is not None:
        for seat in range(players):
            lite, full = view_of(state, seat), state.view(seat)
            for key, value in lite.items():
                assert part_of(value, full[key]), f"{key} differs for seat {seat}"
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 30


def part_of(lite: object, full: object) -> bool:
    """`lite` is `full` with some keys of its dicts left out (lists keep every item)."""
    if isinstance(lite, dict):
        return isinstance(full, dict) and all(
            k in full and part_of(v, full[k]) for k, v in lite.items())
    if isinstance(lite, list):
        return (isinstance(full, list) and len(lite) == len(full)
                and all(part_of(a, b) for a, b in zip(lite, full, strict=True)))
    return lite == full and type(lite) is type(full)


@pytest.mark.parametrize("cards", ["original", "revised"])
def test_bittersweet_rollouts_choose_as_on_the_real_view(cards: str) -> None:
    """The BitterSweet heuristic, shown the rollout view, makes the choice it makes on the full
    view and draws the same chance (so a search's rollouts play the medium bot exactly)."""
    game = st.game("bittersweet")
    choose = heuristic_for("bittersweet", "rollout")
    view_of = rollout_view_for("bittersweet")
    checked = 0
    for seed in range(4):
        state = game.new(2 + seed % 2, seed, cards=cards)
        rng = random.Random(seed)
        while state.to_move is not None:
            seat, legal = state.to_move, state.legal_actions()
            a, b = random.Random(checked), random.Random(checked)
            here = choose(state.view(seat), legal, a)
            assert choose(view_of(state, seat), legal, b) is here
            assert a.getstate() == b.getstate()
            checked += 1
            state.apply(here if rng.random() < 0.8 else rng.choice(legal))
    assert checked > 200
