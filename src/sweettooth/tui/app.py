"""`SweetApp`: one game at the terminal, full screen.

The app holds the State, but draws only views: the seat of the single human, or in hotseat the
player who last took the device (after a "Pass to ..." screen). Bots get only their own view.
Nothing derived from the seed is shown before the game is over.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

import sweettooth as st
from sweettooth.agents import Agent, seat_rngs
from sweettooth.core import JSON, State, SweetToothError, save_record

from .choosing import Choices, highlight_first, offers
from .composer import Composer, build
from .ending import EndScreen, headline
from .games import face_for
from .games.base import Ctx
from .games.draw import widgets
from .help import HelpScreen
from .logscreen import LogScreen
from .passing import PassScreen
from .pieces import Board, PieceRow, Spot, nearest
from .quitting import QuitScreen
from .reading import read_move


class SweetApp(App[int]):
    """Play one game: `humans` pick their moves, `agents` play the other seats."""

    TITLE = "sweettooth"
    AUTO_FOCUS = None
    CSS = """
    Screen { layout: vertical; }
    #players { height: auto; max-height: 3; background: $boost; padding: 0 1; }
    #main { height: 1fr; }
    #board { width: 1fr; padding: 0 1; }
    #side { width: 30%; min-width: 24; max-width: 44; }
    #choices { height: auto; max-height: 12; border: round $accent; }
    #choices.-empty { display: none; }
    #log { height: 1fr; border: round $panel; }
    #status { height: auto; max-height: 4; background: $primary 20%; padding: 0 1; }
    #notation { height: 1; border: none; padding: 0 1; }
    .hidden { display: none; }
    .row { height: auto; width: auto; }
    .col { height: auto; width: auto; }
    .box { height: auto; width: auto; min-width: 16; border: round $panel; padding: 0 1; }
    .words { width: auto; }
    .box.full { width: 100%; }
    .row.fill { width: 100%; }
    .box.fill { width: 1fr; }
    .box.fill .words { width: 100%; }
    .box.fill PieceRow { width: 100%; }
    .box.full PieceRow { width: 100%; }
    .para { width: 100%; }
    #board:focus { background: $boost; }
    .box.flat { border: none; border-left: tall $panel; padding: 0 0 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help"),
        Binding("question_mark", "help", "Help", show=False),
        Binding("h", "hint", "Hint"),
        Binding("colon,slash", "type_move", "Type a move"),
        Binding("escape", "cancel", "Cancel picks", show=False),
        Binding("l", "full_log", "Log", show=False),
        Binding("q,ctrl+q", "stop", "Quit"),
    ]

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
        self.state: State = (
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
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.ctx = Ctx(seat=self.viewer, names=self.names, memory_aid=memory_aid)
        self.view: JSON = self.state.view(self.viewer)
        self.composer = Composer([])
        self.cursor: Spot | None = None
        self.waiting = False
        """True while a human may move (the app waits for a pick or a typed move)."""
        self.exit_code = 1
        self.notice: str | None = None
        """What a round's end said (`Face.round_news`), shown above the prompt until the
        player's next move."""

    # -- layout ------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="players")
        with Horizontal(id="main"):
            yield Board(id="board")
            with Vertical(id="side"):
                yield Choices(id="choices")
                with VerticalScroll(id="log"):
                    yield Static(id="logtext")
        yield Static(id="status")
        yield Input(placeholder="type a move here (press : ) and Enter", id="notation")
        yield Footer()

    async def on_mount(self) -> None:
        self.title = self.game.title
        self.query_one("#log").border_title = "Log"
        # Tab reaches the list from the board (a new player would not guess it).
        self.query_one("#choices", OptionList).border_title = "Choose (Tab)"
        self.run_worker(self.advance(), name="advance", exclusive=True)

    # -- drawing -----------------------------------------------------------------------------
    @property
    def hotseat(self) -> bool:
        return len(self.humans) > 1

    def my_turn(self) -> bool:
        mover = self.state.to_move
        return self.waiting and mover is not None and mover == self.viewer

    async def redraw(self) -> None:
        """Draw the viewer's view: players, board, choices, log, status."""
        self.view = self.state.view(self.viewer)
        self.ctx.last = self.face.last_moves(self.view, self.ctx)
        self.ctx.picks = list(self.composer.picks)
        self.ctx.wide = self.size.width >= 110
        self.draw_players()
        board = self.query_one("#board", Board)
        focus_key = self.cursor.seg.key if self.cursor is not None else None
        self.cursor = None
        with self.batch_update():
            await board.remove_children()
            await board.mount_all(widgets(self.face.board(self.view, self.ctx)))
            if self.my_turn():  # a turn starts at the board's top (round, phase), if it fits
                board.scroll_home(animate=False, immediate=True)
        self.draw_log()
        self.decorate(focus_key)
        if self.notice is not None:
            board.call_after_refresh(self.show_news)

    def show_news(self) -> None:
        """A round was just counted: its news on the board (Sweet Nose's reveal) is scrolled
        into view, then the piece under the cursor (both are seen if they fit)."""
        for news in self.query_one("#board", Board).query(".news"):
            news.scroll_visible(animate=False, immediate=True)
        if self.cursor is not None:
            self.cursor.row.scroll_visible(animate=False, immediate=True)

    def draw_players(self) -> None:
        """The players' line: names, scores and last moves; the moves are cut shorter, then
        left to the log, where the line would take three lines (5 players at 80 columns) and
        push the board's news off the screen."""
        room = 2 * (self.size.width - 2) - 12  # two lines, less what word-wrapping loses
        for cap in (28, 12, 0):
            parts = self.players_line(cap)
            if parts.cell_len <= room:
                break
        self.query_one("#players", Static).update(parts)

    def players_line(self, cap: int) -> Text:
        """The players' line with each last move in at most `cap` cells (0: none)."""
        v = self.view
        res = v.get("result")
        parts = Text()
        for p in range(self.state.players):
            if p:
                parts.append("  ")
            style = "bold reverse" if p == v.get("to_move") and res is None else ""
            if res is not None and p in (res.get("winners") or []):
                style = "bold green"
            parts.append(self.ctx.name(p), style=style)
            if self.ctx.marks_you(p):
                parts.append(" (you)", style="italic")
            score = self.face.score_of(v, p)
            if score:
                parts.append(f" {score}", style="dim")
            last = self.ctx.last.get(p)
            if last and self.state.players > 1 and cap:
                told = self.face.told(last, p, self.ctx)
                told = told if len(told) <= cap else told[:cap - 1] + "…"
                parts.append(f" [{told}]", style="cyan")
        return parts

    def draw_log(self) -> None:
        lines = self.face.log(self.view, self.ctx)
        self.query_one("#logtext", Static).update(Text("\n".join(lines[-200:])))
        # Anchored, the panel follows its newest line when the new lines are laid out (a
        # scroll_end now would stop at the old end); again after each move, in case the
        # player scrolled up since.
        self.query_one("#log", VerticalScroll).anchor()

    def spots(self) -> list[Spot]:
        """Every piece on the board, in reading order."""
        out: list[Spot] = []
        for line in self.query_one("#board", Board).query(PieceRow):
            out.extend(Spot(line, i) for i, seg in enumerate(line.segs) if seg.key is not None)
        return out

    def decorate(self, focus_key: str | None = None) -> None:
        """Mark pickable and picked pieces; fill the choice list; write the status line."""
        pickable = self.composer.pickable() if self.my_turn() else {}
        picks = list(self.composer.picks)
        spots = self.spots()
        total: dict[str, int] = {}
        for spot in spots:
            key = str(spot.seg.key)
            total[key] = total.get(key, 0) + 1
        marked: dict[str, int] = {}
        for spot in spots:
            seg, key = spot.seg, str(spot.seg.key)
            # Several pieces may share a key (two dice showing 3): the first ones are picked.
            seg.picked = marked.get(key, 0) < picks.count(key)
            if seg.picked:
                marked[key] = marked.get(key, 0) + 1
            spare = total[key] > picks.count(key)
            seg.pickable = pickable.get(key, 0) > 0 and (not seg.picked or not spare)
            seg.cursor = False
        self.cursor = self.cursor_target(spots, focus_key) if self.my_turn() else None
        if self.cursor is not None:
            self.cursor.seg.cursor = True
        opts = self.fill_choices(set(total))
        for line in {spot.row for spot in spots}:
            line.redraw()
        self.draw_status()
        if not self.my_turn() or isinstance(self.focused, Input):
            return
        if self.cursor is not None:
            self.query_one("#board", Board).focus()
            self.cursor.row.scroll_visible(animate=False)
        elif opts:
            choices = self.query_one("#choices", OptionList)
            choices.focus()
            highlight_first(choices)

    def fill_choices(self, present: set[str] | None = None) -> list[Option]:
        """Fill the Choose list (`choosing.offers`; its first entry highlighted if it has the
        focus); `present`: the keys of the pieces on the board (by default, read from it)."""
        if present is None:
            present = {str(s.seg.key) for s in self.spots()}
        choices = self.query_one("#choices", OptionList)
        choices.clear_options()
        opts: list[Option] = []
        if self.my_turn():
            here = None if self.cursor is None else self.cursor.seg.key
            opts = offers(self.composer, present, here, self.face, self.view, self.ctx)
        choices.add_options(opts)
        choices.set_class(not opts, "-empty")
        if choices.has_focus:
            highlight_first(choices)
        return opts

    def cursor_target(self, spots: list[Spot], key: str | None) -> Spot | None:
        """Where the cursor goes: the piece with `key` if still pickable, else the next
        pickable one after it on the board, else the first pickable one."""
        able = [s for s in spots if s.seg.pickable]
        if not able:
            return None
        at = next((i for i, s in enumerate(spots) if s.seg.key == key), None)
        if at is None:
            return able[0]
        if spots[at].seg.pickable:
            return spots[at]
        return next((s for s in spots[at:] if s.seg.pickable), able[0])

    def draw_status(self, extra: str | None = None) -> None:
        v = self.view
        if v.get("result") is not None:
            text = f"Game over. {headline(v, self.ctx)}"
        elif self.my_turn():
            assert self.viewer is not None
            who = f"{self.ctx.name(self.viewer)}, your turn" if self.hotseat else "Your turn"
            text = f"{who}: {self.face.prompt(self.view, self.ctx)}"
        elif (mover := v.get("to_move")) is not None:
            text = f"Waiting for {self.ctx.name(mover)}…"
        else:
            text = ""
        lines = [extra or self.notice or "", text]
        # The piece under the cursor is described under a round's news too (it stays until
        # the next move); a passing message (a refusal, a hint) takes that line for a moment.
        if not extra and self.cursor is not None and self.cursor.seg.tip and self.my_turn():
            lines.append(f"▸ {self.cursor.seg.tip}")
        self.query_one("#status", Static).update(Text("\n".join(x for x in lines if x)))

    def say(self, text: str) -> None:
        """A message for the player in the status line (above what they may do)."""
        self.draw_status(text)

    def refuse(self, exc: Exception) -> None:
        """Why a move was refused, with seats named as the screen names them (the engine's
        reasons count seats as P1, P2...)."""
        self.say(self.face.reason(str(exc), self.ctx))

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
            view = self.state.view(seat)
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
        self.view = self.state.view(self.viewer)
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
                save_record(self.state, self.save)
                notes.append(f"Record saved to {self.save}")
            except OSError as exc:
                notes.append(f"Could not save the record to {self.save}: {exc.strerror}")
        self.exit_code = 0
        await self.push_screen(
            EndScreen(self.view, self.ctx, self.face, unit=self.face.unit, notes=notes)
        )

    # -- input -------------------------------------------------------------------------------
    @on(PieceRow.Picked)
    async def clicked(self, event: PieceRow.Picked) -> None:
        await self.press(Spot(event.row, event.index))

    async def action_press(self) -> None:
        if self.cursor is not None:
            await self.press(self.cursor)

    async def press(self, spot: Spot) -> None:
        """Pick the piece at `spot` (or drop it if it was picked and cannot be picked again)."""
        seg = spot.seg
        if seg.key is None or not self.my_turn():
            return
        self.move_cursor(spot)
        if seg.picked and not seg.pickable:
            self.composer.unpick(seg.key)
            self.ctx.picks = list(self.composer.picks)
            self.decorate(seg.key)
            return
        if not seg.pickable:
            why = self.face.nothing_here(seg.key, self.view, self.ctx)
            self.say(why or "That piece is not part of any move now.")
            return
        await self.pick(seg.key)

    def move_cursor(self, spot: Spot | None) -> None:
        if self.cursor is not None:
            self.cursor.seg.cursor = False
            self.cursor.row.redraw()
        self.cursor = spot
        if spot is not None:
            spot.seg.cursor = True
            spot.row.redraw()
            spot.row.scroll_visible(animate=False)
            self.draw_status()
            if self.face.follows_cursor and not self.composer.picks:
                self.fill_choices()  # (the moves of the piece under the cursor)

    async def pick(self, key: str) -> None:
        try:
            action = self.composer.pick(key)
        except ValueError as exc:
            self.refuse(exc)
            return
        if action is not None:
            await self.play(action)
            return
        self.ctx.picks = list(self.composer.picks)
        self.decorate(key)

    @on(OptionList.OptionSelected, "#choices")
    async def choice_made(self, event: OptionList.OptionSelected) -> None:
        oid = event.option.id or ""
        if oid == "cancel":
            self.action_cancel()
        elif oid.startswith("play:"):
            await self.play(oid[5:])
        elif oid.startswith("key:"):
            await self.pick(oid[4:])

    @on(Input.Submitted, "#notation")
    async def typed(self, event: Input.Submitted) -> None:
        text = event.value.strip().lstrip(":").strip()  # ':' opens the input: typed twice
        event.input.value = ""
        if not text:
            return
        word = text.lower()
        if word in ("help", "?"):
            self.action_help()
            return
        if word == "hint":
            self.action_hint()
            return
        if not self.my_turn():
            self.say("It is not your turn.")
            return
        view, ctx = self.view, self.ctx
        try:
            action = read_move(text, self.state, ctx,
                               partial(self.face.words, view=view, ctx=ctx),
                               self.face.seat_token)
        except (SweetToothError, ValueError) as exc:
            self.refuse(exc)  # (the line keeps the focus, to type the move again)
            return
        # Played: the keys (h, l, arrows) are the board's again; ':' types the next move.
        self.query_one("#board", Board).focus()
        await self.play(str(action))

    # -- actions (keys) ----------------------------------------------------------------------
    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.game.id))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Once the game is over there is no move to hint or type: those keys leave the
        footer (which then fits 80 columns on the end screen) and do nothing."""
        return not (action in ("hint", "type_move") and self.state.to_move is None)

    def action_hint(self) -> None:
        if not self.my_turn():
            self.say("A hint is for your own turn.")
            return
        try:
            from sweettooth.agents import hint
        except ImportError:
            self.say("Hints are not available in this version.")
            return
        try:
            h = hint(self.game, self.view, self.names)
        except (SweetToothError, ValueError) as exc:
            self.say(f"No hint: {exc}")
            return
        action = self.face.describe(str(h.action), self.view, self.ctx)
        self.say(f"Hint: {action} — {h.reason}")

    def action_type_move(self) -> None:
        self.query_one("#notation", Input).focus()

    def action_cancel(self) -> None:
        if isinstance(self.focused, Input):
            self.query_one("#board", Board).focus()
            return
        self.composer.clear()
        self.ctx.picks = []
        self.decorate()

    def action_move(self, dx: int, dy: int) -> None:
        pool = [s for s in self.spots() if s.seg.pickable or s.seg.picked]
        target = nearest(self.cursor, pool, dx, dy)
        if target is not None:
            self.move_cursor(target)

    def action_full_log(self) -> None:
        if not isinstance(self.screen, LogScreen):
            self.push_screen(LogScreen(self.face.log(self.view, self.ctx)))

    def action_stop(self) -> None:
        """Leave: at once once the game is over, else after asking (`QuitScreen`)."""
        if self.state.to_move is None or self.exit_code == 0:
            self.exit(self.exit_code, return_code=self.exit_code)
            return
        if isinstance(self.screen, QuitScreen):
            return

        def answered(quit_game: bool | None) -> None:
            if quit_game:
                self.exit(self.exit_code, return_code=self.exit_code)

        saved_to = None if self.save is None else str(self.save)
        self.push_screen(QuitScreen(saved_to), answered)

