"""Text drawings of a Sweet Nose view: the table for terminal play, the log, and the end.

Players are shown by name with their notation id, `You (P1)`: moves name players by id
(`trade P2 red for pink`). Only the seat's own markers are drawn (they are secret); the others'
appear in the reveal of each round, at its counting.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from typing import Any

from sweettooth.core import JSON

GOAL = ("the LOWEST total of sweetness points (SP) after the last round wins; SP of a kind = "
        "its sweets on your plate and in your bowl x (your secret marker + that kind in the "
        "market).")

_ID = re.compile(r"\bP(\d+)\b")
_MOVE = re.compile(r"^P(\d+): ")


def _names(view: JSON, names: Sequence[str] | None) -> list[str]:
    return list(names) if names else [f"P{s + 1}" for s in range(view["players"])]


def _who(names: Sequence[str], seat: int) -> str:
    """'You (P1)', or just 'P1' when the names are the ids."""
    pid = f"P{seat + 1}"
    return pid if names[seat] == pid else f"{names[seat]} ({pid})"


def _named(text: str, names: Sequence[str]) -> str:
    """`text` with player ids replaced by names, except inside a move's notation."""
    def sub(part: str) -> str:
        return _ID.sub(
            lambda m: names[int(m.group(1)) - 1] if 0 < int(m.group(1)) <= len(names)
            else m.group(0), part)

    move = _MOVE.match(text)
    if move:
        return sub(text[: move.end()]) + text[move.end():]
    return sub(text)


def move_label(notation: str, names: Sequence[str]) -> str:
    """A move as a menu shows it: each player id followed by the name ('trade P2 (Bob) ...');
    the notation itself, the part a player types, is unchanged."""
    return _ID.sub(lambda m: f"{m.group(0)} ({names[int(m.group(1)) - 1]})"
                   if 0 < int(m.group(1)) <= len(names) and names[int(m.group(1)) - 1]
                   != m.group(0) else m.group(0), notation)


def log_line(entry: Any, names: Sequence[str]) -> str:
    """One log entry with the players' names."""
    return _named(str(entry), names)


def _counts(counts: dict[str, int], kinds: list[str]) -> str:
    return "".join(f"{counts[k]:>7}" for k in kinds)


def draw(view: JSON, names: Sequence[str] | None = None, *, memory_aid: bool = False) -> str:
    """The table: round and phase, market, each player's plate, bowl, store and total, your own
    markers, and the stores with what they do."""
    del memory_aid  # nothing to remember in Sweet Nose
    names = _names(view, names)
    kinds: list[str] = view["kinds"]
    rounds = view["rounds_to_play"]
    head = f"Sweet Nose, round {view['round']}" + (f" of {rounds}" if rounds else " (to the sky)")
    mover, phase = view["to_move"], view["phase"]
    phase_words = {"markers": "setting markers", "exchange": "exchanging sweets",
                   "stores": "taking stores", "auction": "Shopkeeper auction"}
    if mover is not None:
        head += f": {phase_words.get(phase, phase)}, {names[mover]} to move"
        if phase == "exchange":
            head += f" (turn {view['turns_taken'][mover] + 1} of {view['max_turns']})"
    else:
        head += ": the game is over"
    width = max(len(_who(names, s)) for s in range(view["players"])) + 1
    pad = " " * (width + 3)
    lines = [head, f"{pad}      " + "".join(f"{k:>7}" for k in kinds)]
    lines.append(f"{'  market'.ljust(width + 3)}     " + _counts(view["market"], kinds))
    held = view["stores"]["held"]
    for seat in range(view["players"]):
        me = ">" if seat == view["seat"] else " "
        star = "*" if seat == view["start_player"] else ""
        label = f"{me} {(_who(names, seat) + star).ljust(width)} "
        lines.append(f"{label}plate{_counts(view['plates'][seat], kinds)}   "
                     f"total {view['totals'][seat]} SP")
        store = f"store {held[seat]}" if held[seat] else "no store"
        lines.append(f"{pad} bowl{_counts(view['bowls'][seat], kinds)}   {store}")
    lines.append("* starts this round (thunder god).")
    if view.get("markers"):
        marks = ", ".join(f"{k} {view['markers'][k]}" for k in kinds)
        lines.append(f"Your secret markers: {marks}")
    if phase == "markers":
        done = [names[s] for s, ok in enumerate(view["markers_set"]) if ok]
        lines.append("Markers set by: " + (", ".join(done) if done else "nobody yet"))
    lines.extend(_stores(view, names))
    return "\n".join(lines)


