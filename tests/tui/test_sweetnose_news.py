"""Sweet Nose with 5 players at 80x24: at the human's first turn after each round is counted,
the round's reveal (every player's markers and SP) is on the screen whole, with the piece
under the cursor, without scrolling; whose turn it is, what to do and what the piece under
the cursor is are in the status line. In the markers phase of rounds 2 and 3 (the round's
news in the status line when the human took no store), the round's line, the markers' picker
and the last round's reveal are whole on the screen."""

from __future__ import annotations

import random

import pytest

from sweettooth.tui import SweetApp
from sweettooth.tui.pieces import Board

from .helpers import heuristic_move, make_app, screen_text, settle

pytestmark = pytest.mark.anyio


def reveal_seen(app: SweetApp) -> list[str]:
    """What of the last round's reveal is missing from the screen."""
    r = app.view["rounds"][-1]
    lines = screen_text(app).splitlines()
    missing = []
    if not any(f"Round {r['round']} revealed" in line for line in lines):
        missing.append("the reveal's title")
    for p, sp in enumerate(r["sp"]):
        name = app.ctx.name(p)
        if not any(f" {name} " in line and f" {sp} SP " in line for line in lines):
            missing.append(f"{name}'s markers and {sp} SP")
    return missing


def cut(app: SweetApp) -> list[str]:
    """The parts of a markers phase's board not whole on the screen: the line saying the
    round and phase, the markers' picker, the last round's reveal."""
    board = app.query_one("#board", Board)
    seen = board.scrollable_content_region
    parts = {"the round's line": board.children[0]}
    for name, css in (("the picker", ".picker"), ("the reveal", ".news")):
        found = list(board.query(css))
        if found:
            parts[name] = found[0]
        else:
            return [f"no {name}"]
    return [f"{name} at {w.region}, the board shows {seen}"
            for name, w in parts.items() if not seen.contains_region(w.region)]


async def test_the_rounds_reveal_is_seen_at_once_with_five_players() -> None:
    app = make_app("sweetnose", 5, seed=7)
    rng = random.Random(5)
    counted = markers_turns = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        while app.state.to_move is not None:
            if app.notice is not None:  # the first turn after a round's count
                counted += 1
                await pilot.pause()
                missing = reveal_seen(app)
                assert not missing, (f"round {app.view['round']}, {app.view['phase']}: "
                                     f"{missing}\n{screen_text(app)}")
                status = str(app.query_one("#status").render())
                assert "Your turn: " in status
                board = app.query_one("#board", Board)
                if app.cursor is not None:
                    assert board.region.contains_region(app.cursor.row.region)
                    assert f"▸ {app.cursor.seg.tip}" in status
            if app.view["phase"] == "markers" and app.view["round"] > 1:
                markers_turns += 1
                await pilot.pause()
                bad = cut(app)
                assert not bad, (f"round {app.view['round']}: {bad}\n{screen_text(app)}")
            await app.play(heuristic_move(app, rng))
            await settle(pilot, app)
    assert counted == 2  # rounds 1 and 2 (the third one's count is the end screen's)
    assert markers_turns == 2  # rounds 2 and 3
