"""Sweet Nose: plates, bowls, the market, your secret sweetness markers and the store tiles
with their captions. Markers are set kind by kind (five short rows, not 120 moves). The moves
in words and the log are in sweetnose_words.py, the players' one-line rows in
sweetnose_rows.py."""

from __future__ import annotations

import re

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from sweettooth.core import JSON

from . import sweetnose_words as words
from .base import Ctx, Face
from .draw import Part, box, para, piece, row, styled, table, text
from .sweetnose_rows import compact_players
from .sweetnose_words import seat_of

SWEET = {"red": "#e0474c", "green": "#3fae62", "brown": "#8b5a2b", "pink": "#f48fb1",
         "yellow": "#f2c230"}
PHASES = {
    "auction": "shopkeeper auction",
    "stores": "taking store tiles",
    "markers": "phase 1: secret markers",
    "exchange": "phase 2: exchanges",
    "over": "game over",
}


def mark(kind: str) -> Text:
    """A kind as its coloured initial ('r' red, 'g' green, 'b' brown, 'p' pink, 'y' yellow):
    read without colour too (NO_COLOR, colour-blind players), as wide as a dot."""
    return Text(kind[:1], style=f"bold {SWEET.get(kind, 'white')}")


def dots(kind: str, n: int) -> Text:
    """A kind's initial and the count ('r3'): five kinds fit a line of a narrow panel."""
    t = mark(kind)
    t.append(f"{n}", style="bold")
    return t


def caption_of(tile: JSON) -> str:
    """A store tile's caption; players are never gendered (the tiles' data says "his bowl")."""
    return re.sub(r"\bhis\b", "their", str(tile["caption"]))


def tile_of(view: JSON, n: int) -> JSON | None:
    """Store tile number `n`'s data from the view (None if the view has none)."""
    return next((x for x in view["stores"]["tiles"] if x["number"] == n), None)


