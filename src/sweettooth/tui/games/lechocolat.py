"""Le Chocolat: the 7x5 bar broken into pieces along its grooves, the scoring card, and each
player's claimed pieces (the hidden sides of your own pieces shown small)."""

from __future__ import annotations

import re

from rich.text import Text
from textual.widgets import Static

from sweettooth.core import JSON

from .base import Ctx, Face
from .draw import Part, box, column, piece, row, styled, table, text

COLS = "abcdefg"
COLOURS: dict[str, tuple[str, str]] = {
    "dark": ("#3d2216", "#f5e6d8"),
    "milk": ("#9a6440", "#fff4e8"),
    "white": ("#f4e9d2", "#5b3a29"),
    "hazelnut": ("#c0803f", "#2b1a10"),
    "mint": ("#7fd3b2", "#143d30"),
    "raspberry": ("#d9486b", "#fff0f4"),
    "blank": ("#b48a6b", "#3b2417"),
}


def bounds(group: str) -> tuple[int, int, int, int]:
    """'b2:d3' or 'c3' -> (c0, r0, c1, r1), 0-based and inclusive."""
    a, _, b = group.partition(":")
    b = b or a
    return ord(a[0]) - 97, int(a[1:]) - 1, ord(b[0]) - 97, int(b[1:]) - 1


def cell(c: int, r: int) -> str:
    return f"{COLS[c]}{r + 1}"


def code(view: JSON, flavour: str | None) -> str:
    if flavour is None:
        return "?"
    if flavour == "blank":
        return "---"
    for f in view.get("flavours") or []:
        if f["id"] == flavour:
            return str(f["code"])
    return flavour[:3].upper()


def name(view: JSON, flavour: str) -> str:
    for f in view.get("flavours") or []:
        if f["id"] == flavour:
            return str(f["name"])
    return flavour


def chip(view: JSON, flavour: str, width: int = 3) -> Text:
    bg, fg = COLOURS.get(flavour, COLOURS["blank"])
    return Text(code(view, flavour).center(width), style=f"{fg} on {bg}")


