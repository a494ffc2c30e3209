"""Pieces on the board: widgets a player picks with the mouse or with the arrow keys and Enter.

A `Piece` carries the composer key of what it stands for (`cell:a1`, `plate:0:red`...). The
app marks it `pickable` (it can still be part of a legal move: focusable, highlighted) or
`picked`. The arrow keys move the focus to the nearest pickable piece in that direction, so
a board drawn in rows and columns is walked as it looks.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.geometry import Offset
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static


class Piece(Static, can_focus=True):
    """A pickable thing on the board. `key` is None for decoration (never pickable)."""

    DEFAULT_CSS = """
    Piece { width: auto; height: auto; }
    Piece.pickable { text-style: bold; }
    Piece.pickable:hover { background: $accent 30%; }
    Piece:focus { background: $accent 60%; text-style: bold reverse; }
    Piece.picked { background: $success 50%; text-style: bold; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "press", "Pick", show=False),
        Binding("up", "app.move(0,-1)", show=False),
        Binding("down", "app.move(0,1)", show=False),
        Binding("left", "app.move(-1,0)", show=False),
        Binding("right", "app.move(1,0)", show=False),
    ]

    class Pressed(Message):
        """The player picked this piece (click, Enter or Space)."""

        def __init__(self, piece: Piece) -> None:
            super().__init__()
            self.piece = piece

    def __init__(
        self,
        content: str | Text,
        key: str | None = None,
        *,
        tip: str | None = None,
        classes: str = "",
        id: str | None = None,
    ) -> None:
        super().__init__(content, classes=classes, id=id)
        self.key = key
        self.tip = tip
        self.can_focus = False
        if tip:
            self.tooltip = tip

    def set_state(self, pickable: bool, picked: bool) -> None:
        self.set_class(pickable, "pickable")
        self.set_class(picked, "picked")
        self.can_focus = pickable or picked

    def action_press(self) -> None:
        if self.can_focus:
            self.post_message(self.Pressed(self))

    def on_click(self) -> None:
        if self.can_focus:
            self.post_message(self.Pressed(self))


def nearest(current: Widget | None, pieces: list[Piece], dx: int, dy: int) -> Piece | None:
    """The piece nearest to `current` in the direction (dx, dy), preferring pieces in line
    with it; None if there is none that way."""
    if not pieces:
        return None
    if current is None or current not in pieces:
        return pieces[0]
    here = _centre(current)
    best: tuple[float, Piece] | None = None
    for p in pieces:
        if p is current:
            continue
        c = _centre(p)
        ox, oy = c.x - here.x, c.y - here.y
        ahead = ox * dx + oy * dy
        if ahead <= 0:
            continue
        side = abs(ox * dy) + abs(oy * dx)
        # Rows are drawn ~2x wider than tall: weigh vertical distance more.
        score = ahead * (2.0 if dy else 1.0) + side * (3.0 if dy else 4.0)
        if best is None or score < best[0]:
            best = (score, p)
    return None if best is None else best[1]


def _centre(w: Widget) -> Offset:
    r = w.region
    return Offset(r.x + r.width // 2, (r.y + r.height // 2) * 2)