class SweetNoseFace(Face):
    unit = "SP"
    finishing = frozenset({"dest:bowl", "dest:plate"})  # store 7: after sweet and market's

    # -- drawing -----------------------------------------------------------------------------
    def place(self, view: JSON, seat: int, where: str, ctx: Ctx) -> list[Part]:
        parts: list[Part] = [text(Text(where.capitalize() + " ", style="dim"))]
        sweets = self.sweets(view, seat, where, ctx)
        parts.extend(sweets or [text(Text("empty ", style="dim"))])
        return parts

    def sweets(self, view: JSON, seat: int, where: str, ctx: Ctx) -> list[Part]:
        """A plate's or a bowl's sweets as pieces ('r2 g1 '), nothing when it is empty."""
        counts = view["plates" if where == "plate" else "bowls"][seat]
        parts: list[Part] = []
        for k in view["kinds"]:
            if counts.get(k, 0) > 0:
                tip = f"{ctx.owner(seat)} {where}: {counts[k]} {k}"
                parts.append(piece(dots(k, counts[k]), f"{where}:{seat}:{k}", tip))
                parts.append(text(" "))
        return parts

    def player(self, view: JSON, seat: int, ctx: Ctx) -> Part:
        """Two lines a player, whatever the game brings: name, SP, store and markers; then
        plate and bowl. Every panel fits the board at 80 columns, one under the other."""
        head: list[Part] = [text(Text(ctx.name(seat), style="bold"))]
        if seat == view.get("to_move"):
            head.append(text(Text(" ▶", style="bold")))
        if seat == view.get("start_player"):
            head.append(text(" ⚡"))
        head.append(text(Text(f" · {view['totals'][seat]} SP", style="dim")))
        held = view["stores"]["held"][seat]
        if held:
            head.append(text(Text(" · ", style="dim")))
            head.append(self.store(view, held, ctx, short=True))
        markers = view.get("markers") if seat == ctx.seat else None
        if markers:
            head.append(text(Text(" · Marks ", style="dim")))
            head.extend(self.my_markers(view))
        else:
            done = (view.get("markers_set") or [False] * view["players"])[seat]
            head.append(text(Text(" · marks " + ("set" if done else "not set"), style="dim")))
        body = [*self.place(view, seat, "plate", ctx), text(" "),
                *self.place(view, seat, "bowl", ctx)]
        return box("", row(*head), row(*body), classes="flat full")

    def my_markers(self, view: JSON) -> list[Part]:
        """Your secret markers ('r5 g1 ...'), pieces for store 10's switch."""
        markers = view["markers"]
        parts: list[Part] = []
        for k in view["kinds"]:
            parts.append(piece(styled(mark(k), f"{markers[k]}"), f"mymk:{k}",
                               f"your {k} marker: {markers[k]}"))
            parts.append(text(" "))
        return parts

    def store(self, view: JSON, n: int, ctx: Ctx, short: bool = False, width: int = 0) -> Part:
        """A store tile: its number, level and caption; `short`: 'store 6' (the caption in
        the tip); `width`: the number alone, right-aligned in that many cells."""
        t = tile_of(view, n)
        if t is None:
            return text("")
        caption = caption_of(t)
        tip = f"store {n} ({t['level']}+): {caption}"
        if width:
            return piece(Text(f"{n:>{width}}", style="bold #f2c230"), f"store:{n}", tip,
                         classes="store")
        if short:  # in a player's panel: the caption is in the tip and the store tiles' box
            return piece(styled(("store ", "dim"), (f"{n}", "bold #f2c230")), f"store:{n}", tip,
                         classes="store")
        label = styled((f"{n:>2}", "bold #f2c230"), (f" {t['level']}+ ", "dim"), caption)
        return piece(label, f"store:{n}", tip, classes="store")

    def picker(self, view: JSON) -> Part:
        """Two kinds a line, three lines with no frame (the line above says "phase 1: secret
        markers"), the count's formula beside the last kind: with five players the picker,
        every player's line and the last round's reveal fit 80x24 together, a round's news
        in the status line too."""
        cells: list[list[Part]] = []
        for k in view["kinds"]:
            parts: list[Part] = [text(styled(("●", SWEET[k]), f"{k:<7}"))]
            for n in range(1, 6):
                parts.append(piece(f" {n} ", f"mk:{k}:{n}", f"{k}: {n}"))
            cells.append(parts)
        formula = [text(Text("SP=count×(mark+market)", style="dim"))]
        lines: list[Part] = []
        for i in range(0, len(cells), 2):
            pair = cells[i:i + 2]
            lines.append(row(*pair[0], text("  "), *(pair[1] if len(pair) > 1 else formula)))
        return box("", *lines, classes="flat full picker")

    def round_news(self, view: JSON, ctx: Ctx) -> str | None:
        """Who was lowest, in a line at 80 columns (every player's SP is in the reveal on the
        board: listed here too, five players took two lines and pushed the reveal off)."""
        r = view["rounds"][-1]
        low = min(r["sp"])
        who = " and ".join(ctx.name(p) for p, n in enumerate(r["sp"]) if n == low)
        return f"Round {r['round']} counted: {who} lowest with {low} SP (the reveal is below)."

    def reveal(self, view: JSON, ctx: Ctx) -> Part | None:
        """The last round's count as the table showed it: every player's markers and SP."""
        rounds = view.get("rounds") or []
        if not rounds or view.get("result") is not None:
            return None
        r = rounds[-1]
        width = max(len(ctx.name(p)) for p in range(view["players"]))
        title = f"Round {r['round']} revealed: markers and SP"
        lines: list[Part] = [text(Text(title, style="bold"))]
        for p in range(view["players"]):
            b = r["breakdown"][p]
            parts: list[Part] = [text(f"{ctx.name(p):<{width}} ")]
            for k in view["kinds"]:
                parts.append(text(styled(mark(k), f"{b[k]['marker']} ")))
            parts.append(text(Text(f" {r['sp'][p]} SP", style="bold")))
            lines.append(row(*parts))
        # Framed by a bar on its left, the title on its first line: a line fewer than a box.
        return box("", *lines, classes="flat full news")

    def board(self, view: JSON, ctx: Ctx) -> list[Part]:
        me = ctx.seat
        players = view["players"]
        order = list(range(players)) if me is None else [(me + i) % players
                                                        for i in range(players)]
        phase = PHASES.get(str(view.get("phase")), str(view.get("phase")))
        info = f"Round {view['round']} of {view['rounds_to_play']} · {phase}"
        if view.get("phase") == "exchange":
            who = ctx.seat if ctx.seat is not None else view.get("to_move") or 0
            done = int(view["turns_taken"][who])
            info += (f" · turn {done + 1} of {view['max_turns']}" if done < view["max_turns"]
                     else f" · {done} turns taken")
        top: list[Part] = []  # what this turn is about: the picker, the auction, the stores
        if (view.get("phase") == "markers" and me is not None and view.get("to_move") == me
                and not (view.get("markers_set") or [True] * players)[me]):
            top.append(self.picker(view))
        if view.get("auction") and view.get("phase") == "auction":
            a = view["auction"]
            bids = ", ".join(f"{ctx.name(p)} {b}" + ("" if a["in"][p] else " (out)")
                             for p, b in enumerate(a["bids"]))
            top.append(para(f"Auction: {bids}"))
        if view.get("picking"):
            nxt = ", ".join(f"{ctx.name(p)} (up to {lvl}+)" for p, lvl in view["picking"])
            top.append(para(f"Next to take a store: {nxt}"))
        market: list[Part] = [text(Text("Market ", style="bold"))]
        for k in view["kinds"]:
            if view["market"].get(k, 0) > 0:
                market.append(piece(dots(k, view["market"][k]), f"mkt:{k}",
                                    f"market: {view['market'][k]} {k}"))
                market.append(text(" "))
        out_of = " ".join(f"{view['out_of_game'][k]}{k[0]}" for k in view["kinds"])
        market.append(text(Text(f" out of game {out_of}", style="dim")))
        table_: list[Part] = [row(*market), *(compact_players(self, view, order, ctx) or
                                               [self.player(view, p, ctx) for p in order])]
        tiles: list[Part] = [self.store(view, n, ctx) for n in view["stores"]["board"]]
        for p, n in enumerate(view["stores"]["held"]):
            t = tile_of(view, n)
            if t is not None:
                tiles.append(text(styled((f"{n:>2}", "bold #f2c230"),
                                         (f" {ctx.owner(p)}: ", "dim"), caption_of(t))))
        stores = ([box("Store tiles (number, SP level, what it does)", *tiles, classes="full")]
                  if tiles else [])
        reveal = [r] if (r := self.reveal(view, ctx)) is not None else []
        out: list[Part] = [para(Text(info, style="bold"))]
        # The last round's count under the players (one line each), before the store tiles:
        # at 80x24 five players' rows and the count are seen together.
        out += [*top, *table_, *reveal, *stores]
        if view.get("rounds"):
            out.append(Static(self.rounds_table(view, ctx)))
        return out

    # -- moves -------------------------------------------------------------------------------
    def keys(self, action: str, view: JSON) -> list[str] | None:
        me = view.get("seat")
        a = action
        m = re.fullmatch(r"markers (.*)", a)
        if m:
            return [f"mk:{kv.split('=')[0]}:{kv.split('=')[1]}" for kv in m.group(1).split()]
        patterns: list[tuple[str, object]] = [
            (r"trade P(\d) (\w+) for (\w+)",
             lambda g: [f"plate:{me}:{g[1]}", f"plate:{seat_of(g[0])}:{g[2]}"]),
            (r"market (\w+) for (\w+)", lambda g: [f"plate:{me}:{g[0]}", f"mkt:{g[1]}"]),
            (r"store 1 (\w+)", lambda g: ["store:1", f"plate:{me}:{g[0]}"]),
            (r"store 2 (\w+)", lambda g: ["store:2", f"bowl:{me}:{g[0]}"]),
            (r"store 3 P(\d) (\w+)", lambda g: ["store:3", f"bowl:{seat_of(g[0])}:{g[1]}"]),
            (r"store 4 (\w+) for (\w+)",
             lambda g: ["store:4", f"plate:{me}:{g[0]}", f"bowl:{me}:{g[1]}"]),
            (r"store 6 P(\d) (\w+)",
             lambda g: ["store:6", f"plate:{me}:{g[1]}", f"plate:{seat_of(g[0])}:{g[1]}"]),
            (r"store 7 (\w+) for (\w+) to (bowl|plate)",
             lambda g: ["store:7", f"plate:{me}:{g[0]}", f"mkt:{g[1]}", f"dest:{g[2]}"]),
            (r"store 8 P(\d) (\w+) for (\w+)",
             lambda g: ["store:8", f"bowl:{me}:{g[1]}", f"bowl:{seat_of(g[0])}:{g[2]}"]),
            (r"store 9 P(\d) (\w+)\+(\w+) for (\w+)\+(\w+)",
             lambda g: ["store:9", f"plate:{me}:{g[1]}", f"plate:{me}:{g[2]}",
                        f"plate:{seat_of(g[0])}:{g[3]}", f"plate:{seat_of(g[0])}:{g[4]}"]),
            (r"store 10 switch (\w+) (\w+)", lambda g: ["store:10", f"mymk:{g[0]}",
                                                        f"mymk:{g[1]}"]),
            (r"take store (\d+)", lambda g: [f"store:{g[0]}"]),
        ]
        for pattern, make in patterns:
            m = re.fullmatch(pattern, a)
            if m and callable(make):
                keys: list[str] = make(m.groups())
                return keys
        return None

    def label(self, key: str, view: JSON, ctx: Ctx) -> str:
        return {"dest:bowl": "…into your bowl", "dest:plate": "…onto your plate"}.get(key, key)

    def describe(self, action: str, view: JSON, ctx: Ctx) -> str:
        return words.describe(action, ctx)

    def narrate(self, action: str, mover: int, ctx: Ctx) -> str:
        return words.narrate(action, mover, ctx)

    def prompt(self, view: JSON, ctx: Ctx) -> str:
        return words.prompt(view, ctx)

    def score_of(self, view: JSON, seat: int) -> str:
        return f"{view['totals'][seat]} SP"

    def log(self, view: JSON, ctx: Ctx) -> list[str]:
        return words.log(view, ctx)

    def last_moves(self, view: JSON, ctx: Ctx) -> dict[int, str]:
        out: dict[int, str] = {}
        for entry in view.get("moves") or []:
            if isinstance(entry, list) and len(entry) == 2:
                text_ = str(entry[1])
                out[int(entry[0])] = "markers" if text_.startswith("markers") else text_
        return out

    # -- the end -----------------------------------------------------------------------------
    def rounds_table(self, view: JSON, ctx: Ctx) -> Table:
        head = ["", *(ctx.name(p) for p in range(view["players"]))]
        rows: list[list[str | Text]] = [[f"Round {r['round']}", *(str(x) for x in r["sp"])]
                                        for r in view.get("rounds") or []]
        rows.append(["Total SP", *(str(x) for x in view["totals"])])
        return table(head, rows, "Sweet points per round (lowest total wins)",
                     bold_rows=[len(rows) - 1])

    def summary(self, view: JSON, ctx: Ctx) -> list[Part]:
        out: list[Part] = [Static(self.rounds_table(view, ctx))]
        for r in view.get("rounds") or []:
            head = ["Kind", *(ctx.name(p) for p in range(view["players"]))]
            rows: list[list[str | Text]] = []
            for k in view["kinds"]:
                cells = []
                for b in r["breakdown"]:
                    x = b[k]
                    cells.append(f"{x['count']}×({x['marker']}+{x['market']})={x['subtotal']}")
                rows.append([k, *cells])
            rows.append(["Round SP", *(str(x) for x in r["sp"])])
            title = f"Round {r['round']}: count × (marker + market)"
            out.append(Static(table(head, rows, title, bold_rows=[len(rows) - 1])))
        return out

    def tie_break(self, view: JSON, ctx: Ctx) -> str | None:
        res = view.get("result") or {}
        winners = res.get("winners") or []
        if len(winners) > 1:
            return "Tied for the lowest total SP: the victory is shared."
        return "The lowest total SP wins."
