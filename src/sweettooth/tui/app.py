"""`SweetApp`: one game at the terminal, full screen.

The app holds the State, but draws only views: the seat of the single human, or in hotseat the
player who last took the device (after a "Pass to ..." screen). Bots get only their own view.
Nothing derived from the seed is shown before the game is over.

Here: the setup, the layout and the game loop (bots play until a human must move); the
drawing is `Drawing`'s (drawing.py), the player's keys and picks `Controls`' (controls.py).
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, OptionList, Static

import sweettooth as st
from sweettooth.agents import Agent, seat_rngs
from sweettooth.core import JSON, State, save_record, seed_fingerprint, short_fingerprint

from .choosing import Choices
from .composer import Composer, build
from .controls import Controls, MoveLine
from .ending import EndScreen
from .games import face_for
from .games.base import Ctx
from .passing import PassScreen
from .pieces import Board
from .style import CSS


class SweetApp(Controls):
    """Play one game: `humans` pick their moves, `agents` play the other seats."""

    TITLE = "sweettooth"
    AUTO_FOCUS = None
    CSS = CSS

    def __init__(
        self,
        game_id: str,
        players: int,
        options: Mapping[str, Any] | None = None,
        *,
        humans: Sequence[int],
        agents: Mapping[int, Agent],
        names: Sequence[str],
        bot_delay: float = 0.6,
        memory_aid: bool = False,
        save: Path | None = None,
        seed: int | None = None,
        state: State | None = None,
        bot_seed: int | None = None,
        flip_pause: float | None = None,
    ) -> None:
        super().__init__()
        self.game = st.game(game_id)
        self.state = (
            state if state is not None else self.game.new(players, seed, **dict(options or {}))
        )
        self.humans = sorted(set(humans))
        missing = [s for s in range(self.state.players) if s not in self.humans and s not in agents]
        if missing:
            raise ValueError(f"seats {missing} have neither a human nor a bot")
        self.agents = dict(agents)
        bots = bot_seed if bot_seed is not None else secrets.randbits(48)
        rngs = seat_rngs(bots, self.state.players)
        self.rngs = {s: rngs[s] for s in self.agents}
        self.names = list(names)
        self.bot_delay = max(0.0, bot_delay)
        self.flip_pause = flip_pause if flip_pause is not None else max(1.2, 2 * self.bot_delay)
        self.save = save
        self.face = face_for(game_id)
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        aid = self.state.options.get("memory_aid", memory_aid)  # the game's option if it has one
        self.ctx = Ctx(seat=self.viewer, names=self.names, memory_aid=bool(aid))
        self.view: JSON = self.person_view()
        self.composer = Composer([])
        self.cursor = None
        self.waiting = False
        self.exit_code = 1
        self.notice = None

    # -- layout ------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="players")
        with Horizontal(id="main"):
            yield Board(id="board")
            with Vertical(id="side"):
                yield Choices(id="choices")
                yield from self.compose_side()
        yield Static(id="status")
        yield MoveLine(id="notation")
        yield Footer()

    def compose_side(self) -> ComposeResult:
        """The side panel under the choices: the log (a lesson puts its steps above it)."""
        with VerticalScroll(id="log"):
            yield Static(id="logtext")

    async def on_mount(self) -> None:
        self.title = self.game.title
        self.query_one("#log").border_title = "Log"
        # The deal's fingerprint (short; `sweettooth play --plain` prints it whole), fixed
        # before the first move: the seed in the saved record must hash to it.
        self.query_one("#log").border_subtitle = (
            f"deal {short_fingerprint(seed_fingerprint(self.state.seed))}")
        # Tab reaches the list from the board (a new player would not guess it).
        self.query_one("#choices", OptionList).border_title = "Choose (Tab)"
        self.run_worker(self.advance(), name="advance", exclusive=True)

    # -- the game loop -----------------------------------------------------------------------
    async def advance(self) -> None:
        """Let bots play until a human must move (or the game ends)."""
        state = self.state
        self.waiting = False
        while (seat := state.to_move) is not None:
            if seat in self.agents:
                if self.bot_delay:
                    await self.redraw()
                    # In place of "Waiting for ...", not above it.
                    thinking = Text(f"{self.ctx.name(seat)} is thinking…")
                    self.query_one("#status", Static).update(thinking)
                    await asyncio.sleep(self.bot_delay)
                action = await self.bot_move(seat)
                await self.after_move(seat, action)
                continue
            if self.hotseat and seat != self.viewer:
                await self.pass_device(seat)
            self.viewer = seat if self.hotseat else self.viewer
            self.ctx.seat = self.viewer
            view = self.person_view(seat)
            keys = partial(self.face.keys, view=view)
            self.composer = Composer(build(view["legal_actions"], keys))
            self.waiting = True
            await self.redraw()
            return
        await self.finish()

    async def bot_move(self, seat: int) -> Any:
        agent = self.agents[seat]
        view = self.state.view(seat)
        legal = self.state.legal_actions()
        return await asyncio.to_thread(agent.choose, self.game, view, legal, self.rngs[seat])

    async def after_move(self, seat: int, action: Any) -> None:
        rounds = len(self.view.get("rounds") or [])
        self.state.apply(action)
        self.view = self.person_view()
        if len(self.view.get("rounds") or []) > rounds and self.view.get("result") is None:
            self.notice = self.face.round_news(self.view, self.ctx)
        flash = self.face.flash(self.view, self.ctx)
        if flash and self.flip_pause:
            self.ctx.flash = flash
            await self.redraw()
            await asyncio.sleep(self.flip_pause)
            self.ctx.flash = {}

    async def pass_device(self, seat: int) -> None:
        """Hotseat: clear the table and wait until the next player has the device."""
        self.viewer = None
        self.ctx.seat = None
        board = self.query_one("#board", Board)
        self.cursor = None
        await board.remove_children()
        self.query_one("#logtext", Static).update("")
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        await self.push_screen(PassScreen(self.ctx.name(seat)), lambda _: done.set_result(None))
        await done

    async def play(self, action_text: str) -> None:
        """A human's move (already legal): apply it and carry on."""
        if not self.my_turn():
            return
        seat = self.state.to_move
        assert seat is not None
        action = self.game.parse_action(self.state, action_text)
        self.notice = None  # (read: the player has moved on)
        self.waiting = False
        self.composer = Composer([])
        self.run_worker(self.carry_on(seat, action), name="advance", exclusive=True)

    async def carry_on(self, seat: int, action: Any) -> None:
        """Apply a human's move (a flipped face is shown for a moment), then let the bots
        play until a human must move again."""
        await self.after_move(seat, action)
        await self.advance()

    async def finish(self) -> None:
        self.waiting = False
        if self.hotseat:
            self.viewer = None
            self.ctx.seat = None
        await self.redraw()
        notes = [f"Seed of this game: {self.state.seed}"]
        if self.save is not None:
            try:
                save_record(self.state, self.save, self.names)
                notes.append(f"Record saved to {self.save}")
            except OSError as exc:
                notes.append(f"Could not save the record to {self.save}: {exc.strerror}")
        self.exit_code = 0
        await self.push_screen(
            EndScreen(self.view, self.ctx, self.face, unit=self.face.unit, notes=notes)
        )

