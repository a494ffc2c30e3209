"""Building positions and playing notation in BitterSweet tests."""

from __future__ import annotations

from typing import Any

import sweettooth as st
from sweettooth.games.bittersweet.position import arrange
from sweettooth.games.bittersweet.state import BitterSweetState

GAME = st.game("bittersweet")


def position(players: int = 2, seed: int = 1, cards: str = "revised",
             **kw: Any) -> BitterSweetState:
    """A new game with the box, hands and cards arranged (`cards`: which house set)."""
    state: BitterSweetState = GAME.new(players, seed=seed, cards=cards)
    arrange(state, **kw)
    return state


def play(state: BitterSweetState, *texts: str) -> None:
    for text in texts:
        state.apply(GAME.parse_action(state, text))


def legal(state: BitterSweetState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def hand(state: BitterSweetState, seat: int) -> list[str]:
    return sorted(state.comps.chocs[x].id for x in state.hands[seat])


def attrs(state: BitterSweetState, cards: list[int]) -> list[str]:
    return [state.comps.preferences[c].attribute for c in cards]
