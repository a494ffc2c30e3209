"""Shared helpers for the Sweet Shop tests: build a position, play notations, read a view."""

from __future__ import annotations

from typing import Any

import sweettooth as st
from sweettooth.games.sweetshop.game import SweetShop
from sweettooth.games.sweetshop.state import SweetShopState

_game = st.game("sweetshop")
assert isinstance(_game, SweetShop)
GAME: SweetShop = _game

SHELF = ["7H", "2C", "10S", "6D", "8C", "3S"]
"""A Shelf with no figures and no Aces, for tests that do not care what is on it."""


def position(**kw: Any) -> SweetShopState:
    kw.setdefault("shelf", SHELF)
    return GAME.position(**kw)


def play(state: SweetShopState, *moves: str) -> None:
    for move in moves:
        state.apply(GAME.parse_action(state, move))


def legal(state: SweetShopState) -> list[str]:
    return [str(a) for a in state.legal_actions()]
