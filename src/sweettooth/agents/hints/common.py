"""What every game's hint shares: the `Hint` itself, its error, and plain-language helpers
(who is who at the table, counted nouns, lists read aloud)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sweettooth.core import SweetToothError


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move: `action` (its notation, one of the view's legal actions) and `reason`,
    one short sentence in plain words."""

    action: str
    reason: str


class HintError(SweetToothError, ValueError):
    """No hint can be given from this view (the game is over, or it is not this seat's turn)."""


@dataclass(frozen=True, slots=True)
class People:
    """How a hint names the players: the seat asking is "you", the others by name, or
    "Player 2" (counted from 1) when no names are given."""

    me: int
    names: tuple[str, ...] = ()

    def name(self, seat: int) -> str:
        if seat == self.me:
            return "you"
        if seat < len(self.names) and self.names[seat].strip():
            return self.names[seat].strip()
        return f"Player {seat + 1}"

    def whose(self, seat: int) -> str:
        """ "your", "Bob's"."""
        return "your" if seat == self.me else f"{self.name(seat)}'s"


def count(n: int | float, noun: str, plural: str | None = None) -> str:
    """ "1 tile", "3 tiles"."""
    many = plural if plural is not None else noun + "s"
    return f"{n:g} {noun if n == 1 else many}"


def listed(items: Sequence[str], last: str = "and") -> str:
    """ "a", "a and b", "a, b and c"."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def ordinal(n: int) -> str:
    """ "1st", "2nd", "3rd", "4th", "11th"."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def signed(points: float) -> str:
    """ "+4", "-1", "+0"; halves kept ("+2.5")."""
    return f"{points:+g}"
