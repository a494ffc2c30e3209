"""Seats in the engine's words (P1, P2...) read as the screen names the players."""

from __future__ import annotations

import pytest

from sweettooth.tui.games.base import Ctx, seat_words

CTX = Ctx(seat=0, names=["You", "Candy Bot 1", "Candy Bot 2"])


@pytest.mark.parametrize(("engine", "screen"), [
    ("Round 1: P1 starts; set your markers", "Round 1: You start; set your markers"),
    ("P1 has no red sweet", "You have no red sweet"),
    ("P2 has no red sweet on their plate", "Candy Bot 1 has no red sweet on their plate"),
    ("store 5 is off the board: P3 holds it", "store 5 is off the board: Candy Bot 2 holds it"),
    ("trade P2 red for green", "trade Candy Bot 1 red for green"),
    ("give pecan to P1", "give pecan to You"),
    ("P4 takes a1", "Player 4 takes a1"),  # no such seat: still a name, never a crash
    ("Every player but P1 takes an Empty Wrapper.", "Every player but You takes an Empty Wrapper."),
    ("P1 is out; P1 does not start", "You are out; You do not start"),
    ("P0 and AP1 stay", "P0 and AP1 stay"),  # not seats
])
def test_seat_words(engine: str, screen: str) -> None:
    assert seat_words(engine, CTX) == screen
