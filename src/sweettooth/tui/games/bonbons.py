"""Bonbons: the grid of squares and each player's row of round tiles.

A memory game: a face flipped and turned back down is shown for a moment (`Ctx.flash`) and
then drawn face down again; only with the memory aid (off by default) are faces seen before
drawn on face-down tiles.
"""

from __future__ import annotations

import re

from rich.text import Text

from sweettooth.core import JSON

from .base import Ctx, Face, seat_words, you_verb
from .draw import Part, box, para, piece, row, table, text

COLOURS = {"red": "#e0474c", "yellow": "#f2b818", "green": "#3fae62", "blue": "#3f7fd9"}
SHORT = {
    "lollipop": "lolly",
    "caramel": "caram",
    "liquorice": "licor",
    "marshmallow": "marsh",
    "jelly bean": "jelly",
    "toffee": "toffe",
    "nougat": "noug",
    "praline": "pral",
}
PROMPTS = {
    "start": "flip a square or a round tile",
    "after square": "flip a round tile (yours, or another's to steal it), or stop",
    "after round": "flip a square to match it",
    "coin run": "flip another square, or stop",
    "cover": "cover one of your face-down tiles with the coins",
    "give back": "give one of your face-down tiles to the player you stole from",
}
_LOG = re.compile(r"^p(\d+) (p\d+\.\d+|[a-z]\d+): (.+?)(?: \((.*)\))?$")
WIDTH = 6


def face_word(face: str) -> str:
    """A candy face in a tile's width, its colour's initial first ('red lollipop' ->
    'Rlolly'): a match is read without colour too (NO_COLOR, red-green colour blindness)."""
    colour, _, candy = face.partition(" ")
    return f"{colour[:1].upper()}{SHORT.get(candy, candy[:5])}"


def legend(candies: list[str]) -> str:
    """What the codes of `face_word` mean, for the candies in play: 'R/B/G/Y: red, blue, green,
    yellow · lolly(pop) caram(el) licor=liquorice ...' (the letters shown, the rest in
    brackets)."""
    colours = [c for c in COLOURS]
    words = []
    for candy in candies:
        short = SHORT.get(candy, candy[:5])
        if candy == short:
            continue
        rest = candy[len(short):]
        words.append(f"{short}({rest.strip()})" if candy.startswith(short) and rest[:1] != " "
                     else f"{short} ({rest.strip()})" if candy.startswith(short)
                     else f"{short}={candy}")
    head = "/".join(c[:1].upper() for c in colours) + ": " + ", ".join(colours)
    return f"Key: {head} · " + " ".join(words) + " · ¢¢¢ coins"


def face_text(face: str, width: int = WIDTH, dim: bool = False) -> Text:
    """A face drawn in its colour: 'red lollipop' -> 'Rlolly' on red."""
    if face == "coin":
        return Text(" ¢coin ".center(width)[:width], style="bold #5a4100 on #f5c542")
    if face == "empty wrapper":
        return Text(" wrap ".center(width)[:width], style="#555555 on #eeeeee")
    colour = face.partition(" ")[0]
    bg = COLOURS.get(colour, "#aa7777")
    word = face_word(face).center(width)[:width]
    style = f"bold white on {bg}" if not dim else f"italic {bg} on #2a1d14"
    return Text(word, style=style)


_TILE = re.compile(r"\bp(\d+)\.(\d+|<slot>)")
_SEAT_ID = re.compile(r"\bp(\d+)\b")


def tile_words(name: str, ctx: Ctx) -> str:
    """A round tile as players say it: 'p0.3' -> 'your tile 3' or "Candy Bot 1's tile 3"."""
    m = _TILE.fullmatch(name)
    if m is None:
        return name
    owner = ctx.owner(int(m.group(1)))
    return f"{'your' if owner == 'Your' else owner} tile {m.group(2)}"


def player_words(text: str, ctx: Ctx) -> str:
    """Notation's tiles and seats (p0.3, p1: seats counted from 0) in players' words."""
    text = _TILE.sub(lambda m: tile_words(m.group(0), ctx), text)
    return _SEAT_ID.sub(lambda m: ctx.name(int(m.group(1))), text)


def back(label: str, width: int = WIDTH, style: str = "#f0d9b5 on #6b4226") -> Text:
    return Text(label.center(width)[:width], style=style)