class LeChocolatFace(Face):
    unit = "VP"

    def board(self, view: JSON, ctx: Ctx) -> list[Part]:
        tiles = {t["cell"]: t for t in view["tiles"]}
        group_of: dict[str, str] = {}
        for g in view["groups"]:
            c0, r0, c1, r1 = bounds(g)
            for r in range(r0, r1 + 1):
                for c in range(c0, c1 + 1):
                    group_of[cell(c, r)] = g
        last = set()
        for action in ctx.last.values():
            m = re.match(r"(?:split|claim) (\S+)", action)
            if m:
                last.add(m.group(1))
        lines: list[Part] = [text(styled(("    " + "".join(f"  {c}  " for c in COLS), "dim")))]
        for r in range(5):
            parts: list[Part] = [text(Text(f" {r + 1}  ", style="dim"))]
            for c in range(7):
                here = cell(c, r)
                t = tiles[here]
                g = group_of.get(here)
                if t["owner"] is not None:
                    who = ctx.name(t["owner"])[:1]
                    parts.append(text(Text(f" {who.lower()}· ", style="dim")))
                else:
                    bg, fg = COLOURS.get(t["up"], COLOURS["blank"])
                    tip = f"{here}: {name(view, t['up'])}, piece {g}"
                    parts.append(piece(Text(f" {code(view, t['up'])} ", style=f"bold {fg} on {bg}"),
                                       f"grp:{g}", tip))
                if c < 6:
                    right = group_of.get(cell(c + 1, r))
                    if g is not None and right == g:
                        parts.append(piece(Text("┃", style="#6b4226"), f"cut:{g}@{COLS[c + 1]}",
                                           f"break {g} left of column {COLS[c + 1]}"))
                    else:
                        parts.append(text(" "))
            lines.append(row(*parts))
            if r < 4:
                parts = [text("    ")]
                for c in range(7):
                    g = group_of.get(cell(c, r))
                    if g is not None and group_of.get(cell(c, r + 1)) == g:
                        parts.append(piece(Text("━━━━━", style="#6b4226"), f"cut:{g}@{r + 2}",
                                           f"break {g} above row {r + 2}"))
                    else:
                        parts.append(text("     "))
                    if c < 6:
                        parts.append(text(" "))
                lines.append(row(*parts))
        bar = box("The bar", *lines, subtitle=f"last: {', '.join(sorted(last))}" if last else "")
        card = self.card(view)
        # Narrow: the claimed pieces beside the card take the width left and wrap their lines.
        top = [row(bar, card)] if ctx.wide else [
            bar, row(card, self.claimed(view, ctx, classes="fill"), classes="fill")]
        return [*top, *([self.claimed(view, ctx)] if ctx.wide else []),
                text(Text("Pick a groove (┃ ━) to break a piece, a tile of a small piece "
                          "(3 tiles or fewer) to claim it.", style="dim italic"))]

    def card(self, view: JSON) -> Part:
        card = view.get("scoring_card")
        if not card:
            return text("")
        lines: list[Part] = []
        for f, v in card["values"].items():
            lines.append(text(styled(chip(view, f), f" {name(view, f):<9} ", (f"{v:+d}", "bold"))))
        for s in card["sets"]:
            t = Text("Set ")
            for f in s["flavours"]:
                t.append_text(chip(view, f))
            t.append(f" = {s['points']} each")
            lines.append(text(t))
        for m in card["majorities"]:
            lines.append(text(styled("Most ", chip(view, m["flavour"]), f" = {m['points']}")))
        return box(f"Card: {card['name']}", *lines)

    def claimed(self, view: JSON, ctx: Ctx, classes: str = "") -> Part:
        tiles = {t["cell"]: t for t in view["tiles"]}
        rows: list[Part] = []
        for p in range(view["players"]):
            t = Text(f"{ctx.owner(p)} pieces: ", style="bold" if p == view.get("to_move") else "")
            groups = view["claimed"][p] if p < len(view["claimed"]) else []
            for g in groups:
                c0, r0, c1, r1 = bounds(g)
                for r in range(r0, r1 + 1):
                    for c in range(c0, c1 + 1):
                        tile = tiles[cell(c, r)]
                        t.append_text(chip(view, tile["up"]))
                        if tile.get("down"):
                            t.append(code(view, tile["down"]).lower()[:2], style="dim")
                t.append("  ")
            if not groups:
                t.append("nothing yet", style="dim")
            rows.append(Static(t, classes="words"))
        removed = view.get("removed_tile")
        note = "removed tile: hidden" if removed == "hidden" else f"removed tile: {removed}"
        return box("Claimed", *rows, column(), subtitle=note, classes=classes)

    def keys(self, action: str, view: JSON) -> list[str] | None:
        m = re.fullmatch(r"split (\S+) at (\S+)", action)
        if m:
            return [f"cut:{m.group(1)}@{m.group(2)}"]
        m = re.fullmatch(r"claim (\S+)", action)
        if m:
            return [f"grp:{m.group(1)}"]
        return None

    def prompt(self, view: JSON, ctx: Ctx) -> str:
        if view.get("phase") == "split":
            return "break a piece along a groove (┃ or ━), then claim a small piece"
        if view.get("phase") == "claim":
            return "claim a small piece (3 tiles or fewer): pick one of its tiles"
        return "choose a move"

    def describe(self, action: str, view: JSON, ctx: Ctx) -> str:
        m = re.fullmatch(r"split (\S+) at ([a-g])", action)
        if m:
            return f"break {m.group(1)} left of column {m.group(2)}"
        m = re.fullmatch(r"split (\S+) at (\d)", action)
        if m:
            return f"break {m.group(1)} above row {m.group(2)}"
        m = re.fullmatch(r"claim (\S+)", action)
        if m:
            return f"claim {m.group(1)}"
        return action

    def log(self, view: JSON, ctx: Ctx) -> list[str]:
        out = []
        for e in view.get("log") or []:
            if isinstance(e, dict) and isinstance(e.get("seat"), int):
                what = self.describe(str(e.get("action", "")), view, ctx)
                who = ctx.name(e["seat"])
                if who != "You":
                    what = what.replace("break ", "breaks ", 1).replace("claim ", "claims ", 1)
                out.append(f"{who} {what}")
            elif isinstance(e, str):
                out.append(e)
        return out

    def score_of(self, view: JSON, seat: int) -> str:
        claimed = view["claimed"][seat] if seat < len(view["claimed"]) else []
        n = 0
        for g in claimed:
            c0, r0, c1, r1 = bounds(g)
            n += (c1 - c0 + 1) * (r1 - r0 + 1)
        return f"{n} tiles"

    def summary(self, view: JSON, ctx: Ctx) -> list[Part]:
        bd = view.get("breakdown") or []
        card = view.get("scoring_card")
        if not bd or not card:
            return []
        head = ["", *(ctx.name(p) for p in range(len(bd)))]
        rows: list[list[str | Text]] = []
        for f in view["flavours"]:
            v = card["values"][f["id"]]
            rows.append([f"{f['name']} ({v:+d} each)", *(
                f"{b['counts'].get(f['id'], 0)} → {b['flavours'].get(f['id'], 0)}" for b in bd)])
        for i, s in enumerate(card["sets"]):
            rows.append([f"Sets {'+'.join(s['flavours'])}", *(
                f"{b['sets'][i]['complete']} → {b['sets'][i]['vp']}" for b in bd)])
        for i, m in enumerate(card["majorities"]):
            rows.append([f"Most {m['flavour']}", *(
                f"{b['majorities'][i]['tiles']} → {b['majorities'][i]['vp']}" for b in bd)])
        rows.append(["Tiles claimed", *(str(b["tiles_claimed"]) for b in bd)])
        rows.append(["Blank both sides", *(str(b["discarded"]) for b in bd)])
        rows.append(["Total VP", *(str(b["total"]) for b in bd)])
        title = f"Scoring card: {card['name']} (tiles → VP)"
        return [Static(table(head, rows, title, bold_rows=[len(rows) - 1]))]

    def tie_break(self, view: JSON, ctx: Ctx) -> str | None:
        """LC-6: tied on VP, more tiles claimed (blank ones included) wins; else shared."""
        res = view.get("result") or {}
        scores = list(res.get("scores") or [])
        bd = view.get("breakdown") or []
        if len(scores) < 2 or scores.count(max(scores)) < 2 or len(bd) != len(scores):
            return None
        tied = [p for p, s in enumerate(scores) if s == max(scores)]
        counts = ", ".join(f"{ctx.name(p)} {bd[p]['tiles_claimed']}" for p in tied)
        winners = res.get("winners") or []
        if len(winners) == 1:
            return (f"Tied on {max(scores):g} VP; the tie-break is tiles claimed ({counts}), "
                    f"so {ctx.name(winners[0])} wins.")
        return f"Tied on {max(scores):g} VP and on tiles claimed ({counts}): a shared win."
