"""Sweet Nose and BitterSweet at 80x24, played to the end by seeded bots for the human's seat:
at every move of the human, every player's panel and the human's own hand are whole on the
screen (inside the board's visible area, not cut at the right or the bottom, not squeezed to
nothing), however much they hold late in the game."""

from __future__ import annotations

import random
import re

import pytest
from textual.containers import Vertical
from textual.widget import Widget

from sweettooth.tui import SweetApp
from sweettooth.tui.pieces import Board, PieceRow

from .helpers import heuristic_move, make_app, screen_text, settle

pytestmark = pytest.mark.anyio

CASES = [("sweetnose", 3), ("sweetnose", 4), ("sweetnose", 5),
         ("bittersweet", 2), ("bittersweet", 3), ("bittersweet", 4)]


def panels(app: SweetApp) -> list[Widget]:
    """The players' panels and the own hand: boxes named after a player, seat panels, and
    'Your hand (n)'."""
    names = [app.ctx.name(p) for p in range(app.state.players)]
    out: list[Widget] = []
    for w in app.query_one("#board", Board).query(".box"):
        assert isinstance(w, Vertical)
        title = str(w.border_title or "")
        rows = list(w.query(PieceRow))
        first = str(rows[0].render()) if rows else ""
        if ("seat" in w.classes or title.startswith("Your hand (")
                or re.split(r" [▶⚡·✓]|  ", title)[0].strip() in names
                or ("flat" in w.classes and re.split(r" [▶⚡·✓]|  ", first)[0].strip() in names)):
            out.append(w)
    return out


def problems(app: SweetApp) -> list[str]:
    board = app.query_one("#board", Board)
    seen = board.scrollable_content_region
    found = panels(app)
    out = []
    if len(found) < app.state.players:
        out.append(f"{len(found)} panels for {app.state.players} players")
    for w in found:
        what = f"{w.border_title or ''}{[str(r.render())[:30] for r in w.query(PieceRow)][:1]}"
        for part in [w, *w.query(PieceRow)]:
            r = part.region
            if r.width == 0 or r.height == 0 or not seen.contains_region(r):
                out.append(f"{what}: {type(part).__name__} at {r} outside the board's {seen}")
                break
    return out


@pytest.mark.parametrize(("game_id", "players"), CASES)
async def test_every_panel_and_the_hand_fit_80x24(game_id: str, players: int) -> None:
    app = make_app(game_id, players, seed=7)
    rng = random.Random(5)
    checked = 0
    rounds = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        while app.state.to_move is not None:
            bad = problems(app)
            assert not bad, (f"round {app.view.get('round')}, move {checked}:\n"
                             + "\n".join(bad) + "\n" + screen_text(app))
            checked += 1
            rounds.add(app.view.get("round"))
            await app.play(heuristic_move(app, rng))
            await settle(pilot, app)
    assert checked >= 10
    assert len(rounds) >= 2  # late rounds were looked at too


@pytest.mark.parametrize(("game_id", "players", "moves"), [
    ("lechocolat", 2, 8), ("bonbons", 2, 8), ("bonbons", 6, 8), ("sweetnose", 3, 8),
    ("sweetshop", 1, 200), ("bittersweet", 2, 8)])
async def test_no_line_of_the_board_is_cut_at_the_right(
    game_id: str, players: int, moves: int
) -> None:
    """At 80x24, for the first moves of a seeded game (Sweet Shop's whole game, whose Basket
    and Tummy grow): every line of segments on the board ends inside the board (a line that
    runs on past it is cut, and what it says is lost)."""
    app = make_app(game_id, players, seed=3)
    rng = random.Random(2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for move in range(moves):
            if app.state.to_move is None:
                break
            board = app.query_one("#board", Board)
            right = board.scrollable_content_region.right
            cut = [f"{str(r.render())!r} ends at column {r.region.right} > {right}"
                   for r in board.query(PieceRow) if r.region.right > right]
            assert not cut, f"move {move}:\n" + "\n".join(cut) + "\n" + screen_text(app)
            await app.play(heuristic_move(app, rng))
            await settle(pilot, app)
