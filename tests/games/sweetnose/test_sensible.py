"""`heuristics.sensible` keeps the store uses that time the round's end: stores 1 to 4 move
sweets between plate and bowl and never change an SP (SP counts plate and bowl alike), so a
filter on "does not lower your SP" would forbid them to the hard bot for good."""

from __future__ import annotations

import random

import sweettooth as st
from sweettooth.agents import difficulty
from sweettooth.games.sweetnose import heuristics
from sweettooth.games.sweetnose.actions import StoreUse

GAME = st.game("sweetnose")
PLATE_BOWL = {"plate_to_bowl", "bowl_to_plate", "opponent_bowl_to_plate", "swap_bowl_plate"}


def test_plate_and_bowl_stores_are_kept_unless_they_lose_the_game() -> None:
    medium = difficulty("sweetnose", "medium")
    seen = 0
    for seed in range(60):
        state = GAME.new(3, seed)
        rng = random.Random(seed)
        while state.to_move is not None:
            seat = state.to_move
            view = state.view(seat)
            legal = state.legal_actions()
            uses = [a for a in legal if isinstance(a, StoreUse) and a.effect in PLATE_BOWL]
            if uses:
                kept = heuristics.sensible(view, legal)
                t = heuristics.table_from_view(view)
                for use in uses:
                    after = heuristics._after(t, seat, use)
                    if heuristics.ending(view, after) != heuristics.LOSES:
                        assert use in kept, (seed, str(use))
                        seen += 1
            move = rng.choice(legal) if rng.random() < 0.5 else medium.choose(
                GAME, view, legal, rng)
            state.apply(move)
    assert seen >= 10  # enough positions with such a store on offer to mean something
