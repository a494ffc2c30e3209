"""Determinization: a full state consistent with one seat's view (`BitterSweet.sample`).

The view holds everything the seat knows: the box, its hand and Preference cards, every hand
size, the discarded Preference cards, the Preference cards it has seen, and the `whereabouts`
of every other Choc (the places each may be, knowledge.py). The sampler

1. deals the hidden Chocs to the hidden places (face-down cells, other hands, the Empty Wrapper
   pile) so that each Choc lands in a place its whereabouts allow and every place gets exactly
   as many Chocs as it holds, uniformly over every deal that fits (`_Deal`);
2. deals the other players' unseen Preference cards from what is neither discarded nor seen,
   and shuffles every deck;
3. copies the public state (turn, abilities in progress, finished rounds) and the seat's log.

Other seats' knowledge in a sampled state is only what is safe to give them (their own hand,
the face-up box; everything else "somewhere hidden"), and past log lines read as this seat's.
A sampled state's history is placeholders: it can be played on, not replayed from its record.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from math import factorial
from typing import Any

from sweettooth.core import JSON, Game, Result

from . import knowledge as kn
from .components import components_for
from .effects import Task
from .state import BitterSweetState, action_table, round_rules

Row = tuple[int, ...]  # how many of a group's Chocs go to each place class


class _Deal:
    """A uniform deal of hidden Chocs to hidden places, every Choc where its whereabouts allow.

    Chocs with the same allowed places form a group; places allowed by the same groups form a
    class (e.g. "a1, b1, e4": every group that may be in one may be in the others). A deal is
    then a table of how many Chocs of each group go to each class, and it covers
    prod(group sizes!) * prod(class capacities!) / prod(table entries!) ways of placing the
    Chocs, all equally likely. `count` sums that over the tables that fit (group by group,
    remembering the capacities left), and `deal` picks a table in proportion, then shuffles.
    """

    def __init__(self, items: list[int], allowed: dict[int, list[int]], cap: list[int]) -> None:
        by_places: dict[tuple[int, ...], list[int]] = {}
        for x in items:
            by_places.setdefault(tuple(sorted(allowed[x])), []).append(x)
        self.groups = list(by_places.values())
        kinds = list(by_places)
        by_groups: dict[tuple[int, ...], list[int]] = {}
        for loc in range(len(cap)):
            sig = tuple(g for g, places in enumerate(kinds) if loc in places)
            by_groups.setdefault(sig, []).append(loc)
        self.classes = list(by_groups.values())
        self.cap = tuple(sum(cap[loc] for loc in locs) for locs in self.classes)
        self.loc_cap = cap
        self.open = [[c for c, sig in enumerate(by_groups) if g in sig]
                     for g in range(len(self.groups))]
        self.memo: dict[tuple[int, tuple[int, ...]], float] = {}
        self.rows: dict[tuple[int, tuple[int, ...]], list[tuple[Row, float]]] = {}

    def _rows(self, g: int, left: tuple[int, ...]) -> list[tuple[Row, float]]:
        """Every way group g may fill the capacities `left`, with its weight 1 / prod(n!)."""
        key = (g, left)
        found = self.rows.get(key)
        if found is not None:
            return found
        out: list[tuple[Row, float]] = []
        open_ = self.open[g]

        def fill(i: int, rest: int, row: list[int], w: float) -> None:
            if i == len(open_):
                if rest == 0:
                    out.append((tuple(row), w))
                return
            c = open_[i]
            for n in range(min(rest, left[c]) + 1):
                row[c] = n
                fill(i + 1, rest - n, row, w / factorial(n))
            row[c] = 0

        fill(0, len(self.groups[g]), [0] * len(self.cap), 1.0)
        self.rows[key] = out
        return out

    def count(self, g: int, left: tuple[int, ...]) -> float:
        """Weighted number of tables for groups g.. that use up exactly `left`."""
        if g == len(self.groups):
            return 1.0 if not any(left) else 0.0
        key = (g, left)
        found = self.memo.get(key)
        if found is None:
            found = 0.0
            for row, w in self._rows(g, left):
                found += w * self.count(g + 1, tuple(a - b for a, b in zip(left, row,
                                                                              strict=True)))
            self.memo[key] = found
        return found

    def deal(self, rng: random.Random) -> list[list[int]]:
        """The Chocs of each place (in place order), a uniform deal among those that fit."""
        left = self.cap
        if self.count(0, left) <= 0:
            raise ValueError("the view admits no deal of the hidden Chocs")
        into: list[list[int]] = [[] for _ in self.classes]
        for g, chocs in enumerate(self.groups):
            options = [(row, w * self.count(g + 1, tuple(a - b for a, b in zip(left, row,
                                                                               strict=True))))
                       for row, w in self._rows(g, left)]
            pick = rng.random() * sum(w for _, w in options)
            row = options[-1][0]
            for row, w in options:  # noqa: B007 (the loop picks `row`)
                pick -= w
                if pick < 0:
                    break
            shuffled = list(chocs)
            rng.shuffle(shuffled)
            at = 0
            for c, n in enumerate(row):
                into[c] += shuffled[at:at + n]
                at += n
            left = tuple(a - b for a, b in zip(left, row, strict=True))
        members: list[list[int]] = [[] for _ in self.loc_cap]
        for chocs, locs in zip(into, self.classes, strict=True):
            rng.shuffle(chocs)
            at = 0
            for loc in locs:
                members[loc] = chocs[at:at + self.loc_cap[loc]]
                at += self.loc_cap[loc]
        return members


def sample_state(game: Game[Any], view: JSON, seat: int, seed: int) -> BitterSweetState:
    options = dict(view["options"])
    comps = components_for(options)
    chocs, prefs = comps.chocs, comps.preferences
    P = int(view["players"])
    rng = random.Random(f"bittersweet-sample-{seed}")
    s = BitterSweetState.__new__(BitterSweetState)
    s._init_base(game, P, seed, options)
    s.comps = comps
    s.cols = int(view["cols"])
    s.cell_names = [b["cell"] for b in view["box"]]
    s.table = action_table(comps, s.cols)
    s.round_no, s.starter, s.current = view["round"], view["start_player"], view["current"]
    s.actions_left, s.extras = view["actions_left"], view["extra_actions"]
    s.turns, s.turn_limit, s.stack = view["turns"], view["turn_limit"], view["stack"]
    s.watch = round_rules(comps, options, P)[1]
    # past positions are not in the view: the count of repeated positions starts anew
    s.positions, s.hashes, s.pref_key = (), (), None
    seats = view["seats"]
    s.wins = [e["round_wins"] for e in seats]
    s.wrappers = [e["wrappers"] for e in seats]
    idx = comps.choc_index
    s.box = [-1 if b["face"] == "empty" else (idx(b["choc"]) if b["face"] == "up" else -2)
             for b in view["box"]]
    s.up = [b["face"] == "up" for b in view["box"]]
    s.hands = [[] for _ in range(P)]
    s.hands[seat] = [idx(c) for c in seats[seat]["hand"]]

    # 1. the hidden Chocs -------------------------------------------------------------------
    row = [0] * len(chocs)
    for c in s.hands[seat]:
        row[c] = kn.hand_bit(seat)
    for cell, x in enumerate(s.box):
        if s.up[cell]:
            row[x] = 1 << cell
    items: list[int] = []
    for group in view["whereabouts"]:
        mask = kn.parse_places(group["places"], s.cell_names)
        for cid in group["chocs"]:
            row[idx(cid)] = mask
            items.append(idx(cid))
    locs: list[int] = []  # bit of each hidden place
    cap: list[int] = []
    for cell, x in enumerate(s.box):
        if x == -2:
            locs.append(1 << cell)
            cap.append(1)
    for p in range(P):
        if p != seat and seats[p]["hand_size"]:
            locs.append(kn.hand_bit(p))
            cap.append(seats[p]["hand_size"])
    on_table = sum(1 for x in s.box if x != -1) + sum(e["hand_size"] for e in seats)
    locs.append(kn.OUT_BIT)
    cap.append(len(chocs) - on_table)
    allowed = {x: [i for i, b in enumerate(locs) if row[x] & b] for x in items}
    members = _Deal(items, allowed, cap).deal(rng)
    out: list[int] = []
    for i, bit in enumerate(locs):
        got = members[i]
        rng.shuffle(got)
        if bit == kn.OUT_BIT:
            out = sorted(got)
        elif bit >= 1 << kn.HAND:
            s.hands[bit.bit_length() - 1 - kn.HAND] = got
        else:
            s.box[bit.bit_length() - 1] = got[0]
    s.out = out

    # 2. Preference cards -------------------------------------------------------------------
    pidx = comps.pref_index
    s.discard = [[pidx(a) for a in e["discards"]] for e in seats]
    s.yum, s.yuck, s.deck = [], [], []
    s.pknow = [[[] for _ in range(P)] for _ in range(P + 1)]
    for p, e in enumerate(seats):
        if p == seat:
            yum, yuck = [pidx(a) for a in e["yum"]], [pidx(a) for a in e["yuck"]]
        else:
            yum, yuck = [pidx(a) for a in e["known_yum"]], [pidx(a) for a in e["known_yuck"]]
            s.pknow[seat][p] = sorted(yum + yuck)
        pool = [c for c in range(len(prefs))
                if c not in s.discard[p] and c not in yum and c not in yuck]
        rng.shuffle(pool)
        while len(yum) < e["yum_cards"]:
            yum.append(pool.pop())
        while len(yuck) < e["yuck_cards"]:
            yuck.append(pool.pop())
        s.yum.append(yum)
        s.yuck.append(yuck)
        s.deck.append(pool)

    # 3. knowledge, abilities in progress, log, rounds ------------------------------------------
    rows = [_coarse(s, o) for o in range(P + 1)]
    rows[seat] = row
    s.know = rows
    s.tasks = [Task.from_json(t, s) for t in view["tasks"]]
    s.pending = [idx(c) for c in view["pending"]]
    s.log = [(text, ()) for text in view["log"]]
    s.rounds = copy.deepcopy(view["rounds"])
    res: Any = view["result"]
    s.finished = None if res is None else Result(
        [float(v) for v in res["scores"]], list(res["winners"]), {"rounds": s.rounds})
    s._legal = None
    s.history = ["?"] * int(view["ply"])
    return s


def _coarse(s: BitterSweetState, obs: int) -> list[int]:
    """Safe knowledge for a seat whose view we do not have: own hand, face-up box, else hidden."""
    hidden = kn.OUT_BIT
    for cell, x in enumerate(s.box):
        if x >= 0 and not s.up[cell]:
            hidden |= 1 << cell
    for p in range(s.players):
        if p != obs and s.hands[p]:
            hidden |= kn.hand_bit(p)
    row = [hidden] * len(s.comps.chocs)
    for cell, x in enumerate(s.box):
        if x >= 0 and s.up[cell]:
            row[x] = 1 << cell
    if obs < s.players:
        for x in s.hands[obs]:
            row[x] = kn.hand_bit(obs)
    return row


def components_of(state: BitterSweetState) -> Counter[str]:
    """Every Choc (box, hands, set aside) and every player's Preference cards (YUM!, YUCK!,
    deck, discards), for the conformance kit."""
    chocs, prefs = state.comps.chocs, state.comps.preferences
    out: Counter[str] = Counter()
    for x in [*(x for x in state.box if x >= 0), *(x for h in state.hands for x in h),
              *state.out]:
        out[f"choc {chocs[x].id}"] += 1
    for p in range(state.players):
        for c in [*state.yum[p], *state.yuck[p], *state.deck[p], *state.discard[p]]:
            out[f"P{p + 1} preference {prefs[c].attribute}"] += 1
    return out
