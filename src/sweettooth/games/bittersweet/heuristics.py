"""BitterSweet bot heuristics. They see only a view and the legal actions, and draw any chance
from the `rng` they are given.

`greedy(threshold)` values each Choc it can see for itself, by the round's real scoring with
its own YUM! and YUCK! cards (scoring.py): a Choc in its hand is worth what its hand's score
would lose without it, any other Choc what its hand's score would gain with it (so a Choc
matching its YUCK! is worth less than nothing, a YUM! wild the more the more YUM! cards it
has). On its turn it

1. takes the best Choc it knows of (face up, or face down and peeked) worth `threshold` or more;
2. otherwise reveals a face-down Choc when it is unsure (reveal before taking);
3. otherwise returns its worst Choc if that one is worth less than 0 (and a wrapper is left),
   or takes the best known Choc if worth more than 0, else a face-down one at random.

In decisions it gives and returns its worst Chocs (to the opponent with most round wins when it
may choose), trades for the best face-up Choc, asks the opponent with the biggest hand for a
Choc, and peeks at cells whose Choc it does not know (not one it returned itself, nor one it
has seen). `choose` is `greedy(3)`.
`sensible(view, legal)` drops the moves no sensible player makes (the search looks only at the
rest): giving or returning a Choc worth clearly more to it than its worst, peeking at or
revealing a Choc it knows (unless its On Reveal ability is the point).

>>> import random, sweettooth as st
>>> s = st.game("bittersweet").new(players=3, seed=2)
>>> rng = random.Random(0)
>>> while s.to_move is not None:
...     s.apply(choose(s.view(s.to_move), s.legal_actions(), rng))
>>> len(s.result().winners) >= 1
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from sweettooth.core import JSON

from .actions import Return, Reveal, Take
from .components import Components, components_for
from .scoring import tally
from .state import ROUND_WINS_NEEDED

if TYPE_CHECKING:
    from .state import BitterSweetState

Chooser = Callable[[JSON, Sequence[Any], random.Random], Any]


def _comps(view: JSON) -> Components:
    return components_for(view.get("options", {}))


class Values:
    """What each Choc is worth to the viewing seat: the change it makes to the seat's own round
    score (real scoring with its own YUM! and YUCK! cards), kept or gained."""

    def __init__(self, view: JSON) -> None:
        self.comps = comps = _comps(view)
        mine = view["seats"][int(view["seat"])]
        self.hand = [comps.choc_index(c) for c in mine["hand"]]
        self.yum = [comps.pref_index(a) for a in mine["yum"]]
        self.yuck = [comps.pref_index(a) for a in mine["yuck"]]
        self._total = tally(comps).total
        self.now = self.total(self.hand)
        self.memo: dict[str, float] = {}

    def total(self, hand: list[int]) -> float:
        return float(self._total(hand, self.yum, self.yuck))

    def __call__(self, cid: str) -> float:
        found = self.memo.get(cid)
        if found is None:
            x = self.comps.choc_index(cid)
            if x in self.hand:
                rest = list(self.hand)
                rest.remove(x)
                found = self.now - self.total(rest)
            else:
                found = self.total([*self.hand, x]) - self.now
            self.memo[cid] = found
        return found


_VALUES: dict[tuple[Any, ...], Values] = {}


def values(view: JSON) -> Values:
    """The seat's `Values`, shared by every view with the same cards, hand and Preference cards
    (a search's rollouts ask again and again; a Choc's worth depends on nothing else)."""
    mine = view["seats"][int(view["seat"])]
    options = view.get("options", {})
    key = (options.get("cards"), options.get("chocs_file"), options.get("preferences_file"),
           tuple(mine["hand"]), tuple(mine["yum"]), tuple(mine["yuck"]))
    found = _VALUES.get(key)
    if found is None:
        if len(_VALUES) >= 4096:
            _VALUES.clear()
        found = _VALUES[key] = Values(view)
    return found


def known_cells(view: JSON) -> dict[str, str]:
    """Face-down cells whose Choc the seat knows (it returned it there, or has seen it): the
    Choc's id by cell."""
    return {b["cell"]: b["choc"] for b in view["box"] if b["face"] == "down" and b["choc"]}


