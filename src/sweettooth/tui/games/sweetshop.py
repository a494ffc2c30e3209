"""Sweet Shop (solo): the white dice, the discard dice marking the Shelf, the Shelf's cards with
their bonus names, your Basket and Tummy, bonuses and the chocolate figures."""

from __future__ import annotations

import re

from rich.text import Text
from textual.widgets import Static

from sweettooth.core import JSON

from .base import Ctx, Face
from .draw import Part, box, para, piece, row, styled, table, text

SUITS = {
    "H": ("♥", "Hearts", "Multipack", "#e0474c"),
    "D": ("♦", "Diamonds", "Sugar Rush", "#e0474c"),
    "S": ("♠", "Spades", "Flavour Changer", "#dddddd"),
    "C": ("♣", "Clubs", "Sour Cherries", "#dddddd"),
}
FIGURES = {"J": "Chocolate Soldier", "Q": "Chocolate Fairy", "K": "Chocolate Pirate"}
DIE = "⚀⚁⚂⚃⚄⚅"


def card_text(card: str) -> Text:
    rank, suit = card[:-1], card[-1]
    sym, _, _, colour = SUITS.get(suit, ("?", "", "", "white"))
    style = f"bold {colour} on #2b2b2b"
    return Text(f"{rank:>2}{sym}", style=style)


def card_words(card: str) -> str:
    rank, suit = card[:-1], card[-1]
    _, suit_name, bonus, _ = SUITS.get(suit, ("?", "?", "", ""))
    fig = FIGURES.get(rank)
    return fig if fig else f"{suit_name}: {bonus}"


def white_dice(view: JSON) -> list[tuple[int, bool]]:
    """(value, used) per white die."""
    left = list(view["white_dice"].get("left") or [])
    out = []
    for v in view["white_dice"].get("rolled") or []:
        if v in left:
            left.remove(v)
            out.append((v, False))
        else:
            out.append((v, True))
    return out


def extended(pos: str, dice: tuple[str, str], legal: list[str]) -> bool:
    """Whether a legal Multipack grab takes shelf `pos` and another card with these dice."""
    for action in legal:
        m = re.fullmatch(r"grab (\d),(\d) with (\d)\+(\d)", action)
        if m and pos in m.group(1, 2) and sorted(m.group(3, 4)) == sorted(dice):
            return True
    return False


