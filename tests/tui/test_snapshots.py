"""Snapshots of each game's screen at 80x24 and 120x40 (fixed game and bot seeds).

`pytest tests/tui/test_snapshots.py --snapshot-update` rewrites them after an intended change;
look at the report (`snapshot_report.html`) before committing new ones.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from .helpers import GAMES, make_app

SIZES = [(80, 24), (120, 40)]


async def until_a_human_moves(pilot: Pilot[Any]) -> None:
    app: Any = pilot.app
    for _ in range(400):
        await pilot.pause()
        if app.waiting:
            break
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_game_screen(snap_compare: Any, game_id: str, players: int,
                     size: tuple[int, int]) -> None:
    app = make_app(game_id, players, seed=5, bot_seed=3, humans=[players - 1])
    assert snap_compare(app, terminal_size=size, run_before=until_a_human_moves)
