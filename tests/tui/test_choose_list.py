"""The Choose list as a player meets it: in BitterSweet it offers what is legal for the space
under the cursor (or says there is nothing to do there); in Bonbons, Tab then Enter stops; in
Sweet Nose a move's end with no piece (store 7's "…into your bowl") comes after its pieces,
in Sweet Shop a move's start ("Last Resort") before them."""

from __future__ import annotations

import random
import re

import pytest
from textual.widgets import OptionList

import sweettooth as st
from sweettooth.core import State
from sweettooth.tui import SweetApp
from sweettooth.tui.pieces import Spot

from .helpers import Pilot_, make_app, screen_text, settle

pytestmark = pytest.mark.anyio


def entries(app: SweetApp) -> list[tuple[str, str, bool]]:
    """(id, words, disabled) of each entry of the Choose list."""
    choices = app.query_one("#choices", OptionList)
    out = []
    for i in range(choices.option_count):
        o = choices.get_option_at_index(i)
        out.append((o.id or "", str(o.prompt), o.disabled))
    return out


def spot_of(app: SweetApp, key: str) -> Spot:
    return next(s for s in app.spots() if s.seg.key == key)


async def cursor_to(pilot: Pilot_, app: SweetApp, key: str) -> None:
    app.move_cursor(spot_of(app, key))
    await pilot.pause()


def space(app: SweetApp, cell: str) -> str:
    return str(next(b["face"] for b in app.view["box"] if b["cell"] == cell))


async def test_bittersweet_offers_only_what_is_legal_on_the_space_under_the_cursor() -> None:
    app = make_app("bittersweet", 2, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert app.state.to_move == 0 and space(app, "a1") == "down"
        await cursor_to(pilot, app, "cell:a1")
        # A face-down space: take it or reveal it, and nothing that is not about a1.
        assert [e[0] for e in entries(app)] == ["play:take a1", "play:reveal a1"]
        await cursor_to(pilot, app, "cell:b1")
        assert [e[0] for e in entries(app)] == ["play:take b1", "play:reveal b1"]
        await app.play("reveal a1")
        await settle(pilot, app)
        assert space(app, "a1") == "up" and app.state.to_move == 0
        name = app.face.describe("take a1", app.view, app.ctx)
        # A face-up Choc: only taken (revealing it again is not a move).
        await cursor_to(pilot, app, "cell:a1")
        assert [e[0] for e in entries(app)] == ["play:take a1"], entries(app)
        assert "from a1" in name and name in entries(app)[0][1]
        # Tab to the list, Enter: the one move offered is made.
        before = len(app.state.history)
        await pilot.press("tab", "enter")
        await settle(pilot, app)
        assert str(app.state.history[before]) == "take a1"
        assert space(app, "a1") == "empty" and app.state.to_move == 0
        # An empty space: nothing to take or reveal, said plainly (a Choc may be returned).
        await cursor_to(pilot, app, "cell:a1")
        (note,) = entries(app)
        assert note[0] == "note" and note[2], note
        assert "Nothing to take here: a1 is empty" in note[1]
        assert "return" in note[1]  # the hand holds a Choc: it may go back to a1
        # The Choc in the hand picked: the prompt asks for the space.
        hand = next(s.seg.key for s in app.spots() if str(s.seg.key).startswith("hand:"))
        await app.pick(str(hand))
        await pilot.pause()
        assert "now the empty space to return it to" in str(app.query_one("#status").render())


async def test_bonbons_stop_is_tab_then_enter_away() -> None:
    app = make_app("bonbons", 2, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert entries(app) == []  # nothing to choose off the board: Tab keeps the board
        await pilot.press("tab")
        assert app.focused is app.query_one("#board")
        await app.play("a1")  # a square first: then a round tile, or stop
        await settle(pilot, app)
        assert app.view["phase"] == "after square" and app.state.to_move == 0
        assert app.focused is app.query_one("#board")  # Enter flips the tile under the cursor
        ((oid, words, _),) = entries(app)
        assert oid == "key:act:stop" and words.startswith("Stop") and "end your turn" in words
        # The list's title says how to get there.
        assert "╭─ Choose (Tab) ─" in screen_text(app)
        before = len(app.state.history)
        await pilot.press("tab")
        assert app.focused is app.query_one("#choices")
        # Tab again: back to the board (not on to the log and the move line, where h, l and
        # q are typed as letters), and to the list again.
        await pilot.press("tab")
        assert app.focused is app.query_one("#board")
        await pilot.press("shift+tab")
        assert app.focused is app.query_one("#choices")
        await pilot.press("enter")  # no arrow key first
        await settle(pilot, app)
        assert str(app.state.history[before]) == "stop"


def sweetnose_with_store_7() -> tuple[State, list[str]]:
    """A 3-player Sweet Nose game where the player to move holds store 7 in phase 2 (random
    moves of seed 1), and the store-7 moves they may make."""
    s = st.game("sweetnose").new(3, 1)
    rng = random.Random(1)
    while s.to_move is not None:
        v = s.view(s.to_move)
        sevens = [a for a in v["legal_actions"] if a.startswith("store 7 ")]
        if v["phase"] == "exchange" and sevens:
            return s, sevens
        s.apply(rng.choice(s.legal_actions()))
    raise AssertionError("nobody could use store 7")


async def test_sweetnose_offers_a_destination_only_once_store_7s_pieces_are_picked() -> None:
    state, sevens = sweetnose_with_store_7()
    seat = state.to_move
    assert seat is not None
    app = make_app("sweetnose", 3, state=state, humans=[seat])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        # Nothing picked: no "…into your bowl" / "…onto your plate" (nor anything else) yet.
        assert [e for e in entries(app) if e[0].startswith("key:dest:")] == []
        m = re.fullmatch(r"store 7 (\w+) for (\w+) to bowl", sevens[0])
        assert m, sevens
        for key in ("store:7", f"plate:{seat}:{m.group(1)}", f"mkt:{m.group(2)}"):
            await cursor_to(pilot, app, key)
            await pilot.press("enter")
            await pilot.pause()
        assert [e[0] for e in entries(app)] == ["key:dest:bowl", "key:dest:plate", "cancel"]
        # No piece left to pick: the list has the focus, its first entry highlighted.
        assert app.focused is app.query_one("#choices")
        before = len(app.state.history)
        await pilot.press("enter")  # into the bowl
        await settle(pilot, app)
        assert str(app.state.history[before]) == sevens[0]


async def test_sweetshop_offers_last_resort_before_any_pick() -> None:
    app = make_app("sweetshop", 1, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert any(a.startswith("last resort ") for a in app.view["legal_actions"])
        # A key that starts a move: in the list at once, then the shelf's cards are picked.
        assert "key:btn:lastresort" in [e[0] for e in entries(app)]