class SweetShopFace(Face):
    finishing = frozenset({"fc:+1", "fc:-1"})  # after the dice and the basket's card

    def board(self, view: JSON, ctx: Ctx) -> list[Part]:
        sc = view["score"]
        head = f"Turn {view['turn']}" + (" (final turn)" if view.get("final_turn") else "")
        head += f" · deck {view['deck']} · Tummy score {sc['total']}"
        out: list[Part] = [text(Text(head, style="bold"))]
        dice: list[Part] = [text("White dice ")]
        for v, used in white_dice(view):
            if used:
                dice.append(text(Text(f" {v} ", style="dim strike")))
            else:
                dice.append(piece(Text(f" {v} ", style="bold black on #fffdf7"), f"die:{v}",
                                  f"white die showing {v}"))
            dice.append(text(" "))
        marks = list(view.get("discard_dice") or [])
        dice.append(text(Text("  discard dice " + " ".join(str(m) for m in marks),
                              style="#d83b4f")))
        out.append(row(*dice))
        if view.get("sugar_rush"):
            out.append(para(Text("Sugar Rush! Eat a card from your Basket at once, or skip.",
                                 style="bold #e0474c")))
        shelf: list[Part] = []
        legal = set(view.get("legal_actions") or [])
        for i, card in enumerate(view["shelf"]):
            pos = i + 1
            parts: list[Part] = [text(Text(f"{pos} ", style="bold"))]
            if card:
                parts.append(piece(card_text(card), f"shelf:{pos}", f"shelf {pos}: {card}"))
                parts.append(text(f" {card_words(card):<24}"))
            else:
                parts.append(piece(Text(" -- ", style="dim"), f"shelf:{pos}", "empty"))
                parts.append(text(Text(f" {'gap':<23}", style="dim")))
            if pos in marks:
                parts.append(text(Text(" ✖ out at end", style="#d83b4f")))
                for to in (pos - 1, pos + 1):  # only the moves the Sour Cherries allow now
                    if f"cherries {pos}>{to}" in legal:
                        arrow = "◀" if to < pos else "▶"
                        parts.append(piece(f" {arrow}{to}", f"cherry:{pos}>{to}",
                                           f"Sour Cherries: move the discard die {pos} to {to}"))
            shelf.append(row(*parts))
        out.append(box("Shelf", *shelf))
        basket: list[Part] = []
        for c in view["basket"]:
            basket.append(piece(card_text(c), f"basket:{c}", f"basket: {c}, {card_words(c)}"))
            basket.append(text(" "))
        if not basket:
            basket.append(text(Text("empty", style="dim")))
        tummy = Text()
        for c in view["tummy"]:
            tummy.append_text(card_text(c))
            tummy.append(" ")
        b = view["bonuses"]
        bonus = styled(
            ("♥ Multipack ", "#e0474c"), f"{b['multipack']['have']}  ",
            ("♠ Flavour Changer ", "bold"), f"{b['flavour_changer']['have']}  ",
            ("♣ Sour Cherries ", "bold"), f"{b['sour_cherries']['have']}",
        )
        figs = "  ".join(
            f"{f['name'].replace('Chocolate ', '')}: "
            + (f"out ({f['queue']} queued)" if f["delivered"] else "not yet")
            for f in view["figures"].values())
        # The boxes take the board's width (side by side when wide), and their rows wrap: a
        # late game's Tummy holds some twenty cards.
        size = "fill" if ctx.wide else "full"
        parts2: list[Part] = [
            box(f"Basket ({len(view['basket'])})", row(*basket), classes=size),
            box(f"Tummy ({len(view['tummy'])})", text(tummy if view["tummy"] else Text(
                "empty", style="dim")), classes=size),
            # Two lines of their own (as segments they would share one and be cut).
            para(bonus), para(Text(figs, style="dim")),
        ]
        if ctx.wide:
            out.append(row(*parts2[:2]))
            out.extend(parts2[2:])
        else:
            out.extend(parts2)
        return out

    def keys(self, action: str, view: JSON) -> list[str] | None:
        m = re.fullmatch(r"grab (\d)(?:,(\d))? with (\d)\+(\d)", action)
        if m:
            return [f"die:{m.group(3)}", f"die:{m.group(4)}", f"shelf:{m.group(1)}",
                    *([f"shelf:{m.group(2)}"] if m.group(2) else [])]
        m = re.fullmatch(r"eat (\S+) with (\d)\+(\d)(?: ([+-]1))?", action)
        if m:
            return [f"die:{m.group(2)}", f"die:{m.group(3)}", f"basket:{m.group(1)}",
                    *([f"fc:{m.group(4)}"] if m.group(4) else [])]
        m = re.fullmatch(r"sugar rush (\S+)", action)
        if m:
            return [f"basket:{m.group(1)}"]
        m = re.fullmatch(r"cherries (\d)>(\d)", action)
        if m:
            return [f"cherry:{m.group(1)}>{m.group(2)}"]
        m = re.fullmatch(r"last resort (\d)", action)
        if m:
            return ["btn:lastresort", f"shelf:{m.group(1)}"]
        return None

    def label(self, key: str, view: JSON, ctx: Ctx) -> str:
        return {
            "btn:lastresort": "Last Resort (grab any card)",
            "fc:+1": "Flavour Changer: count +1",
            "fc:-1": "Flavour Changer: count -1",
        }.get(key, key)

    def describe(self, action: str, view: JSON, ctx: Ctx) -> str:
        if action == "end turn":
            return "End the turn"
        if action == "skip sugar rush":
            return "Skip the Sugar Rush"
        m = re.fullmatch(r"grab (\d),(\d) with .*", action)
        if m:
            return f"Grab {m.group(1)} and {m.group(2)} (Multipack)"
        m = re.fullmatch(r"grab (\d) with (\d)\+(\d)", action)
        if m:  # the dice too: several pairs may grab the same position
            pos, dice = m.group(1), (m.group(2), m.group(3))
            # "only" when a Multipack could add a second card with the same dice: a real choice
            only = " only," if extended(pos, dice, view.get("legal_actions") or []) else ""
            return f"Grab {pos}{only} with {dice[0]} and {dice[1]}"
        m = re.fullmatch(r"eat (\S+) with (\d)\+(\d)", action)
        if m:  # the dice too: several pairs may eat the same card, leaving different dice
            return f"Eat {m.group(1)} with {m.group(2)} and {m.group(3)}"
        return action[:1].upper() + action[1:]

    def prompt(self, view: JSON, ctx: Ctx) -> str:
        if view.get("sugar_rush"):
            return "Sugar Rush: eat a card from your Basket, or skip"
        picks = list(ctx.picks)
        if "btn:lastresort" in picks:
            return "grab any card from the Shelf"
        dice = sum(1 for k in picks if k.startswith("die:"))
        if dice == 1:
            return "pick the second die of the pair"
        if dice == 2:
            return "now a Shelf card to Grab, or a Basket card to Eat"
        if not view["white_dice"].get("left"):
            if any(str(a).startswith("cherries") for a in view.get("legal_actions") or []):
                return "end the turn (or use Sour Cherries)"
            return "end the turn"
        return "pick two dice, then a Shelf card (Grab) or a Basket card (Eat)"

    def score_of(self, view: JSON, seat: int) -> str:
        total = view["score"]["total"]
        return f"{total} point{'' if total == 1 else 's'}"

    def log(self, view: JSON, ctx: Ctx) -> list[str]:
        return [str(x) for x in view.get("log") or []]

    def last_moves(self, view: JSON, ctx: Ctx) -> dict[int, str]:
        hist = view.get("history") or []
        return {0: str(hist[-1])} if hist else {}

    def summary(self, view: JSON, ctx: Ctx) -> list[Part]:
        sc = view["score"]
        rows: list[list[str | Text]] = [
            ["Plain sweets (1 each)", str(sc["plain"]["cards"]), str(sc["plain"]["points"])],
            ["Chocolate Soldiers (J, 2)", str(sc["J"]["cards"]), str(sc["J"]["points"])],
            ["Chocolate Fairies (Q, 2)", str(sc["Q"]["cards"]), str(sc["Q"]["points"])],
            ["Chocolate Pirates (K, 3)", str(sc["K"]["cards"]), str(sc["K"]["points"])],
            ["Left in the Basket (no score)", str(sc["basket_unscored"]), "0"],
            ["Total", "", str(sc["total"])],
        ]
        return [Static(table(["Your Tummy", "Cards", "Points"], rows, bold_rows=[5]))]

    def tie_break(self, view: JSON, ctx: Ctx) -> str | None:
        return "You play alone: your score is your result."
