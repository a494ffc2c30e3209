"""Asked before leaving a game that is not over (key `q` or `^q`): an unfinished game is lost.

`y` (or `q` again) leaves; `n` or Esc goes back to the game.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static


class QuitScreen(ModalScreen[bool]):
    """Quit the unfinished game? Dismissed with True to quit, False to keep playing."""

    DEFAULT_CSS = """
    QuitScreen { align: center middle; }
    QuitScreen > Vertical {
        width: 64; max-width: 96%; height: auto; border: round $warning;
        background: $surface; padding: 1 2;
    }
    #quit-question { width: 100%; height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,q,ctrl+q", "answer(True)", "Quit"),
        Binding("n,escape", "answer(False)", "Keep playing"),
    ]

    def __init__(self, saved_to: str | None = None) -> None:
        super().__init__()
        self.saved_to = saved_to

    def compose(self) -> ComposeResult:
        lost = ("it is not saved" if self.saved_to is None
                else f"only a finished game is saved to {self.saved_to}")
        with Vertical() as box:
            box.border_title = "Quit?"
            yield Static(f"This game is not over, and {lost}.\n"
                         "Quit anyway?  y: quit   n or Esc: keep playing", id="quit-question")
        yield Footer()

    def action_answer(self, quit_game: bool) -> None:
        self.dismiss(quit_game)
