"""The players' line at the top of the screen: each player's name, score and last move."""

from __future__ import annotations

from rich.text import Text

from sweettooth.core import JSON

from .games.base import Ctx, Face


def players_line(view: JSON, players: int, face: Face, ctx: Ctx, width: int) -> Text:
    """The line for a screen `width` cells wide, broken only between players (a player's name,
    score and last move never split over two lines: "Candy Bot 4 0" above "SP"). The last moves
    are cut shorter, then left to the log, where the line would take three lines (5 players at
    80 columns) and push the board's news off the screen."""
    room = width - 2  # the widget's padding
    for cap in (28, 12, 0):
        parts = [player_text(view, p, players, face, ctx, cap) for p in range(players)]
        line = fill(parts, room)
        if len(line.plain.splitlines()) <= 2:
            break
    return line


def fill(parts: list[Text], room: int) -> Text:
    """`parts` two spaces apart, a new line before a part that would pass `room` cells."""
    out, used = Text(), 0
    for part in parts:
        if used and used + 2 + part.cell_len > room:
            out.append("\n")
            used = 0
        elif used:
            out.append("  ")
            used += 2
        out.append_text(part)
        used += part.cell_len
    return out


def player_text(view: JSON, p: int, players: int, face: Face, ctx: Ctx, cap: int) -> Text:
    """Player `p`'s part of the line, with their last move in at most `cap` cells (0: none)."""
    res = view.get("result")
    part = Text()
    style = "bold reverse" if p == view.get("to_move") and res is None else ""
    if res is not None and p in (res.get("winners") or []):
        style = "bold green"
    part.append(ctx.name(p), style=style)
    if ctx.marks_you(p):
        part.append(" (you)", style="italic")
    score = face.score_of(view, p)
    if score:
        part.append(f" {score}", style="dim")
    last = ctx.last.get(p)
    if last and players > 1 and cap:
        told = face.told(last, p, ctx)
        told = told if len(told) <= cap else told[:cap - 1] + "…"
        part.append(f" [{told}]", style="cyan")
    return part
