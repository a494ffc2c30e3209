"""A game's `heuristics.rollout_view(state, seat)` (the cheap view a search's rollouts show the
heuristic) holds exactly what the seat's real view holds under the same keys: never more than
the seat sees, never stale."""

from __future__ import annotations

import random

import pytest

import sweettooth as st
from sweettooth.agents.heuristic import rollout_view_for


@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("sweetnose", 3, {}), ("sweetnose", 4, {"variation": "sky+shopkeeper"}),
    ("sweetshop", 1, {}), ("bonbons", 3, {}), ("bonbons", 2, {"variant": "quick"}),
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
                if key == "stores":
                    assert value["held"] == full["stores"]["held"]
                    assert value["tiles"] == [{"number": t["number"], "effect": t["effect"]}
                                              for t in full["stores"]["tiles"]]
                else:
                    assert value == full[key], f"{key} differs for seat {seat}"
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 30
