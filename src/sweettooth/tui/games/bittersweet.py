"""BitterSweet: the box of Chocs, your hand with every Choc's texture, coating, shape, points
and ability, your YUM!/YUCK! Preference cards, and what the others show."""

from __future__ import annotations

import re
from functools import cache

from rich.text import Text
from textual.widgets import Static

from sweettooth.core import JSON
from sweettooth.games.bittersweet.components import Choc, load_components
from sweettooth.games.bittersweet.render import task_words

from .base import Ctx, Face, seat_words, you_case, you_verb
from .draw import Part, box, column, para, piece, row, styled, table, text

COATING = {"milk": "#a0683f", "crimson": "#b3263e", "dark": "#3d2216", "white": "#efe3cc"}
INK = {"milk": "#ffffff", "crimson": "#ffffff", "dark": "#f5e6d8", "white": "#3b2417"}
SHAPE = {"pyramid": "▲", "heart": "♥", "trapezoid": "⏢", "square": "■", "round": "●",
         "hexagon": "⬢", "animal": "ʕ"}
CELL = 7
NARROW = 50
"""Columns the board has for a face below 110 columns (80 columns less the side panel,
the padding and a scrollbar)."""


def cut(t: Text, width: int) -> Text:
    """One line of at most `width` cells (an ellipsis where it is cut)."""
    t = t.copy()
    t.truncate(max(1, width), overflow="ellipsis")
    return t


def chip(c: Choc | None, cid: str, chocs: dict[str, Choc]) -> Text:
    """A Choc in a few cells: its name in its coating's colours, its shape and its points
    ('1/3' for "1 or 3 if ...", '?' for points per matching Choc: the tip says the rest)."""
    t = Text(f" {name_of(chocs, cid)} {SHAPE.get(c.shape or '', '') if c else ''}",
             style=colours(c))
    if c is not None:
        sc = c.score
        points = (str(sc.points) if sc.kind == "fixed" else
                  ("?" if sc.points > 0 else "-?") if sc.kind == "per" else "1/3")
        t.append(points, style=colours(c))
    t.append(" ", style=colours(c))
    return t


@cache
def catalogue(chocs_file: str = "", preferences_file: str = "",
              cards: str = "original") -> dict[str, Choc]:
    """Choc id -> its card (public component data, the same for every seat)."""
    comps = load_components(chocs_file, preferences_file, cards)
    return {c.id: c for c in comps.chocs}


def chocs_of(view: JSON) -> dict[str, Choc]:
    opts = view.get("options") or {}
    return catalogue(str(opts.get("chocs_file") or ""), str(opts.get("preferences_file") or ""),
                     str(opts.get("cards") or "original"))


def colours(c: Choc | None) -> str:
    if c is None:
        return "#f0d9b5 on #6b4226"
    if c.kind == "veggie":
        return "bold #ffffff on #5f9e4a"
    if c.kind == "wild":
        return "bold #ffffff on #d9a441"
    coat = c.coating or ""
    return f"bold {INK.get(coat, '#ffffff')} on {COATING.get(coat, '#7a5038')}"


def choc_line(c: Choc) -> Text:
    """'Pea Pod  ▲ solid · milk · pyramid  2 pts  On Reveal: ...'."""
    attrs = " · ".join(a for a in (c.texture, c.coating, c.shape) if a)
    kind = f" ({c.kind})" if c.kind != "choc" else ""
    t = Text()
    t.append(f" {c.name} ", style=colours(c))
    t.append(f" {SHAPE.get(c.shape or '', ' ')} {attrs}{kind}", style="")
    points = c.score.text()
    unit = "pt" if points == "1" else "pts"
    t.append(f"  {points} {unit}" if points.isdigit() else f"  points: {points}",
             style="bold #f2c230")
    if c.ability or c.no_return:
        t.append(f"  {c.text()}", style="italic")
    return t


def shape_key(shown: list[Choc], width: int = 200) -> str:
    """The shape symbols the board draws for `shown`, in words: '▲ pyramid ♥ heart' (closer
    together, then the first letters dropped, when `width` is short; '' for no shape). The
    points a chip shows ('1/3', '?') are said in full by its tip on the cursor line."""
    shapes = [sh for sh in SHAPE if any(c.shape == sh for c in shown)]
    named = [(SHAPE[sh], "wild" if sh == "animal" else sh) for sh in shapes]
    for sep, gap in ((" ", "  "), ("", " ")):
        key = gap.join(f"{mark}{sep}{word}" for mark, word in named)
        if len(key) <= width:
            return key
    return " ".join(f"{mark}{word[:3]}" for mark, word in named)


