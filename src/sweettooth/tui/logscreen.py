"""The whole game log (key `l`): every line so far, numbered, over the board; Esc, q or l
closes it. The side panel keeps only the latest lines in view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static


def numbered(lines: Sequence[str]) -> Text:
    """'  1  You break ...' lines, numbers right-aligned to the widest."""
    width = len(str(len(lines)))
    body = "\n".join(f"{k:>{width}}  {line}" for k, line in enumerate(lines, 1))
    return Text(body or "Nothing has happened yet.")


class LogScreen(ModalScreen[None]):
    """The log of the game as the viewer's screen tells it, scrolled to its end."""

    DEFAULT_CSS = """
    LogScreen { align: center middle; }
    LogScreen > VerticalScroll {
        width: 96%; height: 96%; max-width: 110; border: round $accent; background: $surface;
        padding: 0 1;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,l", "close", "Close the log"),
    ]

    def __init__(self, lines: Sequence[str]) -> None:
        super().__init__()
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="log-scroll") as scroll:
            scroll.border_title = f"Game log ({len(self.lines)} lines)"
            yield Static(numbered(self.lines), id="log-lines")
        yield Footer()

    def on_mount(self) -> None:
        scroll = self.query_one("#log-scroll", VerticalScroll)
        scroll.focus()
        self.call_after_refresh(scroll.scroll_end, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
