"""Bonbons in the terminal names players and round tiles as people do ("your tile 3", "Candy
Bot 1's tile 2"), never by the notation's seat ids (p0, p1.3, counted from 0), on the board,
in its tips, the players' line and refusals; its end shows no score column of 0s and 1s."""

from __future__ import annotations

import random
import re

import pytest
from rich.table import Table
from textual.widgets import Static

import sweettooth as st
from sweettooth.core import State
from sweettooth.tui.ending import EndScreen
from sweettooth.tui.games import Ctx, face_for

from .helpers import make_app, names, screen_text, settle
from .test_end import finished
from .test_keys import status

pytestmark = pytest.mark.anyio

SEAT_ID = re.compile(r"\bp\d")


def _midgame(players: int) -> State:
    """Seat 0 to move after every seat has played, with tiles of several players moved."""
    state: State = st.game("bonbons").new(players, 5)
    rng = random.Random(1)
    movers: set[int] = set()
    while True:
        seat = state.to_move
        assert seat is not None
        if seat == 0 and len(movers) == players and len(state.history) > 12:
            return state
        movers.add(seat)
        state.apply(rng.choice(state.legal_actions()))


async def test_no_seat_ids_on_screen_in_tips_or_refusals() -> None:
    app = make_app("bonbons", 3, state=_midgame(3))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        shown = [screen_text(app)] + [s.seg.tip for s in app.spots() if s.seg.tip]
        assert any("your tile" in t for t in shown), shown
        assert any("Candy Bot 1's tile" in t for t in shown), shown
        for line in shown:
            assert not SEAT_ID.search(line), line
        await pilot.press("colon", *"p1.9", "enter")
        await pilot.pause()
        refusal = status(app)
        assert "tile" in refusal and not SEAT_ID.search(refusal), refusal


def test_the_end_has_no_score_column_of_wins() -> None:
    state = finished("bonbons", 3, seed=2)
    face = face_for("bonbons")
    ctx = Ctx(seat=0, names=names(3, [0]))
    parts = EndScreen(state.view(0), ctx, face, unit=face.unit, notes=[]).parts()
    tables = [p.content for p in parts if isinstance(p, Static) and isinstance(p.content, Table)]
    titles = [str(t.title) for t in tables]
    assert "Final scores" not in titles
    assert any("Round tiles at the end" in t for t in titles), titles
