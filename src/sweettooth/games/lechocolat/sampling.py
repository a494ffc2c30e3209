"""Determinization (`LeChocolat.sample`): deal the unseen down sides and the removed tile.

A seat knows every up side, the down sides of its own claimed tiles and, at the end, those of
claimed tiles with a blank up side. Every other down side, and the whole removed tile, is dealt
from the tiles not accounted for, so that each cell gets a tile that really has its visible up
side.

The deal is exact: every world consistent with the view comes out with its true probability
given the set-up (LC-1: the tiles shuffled, 35 laid with a random side up, the 36th removed).
A world is which tile kind sits under each unknown cell and which kind was removed. Every
consistent way of laying the unseen physical tiles is equally likely, and a blank/blank tile
shows a blank whichever side is up, so a world counts twice for each blank/blank tile on the
bar: the count of a world is the coefficient of

    prod over unseen tiles (a, b) of (t_a + t_b + t_R)      [(2 t_0 + t_R) for blank/blank]

at prod_f t_f^(unknown cells showing f) * t_R (one tile removed), term by term. `Deal` computes
these coefficients once per position (a table per tile kind, a face dropped as soon as no later
kind touches it, so the tables stay small; a table holds only its non-zero counts, exactly, as
Python integers), then each sample walks back through the kinds choosing how many of each go
to each side in proportion to the counts, and shuffles the tiles of each face among the cells
showing it.
"""

from __future__ import annotations

import contextlib
from bisect import bisect_right
from collections import Counter
from math import comb, factorial
from typing import Any

from sweettooth.core import JSON, Game, Rng

from .components import components_for
from .state import ChocolateState, set_up

Pair = tuple[int, int]
Term = tuple[int, int, int, int]  # to side a, to side b, removed, multiplicity
Shifted = tuple[int, int, int, int, int]  # a term and what it adds to a code
Table = dict[int, int]
"""Weights by the code of their counts (a digit per axis: a face, then R, the removed slot);
only weights that are not 0."""
Step = tuple[Pair, Table, list[Shifted]]  # a kind, the table before it, its terms


def _pair(a: int, b: int) -> Pair:
    return (a, b) if a <= b else (b, a)


def _terms(a: int, b: int, n: int) -> list[Term]:
    """Ways n tiles of kind (a, b) split between a-cells, b-cells and the removed slot."""
    out: list[Term] = []
    for r in (0, 1):
        if r > n:
            continue
        for x in range(n - r + 1):
            y = n - r - x
            if a == b:  # a double: all its laid tiles show a, either side up (x2 each)
                if y:
                    continue
                out.append((x, 0, r, comb(n, r) * 2**x))
            else:
                out.append((x, y, r, comb(n, r) * comb(n - r, x)))
    return out


