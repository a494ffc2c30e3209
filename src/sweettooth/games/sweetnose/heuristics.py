"""Bot heuristics for Sweet Nose. They see only a view (never a state) and the legal actions.

- Markers: the rearrangement rule: the kind you hold most gets marker 1, the next 2, ...;
  ties go lower to kinds the market holds more of (those cost extra per token, SN-6).
- Exchanges: greedy: the exchange that lowers your own SP the most (with your real markers and
  the market as it would be); ties broken by raising an opponent's estimated SP (their markers
  guessed the same way from their sweets), then at random. Before all that, what the exchange
  does to the game (SN-4, SN-6): one that empties a plate ends the round at once, so in the
  last round it ends the game: ending it with a win chance (`win_chance`) of at least
  `WIN_SURE` comes first; ending it with less comes last.
- Stores: used after the exchange when the use lowers your SP (store 10 switches, store 9
  double trades, store 7, store 8), and before or after it when the use empties a plate and so
  ends the game won (store 1, 6 or 7 in the last round); other uses are skipped (a tile is used
  once: spending it for nothing, or to undo your own exchange, wastes it). Store picking
  prefers the tiles that move SP (10, 5, 9, 7, 8, ...). Shopkeeper: bid once, cheaply, then pass.
- Ending: the win chance of an ending counts the opponents' totals under every order of
  markers they may hold (120 each, equally likely, independent: no one sees another's
  markers, SN-3), not under a best or worst guess: the bot ends a game when it wins it under
  at least `WIN_SURE` (90%) of them. Elsewhere an opponent's markers are guessed from what they
  hold now (the kind they hold most 1, the next 2, ...: the fewest SP their sweets can count).

- Evaluation (`evaluate`, for a search that stops its rollouts at the end of a round): each
  seat's chance to end with the lowest total from the totals so far, every later round's SP
  normal around the table's mean (`ROUND_SP_SPREAD`), mixed with the normalized totals.

`choose(view, legal, rng)` is the default bot; `choose_with(..., use_stores, max_bid, sure)`
the parameterised one. `sensible(view, legal)` drops the moves no sensible player makes (a search
looks only at the rest at its root): ending the game with a win chance below `WIN_SURE` when the
round could go on,
and store uses that raise your own SP or change nothing (`wastes_store`). Store uses that leave
SP as it is but move sweets between plates and bowls stay: they time the round's end.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left
from collections.abc import Sequence
from functools import lru_cache
from operator import add, itemgetter, mul
from typing import Any

from sweettooth.core import JSON

from . import outcomes
from .actions import Bid, EndTurn, MarketTrade, Pass, SetMarkers, StoreUse, TakeStore, Trade
from .components import KINDS
from .phases import ROUNDS, SKY_TARGET
from .state import SweetNoseState
from .table import Table

N = len(KINDS)
ORDERS = outcomes.ORDERS
_after = outcomes.after
EXCHANGES = (Trade, MarketTrade)
TURN_ENDS = (EndTurn, Pass)
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


_BY_KIND = itemgetter(*KINDS)
"""The values of a view's per-kind dict, in KINDS order."""


def _counts(by_kind: JSON) -> list[int]:
    """A view's per-kind dict ({"red": 2, ...}) as a list in KINDS order."""
    return list(_BY_KIND(by_kind))


def table_from_view(view: JSON) -> Table:
    """The public table of a view, with the viewer's own markers (others' left at 0)."""
    players = int(view["players"])
    markers = [[0] * N for _ in range(players)]
    seat = view["seat"]
    if seat is not None and view["markers"]:
        markers[seat] = _counts(view["markers"])
    return Table(
        [_counts(view["plates"][s]) for s in range(players)],
        [_counts(view["bowls"][s]) for s in range(players)],
        _counts(view["market"]),
        markers,
    )


def marker_guess(sweets: Sequence[int], market: Sequence[int]) -> list[int]:
    """Markers 1..5: lowest on the kinds held most; ties lowest where the market holds most."""
    return list(_guess(tuple(sweets), tuple(market)))


