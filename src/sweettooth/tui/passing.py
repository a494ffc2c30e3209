"""Hotseat: the screen shown between two players, so nobody sees another's secrets."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static


class PassScreen(Screen[None]):
    """A blank screen asking the next player to take the device; Enter shows their table."""

    DEFAULT_CSS = """
    PassScreen { align: center middle; background: $background; }
    PassScreen > Vertical {
        width: 60; height: auto; border: heavy $accent; padding: 1 2; background: $surface;
    }
    PassScreen Static { width: 100%; content-align: center middle; text-align: center; }
    #pass-title { text-style: bold; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "ready", "Show my table")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Pass to {self.player}", id="pass-title")
            yield Static(f"Everyone else, look away.\n\n{self.player}: press Enter")

    def on_click(self) -> None:
        self.dismiss(None)

    def action_ready(self) -> None:
        self.dismiss(None)
