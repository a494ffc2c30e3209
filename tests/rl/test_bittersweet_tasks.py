"""BitterSweet's observation names the kind of decision pending: every kind the engine makes,
with both card sets, has its bit (an unknown kind would set none and the agent could not tell
a peek at a hand from a swap)."""

from __future__ import annotations

import random

import pytest

import sweettooth as st
from sweettooth.rl import encode
from sweettooth.rl.encoders import spec_for
from sweettooth.rl.games.bittersweet import TASK_KINDS


def _tasks_offset(players: int) -> int:
    return spec_for("bittersweet", players).layout.offset["tasks"]


@pytest.mark.parametrize("cards", ["revised", "original"])
def test_every_pending_decision_kind_sets_its_bit(cards: str) -> None:
    game = st.game("bittersweet")
    seen: set[str] = set()
    for seed in range(40):
        state = game.new(3, seed, cards=cards)
        rng = random.Random(seed)
        while state.to_move is not None:
            view = state.view(state.to_move)
            if view["tasks"]:
                now = view["tasks"][-1]  # the decision asked now
                kind = now["kind"]
                seen.add(kind)
                assert kind in TASK_KINDS, f"{kind!r} has no bit in the observation"
                obs = encode("bittersweet", view)
                at = _tasks_offset(state.players)
                bits = obs[at + 1: at + 1 + len(TASK_KINDS)]
                assert bits[TASK_KINDS.index(kind)] == 1.0 and bits.sum() == 1.0
                assert obs[at + 1 + len(TASK_KINDS) + now["who"]] == 1.0  # who decides
                assert now["who"] == state.to_move
            state.apply(rng.choice(state.legal_actions()))
    if cards == "revised":  # the test reaches the revised set's own decisions
        assert {"peek_hand", "draw_from", "trade", "place"} <= seen
