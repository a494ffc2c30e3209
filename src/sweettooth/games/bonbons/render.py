"""Text drawings of a Bonbons view for terminal play, and the end of the game.

Each tile is 6 characters wide; a face is written as a colour letter and three candy letters
(`Rlol` is a red lollipop); the drawing lists the codes it uses, in words, below the table:

    `  ?   `  face down                    `*Rlol*`  face up now, in the go being played
    `[Rlol]`  found: face up for good      `[wrap]`  the empty wrapper, face up
    ` ---  `  coin square taken            `$Rlol$`  round tile under coins (`$ ?? $` unseen)
    `(Rlol)`  face down, seen before: drawn only with the memory aid (off by default; at the
              table you must remember it). The library's `render` keeps it on.

Players are named, with their notation id (`Candy Bot 1 (p1)`): the tiles of a row are
named by it (`p1.3`).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from typing import Any

from sweettooth.core import JSON

from .components import load_box

GOAL = ("be the first to end a turn with every round tile of your row face up: flip pairs of "
        "identical faces (remember what you saw!).")

REDRAW_AFTER_BOT_MOVES = True
"""On a terminal the table is drawn after each bot flip: the face shows, a pause, then (at the
next drawing) it is face down again, as at the table."""

_ACTOR = re.compile(r"^p(\d+)\b")
UP = ("showing", "matched", "found", "wrapper")


def _names(view: JSON, names: Sequence[str] | None) -> list[str]:
    return list(names) if names else [f"p{s}" for s in range(view["players"])]


def _who(names: Sequence[str], seat: int) -> str:
    pid = f"p{seat}"
    return pid if names[seat] == pid else f"{names[seat]} ({pid})"


def log_line(entry: Any, names: Sequence[str]) -> str:
    """'p1 c2: blue lollipop (showing)' as 'Candy Bot 1 flips c2: blue lollipop (showing)'."""
    text = str(entry)
    match = _ACTOR.match(text)
    if match is None or not 0 <= int(match.group(1)) < len(names):
        return text
    rest = text[match.end():].lstrip()
    verb = "" if rest.startswith("stop") else "flips "
    return f"{names[int(match.group(1))]} {verb}{rest}"


def _short(face: str | None) -> str:
    if face is None:
        return " ?? "
    box = load_box()
    return box.face_short(box.face_codes[face])


def _face(state: str, face: str | None, memory_aid: bool) -> str | None:
    """The face drawn for a tile: only when it is up (or under coins, or remembered)."""
    if state in UP or state == "coins" or memory_aid:
        return face
    return None


def _cell(state: str, face: str | None) -> str:
    if state == "taken":
        return " ---  "
    if state == "coins":
        return f"${_short(face)}$"
    if state == "showing":
        return f"*{_short(face)}*"
    if state in ("matched", "found", "wrapper"):
        return f"[{_short(face)}]"
    if face is None:
        return "  ?   "
    return f"({_short(face)})"


def draw(view: JSON, names: Sequence[str] | None = None, *, memory_aid: bool = False) -> str:
    """The grid of squares, each player's row of round tiles, the pile, and a legend of the
    codes drawn. Faces face down are drawn only with `memory_aid`."""
    names = _names(view, names)
    head = f"Bonbons ({view['variant']}"
    if view["removed"]:
        head += ", without " + " and ".join(view["removed"])
    head += f"), turn {view['turn'] + 1}"
    if view["to_move"] is not None:
        head += f": {names[view['to_move']]} to play"
    elif view["result"] is not None:
        head += ": the game is over"
    lines = [head]
    faces: list[str] = []

    def cell(tile: JSON) -> str:
        face = _face(tile["state"], tile["face"], memory_aid)
        if face is not None and tile["state"] != "taken":
            faces.append(face)
        return _cell(tile["state"], face)

    size = len(view["grid"])
    lines.append("    " + "".join(f"   {chr(97 + c)}   " for c in range(size)))
    for r, line in enumerate(view["grid"]):
        lines.append(f"{r + 1:>3} " + " ".join(cell(c) for c in line))
    width = max(len(_who(names, p)) for p in range(len(view["rows"])))
    for p, row in enumerate(view["rows"]):
        tiles = " ".join(f"{k + 1}{cell(t)}" for k, t in enumerate(row))
        mark = ">" if view["to_move"] == p else " "
        lines.append(f"{mark}{_who(names, p):<{width}}: {tiles}")
    lines.append(f"  draw pile: {view['pile']} tile(s). Rows: slot number, then the tile.")
    legend = ("? face down, *X* face up now, [X] found (up for good), --- coin taken, "
              "$X$ under coins" + (", (X) seen before (memory aid)" if memory_aid else ""))
    box = load_box()
    codes = sorted({f for f in faces if box.face_short(box.face_codes[f]) not in
                    ("coin", "wrap")})
    if codes:
        legend += "; " + ", ".join(f"{_short(f)} {f}" for f in codes)
    lines.extend(textwrap.wrap(legend, 78, initial_indent="  ", subsequent_indent="  "))
    return "\n".join(lines)


def end_report(view: JSON, names: Sequence[str]) -> list[str]:
    """How the game ended and each player's row."""
    names = _names(view, names)
    lines: list[str] = []
    ended = view.get("ended")
    winners = (view.get("result") or {}).get("winners", [])
    if ended == "turn limit":
        lines.append("The game stopped at the turn limit without a winner.")
    elif winners:
        lines.append(f"{names[winners[0]]} ended a turn with every round tile face up.")
    for t in view.get("tally") or []:
        lines.extend(textwrap.wrap(
            f"{names[t['seat']]}: {t['tiles']} round tiles, {t['face_up']} face up "
            f"({t['found']} found, {t['covered']} under coins), {t['face_down']} face down; "
            f"stole {t['stolen']}, lost {t['lost_to_theft']} to theft",
            78, initial_indent="  ", subsequent_indent="      "))
    return lines


def render(view: JSON, log_lines: int = 4) -> str:
    """The library's drawing (`Game.render`): faces seen before are drawn (memory aid on),
    then the last few log lines and the legal moves."""
    names = _names(view, None)
    lines = [draw(view, names, memory_aid=True)]
    for line in view["log"][-log_lines:]:
        lines.append("  " + line)
    if view["legal_actions"]:
        shown = view["legal_actions"][:20]
        more = " ..." if len(view["legal_actions"]) > 20 else ""
        lines.append("  legal: " + " ".join(shown) + more)
    return "\n".join(lines)
