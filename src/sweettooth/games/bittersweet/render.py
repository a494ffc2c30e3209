"""A compact text drawing of a BitterSweet view, for terminal play.

Face-down Chocs show as `##` (or `#pecan` when you know which Choc it is), empty spaces as `..`.
"""

from __future__ import annotations

from sweettooth.core import JSON


def render(view: JSON) -> str:
    cols = int(view["cols"])
    box = view["box"]
    width = max(8, *(len(b["choc"] or "") + 2 for b in box))
    lines = [f"BitterSweet round {view['round']}, turn of P{view['current'] + 1} "
             f"({view['actions_left']} action(s) left); wrappers in stack: {view['stack']}"]
    lines.append("    " + "".join(chr(97 + c).ljust(width) for c in range(cols)))
    for r in range(len(box) // cols):
        cells = []
        for c in range(cols):
            b = box[r * cols + c]
            if b["face"] == "empty":
                txt = ".."
            elif b["face"] == "up":
                txt = b["choc"]
            else:
                txt = "#" + b["choc"] if b["choc"] else "##"
            cells.append(txt.ljust(width))
        lines.append(f"{r + 1:>2}  " + "".join(cells).rstrip())
    for e in view["seats"]:
        who = f"P{e['seat'] + 1}"
        wins = "*" * e["round_wins"]
        line = f"{who}{wins}: {e['hand_size']} Choc(s), {e['wrappers']} wrapper(s)"
        if "hand" in e:
            line += (f"; hand: {', '.join(e['hand']) or '-'}; YUM! {'+'.join(e['yum'])}; "
                     f"YUCK! {'+'.join(e['yuck'])}")
        else:
            if e["known_hand"]:
                line += f"; known: {', '.join(e['known_hand'])}"
            if e["known_yum"] or e["known_yuck"]:
                line += f"; seen YUM! {e['known_yum']} YUCK! {e['known_yuck']}"
        if e["discards"]:
            line += f"; discarded: {', '.join(e['discards'])}"
        lines.append(line)
    if view["tasks"]:
        t = view["tasks"][-1]
        lines.append(f"Ability in progress: {t['choc']} ({t['kind']}) for P{t['who'] + 1}")
    if view["pending"]:
        lines.append(f"On Reveal waiting: {', '.join(view['pending'])}")
    for rnd in view["rounds"][-1:]:
        lines.append(f"Last round ({rnd['round']}) scores: {rnd['scores']}")
    if view["log"]:
        lines.append("Last: " + view["log"][-1])
    if view["legal_actions"]:
        shown = view["legal_actions"][:10]
        more = ", ..." if len(view["legal_actions"]) > 10 else ""
        lines.append("Your actions: " + ", ".join(shown) + more)
    return "\n".join(lines)
