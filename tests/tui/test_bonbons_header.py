"""Bonbons' players' line says "1/4 up" for the round tiles face up for good: found, stolen
or under the coins, as the end's tally counts them; a tile only showing in a go (it goes face
down again unless matched) is not counted."""

from __future__ import annotations

import random
from typing import Any

import pytest
from textual.widgets import Static

import sweettooth as st
from sweettooth.tui.games import face_for

from .helpers import make_app, settle

pytestmark = pytest.mark.anyio


def players_line(app: Any) -> str:
    return str(app.query_one("#players", Static).render())


async def test_a_tile_only_showing_is_not_counted_up() -> None:
    app = make_app("bonbons", 2, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert "You 0/4 up" in players_line(app)
        await app.play("p0.1")  # the own tile first: it shows until a square is flipped
        await settle(pilot, app)
        assert app.state.to_move == 0 and app.view["phase"] == "after round"
        assert app.view["rows"][0][0]["state"] == "showing"
        assert "You 0/4 up" in players_line(app), players_line(app)


def test_the_count_is_the_tallys_face_up_throughout_games() -> None:
    """At every position of seeded random games (coins covering tiles, thefts, tiles
    showing), each seat's count is the tally's: found and under the coins."""
    face = face_for("bonbons")
    seen: set[str] = set()
    for seed in range(6):
        state: Any = st.game("bonbons").new(3, seed)
        rng = random.Random(seed)
        while state.to_move is not None:
            view = state.view(0)
            for row, tally in zip(view["rows"], state.tally(), strict=True):
                seen.update(t["state"] for t in row)
                said = face.score_of(view, tally["seat"])
                assert said == f"{tally['face_up']}/{tally['tiles']} up", (said, row)
            state.apply(rng.choice(state.legal_actions()))
    assert {"showing", "found", "coins"} <= seen  # every kind of tile was met
