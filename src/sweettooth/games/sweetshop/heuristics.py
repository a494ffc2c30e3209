"""Bot heuristics for Sweet Shop. They see only a view and the legal actions, never a state.

`choose(view, legal, rng)` is the greedy player: it scores every legal decision and plays the
best, preferring to Eat Chocolate Figures and to trigger lasting bonuses (Multipack, Flavour
Changer, Sour Cherries) early, while the deck is still long. A pair action with four dice left
is scored together with the best thing the other two dice could then do, and the Last Resort is
weighed against that. `Greedy(...)` makes variants with other weights.

`sensible(view, legal)` drops the decisions another one beats for certain (ending the turn
with a free Eat on offer, the Last Resort on a card the dice can Grab); the search looks only at
the rest at its root.

`legal` may hold action objects or their notations; the chosen element is returned as given.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sweettooth.core import JSON

from .actions import (
    Action,
    Eat,
    EndTurn,
    Grab,
    LastResort,
    SkipSugarRush,
    SourCherries,
    SugarRush,
    parse_notation,
)
from .cards import CARDS, EXACT_ONLY
from .state import GAP, LASTING_KINDS, SweetShopState

FULL_DECK = 37
"""Cards left in the deck right after the deal; `earliness` is measured against it."""


@dataclass(frozen=True)
class Greedy:
    """A greedy Sweet Shop player; the weights say what it values (points are worth `point`)."""

    point: float = 10.0
    lasting_bonus: float = 12.0
    """Worth of a lasting bonus when the deck is full; it shrinks as the deck runs down."""
    sugar_rush: float = 6.0
    eatable: float = 3.0
    """Worth, on top of its points, of holding a card in the Basket that dice can Eat."""
    rescue: float = 2.0
    """Extra for grabbing a card the discard dice mark."""

    def __call__(self, view: JSON, legal: Sequence[Any], rng: random.Random) -> Any:
        actions = [a if not isinstance(a, str) else parse_notation(a) for a in legal]
        table = _Table(view)
        scores = [self.value(a, table) for a in actions]
        if len(table.white) == 4:  # add the best the other two dice can do afterwards
            plans: dict[tuple[int, int], list[tuple[float, set[int]]]] = {}
            for a, score in zip(actions, scores, strict=True):
                if isinstance(a, Grab | Eat):
                    plans.setdefault(a.pair, []).append((score, _targets(a)))
            for i, a in enumerate(actions):
                if isinstance(a, Grab | Eat):
                    mine = _targets(a)
                    # the plan's worth, and among equal plans the better decision first
                    scores[i] = scores[i] * 1.001 + max(
                        (s for s, t in plans.get(_rest(table.white, a.pair), []) if not t & mine),
                        default=0.0,
                    )
        top = max(scores)
        best = [i for i, s in enumerate(scores) if s >= top - 1e-9]
        return legal[best[0] if len(best) == 1 else rng.choice(best)]

    # -- scoring one decision -------------------------------------------------------------
    def value(self, action: Action | None, t: _Table) -> float:
        """How much the greedy player likes `action` in this position (0: end the turn)."""
        if isinstance(action, Eat):
            return self.eat_value(
                action.card, exact=action.pair[0] + action.pair[1] == CARDS.number[action.card], t=t
            ) - 0.5 * abs(action.shift)
        if isinstance(action, SugarRush):
            return self.eat_value(action.card, exact=False, t=t)
        if isinstance(action, Grab):
            return sum(
                self.hold_value(t.shelf[p - 1], t) + self.rescue * (p in t.marks)
                for p in action.positions
            )
        if isinstance(action, LastResort):
            card = t.shelf[action.position - 1]
            # only worth it when the dice offer little: compared against pair plans above
            return self.hold_value(card, t) + self.rescue * (action.position in t.marks)
        if isinstance(action, SourCherries):
            after = [action.target if m == action.source else m for m in t.marks]
            if t.marks.count(action.source) == 2:
                after = sorted([action.target, action.source])
            return t.loss(t.marks, self) - t.loss(after, self) - 0.1
        if isinstance(action, SkipSugarRush | EndTurn):
            return 0.0
        return -1.0

    def eat_value(self, card: int, exact: bool, t: _Table) -> float:
        kind = CARDS.bonus[card]
        worth = self.point * CARDS.points[card]
        if kind == "multipack" or (exact and kind in ("flavour_changer", "sour_cherries")):
            worth += self.lasting_bonus * t.earliness
        elif kind == "sugar_rush" and len(t.basket) > 1:
            worth += self.sugar_rush
        return worth

    def hold_value(self, card: int, t: _Table) -> float:
        """A card in the Basket is worth its points only once eaten: discount by how easy."""
        n = CARDS.number[card]
        if n == 1:
            ease = 1.0
        elif n == 13:
            ease = 0.6 if t.flavour else 0.25
        else:
            ease = 0.8
        return ease * (self.point * CARDS.points[card] + self.eatable * t.earliness) * 0.5


@dataclass
class _Table:
    """The parts of a view the heuristic reads, as card ints."""

    shelf: list[int]
    basket: list[int]
    white: list[int]
    marks: list[int]
    earliness: float
    flavour: int

    def __init__(self, view: JSON) -> None:
        self.shelf = [-1 if n is None else CARDS.parse(n) for n in view["shelf"]]
        self.basket = [CARDS.parse(n) for n in view["basket"]]
        self.white = list(view["white_dice"]["left"])
        self.marks = list(view["discard_dice"])
        self.earliness = max(0.0, min(1.0, view["deck"] / FULL_DECK))
        self.flavour = view["bonuses"]["flavour_changer"]["have"]

    def loss(self, marks: list[int], g: Greedy) -> float:
        """What the marked Shelf cards are worth to us (they are discarded at the turn's end)."""
        return sum(
            g.hold_value(self.shelf[p - 1], self) + 1.0
            for p in set(marks)
            if self.shelf[p - 1] >= 0
        )


def _targets(action: Grab | Eat) -> set[int]:
    """What an action uses up: Shelf positions (1..6) or a Basket card (100 + card)."""
    return set(action.positions) if isinstance(action, Grab) else {100 + action.card}


def _rest(white: list[int], pair: tuple[int, int]) -> tuple[int, int]:
    rest = list(white)
    rest.remove(pair[0])
    rest.remove(pair[1])
    return (rest[0], rest[1]) if rest[0] <= rest[1] else (rest[1], rest[0])


GREEDY = Greedy()


def choose(view: JSON, legal: Sequence[Any], rng: random.Random) -> Any:
    """The greedy player's decision: the best-scoring legal action (ties broken by `rng`)."""
    return GREEDY(view, legal, rng)


def forfeits(card: int, exact: bool, basket: int) -> bool:
    """Whether eating `card` now gives up a bonus it could still give later: a Spade's or a
    Club's lasting bonus when not eaten with an exact roll (SS-5; their Aces and Kings never give
    it, so nothing is lost), or a Diamond's Sugar Rush with no other card in the Basket (SS-4;
    `basket` counts the cards there before the eat)."""
    kind = CARDS.bonus[card]
    if kind in EXACT_ONLY:
        return not exact and CARDS.number[card] not in (1, 13)
    return kind == "sugar_rush" and basket < 2


def sensible(view: JSON, legal: Sequence[Any]) -> list[Any]:
    """The legal decisions a sensible player considers; dropped are the ones another legal
    decision beats for certain (a search looks only at the rest at its root):

    - ending the turn, or skipping a Sugar Rush, while an Eat (or a Sugar Rush) forfeiting
      nothing (`forfeits`) is on offer: eating adds the card's points (SS-6) and takes nothing
      that ending the turn keeps (the dice and the Basket's other cards stay; the turn can end
      after it);
    - the Last Resort on a card a pair of the dice can Grab: the Grab takes the same card and
      leaves the other pair to use (the Last Resort is instead of both pair actions).
    """
    actions = [a if not isinstance(a, str) else parse_notation(a) for a in legal]
    basket = len(view["basket"])
    free = any(
        (isinstance(a, Eat) and not forfeits(
            a.card, not a.shift and a.pair[0] + a.pair[1] == CARDS.number[a.card], basket))
        or (isinstance(a, SugarRush) and not forfeits(a.card, False, basket))
        for a in actions)
    grabbed = {p for a in actions if isinstance(a, Grab) for p in a.positions}
    keep = [
        given for given, a in zip(legal, actions, strict=True)
        if not (free and isinstance(a, EndTurn | SkipSugarRush))
        and not (isinstance(a, LastResort) and a.position in grabbed)
    ]
    return keep or list(legal)


def rollout_view(state: SweetShopState, seat: int) -> JSON:
    """The part of the view these heuristics read, built straight from a search's imagined state
    (a full view also writes out the whole history and log, which a rollout does not need).
    Everything here is public in Sweet Shop; it holds the same values under the same keys as
    `state.view(seat)` (tests/agents/test_rollout_views.py)."""
    names = CARDS.names
    return {
        "shelf": [names[c] if c != GAP else None for c in state.shelf],
        "basket": [names[c] for c in state.basket],
        "white_dice": {"rolled": state.rolled[:], "left": state.white[:]},
        "discard_dice": state.marks[:],
        "deck": len(state.deck),
        "bonuses": {
            kind: {"have": state.lasting[i], "used_this_turn": state.used[i]}
            for i, kind in enumerate(LASTING_KINDS)
        },
    }
