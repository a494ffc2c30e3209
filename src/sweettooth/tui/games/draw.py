"""Small building blocks the faces draw with: rows, titled boxes, styled text."""

from __future__ import annotations

from collections.abc import Iterable

from rich.table import Table
from rich.text import Text
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from ..pieces import PieceRow, Seg

Part = Widget | Seg
"""What faces draw with: widgets, and segments (words or pieces) that make up lines."""


def widget(part: Part) -> Widget:
    """A part as a widget: a lone segment becomes a line of its own."""
    return PieceRow([part]) if isinstance(part, Seg) else part


def widgets(parts: Iterable[Part]) -> list[Widget]:
    """Parts as widgets; consecutive segments share one line."""
    out: list[Widget] = []
    run: list[Seg] = []
    for p in parts:
        if isinstance(p, Seg):
            run.append(p)
            continue
        if run:
            out.append(PieceRow(run))
            run = []
        out.append(p)
    if run:
        out.append(PieceRow(run))
    return out


def row(*parts: Part, classes: str = "") -> Widget:
    """Parts side by side: one line of segments, or widgets in a row."""
    if all(isinstance(p, Seg) for p in parts):
        return PieceRow([p for p in parts if isinstance(p, Seg)], classes=classes)
    return Horizontal(*widgets(parts), classes=f"row {classes}".strip())


def column(*parts: Part, classes: str = "") -> Vertical:
    return Vertical(*(widget(p) for p in parts), classes=f"col {classes}".strip())


def box(title: str, *parts: Part, classes: str = "", subtitle: str = "") -> Vertical:
    """A titled frame around some lines."""
    v = Vertical(*(widget(p) for p in parts), classes=f"box {classes}".strip())
    v.border_title = title
    if subtitle:
        v.border_subtitle = subtitle
    return v


def text(content: str | Text, style: str = "") -> Seg:
    """Plain words (never pickable)."""
    return Seg(content if isinstance(content, Text) else Text(content, style=style))


def para(content: str | Text, style: str = "") -> Static:
    """Words that wrap to the board's width."""
    return Static(content if isinstance(content, Text) else Text(content, style=style),
                  classes="para")


def piece(content: str | Text, key: str | None, tip: str | None = None,
          classes: str = "") -> Seg:
    """A piece the player may pick (when it can be part of a legal move)."""
    body = content if isinstance(content, Text) else Text(content)
    return Seg(body, key, tip or "", tuple(classes.split()))


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
