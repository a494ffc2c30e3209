"""The decisions of a Sweet Shop turn, and their notation.

A turn is a short sequence of small decisions (SS-2): use a pair of the white dice to Grab or Eat,
use a lasting bonus, take the Last Resort, answer a Sugar Rush, end the turn. Shelf positions are
1 to 6, left to right; a pair is written low die first; cards are written rank then suit
(A 2 ... 10 J Q K, then S H D C: "7H", "10C", "KS").

=========================  ===================================================================
notation                   meaning
=========================  ===================================================================
``grab 3 with 3+5``        Grab the card at Shelf position 3 with the pair 3+5 (one die shows 3)
``grab 3,5 with 3+5``      the same Grab, with a Multipack (Hearts) also taking position 5
``eat 9H with 4+5``        Eat 9H from the Basket with the pair 4+5 (4+5 = 9; an Ace: any pair)
``eat KS with 6+6 +1``     Eat with a Flavour Changer (Spades): the pair counts one more (or -1)
``sugar rush 7D``          Sugar Rush (Diamonds): at once Eat 7D from the Basket with no dice
``skip sugar rush``        decline the Sugar Rush
``cherries 2>3``           Sour Cherries (Clubs): move the discard die on position 2 to 3
``last resort 4``          Last Resort: Grab position 4 whatever the dice; no other action
``end turn``               discard the marked cards, refill the Shelf, roll for the next turn
=========================  ===================================================================

>>> a = parse_notation("eat KS with 6+6 +1")
>>> a
Eat(card=48, pair=(6, 6), shift=1)
>>> str(a)
'eat KS with 6+6 +1'
>>> str(parse_notation("GRAB 3,5  with 3+5"))
'grab 3,5 with 3+5'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cards import CARDS


@dataclass(frozen=True, slots=True)
class Grab:
    """Take the card at `positions[0]` (and, with a Multipack, `positions[1]`) into the Basket."""

    positions: tuple[int, ...]
    pair: tuple[int, int]

    def __str__(self) -> str:
        where = ",".join(str(p) for p in self.positions)
        return f"grab {where} with {self.pair[0]}+{self.pair[1]}"


@dataclass(frozen=True, slots=True)
class Eat:
    """Move `card` from the Basket to the Tummy; `shift` is a Flavour Changer's +1/-1 (or 0)."""

    card: int
    pair: tuple[int, int]
    shift: int = 0

    def __str__(self) -> str:
        tail = f" {self.shift:+d}" if self.shift else ""
        return f"eat {CARDS.name(self.card)} with {self.pair[0]}+{self.pair[1]}{tail}"


@dataclass(frozen=True, slots=True)
class SugarRush:
    """Eat `card` from the Basket with no dice, the one-off bonus of a Diamond."""

    card: int

    def __str__(self) -> str:
        return f"sugar rush {CARDS.name(self.card)}"


@dataclass(frozen=True, slots=True)
class SkipSugarRush:
    """Decline a Sugar Rush."""

    def __str__(self) -> str:
        return "skip sugar rush"


@dataclass(frozen=True, slots=True)
class SourCherries:
    """Move a discard die from Shelf position `source` to the neighbouring `target`."""

    source: int
    target: int

    def __str__(self) -> str:
        return f"cherries {self.source}>{self.target}"


@dataclass(frozen=True, slots=True)
class LastResort:
    """Grab the card at `position` regardless of the dice; the turn has no other action."""

    position: int

    def __str__(self) -> str:
        return f"last resort {self.position}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Finish the turn: discard, refill, and roll for the next one (or end the game)."""

    def __str__(self) -> str:
        return "end turn"


Action = Grab | Eat | SugarRush | SkipSugarRush | SourCherries | LastResort | EndTurn


def _ints(*values: object) -> bool:
    return all(type(v) is int for v in values)


def well_formed(action: Action) -> bool:
    """Whether every field has its exact type (ints, not bools or floats; tuples of ints).

    Dataclass equality lets `Eat(card, (4.0, 5))` or `LastResort(True)` equal a legal action,
    so `_is_legal` checks this too: such a value must be refused, not played or recorded.
    """
    if isinstance(action, Grab):
        p, pair = action.positions, action.pair
        return type(p) is tuple and type(pair) is tuple and _ints(*p, *pair)
    if isinstance(action, Eat):
        pair = action.pair
        return type(pair) is tuple and _ints(action.card, *pair, action.shift)
    if isinstance(action, SugarRush):
        return _ints(action.card)
    if isinstance(action, SourCherries):
        return _ints(action.source, action.target)
    if isinstance(action, LastResort):
        return _ints(action.position)
    return True


END_TURN = EndTurn()
SKIP_SUGAR_RUSH = SkipSugarRush()

_DIE = "([1-6])"
_PAIR = rf"{_DIE}\+{_DIE}"
_CARD = "({})({})".format(
    "|".join(re.escape(c.lower()) for c in CARDS.rank_codes),
    "|".join(re.escape(c.lower()) for c in CARDS.suit_codes),
)
_GRAB = re.compile(rf"grab {_DIE}(?:,{_DIE})? with {_PAIR}")
_EAT = re.compile(rf"eat {_CARD} with {_PAIR}(?: ([+-]1))?")
_SUGAR = re.compile(rf"sugar rush {_CARD}")
_CHERRIES = re.compile(rf"cherries {_DIE}>{_DIE}")
_LAST = re.compile(rf"last resort {_DIE}")


def _pair(a: str, b: str) -> tuple[int, int]:
    x, y = int(a), int(b)
    return (x, y) if x <= y else (y, x)


def parse_notation(text: str) -> Action | None:
    """The action written as `text` (case and spacing are free), or None if it names none.

    This reads the notation only; whether the action is legal is the state's business.
    """
    t = " ".join(str(text).lower().split())
    if t == "end turn":
        return END_TURN
    if t == "skip sugar rush":
        return SKIP_SUGAR_RUSH
    if m := _GRAB.fullmatch(t):
        first, second, a, b = m.groups()
        where = (int(first),) if second is None else (int(first), int(second))
        return Grab(where, _pair(a, b))
    if m := _EAT.fullmatch(t):
        rank, suit, a, b, shift = m.groups()
        return Eat(CARDS.parse(rank + suit), _pair(a, b), int(shift) if shift else 0)
    if m := _SUGAR.fullmatch(t):
        return SugarRush(CARDS.parse(m.group(1) + m.group(2)))
    if m := _CHERRIES.fullmatch(t):
        return SourCherries(int(m.group(1)), int(m.group(2)))
    if m := _LAST.fullmatch(t):
        return LastResort(int(m.group(1)))
    return None
