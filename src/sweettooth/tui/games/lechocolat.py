"""Le Chocolat: the 7x5 bar broken into pieces along its grooves, the scoring card, and each
player's claimed pieces (the hidden sides of your own pieces shown small)."""

from __future__ import annotations

import re

from rich.text import Text
from textual.widgets import Static

from sweettooth.core import JSON

from .base import Ctx, Face
from .draw import Part, box, column, para, piece, row, styled, table, text

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


CELL = 5
"""Every cell of the bar is drawn this wide, whatever it shows (a tile, a claimed square), and
every line between two cells one column wide: the column letters stay over their cells."""
LABEL = "    "
GROOVE = "#a87850"
EDGE = "bold #f2c48d"
V_GROOVE, H_GROOVE = "╎", "╌"
"""A groove inside a piece (pick it to split the piece there)."""
V_EDGE, H_EDGE = "║", "═"
"""The edge between two pieces (where the bar has been split)."""
JOINS = {  # (up, down, left, right) edges meeting between four cells
    (True, True, True, True): "╬", (True, True, True, False): "╣",
    (True, True, False, True): "╠", (True, False, True, True): "╩",
    (False, True, True, True): "╦", (True, True, False, False): "║",
    (False, False, True, True): "═", (True, False, True, False): "╝",
    (True, False, False, True): "╚", (False, True, True, False): "╗",
    (False, True, False, True): "╔", (True, False, False, False): "║",
    (False, True, False, False): "║", (False, False, True, False): "═",
    (False, False, False, True): "═",
}
LEGEND = "╎╌ groove: pick to split  ║═ piece edge  ░ claimed"


def tags(ctx: Ctx, players: int) -> list[str]:
    """Per seat, the three letters that mark its claimed squares on the bar: "you" for a
    player named You, else the name's initials ("cb1") or first letters ("ali")."""
    out = []
    for p in range(players):
        words = ctx.name(p).split()
        if words == ["You"]:
            tag = "you"
        elif len(words) > 1:
            tag = "".join(w[0] for w in words)
        else:
            tag = "".join(words)
        out.append(tag.lower()[:3] or f"p{p + 1}")
    if len(set(out)) < len(out):
        out = [f"p{p + 1}" for p in range(players)]
    return out


def set_chips(view: JSON, flavours: list[str]) -> Text:
    """A set's flavours as chips, a space between them."""
    t = Text()
    for i, f in enumerate(flavours):
        t.append(" " if i else "")
        t.append_text(chip(view, f))
    return t


