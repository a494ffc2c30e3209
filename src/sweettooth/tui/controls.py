"""`Controls`: what the player's keys, clicks and typed moves do in the terminal app: pick a
piece (the arrows and Enter, the mouse), choose in the Choose list, type a move after ':',
and the keys of the footer (help, hint, log, cancel, quit)."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from textual import events, on
from textual.binding import Binding, BindingType
from textual.widgets import Input, OptionList

from sweettooth.core import Game, SweetToothError

from .drawing import Drawing
from .help import HelpScreen
from .logscreen import LogScreen
from .pieces import Board, PieceRow, Spot, nearest
from .quitting import QuitScreen
from .reading import read_move


class MoveLine(Input):
    """The line a move is typed on (':' reaches it): while it has the keys, it says how to
    leave it (h, l and q are letters there)."""

    IDLE = "type a move here (press : ) and Enter"
    TYPING = "a move as the screen words it or in notation, Enter (Esc: back to the board)"

    def __init__(self, *, id: str) -> None:
        super().__init__(placeholder=self.IDLE, id=id)

    def on_focus(self, event: events.Focus) -> None:
        self.placeholder = self.TYPING

    def on_blur(self, event: events.Blur) -> None:
        self.placeholder = self.IDLE


class Controls(Drawing):
    """The player's input; `play` (a legal move, as notation) is the game loop's."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help"),
        Binding("question_mark", "help", "Help", show=False),
        Binding("h", "hint", "Hint"),
        Binding("colon,slash", "type_move", "Type a move"),
        Binding("escape", "cancel", "Cancel picks", show=False),
        Binding("l", "full_log", "Log", show=False),
        Binding("q,ctrl+q", "stop", "Quit"),
    ]

    game: Game[Any]
    names: list[str]
    save: Path | None
    exit_code: int

    async def play(self, action_text: str) -> None:
        """A human's move (already legal): apply it and carry on (`SweetApp.play`)."""
        raise NotImplementedError

    # -- pieces ------------------------------------------------------------------------------
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

    def action_move(self, dx: int, dy: int) -> None:
        pool = [s for s in self.spots() if s.seg.pickable or s.seg.picked]
        target = nearest(self.cursor, pool, dx, dy)
        if target is not None:
            self.move_cursor(target)

    def action_cancel(self) -> None:
        if isinstance(self.focused, Input):
            self.query_one("#board", Board).focus()
            return
        self.composer.clear()
        self.ctx.picks = []
        self.decorate()

    # -- the Choose list and typed moves -----------------------------------------------------
    @on(OptionList.OptionSelected, "#choices")
    async def choice_made(self, event: OptionList.OptionSelected) -> None:
        oid = event.option.id or ""
        if oid == "cancel":
            self.action_cancel()
        elif oid.startswith("play:"):
            await self.play(oid[5:])
        elif oid.startswith("key:"):
            await self.pick(oid[4:])

    def action_type_move(self) -> None:
        self.query_one("#notation", Input).focus()

    def action_focus_next(self) -> None:
        """Tab: from the board to the Choose list and back (it went on to the log, then the
        move line, where the keys h, l and q were typed as letters); as usual in a dialog
        and on the move line."""
        if not self.between_board_and_list():
            super().action_focus_next()

    def action_focus_previous(self) -> None:
        if not self.between_board_and_list():
            super().action_focus_previous()

    def between_board_and_list(self) -> bool:
        """Move the focus between the board and the Choose list (to the board when the list
        is empty); False in a dialog or on the move line (Tab moves on there)."""
        if len(self.screen_stack) > 1 or isinstance(self.focused, Input):
            return False
        choices = self.query_one("#choices", OptionList)
        if choices.option_count and not choices.has_focus:
            choices.focus()
        else:
            self.query_one("#board", Board).focus()
        return True

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

    # -- the footer's keys -------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Once the game is over there is no move to hint or type: those keys leave the
        footer (which then fits 80 columns on the end screen) and do nothing."""
        return not (action in ("hint", "type_move") and self.state.to_move is None)

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.game.id, self.state.options))

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
