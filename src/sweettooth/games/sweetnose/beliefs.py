"""What a seat can infer about the other players' markers (hidden, SN-3) from what they did.

The model: every player sets their markers, and then makes each decision of the round, as a
noisy minimizer of their own sweet points (SN-6). Markers set against the sweets `s` a player
holds at that moment are the order `m` with probability proportional to `exp(-s·m / T)`; each
later decision (an exchange, a store use, or ending the turn) is the alternative `a` among the
legal ones with probability proportional to `exp(-SP_a(m) / T)`, where `SP_a(m)` is their SP
after `a` counted with markers `m` (softmax, temperature `T = TEMPERATURE`). With a uniform prior
over the 120 orders, the posterior of an order is the product of these likelihoods over the
player's decisions of the round in progress (markers are set afresh every round).

A player who used the secret switch (store 10) this round changed their markers by a pair the
seat did not see: nothing is inferred about them (uniform). Everything is read from the seat's
view alone: the public deal and the moves it saw, replayed (`sampling.sample`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from operator import mul
from typing import TYPE_CHECKING, Any

from sweettooth.core import JSON

from . import outcomes
from .actions import EndTurn, MarketTrade, SetMarkers, StoreUse, Trade
from .outcomes import after as table_after
from .sampling import sample

if TYPE_CHECKING:
    from .game import SweetNose
    from .state import SweetNoseState

TEMPERATURE = 1.0
"""The softmax temperature, in SP: a decision costing 1 SP more than another is e (2.7) times
less likely."""

ORDERS = outcomes.ORDERS
"""The 120 ways to lay the markers 1 to 5 on the five kinds (KINDS order)."""

_DECISIONS = (Trade, MarketTrade, StoreUse, EndTurn)


def _dot(a: Sequence[int], b: Sequence[int]) -> int:
    return sum(map(mul, a, b))


class MarkerBeliefs:
    """Each other seat's posterior weights over `ORDERS` for the round in progress (None: no
    inference, every order equally likely), from `seat`'s view."""

    def __init__(self, game: SweetNose, view: JSON, seat: int) -> None:
        self.seat = seat
        self.round = int(view["round"])
        players = int(view["players"])
        self.log = [[0.0] * len(ORDERS) for _ in range(players)]
        self.blind = [False] * players  # a secret switch this round: nothing inferred
        self.informed = [False] * players
        self.set_markers = [False] * players
        revealed = any(r["round"] == self.round for r in view["rounds"])
        if seat is None or revealed:
            self.weights: list[list[float] | None] = [None] * players
            return
        sample(game, view, seat, 0, self._seen)
        self.weights = [self._normalized(q) for q in range(players)]

    def _normalized(self, q: int) -> list[float] | None:
        if q == self.seat or self.blind[q] or not self.informed[q] or not self.set_markers[q]:
            return None
        top = max(self.log[q])
        raw = [math.exp(x - top) for x in self.log[q]]
        total = sum(raw)
        return [w / total for w in raw]

    def _seen(self, state: SweetNoseState, q: int, action: Any) -> None:
        if q == self.seat or state.round != self.round:
            return
        if isinstance(action, SetMarkers):
            self.set_markers[q] = True
            sweets = state.table.sweets(q)
            log = self.log[q]
            for i, order in enumerate(ORDERS):
                log[i] -= _dot(sweets, order) / TEMPERATURE
            self.informed[q] = True
            return
        if isinstance(action, StoreUse) and action.effect == "switch_markers":
            self.blind[q] = True  # the switch made is hidden (a random one was replayed)
            return
        if not isinstance(action, _DECISIONS):
            return
        legal = [a for a in state.legal_actions() if isinstance(a, _DECISIONS)
                 and not (isinstance(a, StoreUse) and a.effect == "switch_markers")]
        if len(legal) < 2:
            return
        ignores = _ignores_market(state, q)
        t = state.table
        options = []  # (sweets after, SP that does not depend on the markers)
        chosen = -1
        for a in legal:
            after = t if isinstance(a, EndTurn) else table_after(t, q, a)
            sweets = after.sweets(q)
            options.append((sweets, 0 if ignores else _dot(sweets, after.market)))
            if a == action:
                chosen = len(options) - 1
        if chosen < 0:
            return
        log = self.log[q]
        for i, order in enumerate(ORDERS):
            scores = [-(_dot(s, order) + c) / TEMPERATURE for s, c in options]
            top = max(scores)
            log[i] += scores[chosen] - top - math.log(sum(math.exp(x - top) for x in scores))
        self.informed[q] = True

    def chance_at_least(self, q: int, spread: Sequence[tuple[int, int]], need: int) -> float:
        """The probability that seat q's SP is at least `need`, given (order index, SP) pairs."""
        weights = self.weights[q]
        reached = [i for i, sp in spread if sp >= need]
        if len(reached) in (0, len(spread)):  # exactly 0 or 1, whatever rounding would say
            return float(bool(reached))
        if weights is None:
            return len(reached) / len(spread)
        return sum(weights[i] for i in reached)

    def draw(self, q: int, rng: random.Random) -> tuple[int, ...] | None:
        """An order of seat q's markers drawn from the beliefs (None: no inference)."""
        weights = self.weights[q]
        if weights is None:
            return None
        return rng.choices(ORDERS, weights)[0]

    def apply(self, state: SweetNoseState, rng: random.Random) -> None:
        """Deal the others' markers of the round in progress in a determinization (`state`,
        consistent with the seat's view) from the beliefs instead of uniformly."""
        if state.round != self.round:
            return
        for q in range(state.players):
            order = self.draw(q, rng) if state.markers_set[q] else None
            if order is not None:
                state.table.markers[q] = list(order)


def _ignores_market(state: SweetNoseState, q: int) -> bool:
    held = state.held[q]
    return bool(held) and state.rules.tile(held).effect == "ignore_market"


_CACHE: dict[str, MarkerBeliefs] = {}


def beliefs(view: JSON) -> MarkerBeliefs:
    """The beliefs of the view's seat (remembered for the last few views: a search and the
    heuristic's ending judgement ask for the same view)."""
    import json

    from .game import SweetNose

    key = json.dumps([view["seat"], view["round"], view["deal"], view["moves"],
                      view["options"]], sort_keys=True, separators=(",", ":"))
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) >= 16:
            _CACHE.clear()
        found = _CACHE[key] = MarkerBeliefs(SweetNose(), view, int(view["seat"]))
    return found
