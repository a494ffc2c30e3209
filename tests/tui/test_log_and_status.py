"""The log and the status line: `l` opens the whole log, the side panel follows the newest
line, a bot that is thinking is said once, and Sweet Shop's words agree with its numbers."""

from __future__ import annotations

import random

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Static

from sweettooth.tui.games import Ctx, face_for
from sweettooth.tui.logscreen import LogScreen
from sweettooth.tui.pieces import Board

from .helpers import heuristic_move, make_app, play_by_pieces, screen_text, settle
from .test_keys import status

pytestmark = pytest.mark.anyio


async def test_l_opens_the_whole_log_and_escape_gives_the_board_back() -> None:
    import random

    app = make_app("bonbons", 3, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        rng = random.Random(0)
        for _ in range(6):
            if app.state.to_move is None:
                break
            await play_by_pieces(pilot, app, heuristic_move(app, rng))
            await settle(pilot, app)
        lines = app.face.log(app.view, app.ctx)
        assert len(lines) > 5
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        shown = str(app.screen.query_one("#log-lines", Static).render())
        for k, line in enumerate(lines, 1):
            assert f"{k}  {line}" in shown
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, LogScreen)
        if app.state.to_move is not None:
            app.query_one("#board", Board).focus()
            assert app.cursor is not None


async def test_the_log_panel_shows_its_newest_line() -> None:
    import random

    app = make_app("bonbons", 2, seed=6)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        rng = random.Random(1)
        log = app.query_one("#log", VerticalScroll)
        overflowed = 0  # moves made since the log outgrew its panel: three are enough
        for _ in range(12):
            if app.state.to_move is None or overflowed == 3:
                break
            await play_by_pieces(pilot, app, heuristic_move(app, rng))
            await settle(pilot, app)
            await pilot.pause()
            await pilot.pause()
            if log.max_scroll_y > 0:
                assert log.scroll_y == log.max_scroll_y
                overflowed += 1
        assert log.max_scroll_y > 0, "the log never outgrew its panel"


async def test_a_thinking_bot_is_said_once() -> None:
    app = make_app("lechocolat", 2, seed=3, bot_delay=1.5)  # room for a loaded machine's polls
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await play_by_pieces(pilot, app, str(app.state.legal_actions()[0]))
        seen = ""
        for _ in range(200):
            await pilot.pause(0.01)
            seen = status(app)
            if "thinking" in seen:
                break
        assert seen == "Candy Bot 1 is thinking…"


def test_sweet_shop_counts_one_point_and_offers_cherries_only_when_it_has_some() -> None:
    face = face_for("sweetshop")
    view = {"score": {"total": 1}, "white_dice": {"left": []}, "legal_actions": ["end"]}
    assert face.score_of(view, 0) == "1 point"
    assert face.score_of({**view, "score": {"total": 7}}, 0) == "7 points"
    ctx = Ctx(seat=0, names=["You"])
    assert "Sour Cherries" not in face.prompt(view, ctx)
    with_cherries = {**view, "legal_actions": ["end", "cherries 1>2"]}
    assert "Sour Cherries" in face.prompt(with_cherries, ctx)


async def test_the_players_line_says_le_chocolat_moves_as_the_log_does() -> None:
    app = make_app("lechocolat", 2, seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        split = next(a for a in app.state.legal_actions() if str(a).startswith("split"))
        await play_by_pieces(pilot, app, str(split))
        await settle(pilot, app)
        line = str(app.query_one("#players", Static).render())
        said = app.face.describe(str(split), app.view, app.ctx)
        assert f"[{said}" in line or f"[{said[:27]}" in line, line


@pytest.mark.parametrize(("game_id", "players", "said"), [
    ("bittersweet", 2, "Round 1 won by"),
    ("sweetnose", 3, "Round 1 counted: "),
])
async def test_a_rounds_end_is_told_until_the_next_move(
    game_id: str, players: int, said: str
) -> None:
    """When a round is scored the status line says how it went (the scoring itself is low on
    the board or in the log), until the player's next move, above the description of the piece
    under the cursor."""
    app = make_app(game_id, players, seed=2)
    rng = random.Random(3)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        while not app.view.get("rounds"):
            assert said not in status(app)
            assert app.state.to_move is not None
            await app.play(heuristic_move(app, rng))
            await settle(pilot, app)
        assert said in status(app)
        if game_id == "sweetnose":  # the lowest (every player's SP is in the board's reveal)
            sp = app.view["rounds"][-1]["sp"]
            assert f"{app.names[sp.index(min(sp))]}" in status(app)
            assert f"lowest with {min(sp)} SP" in status(app)
        else:
            for name in app.names:
                assert name in status(app)
        # The piece under the cursor is still described under the news.
        assert app.cursor is not None and app.cursor.seg.tip
        assert status(app).endswith(f"\n▸ {app.cursor.seg.tip}"), status(app)
        await app.play(heuristic_move(app, rng))
        await settle(pilot, app)
        assert said not in status(app)


async def test_bittersweets_round_news_leaves_room_for_the_piece_at_80x24() -> None:
    """At 80x24 BitterSweet's round news takes two lines; the prompt takes one, so the piece
    under the cursor is still described on the screen (the status shows four lines)."""
    app = make_app("bittersweet", 3, seed=7)
    rng = random.Random(5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        while app.notice is None:
            assert app.state.to_move is not None
            await app.play(heuristic_move(app, rng))
            await settle(pilot, app)
        await pilot.pause()
        assert app.cursor is not None
        shown = screen_text(app)
        assert f"▸ {app.cursor.seg.tip}"[:60] in shown, shown
        assert "Round 1 won by" in shown
