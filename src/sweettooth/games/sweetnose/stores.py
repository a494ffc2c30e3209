"""The store tile effects: for each effect id, its legal uses and what a use does.

Each effect is two small functions on a `Table`: `uses(table, seat, tile)` lists every legal
use (deterministic order) and `do(table, seat, use)` carries one out. A store is used at most
once per round (SN-7), before or after the turn's exchange (SN-4).

====  =========================  ============================================  =================
tile  effect id                  a use                                         notation
====  =========================  ============================================  =================
1     plate_to_bowl              your plate -> your bowl                       store 1 red
2     bowl_to_plate              your bowl -> your plate                       store 2 red
3     opponent_bowl_to_plate     opponent's bowl -> their plate                store 3 P2 red
4     swap_bowl_plate            your plate red -> bowl, bowl green -> plate   store 4 red for green
5     ignore_market              no action: applies when counting             (none)
6     same_kind_trade            your plate red -> P2's bowl, P2's plate red   store 6 P2 red
                                 -> your bowl (same colour, as printed)
7     market_trade               your plate red -> market, market green ->    store 7 red for green
                                 your bowl (or plate: "you can")               to bowl
8     bowl_to_bowl               your bowl red <-> P2's bowl green             store 8 P2 red for
                                                                               green
9     double_trade               2 from your plate <-> 2 from P2's plate       store 9 P2 red+green
                                 (no kind on both sides)                       for brown+pink
10    switch_markers             switch two of your sweetness markers          store 10 switch red
                                 (secret: others only see that it was used)    green
====  =========================  ============================================  =================

Tile numbers are those of the house data; the effect id is what counts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache

from .actions import StoreUse
from .components import KINDS, StoreTile
from .table import Table

N = len(KINDS)

UsesFn = Callable[[Table, int, StoreTile], list[StoreUse]]
DoFn = Callable[[Table, int, StoreUse], None]


@cache
def store_use(number: int, effect: str, opponent: int = -1, give: tuple[int, ...] = (),
              take: tuple[int, ...] = (), to_bowl: bool = False) -> StoreUse:
    """The use with these fields, made once: uses are immutable, and listing legal uses is
    then a lookup per use."""
    return StoreUse(number, effect, opponent, give, take, to_bowl)


# -- 1: plate to bowl -------------------------------------------------------------------------
def plate_to_bowl_uses(t: Table, seat: int, tile: StoreTile) -> list[StoreUse]:
    plate = t.plate[seat]
    return [store_use(tile.number, tile.effect, give=(k,)) for k in range(N) if plate[k]]


def plate_to_bowl(t: Table, seat: int, use: StoreUse) -> None:
    k = use.give[0]
    t.plate[seat][k] -= 1
    t.bowl[seat][k] += 1


# -- 2: bowl to plate -------------------------------------------------------------------------
def bowl_to_plate_uses(t: Table, seat: int, tile: StoreTile) -> list[StoreUse]:
    bowl = t.bowl[seat]
    return [store_use(tile.number, tile.effect, give=(k,)) for k in range(N) if bowl[k]]


def bowl_to_plate(t: Table, seat: int, use: StoreUse) -> None:
    k = use.give[0]
    t.bowl[seat][k] -= 1
    t.plate[seat][k] += 1


# -- 3: an opponent's bowl to their plate -----------------------------------------------------
def opponent_bowl_to_plate_uses(t: Table, seat: int, tile: StoreTile) -> list[StoreUse]:
    return [
        store_use(tile.number, tile.effect, opponent=o, give=(k,))
        for o in range(len(t.bowl))
        if o != seat
        for k in range(N)
        if t.bowl[o][k]
    ]


def opponent_bowl_to_plate(t: Table, seat: int, use: StoreUse) -> None:
    o, k = use.opponent, use.give[0]
    t.bowl[o][k] -= 1
    t.plate[o][k] += 1


# -- 4: exchange between your bowl and plate --------------------------------------------------
def swap_bowl_plate_uses(t: Table, seat: int, tile: StoreTile) -> list[StoreUse]:
    plate, bowl = t.plate[seat], t.bowl[seat]
    return [
        store_use(tile.number, tile.effect, give=(k,), take=(j,))
        for k in range(N)
        if plate[k]
        for j in range(N)
        if bowl[j] and j != k
    ]


def swap_bowl_plate(t: Table, seat: int, use: StoreUse) -> None:
    k, j = use.give[0], use.take[0]
    plate, bowl = t.plate[seat], t.bowl[seat]
    plate[k] -= 1
    bowl[k] += 1
    bowl[j] -= 1
    plate[j] += 1


# -- 5: ignore the market when counting (no action) -------------------------------------------
def ignore_market_uses(t: Table, seat: int, tile: StoreTile) -> list[StoreUse]:
    return []  # it changes its owner's counting (scoring.count_sweetness), nothing else


def ignore_market(t: Table, seat: int, use: StoreUse) -> None:
    raise AssertionError("store 'ignore_market' has no action")


# -- 6: same-colour exchange with an opponent -------------------------------------------------
def same_kind_trade_uses(t: Table, seat: int, tile: StoreTile) -> list[StoreUse]:
    mine = t.plate[seat]
    return [
        store_use(tile.number, tile.effect, opponent=o, give=(k,))
        for o in range(len(t.plate))
        if o != seat
        for k in range(N)
        if mine[k] and t.plate[o][k]
    ]


def same_kind_trade(t: Table, seat: int, use: StoreUse) -> None:
    o, k = use.opponent, use.give[0]
    t.plate[seat][k] -= 1
    t.bowl[o][k] += 1
    t.plate[o][k] -= 1
    t.bowl[seat][k] += 1


# -- 7: exchange with the market, the sweet may go to your bowl -------------------------------
def market_trade_uses(t: Table, seat: int, tile: StoreTile) -> list[StoreUse]:
    plate, market = t.plate[seat], t.market
    return [
        store_use(tile.number, tile.effect, give=(k,), take=(j,), to_bowl=to_bowl)
        for k in range(N)
        if plate[k]
        for j in range(N)
        if market[j] and j != k
        for to_bowl in (True, False)
    ]


def market_trade(t: Table, seat: int, use: StoreUse) -> None:
    k, j = use.give[0], use.take[0]
    t.plate[seat][k] -= 1
    t.market[k] += 1
    t.market[j] -= 1
    (t.bowl if use.to_bowl else t.plate)[seat][j] += 1


# -- 8: exchange between your bowl and an opponent's bowl -------------------------------------
def bowl_to_bowl_uses(t: Table, seat: int, tile: StoreTile) -> list[StoreUse]:
    mine = t.bowl[seat]
    return [
        store_use(tile.number, tile.effect, opponent=o, give=(k,), take=(j,))
        for o in range(len(t.bowl))
        if o != seat
        for k in range(N)
        if mine[k]
        for j in range(N)
        if t.bowl[o][j] and j != k
    ]


def bowl_to_bowl(t: Table, seat: int, use: StoreUse) -> None:
    o, k, j = use.opponent, use.give[0], use.take[0]
    t.bowl[seat][k] -= 1
    t.bowl[o][k] += 1
    t.bowl[o][j] -= 1
    t.bowl[seat][j] += 1


# -- 9: exchange 2 sweets between your plate and an opponent's plate --------------------------
def _pairs(counts: Sequence[int]) -> list[tuple[int, int]]:
    return [
        (a, b)
        for a in range(N)
        for b in range(a, N)
        if (counts[a] >= 2 if a == b else counts[a] and counts[b])
    ]


def _up_to_two(plate: list[int]) -> tuple[int, ...]:
    """Per kind, how many a plate holds, counting 2 for more: all that its pairs depend on."""
    return tuple([c if c < 2 else 2 for c in plate])


@lru_cache(maxsize=1 << 15)
def _double_trades(number: int, effect: str, opponent: int, give: tuple[int, int],
                   theirs: tuple[int, ...]) -> tuple[StoreUse, ...]:
    """The double trades of `give` (a pair from my plate) for a pair from `opponent`'s plate,
    which holds `theirs` (`_up_to_two`), in the order listed, remembered: this store lists the
    most uses of all (often a hundred), and a search meets the same plates again and again."""
    return tuple(
        store_use(number, effect, opponent=opponent, give=give, take=take)
        for take in _pairs(theirs)
        if give[0] not in take and give[1] not in take  # SN-4: never the same kind
    )


def double_trade_uses(t: Table, seat: int, tile: StoreTile) -> list[StoreUse]:
    out: list[StoreUse] = []
    gives = _pairs(t.plate[seat])
    for o in range(len(t.plate)):
        if o == seat:
            continue
        theirs = _up_to_two(t.plate[o])
        for give in gives:
            out += _double_trades(tile.number, tile.effect, o, give, theirs)
    return out


def double_trade(t: Table, seat: int, use: StoreUse) -> None:
    mine, theirs = t.plate[seat], t.plate[use.opponent]
    for k in use.give:
        mine[k] -= 1
        theirs[k] += 1
    for k in use.take:
        theirs[k] -= 1
        mine[k] += 1


# -- 10: switch two of your sweetness markers -------------------------------------------------
def switch_markers_uses(t: Table, seat: int, tile: StoreTile) -> list[StoreUse]:
    return [
        store_use(tile.number, tile.effect, give=(a,), take=(b,))
        for a in range(N)
        for b in range(a + 1, N)
    ]


def switch_markers(t: Table, seat: int, use: StoreUse) -> None:
    m, a, b = t.markers[seat], use.give[0], use.take[0]
    m[a], m[b] = m[b], m[a]


EFFECT_FUNCTIONS: dict[str, tuple[UsesFn, DoFn]] = {
    "plate_to_bowl": (plate_to_bowl_uses, plate_to_bowl),
    "bowl_to_plate": (bowl_to_plate_uses, bowl_to_plate),
    "opponent_bowl_to_plate": (opponent_bowl_to_plate_uses, opponent_bowl_to_plate),
    "swap_bowl_plate": (swap_bowl_plate_uses, swap_bowl_plate),
    "ignore_market": (ignore_market_uses, ignore_market),
    "same_kind_trade": (same_kind_trade_uses, same_kind_trade),
    "market_trade": (market_trade_uses, market_trade),
    "bowl_to_bowl": (bowl_to_bowl_uses, bowl_to_bowl),
    "double_trade": (double_trade_uses, double_trade),
    "switch_markers": (switch_markers_uses, switch_markers),
}

PASSIVE = frozenset({"ignore_market"})
"""Effects with no action: they apply by themselves while the tile is held."""

SECRET = frozenset({"switch_markers"})
"""Effects whose use others see only as 'used store N' (the markers stay secret, SN-3)."""


def uses(t: Table, seat: int, tile: StoreTile) -> list[StoreUse]:
    """Every legal use of `tile` by `seat` on this table."""
    return EFFECT_FUNCTIONS[tile.effect][0](t, seat, tile)


def do(t: Table, seat: int, use: StoreUse) -> None:
    """Carry out a use already known to be legal."""
    EFFECT_FUNCTIONS[use.effect][1](t, seat, use)


def has_use(t: Table, seat: int, tile: StoreTile) -> bool:
    """Whether `tile` has any legal use (cheap for the common cases)."""
    if tile.effect in PASSIVE:
        return False
    if tile.effect == "switch_markers":
        return True
    return bool(uses(t, seat, tile))
