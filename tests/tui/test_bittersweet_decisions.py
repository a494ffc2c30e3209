"""The revised BitterSweet Chocs' new decisions in the terminal app: each is asked in words
(status line and the board's "Now you must" line) and made by picking pieces or by typing its
notation; then the game is played to its end screen. The position: tests/web/bittersweet_scenario.
"""

from __future__ import annotations

import random

import pytest
from textual.widgets import Input

from sweettooth.tui import SweetApp
from sweettooth.tui.ending import EndScreen
from tests.web.bittersweet_scenario import NEW_KINDS, PLAYERS, ScenarioBot, scenario

from .helpers import Pilot_, heuristic_move, play_by_pieces, screen_text, settle

pytestmark = pytest.mark.anyio

# (the decision on top, how it is made, the move, words the status line must hold)
LINE = [
    (None, "pieces", "reveal a1", "take or reveal"),
    ("peek_hand", "pieces", "choose P3", "choose whose hand to look at; only you see it"),
    (None, "typed", "reveal b1", "take or reveal"),
    ("draw_from", "typed", "choose P2", "you take a Choc at random from their hand (Matcha)"),
    ("surrender", "pieces", "give pecan to P2",
     "give Candy Bot 1 a Choc of your choice (Green Olive)"),
    (None, "pieces", "reveal c1", "take or reveal"),
    ("trade", "pieces", "pick e1", "pick a face-up Choc to swap for one of your Chocs, or "
     "Macadamia itself to keep your hand"),
    ("place", "typed", "return banana e1",
     "choose the Choc from your hand that goes face up in e1 (Macadamia)"),
]


def status(app: SweetApp) -> str:
    return " ".join(str(app.query_one("#status").render()).split())


async def typed(pilot: Pilot_, app: SweetApp, move: str) -> None:
    """Press ':' (unless the typing line still has the focus) and type the move's notation,
    then Enter."""
    if not isinstance(app.focused, Input):
        await pilot.press("colon")
    assert isinstance(app.focused, Input)
    await pilot.press(*("space" if c == " " else c for c in move))
    await pilot.press("enter")
    await pilot.pause()


async def test_every_new_decision_is_asked_and_made_then_the_game_ends() -> None:
    app = SweetApp("bittersweet", PLAYERS, {}, humans=[0],
                   agents={s: ScenarioBot(s) for s in range(1, PLAYERS)},
                   names=["You", "Candy Bot 1", "Candy Bot 2"], bot_delay=0, flip_pause=0,
                   seed=1, state=scenario(), bot_seed=11)
    met = []
    async with app.run_test(size=(120, 45)) as pilot:
        for kind, how, move, words in LINE:
            await settle(pilot, app)
            top = app.state.tasks[-1].kind if app.state.tasks else None  # type: ignore[attr-defined]
            assert top == kind and app.state.to_move == 0, (kind, move, app.view["tasks"])
            assert words in status(app), status(app)
            if kind:
                assert "Now you must" in screen_text(app)
                met.append(kind)
                if not isinstance(app.focused, Input):  # the hint names one of the choices
                    await pilot.press("h")
                    hinted = status(app)
                    assert "Hint: " in hinted and " — " in hinted, hinted
                    if kind == "trade":
                        assert "in exchange for one of yours" in hinted or (
                            "keep your hand" in hinted), hinted
            before = len(app.state.history)
            await (typed if how == "typed" else play_by_pieces)(pilot, app, move)
            await settle(pilot, app)
            assert len(app.state.history) > before, (move, how, status(app), app.focused)
            assert str(app.state.history[before]) == move, f"{move} was not made {how}"
        seats = app.view["seats"]
        assert seats[2]["known_hand"] == ["pistachio"]  # Lavender showed it (to us)
        assert len(seats[0]["hand"]) == 1 and seats[0]["hand"][0] in ("mango", "vanilla")
        assert app.view["box"][4] == {"cell": "e1", "face": "up", "choc": "banana"}
        rng = random.Random(3)
        while app.state.to_move is not None:
            before = len(app.state.history)
            await play_by_pieces(pilot, app, heuristic_move(app, rng))
            await settle(pilot, app)
            assert len(app.state.history) > before, "the picked pieces made no move"
        assert isinstance(app.screen, EndScreen)
    assert sorted(met) == sorted(NEW_KINDS)
