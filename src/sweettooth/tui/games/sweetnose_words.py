"""Sweet Nose in words: its moves described (the Choose list, hints), told in the log from the
mover's side, the prompt of each phase, and the log's lines with players by name."""

from __future__ import annotations

import re

from sweettooth.core import JSON

from .base import Ctx, seat_words, you_case


def seat_of(p: str) -> int:
    """A seat as the notation writes it ('1' of P1), counted from 0."""
    return int(p) - 1


def plain(line: str) -> str:
    """A log line in plain English once seats are named: 'exchange sweets, You first' reads
    'exchange sweets, you go first', and "You" inside a clause as `you_case` writes it."""
    line = re.sub(r"exchange sweets, (.+) first$",
                  lambda m: "exchange sweets, " + ("you go first" if m.group(1) == "You"
                                                   else f"{m.group(1)} goes first"), line)
    return you_case(line)


def describe(action: str, ctx: Ctx) -> str:
    """A move in words for the player making it ("trade your red for Bob's green")."""
    if action == "end turn":
        return "End your turn (no store)"
    if action == "pass":
        return "Pass"
    m = re.fullmatch(r"trade P(\d) (\w+) for (\w+)", action)
    if m:
        other = ctx.owner(seat_of(m.group(1)))
        return f"trade your {m.group(2)} for {other} {m.group(3)}"
    m = re.fullmatch(r"market (\w+) for (\w+)", action)
    if m:
        return f"trade your {m.group(1)} for the market's {m.group(2)}"
    m = re.fullmatch(r"bid (\d+)", action)
    if m:
        return f"bid {m.group(1)} SP"
    return seat_words(action, ctx)


def narrate(action: str, mover: int, ctx: Ctx) -> str:
    """A move in the log, in words from the mover's side ("their red for Bob's green")."""
    m = re.fullmatch(r"store (\d+) (.*)", action)
    if m:
        return f"used store {m.group(1)} ({seat_words(m.group(2), ctx)})"
    if mover == ctx.seat:
        return describe(action, ctx).replace("trade ", "traded ", 1)
    m = re.fullmatch(r"trade P(\d) (\w+) for (\w+)", action)
    if m:
        other = ctx.owner(seat_of(m.group(1)))
        other = "your" if other == "Your" else other
        return f"traded their {m.group(2)} for {other} {m.group(3)}"
    m = re.fullmatch(r"market (\w+) for (\w+)", action)
    if m:
        return f"traded their {m.group(1)} for the market's {m.group(2)}"
    return seat_words(action, ctx)


def prompt(view: JSON, ctx: Ctx) -> str:
    """What the player to move may do in this phase (and step of a turn)."""
    held = view["stores"]["held"][ctx.seat] if ctx.seat is not None else None
    phase = view.get("phase")
    if phase == "auction":
        return "bid for the shopkeeper's store tile, or pass"
    if phase == "stores":
        return "take a store tile from the board"
    if phase == "markers":
        return "give each kind a marker 1-5 (pick a value in each row)"
    if phase == "exchange":
        if view.get("turn_step") == "after exchange":
            return "use your store tile, or end your turn"
        if ctx.picks:
            return next_pick(view, ctx)
        store = " (or your store tile)" if held else ""
        return f"pick a sweet on your plate, then one on another plate or the market{store}"
    return "choose a move"


def next_pick(view: JSON, ctx: Ctx) -> str:
    """What to pick after the picks so far (`ctx.picks`): a store tile's sweets, the store
    tile for a sweet only a store moves (a bowl's), or the other half of an exchange."""
    picks = list(ctx.picks)
    store = next((p for p in picks if p.startswith("store:")), None)
    if store is not None:
        n = int(store.split(":")[1])
        tile = next((t for t in view["stores"]["tiles"] if t["number"] == n), None)
        what = re.sub(r"\bhis\b", "their", str(tile["caption"])) if tile else ""
        return f"store {n}: {what.rstrip('.')} (pick on the board; Esc: cancel)"
    if any(not p.startswith(("plate:", "mkt:")) for p in picks):
        return "now your store tile, to use it on that (Esc: cancel)"
    mine = [p for p in picks if p.startswith(f"plate:{ctx.seat}:")]
    if mine and len(mine) == len(picks):
        return "now the sweet you want for it: on another plate or the market (Esc: cancel)"
    return "now the sweet on your plate you give for it (Esc: cancel)"


def log(view: JSON, ctx: Ctx) -> list[str]:
    """The public log in plain words, players by name."""
    out = []
    for line in view.get("log") or []:
        m = re.match(r"^P(\d+): (.*)$", str(line))
        if m:
            mover = seat_of(m.group(1))
            out.append(f"{ctx.name(mover)}: {narrate(m.group(2), mover, ctx)}")
        else:
            out.append(plain(seat_words(str(line), ctx)))
    return out
