"""The help screen: the game's player-facing rules (the same text as the web client) and keys."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

from sweettooth.core import SweetToothError
from sweettooth.core.rules_text import strip_pieces

KEYS = """\
## Keys

| Key | What it does |
|---|---|
| arrows | move between the pieces you can pick |
| Enter, Space, click | pick the piece (then pick among what remains) |
| Esc | drop the pieces picked so far |
| Tab, Shift+Tab | switch between the board and the Choose list (the moves you can make) |
| : or / | type a move in notation (any case), then Enter; Esc goes back to the board |
| h | a hint: a move and why |
| F1 or ? | this help |
| l | the whole game log |
| q, Ctrl+Q | leave (asked first while the game is not over: y or q again leaves, n stays) |
"""


def rules_text(game_id: str, options: Mapping[str, Any] | None = None) -> str:
    """The rules of a game played with `options` (BitterSweet's Chocs are those of its card
    set) as Markdown with piece links reduced to their names, plus the keys."""
    try:
        from sweettooth.core.rules_text import rules_markdown

        text = strip_pieces(rules_markdown(game_id, options))
    except (SweetToothError, ImportError, OSError):
        text = f"# {game_id}\n\nThe rules text of this game is not available."
    return f"{text.rstrip()}\n\n{KEYS}"


class HelpScreen(ModalScreen[None]):
    """Rules and keys; Esc, q or F1 closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 96%; height: 96%; max-width: 110; border: round $accent; background: $surface;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,f1,question_mark", "close", "Close help"),
    ]

    def __init__(self, game_id: str, options: Mapping[str, Any] | None = None) -> None:
        super().__init__()
        self.game_id = game_id
        self.options = dict(options or {})

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-scroll") as scroll:
            scroll.border_title = "How to play"
            scroll.border_subtitle = "↑ ↓ PgUp PgDn: scroll · Esc: back to the game"
            yield Markdown(rules_text(self.game_id, self.options), id="help-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
