"""What a seat can infer about the other players' YUM! and YUCK! cards from what they did.

The model: at each turn action, a player takes a face-up Choc or does something else (reveal,
take a face-down Choc, return), as a noisy maximizer of their own round score. Under candidate
cards `c` (their YUM! and YUCK!), a face-up Choc `x` is worth `v_c(x)`, the change it makes to
the score of the Chocs the seat knows they hold (`scoring.Tally`, real scoring); doing anything
else is worth `BASELINE` (the medium bot takes a face-up Choc only when it is worth 3 or more, or
when nothing is left to reveal). The player takes `x` with probability proportional to
`exp(v_c(x) / T)` and does something else with probability proportional to `exp(BASELINE / T)`
(softmax, temperature `T = TEMPERATURE`). With a uniform prior over the cards the view allows
(neither discarded nor seen elsewhere; cards the seat has seen are fixed), the posterior of `c`
is the product of these likelihoods over the player's turn actions of the round in progress
taken while some Choc lay face up. Actions before the player's Preference cards last changed
this round (swapped, replaced, added to) are not counted. Their hidden hand is not weighted (it
is dealt uniformly by the sampler); returns and gives count only as "something else".

Everything is read from the seat's view alone: the log of the round in progress as the seat saw
it (who took which face-up Choc from where, who revealed what, who returned a Choc), the
Preference cards it has seen and the discards. `apply` deals the others' unseen YUM! and YUCK!
cards of a determinization from these beliefs.
"""

from __future__ import annotations

import math
import random
import re
from itertools import combinations
from typing import TYPE_CHECKING

from sweettooth.core import JSON

from .components import Components, components_for
from .scoring import tally

if TYPE_CHECKING:
    from .state import BitterSweetState

TEMPERATURE = 1.0
"""The softmax temperature, in points: a move worth 1 point less is e (2.7) times rarer (0.5
reads the medium bot better, 0.043 -> 0.069 on the true cards in 40 games; 1 leaves room for
players less predictable than it)."""
BASELINE = 3.0
"""What doing something other than taking a face-up Choc is worth, in points (the medium bot's
threshold for taking one)."""
MAX_CANDIDATES = 5000
"""Above this many possible card sets for a player, nothing is inferred about them."""

_CELL = r"([a-g]\d)"
_ROUND = re.compile(r"^Round \d+ begins")
_TAKE_UP = re.compile(rf"^P(\d) takes (.+) from {_CELL}\.$")
_TAKE_DOWN = re.compile(rf"^P(\d) takes the face-down Choc in {_CELL}"
                        r"(?:: it is (.+), read aloud and shown)?")
_TRADE = re.compile(rf"^P(\d) takes (.+) from {_CELL} to trade\.$")
_REVEAL = re.compile(rf"^(?:P(\d)|.+) reveals (.+) in {_CELL}\.$")
_RETURN = re.compile(rf"^P(\d) returns .+ face down to {_CELL}(, taking an Empty Wrapper)?\.$")
_PUT = re.compile(rf"^P(\d) puts (.+?) (?:back )?face up in {_CELL}\.$")
_INTO = re.compile(rf"^(.+) goes from {_CELL} into P(\d)'s hand\.$")
_GIVE = re.compile(r"^P(\d) gives (.+) to P(\d)\.$")
_PREFS = re.compile(r"^P(\d) (?:swaps the YUM|discards the|draws .*under the)")

Event = tuple[tuple[int, ...], tuple[int, ...], int]
"""A turn action: (face-up Chocs then, the Chocs known in the player's hand, the one taken or
-1 for something else)."""
Cards = tuple[tuple[int, ...], tuple[int, ...]]
"""Candidate (YUM!, YUCK!) cards of one player, the seen ones included."""


class PreferenceBeliefs:
    """Each other seat's candidate cards and their posterior weights (None: no inference)."""

    def __init__(self, view: JSON, seat: int) -> None:
        self.seat = seat
        self.round = int(view["round"])
        comps = components_for(view.get("options", {}))
        players = int(view["players"])
        events = _events(comps, list(view["log"]), players)
        self.candidates: list[list[Cards] | None] = [None] * players
        self.weights: list[list[float] | None] = [None] * players
        self.pools: list[list[int]] = [[] for _ in range(players)]
        if view.get("result") is not None:
            return
        for q, entry in enumerate(view["seats"]):
            if q == seat:
                continue
            found = _candidates(comps, entry)
            if found is None:
                continue
            cands, pool = found
            self.candidates[q], self.pools[q] = cands, pool
            if events[q]:
                self.weights[q] = _posterior(comps, cands, events[q])

    def probability(self, q: int, cards: Cards) -> float:
        """The belief that seat q holds these (YUM!, YUCK!) cards (order within a heading
        aside); uniform over the candidates where nothing is inferred, 0 if not a candidate."""
        cands = self.candidates[q]
        if cands is None:
            return 0.0
        key = (tuple(sorted(cards[0])), tuple(sorted(cards[1])))
        weights = self.weights[q]
        for i, (y, k) in enumerate(cands):
            if (tuple(sorted(y)), tuple(sorted(k))) == key:
                return 1.0 / len(cands) if weights is None else weights[i]
        return 0.0

    def apply(self, state: BitterSweetState, rng: random.Random) -> None:
        """Deal the others' YUM! and YUCK! cards of a determinization (`state`, consistent with
        the seat's view) from the beliefs instead of uniformly; the rest of the cards the view
        allows make their deck, shuffled."""
        if state.round_no != self.round or state.finished is not None:
            return
        for q, weights in enumerate(self.weights):
            cands = self.candidates[q]
            if weights is None or cands is None:
                continue
            yum, yuck = rng.choices(cands, weights)[0]
            chosen = set(yum) | set(yuck)
            deck = [c for c in self.pools[q] if c not in chosen]
            rng.shuffle(deck)
            state.yum[q], state.yuck[q], state.deck[q] = list(yum), list(yuck), deck
        state.pref_key = None


