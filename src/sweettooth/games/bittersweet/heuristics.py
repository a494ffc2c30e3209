"""BitterSweet bot heuristics. They see only a view and the legal actions, and draw any chance
from the `rng` they are given.

`greedy(threshold)` values each Choc it can see for itself: its printed points (an estimate for
"1 or 3 if..." and "?"), plus `yum_bonus` per attribute matching its YUM! and minus
`yuck_penalty` per attribute matching its YUCK! (wilds count for every card). On its turn it

1. takes the best Choc it knows of (face up, or face down and peeked) worth `threshold` or more;
2. otherwise reveals a face-down Choc when it is unsure (reveal before taking);
3. otherwise returns its worst Choc if that one is worth less than 0 (and a wrapper is left),
   or takes the best known Choc if worth more than 0, else a face-down one at random.

In decisions it gives and returns its worst Chocs (to the opponent with most round wins when it
may choose), asks the opponent with the biggest hand for a Choc, and picks unknown cells to peek.
`choose` is `greedy(3)`.

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
from typing import Any

from sweettooth.core import JSON

from .components import Choc, Components, load_components
from .state import ROUND_WINS_NEEDED

Chooser = Callable[[JSON, Sequence[Any], random.Random], Any]


def _comps(view: JSON) -> Components:
    opts = view.get("options", {})
    return load_components(str(opts.get("chocs_file", "")), str(opts.get("preferences_file", "")))


def choc_value(choc: Choc, yum: list[str], yuck: list[str], yum_bonus: float = 2.0,
               yuck_penalty: float = 2.0) -> float:
    """What a Choc seems worth to a player with these YUM! and YUCK! attributes."""
    s = choc.score
    base = float(s.points) if s.kind == "fixed" else (2.0 if s.kind == "one_or_three"
                                                      else float(s.points))
    value = base
    wild = choc.trigger("round_end")
    for e in wild.effects if wild else ():
        if e.do == "wild":
            value += (yum_bonus * len(yum)) if e.as_ == "yum" else -(yuck_penalty * len(yuck))
    attrs = choc.attributes
    value += yum_bonus * sum(1 for a in yum if a in attrs)
    value -= yuck_penalty * sum(1 for a in yuck if a in attrs)
    return value


def greedy(threshold: float = 3.0, yum_bonus: float = 2.0, yuck_penalty: float = 2.0) -> Chooser:
    """A heuristic player; see the module docstring."""

    def choose_action(view: JSON, legal: Sequence[Any], rng: random.Random) -> Any:
        comps = _comps(view)
        me = int(view["seat"])
        mine = view["seats"][me]
        yum, yuck = mine["yum"], mine["yuck"]

        def value(cid: str) -> float:
            return choc_value(comps.chocs[comps.choc_index(cid)], yum, yuck, yum_bonus,
                              yuck_penalty)

        by_text = {str(a): a for a in legal}
        texts = list(by_text)
        verb = texts[0].split()[0]
        if verb == "resolve":
            return legal[0]
        if verb == "pick":
            return by_text[rng.choice(texts)]
        if verb == "choose":
            others = [e for e in view["seats"] if e["seat"] != me]
            target = max(others, key=lambda e: (e["hand_size"], rng.random()))
            want = f"choose P{target['seat'] + 1}"
            return by_text.get(want, by_text[rng.choice(texts)])
        if verb == "give":
            leader = max((e for e in view["seats"] if e["seat"] != me),
                         key=lambda e: (e["round_wins"], rng.random()))["seat"]
            ranked = sorted(texts, key=lambda t: (value(t.split()[1]),
                                                  t.split()[3] != f"P{leader + 1}"))
            return by_text[ranked[0]]
        if view["tasks"]:  # an ability's return: the worst Choc
            return by_text[min(texts, key=lambda t: value(t.split()[1]))]
        # a turn action
        known = [(value(b["choc"]), b["cell"]) for b in view["box"] if b["choc"]]
        best = max(known, default=None)
        if best is not None and best[0] >= threshold:
            return by_text[f"take {best[1]}"]
        reveals = [t for t in texts if t.startswith("reveal ")]
        unknown = [t for t in reveals
                   if not next(b for b in view["box"] if b["cell"] == t.split()[1])["choc"]]
        if unknown:
            return by_text[rng.choice(unknown)]
        returns = [t for t in texts if t.startswith("return ")]
        if returns:
            worst = min(returns, key=lambda t: value(t.split()[1]))
            if value(worst.split()[1]) < 0:
                return by_text[worst]
        if best is not None and best[0] > 0:
            return by_text[f"take {best[1]}"]
        blind = [t for t in texts if t.startswith("take ")
                 and not next(b for b in view["box"] if b["cell"] == t.split()[1])["choc"]]
        return by_text[rng.choice(blind or texts)]

    return choose_action


choose: Chooser = greedy(3.0)


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
