"""Driving the terminal app in tests: make an app, play a move by its pieces, read the screen."""

from __future__ import annotations

import random
from typing import Any

from textual.pilot import Pilot
from textual.widgets import OptionList

from sweettooth.agents import Agent, make_agent
from sweettooth.core import State
from sweettooth.tui import SweetApp
from sweettooth.tui.pieces import Board, PieceRow

GAMES = [
    ("lechocolat", 2),
    ("bonbons", 2),
    ("sweetnose", 3),
    ("sweetshop", 1),
    ("bittersweet", 2),
]
"""Every game with a player count the tests play."""

Pilot_ = Pilot[int]


def names(players: int, humans: list[int]) -> list[str]:
    """The CLI's defaults: the human is "You", bots "Candy Bot 1", ... in seat order."""
    out, bot = [], 0
    for seat in range(players):
        if seat in humans:
            out.append("You")
        else:
            bot += 1
            out.append(f"Candy Bot {bot}")
    return out


def make_app(
    game_id: str,
    players: int,
    *,
    seed: int = 7,
    bots: str = "heuristic",
    state: State | None = None,
    humans: list[int] | None = None,
    memory_aid: bool = False,
    **kw: Any,
) -> SweetApp:
    """An app where seat 0 is the human and fast, seeded bots play the other seats."""
    humans = [0] if humans is None else humans
    agents: dict[int, Agent] = {
        s: make_agent(bots) for s in range(players) if s not in humans
    }
    return SweetApp(
        game_id,
        players,
        kw.pop("options", {}),
        humans=humans,
        agents=agents,
        names=kw.pop("names", names(players, humans)),
        bot_delay=kw.pop("bot_delay", 0),
        flip_pause=kw.pop("flip_pause", 0),
        memory_aid=memory_aid,
        seed=seed,
        state=state,
        bot_seed=kw.pop("bot_seed", 11),
        **kw,
    )


async def settle(pilot: Pilot_, app: SweetApp) -> None:
    """Wait until a human may move or the game is over, and the screen is drawn for it (the
    game loop marks the human's turn before it redraws: a busy machine read the old screen)."""
    for _ in range(400):
        await pilot.pause()
        drawing = any(w.name == "advance" and not w.is_finished for w in app.workers)
        if (app.waiting or app.state.to_move is None) and not drawing:
            await pilot.pause()
            return
    raise AssertionError("the app never came back to a human")


def screen_text(app: SweetApp) -> str:
    """What the terminal shows, as plain text lines."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips).rstrip()


async def play_by_pieces(pilot: Pilot_, app: SweetApp, action: str) -> None:
    """Make `action` the way a player does: pick its pieces on the board with the cursor and
    Enter, the rest in the choice list, and confirm if asked."""
    keys = app.face.keys(action, app.view) or [f"act:{action}"]
    for key in keys:
        if app.state.history and not app.waiting:
            break
        spot = next((s for s in app.spots() if s.seg.key == key and s.seg.pickable), None)
        if spot is not None:
            app.move_cursor(spot)
            app.query_one("#board", Board).focus()
            await pilot.press("enter")
        else:
            await choose(pilot, app, f"key:{key}")
        await pilot.pause()
    if app.waiting and app.composer.picks:
        await choose(pilot, app, f"play:{action}")
    await pilot.pause()


async def choose(pilot: Pilot_, app: SweetApp, option_id: str) -> None:
    """Select an entry of the choice list with the arrow keys and Enter."""
    choices = app.query_one("#choices", OptionList)
    ids = [choices.get_option_at_index(i).id for i in range(choices.option_count)]
    assert option_id in ids, f"{option_id} not offered; offered: {ids}"
    choices.focus()
    choices.highlighted = 0
    for _ in range(ids.index(option_id)):
        await pilot.press("down")
    await pilot.press("enter")


def heuristic_move(app: SweetApp, rng: random.Random) -> str:
    """The move the heuristic bot would make for the human's seat (from its view only)."""
    seat = app.state.to_move
    assert seat is not None
    view = app.state.view(seat)
    agent = make_agent("heuristic")
    return str(agent.choose(app.game, view, app.state.legal_actions(), rng))


def cut_lines(app: SweetApp) -> list[str]:
    """The lines of segments on the board that run on past its right edge (what they say is
    cut off), each with where it ends."""
    board = app.query_one("#board", Board)
    right = board.scrollable_content_region.right
    return [f"{str(r.render())!r} ends at column {r.region.right} > {right}"
            for r in board.query(PieceRow) if r.region.right > right]
