"""Sweet Nose actions and their notation.

Players are named P1..P5 (seat 0 is P1); kinds are red, green, brown, pink, yellow.

=================================================  ==============================================
notation                                           meaning
=================================================  ==============================================
``bid 4``                                          Shopkeeper auction: move your marker to space 4
``pass``                                           leave the auction (SN-9); in Phase 2 only when
                                                   no exchange is possible
``take store 7``                                   take store tile 7 at the reset (or after the
                                                   auction)
``markers red=3 green=5 brown=1 pink=2 yellow=4``  Phase 1: your secret sweetness markers (SN-3)
``trade P2 red for green``                         exchange A: your red (plate) to P2's bowl, P2's
                                                   green (plate) to your bowl
``market red for green``                           exchange B: your red (plate) to the market, the
                                                   market's green to your plate
``store 1 red`` ... ``store 10 switch red green``  use your store tile (see stores.py)
``end turn``                                       end your turn without using your store
=================================================  ==============================================

The two tokens of an exchange are always of different kinds (SN-4), except with store 6.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .components import KIND_INDEX, KINDS


def seat_name(seat: int) -> str:
    """'P1' for seat 0."""
    return f"P{seat + 1}"


def kinds_text(kinds: tuple[int, ...]) -> str:
    return "+".join(KINDS[k] for k in kinds)


@dataclass(frozen=True, slots=True)
class Bid:
    """Variation II: move your total-SP marker forward to `space` (SN-9)."""

    space: int

    def __str__(self) -> str:
        return f"bid {self.space}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Leave the auction, or (Phase 2) a turn in which no exchange is possible."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """After your exchange: end the turn without using your store."""

    def __str__(self) -> str:
        return "end turn"


@dataclass(frozen=True, slots=True)
class TakeStore:
    """Reset step 3 (or after the Shopkeeper auction): take store tile `number`."""

    number: int

    def __str__(self) -> str:
        return f"take store {self.number}"


@dataclass(frozen=True, slots=True)
class SetMarkers:
    """Phase 1: the sweetness marker of each kind (a permutation of 1..5, in KINDS order)."""

    values: tuple[int, ...]

    def __str__(self) -> str:
        return "markers " + " ".join(f"{k}={v}" for k, v in zip(KINDS, self.values, strict=True))


@dataclass(frozen=True, slots=True)
class Trade:
    """Exchange A: `give` from your plate to the opponent's bowl, `take` from theirs to yours."""

    opponent: int
    give: int
    take: int

    def __str__(self) -> str:
        return f"trade {seat_name(self.opponent)} {KINDS[self.give]} for {KINDS[self.take]}"


@dataclass(frozen=True, slots=True)
class MarketTrade:
    """Exchange B: `give` from your plate to the market, `take` from the market to your plate."""

    give: int
    take: int

    def __str__(self) -> str:
        return f"market {KINDS[self.give]} for {KINDS[self.take]}"


@dataclass(frozen=True, slots=True)
class StoreUse:
    """One use of a store tile. Which fields matter depends on the tile's effect (stores.py).

    `opponent` is -1 when the effect names none; `give`/`take` are kinds (indices);
    `to_bowl` is the destination choice of the market-trade store.
    """

    number: int
    effect: str
    opponent: int = -1
    give: tuple[int, ...] = ()
    take: tuple[int, ...] = ()
    to_bowl: bool = False

    def __str__(self) -> str:
        parts = [f"store {self.number}"]
        if self.effect == "switch_markers":
            parts.append("switch")
        if self.opponent >= 0:
            parts.append(seat_name(self.opponent))
        if self.give:
            parts.append(kinds_text(self.give))
        if self.take:
            if self.effect != "switch_markers":
                parts.append("for")
            parts.append(kinds_text(self.take))
        if self.effect == "market_trade":
            parts.append("to bowl" if self.to_bowl else "to plate")
        return " ".join(parts)


SweetNoseAction = Bid | Pass | EndTurn | TakeStore | SetMarkers | Trade | MarketTrade | StoreUse
ACTION_TYPES = (Bid, Pass, EndTurn, TakeStore, SetMarkers, Trade, MarketTrade, StoreUse)

_KIND = "(" + "|".join(KINDS) + ")"
_KINDS = r"([a-z]+(?:\+[a-z]+)*)"
_MARKERS = re.compile("^markers " + " ".join(f"{k}=([1-5])" for k in KINDS) + "$")
_TRADE = re.compile(rf"^trade P([1-9]) {_KIND} for {_KIND}$")
_MARKET = re.compile(rf"^market {_KIND} for {_KIND}$")
_STORE = re.compile(
    rf"^store ([0-9]+)( switch)?(?: P([1-9]))?(?: {_KINDS})?(?: (?:for )?{_KINDS})?"
    r"(?: to (bowl|plate))?$"
)


def _kinds(text: str | None) -> tuple[int, ...] | None:
    if not text:
        return ()
    out = []
    for name in text.split("+"):
        if name not in KIND_INDEX:
            return None
        out.append(KIND_INDEX[name])
    return tuple(out)


def parse(text: str, effects: dict[int, str]) -> SweetNoseAction | None:
    """The action a notation names (None if it names none). `effects`: store number -> effect.

    Legality is not checked here; `str(parse(str(a), effects)) == str(a)` for every action.
    """
    t = " ".join(str(text).split())
    if t == "pass":
        return Pass()
    if t == "end turn":
        return EndTurn()
    if t.startswith("bid ") and t[4:].isdigit():
        return Bid(int(t[4:]))
    if t.startswith("take store ") and t[11:].isdigit():
        return TakeStore(int(t[11:]))
    m = _MARKERS.match(t)
    if m:
        return SetMarkers(tuple(int(v) for v in m.groups()))
    m = _TRADE.match(t)
    if m:
        return Trade(int(m[1]) - 1, KIND_INDEX[m[2]], KIND_INDEX[m[3]])
    m = _MARKET.match(t)
    if m:
        return MarketTrade(KIND_INDEX[m[1]], KIND_INDEX[m[2]])
    m = _STORE.match(t)
    if m:
        number = int(m[1])
        effect = effects.get(number)
        give, take = _kinds(m[4]), _kinds(m[5])
        if effect is None or give is None or take is None:
            return None
        if (effect == "switch_markers") != bool(m[2]):
            return None
        if (effect == "market_trade") != bool(m[6]):
            return None
        opponent = int(m[3]) - 1 if m[3] else -1
        return StoreUse(number, effect, opponent, give, take, m[6] == "bowl")
    return None