@lru_cache(maxsize=1 << 15)
def _guess(sweets: tuple[int, ...], market: tuple[int, ...]) -> tuple[int, ...]:
    """`marker_guess`, remembered: rollouts guess the same few hands over and over (a player
    holds 8 sweets of 5 kinds and the market 3: some 17,000 cases in all)."""
    ranked = sorted(range(N), key=lambda k: (-sweets[k], -market[k], k))
    values = [0] * N
    for rank, k in enumerate(ranked):
        values[k] = rank + 1
    return tuple(values)


def sweet_points(t: Table, seat: int, markers: Sequence[int], ignore_market: bool) -> int:
    """SN-6: the sum over kinds of count x (marker + that kind's tokens in the market)."""
    sweets = t.sweets(seat)
    if ignore_market:
        return sum(map(mul, sweets, markers))
    return sum(map(mul, sweets, map(add, markers, t.market)))


def _ignores_market(view: JSON, seat: int) -> bool:
    held = view["stores"]["held"][seat]
    if held is None:
        return False
    return any(tile["number"] == held and tile["effect"] == "ignore_market"
               for tile in view["stores"]["tiles"])


def _ignoring(view: JSON) -> list[bool]:
    """`_ignores_market(view, s)` for every seat s, reading the store tiles once."""
    stores = view["stores"]
    numbers = {tile["number"] for tile in stores["tiles"] if tile["effect"] == "ignore_market"}
    return [held in numbers for held in stores["held"]]  # held None: no tile


def _score_after(view: JSON, t: Table, seat: int, action: Any, after: Table | None = None,
                 ignoring: Sequence[bool] | None = None) -> tuple[int, int]:
    """(my SP, minus an opponent's estimated SP) after `action`: lower is better.
    `ignoring`: `_ignoring(view)` if already known."""
    if after is None:
        after = _after(t, seat, action)
    if ignoring is None:
        ignoring = _ignoring(view)
    mine = sweet_points(after, seat, after.markers[seat], ignoring[seat])
    theirs = 0
    if isinstance(action, Trade):
        o = action.opponent
        guess = marker_guess(t.sweets(o), t.market)
        theirs = sweet_points(after, o, guess, ignoring[o])
    return mine, -theirs


def choose_markers(view: JSON, legal: Sequence[Any]) -> Any:
    seat = view["seat"]
    t = table_from_view(view)
    values = tuple(marker_guess(t.sweets(seat), t.market))
    for a in legal:
        if isinstance(a, SetMarkers) and a.values == values:
            return a
    return legal[0]


def projected_totals(view: JSON, after: Table,
                     ignoring: Sequence[bool] | None = None) -> list[int]:
    """Each seat's total if the round were counted on `after`: your real markers, the others'
    guessed from their sweets. `ignoring`: `_ignoring(view)` if already known."""
    seat = view["seat"]
    if ignoring is None:
        ignoring = _ignoring(view)
    market = tuple(after.market)
    out = []
    for s, total in enumerate(view["totals"]):
        markers = after.markers[seat] if s == seat else _guess(tuple(after.sweets(s)), market)
        out.append(int(total) + sweet_points(after, s, markers, ignoring[s]))
    return out


WINS, GOES_ON, LOSES = 0, 1, 2  # what a move does to the game, best first


def last_round(view: JSON) -> bool:
    """Whether the round being played is the game's last for certain (round 3), or may be
    (To the Sky: played until a total reaches 100, `rounds_to_play` None)."""
    rounds = view["rounds_to_play"]
    return rounds is None or view["round"] >= rounds


WIN_SURE = 0.9
"""An ending of the game counts as won when the mover wins it under at least this share of the
marker sets the others may hold (each opponent's 120 orders equally likely, set independently:
SN-3, no one sees another's choice); 1.0 asks for a win under every marker set."""

@lru_cache(maxsize=1 << 14)
def _spread(sweets: tuple[int, ...], extra: tuple[int, ...]) -> tuple[int, ...]:
    """A player's SP under each of the 120 marker orders, sorted: SN-6, the sum over kinds of
    count x (marker + `extra`, the market's tokens of that kind or 0 with store 5)."""
    base = sum(map(mul, sweets, extra))
    return tuple(sorted(base + sum(map(mul, sweets, order)) for order in ORDERS))


