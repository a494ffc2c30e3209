"""Bot heuristics for Sweet Nose. They see only a view (never a state) and the legal actions.

- Markers: the rearrangement rule: the kind you hold most gets marker 1, the next 2, ...;
  ties go lower to kinds the market holds more of (those cost extra per token, SN-6).
- Exchanges: greedy: the exchange that lowers your own SP the most (with your real markers and
  the market as it would be); ties broken by raising an opponent's estimated SP (their markers
  guessed the same way from their sweets), then at random. Before all that, what the exchange
  does to the game (SN-4, SN-6): one that empties a plate ends the round at once, so in the
  last round it ends the game: ending it while your projected total (totals plus this round's
  SP, opponents' markers guessed) is not the lowest locks in a loss and comes last; ending it
  while lowest locks in the win and comes first.
- Stores: used after the exchange when the use lowers your SP (store 10 switches, store 9
  double trades, store 7, store 8); uses that do not lower it are skipped (a tile is used once:
  spending it for nothing, or to undo your own exchange, wastes it). Store picking prefers the
  tiles that move SP (10, 5, 9, 7, 8, ...). Shopkeeper: bid once, cheaply, then pass.

`choose(view, legal, rng)` is the default bot; `choose_with(..., use_stores, max_bid)` the
parameterised one. `sensible(view, legal)` drops the moves no sensible player makes (a search
looks only at the rest at its root): ending the game while behind when the round could go on,
and store uses that raise your own SP or change nothing (`wastes_store`). Store uses that leave
SP as it is but move sweets between plates and bowls stay: they time the round's end.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from sweettooth.core import JSON

from . import stores as store_effects
from .actions import Bid, EndTurn, MarketTrade, Pass, SetMarkers, StoreUse, TakeStore, Trade
from .components import KINDS
from .state import ROUNDS, SKY_TARGET, Rules, SweetNoseState
from .table import Table

N = len(KINDS)
PICK_PREFERENCE = (
    "switch_markers",
    "ignore_market",
    "double_trade",
    "market_trade",
    "bowl_to_bowl",
    "same_kind_trade",
    "swap_bowl_plate",
    "plate_to_bowl",
    "opponent_bowl_to_plate",
    "bowl_to_plate",
)


def table_from_view(view: JSON) -> Table:
    """The public table of a view, with the viewer's own markers (others' left at 0)."""
    players = int(view["players"])
    t = Table.empty(players)
    for s in range(players):
        t.plate[s][:] = [view["plates"][s][k] for k in KINDS]
        t.bowl[s][:] = [view["bowls"][s][k] for k in KINDS]
    t.market[:] = [view["market"][k] for k in KINDS]
    seat = view["seat"]
    if seat is not None and view["markers"]:
        t.markers[seat][:] = [view["markers"][k] for k in KINDS]
    return t


def marker_guess(sweets: Sequence[int], market: Sequence[int]) -> list[int]:
    """Markers 1..5: lowest on the kinds held most; ties lowest where the market holds most."""
    ranked = sorted(range(N), key=lambda k: (-sweets[k], -market[k], k))
    values = [0] * N
    for rank, k in enumerate(ranked):
        values[k] = rank + 1
    return values


def sweet_points(t: Table, seat: int, markers: Sequence[int], ignore_market: bool) -> int:
    sweets = t.sweets(seat)
    return sum(
        sweets[k] * (markers[k] + (0 if ignore_market else t.market[k])) for k in range(N)
    )


def _ignores_market(view: JSON, seat: int) -> bool:
    held = view["stores"]["held"][seat]
    if held is None:
        return False
    return any(tile["number"] == held and tile["effect"] == "ignore_market"
               for tile in view["stores"]["tiles"])


def _after(t: Table, seat: int, action: Any) -> Table:
    """The table after `seat` plays an exchange or store use (a copy)."""
    out = t.copy()
    if isinstance(action, Trade):
        out.plate[seat][action.give] -= 1
        out.bowl[action.opponent][action.give] += 1
        out.plate[action.opponent][action.take] -= 1
        out.bowl[seat][action.take] += 1
    elif isinstance(action, MarketTrade):
        out.plate[seat][action.give] -= 1
        out.market[action.give] += 1
        out.market[action.take] -= 1
        out.plate[seat][action.take] += 1
    elif isinstance(action, StoreUse):
        store_effects.do(out, seat, action)
    return out


def _score_after(view: JSON, t: Table, seat: int, action: Any,
                 after: Table | None = None) -> tuple[int, int]:
    """(my SP, minus an opponent's estimated SP) after `action`: lower is better."""
    if after is None:
        after = _after(t, seat, action)
    mine = sweet_points(after, seat, after.markers[seat], _ignores_market(view, seat))
    theirs = 0
    if isinstance(action, Trade):
        o = action.opponent
        guess = marker_guess(t.sweets(o), t.market)
        theirs = sweet_points(after, o, guess, _ignores_market(view, o))
    return mine, -theirs


def choose_markers(view: JSON, legal: Sequence[Any]) -> Any:
    seat = view["seat"]
    t = table_from_view(view)
    values = tuple(marker_guess(t.sweets(seat), t.market))
    for a in legal:
        if isinstance(a, SetMarkers) and a.values == values:
            return a
    return legal[0]


def projected_totals(view: JSON, after: Table) -> list[int]:
    """Each seat's total if the round were counted on `after`: your real markers, the others'
    guessed from their sweets."""
    seat = view["seat"]
    out = []
    for s, total in enumerate(view["totals"]):
        markers = after.markers[seat] if s == seat else marker_guess(after.sweets(s), after.market)
        out.append(int(total) + sweet_points(after, s, markers, _ignores_market(view, s)))
    return out


WINS, GOES_ON, LOSES = 0, 1, 2  # what a move does to the game, best first


def ending(view: JSON, after: Table) -> int:
    """Whether a move leading to `after` ends the game (SN-4: an empty plate ends the round at
    once; the last round's end ends the game, SN-9 in To the Sky) and how, for the mover."""
    if any(not any(plate) for plate in after.plate):
        totals = projected_totals(view, after)
        rounds = view["rounds_to_play"]  # None in To the Sky: played until a total reaches 100
        last = max(totals) >= SKY_TARGET if rounds is None else view["round"] >= rounds
        if last:
            mine = totals[view["seat"]]
            return WINS if mine <= min(totals) else LOSES
    return GOES_ON


class _ExchangeScores:
    """`(ending(view, after), *_score_after(view, t, seat, a, after))` for the exchanges of one
    turn, worked out from the changes an exchange makes rather than from a copied table: a
    rollout scores about ten exchanges a move, and this is most of a search's time. Equal to
    the plain computation (tests/games/sweetnose/test_heuristics_fast.py)."""

    def __init__(self, view: JSON, t: Table, seat: int, now: int) -> None:
        self.view, self.t, self.seat, self.now = view, t, seat, now
        self.ignores = _ignores_market(view, seat)
        market = t.market
        markers = t.markers[seat]
        self.weight = [markers[k] + (0 if self.ignores else market[k]) for k in range(N)]
        self.sweets = t.sweets(seat)
        self.others: dict[int, tuple[list[int], int]] = {}
        self.left = [sum(plate) for plate in t.plate]  # tokens on each plate
        self.any_empty = not all(self.left)

    def _other(self, o: int) -> tuple[list[int], int]:
        """An opponent's guessed weights per kind and estimated SP before the exchange."""
        if o not in self.others:
            t = self.t
            guess = marker_guess(t.sweets(o), t.market)
            ignores = _ignores_market(self.view, o)
            weight = [guess[k] + (0 if ignores else t.market[k]) for k in range(N)]
            sp = sum(c * w for c, w in zip(t.sweets(o), weight, strict=True))
            self.others[o] = (weight, sp)
        return self.others[o]

    def __call__(self, a: Trade | MarketTrade) -> tuple[int, int, int]:
        t, seat = self.t, self.seat
        if self.any_empty:
            after = _after(t, seat, a)
            return (ending(self.view, after), *_score_after(self.view, t, seat, a, after))
        give, take = a.give, a.take
        if isinstance(a, Trade):
            mine = self.now - self.weight[give] + self.weight[take]
            weight, sp = self._other(a.opponent)
            theirs = sp + weight[give] - weight[take]
            empties = self.left[seat] == 1 or self.left[a.opponent] == 1
        else:
            theirs = 0
            if self.ignores:
                mine = self.now - self.weight[give] + self.weight[take]
            else:
                markers, market, sweets = t.markers[seat], t.market[:], self.sweets[:]
                market[give] += 1
                market[take] -= 1
                sweets[give] -= 1
                sweets[take] += 1
                mine = sum(sweets[k] * (markers[k] + market[k]) for k in range(N))
            empties = False  # a market trade puts back on your plate what it takes off
        end = ending(self.view, _after(t, seat, a)) if empties else GOES_ON
        return end, mine, -theirs


def choose_exchange(
    view: JSON, legal: Sequence[Any], rng: random.Random, use_stores: bool = True
) -> Any:
    seat = view["seat"]
    t = table_from_view(view)
    now = sweet_points(t, seat, t.markers[seat], _ignores_market(view, seat))
    exchanges = [a for a in legal if isinstance(a, Trade | MarketTrade)]
    if exchanges:
        score = _ExchangeScores(view, t, seat, now)
        scored = [(score(a), rng.random(), a) for a in exchanges]
        return min(scored, key=lambda x: (x[0], x[1]))[2]
    uses = [a for a in legal if isinstance(a, StoreUse)] if use_stores else []
    if uses:
        ranked = []
        for use in uses:
            after = _after(t, seat, use)
            if ending(view, after) != LOSES:
                ranked.append((_score_after(view, t, seat, use, after), rng.random(), use))
        best = min(ranked, key=lambda x: (x[0], x[1]), default=None)
        if best is not None and best[0][0] < now:
            return best[2]
    for a in legal:
        if isinstance(a, EndTurn | Pass):
            return a
    return legal[0]


def choose_store(view: JSON, legal: Sequence[Any]) -> Any:
    effects = {tile["number"]: tile["effect"] for tile in view["stores"]["tiles"]}
    takes = [a for a in legal if isinstance(a, TakeStore)]
    return min(takes, key=lambda a: PICK_PREFERENCE.index(effects[a.number]))


def choose_bid(view: JSON, legal: Sequence[Any], max_bid: int) -> Any:
    seat = view["seat"]
    bids = [a for a in legal if isinstance(a, Bid)]
    if view["auction"]["bids"][seat] == 0 and bids and bids[0].space <= max_bid:
        return bids[0]
    return next(a for a in legal if isinstance(a, Pass))


def choose_with(
    view: JSON,
    legal: Sequence[Any],
    rng: random.Random,
    *,
    use_stores: bool = True,
    max_bid: int = 2,
) -> Any:
    """The heuristic bot, parameterised: whether it uses stores, and its highest bid."""
    phase = view["phase"]
    if phase == "markers":
        return choose_markers(view, legal)
    if phase == "exchange":
        return choose_exchange(view, legal, rng, use_stores)
    if phase == "stores":
        return choose_store(view, legal)
    if phase == "auction":
        return choose_bid(view, legal, max_bid)
    return rng.choice(list(legal))


def choose(view: JSON, legal: Sequence[Any], rng: random.Random) -> Any:
    """The default heuristic bot."""
    return choose_with(view, legal, rng)


def rollout_view(state: SweetNoseState, seat: int) -> JSON:
    """The part of `seat`'s view these heuristics read, built straight from a search's imagined
    state (a full view also writes out every move and count, which a rollout does not need):
    public tokens, stores, totals, and only this seat's own markers."""
    t = state.table
    rules = state.rules
    return {
        "seat": seat,
        "players": state.players,
        "options": dict(state.options),
        "phase": state.phase,
        "round": state.round,
        "rounds_to_play": None if rules.sky else ROUNDS,
        "plates": [dict(zip(KINDS, p, strict=True)) for p in t.plate],
        "bowls": [dict(zip(KINDS, b, strict=True)) for b in t.bowl],
        "market": dict(zip(KINDS, t.market, strict=True)),
        "markers": dict(zip(KINDS, t.markers[seat], strict=True))
        if state.markers_set[seat] else None,
        "stores": {"tiles": _store_tiles(rules),
                   "held": [h or None for h in state.held]},
        "auction": {"bids": state.bids[:], "in": state.in_auction[:]}
        if rules.shopkeeper else None,
        "totals": state.totals[:],
    }


def _store_tiles(rules: Rules) -> list[JSON]:
    return [{"number": s.number, "effect": s.effect} for s in rules.stores]


def sensible(view: JSON, legal: Sequence[Any]) -> list[Any]:
    """The legal moves a sensible player considers: not an exchange or store use that ends the
    game with you behind while another move lets the round go on, and not a store use that
    raises your own SP or changes nothing on the table (spending the tile for nothing, such as
    undoing your own exchange). A store use that leaves every SP as it is but moves sweets
    between plate and bowl is kept: stores 1 to 4 never change an SP (SP counts plate and bowl
    alike); they are how a player hastens or delays an empty plate, which ends the round."""
    if view["phase"] != "exchange":
        return list(legal)
    seat = view["seat"]
    t = table_from_view(view)
    ignores = _ignores_market(view, seat)
    now = sweet_points(t, seat, t.markers[seat], ignores)
    keep = []
    for a in legal:
        if isinstance(a, Trade | MarketTrade | StoreUse):
            after = _after(t, seat, a)
            if ending(view, after) == LOSES:
                continue
            if isinstance(a, StoreUse) and wastes_store(t, after, seat, now, ignores):
                continue
        keep.append(a)
    return keep or list(legal)


def wastes_store(t: Table, after: Table, seat: int, now: int, ignores: bool) -> bool:
    """A store use from `t` to `after` that raises the user's own SP, or changes nothing."""
    mine = sweet_points(after, seat, after.markers[seat], ignores)
    return mine > now or (
        after.plate == t.plate and after.bowl == t.bowl and after.market == t.market
        and after.markers == t.markers)
