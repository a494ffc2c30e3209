"""Text drawings of a Le Chocolat view: the bar with its group borders and claims, the scoring
card, each player's tiles, and the end with every player's breakdown and the tie-break.

Unclaimed tiles show their face-up flavour as three letters (`DRK` dark, `---` blank; a legend
follows the bar); a claimed tile shows its owner's number, `#1` for the first player.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from sweettooth.core import JSON

from .bar import COLUMNS, HEIGHT, WIDTH, Rect

GOAL = ("score the most VP with the tiles you claim, by the scoring card (flavour values, "
        "sets, majorities); tied: more tiles claimed wins.")


def _names(view: JSON, names: Sequence[str] | None) -> list[str]:
    return list(names) if names else [f"Player {s + 1}" for s in range(view["players"])]


def log_line(entry: Any, names: Sequence[str]) -> str:
    """{"seat": 1, "action": "claim a1:c1"} as 'Candy Bot 1: claim a1:c1'."""
    if isinstance(entry, dict) and isinstance(entry.get("seat"), int):
        seat = entry["seat"]
        who = names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"
        return f"{who}: {entry.get('action')}"
    return str(entry)


def draw(view: JSON, names: Sequence[str] | None = None, *, memory_aid: bool = False) -> str:
    """The bar, the scoring card, and the tiles each player has claimed."""
    del memory_aid  # all tiles claimed stay drawn: nothing to remember
    names = _names(view, names)
    tiles = view["tiles"]
    code = {f["id"]: f["code"] for f in view["flavours"]} | {"blank": "---"}
    group_of: dict[int, int] = {}
    for i, text in enumerate(view["groups"]):
        for c in Rect.parse(text).cells():
            group_of[c] = i

    def label(c: int) -> str:
        t = tiles[c]
        if t["owner"] is not None:
            return f" #{t['owner'] + 1}  "
        return f" {code[t['up']]} "

    mover = view["to_move"]
    head = "Le Chocolat"
    if mover is not None:
        doing = {"split": "split a group (or claim one)", "claim": "claim a group"}.get(
            view["phase"], view["phase"])
        head += f": {names[mover]} to {doing}"
    else:
        head += ": the game is over"
    lines = [head, "     " + "".join(f"  {col}   " for col in COLUMNS[:WIDTH])]
    for r in range(HEIGHT):
        row = f"  {r + 1}  "
        for c in range(WIDTH):
            cell = r * WIDTH + c
            row += label(cell)
            right = cell + 1
            cut = c == WIDTH - 1 or group_of.get(cell, -1) != group_of.get(right, -2)
            row += "|" if cut and c < WIDTH - 1 else " "
        lines.append(row.rstrip())
        if r < HEIGHT - 1:
            sep = "    "
            for c in range(WIDTH):
                cell, below = r * WIDTH + c, (r + 1) * WIDTH + c
                cut = group_of.get(cell, -1) != group_of.get(below, -2)
                sep += "----- " if cut else "      "
            if sep.strip():  # a row with no border below it needs no line
                lines.append(sep.rstrip())
    flavours = ", ".join(f"{f['code']} {f['name'].lower()}" for f in view["flavours"])
    owners = ", ".join(f"#{s + 1} {n}" for s, n in enumerate(names))
    lines.extend(textwrap.wrap(f"{flavours}, --- blank; claimed by {owners}", 78,
                               initial_indent="  ", subsequent_indent="  "))
    card = view["scoring_card"]
    values = ", ".join(f"{k} {v:+d}" for k, v in card["values"].items())
    sets = "; ".join(f"{'+'.join(s['flavours'])} = {s['points']}" for s in card["sets"])
    majors = "; ".join(f"most {m['flavour']} = {m['points']}" for m in card["majorities"])
    lines.extend(textwrap.wrap(f"Scoring card {card['name']}: {values}", 78,
                               subsequent_indent="  "))
    lines.append(f"  each set of {sets}; {majors}")
    for seat in range(len(view["claimed"])):
        own = [t for t in tiles if t["owner"] == seat]
        shown = " ".join(
            t["up"] + (f"/{t['down']}" if t["down"] is not None else "") for t in own
        )
        lines.extend(textwrap.wrap(f"#{seat + 1} {names[seat]}: {len(own)} tiles {shown or '-'}",
                                   78, subsequent_indent="    "))
    if any(t["down"] is not None for t in tiles):
        lines.append("  (up/down: both sides of a tile you have seen; a claimer sees both)")
    return "\n".join(lines)


def end_report(view: JSON, names: Sequence[str]) -> list[str]:
    """Each player's VP by flavour, sets and majorities, and how a tie was broken."""
    names = _names(view, names)
    breakdown = view.get("breakdown") or []
    lines: list[str] = []
    for seat, b in enumerate(breakdown):
        flav = ", ".join(f"{k} {v:+d}" for k, v in b["flavours"].items() if v)
        sets = sum(s["vp"] for s in b["sets"])
        majors = sum(m["vp"] for m in b["majorities"])
        lines.extend(textwrap.wrap(
            f"{names[seat]}: {b['total']} VP = flavours {sum(b['flavours'].values())} "
            f"({flav or 'none'}) + sets {sets} + majorities {majors}; "
            f"{b['tiles_claimed']} tiles claimed", 78, initial_indent="  ",
            subsequent_indent="      "))
    winners = (view.get("result") or {}).get("winners", [])
    totals = [b["total"] for b in breakdown]
    if breakdown and totals.count(max(totals)) > 1:
        tied = [s for s, t in enumerate(totals) if t == max(totals)]
        if len(winners) == 1:
            lines.append(f"Tied on {max(totals)} VP: {names[winners[0]]} claimed more tiles "
                         f"({breakdown[winners[0]]['tiles_claimed']} against "
                         + ", ".join(str(breakdown[s]["tiles_claimed"]) for s in tied
                                     if s != winners[0]) + "), and wins the tie-break.")
        else:
            lines.append(f"Tied on {max(totals)} VP and on tiles claimed: a draw.")
    return lines


def render(view: JSON) -> str:
    """The library's drawing (`Game.render`), with the breakdown at the end."""
    names = _names(view, None)
    lines = [draw(view, names)]
    if view.get("breakdown"):
        lines.extend(end_report(view, names))
    return "\n".join(lines)