class BonbonsFace(Face):
    unit = None  # the score is only who won: the summary counts the tiles

    def __init__(self) -> None:
        self._flashed = 0

    # -- drawing -----------------------------------------------------------------------------
    def square(self, sq: JSON, ctx: Ctx, last: set[str]) -> Part:
        name, state, face = sq["square"], sq["state"], sq.get("face")
        key = f"sq:{name}"
        if state == "taken":
            return piece(back("·", style="dim"), None, f"{name}: empty (coins taken)")
        if state in ("showing", "matched", "wrapper"):
            tip = f"{name}: {face}, {state}"
            return piece(face_text(str(face)), key, tip, classes="last" if name in last else "")
        if name in ctx.flash:
            tip = f"{name}: {ctx.flash[name]} (flipped back)"
            return piece(face_text(ctx.flash[name]), key, tip, classes="flash")
        if face and ctx.memory_aid:
            return piece(face_text(str(face), dim=True), key, f"{name}: face down (was {face})",
                         classes="last" if name in last else "")
        return piece(back(name), key, f"{name}: face down", classes="last" if name in last else "")

    def tile(self, t: JSON, ctx: Ctx, last: set[str]) -> Part:
        name, state, face = t["tile"], t["state"], t.get("face")
        key = f"rt:{name}"
        slot = name.split(".")[1]
        cls = "last" if name in last else ""
        said = tile_words(name, ctx)
        if state in ("showing", "found"):
            return piece(face_text(str(face)), key, f"{said}: {face}, {state}", classes=cls)
        if state == "coins":
            under = f" over {face}" if face else ""
            return piece(back("¢¢¢", style="bold #5a4100 on #f5c542"), key,
                         f"{said}: under coins{under}", classes=cls)
        if name in ctx.flash:
            return piece(face_text(ctx.flash[name]), key, f"{said}: {ctx.flash[name]}",
                         classes="flash")
        if face and ctx.memory_aid:
            tip = f"{said}: was {face}"
            return piece(face_text(str(face), dim=True), key, tip, classes=cls)
        return piece(back(slot), key, f"{said}: face down", classes=cls)

    def board(self, view: JSON, ctx: Ctx) -> list[Part]:
        last = {re.sub(r"^(?:cover|give) ", "", a) for a in ctx.last.values()}
        players = view["players"]
        me = ctx.seat
        order = list(range(players))
        if me is not None:
            order = [(me + i) % players for i in range(players)]
        cols = "abcdefgh"
        size = len(view["grid"])
        grid: list[Part] = [text(Text("   " + "".join(
            c.center(WIDTH + 1) for c in cols[:size]), style="dim"))]
        for r, line in enumerate(view["grid"]):
            cells: list[Part] = [text(Text(f"{r + 1}  ", style="dim"))]
            for sq in line:
                cells.append(self.square(sq, ctx, last))
                cells.append(text(" "))
            grid.append(row(*cells))
        rows: list[Part] = []
        for p in order:
            mark = "▶ " if p == view.get("to_move") else "  "
            label = "Your tiles" if p == me else f"{ctx.name(p)}"
            tiles: list[Part] = [text(Text(f"{mark}{label[:14]:<14}",
                                             style="bold" if p == me else ""))]
            for t in view["rows"][p]:
                tiles.append(self.tile(t, ctx, last))
                tiles.append(text(" "))
            rows.append(row(*tiles))
        info = f"draw pile {view.get('pile', 0)} · turn {view.get('turn', 0) + 1}"
        if view.get("removed"):
            info += " · out: " + ", ".join(view["removed"])
        info += " · memory aid " + ("on" if ctx.memory_aid else "off")
        squares = box("Squares", *grid)
        tiles_box = box("Round tiles", *rows, subtitle=info)
        removed = set(view.get("removed") or [])
        key = para(Text(legend([c for c in SHORT if c not in removed]), style="dim"))
        if ctx.wide:
            return [row(squares, tiles_box), key]
        return [squares, tiles_box, key]

    # -- moves -------------------------------------------------------------------------------
    def keys(self, action: str, view: JSON) -> list[str] | None:
        a = action.strip()
        if re.fullmatch(r"[a-z]\d+", a):
            return [f"sq:{a}"]
        if re.fullmatch(r"p\d+\.\d+", a):
            return [f"rt:{a}"]
        m = re.fullmatch(r"(?:cover|give) (p\d+\.\d+)", a)
        if m:
            return [f"rt:{m.group(1)}"]
        return None

    def describe(self, action: str, view: JSON, ctx: Ctx) -> str:
        if action == "stop":
            return "Stop (end your turn)"
        m = re.fullmatch(r"cover p(\d+)\.(\d+)", action)
        if m:
            return f"cover your tile {m.group(2)} with the coins"
        m = re.fullmatch(r"give p(\d+)\.(\d+)", action)
        if m:
            return f"give back your tile {m.group(2)}"
        return f"flip {tile_words(action, ctx)}"

    def words(self, action: str, view: JSON, ctx: Ctx) -> list[str]:
        """A round tile flipped may be named without "flip" ("your tile 3"), as tips say it;
        so may the tile given back or covered with the coins (then nothing else is legal), in
        words or notation ("your tile 4", "p0.4")."""
        said = [self.describe(action, view, ctx)]
        if _TILE.fullmatch(action):
            said.append(tile_words(action, ctx))
        m = re.fullmatch(r"(?:cover|give) (p\d+\.\d+)", action)
        if m:
            said += [m.group(1), tile_words(m.group(1), ctx)]
        return said

    def seat_token(self, seat: int) -> str:
        return f"p{seat}"  # Bonbons' notation counts seats from 0: p0.1 is seat 0's tile 1

    def told(self, action: str, mover: int, ctx: Ctx) -> str:
        m = re.fullmatch(r"(?:(cover|give) )?p(\d+)\.(\d+)", action)
        if m is None:
            return player_words(action, ctx)
        verb, owner, slot = m.groups()
        if verb:
            return f"{'covers' if verb == 'cover' else 'gives back'} tile {slot}"
        return f"own tile {slot}" if int(owner) == mover else tile_words(action, ctx)

    def reason(self, text: str, ctx: Ctx) -> str:
        """Tiles and seats of the notation (p1.3, p1: counted from 0), and players as the
        engine names them to people (P2: counted from 1), in players' names."""
        return seat_words(player_words(text, ctx), ctx)

    def prompt(self, view: JSON, ctx: Ctx) -> str:
        return PROMPTS.get(str(view.get("phase")), "choose a move")

    def score_of(self, view: JSON, seat: int) -> str:
        """'1/4 up': the round tiles face up for good (found, stolen or under the coins), as
        the end's tally counts them; a tile only showing in this go is not (it goes face down
        again unless it is matched)."""
        row_ = view["rows"][seat]
        up = sum(1 for t in row_ if t["state"] in ("found", "coins"))
        return f"{up}/{len(row_)} up"

    def log(self, view: JSON, ctx: Ctx) -> list[str]:
        out = []
        for line in view.get("log") or []:
            m = re.match(r"^p(\d+) (.*)$", str(line))
            if not m:
                out.append(str(line))
                continue
            mover = int(m.group(1))
            who = ctx.name(mover)
            rest = m.group(2)

            def tile(mt: re.Match[str], mover: int = mover) -> str:
                seat = int(mt.group(1))
                if seat == mover and ctx.who(seat) != "You":
                    return f"their tile {mt.group(2)}"  # "Candy Bot 1 flips their tile 2"
                owner = ctx.owner(seat)
                return f"{'your' if owner == 'Your' else owner} tile {mt.group(2)}"

            rest = re.sub(r"^give p(\d+)\.(\d+)", lambda x: "gives back " + tile(x), rest)
            rest = re.sub(r"^cover p(\d+)\.(\d+)", lambda x: "covers " + tile(x) + " with coins",
                          rest)
            rest = re.sub(r"^p(\d+)\.(\d+)", lambda x: "flips " + tile(x), rest)
            rest = re.sub(r"^([a-z]\d+)(?=[: ])", r"flips square \1", rest)
            rest = re.sub(r"^stop \(stops; ", "stops (", rest)
            out.append(f"{who} {you_verb(who, rest)}")
        return out

    def last_moves(self, view: JSON, ctx: Ctx) -> dict[int, str]:
        out: dict[int, str] = {}
        for line in view.get("log") or []:
            m = re.match(r"^p(\d+) (\S+?):? ", str(line) + " ")
            if m:
                out[int(m.group(1))] = m.group(2)
        return out

    def flash(self, view: JSON, ctx: Ctx) -> dict[str, str]:
        """Faces flipped by the last move that are face down again now: the view's
        `turned_down` (a person's view, `Game.person_view`), else read from the log."""
        log = view.get("log") or []
        if "turned_down" in view:
            grew = len(log) != self._flashed
            self._flashed = len(log)
            return {str(e["piece"]): str(e["face"]) for e in view["turned_down"]} if grew else {}
        new = log[self._flashed:] if self._flashed <= len(log) else log
        self._flashed = len(log)
        down = {sq["square"] for line in view["grid"] for sq in line if sq["state"] == "down"}
        down |= {t["tile"] for r in view["rows"] for t in r if t["state"] == "down"}
        out = {}
        for line in new:
            m = _LOG.match(str(line))
            if m and m.group(2) in down:
                out[m.group(2)] = m.group(3)
        return out

    # -- the end -----------------------------------------------------------------------------
    def summary(self, view: JSON, ctx: Ctx) -> list[Part]:
        tally = view.get("tally") or []
        out: list[Part] = []
        if view.get("ended") == "all face up":
            out.append(text("The winner finished a turn with every round tile face up."))
        elif view.get("ended"):
            out.append(text("The turn limit was reached: the fewest face-down tiles win."))
        head = ["Player", "Tiles", "Face up", "Found", "Under coins", "Face down", "Stole",
                "Lost"]
        rows = [[ctx.name(r["seat"]), *(str(r[k]) for k in (
            "tiles", "face_up", "found", "covered", "face_down", "stolen", "lost_to_theft"))]
            for r in tally]
        winners = (view.get("result") or {}).get("winners") or []
        if rows:
            from textual.widgets import Static

            out.append(Static(table(head, rows, "Round tiles at the end",
                                    bold_rows=[i for i, r in enumerate(tally)
                                               if r["seat"] in winners])))
        return out
