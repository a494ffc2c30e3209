"""A compact text drawing of a Sweet Nose view, for terminal play."""

from __future__ import annotations

from sweettooth.core import JSON

SHORT = {"red": "Re", "green": "Gr", "brown": "Br", "pink": "Pi", "yellow": "Ye"}


def _row(counts: dict[str, int], kinds: list[str]) -> str:
    return " ".join(f"{counts[k]:>2}" for k in kinds)


def render_view(view: JSON) -> str:
    """Header, market, one block per player (plate, bowl, store, SP), own markers, recent log."""
    kinds: list[str] = view["kinds"]
    rounds = view["rounds_to_play"]
    head = f"Sweet Nose, round {view['round']}" + (f" of {rounds}" if rounds else " (to the sky)")
    mover = view["to_move"]
    phase = view["phase"]
    if mover is not None:
        head += f", {phase}: P{mover + 1} to move"
        if phase == "exchange":
            head += f" (turn {view['turns_taken'][mover] + 1}/{view['max_turns']})"
    else:
        head += ", game over"
    lines = [head, "          " + " ".join(SHORT.get(k, k[:2]) for k in kinds)]
    lines.append("market    " + _row(view["market"], kinds))
    for seat in range(view["players"]):
        held = view["stores"]["held"][seat]
        flag = "*" if seat == view["start_player"] else " "
        me = ">" if seat == view["seat"] else " "
        lines.append(
            f"{me}P{seat + 1}{flag}plate " + _row(view["plates"][seat], kinds)
            + f"   store {held or '-':<2} total {view['totals'][seat]} SP"
        )
        lines.append("     bowl " + _row(view["bowls"][seat], kinds))
    if view["markers"]:
        lines.append("markers   " + _row(view["markers"], kinds))
    board = view["stores"]["board"]
    levels = {t["number"]: t["level"] for t in view["stores"]["tiles"]}
    lines.append("board     " + " ".join(f"{n}({levels[n]}+)" for n in board))
    lines.extend("| " + entry for entry in view["log"][-4:])
    return "\n".join(lines)
