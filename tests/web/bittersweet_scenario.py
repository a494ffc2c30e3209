"""A revised-set BitterSweet position where the human at seat 0 (of 3) meets every new decision
of the revised Chocs in its first two turns, and the game ends with the round (everyone has
already won a round; the box holds 8 Chocs). Used by the browser and terminal tests.

The human's line (ply: action): 0 `reveal a1` (Lavender) -> 1 `choose P2|P3` (peek_hand),
2 `reveal b1` (Matcha) -> 3 `choose P2|P3` (draw_from); P2 takes d1 face down (Green Olive) and
the human must give P2 a Choc of their choice (surrender, from `receive`); P2 and P3 take from
a2, b2, c2; then 9 `reveal c1` (Macadamia) -> 10 `pick e1` (trade, a face-up Choc) ->
11 `return <choc> e1` (place). Bots follow `BOT_WANTS` while it offers a legal move, then the
heuristic (seeded by the ply).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sweettooth as st
from sweettooth.core import JSON, Action, Game
from sweettooth.games.bittersweet.heuristics import choose
from sweettooth.games.bittersweet.position import arrange
from sweettooth.games.bittersweet.state import BitterSweetState

PLAYERS = 3
BOT_WANTS = {1: ("take d1", "take a2"), 2: ("take b2", "take c2")}
"""Each bot's first moves, in order of preference, while legal."""

NEW_KINDS = ("peek_hand", "draw_from", "surrender", "trade", "place")
"""The decisions the revised Chocs ask of a human in this position (`surrender` as the giver
of Green Olive's `receive`)."""


def scenario(seed: int = 1) -> BitterSweetState:
    state: BitterSweetState = st.game("bittersweet").new(PLAYERS, seed=seed, cards="revised")
    arrange(state, fill=False, current=0,
            down={"a1": "lavender", "b1": "matcha", "c1": "macadamia", "d1": "green-olive",
                  "a2": "almond", "b2": "cherry", "c2": "honey"},
            up={"e1": "banana"},
            hands={0: ["pecan"], 1: ["mango", "vanilla"], 2: ["pistachio"]})
    state.wins = [1] * PLAYERS  # the first round won ends the game
    return state


@dataclass(frozen=True)
class ScenarioBot:
    """Plays `BOT_WANTS[seat]` while one of them is legal, else the heuristic."""

    seat: int
    name: str = "scenario"

    def choose(self, game: Game[Any], view: JSON, legal: Sequence[Action],
               rng: random.Random) -> Action:
        by_text = {str(a): a for a in legal}
        for want in BOT_WANTS.get(self.seat, ()):
            if want in by_text:
                return by_text[want]
        action: Action = choose(view, legal, random.Random(int(view.get("ply", 0))))
        return action