def _candidates(comps: Components, entry: JSON) -> tuple[list[Cards], list[int]] | None:
    """Every (YUM!, YUCK!) a player may hold by the view, and the cards neither seen nor
    discarded (their deck and unseen cards); None if there are too many."""
    idx = comps.pref_index
    known_yum = [idx(a) for a in entry["known_yum"]]
    known_yuck = [idx(a) for a in entry["known_yuck"]]
    gone = {idx(a) for a in entry["discards"]} | set(known_yum) | set(known_yuck)
    pool = [c for c in range(len(comps.preferences)) if c not in gone]
    need_yum = int(entry["yum_cards"]) - len(known_yum)
    need_yuck = int(entry["yuck_cards"]) - len(known_yuck)
    if need_yum < 0 or need_yuck < 0 or need_yum + need_yuck > len(pool):
        return None
    if math.comb(len(pool), need_yum) * math.comb(len(pool) - need_yum, need_yuck) \
            > MAX_CANDIDATES:
        return None
    out: list[Cards] = []
    for yum in combinations(pool, need_yum):
        rest = [c for c in pool if c not in yum]
        for yuck in combinations(rest, need_yuck):
            out.append(((*known_yum, *yum), (*known_yuck, *yuck)))
    return out, pool


def _posterior(comps: Components, cands: list[Cards], events: list[Event]) -> list[float]:
    total = tally(comps).total
    base = BASELINE / TEMPERATURE
    logs = []
    for yum, yuck in cands:
        log = 0.0
        for up, hand, taken in events:
            now = total(hand, yum, yuck)
            logits = {x: (total((*hand, x), yum, yuck) - now) / TEMPERATURE for x in up}
            top = max(base, *logits.values())
            norm = math.log(math.exp(base - top) + sum(math.exp(v - top)
                                                        for v in logits.values()))
            log += (logits[taken] if taken >= 0 else base) - top - norm
        logs.append(log)
    top = max(logs)
    raw = [math.exp(x - top) for x in logs]
    s = sum(raw)
    return [w / s for w in raw]


def _events(comps: Components, log: list[str], players: int) -> list[list[Event]]:
    """Each player's turn actions of the round in progress taken while some Choc lay face up,
    read from the seat's log (lines it cannot read are passed over)."""
    start = max((i for i, line in enumerate(log) if _ROUND.match(line)), default=0)
    by_name = {c.name: c.index for c in comps.chocs}
    up: dict[str, int] = {}  # face-up cell -> Choc
    hands: list[list[int]] = [[] for _ in range(players)]  # Chocs known in each hand
    events: list[list[Event]] = [[] for _ in range(players)]

    def act(q: int, taken: int) -> None:
        if 0 <= q < players and up:
            events[q].append((tuple(up.values()), tuple(hands[q]), taken))

    for line in log[start:]:
        if m := _TRADE.match(line):
            x = by_name.get(m[2], -1)
            up.pop(m[3], None)
            if x >= 0 and int(m[1]) <= players:
                hands[int(m[1]) - 1].append(x)
        elif m := _TAKE_UP.match(line):
            q, x = int(m[1]) - 1, by_name.get(m[2], -1)
            if x >= 0 and up.get(m[3]) == x:
                act(q, x)
                if q < players:
                    hands[q].append(x)
            up.pop(m[3], None)
        elif m := _TAKE_DOWN.match(line):
            q = int(m[1]) - 1
            act(q, -1)
            x = by_name.get(m[3] or "", -1)
            if x >= 0 and q < players:
                hands[q].append(x)
        elif m := _REVEAL.match(line):
            if m[1]:
                act(int(m[1]) - 1, -1)
            x = by_name.get(m[2], -1)
            if x >= 0:
                up[m[3]] = x
        elif m := _RETURN.match(line):
            if m[3]:  # a turn action (an ability's return takes no wrapper)
                act(int(m[1]) - 1, -1)
        elif m := _PUT.match(line):
            q, x = int(m[1]) - 1, by_name.get(m[2], -1)
            if x >= 0:
                up[m[3]] = x
                if q < players and x in hands[q]:
                    hands[q].remove(x)
        elif m := _INTO.match(line):
            q, x = int(m[3]) - 1, by_name.get(m[1], -1)
            up.pop(m[2], None)
            if x >= 0 and q < players:
                hands[q].append(x)
        elif m := _GIVE.match(line):
            a, x, b = int(m[1]) - 1, by_name.get(m[2], -1), int(m[3]) - 1
            if x >= 0 and a < players and b < players:
                if x in hands[a]:
                    hands[a].remove(x)
                hands[b].append(x)
        elif m := _PREFS.match(line):
            q = int(m[1]) - 1
            if q < players:
                events[q] = []  # their cards changed: what came before tells of other cards
    return events


_CACHE: dict[tuple[object, ...], PreferenceBeliefs] = {}


def beliefs(view: JSON) -> PreferenceBeliefs:
    """The beliefs of the view's seat (remembered for the last few views)."""
    seats = tuple((e["yum_cards"], e["yuck_cards"], tuple(e["discards"]),
                   tuple(e.get("known_yum", ())), tuple(e.get("known_yuck", ())))
                  for e in view["seats"])
    options = view.get("options", {})
    key = (view["seat"], view["round"], tuple(view["log"]), seats,
           tuple(sorted((k, str(v)) for k, v in options.items())))
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) >= 16:
            _CACHE.clear()
        found = _CACHE[key] = PreferenceBeliefs(view, int(view["seat"]))
    return found
