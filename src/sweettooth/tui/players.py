"""The players' line at the top of the screen: each player's name, score and last move."""

from __future__ import annotations

from rich.text import Text

from sweettooth.core import JSON

from .games.base import Ctx, Face


def players_line(view: JSON, players: int, face: Face, ctx: Ctx, width: int) -> Text:
    """The line for a screen `width` cells wide: the last moves are cut shorter, then left
    to the log, where the line would take three lines (5 players at 80 columns) and push the
    board's news off the screen."""
    room = 2 * (width - 2) - 12  # two lines, less what word-wrapping loses
    for cap in (28, 12, 0):
        parts = players_text(view, players, face, ctx, cap)
        if parts.cell_len <= room:
            break
    return parts


def players_text(view: JSON, players: int, face: Face, ctx: Ctx, cap: int) -> Text:
    """The players' line with each last move in at most `cap` cells (0: none)."""
    res = view.get("result")
    parts = Text()
    for p in range(players):
        if p:
            parts.append("  ")
        style = "bold reverse" if p == view.get("to_move") and res is None else ""
        if res is not None and p in (res.get("winners") or []):
            style = "bold green"
        parts.append(ctx.name(p), style=style)
        if ctx.marks_you(p):
            parts.append(" (you)", style="italic")
        score = face.score_of(view, p)
        if score:
            parts.append(f" {score}", style="dim")
        last = ctx.last.get(p)
        if last and players > 1 and cap:
            told = face.told(last, p, ctx)
            told = told if len(told) <= cap else told[:cap - 1] + "…"
            parts.append(f" [{told}]", style="cyan")
    return parts
