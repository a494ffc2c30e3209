"""A compact text drawing of a Sweet Shop view, for terminal play.

Example (`st.game("sweetshop").position(...).render(0)`)::

    Sweet Shop - turn 1 - deck 2 - score 3
    Shelf    1:7H    2:2C*   3:JS    4:9D    5:AH*   6:5S
    Dice     white 2 3 5 6 (left 2 3 5 6)   discard 2 5 (* marked)
    Basket   9H 3C
    Tummy    4H QD   (3 points)
    Figures  J queue 2 | Q set aside 3 | K set aside 3
    Bonuses  Multipack 1 used 0 | Flavour Changer 0 | Sour Cherries 0
    Last     turn 1: white dice 2 3 5 6; discard dice 2 5 mark 2 (2C) and 5 (AH)
    Moves    grab 2 with 2+3, grab 3 with 2+3, ..., end turn
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sweettooth.core import JSON

_BONUS_NAMES = {
    "multipack": "Multipack",
    "flavour_changer": "Flavour Changer",
    "sour_cherries": "Sour Cherries",
}


GOAL = ("score as many points as you can before the shop shuts (the deck runs out): only "
        "sweets eaten into your Tummy score (1 each, J and Q 2, K 3).")

_SUITS = {"H": "hearts", "D": "diamonds", "S": "spades", "C": "clubs"}


def _table(view: JSON) -> list[str]:
    marked = set(view["discard_dice"])
    head = f"Sweet Shop - turn {view['turn']}"
    if view["final_turn"]:
        head += " (final turn)"
    head += f" - deck {view['deck']} - score {view['score']['total']}"
    if view["result"] is not None:
        head += " - the shop has shut"
    shelf = "  ".join(
        f"{p}:{(card or '--') + ('*' if p in marked else ''):<4}"
        for p, card in enumerate(view["shelf"], start=1)
    )
    dice = view["white_dice"]
    lines = [
        head,
        f"Shelf    {shelf.rstrip()}",
        f"Dice     white {_dice(dice['rolled'])} (left {_dice(dice['left']) or '-'})   "
        f"discard {_dice(view['discard_dice'])} (* marked)",
        f"Basket   {' '.join(view['basket']) or '-'}",
        f"Tummy    {' '.join(view['tummy']) or '-'}   ({view['score']['total']} points)",
        "Figures  "
        + " | ".join(
            f"{code} queue {f['queue']}" if f["delivered"] else f"{code} set aside {f['set_aside']}"
            for code, f in view["figures"].items()
        ),
        "Bonuses  "
        + " | ".join(
            f"{_BONUS_NAMES[k]} {b['have']}" + (f" used {b['used_this_turn']}" if b["have"] else "")
            for k, b in view["bonuses"].items()
        ),
    ]
    if view["sugar_rush"]:
        lines.append("Sugar Rush! Eat one Basket card at once, or skip.")
    return lines


def draw(view: JSON, names: Sequence[str] | None = None, *, memory_aid: bool = False) -> str:
    """The table with a legend: what the codes, the marks and the dice mean."""
    del names, memory_aid  # solo, and nothing to remember
    lines = _table(view)
    lines.append("Cards: rank, suit (9H = 9 of hearts; A=1 J=11 Q=12 K=13). "
                 "* = marked by a")
    lines.append("  discard die: discarded at the end of the turn. A pair of white dice grabs "
                 "the")
    lines.append("  card at the position one die shows, or eats a Basket card equal to its "
                 "total.")
    return "\n".join(lines)


def log_line(entry: Any, names: Sequence[str]) -> str:
    del names
    return str(entry)


def end_report(view: JSON, names: Sequence[str]) -> list[str]:
    """The final score in words: plain sweets and figures eaten, and what stayed in the Basket."""
    del names
    score = view["score"]
    parts = [f"{score['plain']['cards']} plain sweet(s) {score['plain']['points']}"]
    for code, label in (("J", "Jacks"), ("Q", "Queens"), ("K", "Kings")):
        if score[code]["cards"]:
            parts.append(f"{score[code]['cards']} {label} {score[code]['points']}")
    lines = [f"Score {score['total']} = " + " + ".join(parts)
             + " (only the Tummy scores)."]
    if score["basket_unscored"]:
        lines.append(f"{score['basket_unscored']} card(s) left in the Basket score nothing.")
    return lines


def render(view: JSON) -> str:
    """The library's drawing (`Game.render`); the legal actions follow when the view has them."""
    lines = _table(view)
    if view["log"]:
        lines.append(f"Last     {view['log'][-1]}")
    if view["legal_actions"]:
        lines.append("Moves    " + ", ".join(view["legal_actions"]))
    if view["result"] is not None:
        lines.extend(end_report(view, []))
    return "\n".join(lines)


def _dice(values: list[int]) -> str:
    return " ".join(str(v) for v in values)
