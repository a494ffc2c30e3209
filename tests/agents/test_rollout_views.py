"""A game's `heuristics.rollout_view(state, seat)` (the cheap view a search's rollouts show the
heuristic) holds exactly what the seat's real view holds under the same keys: never more than
the seat sees, never stale."""

from __future__ import annotations

import random

import pytest

import sweettooth as st
from sweettooth.agents.heuristic import heuristic_for, rollout_view_for
from sweettooth.core import JSON
from sweettooth.games.bonbons.heuristics import remember


def faces_showing(view: JSON) -> tuple[str | None, str | None]:
    """Bonbons: the face of the first square showing after a square first, and of the round
    tile showing."""
    go = view["go"]
    shown = showing = None
    if view["phase"] == "after square" and go["squares"]:
        first = go["squares"][0]
        shown = next(c["face"] for line in view["grid"] for c in line if c["square"] == first)
    if go["round"] is not None:
        showing = next(t["face"] for row in view["rows"] for t in row if t["tile"] == go["round"])
    return shown, showing


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
                if key == "memory":  # Bonbons: what the heuristic remembers of the view
                    assert value == remember(full, lambda _seen: True), f"memory, seat {seat}"
                elif key == "faces":  # Bonbons: the faces showing that the heuristic reads
                    assert value == faces_showing(full), f"faces, seat {seat}"
                else:
                    assert part_of(value, full[key]), f"{key} differs for seat {seat}"
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 30


@pytest.mark.parametrize(("players", "options"), [(2, {}), (5, {}), (3, {"variant": "quick"})])
def test_bonbons_rollout_plays_as_the_heuristic_on_the_view(
        players: int, options: dict[str, str]) -> None:
    """Bonbons' `rollout` on the cheap view chooses what `perfect_memory` chooses on the real
    view, from the same draws: the search's rollouts are the heuristic's games."""
    from sweettooth.games.bonbons.heuristics import perfect_memory, rollout, rollout_view

    game = st.game("bonbons")
    for seed in range(3):
        state = game.new(players, seed, **options)
        rng = random.Random(seed)
        while state.to_move is not None:
            legal = state.legal_actions()
            mover = state.to_move
            fast = rollout(rollout_view(state, mover), legal, random.Random(state.turn))
            slow = perfect_memory(state.view(mover), legal, random.Random(state.turn))
            assert fast == slow, f"seed {seed}, turn {state.turn}"
            state.apply(rng.choice(legal) if rng.random() < 0.3 else slow)


def test_bonbons_observation_tells_views_apart_as_the_view_does() -> None:
    """Bonbons' `observation` (a search's `observe` key): after the same action from two
    determinizations of one view, the keys are equal exactly when the mover's views are."""
    from sweettooth.games.bonbons.heuristics import observation

    game = st.game("bonbons")
    compared = differ = 0
    for seed in range(2):
        state = game.new(3, seed)
        rng = random.Random(seed)
        while state.to_move is not None and compared < 100 * (seed + 1):
            seat = state.to_move
            view = state.view(seat)
            a, b = game.sample(view, seat, 2 * seed), game.sample(view, seat, 2 * seed + 1)
            action = rng.choice(state.legal_actions())
            a.apply(action)
            b.apply(action)
            same_view = a.view(seat) == b.view(seat)
            assert (observation(a, seat) == observation(b, seat)) is same_view, str(action)
            compared += 1
            differ += not same_view
            state.apply(action)
    assert differ > 10  # the key did tell outcomes apart


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
