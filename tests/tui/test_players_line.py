"""The players' line breaks only between players: at 80 columns with five Sweet Nose players it
read "... Candy Bot 4 0" with "SP" alone on the next line; each player's name, score and last
move now stay on one line, in at most two lines."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Static

from .helpers import make_app, settle

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("width", [80, 100])
async def test_no_player_is_split_over_two_lines(width: int) -> None:
    app: Any = make_app("sweetnose", 5, seed=4)
    async with app.run_test(size=(width, 24)) as pilot:
        await settle(pilot, app)
        await app.play("markers red=1 green=2 brown=3 pink=4 yellow=5")
        await settle(pilot, app)
        lines = str(app.query_one("#players", Static).render()).splitlines()
        assert 1 <= len(lines) <= 2, lines
        assert all(len(line) <= width - 2 for line in lines), lines
        for p in range(5):
            whole = f"{app.ctx.name(p)} {app.face.score_of(app.view, p)} [markers]"
            assert any(whole in line for line in lines), (whole, lines)
