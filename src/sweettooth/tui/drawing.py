"""`Drawing`: the terminal app's screen drawn from the viewer's view (players' line, board,
Choose list, log, status line), the pieces marked pickable, picked or under the cursor.

It draws only `view`, the seat's view (`SweetApp` keeps it); `SweetApp` holds the game loop
and `Controls` the keys and picks.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import App
from textual.containers import VerticalScroll
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from sweettooth.core import JSON, State

from .choosing import highlight_first, offers
from .composer import Composer
from .ending import headline
from .games.base import Ctx, Face
from .games.draw import widgets
from .pieces import Board, PieceRow, Spot
from .players import players_line


class Drawing(App[int]):
    """The screen of one game: what `SweetApp` sets up, drawn."""

    state: State
    humans: list[int]
    face: Face
    viewer: int | None
    ctx: Ctx
    view: JSON
    composer: Composer
    cursor: Spot | None
    waiting: bool
    """True while a human may move (the app waits for a pick or a typed move)."""
    notice: str | None
    """What a round's end said (`Face.round_news`), shown above the prompt until the
    player's next move."""

    @property
    def hotseat(self) -> bool:
        return len(self.humans) > 1

    def my_turn(self) -> bool:
        mover = self.state.to_move
        return self.waiting and mover is not None and mover == self.viewer

    def person_view(self, seat: int | str | None = "viewer") -> JSON:
        """What the screen shows of `seat`'s view (default: the viewer's): the view less what
        the game's options keep in the player's head (`Game.person_view`: Bonbons' faces seen
        before, unless the memory aid is on). Bots are handed whole views elsewhere."""
        who = self.viewer if seat == "viewer" else seat
        assert who is None or isinstance(who, int)
        return self.state.game.person_view(self.state.view(who))

    async def redraw(self) -> None:
        """Draw the viewer's view: players, board, choices, log, status."""
        self.view = self.person_view()
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
        line = players_line(self.view, self.state.players, self.face, self.ctx, self.size.width)
        self.query_one("#players", Static).update(line)

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
        self.cursor = cursor_target(spots, focus_key) if self.my_turn() else None
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
            seg = self.cursor.seg
            dropped = " (picked: Enter drops it)" if seg.picked and not seg.pickable else ""
            lines.append(f"▸ {seg.tip}{dropped}")
        self.query_one("#status", Static).update(Text("\n".join(x for x in lines if x)))

    def say(self, text: str) -> None:
        """A message for the player in the status line (above what they may do)."""
        self.draw_status(text)

    def refuse(self, exc: Exception) -> None:
        """Why a move was refused, with seats named as the screen names them (the engine's
        reasons count seats as P1, P2...)."""
        self.say(self.face.reason(str(exc), self.ctx))


def cursor_target(spots: list[Spot], key: str | None) -> Spot | None:
    """Where the cursor goes: the piece with `key` if still pickable, else the next pickable
    one after it on the board, else the first pickable one."""
    able = [s for s in spots if s.seg.pickable]
    if not able:
        return None
    at = next((i for i, s in enumerate(spots) if s.seg.key == key), None)
    if at is None:
        return able[0]
    if spots[at].seg.pickable:
        return spots[at]
    return next((s for s in spots[at:] if s.seg.pickable), able[0])