def greedy(threshold: float = 3.0) -> Chooser:
    """A heuristic player; see the module docstring."""

    def choose_action(view: JSON, legal: Sequence[Any], rng: random.Random) -> Any:
        if type(legal[0]) is Take and not view["tasks"]:
            return _turn_action(view, legal, rng, threshold)
        me = int(view["seat"])
        by_text = {str(a): a for a in legal}
        texts = list(by_text)
        verb = texts[0].split()[0]
        if verb == "resolve":
            return legal[0]
        if verb == "pick" and view["tasks"] and view["tasks"][-1]["kind"] == "trade":
            value = values(view)
            up = {b["cell"]: b["choc"] for b in view["box"] if b["face"] == "up"}
            return by_text[max(texts, key=lambda t: (value(up[t.split()[1]]), rng.random()))]
        if verb == "pick":
            seen = known_cells(view)
            fresh = [t for t in texts if t.split()[1] not in seen]
            peeking = bool(view["tasks"]) and view["tasks"][-1]["kind"] == "peek"
            return by_text[rng.choice(fresh if peeking and fresh else texts)]
        if verb == "choose":
            others = [e for e in view["seats"] if e["seat"] != me]
            target = max(others, key=lambda e: (e["hand_size"], rng.random()))
            want = f"choose P{target['seat'] + 1}"
            return by_text.get(want, by_text[rng.choice(texts)])
        value = values(view)
        if verb == "give":
            leader = max((e for e in view["seats"] if e["seat"] != me),
                         key=lambda e: (e["round_wins"], rng.random()))["seat"]
            ranked = sorted(texts, key=lambda t: (value(t.split()[1]),
                                                  t.split()[3] != f"P{leader + 1}"))
            return by_text[ranked[0]]
        if view["tasks"]:  # an ability's return: the worst Choc
            return by_text[min(texts, key=lambda t: value(t.split()[1]))]
        return _turn_action(view, legal, rng, threshold)  # (not reached: turns start with takes)

    return choose_action


def _turn_action(view: JSON, legal: Sequence[Any], rng: random.Random, threshold: float) -> Any:
    """A turn action (take, reveal, return; `legal` in the engine's order): see the module
    docstring. Reads the actions' types and labels rather than their notation (rollouts make
    this choice by the thousand)."""
    value = values(view)
    memo = value.memo
    choc_at: dict[str, str | None] = {}
    known: list[tuple[float, str, int]] = []  # (worth, cell, how many filled cells before)
    filled = 0
    for b in view["box"]:
        c = choc_at[cell := b["cell"]] = b["choc"]
        if c:
            known.append((memo[c] if c in memo else value(c), cell, filled))
        if b["face"] != "empty":
            filled += 1
    best = max(known, default=None)
    if best is not None and best[0] >= threshold:
        return _take(legal, best[1], best[2])
    unknown = [a for a in legal if type(a) is Reveal and not choc_at[a.label]]
    if unknown:
        return rng.choice(unknown)
    first: dict[int, Any] = {}  # each Choc's first return (the first of the worst is played)
    for a in legal:
        if type(a) is Return and a.choc not in first:
            first[a.choc] = a
    if first:
        worth = [(value(a.label.split()[0]), a) for a in first.values()]
        least = min(w for w, _ in worth)
        if least < 0:
            return next(a for w, a in worth if w == least)
    if best is not None and best[0] > 0:
        return _take(legal, best[1], best[2])
    blind = [a for a in legal if type(a) is Take and not choc_at[a.label]]
    return rng.choice(blind or list(legal))


def _take(legal: Sequence[Any], cell: str, at: int) -> Any:
    """The take of `cell`: the engine lists one take per filled cell first, in cell order, so
    it is legal[at] (`at` filled cells before it); else found by looking."""
    a = legal[at] if at < len(legal) else None
    if type(a) is Take and a.label == cell:
        return a
    return next(a for a in legal if type(a) is Take and a.label == cell)


choose: Chooser = greedy(3.0)

WORSE_BY = 1.0
"""Giving or returning a Choc worth this much more than the worst one on offer is a blunder."""


def sensible(view: JSON, legal: Sequence[Any]) -> list[Any]:
    """The legal moves a sensible player considers (see the module docstring)."""
    texts = [str(a) for a in legal]
    verb = texts[0].split()[0] if texts else ""
    keep = list(legal)
    if verb in ("give", "return") and view["tasks"]:
        value = values(view)
        worth = [value(t.split()[1]) for t in texts]
        least = min(worth)
        keep = [a for a, w in zip(legal, worth, strict=True) if w < least + WORSE_BY]
    elif verb == "pick" and view["tasks"] and view["tasks"][-1]["kind"] == "peek":
        known = known_cells(view)
        keep = [a for a, t in zip(legal, texts, strict=True) if t.split()[1] not in known]
    elif "take" in {t.split()[0] for t in texts}:  # a turn action
        comps = _comps(view)
        inside = known_cells(view)
        keep = []
        for a, t in zip(legal, texts, strict=True):
            words = t.split()
            if words[0] == "reveal" and words[1] in inside:
                choc = comps.chocs[comps.choc_index(inside[words[1]])]
                if choc.trigger("on_reveal") is None:
                    continue  # it tells nothing and does nothing: an action thrown away
            keep.append(a)
    return keep or list(legal)