def claimed_mark(tag: str) -> Text:
    """A claimed square: the owner's tag between shades, CELL wide."""
    pad = CELL - len(tag)
    return styled(("░" * (pad // 2), "dim"), (tag, "italic"), ("░" * (pad - pad // 2), "dim"))


class LeChocolatFace(Face):
    unit = "VP"

    def board(self, view: JSON, ctx: Ctx) -> list[Part]:
        lines = self.bar(view, ctx)
        legend = text(Text(LEGEND, style="dim italic"))
        if ctx.wide:
            last = set()
            for action in ctx.last.values():
                m = re.match(r"(?:split|claim) (\S+)", action)
                if m:
                    last.add(m.group(1))
            note = f"last: {', '.join(sorted(last))}" if last else ""
            bar = box("The bar", *lines, subtitle=note)
            return [row(bar, self.card(view)), self.claimed(view, ctx), legend]
        # 80x24: the bar, then the card and the claimed pieces as plain lines (boxes' borders
        # would push the card off the screen).
        return [column(*lines), *self.card_lines(view),
                *self.claimed_lines(view, ctx), legend]

    def bar(self, view: JSON, ctx: Ctx) -> list[Part]:
        """The bar's lines: column letters, then rows of cells with the lines between them."""
        tiles = {t["cell"]: t for t in view["tiles"]}
        group_of: dict[str, str] = {}
        for g in view["groups"]:
            c0, r0, c1, r1 = bounds(g)
            for r in range(r0, r1 + 1):
                for c in range(c0, c1 + 1):
                    group_of[cell(c, r)] = g
        marks = tags(ctx, view["players"])

        def between(a: str, b: str) -> str | None:
            """'groove' inside a piece, 'edge' between pieces, None between claimed squares."""
            ga, gb = group_of.get(a), group_of.get(b)
            if ga is None and gb is None:
                return None
            return "groove" if ga == gb else "edge"

        def v_line(c: int, r: int) -> str | None:  # right of column c, in row r
            return between(cell(c, r), cell(c + 1, r))

        def h_line(c: int, r: int) -> str | None:  # below row r, in column c
            return between(cell(c, r), cell(c, r + 1))

        head = " ".join(f"{col:^{CELL}}" for col in COLS)
        lines: list[Part] = [text(Text(LABEL + head, style="dim"))]
        for r in range(5):
            parts: list[Part] = [text(Text(f" {r + 1}".ljust(len(LABEL)), style="dim"))]
            for c in range(7):
                here = cell(c, r)
                t = tiles[here]
                g = group_of.get(here)
                if t["owner"] is not None:
                    parts.append(text(claimed_mark(marks[t["owner"]])))
                else:
                    bg, fg = COLOURS.get(t["up"], COLOURS["blank"])
                    tip = f"{here}: {name(view, t['up'])}, piece {g}"
                    parts.append(piece(Text(code(view, t["up"]).center(CELL),
                                            style=f"bold {fg} on {bg}"), f"grp:{g}", tip))
                if c < 6:
                    kind = v_line(c, r)
                    if kind == "groove":
                        at = COLS[c + 1]
                        parts.append(piece(Text(V_GROOVE, style=GROOVE), f"cut:{g}@{at}",
                                           f"split {g} at {at}: the line left of column {at}"))
                    else:
                        parts.append(text(Text(V_EDGE if kind else " ", style=EDGE)))
            lines.append(row(*parts))
            if r == 4:
                break
            parts = [text(LABEL)]
            for c in range(7):
                kind = h_line(c, r)
                g = group_of.get(cell(c, r))
                if kind == "groove":
                    parts.append(piece(Text(H_GROOVE * CELL, style=GROOVE), f"cut:{g}@{r + 2}",
                                       f"split {g} at {r + 2}: the line above row {r + 2}"))
                else:
                    parts.append(text(Text((H_EDGE if kind else " ") * CELL, style=EDGE)))
                if c < 6:
                    arms = (v_line(c, r) == "edge", v_line(c, r + 1) == "edge",
                            h_line(c, r) == "edge", h_line(c + 1, r) == "edge")
                    parts.append(text(Text(JOINS.get(arms, " "), style=EDGE)))
            lines.append(row(*parts))
        return lines

    def card(self, view: JSON) -> Part:
        card = view.get("scoring_card")
        if not card:
            return text("")
        lines: list[Part] = []
        for f, v in card["values"].items():
            lines.append(text(styled(chip(view, f), f" {name(view, f):<9} ", (f"{v:+d}", "bold"))))
        for s in card["sets"]:
            t = Text("Set ")
            t.append_text(set_chips(view, s["flavours"]))
            t.append(f" = {s['points']} each")
            lines.append(text(t))
        for m in card["majorities"]:
            lines.append(text(styled("Most ", chip(view, m["flavour"]), f" = {m['points']}")))
        title = f"Card: {card['name']}"
        out = box(title, *lines)
        out.styles.min_width = len(title) + 8
        return out

    def card_lines(self, view: JSON) -> list[Part]:
        """The scoring card in three short lines: its name and majorities, the VP of a tile of
        each flavour, and its sets."""
        card = view.get("scoring_card")
        if not card:
            return []
        head = styled(("Card: ", "dim"), (card["name"], "bold"))
        for i, m in enumerate(card["majorities"]):
            head.append(" · most " if i == 0 else ", ", style="dim")
            head.append_text(chip(view, m["flavour"]))
            head.append(f" +{m['points']}", style="bold")
        values = Text()
        for f, v in card["values"].items():
            values.append_text(chip(view, f))
            values.append(f"{v:+d} ", style="bold")
        values.append("per tile", style="dim")
        sets = Text()
        for i, s in enumerate(card["sets"]):
            sets.append("set " if i == 0 else ", ", style="dim")
            sets.append_text(set_chips(view, s["flavours"]))
            sets.append(f" +{s['points']}", style="bold")
        if card["sets"]:
            sets.append(" each", style="dim")
        return [para(head), para(values), *([para(sets)] if card["sets"] else [])]

    def pieces(self, view: JSON, seat: int) -> Text:
        """A player's claimed pieces, each in brackets, its tiles joined by dots: up sides, and
        the hidden side (only ever of your own) small after a slash."""
        tiles = {t["cell"]: t for t in view["tiles"]}
        out = Text()
        groups = view["claimed"][seat] if seat < len(view["claimed"]) else []
        for i, g in enumerate(groups):
            out.append(" [" if i else "[", style="dim")
            c0, r0, c1, r1 = bounds(g)
            first = True
            for r in range(r0, r1 + 1):
                for c in range(c0, c1 + 1):
                    tile = tiles[cell(c, r)]
                    out.append("" if first else "·", style="dim")  # (no space: never wraps)
                    first = False
                    out.append_text(chip(view, tile["up"]))
                    if tile.get("down"):
                        out.append("/" + code(view, tile["down"]).lower(), style="dim")
            out.append("]", style="dim")
        if not groups:
            out.append("nothing yet", style="dim")
        return out

    def claimed_lines(self, view: JSON, ctx: Ctx) -> list[Static]:
        """Per player, the mark of their squares on the bar and their pieces."""
        marks = tags(ctx, view["players"])
        out = []
        for p in range(view["players"]):
            t = styled(claimed_mark(marks[p]), " ")
            t.append(f"{ctx.owner(p)} pieces: ", style="bold" if p == view.get("to_move") else "")
            t.append_text(self.pieces(view, p))
            out.append(Static(t, classes="para"))
        return out

    def claimed(self, view: JSON, ctx: Ctx) -> Part:
        removed = view.get("removed_tile")
        note = "removed tile: hidden" if removed == "hidden" else f"removed tile: {removed}"
        return box("Claimed", *self.claimed_lines(view, ctx), column(), subtitle=note,
                   classes="full")

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
            return (f"split a piece along a groove ({V_GROOVE} or {H_GROOVE}), "
                    "then claim a small piece")
        if view.get("phase") == "claim":
            # A typed move names the piece, or any one of its tiles (`words`).
            claims = [a for a in view.get("legal_actions") or [] if a.startswith("claim ")]
            typed = f", or type {claims[0]}" if claims else ""
            if claims and ":" in claims[0]:
                typed += " (or one of its tiles)"
            return f"claim a piece (3 tiles or fewer): pick it{typed}"
        return "choose a move"

    def describe(self, action: str, view: JSON, ctx: Ctx) -> str:
        m = re.fullmatch(r"split (\S+) at ([a-g])", action)
        if m:
            return f"split {m.group(1)} at {m.group(2)} (left of column {m.group(2)})"
        m = re.fullmatch(r"split (\S+) at (\d)", action)
        if m:
            return f"split {m.group(1)} at {m.group(2)} (above row {m.group(2)})"
        m = re.fullmatch(r"claim (\S+)", action)
        if m:
            return f"claim {m.group(1)}"
        return action

    def words(self, action: str, view: JSON, ctx: Ctx) -> list[str]:
        """A claim is also named by its piece alone ("a1:c1") and by any one tile of it ("c1"
        or "claim c1" for "claim a1:c1"): pieces on the table never share a tile, so a tile
        names one."""
        out = [self.describe(action, view, ctx)]
        m = re.fullmatch(r"claim (\S+)", action)
        if m:
            c0, r0, c1, r1 = bounds(m.group(1))
            tiles = [cell(c, r) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]
            out += {m.group(1), *tiles, *(f"claim {t}" for t in tiles)} - {out[0]}
        return out

    def told(self, action: str, mover: int, ctx: Ctx) -> str:
        """The players' line says a move as the log does ("split a1:g5 at 3 (above row 3)")."""
        return self.describe(action, {}, ctx)

    def log(self, view: JSON, ctx: Ctx) -> list[str]:
        out = []
        for e in view.get("log") or []:
            if isinstance(e, dict) and isinstance(e.get("seat"), int):
                what = self.describe(str(e.get("action", "")), view, ctx)
                who = ctx.name(e["seat"])
                if who != "You":
                    what = what.replace("split ", "splits ", 1).replace("claim ", "claims ", 1)
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
        return f"{n} tile{'' if n == 1 else 's'}"

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
