"""What a game's face in the terminal app provides, and the generic face used by default.

A face draws one seat's view (never anything else) as widgets, and tells the composer which
pieces make each legal action. It mirrors the browser client's renderers: `board`, `keys`,
`label`, `describe`, `prompt`, `log`, `summary`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.text import Text
from textual.widgets import Static

from sweettooth.core import JSON

from .draw import Part


@dataclass
class Ctx:
    """What a face knows besides the view: whose view it is and how players are named."""

    seat: int | None
    names: Sequence[str]
    picks: Sequence[str] = ()
    last: dict[int, str] = field(default_factory=dict)
    """Per seat, the notation of its last move (marked on the board)."""
    flash: dict[str, str] = field(default_factory=dict)
    """Bonbons: tile -> face just flipped, shown for a moment before it is drawn face down."""
    memory_aid: bool = False
    wide: bool = False
    """True at 110 columns or more: faces may put panels side by side."""

    def name(self, seat: int) -> str:
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return f"Player {seat + 1}"

    def owner(self, seat: int) -> str:
        """'Your' or 'Alice's'."""
        name = self.name(seat)
        return "Your" if seat == self.seat or name == "You" else f"{name}'s"

    def who(self, seat: int) -> str:
        """'You' or 'Alice'."""
        return "You" if seat == self.seat else self.name(seat)

    def marks_you(self, seat: int) -> bool:
        """True when `seat` is the viewer's under a name of its own: shown as 'Alice (you)'."""
        return seat == self.seat and self.name(seat) != "You"


class Face:
    """The generic face: the game's own text picture, and a choice per action."""

    unit: str | None = "points"
    """What the final scores count, as the end screen's column heading."""
    follows_cursor = False
    """True when the keys without a piece on the board are verbs for a piece (BitterSweet's
    "take" and "reveal" a space): before a pick, the Choose list then offers the moves of the
    piece under the cursor (`choosing.offers`)."""

    finishing: frozenset[str] = frozenset()
    """Keys with no piece on the board that end a move (Sweet Nose's "into your bowl" after
    store 7's pieces): the Choose list offers them only once the move's pieces are picked."""

    def board(self, view: JSON, ctx: Ctx) -> list[Part]:
        from sweettooth.core import game

        return [Static(Text(game(view["game"]).render(view)))]

    def keys(self, action: str, view: JSON) -> list[str] | None:
        """The keys of the pieces picked to make `action` (any order); None: a plain choice."""
        return None

    def label(self, key: str, view: JSON, ctx: Ctx) -> str:
        """Words for a key that has no piece on the board (shown in the choice list)."""
        return key

    def describe(self, action: str, view: JSON, ctx: Ctx) -> str:
        """Words for an action (choice list, confirm)."""
        return action

    def nothing_here(self, key: str, view: JSON, ctx: Ctx) -> str | None:
        """Why the piece `key` makes no move by itself now ("Nothing to take here: a1 is
        empty"), for the Choose list and a refused pick; None: no words of the face's own."""
        return None

    def prompt(self, view: JSON, ctx: Ctx) -> str:
        """What the player to move may do now."""
        return "choose a move"

    def log(self, view: JSON, ctx: Ctx) -> list[str]:
        """The public log in plain words with players' names."""
        out = []
        for entry in view.get("log") or []:
            if isinstance(entry, str):
                out.append(entry)
            elif isinstance(entry, dict) and isinstance(entry.get("seat"), int):
                out.append(f"{ctx.name(entry['seat'])}: {entry.get('action', '')}")
        return out

    def summary(self, view: JSON, ctx: Ctx) -> list[Part]:
        """The end screen's breakdown (the winners and scores are drawn by the app)."""
        return []

    def last_moves(self, view: JSON, ctx: Ctx) -> dict[int, str]:
        """Per seat, its most recent move as the view tells it (never a hidden one)."""
        out: dict[int, str] = {}
        for entry in view.get("log") or []:
            if isinstance(entry, dict) and isinstance(entry.get("seat"), int):
                out[entry["seat"]] = str(entry.get("action", ""))
        return out

    def told(self, action: str, mover: int, ctx: Ctx) -> str:
        """A move in a few words for the players' line, beside its mover's name (players by
        name)."""
        return seat_words(action, ctx)

    def words(self, action: str, view: JSON, ctx: Ctx) -> list[str]:
        """Every way the screen names a legal move, read back when typed (`describe` first)."""
        return [self.describe(action, view, ctx)]

    def seat_token(self, seat: int) -> str:
        """A seat as the game's notation writes it (P1, P2...: counted from 1)."""
        return notation_seat(seat)

    def reason(self, text: str, ctx: Ctx) -> str:
        """A refusal's reason as the screen names things (the engine counts seats P1, P2...)."""
        return seat_words(text, ctx)

    def score_of(self, view: JSON, seat: int) -> str:
        """A seat's score so far for the players' line ('' if the game shows none)."""
        return ""

    def flash(self, view: JSON, ctx: Ctx) -> dict[str, str]:
        """Faces to show for a moment after a move (Bonbons); keys as in `Ctx.flash`."""
        return {}

    def round_news(self, view: JSON, ctx: Ctx) -> str | None:
        """A sentence on the round just scored (`view["rounds"][-1]`), for the status line
        while the next round begins (games with rounds)."""
        return None

    def tie_break(self, view: JSON, ctx: Ctx) -> str | None:
        """A sentence explaining how a tie on points was broken, if it was."""
        return None


def notation_seat(seat: int) -> str:
    """Seat 0 as most games' notation writes it: P1 (counted from 1)."""
    return f"P{seat + 1}"


_SEAT = re.compile(r"(^|[;:.] )?\bP(\d+)\b( [a-z]+\b)?")


def seat_words(text: str, ctx: Ctx) -> str:
    """Notation's P1..Pn (seats counted from 1) replaced by players' names; where the seat
    starts a clause (at the start, or after '; ', ': ' or '. '), the verb after a seat named
    "You" agrees with it ("P1 starts" reads "You start"; "every player but P1 takes" stays)."""

    def name(m: re.Match[str]) -> str:
        start, number, after = m.group(1), int(m.group(2)), m.group(3) or ""
        if number < 1:
            return m.group(0)
        who = ctx.name(number - 1)
        if start is not None and after:
            after = " " + you_verb(who, after[1:])
        return (start or "") + who + after

    return _SEAT.sub(name, text)


def you_case(text: str) -> str:
    """A seat named "You" inside a clause, as English writes it: "You's plate" reads "Your
    plate" where a clause starts and "your plate" elsewhere; "asks You" reads "asks you".

    >>> you_case("P2 asks You for You's red; You's turn")
    'P2 asks you for your red; Your turn'
    """
    text = re.sub(r"(^|(?<=[.;:] ))You's\b", "Your", text)
    text = re.sub(r"\bYou's\b", "your", text)
    return re.sub(r"(?<=[a-z0-9;,] )You\b", "you", text)


_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}


def you_verb(who: str, rest: str) -> str:
    """'flips a1' after 'You' reads 'flip a1' (the first word loses its s)."""
    if who != "You":
        return rest
    first, sep, tail = rest.partition(" ")
    if first.endswith("ies"):
        first = first[:-3] + "y"
    elif first.endswith(("ches", "shes", "sses", "xes")):
        first = first[:-2]
    elif first in _IRREGULAR:
        first = _IRREGULAR[first]
    elif first.endswith("s") and not first.endswith("ss"):
        first = first[:-1]
    return first + sep + tail