def evaluate(view: JSON) -> list[float]:
    """Each seat's expected search reward from the round wins so far (for search cut-offs at
    the end of a round, ISMCTS `horizon`): 0.75 x its chance to win the game, counting each
    later round as won by any player alike, + 0.25 x its round wins normalized among the seats.

    >>> evaluate({"seats": [{"round_wins": 1}, {"round_wins": 0}]})
    [0.8125, 0.1875]
    """
    wins = tuple(int(e["round_wins"]) for e in view["seats"])
    chance = win_chances(wins)
    lo, hi = min(wins), max(wins)
    norm = [(w - lo) / (hi - lo) if hi > lo else 0.5 for w in wins]
    return [0.75 * c + 0.25 * n for c, n in zip(chance, norm, strict=True)]


@cache
def win_chances(wins: tuple[int, ...]) -> tuple[float, ...]:
    """Each player's chance to be first to ROUND_WINS_NEEDED if every later round has one
    winner, each player alike.

    >>> win_chances((1, 0))
    (0.75, 0.25)
    """
    players = len(wins)
    done = [s for s, w in enumerate(wins) if w >= ROUND_WINS_NEEDED]
    if done:
        return tuple(1.0 / len(done) if s in done else 0.0 for s in range(players))
    total = [0.0] * players
    for s in range(players):
        nxt = win_chances(tuple(w + (t == s) for t, w in enumerate(wins)))
        for t in range(players):
            total[t] += nxt[t] / players
    return tuple(total)


def rollout_view(state: BitterSweetState, seat: int) -> JSON:
    """The part of `seat`'s view these heuristics read, built straight from a search's imagined
    state (a full view also writes out the log, the rounds and the whereabouts of every Choc,
    which a rollout does not need): the box as the seat sees it, its own hand and Preference
    cards, every hand size and round wins, the abilities in progress. Each entry equals the
    full view's (tests/agents/test_rollout_views.py). The box's cells are dicts shared by every
    rollout view (`_cells`): read them, never change them."""
    chocs = state.comps.chocs
    empty, up_at, down_at, cell_of = _cells(state.comps, state.cell_names)
    # face-down cell -> the Choc the seat knows is there (its mask is that cell alone)
    known = {cell_of[m]: y for y, m in enumerate(state.know_row(seat)) if m in cell_of}
    up = state.up
    box = [empty[c] if x < 0 else up_at[c][x] if up[c] else down_at[c][known.get(c, -1)]
           for c, x in enumerate(state.box)]
    seats: list[JSON] = []
    for s in range(state.players):
        entry: JSON = {"seat": s, "hand_size": len(state.hands[s]),
                       "round_wins": state.wins[s]}
        if s == seat:
            prefs = state.comps.preferences
            entry["hand"] = [chocs[x].id for x in sorted(state.hands[s])]
            entry["yum"] = [prefs[p].attribute for p in state.yum[s]]
            entry["yuck"] = [prefs[p].attribute for p in state.yuck[s]]
        seats.append(entry)
    return {"seat": seat, "options": dict(state.options), "box": box, "seats": seats,
            "tasks": [t.to_json(state) for t in state.tasks]}


Cells = tuple[list[JSON], list[list[JSON]], list[list[JSON]], dict[int, int]]
_CELLS: dict[tuple[int, int], tuple[Components, Cells]] = {}


def _cells(comps: Components, names: list[str]) -> Cells:
    """Every box entry a view can show, made once per card set and box: (empty[cell],
    up[cell][choc], down[cell][choc, or -1 for unknown]), and the cell of each cell's bit in a
    Choc's whereabouts mask. A box's size fixes its cell names."""
    key = (id(comps), len(names))
    found = _CELLS.get(key)
    if found is None or found[0] is not comps:
        ids = [c.id for c in comps.chocs]
        cells: Cells = (
            [{"cell": n, "face": "empty", "choc": None} for n in names],
            [[{"cell": n, "face": "up", "choc": i} for i in ids] for n in names],
            [[*({"cell": n, "face": "down", "choc": i} for i in ids),
              {"cell": n, "face": "down", "choc": None}] for n in names],
            {1 << c: c for c in range(len(names))})
        found = _CELLS[key] = (comps, cells)
    return found[1]
