"""Small building blocks the faces draw with: rows, titled boxes, styled text."""

from __future__ import annotations

from collections.abc import Iterable

from rich.table import Table
from rich.text import Text
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from ..pieces import Piece


def row(*children: Widget, classes: str = "") -> Horizontal:
    """Widgets side by side, as wide and tall as they need."""
    return Horizontal(*children, classes=f"row {classes}".strip())


def column(*children: Widget, classes: str = "") -> Vertical:
    return Vertical(*children, classes=f"col {classes}".strip())


def box(title: str, *children: Widget, classes: str = "", subtitle: str = "") -> Vertical:
    """A titled frame around some widgets."""
    v = Vertical(*children, classes=f"box {classes}".strip())
    v.border_title = title
    if subtitle:
        v.border_subtitle = subtitle
    return v


def text(content: str | Text, style: str = "", classes: str = "") -> Static:
    """Plain words (never pickable)."""
    return Static(content if isinstance(content, Text) else Text(content, style=style),
                  classes=f"words {classes}".strip())


def piece(content: str | Text, key: str | None, tip: str | None = None,
          classes: str = "") -> Piece:
    return Piece(content, key, tip=tip, classes=classes)


def styled(*parts: tuple[str, str] | str | Text) -> Text:
    """Text from (words, style) pairs, Text and plain strings."""
    t = Text()
    for p in parts:
        if isinstance(p, str):
            t.append(p)
        elif isinstance(p, Text):
            t.append_text(p)
        else:
            t.append(p[0], style=p[1])
    return t


def table(head: Iterable[str], rows: Iterable[Iterable[str | Text]], title: str = "",
          bold_rows: Iterable[int] = ()) -> Table:
    """A small score table: the first column names the row."""
    bold = set(bold_rows)
    t = Table(title=title or None, title_justify="left", expand=False, pad_edge=False)
    for i, h in enumerate(head):
        t.add_column(h, justify="left" if i == 0 else "right")
    for i, r in enumerate(rows):
        t.add_row(*r, style="bold" if i in bold else "")
    return t


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"
