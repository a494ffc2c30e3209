"""Bot heuristics for Le Chocolat. They see only a view (never a state) and the legal actions.

`choose(view, legal, rng)` is a one-ply greedy player that reads the public scoring card:

- Each tile it might claim is worth what it would add to its score *and* take from the
  opponent's (flavour values, sets and majorities, LC-6), as the difference of the two totals.
  A tile's scoring side is its up side; a blank up side scores as its hidden down side, which
  the bot estimates from the tile set (how often a blank side is paired with each flavour or
  with another blank, LC-2, LC-3), unless it owns the tile and so has seen that side.
- A claim (LC-5) is valued as its gain minus the best the opponent could then take on their
  turn: any group of 3 tiles or fewer, or one half of a single cut (LC-4) of 3 tiles or fewer.
- A split is valued as the best claim it lets the bot make at once (or none, if no small
  group results), with the same look at the opponent's reply.
- Each claimed tile is worth a little (`TILE_BONUS`) on top: most tiles breaks ties (LC-6).

Ties between equally good actions are broken with `rng`.

>>> import random, sweettooth as st
>>> s = st.game("lechocolat").new(players=2, seed=3)
>>> rng = random.Random(0)
>>> while s.to_move is not None:
...     s.apply(choose(s.view(s.to_move), s.legal_actions(), rng))
>>> len(s.result().winners) >= 1
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from sweettooth.core import JSON

from .actions import CLAIM_LIMIT, SPLITS, Claim, Split
from .bar import WIDTH as BAR_WIDTH
from .bar import Rect
from .components import BLANK, load_components

TILE_BONUS = 0.05
"""Worth of one more claimed tile (LC-6's tie-break), in VP."""

Dist = tuple[float, ...]
"""Probability of each scoring side (index 0: blank, so the tile is discarded)."""


@cache
def _blank_down(tiles_file: str) -> Dist:
    """What a blank up side hides: the other side of a random blank side in the tile set."""
    comps = load_components(tiles_file, "")
    counts = [0.0] * (len(comps.flavours) + 1)
    for a, b in comps.tiles:
        if a == BLANK:
            counts[b] += 1
        if b == BLANK:
            counts[a] += 1
    total = sum(counts) or 1.0
    return tuple(c / total for c in counts)


Card = tuple[
    int, tuple[float, ...], tuple[tuple[tuple[int, ...], float], ...],
    tuple[tuple[int, float], ...], dict[str, Dist],
]


@cache
def _card(tiles_file: str, cards_file: str, card_id: str) -> Card:
    """The scoring card's numbers by side index, and the side index of each side id."""
    comps = load_components(tiles_file, cards_file)
    side = {f.id: i + 1 for i, f in enumerate(comps.flavours)}
    side["blank"] = BLANK
    card = comps.card(card_id)
    values = tuple(float(v) for v in card.values)
    sets = tuple((tuple(s.flavours), float(s.points)) for s in card.sets)
    majorities = tuple((m.flavour, float(m.points)) for m in card.majorities)
    n = len(comps.flavours)
    units = {
        sid: tuple(1.0 if f == idx else 0.0 for f in range(n + 1)) for sid, idx in side.items()
    }
    return n, values, sets, majorities, units


_CELL = {f"{'abcdefg'[x]}{y + 1}": y * BAR_WIDTH + x for x in range(BAR_WIDTH) for y in range(5)}


class Board:
    """The parts of a view the heuristic reads: each cell's scoring-side distribution, the
    card, and each seat's expected flavour counts."""

    def __init__(self, view: JSON) -> None:
        opts = view.get("options", {})
        tiles_file, cards_file = str(opts.get("tiles_file", "")), str(opts.get("cards_file", ""))
        n, self.values, self.sets, self.majorities, units = _card(
            tiles_file, cards_file, view["scoring_card"]["id"]
        )
        self.flavours = n
        hidden = _blank_down(tiles_file)
        self.cell: list[Dist] = [()] * (BAR_WIDTH * 5)
        self.counts = [[0.0] * (n + 1) for _ in range(2)]
        self.tiles = [0, 0]
        self._gains: dict[tuple[int, Rect], float] = {}
        self._takes: dict[tuple[int, Rect], float] = {}
        self._margins: dict[int, float] = {}
        for t in view["tiles"]:
            up = t["up"]
            if up != "blank":
                dist = units[up]
            elif t["down"] is not None:
                dist = units[t["down"]]
            else:
                dist = hidden
            self.cell[_CELL[t["cell"]]] = dist
            owner = t["owner"]
            if owner is not None:
                self._add(owner, dist)

    def _add(self, seat: int, dist: Dist) -> None:
        c = self.counts[seat]
        for f in range(1, self.flavours + 1):
            c[f] += dist[f]
        self.tiles[seat] += 1

    def total(self, mine: list[float], theirs: list[float]) -> float:
        """Expected VP of `mine` against `theirs` (majorities need strictly most, LC-6)."""
        vp = sum(m * v for m, v in zip(mine, self.values, strict=True))
        vp += sum(min(mine[f] for f in fl) * pts for fl, pts in self.sets)
        for f, pts in self.majorities:
            if mine[f] > theirs[f] + 1e-9:
                vp += pts
            elif abs(mine[f] - theirs[f]) <= 1e-9 and mine[f] > 0:
                vp += pts / 2  # a tie is a coin flip on who gets the next such tile
        return vp

    def margin(self, seat: int) -> float:
        """`seat`'s expected lead over the other seat."""
        me, them = self.counts[seat], self.counts[1 - seat]
        lead = self.total(me, them) - self.total(them, me)
        return lead + TILE_BONUS * (self.tiles[seat] - self.tiles[1 - seat])

    def gain(self, seat: int, group: Rect) -> float:
        """How much claiming `group` raises `seat`'s lead (memoized: the board is fixed)."""
        key = (seat, group)
        known = self._gains.get(key)
        if known is not None:
            return known
        before = self._margins.get(seat)
        if before is None:
            before = self._margins[seat] = self.margin(seat)
        saved = list(self.counts[seat]), self.tiles[seat]
        for c in group.cells():
            self._add(seat, self.cell[c])
        after = self.margin(seat)
        self.counts[seat], self.tiles[seat] = saved
        self._gains[key] = after - before
        return after - before

    def best_take(self, seat: int, group: Rect) -> float:
        """The most `seat` could gain from `group` in one turn: the group itself if it has 3
        tiles or fewer, or a half of one cut with 3 tiles or fewer (LC-4, LC-5); 0 if none."""
        key = (seat, group)
        known = self._takes.get(key)
        if known is not None:
            return known
        best = self.gain(seat, group) if group.area <= CLAIM_LIMIT else 0.0
        for cut in SPLITS[group]:
            for half in cut.halves():
                if half.area <= CLAIM_LIMIT:
                    best = max(best, self.gain(seat, half))
        self._takes[key] = best
        return best


def threat(board: Board, seat: int, groups: Sequence[Rect]) -> float:
    """The most the opponent of `seat` could gain on their next turn (0 if nothing to take)."""
    them = 1 - seat
    return max((board.best_take(them, g) for g in groups), default=0.0)


def claim_value(board: Board, seat: int, groups: list[Rect], claim: Rect) -> float:
    """What the greedy player scores claiming `claim`: its gain minus the opponent's best take
    from the groups left."""
    rest = list(groups)
    rest.remove(claim)
    return board.gain(seat, claim) - threat(board, seat, rest)


def split_value(board: Board, seat: int, groups: list[Rect], split: Split) -> float:
    """What the greedy player scores a split: its best claim among the groups of 3 tiles or
    fewer it leaves (the opponent's best take, negated, if there is none)."""
    after = [g for g in groups if g != split.group]
    after.extend(split.halves())
    small = [g for g in after if g.area <= CLAIM_LIMIT]
    if not small:
        return -threat(board, seat, after)
    return max(claim_value(board, seat, after, g) for g in small)


def choose(view: JSON, legal: Sequence[Any], rng: random.Random) -> Any:
    """The greedy player's action (one of `legal`, as given); ties broken by `rng`."""
    if len(legal) == 1:
        return legal[0]
    seat = int(view["seat"])
    board = Board(view)
    groups = [Rect.parse(g) for g in view["groups"]]
    scored: list[tuple[float, float, int]] = []
    for i, a in enumerate(legal):
        if isinstance(a, Claim):
            value = claim_value(board, seat, groups, a.group)
        elif isinstance(a, Split):
            value = split_value(board, seat, groups, a)
        else:
            value = float("-inf")
        scored.append((round(value, 9), rng.random(), i))
    return legal[max(scored)[2]]


def rollout(view: JSON, legal: Sequence[Any], rng: random.Random) -> Any:
    """A quicker greedy player for search rollouts: it claims the group that raises its lead
    most, and splits to make the best group it can claim at once (no look at the opponent's
    reply). Same view-only contract as `choose`."""
    if len(legal) == 1:
        return legal[0]
    seat = int(view["seat"])
    board = Board(view)
    best, pick = float("-inf"), 0
    for i, a in enumerate(legal):
        if isinstance(a, Claim):
            value = board.gain(seat, a.group)
        elif isinstance(a, Split):
            value = max((board.gain(seat, h) for h in a.halves() if h.area <= CLAIM_LIMIT),
                        default=0.0)
        else:
            continue
        value += 1e-6 * rng.random()
        if value > best:
            best, pick = value, i
    return legal[pick]


SCALE = 4.0
"""VP of lead that make a win about 73% likely, in `evaluate` (a logistic guess)."""


def evaluate(view: JSON) -> list[float]:
    """Each seat's chance to win from here, guessed from the expected lead on the claimed
    tiles (hidden sides at their tile-set odds, LC-3): a logistic curve in the lead. Any view
    will do; a spectator's (seat None) is fair to both seats. For search cut-offs."""
    board = Board(view)
    lead = board.margin(0)
    p = 1.0 / (1.0 + math.exp(-lead / SCALE))
    return [p, 1.0 - p]