def _stores(view: JSON, names: Sequence[str]) -> list[str]:
    tiles = {t["number"]: t for t in view["stores"]["tiles"]}
    lines = []
    for seat, number in enumerate(view["stores"]["held"]):
        if number:
            t = tiles[number]
            lines.extend(textwrap.wrap(f"{names[seat]} holds store {number}: {t['caption']}", 78,
                                       subsequent_indent="    "))
    board = view["stores"]["board"]
    if view["phase"] in ("stores", "auction") and board:
        lines.append("Stores on the board (SP needed this round to take one: what it does):")
        for n in board:
            lines.extend(textwrap.wrap(f"{n:>2} ({tiles[n]['level']}+) {tiles[n]['caption']}", 78,
                                       initial_indent="  ", subsequent_indent="          "))
    elif board:
        lines.extend(textwrap.wrap(
            "Stores on the board (SP needed): "
            + " ".join(f"{n}({tiles[n]['level']}+)" for n in board), 78,
            subsequent_indent="  "))
    return lines


def end_report(view: JSON, names: Sequence[str]) -> list[str]:
    """Every round's reveal (markers, sweets, market, SP per kind) and the totals."""
    names = _names(view, names)
    kinds: list[str] = view["kinds"]
    width = max(len(n) for n in names)
    lines: list[str] = []
    if view["rounds"]:
        lines.append("Each round's reveal; per kind: sweets x (marker + that kind in the market)")
    ignored = False
    for rnd in view["rounds"]:
        market = ", ".join(f"{k} {rnd['market'][k]}" for k in kinds if rnd["market"][k])
        lines.append(f"Round {rnd['round']} (market: {market or 'empty'}):")
        lines.append("  " + " " * width + "".join(f" {k:<10}" for k in kinds) + "    SP")
        for seat in range(view["players"]):
            cells = []
            for k in kinds:
                b = rnd["breakdown"][seat][k]
                cells.append(f"{b['count']}x({b['marker']}+{b['market']})={b['subtotal']}")
            ignore = " *" if rnd["store5"][seat] else ""
            ignored = ignored or bool(ignore)
            lines.append(f"  {names[seat]:<{width}}" + "".join(f" {c:<10}" for c in cells)
                         + f"{rnd['sp'][seat]:>6}{ignore}")
    if ignored:
        lines.append("* used store 5: the market is not counted for that player.")
    per_round = " + ".join(f"round {r['round']}" for r in view["rounds"])
    lines.append(f"Totals ({per_round or 'no round counted'}; the lowest wins):")
    for seat in range(view["players"]):
        sps = " + ".join(str(r["sp"][seat]) for r in view["rounds"])
        lines.append(f"  {names[seat]:<{width}}  {sps or 0} = {view['totals'][seat]} SP")
    result = view.get("result") or {}
    winners = result.get("winners", [])
    if len(winners) > 1:
        lines.append(f"Tied on the lowest total ({view['totals'][winners[0]]} SP): "
                     "the winners share the win (no tie-break).")
    return lines


def render_view(view: JSON) -> str:
    """The library's drawing (`Game.render`): the table, the last log entries, and the end."""
    names = _names(view, None)
    lines = [draw(view, names)]
    lines.extend("| " + log_line(e, names) for e in view["log"][-4:])
    if view.get("result") is not None:
        lines.extend(end_report(view, names))
    return "\n".join(lines)