def win_chance(view: JSON, after: Table, ignoring: Sequence[bool] | None = None) -> float:
    """The mover's chance to have the lowest total (a shared lowest counts: the tied share
    the win) if the round were counted on `after`: its own SP with its real markers,
    each opponent's over the 120 marker orders they may hold, independently: weighted by what
    their decisions this round tell (`beliefs`) when the view holds its moves, else equally
    likely (a search's rollouts see a cut-down view)."""
    seat = view["seat"]
    if ignoring is None:
        ignoring = _ignoring(view)
    market = tuple(after.market)
    none = (0,) * N
    totals = view["totals"]
    mine = int(totals[seat]) + sweet_points(after, seat, after.markers[seat], ignoring[seat])
    inferred = None
    if "moves" in view:  # a seat's full view: what the others did tells about their markers
        from .beliefs import beliefs

        inferred = beliefs(view)
    chance = 1.0
    for s, total in enumerate(totals):
        if s == seat:
            continue
        sweets, extra = tuple(after.sweets(s)), none if ignoring[s] else market
        need = mine - int(total)
        if inferred is not None and inferred.weights[s] is not None:
            chance *= inferred.chance_at_least(s, _by_order(sweets, extra), need)
        else:
            spread = _spread(sweets, extra)
            chance *= (len(spread) - bisect_left(spread, need)) / len(spread)
        if not chance:
            break
    return chance


def _by_order(sweets: tuple[int, ...], extra: tuple[int, ...]) -> list[tuple[int, int]]:
    """(index in `ORDERS`, SP) for each marker order (see `_spread`)."""
    base = sum(map(mul, sweets, extra))
    return [(i, base + sum(map(mul, sweets, order))) for i, order in enumerate(ORDERS)]


def ending(view: JSON, after: Table, ignoring: Sequence[bool] | None = None,
           sure: float = WIN_SURE) -> int:
    """Whether a move leading to `after` ends the game (SN-4: an empty plate ends the round at
    once; the last round's end ends the game, SN-9 in To the Sky) and how, for the mover: won
    when its `win_chance` is at least `sure`, else lost. `ignoring`: `_ignoring(view)` if
    already known."""
    if all(map(any, after.plate)) or not last_round(view):
        return GOES_ON
    if ignoring is None:
        ignoring = _ignoring(view)
    totals = projected_totals(view, after, ignoring)
    if view["rounds_to_play"] is None and max(totals) < SKY_TARGET:
        return GOES_ON  # To the Sky goes on (no total reaches 100 even at the fewest SP)
    return WINS if win_chance(view, after, ignoring) >= sure else LOSES


class _TurnScores:
    """What scoring the moves of one turn (`now`: the mover's SP) reads again and again."""

    def __init__(self, view: JSON, t: Table, seat: int, now: int,
                 ignoring: Sequence[bool] | None = None, sure: float = WIN_SURE) -> None:
        self.view, self.t, self.seat, self.now, self.sure = view, t, seat, now, sure
        self.ignoring = _ignoring(view) if ignoring is None else ignoring
        self.ignores = self.ignoring[seat]
        market = t.market
        markers = t.markers[seat]
        # what one of my sweets of each kind adds to my SP
        self.weight = markers if self.ignores else list(map(add, markers, market))
        self.sweets = t.sweets(seat)
        self.market = tuple(market)
        self.left = [sum(plate) for plate in t.plate]  # tokens on each plate
        self.any_empty = not all(self.left)
        self.may_end = last_round(view)  # whether emptying a plate may end the game


