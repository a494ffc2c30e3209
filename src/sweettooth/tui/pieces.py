"""Pieces on the board: what a player picks with the arrow keys and Enter, or the mouse.

A board line is one widget (`PieceRow`) made of segments (`Seg`): words, and pieces that carry
the composer key of what they stand for (`cell:a1`, `plate:0:red`...). Drawing a line as one
widget keeps a board of a hundred pieces fast. The app marks each piece pickable (it can still
be part of a legal move), picked, or under the cursor; the arrow keys move the cursor to the
nearest pickable piece in that direction, so a board is walked as it looks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.geometry import Offset
from textual.message import Message
from textual.widgets import Static

PICKABLE = Style(bold=True, underline=True)
PICKED = Style(bgcolor="#2e7d32", color="#ffffff", bold=True)
CURSOR = Style(reverse=True, bold=True)
LAST = Style(overline=True, italic=True)
POINT = Style(bgcolor="#d6336c", color="#ffffff", bold=True)
"""A piece a lesson points at (`sweettooth learn`)."""
MARKS = {"last": LAST, "flash": Style(blink=True, bold=True), "point": POINT}


@dataclass
class Seg:
    """A run of text on a line; a piece when `key` is set."""

    content: Text
    key: str | None = None
    tip: str = ""
    marks: tuple[str, ...] = ()
    pickable: bool = False
    picked: bool = False
    cursor: bool = False

    def draw(self) -> Text:
        t = self.content.copy()
        for mark in self.marks:
            if mark in MARKS:
                t.stylize(MARKS[mark])
        if self.pickable:
            t.stylize(PICKABLE)
        if self.picked:
            t.stylize(PICKED)
        if self.cursor:
            t.stylize(CURSOR)
        return t


class PieceRow(Static):
    """One line of segments (it may wrap when it has a single piece)."""

    DEFAULT_CSS = "PieceRow { width: auto; height: auto; }"

    class Picked(Message):
        """The player clicked a piece on this line."""

        def __init__(self, row: PieceRow, index: int) -> None:
            super().__init__()
            self.row = row
            self.index = index

    def __init__(self, segs: list[Seg], classes: str = "") -> None:
        self.segs = segs
        super().__init__(self.build(), classes=classes)

    def build(self) -> Text:
        t = Text()
        for s in self.segs:
            t.append_text(s.draw())
        return t

    def redraw(self) -> None:
        self.update(self.build())

    def start_of(self, index: int) -> int:
        return sum(len(s.content) for s in self.segs[:index])

    def spot(self, index: int) -> Offset:
        """Screen position of a segment's middle (lines that wrap: of their first line)."""
        r = self.region
        x = self.start_of(index) + len(self.segs[index].content) // 2
        width = max(1, r.width)
        return Offset(r.x + x % width, r.y + x // width)

    def on_click(self, event: events.Click) -> None:
        keyed = [i for i, s in enumerate(self.segs) if s.key is not None]
        if len(keyed) == 1:
            self.post_message(self.Picked(self, keyed[0]))
            return
        x = event.y * max(1, self.region.width) + event.x
        pos = 0
        for i, s in enumerate(self.segs):
            pos += len(s.content)
            if x < pos:
                if s.key is not None:
                    self.post_message(self.Picked(self, i))
                return


@dataclass(frozen=True)
class Spot:
    """One piece on the board: its line and its index there."""

    row: PieceRow
    index: int

    @property
    def seg(self) -> Seg:
        return self.row.segs[self.index]


class Board(VerticalScroll, can_focus=True):
    """The board: scrolls, and walks its pieces with the arrow keys (not scrolling)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "app.move(0,-1)", show=False),
        Binding("down", "app.move(0,1)", show=False),
        Binding("left", "app.move(-1,0)", show=False),
        Binding("right", "app.move(1,0)", show=False),
        Binding("enter,space", "app.press", "Pick", show=False),
    ]


@dataclass
class Cursor:
    spot: Spot | None = None
    history: list[str] = field(default_factory=list)


def nearest(here: Spot | None, spots: list[Spot], dx: int, dy: int) -> Spot | None:
    """The spot nearest to `here` in the direction (dx, dy), preferring spots in line with
    it; None if there is none that way."""
    if not spots:
        return None
    if here is None or here not in spots:
        return spots[0]
    h = here.row.spot(here.index)
    best: tuple[float, Spot] | None = None
    for s in spots:
        if s == here:
            continue
        c = s.row.spot(s.index)
        ox, oy = c.x - h.x, (c.y - h.y) * 3  # a line is about three columns tall
        ahead = ox * dx + oy * dy
        if ahead <= 0:
            continue
        side = abs(ox * dy) + abs(oy * dx)
        score = ahead + side * 3
        if best is None or score < best[0]:
            best = (score, s)
    return None if best is None else best[1]
