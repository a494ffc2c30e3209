"""Sweet Nose's players one line each, in columns under one heading (SP, store tile, plate,
bowl): five players and the round's reveal fit the board at 80x24 together."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text

from sweettooth.core import JSON

from ..pieces import Seg
from .base import Ctx
from .draw import Part, box, row, text

if TYPE_CHECKING:
    from .sweetnose import SweetNoseFace

NARROW = 50
"""Cells a line of the board has at 80 columns (with its scrollbar), less a player panel's
left bar."""
WIDE = 72


def width(parts: list[Part]) -> int:
    """Cells a line's segments take."""
    return sum(p.content.cell_len for p in parts if isinstance(p, Seg))


def compact_players(face: SweetNoseFace, view: JSON, order: list[int],
                    ctx: Ctx) -> list[Part] | None:
    """A heading line, then a flat panel of one line per player ('You ▶⚡  23  6  r1 g2 ...'),
    and your own markers once set; None when the columns are too wide for the board (then
    each player takes two lines)."""
    markers_phase = view.get("phase") == "markers"
    held = view["stores"]["held"]
    done = view.get("markers_set") or [False] * view["players"]
    names = {p: ctx.name(p) + (" ▶" if p == view.get("to_move") else "")
             + (" ⚡" if p == view.get("start_player") else "")
             + (" ✓" if markers_phase and done[p] else "") for p in order}
    plates = {p: face.sweets(view, p, "plate", ctx) for p in order}
    bowls = {p: face.sweets(view, p, "bowl", ctx) for p in order}
    wn = max(cell_len(n) for n in names.values())
    wsp = max(2, *(len(str(view["totals"][p])) for p in order))
    wst = 5 if any(held) else 0
    wpl = max(5, *(width(plates[p]) for p in order))
    wbo = max(4, *(width(bowls[p]) for p in order))
    if wn + 2 + wsp + (2 + wst if wst else 0) + 2 + wpl + 2 + wbo > (WIDE if ctx.wide
                                                                       else NARROW):
        return None
    head = " " * wn + f"  {'SP':>{wsp}}" + (f"  {'store':>{wst}}" if wst else "")
    head += f"  {'plate':<{wpl}}  bowl"
    if markers_phase:
        head = f"{'✓ markers set':<{wn}}" + head[wn:]
    out: list[Part] = [row(text(Text("  " + head, style="dim")))]
    for p in order:
        pad = " " * (wn - cell_len(names[p]))
        parts: list[Part] = [text(Text(names[p], style="bold")),
                             text(f"{pad}  {view['totals'][p]:>{wsp}}")]
        if wst:
            parts.append(text("  "))
            parts.append(face.store(view, held[p], ctx, width=wst) if held[p]
                         else text(" " * wst))
        for sweets, w in ((plates[p], wpl), (bowls[p], wbo)):
            parts.append(text("  "))
            parts.extend(sweets or [text(Text("-", style="dim"))])
            parts.append(text(" " * (w - (width(sweets) if sweets else 1))))
        out.append(box("", row(*parts), classes="flat full"))
    mine = view.get("markers") if ctx.seat is not None else None
    if mine:
        marks: list[Part] = [text(Text("  Your markers ", style="dim"))]
        marks.extend(face.my_markers(view))
        out.append(row(*marks))
    return out
