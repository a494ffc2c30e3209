"""The end of the game: who won and why, every round's reveal, each player's breakdown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

from sweettooth.core import JSON

from .games.base import Ctx, Face
from .games.draw import widget


def number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def headline(view: JSON, ctx: Ctx) -> str:
    """'You win!', 'Alice wins!', 'Shared win: You and Bob', 'Final score: 42'."""
    result = view.get("result") or {}
    winners: list[int] = list(result.get("winners") or [])
    scores = result.get("scores") or []
    if view.get("players") == 1 and scores:
        return f"Final score: {number(scores[0])}"
    if not winners:
        return "No winner"
    names = [ctx.who(w) for w in winners]
    if len(names) == 1:
        return f"{names[0]} {'win' if names[0] == 'You' else 'wins'}!"
    return "Shared win: " + " and ".join([", ".join(names[:-1]), names[-1]])


def score_table(view: JSON, ctx: Ctx, unit: str) -> Table:
    result = view.get("result") or {}
    table = Table(title="Final scores", title_justify="left", expand=False)
    table.add_column("Player")
    table.add_column(unit, justify="right")
    table.add_column("")
    for seat, score in enumerate(result.get("scores") or []):
        win = seat in (result.get("winners") or [])
        who = ctx.name(seat) + (" (you)" if ctx.marks_you(seat) else "")
        table.add_row(who, number(score), "winner" if win else "", style="bold" if win else "")
    return table


class EndScreen(Screen[None]):
    """Shown when the game is over. Enter or q closes the app; b looks at the board again."""

    DEFAULT_CSS = """
    EndScreen > VerticalScroll { padding: 0 1; }
    #end-title { text-style: bold; color: $success; padding: 1 0 0 0; }
    .end-part { padding: 1 0 0 0; height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,q", "close", "Leave"),
        Binding("b", "board", "Back to the board"),
    ]

    def __init__(
        self, view: JSON, ctx: Ctx, face: Face, *, unit: str | None, notes: Sequence[str]
    ) -> None:
        super().__init__()
        self.view = view
        self.ctx = ctx
        self.face = face
        self.unit = unit
        self.notes = list(notes)

    def parts(self) -> list[Widget]:
        view, ctx = self.view, self.ctx
        out: list[Widget] = [Static(Text(headline(view, ctx)), id="end-title")]
        tie = self.face.tie_break(view, ctx)
        if tie:
            out.append(Static(Text(tie), classes="end-part", id="end-tie"))
        if view.get("players", 1) > 1 and self.unit is not None:
            out.append(Static(score_table(view, ctx, self.unit), classes="end-part"))
        if self.notes:
            out.append(Static(Text("\n".join(self.notes), style="dim"), classes="end-part",
                              id="end-notes"))
        for part in self.face.summary(view, ctx):
            w = widget(part)
            w.add_class("end-part")
            out.append(w)
        return out

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="end-scroll"):
            yield from self.parts()
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#end-scroll").focus()

    def action_close(self) -> None:
        self.app.exit(0, return_code=0)

    def action_board(self) -> None:
        self.dismiss(None)