class _ExchangeScores(_TurnScores):
    """`(ending(view, after), *_score_after(view, t, seat, a, after))` for the exchanges of one
    turn, worked out from the changes an exchange makes rather than from a copied table: a
    rollout scores about ten exchanges a move, and this is most of a search's time. Equal to
    the plain computation (tests/games/sweetnose/test_heuristics_fast.py)."""

    def __init__(self, view: JSON, t: Table, seat: int, now: int,
                 ignoring: Sequence[bool] | None = None, sure: float = WIN_SURE) -> None:
        super().__init__(view, t, seat, now, ignoring, sure)
        self.others: dict[int, tuple[Sequence[int], int]] = {}

    def _other(self, o: int) -> tuple[Sequence[int], int]:
        """An opponent's guessed weights per kind and estimated SP before the exchange."""
        if o not in self.others:
            sweets = self.t.sweets(o)
            guess = _guess(tuple(sweets), self.market)
            weight = guess if self.ignoring[o] else list(map(add, guess, self.market))
            self.others[o] = (weight, sum(map(mul, sweets, weight)))
        return self.others[o]

    def __call__(self, a: Trade | MarketTrade) -> tuple[int, int, int]:
        t, seat = self.t, self.seat
        if self.any_empty:
            after = _after(t, seat, a)
            return (ending(self.view, after, self.ignoring, self.sure),
                    *_score_after(self.view, t, seat, a, after, self.ignoring))
        give, take = a.give, a.take
        mine = self.now - self.weight[give] + self.weight[take]
        if isinstance(a, Trade):
            o = a.opponent
            weight, sp = self._other(o)
            theirs = sp + weight[give] - weight[take]
            end = GOES_ON
            if self.may_end and (self.left[seat] == 1 or self.left[o] == 1):  # a plate empties
                end = ending(self.view, _after(t, seat, a), self.ignoring, self.sure)
            return end, mine, -theirs
        # A market trade: `give` also joins the market and `take` leaves it, so each of my
        # `give` (one fewer now) weighs 1 more and each of my `take` (one more) 1 less.
        # It never empties a plate: it puts back on mine what it takes off.
        if not self.ignores:
            mine += (self.sweets[give] - 1) - (self.sweets[take] + 1)
        return GOES_ON, mine, 0


class _UseScores(_TurnScores):
    """`(ending(view, after), my SP on after)` for the store uses of one turn (the parts of
    `_score_after` a store use has), worked out from what each effect changes where it is
    simple, else from a copied table. Equal to the plain computation
    (tests/games/sweetnose/test_heuristics_uses_fast.py)."""

    def __call__(self, use: StoreUse) -> tuple[int, int]:
        effect, give, take = use.effect, use.give, use.take
        weight, now = self.weight, self.now
        if self.any_empty or (self.may_end and self._empties(use)):
            return self._plain(use)
        if effect in _KEEP_SWEETS:  # my sweets stay mine (SP counts plate and bowl alike)
            return GOES_ON, now
        if effect == "market_trade":  # as a market trade (see _ExchangeScores)
            mine = now - weight[give[0]] + weight[take[0]]
            if not self.ignores:
                mine += (self.sweets[give[0]] - 1) - (self.sweets[take[0]] + 1)
            return GOES_ON, mine
        if effect in ("bowl_to_bowl", "double_trade"):  # the market stays as it is
            return GOES_ON, now - sum(weight[k] for k in give) + sum(weight[k] for k in take)
        if effect == "switch_markers":
            a, b = give[0], take[0]
            markers = self.t.markers[self.seat]
            return GOES_ON, now + (self.sweets[a] - self.sweets[b]) * (markers[b] - markers[a])
        return self._plain(use)

    def _empties(self, use: StoreUse) -> bool:
        """Whether `use` empties a plate (only these effects take a sweet off a plate for
        good: the others put one back on it, or leave plates alone)."""
        mine = self.left[self.seat] == 1
        if use.effect == "plate_to_bowl":
            return mine
        if use.effect == "same_kind_trade":
            return mine or self.left[use.opponent] == 1
        if use.effect == "market_trade":
            return mine and use.to_bowl
        return False

    def _plain(self, use: StoreUse) -> tuple[int, int]:
        after = _after(self.t, self.seat, use)
        mine = sweet_points(after, self.seat, after.markers[self.seat], self.ignores)
        return ending(self.view, after, self.ignoring, self.sure), mine


_KEEP_SWEETS = frozenset({"plate_to_bowl", "bowl_to_plate", "opponent_bowl_to_plate",
                          "swap_bowl_plate", "same_kind_trade"})
"""Store effects that leave everyone's sweets as they are (a sweet goes between a player's
plate and bowl, or two of the same kind change hands): no SP changes."""

