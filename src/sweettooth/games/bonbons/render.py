"""Text drawing of a Bonbons view for terminal play.

Each tile is 6 characters wide:

    ` ?    `  face down, never seen        `(Rlol)`  face down, seen before (remember it!)
    `*Rlol*`  showing in the go now         `[Rlol]`  matched / found (face up for good)
    `[wrap]`  the empty wrapper, face up    ` ---  `  coin square taken
    `$Rlol$`  round tile under the coins (`$ ?? $` if never seen)

Colours are one letter (R, Y, G, B), candies three (lol, car, ...): see data/tiles.toml.
"""

from __future__ import annotations

from sweettooth.core import JSON

from .components import load_box


def _short(face: str | None) -> str:
    if face is None:
        return " ?? "
    box = load_box()
    return box.face_short(box.face_codes[face])


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


def render(view: JSON, log_lines: int = 4) -> str:
    """Grid, rows, pile and the last few log lines of `view`."""
    head = f"Bonbons ({view['variant']}"
    if view["removed"]:
        head += ", without " + " and ".join(view["removed"])
    head += f") turn {view['turn'] + 1}/{view['turn_limit']}"
    if view["to_move"] is not None:
        head += f", p{view['to_move']} to play ({view['phase']})"
    elif view["result"] is not None:
        winners = ", ".join(f"p{w}" for w in view["result"]["winners"])
        head += f", over ({view['ended']}): {winners} won"
    lines = [head]
    size = len(view["grid"])
    lines.append("    " + "".join(f"   {chr(97 + c)}   " for c in range(size)))
    for r, line in enumerate(view["grid"]):
        lines.append(f"{r + 1:>3} " + " ".join(_cell(c["state"], c["face"]) for c in line))
    for p, row in enumerate(view["rows"]):
        tiles = " ".join(f"{k + 1}{_cell(t['state'], t['face'])}" for k, t in enumerate(row))
        mark = ">" if view["to_move"] == p else " "
        lines.append(f"{mark}p{p}: {tiles}")
    lines.append(f"  draw pile: {view['pile']} tile(s)")
    for line in view["log"][-log_lines:]:
        lines.append("  " + line)
    if view["legal_actions"]:
        shown = view["legal_actions"][:20]
        more = " ..." if len(view["legal_actions"]) > 20 else ""
        lines.append("  legal: " + " ".join(shown) + more)
    return "\n".join(lines)
