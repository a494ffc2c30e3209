"""Typed answers for playing a whole game in the plain mode."""

from __future__ import annotations

from typing import Any

MAX_ANSWERS = 20_000
"""More moves than any seeded game of these tests needs. A game's declared bound may be far
larger: BitterSweet's printed game is bounded only by our rule against repeated positions (a
number of 64 digits at 2 players), so the tests cap the answers and assert the game ended."""


def ones(game: Any, players: int) -> str:
    """'1' (the first choice) for every move the game can ask of us, at most MAX_ANSWERS."""
    return "1\n" * min(int(game.max_length(players, game.options)), MAX_ANSWERS)
