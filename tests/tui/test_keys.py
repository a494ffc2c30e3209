"""Keys of the terminal app: help, hint, typed moves in any case, refusals, the cursor,
hotseat hand-over, and the Bonbons memory (faces shown, then turned down)."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Input, Markdown

import sweettooth as st
from sweettooth.core import State
from sweettooth.games.sweetnose.components import KINDS
from sweettooth.games.sweetnose.phases import EXCHANGE
from sweettooth.tui.help import HelpScreen
from sweettooth.tui.passing import PassScreen
from sweettooth.tui.pieces import Board
from sweettooth.tui.quitting import QuitScreen

from .helpers import make_app, screen_text, settle

pytestmark = pytest.mark.anyio


def status(app: object) -> str:
    from textual.widgets import Static

    widget = app.query_one("#status", Static)  # type: ignore[attr-defined]
    return str(widget.render())


@pytest.mark.parametrize("key", ["f1", "question_mark"])
async def test_help_opens_with_the_rules_and_closes(key: str) -> None:
    app = make_app("sweetnose", 3)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        source = app.screen.query_one(Markdown).source
        assert source.startswith("# Sweet Nose")
        assert "piece:" not in source  # piece links show just their names
        assert "## Keys" in source
        assert "| Tab, Shift+Tab | switch between the board and the Choose list" in source
        frame = app.screen.query_one("#help-scroll")  # how to scroll and leave, on the frame
        assert "PgDn" in str(frame.border_subtitle) and "Esc" in str(frame.border_subtitle)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


async def test_hint_names_a_move_and_a_reason() -> None:
    app = make_app("lechocolat", 2)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("h")
        await pilot.pause()
        text = status(app)
        from sweettooth.agents import hint

        expected = hint(app.game, app.state.view(0), app.names)
        assert text.startswith("Hint: ")
        assert app.face.describe(str(expected.action), app.view, app.ctx) in text
        assert expected.reason in text


async def test_a_typed_move_is_read_in_any_case() -> None:
    app = make_app("bittersweet", 2, seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        before = len(app.state.history)
        await pilot.press("colon")
        assert isinstance(app.focused, Input)
        await pilot.press(*"TAKE A1", "enter")
        await settle(pilot, app)
        assert app.state.history[before] is not None
        assert str(app.state.history[before]) == "take a1"
        # Played: the keys are the board's again (h is a hint, not a letter in the line).
        assert not isinstance(app.focused, Input)
        await pilot.press("h")
        await settle(pilot, app)
        assert app.query_one("#notation", Input).value == ""
        assert "Hint" in status(app) or "hint" in screen_text(app).lower()


async def test_a_refused_move_says_why() -> None:
    app = make_app("sweetnose", 3, seed=2)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        before = len(app.state.history)
        await pilot.press("colon", *"bid 99", "enter")
        await pilot.pause()
        assert len(app.state.history) == before
        text = status(app)
        assert "bid 99" in text.lower()
        assert "legal actions:" not in text  # a reason, not a list of moves


def _refusable_trade() -> tuple[State, int, int]:
    """A Sweet Nose exchange turn of seat 0 where P2 lacks a kind seat 0 could ask for."""
    game = st.game("sweetnose")
    state = game.new(3, 2)
    rng = random.Random(0)
    while True:
        assert state.to_move is not None
        if state.phase == EXCHANGE and state.to_move == 0:
            plate = state.table.plate
            gives = [k for k in range(len(KINDS)) if plate[0][k]]
            lacks = [k for k in range(len(KINDS)) if not plate[1][k]]
            pairs = [(g, t) for g in gives for t in lacks if g != t]
            if pairs:
                return state, *pairs[0]
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("who", ["P2", "Candy Bot 1"])
async def test_a_refusal_names_seats_as_the_screen_does(who: str) -> None:
    """The engine's reasons count seats as P1, P2...; the screen says the players' names. A
    trade typed with the player's name is refused for what the player meant (that player's
    plate), not for its form."""
    state, give, take = _refusable_trade()
    app = make_app("sweetnose", 3, state=state)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        before = len(app.state.history)
        await pilot.press("colon", *f"trade {who} {KINDS[give]} for {KINDS[take]}", "enter")
        await pilot.pause()
        assert len(app.state.history) == before
        text = status(app)
        assert f"Candy Bot 1 has no {KINDS[take]} sweet" in text
        assert "P2" not in text


async def test_arrow_keys_walk_the_pieces_and_escape_drops_picks() -> None:
    app = make_app("sweetnose", 3, seed=2)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        assert app.cursor is not None and app.cursor.seg.key == "mk:red:1"
        assert isinstance(app.focused, Board)
        await pilot.press("right")
        assert app.cursor.seg.key == "mk:red:2"
        await pilot.press("down")
        below = app.cursor.seg.key  # the same value of the kind drawn under red
        assert below.startswith("mk:") and below.endswith(":2") and below != "mk:red:2"
        await pilot.press("enter")
        assert app.composer.picks == [below]
        # Another value of that kind can no longer be picked; the cursor moved on.
        assert app.cursor.seg.key != below
        # Back on the picked piece: the status says Enter drops it, and it does.
        app.move_cursor(next(s for s in app.spots() if s.seg.key == below))
        assert "(picked: Enter drops it)" in status(app)
        await pilot.press("enter")
        assert app.composer.picks == []
        assert app.cursor.seg.key == below  # pickable again, and not said to be picked
        assert "(picked: Enter drops it)" not in status(app)
        await pilot.press("enter")
        assert app.composer.picks == [below]
        await pilot.press("escape")
        assert app.composer.picks == []


async def test_a_mouse_click_picks_a_piece() -> None:
    app = make_app("bittersweet", 2, seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        spot = next(s for s in app.spots() if s.seg.key == "cell:b2")
        where = spot.row.spot(spot.index)
        await pilot.click(offset=where)
        await pilot.pause()
        assert app.composer.picks == ["cell:b2"]


async def test_hotseat_asks_to_pass_the_device_before_showing_secrets() -> None:
    app = make_app("bittersweet", 2, seed=4, humans=[0, 1], names=["Alice", "Bob"])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        shown = screen_text(app)
        assert "Pass to Alice" in shown
        assert "YUM!" not in shown  # nobody's cards while the device changes hands
        await pilot.press("enter")
        await settle(pilot, app)
        yum = app.state.view(0)["seats"][0]["yum"][0]
        assert yum in screen_text(app)
        for _ in range(10):  # Alice plays her turn by typing moves
            if app.state.to_move != 0:
                break
            await pilot.press("colon")
            app.query_one("#notation", Input).value = app.state.view(0)["legal_actions"][0]
            await pilot.press("enter")
            for _ in range(20):
                await pilot.pause()
                if isinstance(app.screen, PassScreen) or app.waiting:
                    break
        assert isinstance(app.screen, PassScreen)
        assert "Pass to Bob" in screen_text(app)
        assert yum not in screen_text(app).replace("Pass to Bob", "")


async def test_q_asks_before_leaving_an_unfinished_game_and_types_in_the_move_line() -> None:
    app = make_app("lechocolat", 2)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("colon", "q")
        assert app.query_one("#notation", Input).value == "q"
        assert app.is_running
        played = len(app.state.history)
        for keys in (["escape", "q", "n"], ["ctrl+q", "escape"]):  # asked, then kept playing
            await pilot.press(*keys[:-1])
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen), keys
            assert "This game is not over, and it is not saved" in screen_text(app)
            await pilot.press(keys[-1])
            await pilot.pause()
            assert app.is_running and not isinstance(app.screen, QuitScreen), keys
        assert len(app.state.history) == played
        await pilot.press("q", "y")
        await pilot.pause()
    assert app.return_value == 1
    assert app.return_code == 1


async def test_q_twice_leaves_an_unfinished_game() -> None:
    app = make_app("bonbons", 2)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 1


async def test_bittersweet_header_fits_one_line_at_80_columns() -> None:
    """The round, whose turn and the actions left on one line; the Empty Wrappers left in the
    box's title (on one line they wrapped at 80 columns)."""
    app = make_app("bittersweet", 2, seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        lines = screen_text(app).splitlines()
        assert any(line.strip().startswith("Round 1 · Your turn, 2 actions left")
                   for line in lines)
        stack = app.state.view(0)["stack"]
        assert any(f"The box · {stack} Empty Wrappers left" in line for line in lines)


async def test_the_move_line_says_how_to_leave_it() -> None:
    app = make_app("lechocolat", 2, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert "(press : )" in screen_text(app)
        await pilot.press("colon")
        assert isinstance(app.focused, Input)
        assert "(Esc: back to the board)" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.focused, Board)
        assert "(press : )" in screen_text(app)
        assert "Esc: back" not in screen_text(app)


@pytest.mark.parametrize("cards", ["original", "revised"])
async def test_help_describes_the_chocs_of_the_card_set_in_play(cards: str) -> None:
    """F1 in BitterSweet lists every Choc with an ability of the game's own card set (issue 31):
    the original Toffee returns a Choc, the revised one goes on to the player on your left."""
    app = make_app("bittersweet", 2, options={"cards": cards})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        source = app.screen.query_one(Markdown).source
        comps = app.game.components(app.state.options)  # type: ignore[attr-defined]
        for choc in comps.chocs:
            if choc.ability is not None:
                assert f"- {choc.name} (" in source, f"{choc.name} missing from F1"
        toffee = next(ln for ln in source.splitlines() if ln.startswith("- Toffee ("))
        assert ("Return 1 Choc" if cards == "original" else "player on your left") in toffee
        assert f"**{cards}**" in source
