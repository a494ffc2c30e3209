"""Positions and moves for Bonbons scenario tests (built with `BonbonsGame.arrange`)."""

from __future__ import annotations

from typing import Any

import sweettooth as st
from sweettooth.games.bonbons.game import BonbonsGame
from sweettooth.games.bonbons.state import BonbonsState
from sweettooth.games.bonbons.view import LOG_LINE

GAME: BonbonsGame = st.game("bonbons")  # type: ignore[assignment]

RED = ["red lollipop", "red caramel", "red toffee", "red nougat"]
BLUE = ["blue lollipop", "blue caramel", "blue toffee", "blue nougat"]
GREEN = ["green lollipop", "green caramel", "green toffee", "green nougat"]

# a1..d1 pair with p0's tiles, a2..d2 with p1's; coins on e1, f1, e2; the wrapper on f2
GRID = {
    "a1": "red lollipop", "b1": "red caramel", "c1": "red toffee", "d1": "red nougat",
    "a2": "blue lollipop", "b2": "blue caramel", "c2": "blue toffee", "d2": "blue nougat",
    "e1": "coin", "f1": "coin", "e2": "coin", "f2": "empty wrapper",
    "a3": "yellow lollipop", "b3": "yellow caramel",
}


def table(players: int = 2, rows: list[list[str]] | None = None,
          grid: dict[str, str] | None = None, **options: Any) -> BonbonsState:
    """The standard test table: p0 holds the red tiles, p1 the blue ones (p2 the green)."""
    rows = rows if rows is not None else [RED, BLUE, GREEN][:players]
    return GAME.arrange(players, rows, grid=GRID if grid is None else grid, **options)


def play(state: BonbonsState, *moves: str) -> BonbonsState:
    """Apply moves given in notation."""
    for move in moves:
        state.apply(GAME.parse_action(state, move))
    return state


def legal(state: BonbonsState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def last(state: BonbonsState) -> dict[str, Any]:
    """The latest log line, read into seat, action, shows, outcome and end."""
    match = LOG_LINE.fullmatch(state.view(None)["log"][-1])
    assert match is not None
    return dict(zip(("seat", "action", "shows", "outcome", "end"), match.groups(), strict=True))


def tile(state: BonbonsState, seat: int, slot: int) -> dict[str, Any]:
    """The view of the round tile in `seat`'s row, `slot` counted from 1."""
    entry: dict[str, Any] = state.view(None)["rows"][seat][slot - 1]
    return entry


def square(state: BonbonsState, name: str) -> dict[str, Any]:
    for line in state.view(None)["grid"]:
        for cell in line:
            if cell["square"] == name:
                found: dict[str, Any] = cell
                return found
    raise KeyError(name)