_SCORE_THEN_DRAW = itemgetter(0, 1)
"""The key of a (score, random draw, move) candidate: lowest score first, ties at random."""


def _winning_use(view: JSON, t: Table, seat: int, now: int, ignoring: Sequence[bool],
                 legal: Sequence[Any], sure: float = WIN_SURE) -> StoreUse | None:
    """A legal store use that empties a plate and so ends the game won, if any."""
    score_use = _UseScores(view, t, seat, now, ignoring, sure)
    return next((a for a in legal if isinstance(a, StoreUse) and score_use._empties(a)
                 and score_use(a)[0] == WINS), None)


def choose_exchange(
    view: JSON, legal: Sequence[Any], rng: random.Random, use_stores: bool = True,
    sure: float = WIN_SURE,
) -> Any:
    seat = view["seat"]
    t = table_from_view(view)
    ignoring = _ignoring(view)
    now = sweet_points(t, seat, t.markers[seat], ignoring[seat])
    exchanges = [a for a in legal if isinstance(a, EXCHANGES)]
    if exchanges:
        score = _ExchangeScores(view, t, seat, now, ignoring, sure)
        move = min([(score(a), rng.random(), a) for a in exchanges], key=_SCORE_THEN_DRAW)
        if move[0][0] != WINS and use_stores and last_round(view):
            win = _winning_use(view, t, seat, now, ignoring, legal, sure)
            if win is not None:  # a store use before the exchange ends the game won
                return win
        return move[2]
    uses = [a for a in legal if isinstance(a, StoreUse)] if use_stores else []
    if uses:
        ranked = []
        score_use = _UseScores(view, t, seat, now, ignoring, sure)
        for use in uses:
            end, mine = score_use(use)
            if end != LOSES:
                ranked.append(((end, mine), rng.random(), use))  # a win first, then lowest SP
        best = min(ranked, key=_SCORE_THEN_DRAW, default=None)
        if best is not None and (best[0][0] == WINS or best[0][1] < now):
            return best[2]
    for a in legal:
        if isinstance(a, TURN_ENDS):
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
    sure: float = WIN_SURE,
) -> Any:
    """The heuristic bot, parameterised: whether it uses stores, its highest bid, and the win
    chance at which it ends the game (`sure`, see `WIN_SURE`)."""
    phase = view["phase"]
    if phase == "markers":
        return choose_markers(view, legal)
    if phase == "exchange":
        return choose_exchange(view, legal, rng, use_stores, sure)
    if phase == "stores":
        return choose_store(view, legal)
    if phase == "auction":
        return choose_bid(view, legal, max_bid)
    return rng.choice(list(legal))


def choose(view: JSON, legal: Sequence[Any], rng: random.Random) -> Any:
    """The default heuristic bot."""
    return choose_with(view, legal, rng)


ROUND_SP_SPREAD = 5.35
"""The standard deviation of a player's SP in a round around the table's mean for that round
(medium bots, 1350 player-rounds of 150 seeded 3-player games: mean 22.7 SP,
`python -m benchmarks.sweetnose_round_sp`, docs/bots.md)."""
ROUND_SP_MEAN = 22.7
"""A player's mean SP in a round (the same games), for To the Sky's rounds still to play."""
_GRID = [i / 8 for i in range(-48, 49)]
_DENSITY = [math.exp(-z * z / 2) / 8 / math.sqrt(2 * math.pi) for z in _GRID]


def evaluate(view: JSON) -> list[float]:
    """Each seat's expected search reward at the start of a round (for search cut-offs at the
    end of a round, ISMCTS `horizon`): 0.75 x its chance to end with the lowest total, if each
    player's SP in every round still to play is normal around the table's mean with spread
    `ROUND_SP_SPREAD`, + 0.25 x its total normalized among the seats (the lowest 1).

    >>> [round(x, 3) for x in evaluate({"totals": [20, 20], "round": 2, "rounds_to_play": 3})]
    [0.5, 0.5]
    >>> a, b = evaluate({"totals": [20, 30], "round": 3, "rounds_to_play": 3})
    >>> round(a, 2), round(b, 2)
    (0.93, 0.07)
    """
    totals = tuple(int(t) for t in view["totals"])
    rounds = view["rounds_to_play"]
    if rounds is None:  # To the Sky: until a total reaches SKY_TARGET
        left = max(1, math.ceil((SKY_TARGET - max(totals)) / ROUND_SP_MEAN))
    else:
        left = max(1, int(rounds) - int(view["round"]) + 1)
    chance = lowest_chances(totals, left)
    lo, hi = min(totals), max(totals)
    norm = [(hi - t) / (hi - lo) if hi > lo else 0.5 for t in totals]
    return [0.75 * c + 0.25 * n for c, n in zip(chance, norm, strict=True)]