class Deal:
    """The counting tables for one position: `sample` deals a world in O(kinds)."""

    def __init__(self, faces: int, pool: tuple[tuple[Pair, int], ...], need: tuple[int, ...]):
        self.kinds = _order(pool, faces)
        self.need = need  # per face, then the removed slot (1)
        axes = faces + 1
        # The code of counts: axis k's digit is worth place[k] and runs 0 .. need[k] (no more
        # is ever kept).
        self.place = [1] * axes
        for k in range(1, axes):
            self.place[k] = self.place[k - 1] * (need[k - 1] + 1)
        table: Table = {0: 1}
        left = Counter[int]()
        for (a, b), _ in self.kinds:
            left[a] += 1
            left[b] += a != b
        # What `sample` reads at each kind: the table before it, and its terms with the codes
        # they shift the counts by.
        self.walk: list[Step] = []
        for (a, b), n in self.kinds:
            place = self.place
            terms = [(x, y, r, m, x * place[a] + (y * place[b] if a != b else 0) + r * place[faces])
                     for x, y, r, m in _terms(a, b, n)]
            self.walk.append(((a, b), table, terms))
            table = self._multiply(table, a, b, terms)
            for f in {a, b}:
                left[f] -= 1
                if left[f] == 0:  # no later kind touches f: keep only count need[f]
                    table = self._close(table, f)
        self.total = table.get(sum(c * p for c, p in zip(need, self.place, strict=True)), 0)
        if self.total <= 0:
            raise ValueError("no deal of the tiles fits this view")
        # Per kind, the splits already worked out for the counts left (samples of one position
        # mostly walk the same few paths).
        self.memo: list[dict[tuple[int, ...], tuple[list[float], list[tuple[int, int, int]]]]]
        self.memo = [{} for _ in self.walk]

    def _multiply(self, table: Table, a: int, b: int, terms: list[Shifted]) -> Table:
        """The table times one kind's factor, counts past `need` dropped."""
        need, place = self.need, self.place
        pa, pb, pr = place[a], place[b], place[-1]
        na, nb, nr = need[a], need[b], need[-1]  # the digits run 0 .. need
        room = [(na - c // pa % (na + 1), nb - c // pb % (nb + 1), nr - c // pr % (nr + 1), c, w)
                for c, w in table.items()]
        out: Table = {}
        for x, y, r, mult, shift in terms:  # a double's y is 0: its tiles all show a
            for ra, rb, rr, c, w in room:
                if x <= ra and y <= rb and r <= rr:
                    key = c + shift
                    out[key] = out.get(key, 0) + mult * w
        return out

    def _close(self, table: Table, axis: int) -> Table:
        """Keep only the entries whose `axis` count is exactly need[axis]."""
        want, p = self.need[axis], self.place[axis]
        return {c: w for c, w in table.items() if c // p % (want + 1) == want}

    def sample(self, rng: Rng) -> tuple[list[list[int]], Pair]:
        """Per face, the down sides of its unknown cells (in a random order); the removed tile."""
        faces = len(self.need) - 1
        v = list(self.need)
        downs: list[list[int]] = [[] for _ in range(faces)]
        removed: Pair | None = None
        for i in range(len(self.walk) - 1, -1, -1):
            key = tuple(v)
            choice = self.memo[i].get(key)
            if choice is None:
                choice = self.memo[i][key] = self._choices(i, v)
            cumulative, picks = choice
            pick = 0 if len(picks) == 1 else bisect_right(cumulative, rng.random() * cumulative[-1])
            (a, b), (to_a, to_b, r) = self.walk[i][0], picks[pick]
            v[a] -= to_a
            v[b] -= to_b
            v[faces] -= r
            downs[a] += [b] * to_a
            downs[b] += [a] * to_b
            if r:
                removed = (a, b)
        assert removed is not None and not any(v), "the counting tables are inconsistent"
        for bag in downs:
            shuffle(bag, rng)
        return downs, removed

    def _choices(self, i: int, v: list[int]) -> tuple[list[float], list[tuple[int, int, int]]]:
        """How kind i may split, given counts `v` still to deal at and before it: cumulative
        weights and (to side a, to side b, removed) for each split of non-zero weight."""
        (a, b), table, terms = self.walk[i]
        faces = len(self.need) - 1
        here = sum(c * p for c, p in zip(v, self.place, strict=True))
        cumulative: list[float] = []
        picks: list[tuple[int, int, int]] = []
        total = 0.0
        for x, y, r, mult, shift in terms:  # a double's y is 0
            if x <= v[a] and y <= v[b] and r <= v[faces]:
                w = float(table.get(here - shift, 0) * mult)
                if w > 0:
                    total += w
                    cumulative.append(total)
                    picks.append((x, y, r))
        if not picks:
            raise AssertionError("the counting tables are inconsistent")
        return cumulative, picks


_FACTORIALS = [factorial(n) for n in range(64)]


def shuffle(seq: list[int], rng: Rng) -> None:
    """A uniformly random order of `seq`, in place, from one draw: a number below len(seq)!
    (by rejection, so exactly uniform) read digit by digit in the factorial number system.
    Not `Rng.shuffle` (one draw per item): this is 2 to 7 times faster on these bags, and
    seeded samples are made with it."""
    n = len(seq)
    if n < 2:
        return
    if n >= len(_FACTORIALS):
        rng.shuffle(seq)
        return
    bound = _FACTORIALS[n]
    bits = bound.bit_length()
    z = rng.getrandbits(bits)
    while z >= bound:
        z = rng.getrandbits(bits)
    for i in range(n - 1, 0, -1):
        z, j = divmod(z, i + 1)
        seq[i], seq[j] = seq[j], seq[i]


def _order(pool: tuple[tuple[Pair, int], ...], faces: int) -> list[tuple[Pair, int]]:
    """Kinds grouped by their highest face, so faces close early and tables stay small; blank
    (face 0, on the most kinds) last."""
    return sorted(((p, n) for p, n in pool if n > 0), key=lambda pn: (-pn[0][1], -pn[0][0]))


class Position:
    """What every sample of one view shares: the counting tables, the unknown cells of each
    face, and the public position (replayed from the log once; a sample only adds downs)."""

    def __init__(self, game: Game[Any], view: JSON) -> None:
        options = game.resolve_options(view["options"])
        comps = components_for(options)
        up = [comps.side_of(t["up"]) for t in view["tiles"]]
        self.known = [None if t["down"] is None else comps.side_of(t["down"])
                      for t in view["tiles"]]
        pool = Counter(_pair(a, b) for a, b in comps.tiles)
        for cell, down in enumerate(self.known):
            if down is not None:
                pool[_pair(up[cell], down)] -= 1
                if pool[_pair(up[cell], down)] < 0:
                    raise ValueError(
                        f"view shows more {up[cell]}/{down} tiles than the box holds")
        faces = len(comps.flavours) + 1
        self.cells: list[list[int]] = [[] for _ in range(faces)]
        for cell, down in enumerate(self.known):
            if down is None:
                self.cells[up[cell]].append(cell)
        self.deal = Deal(faces, tuple(sorted(pool.items())),
                         (*(len(c) for c in self.cells), 1))
        state = ChocolateState.__new__(ChocolateState)
        state._init_base(game, view["players"], 0, options)
        downs, removed = self.downs(Rng(0))
        set_up(state, comps, comps.card(view["scoring_card"]["id"]), up, downs, removed)
        for move in view["log"]:
            state.apply(game.parse_action(state, move["action"]))
        self.public = state

    def downs(self, rng: Rng) -> tuple[list[int], tuple[int, int]]:
        """Down sides for every cell and the removed tile, consistent with the view."""
        bags, removed = self.deal.sample(rng)
        downs = [-1 if d is None else d for d in self.known]
        for cells, bag in zip(self.cells, bags, strict=True):
            for cell, down in zip(cells, bag, strict=True):
                downs[cell] = down
        if rng.random() < 0.5:
            removed = (removed[1], removed[0])
        return downs, removed

    def sample(self, seed: int) -> ChocolateState:
        rng = Rng(seed)
        state = self.public.copy()
        state.seed, state.rng = seed, rng
        state.down, state.removed = self.downs(rng)
        return state


_POSITIONS: dict[tuple[Any, ...], Position] = {}
_KEEP = 32  # positions remembered (a search samples one view thousands of times)


_LAST: list[Any] = [None, None]  # the last view sampled and its position


def sample(game: Game[Any], view: JSON, seed: int) -> ChocolateState:
    """A state whose view for the seat is `view`, the hidden sides dealt from `seed`.

    A search samples the same view object over and over: that one is recognised at once (views
    are plain data that nobody changes once made)."""
    if view is _LAST[0]:
        return _LAST[1].sample(seed)  # type: ignore[no-any-return]
    key = (
        tuple(sorted(view["options"].items())), view["scoring_card"]["id"],
        tuple((t["up"], t["down"]) for t in view["tiles"]),
        tuple(m["action"] for m in view["log"]),
    )
    position = _POSITIONS.get(key)
    if position is None:
        position = Position(game, view)
        if len(_POSITIONS) >= _KEEP:  # forget the oldest (another thread may have already)
            with contextlib.suppress(KeyError, RuntimeError, StopIteration):
                del _POSITIONS[next(iter(_POSITIONS))]
        _POSITIONS[key] = position
    _LAST[:] = [view, position]
    return position.sample(seed)


def components_of(state: ChocolateState) -> Counter[str]:
    """Every tile of the state, wherever it is (for the conformance kit): the 35 on the bar as
    their two sides in either order, and the removed one."""
    side = state.comps.side_id
    tiles = [*zip(state.up, state.down, strict=True), state.removed]
    return Counter("tile " + "/".join(sorted((side(a), side(b)))) for a, b in tiles)
