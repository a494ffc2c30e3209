"""Determinization (`LeChocolat.sample`): deal the unseen down sides and the removed tile.

A seat knows every up side, the down sides of its own claimed tiles and, at the end, those of
claimed tiles with a blank up side. Every other down side, and the whole removed tile, is dealt
at random from the tiles not accounted for, so that each cell gets a tile that really has its
visible up side.

Cells are dealt one at a time, each a random tile (weighted by how many are left) that keeps the
rest dealable. "Dealable" is Hall's condition for this transport problem: for every set S of
faces, the cells showing a face in S need no more tiles than there are tiles with a side in S.
With seven faces that is 128 sums, kept up to date as tiles are dealt, so a deal never
backtracks.
"""

from __future__ import annotations

from collections import Counter

from sweettooth.core import Rng

from .components import Components

Pair = tuple[int, int]


def _pair(a: int, b: int) -> Pair:
    return (a, b) if a <= b else (b, a)


class _Hall:
    """Supply and demand of every set of faces, as bitmasks."""

    def __init__(self, faces: int, pool: Counter[Pair], demand: list[int]) -> None:
        self.full = 1 << faces
        self.supply = [0] * self.full
        self.demand = [0] * self.full
        for s in range(1, self.full):
            self.supply[s] = sum(n for p, n in pool.items() if self.mask(p) & s)
            self.demand[s] = sum(d for f, d in enumerate(demand) if s >> f & 1)

    @staticmethod
    def mask(p: Pair) -> int:
        return (1 << p[0]) | (1 << p[1])

    def move(self, pair: Pair, face: int, step: int) -> None:
        """Deal (step=-1) or undeal (step=+1) one tile `pair` to a cell showing `face`."""
        m, bit = self.mask(pair), 1 << face
        for s in range(1, self.full):
            if s & m:
                self.supply[s] += step
            if s & bit:
                self.demand[s] += step

    def ok(self) -> bool:
        return all(a >= b for a, b in zip(self.supply, self.demand, strict=True))


def deal_hidden(
    comps: Components, up: list[int], known_down: list[int | None], rng: Rng
) -> tuple[list[int], tuple[int, int]]:
    """Down sides for every cell and the removed tile, consistent with what is known."""
    pool = Counter(_pair(a, b) for a, b in comps.tiles)
    for cell, down in enumerate(known_down):
        if down is not None:
            pool[_pair(up[cell], down)] -= 1
            if pool[_pair(up[cell], down)] < 0:
                raise ValueError(f"view shows more {up[cell]}/{down} tiles than the box holds")
    unknown = [c for c, d in enumerate(known_down) if d is None]
    rng.shuffle(unknown)
    faces = len(comps.flavours) + 1
    demand = [0] * faces
    for c in unknown:
        demand[up[c]] += 1
    hall = _Hall(faces, pool, demand)
    if not hall.ok():
        raise ValueError("no deal of the tiles fits this view")
    downs: list[int] = [d if d is not None else -1 for d in known_down]
    kinds = sorted(pool)
    for cell in unknown:
        face = up[cell]
        bag = [p for p in kinds if face in p for _ in range(pool[p])]
        rng.shuffle(bag)
        tried: set[Pair] = set()
        for pair in bag:
            if pair in tried:
                continue
            tried.add(pair)
            hall.move(pair, face, -1)
            if hall.ok():
                pool[pair] -= 1
                downs[cell] = pair[1] if pair[0] == face else pair[0]
                break
            hall.move(pair, face, +1)
        else:  # unreachable while Hall's condition held before this cell
            raise ValueError("no deal of the tiles fits this view")
    left = [p for p in kinds for _ in range(pool[p])]
    if len(left) != 1:
        raise ValueError(f"expected one removed tile, {len(left)} left")
    removed = left[0] if rng.random() < 0.5 else (left[0][1], left[0][0])
    return downs, removed