@lru_cache(maxsize=1 << 14)
def lowest_chances(totals: tuple[int, ...], rounds: int) -> tuple[float, ...]:
    """Each player's chance to end with the lowest total after `rounds` more rounds, each
    player's SP over them normal around the same mean with spread `ROUND_SP_SPREAD` x
    sqrt(rounds), independent (summed over a grid of the player's own draw)."""
    spread = ROUND_SP_SPREAD * math.sqrt(rounds)
    chances = []
    for i, mine in enumerate(totals):
        gaps = [(mine - t) / spread for j, t in enumerate(totals) if j != i]
        p = 0.0
        for z, d in zip(_GRID, _DENSITY, strict=True):
            q = d
            for gap in gaps:  # the other player's draw is above mine + gap
                q *= 0.5 * math.erfc((z + gap) / math.sqrt(2))
            p += q
        chances.append(p)
    whole = sum(chances)
    return tuple(c / whole for c in chances)


def rollout_view(state: SweetNoseState, seat: int) -> JSON:
    """The part of `seat`'s view these heuristics read, built straight from a search's imagined
    state (a full view also writes out every move and count, which a rollout does not need):
    public tokens, stores, totals, and only this seat's own markers."""
    t = state.table
    rules = state.rules
    return {
        "seat": seat,
        "players": state.players,
        "phase": state.phase,
        "round": state.round,
        "rounds_to_play": None if rules.sky else ROUNDS,
        "plates": [_by_kind(p) for p in t.plate],
        "bowls": [_by_kind(b) for b in t.bowl],
        "market": _by_kind(t.market),
        "markers": _by_kind(t.markers[seat]) if state.markers_set[seat] else None,
        "stores": {"tiles": rules.tiles_seen,
                   "held": [h or None for h in state.held]},
        "auction": {"bids": state.bids[:], "in": state.in_auction[:]}
        if rules.shopkeeper else None,
        "totals": state.totals[:],
    }


def _by_kind(counts: Sequence[int]) -> dict[str, int]:
    """Counts per kind as a view shows them (`view.kinds_dict`): {"red": 2, "green": 0, ...}.
    The kinds are spelt out: a dict display is the quickest way to build a dict, and a rollout
    builds a dozen a move (KINDS are fixed by the rules, SN-1; a test checks they agree)."""
    red, green, brown, pink, yellow = counts
    return {"red": red, "green": green, "brown": brown, "pink": pink, "yellow": yellow}


def sensible(view: JSON, legal: Sequence[Any], sure: float = WIN_SURE) -> list[Any]:
    """The legal moves a sensible player considers: not an exchange or store use that ends the
    game with a win chance below `sure` (`win_chance`: the others' markers unknown, not guessed
    at their best or worst) while another move lets the round go on, and not a store use that
    raises your own SP or changes nothing on the table (spending the tile for nothing, such as
    undoing your own exchange). A store use that leaves every SP as it is but moves sweets
    between plate and bowl is kept: stores 1 to 4 never change an SP (SP counts plate and bowl
    alike); they are how a player hastens or delays an empty plate, which ends the round."""
    if view["phase"] != "exchange":
        return list(legal)
    seat = view["seat"]
    t = table_from_view(view)
    ignoring = _ignoring(view)
    ignores = ignoring[seat]
    now = sweet_points(t, seat, t.markers[seat], ignores)
    keep = []
    for a in legal:
        if isinstance(a, Trade | MarketTrade | StoreUse):
            after = _after(t, seat, a)
            if ending(view, after, ignoring, sure) == LOSES:
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