def name_of(chocs: dict[str, Choc], cid: str) -> str:
    c = chocs.get(cid)
    return c.name if c else str(cid).replace("-", " ").title()


class BitterSweetFace(Face):
    unit = "round wins"
    follows_cursor = True  # the Choose list: take or reveal the space under the cursor

    def cell(self, b: JSON, chocs: dict[str, Choc], last: set[str], w: int = CELL) -> Part:
        name, face, cid = b["cell"], b["face"], b.get("choc")
        key = f"cell:{name}"
        cls = "last" if name in last else ""
        if face == "empty":
            return piece(Text(f"{name:^{w}}", style="dim"), key, f"{name}: empty space",
                         classes=cls)
        if face == "up" and cid:
            c = chocs.get(cid)
            label = name_of(chocs, cid)[:w - 1]
            tip = f"{name}: {choc_line(c).plain}" if c else name
            return piece(Text(f"{label:<{w - 1}}" + (SHAPE.get(c.shape or "", " ") if c
                                                       else " "), style=colours(c)), key, tip,
                         classes=cls)
        if cid:  # face down, but this seat has seen it
            label = f"({name_of(chocs, cid)[:w - 2]})"
            return piece(Text(f"{label:<{w}}", style="italic #f0d9b5 on #4a2e1a"), key,
                         f"{name}: face down; you saw {name_of(chocs, cid)}", classes=cls)
        return piece(Text(f"{'░' + name + '░':^{w}}", style="#f0d9b5 on #6b4226"), key,
                     f"{name}: face down", classes=cls)

    def prefs(self, yum: list[str], yuck: list[str], yum_n: int, yuck_n: int,
              gap: str = "  ") -> Text:
        t = Text()
        t.append("YUM! ", style="bold #3fae62")
        shown = list(yum) + ["?"] * max(0, yum_n - len(yum))
        t.append(" ".join(shown) or "-", style="#3fae62")
        t.append(f"{gap}YUCK! ", style="bold #e0474c")
        shown = list(yuck) + ["?"] * max(0, yuck_n - len(yuck))
        t.append(" ".join(shown) or "-", style="#e0474c")
        return t

    def seat(self, view: JSON, p: int, ctx: Ctx, chocs: dict[str, Choc]) -> Part:
        st = view["seats"][p]
        mine = p == ctx.seat
        yum = st.get("yum") if mine else st.get("known_yum")
        yuck = st.get("yuck") if mine else st.get("known_yuck")
        stars = "★" * st["round_wins"] or "no wins"
        head = styled((ctx.name(p), "bold"), f" · {stars}")
        if p == view.get("current"):
            head.append(" ▶", style="bold")
        lines: list[Part] = [piece(head, f"seat:{p}", f"{ctx.name(p)}"),
                             text(f"hand {st['hand_size']} · wrappers {st['wrappers']}")]
        lines.append(text(self.prefs(list(yum or []), list(yuck or []), st["yum_cards"],
                                     st["yuck_cards"])))
        known = st.get("known_hand") or []
        if not mine and known:
            lines.append(para(Text("known in hand: " + ", ".join(
                name_of(chocs, c) for c in known), style="italic")))
        if st.get("discards"):
            lines.append(text(Text("discarded: " + ", ".join(st["discards"]), style="dim")))
        return box("", *lines, classes="seat flat")

    def glance(self, view: JSON, p: int, ctx: Ctx, chocs: dict[str, Choc], width: int) -> Part:
        """Another player in four lines of `width` cells (what does not fit ends in '…'):
        name, hand and wrappers, Preference cards, what is known of their hand."""
        st = view["seats"][p]
        head = styled((ctx.name(p), "bold"), f" {'★' * st['round_wins']}".rstrip())
        if p == view.get("current"):
            head.append(" ▶", style="bold")
        w = width - 2
        lines: list[Part] = [
            piece(cut(head, w), f"seat:{p}", ctx.name(p)),
            text(cut(Text(f"hand {st['hand_size']} · "
                          + ("wrappers " if w >= 19 else "wr ") + str(st["wrappers"])), w)),
            text(cut(self.prefs(list(st.get("known_yum") or []),
                                list(st.get("known_yuck") or []),
                                st["yum_cards"], st["yuck_cards"], " " if w < 19 else "  "),
                     w))]
        known = ", ".join(name_of(chocs, c) for c in st.get("known_hand") or [])
        said = [f"holds: {known}"] if known else []  # what you know they hold
        if st.get("discards"):
            said.append("discarded: " + ", ".join(st["discards"]))
        if said:
            lines.append(text(cut(Text(" · ".join(said), style="italic"), w)))
        b = box("", *lines, classes="seat flat")
        b.styles.width = width
        b.styles.min_width = width
        return b

    def narrow(self, view: JSON, ctx: Ctx, chocs: dict[str, Choc], last: set[str]) -> list[Part]:
        """Below 110 columns: the box, the others side by side (four lines each), then your
        hand as chips packed into lines: at 80x24 all of it is on the screen at once."""
        cols = int(view.get("cols") or 6)
        cells = view["box"]
        w = min(CELL, (NARROW - 2 + 1) // cols - 1)
        grid: list[Part] = []
        for r in range(0, len(cells), cols):
            parts: list[Part] = []
            for i, b in enumerate(cells[r:r + cols]):
                if i:
                    parts.append(text(" "))
                parts.append(self.cell(b, chocs, last, w))
            grid.append(row(*parts))
        # Your Preference cards are your hand's subtitle: a line fewer, so that a hand of 8
        # Chocs is on the screen with 4 players.
        boxw = box(f"The box · {view['stack']} Empty Wrappers left", *grid)
        boxw.styles.padding = (0, 0)
        out: list[Part] = [boxw]
        hand = view["seats"][ctx.seat].get("hand") or [] if ctx.seat is not None else []
        # what the shapes on the board and in your hand are, on the box's lower edge
        boxw.border_subtitle = shape_key(
            [chocs[b["choc"]] for b in cells if b["face"] == "up" and b.get("choc") in chocs]
            + [chocs[c] for c in hand if c in chocs], cols * (w + 1) - 3)
        me = ctx.seat
        others = [p for p in range(view["players"]) if p != me]
        if others:
            width = NARROW // len(others)
            out.append(row(*(self.glance(view, p, ctx, chocs, width) for p in others)))
        if me is None:
            return out
        st = view["seats"][me]
        hand = st.get("hand") or []
        prefs = self.prefs(list(st.get("yum") or []), list(st.get("yuck") or []),
                           st["yum_cards"], st["yuck_cards"]).plain
        lines: list[Part] = []
        line: list[Part] = []
        used = 0
        for c in hand:
            t = chip(chocs.get(c), c, chocs)
            if line and used + 1 + len(t) > NARROW - 2:
                lines.append(row(*line))
                line, used = [], 0
            if line:
                line.append(text(" "))
                used += 1
            tip = choc_line(chocs[c]).plain if c in chocs else c
            line.append(piece(t, f"hand:{c}", tip))
            used += len(t)
        if line:
            lines.append(row(*line))
        if not hand:
            lines.append(text(Text("empty", style="dim")))
        stars = "★" * st["round_wins"] or "no wins"
        turn = " ▶" if me == view.get("current") else ""
        hb = box(f"Your hand ({len(hand)}) · {stars} · wrappers {st['wrappers']}{turn}", *lines,
                 classes="full", subtitle=prefs)
        out.append(hb)
        if hand:
            out.append(box("Your hand in detail", *(
                text(choc_line(chocs[c])) for c in hand if c in chocs), classes="full"))
        known: list[Part] = []
        for p in others:
            st = view["seats"][p]
            names = ", ".join(name_of(chocs, c) for c in st.get("known_hand") or [])
            if names:
                known.append(text(f"{ctx.name(p)} has {names}"))
            if st.get("discards"):
                known.append(text(Text(f"{ctx.name(p)} discarded " + ", ".join(st["discards"]),
                                       style="dim")))
        if known:
            out.append(box("What you know of the others", *known, classes="full"))
        return out

    def board(self, view: JSON, ctx: Ctx) -> list[Part]:
        chocs = chocs_of(view)
        last: set[str] = set()
        for line in ctx.last.values():
            last.update(re.findall(r"\b[a-h]\d\b", line))
        cols = int(view.get("cols") or 6)
        cells = view["box"]
        grid: list[Part] = []
        for r in range(0, len(cells), cols):
            parts: list[Part] = []
            for b in cells[r:r + cols]:
                parts.append(self.cell(b, chocs, last))
                parts.append(text(" "))
            grid.append(row(*parts))
        whose = "Your" if view["current"] == ctx.seat else f"{ctx.name(view['current'])}'s"
        # (the stack of Empty Wrappers is in the box's title: one line fits 80 columns)
        info = (f"Round {view['round']} · {whose} turn, "
                f"{view['actions_left']} action{'s' if view['actions_left'] != 1 else ''} left")
        out: list[Part] = [para(Text(info, style="bold"))]
        # The abilities in progress (each once), then the decision the top one waits for.
        # On a narrow board a decision of yours is in the status line (with its Choc's name)
        # and the log: its lines there would push your hand off the screen.
        asked = self.asked(view, ctx)
        tasks = view.get("tasks") or []
        mine = bool(tasks) and tasks[-1].get("who") == ctx.seat
        if not ctx.wide and asked:
            tasks, asked = [], (None if mine else asked)
        seen: set[str] = set()
        for t in tasks:
            cid = str(t.get("choc"))
            if t.get("kind") != "ability" or f"{cid}/{t.get('when')}" in seen:
                continue
            seen.add(f"{cid}/{t.get('when')}")
            c = chocs.get(cid)
            what = c.ability.text() if c and c.ability else str(t.get("kind"))
            out.append(para(Text(f"In progress for {ctx.name(t['who'])}: "
                                 f"{name_of(chocs, cid)}: {what}", style="italic #f2c230")))
        if asked:
            out.append(para(Text(asked, style="bold #f2c230")))
        if view.get("pending"):
            parts = [text("Resolve next: ")]
            for cid in view["pending"]:
                parts.append(piece(Text(f" {name_of(chocs, cid)} ", style=colours(chocs.get(cid))),
                                   f"pending:{cid}", f"resolve {name_of(chocs, cid)} next"))
                parts.append(text(" "))
            out.append(row(*parts))
        boxw = box(f"The box · {view['stack']} Empty Wrappers left", *grid)
        me = ctx.seat
        others = [self.seat(view, p, ctx, chocs) for p in range(view["players"]) if p != me]
        if not ctx.wide:
            out.extend(self.narrow(view, ctx, chocs, last))
        else:
            boxw.border_subtitle = shape_key(
                [chocs[b["choc"]] for b in cells if b["face"] == "up" and b.get("choc") in chocs],
                cols * (CELL + 1) - 3)
            out.append(row(boxw, column(*others)))
        if me is not None and ctx.wide:
            out.append(self.seat(view, me, ctx, chocs))
            hand = view["seats"][me].get("hand") or []
            lines: list[Part] = [piece(choc_line(chocs[c]) if c in chocs else Text(c),
                                         f"hand:{c}", name_of(chocs, c)) for c in hand]
            if not lines:
                lines = [text(Text("empty", style="dim"))]
            out.append(box(f"Your hand ({len(hand)})", *lines, classes="full"))
        up = [b for b in cells if b["face"] == "up" and b.get("choc") in chocs]
        if up:
            out.append(box("Face up in the box", *(
                text(styled((f"{b['cell']} ", "dim"), choc_line(chocs[b["choc"]])))
                for b in up), classes="full"))
        if view.get("rounds") and view.get("result") is None:
            out.extend(self.rounds(view, ctx, chocs))
        return out

    def asked(self, view: JSON, ctx: Ctx) -> str | None:
        """'Now you must give Bob a Choc of your choice (Green Olive)': the decision the ability
        on top waits for, or None."""
        tasks = view.get("tasks") or []
        if not tasks or tasks[-1].get("kind") == "ability":
            return None
        t = tasks[-1]
        target = int(t.get("target", -1))
        mine = t["who"] == ctx.seat
        name = name_of(chocs_of(view), str(t.get("choc")))
        words = task_words(t, name, "you" if target == ctx.seat else
                           ctx.name(target) if target >= 0 else "", mine)
        who = "you" if mine else ctx.name(t["who"])
        return f"Now {who} must {words} ({name})"

    # -- moves -------------------------------------------------------------------------------
    def keys(self, action: str, view: JSON) -> list[str] | None:
        m = re.fullmatch(r"take ([a-z]\d+)", action)
        if m:
            b = next((x for x in view["box"] if x["cell"] == m.group(1)), None)
            up = b is not None and b["face"] == "up"
            return [f"cell:{m.group(1)}"] if up else [f"cell:{m.group(1)}", "do:take"]
        m = re.fullmatch(r"reveal ([a-z]\d+)", action)
        if m:
            return [f"cell:{m.group(1)}", "do:reveal"]
        m = re.fullmatch(r"pick ([a-z]\d+)", action)
        if m:
            return [f"cell:{m.group(1)}"]
        tasks = view.get("tasks") or []
        top = tasks[-1].get("kind") if tasks else None
        m = re.fullmatch(r"return (\S+) ([a-z]\d+)", action)
        if m:  # Macadamia's trade: every Choc goes where the taken one was, so the Choc alone
            return ([f"hand:{m.group(1)}"] if top == "place"
                    else [f"hand:{m.group(1)}", f"cell:{m.group(2)}"])
        m = re.fullmatch(r"give (\S+) to P(\d+)", action)
        if m:  # one possible receiver (Green Olive's giver, Peppermint's victim): the Choc alone
            to = {a.split(" to ")[-1] for a in view.get("legal_actions") or []
                  if a.startswith("give ")}
            return ([f"hand:{m.group(1)}"] if len(to) == 1
                    else [f"hand:{m.group(1)}", f"seat:{int(m.group(2)) - 1}"])
        m = re.fullmatch(r"choose P(\d+)", action)
        if m:
            return [f"seat:{int(m.group(1)) - 1}"]
        m = re.fullmatch(r"resolve (\S+)", action)
        if m:
            return [f"pending:{m.group(1)}"]
        return None

    def label(self, key: str, view: JSON, ctx: Ctx) -> str:
        return {"do:take": "Take it (face down, unseen)",
                "do:reveal": "Reveal it (turn it face up)"}.get(key, key)

    def nothing_here(self, key: str, view: JSON, ctx: Ctx) -> str | None:
        space: JSON = next((b for b in view["box"] if f"cell:{b['cell']}" == key), {})
        if space.get("face") != "empty":
            return None
        cell = space["cell"]
        returns = any(re.fullmatch(rf"return \S+ {cell}", a)
                      for a in view.get("legal_actions") or [])
        return (f"Nothing to take here: {cell} is empty"
                + ("; pick a Choc in your hand to return it here" if returns else ""))

    def describe(self, action: str, view: JSON, ctx: Ctx) -> str:
        chocs = chocs_of(view)
        tasks = view.get("tasks") or []
        kind = tasks[-1].get("kind") if tasks else None
        m = re.fullmatch(r"(take|reveal) ([a-z]\d+)", action)
        if m:  # the Choose list's entries for the space under the cursor
            verb, cell = m.groups()
            at: JSON = next((x for x in view["box"] if x["cell"] == cell), {})
            if at.get("face") == "up" and at.get("choc"):
                return f"{verb} {name_of(chocs, str(at['choc']))} from {cell}"
            return f"{verb} {cell} " + ("(face down, unseen)" if verb == "take"
                                        else "(turn it face up)")
        m = re.fullmatch(r"pick ([a-z]\d+)", action)
        if kind == "trade" and m:
            b: JSON = next((x for x in view["box"] if x["cell"] == m.group(1)), {})
            name = name_of(chocs, str(b.get("choc")))
            if b.get("choc") == tasks[-1].get("choc"):
                return f"keep your hand (pick {name} in {m.group(1)} and put it back)"
            return f"take {name} from {m.group(1)} in exchange for one of yours"
        m = re.fullmatch(r"return (\S+) ([a-z]\d+)", action)
        if kind == "place" and m:
            return f"put {name_of(chocs, m.group(1))} face up in {m.group(2)}"
        m = re.fullmatch(r"choose P(\d+)", action)
        said = {"peek_hand": "look at {}'s hand",
                "draw_from": "take a Choc at random from {}'s hand",
                "demand": "{} gives you a Choc of their choice"}.get(str(kind))
        if m and said:
            return said.format(ctx.name(int(m.group(1)) - 1))
        words = [name_of(chocs, w) if w in chocs else w for w in action.split(" ")]
        return seat_words(" ".join(words), ctx)

    def prompt(self, view: JSON, ctx: Ctx) -> str:
        la = view.get("legal_actions") or []
        asked = self.asked(view, ctx)
        if asked and not any(a.startswith("resolve ") for a in la):
            return asked.removeprefix("Now you must ")
        if any(a.startswith("resolve ") for a in la):
            return "choose which On Reveal resolves next"
        if any(a.startswith("pick ") for a in la):
            return "pick a face-down Choc in the box"
        if any(a.startswith("choose ") for a in la):
            return "choose a player"
        if la and all(a.startswith("give ") for a in la):
            return "give a Choc from your hand: pick it, then the player"
        if la and all(a.startswith("return ") for a in la):
            return "return a Choc: pick it in your hand, then an empty space"
        if any(k.startswith("cell:") for k in ctx.picks):
            return "take it or reveal it (in the Choose list)"
        if any(k.startswith("hand:") for k in ctx.picks):
            return "now the empty space to return it to"
        # One line at 80 columns (the actions left are on the board's first line): under a
        # round's two-line news the piece under the cursor is still described.
        return "take or reveal a Choc, or return one of yours to an empty space"

    def score_of(self, view: JSON, seat: int) -> str:
        return "★" * int(view["seats"][seat]["round_wins"])

    def log(self, view: JSON, ctx: Ctx) -> list[str]:
        chocs = chocs_of(view)
        out = []
        for line in view.get("log") or []:
            s = re.sub(r"\b[a-z]+(?:-[a-z]+)+\b|\b[a-z]+\b",
                       lambda m: name_of(chocs, m.group(0)) if m.group(0) in chocs
                       and "-" in m.group(0) else m.group(0), str(line))
            # The count's "P1 reveals strawberry, white-creme; YUM! ...": Chocs by name.
            s = re.sub(r"^(P\d+ reveals )([^;]*)(;.*)$",
                       lambda m: m.group(1) + ", ".join(
                           name_of(chocs, c) if c in chocs else c
                           for c in m.group(2).split(", ")) + m.group(3), s)
            m = re.match(r"^P(\d+) (.*)$", s)
            if m:
                who = ctx.name(int(m.group(1)) - 1)
                s = f"{who} {you_verb(who, m.group(2))}"
            s = you_case(seat_words(s, ctx))  # "asks you", "; you start"
            # "You must give Bob a Choc of their choice", "You show their YUM!": yours.
            s = re.sub(r"^(You (?:must give|show|shuffle) .*?)\btheir\b", r"\1your", s)
            out.append(s.replace("asks you for a Choc of their choice",
                                 "asks you for a Choc of your choice"))
        return out

    def last_moves(self, view: JSON, ctx: Ctx) -> dict[int, str]:
        out: dict[int, str] = {}
        for line in view.get("log") or []:
            m = re.match(r"^P(\d+) (takes|reveals|returns|gives|picks|chooses|puts)\b(.*)$",
                         str(line))
            if m:
                cells = re.findall(r"\b[a-h]\d\b", m.group(3))
                verb = "trade" if m.group(3).endswith(" to trade.") else m.group(2)[:-1]
                out[int(m.group(1)) - 1] = f"{verb} {' '.join(cells)}".strip()
        return out

    # -- the end -----------------------------------------------------------------------------
    def round_news(self, view: JSON, ctx: Ctx) -> str | None:
        r = view["rounds"][-1]
        winners = " and ".join(ctx.name(p) for p in r["winners"]) or "no one"
        scores = ", ".join(f"{ctx.name(sh['seat'])} {sh['total']}" for sh in r["sheets"])
        return f"Round {r['round']} won by {winners} ({scores}); scoring at the board's foot."

    def rounds(self, view: JSON, ctx: Ctx, chocs: dict[str, Choc]) -> list[Part]:
        out: list[Part] = []
        for r in view.get("rounds") or []:
            winners = ", ".join(ctx.name(p) for p in r["winners"])
            head = ["Player", "Hand", "Chocs", "YUM!", "YUCK!", "Total"]
            rows: list[list[str | Text]] = []
            for sh in r["sheets"]:
                rows.append([
                    ctx.name(sh["seat"]),
                    ", ".join(name_of(chocs, c) for c in sh["hand"]) or "-",
                    str(sh["chocs"]),
                    "; ".join(f"{y['attribute']} ×{y['matching']}: +{y['points']}"
                              for y in sh["yum"]) or "-",
                    "; ".join(f"{y['attribute']} ×{y['matching']}: -{y['points']}"
                              for y in sh["yuck"]) or "-",
                    str(sh["total"]),
                ])
            bold = [i for i, sh in enumerate(r["sheets"]) if sh["seat"] in r["winners"]]
            out.append(Static(table(head, rows, f"Round {r['round']}: won by {winners}",
                                    bold_rows=bold)))
        return out

    def summary(self, view: JSON, ctx: Ctx) -> list[Part]:
        return self.rounds(view, ctx, chocs_of(view))

    def tie_break(self, view: JSON, ctx: Ctx) -> str | None:
        winners = (view.get("result") or {}).get("winners") or []
        if len(winners) > 1:
            return ("Several players reached 2 round wins in the same round: "
                    "they share the victory.")
        return "The first player to win 2 rounds wins the game."
