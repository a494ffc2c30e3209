"""Determinization: a full state consistent with one seat's view (`BitterSweet.sample`).

The view holds everything the seat knows: the box, its hand and Preference cards, every hand
size, the discarded Preference cards, the Preference cards it has seen, and the `whereabouts`
of every other Choc (the places each may be, knowledge.py). The sampler

1. deals the hidden Chocs to the hidden places (face-down cells, other hands, the Empty Wrapper
   pile) so that each Choc lands in a place its whereabouts allow and every place gets exactly
   as many Chocs as it holds: a random order, then augmenting paths (a bipartite matching with
   capacities), so a deal is always found when one exists;
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
from typing import TYPE_CHECKING, Any

from sweettooth.core import JSON, Result

from . import knowledge as kn
from .effects import Task

if TYPE_CHECKING:
    from .game import BitterSweet
    from .state import BitterSweetState


def _match(items: list[int], allowed: dict[int, list[int]], cap: list[int],
           rng: random.Random) -> list[list[int]]:
    """Place every item in an allowed location without exceeding capacities."""
    members: list[list[int]] = [[] for _ in cap]
    load = [0] * len(cap)

    def augment(item: int, seen: set[int]) -> bool:
        opts = list(allowed[item])
        rng.shuffle(opts)
        for loc in opts:
            if loc not in seen and load[loc] < cap[loc]:
                members[loc].append(item)
                load[loc] += 1
                return True
        for loc in opts:
            if loc in seen:
                continue
            seen.add(loc)
            for other in list(members[loc]):
                members[loc].remove(other)
                if augment(other, seen):
                    members[loc].append(item)
                    return True
                members[loc].append(other)
        return False

    order = list(items)
    rng.shuffle(order)
    for item in order:
        if not augment(item, set()):
            raise ValueError("the view admits no deal of the hidden Chocs")
    return members


def sample_state(game: BitterSweet, view: JSON, seat: int, seed: int) -> BitterSweetState:
    from .state import BitterSweetState, action_table

    options = dict(view["options"])
    comps = game.components(options)
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
    members = _match(items, allowed, cap, rng)
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
    s.know = [_coarse(s, o) for o in range(P + 1)]
    s.know[seat] = row
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
