"""A text drawing of a Le Chocolat view: the bar with its group borders, claims and the card."""

from __future__ import annotations

from typing import Any

from .bar import COLUMNS, HEIGHT, WIDTH, Rect


def render(view: dict[str, Any]) -> str:
    tiles = view["tiles"]
    code = {f["id"]: f["code"] for f in view["flavours"]} | {"blank": "---"}
    group_of: dict[int, int] = {}
    for i, text in enumerate(view["groups"]):
        for c in Rect.parse(text).cells():
            group_of[c] = i

    def label(c: int) -> str:
        t = tiles[c]
        if t["owner"] is not None:
            return f" P{t['owner']}  "
        return f" {code[t['up']]} "

    lines = ["     " + "".join(f"  {col}   " for col in COLUMNS[:WIDTH])]
    for r in range(HEIGHT):
        row = f"  {r + 1}  "
        for c in range(WIDTH):
            cell = r * WIDTH + c
            row += label(cell)
            right = cell + 1
            cut = c == WIDTH - 1 or group_of.get(cell, -1) != group_of.get(right, -2)
            row += "|" if cut and c < WIDTH - 1 else " "
        lines.append(row)
        if r < HEIGHT - 1:
            sep = "    "
            for c in range(WIDTH):
                cell, below = r * WIDTH + c, (r + 1) * WIDTH + c
                cut = group_of.get(cell, -1) != group_of.get(below, -2)
                sep += "----- " if cut else "      "
            lines.append(sep.rstrip())
    card = view["scoring_card"]
    values = ", ".join(f"{k} {v:+d}" for k, v in card["values"].items())
    sets = "; ".join(f"{'+'.join(s['flavours'])} = {s['points']}" for s in card["sets"])
    majors = "; ".join(f"most {m['flavour']} = {m['points']}" for m in card["majorities"])
    lines += ["", f"Scoring card {card['name']}: {values}", f"  sets: {sets}", f"  {majors}"]
    for seat in range(len(view["claimed"])):
        own = [t for t in tiles if t["owner"] == seat]
        shown = " ".join(
            t["up"] + (f"/{t['down']}" if t["down"] is not None else "") for t in own
        )
        lines.append(f"P{seat} claimed {len(own)} tiles: {shown or '-'}")
    if view.get("breakdown"):
        for seat, b in enumerate(view["breakdown"]):
            lines.append(
                f"P{seat}: {b['total']} VP (flavours {sum(b['flavours'].values())}, sets "
                f"{sum(s['vp'] for s in b['sets'])}, majorities "
                f"{sum(m['vp'] for m in b['majorities'])}; {b['tiles_claimed']} tiles)"
            )
    return "\n".join(lines)
