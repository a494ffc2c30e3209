"""Bonbons keeps the memory in the player's head: a flipped face is shown for a moment, then
drawn face down again; only the memory aid (off by default) draws faces seen before."""

from __future__ import annotations

import asyncio

import pytest
from textual.app import App, ComposeResult
from textual.widget import Widget

import sweettooth as st
from sweettooth.core import State
from sweettooth.tui.games import Ctx, face_for
from sweettooth.tui.games.bonbons import face_word
from sweettooth.tui.games.draw import widgets
from sweettooth.tui.pieces import PieceRow

from .helpers import make_app, settle

pytestmark = pytest.mark.anyio


def after_a_miss() -> tuple[State, str, str]:
    """Seat 0 flips a square, then one of its own tiles that does not match: both turn back
    down. Returns the state and the tile with its face."""
    game = st.game("bonbons")
    for seed in range(50):
        state: State = game.new(2, seed)
        state.apply(game.parse_action(state, "a1"))
        state.apply(game.parse_action(state, "p0.1"))
        line = state.view(0)["log"][-1]
        if "no match" in line:
            face = line.split(": ", 1)[1].split(" (")[0]
            return state, "p0.1", face
    raise AssertionError("no seed gives a miss")


class Show(App[None]):
    """Just the board a face draws, mounted so it can be read."""

    def __init__(self, parts: list[Widget]) -> None:
        super().__init__()
        self.parts = parts

    def compose(self) -> ComposeResult:
        yield from self.parts


async def drawn(state: State, ctx: Ctx) -> str:
    parts = widgets(face_for("bonbons").board(state.view(0), ctx))
    app = Show(parts)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        return "\n".join(row.build().plain for row in app.query(PieceRow))


def word(face: str) -> str:
    return face_word(face)


async def test_faces_seen_before_are_drawn_only_with_the_memory_aid() -> None:
    state, _, face = after_a_miss()
    assert word(face) not in await drawn(state, Ctx(seat=0, names=["You", "Bot"]))
    aid = Ctx(seat=0, names=["You", "Bot"], memory_aid=True)
    assert word(face) in await drawn(state, aid)


async def test_a_face_turned_back_down_flashes_once() -> None:
    state, tile, face = after_a_miss()
    f = face_for("bonbons")
    ctx = Ctx(seat=0, names=["You", "Bot"])
    flash = f.flash(state.view(0), ctx)
    assert flash[tile] == face
    assert f.flash(state.view(0), ctx) == {}  # only new flips flash
    ctx.flash = flash
    assert word(face) in await drawn(state, ctx)


async def test_the_app_shows_the_missed_face_for_a_pause_then_hides_it() -> None:
    state, tile, face = after_a_miss()
    game = st.game("bonbons")
    start: State = game.new(2, state.seed)
    start.apply(game.parse_action(start, "a1"))
    app = make_app("bonbons", 2, state=start, flip_pause=3)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        spot = next(s for s in app.spots() if s.seg.key == f"rt:{tile}")
        app.move_cursor(spot)
        await pilot.press("enter")
        for _ in range(50):
            await pilot.pause()
            if app.ctx.flash:
                break
        assert app.ctx.flash.get(tile) == face
        assert word(face) in spot_text(app, tile)
        while app.ctx.flash.get(tile):
            await asyncio.sleep(0.2)
        await settle(pilot, app)
        assert app.ctx.flash == {}
        assert word(face) not in spot_text(app, tile)


def spot_text(app: object, tile: str) -> str:
    spots = app.spots()  # type: ignore[attr-defined]
    return "".join(s.seg.content.plain for s in spots if s.seg.key == f"rt:{tile}")


def played(aid: bool) -> State:
    """A game some 40 random moves in (faces seen and turned down again), seat 0 to move."""
    game = st.game("bonbons")
    state: State = game.new(2, 5, memory_aid=aid)
    rng = __import__("random").Random(2)
    while len(state.history) < 40 or state.to_move != 0:
        state.apply(rng.choice(state.legal_actions()))
    return state


def remembered(view: dict[str, object]) -> list[str]:
    """Faces of face-down pieces the view carries, and faces in its log."""
    grid = view["grid"]
    rows = view["rows"]
    assert isinstance(grid, list) and isinstance(rows, list)
    out = [c["face"] for line in grid for c in line if c["state"] == "down" and c["face"]]
    out += [t["face"] for row in rows for t in row if t["state"] in ("down", "coins")
            and t["face"]]
    log = view["log"]
    assert isinstance(log, list)
    return out + [line for line in log if ": " in line]


async def test_the_app_remembers_nothing_for_you_unless_the_table_has_the_aid() -> None:
    """The terminal app is handed a person's view (`Game.person_view`): with the aid off no
    remembered face reaches the board, the log or a hint; with the option on they do. Its
    header (the log's frame) shows the deal's fingerprint."""
    state = played(aid=False)
    full = state.view(0)
    assert remembered(full)  # the table's memory holds faces seen before
    faces = {c["face"] for line in full["grid"] for c in line
             if c["state"] == "down" and c["face"]}
    app = make_app("bonbons", 2, state=state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert not remembered(app.view)
        log = str(app.query_one("#logtext").render())
        assert not any(face in log for face in faces), log
        short = st.core.seed_fingerprint(state.seed)[:12]
        assert app.query_one("#log").border_subtitle == f"deal {short}"
        assert not app.ctx.memory_aid  # the board says "memory aid off"
    aided = played(aid=True)
    app = make_app("bonbons", 2, state=aided)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert remembered(app.view) and app.ctx.memory_aid
