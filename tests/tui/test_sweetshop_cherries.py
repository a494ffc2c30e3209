"""Sweet Shop's Sour Cherries arrows (move a discard die's mark to a neighbouring card) are
drawn only while a Sour Cherries move is legal: never with no Sour Cherries to use."""

from __future__ import annotations

import random

import pytest

import sweettooth as st
from sweettooth.core import State
from sweettooth.tui.games import Ctx, face_for
from sweettooth.tui.games.draw import widgets
from sweettooth.tui.pieces import PieceRow

from .test_bonbons_memory import Show

pytestmark = pytest.mark.anyio


async def arrows(state: State) -> set[str]:
    """The arrow keys ('cherry:2>3') the board draws for seat 0."""
    ctx = Ctx(seat=0, names=["You"])
    app = Show(widgets(face_for("sweetshop").board(state.view(0), ctx)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        return {seg.key for row in app.query(PieceRow) for seg in row.segs
                if seg.key and seg.key.startswith("cherry:")}


async def test_arrows_only_while_the_sour_cherries_can_move_a_mark() -> None:
    game = st.game("sweetshop")
    state = game.new(1, 0)
    assert state.view(0)["bonuses"]["sour_cherries"]["have"] == 0
    assert await arrows(state) == set()
    rng = random.Random(1)
    for seed in range(100):
        state = game.new(1, seed)
        while state.to_move is not None:
            legal = [str(a) for a in state.legal_actions()]
            cherries = {f"cherry:{a.split()[1]}" for a in legal if a.startswith("cherries ")}
            if cherries:
                assert await arrows(state) == cherries
                return
            state.apply(rng.choice(state.legal_actions()))
    pytest.fail("no seeded game offered a Sour Cherries move")
