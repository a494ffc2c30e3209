"""Bonbons actions and their notation. A turn is a sequence of separate decisions (BB-3).

| action     | notation     | when                              | meaning                       |
|------------|--------------|-----------------------------------|-------------------------------|
| FlipSquare | `c4`         | go start, after a round, coin run | flip the square at c4         |
| FlipRound  | `p1.3`       | go start, after a square          | flip seat 1's tile in slot 3  |
| Stop       | `stop`       | after a square (or coins) first   | flip nothing else; turn ends  |
| Cover      | `cover p0.2` | after the third coin              | coins on your slot-2 tile     |
| GiveBack   | `give p0.2`  | after a theft                     | give your slot-2 tile away    |

Squares are named like a chess board read from the top-left: columns a.. (left to right),
rows 1.. (top to bottom); a1 is the top-left square. Seats are numbered from 0 as everywhere in
the API (`p0` is seat 0, who starts); slots in a row are numbered from 1 (left to right). A
`FlipRound` on an opponent's tile is a theft attempt (BB-3, BB-4).

Every action is interned in tables built once (`SQUARES`, `ROUNDS`, `COVERS`, `GIVES`, `STOP`),
so the hot path never builds one, and `NOTATION` maps text back to the action.
`SQUARES[n][pos]` flips square `pos` (row-major) of an n x n grid.

>>> str(SQUARES[6][8]), str(ROUNDS[1][2]), str(COVERS[0][1]), str(GIVES[2][0]), str(STOP)
('c2', 'p1.3', 'cover p0.2', 'give p2.1', 'stop')
>>> NOTATION["p1.3"] == FlipRound(1, 2)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .components import COLUMNS

MAX_SEATS = 6
MAX_SLOTS = 8  # a row holds the deal plus one tile per empty wrapper: far below this


@dataclass(frozen=True, slots=True)
class FlipSquare:
    """Flip the square tile at (`col`, `row`), 0-based; notation `c4`."""

    col: int
    row: int
    text: str = field(default="", init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", f"{COLUMNS[self.col]}{self.row + 1}")

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class FlipRound:
    """Flip the round tile in `slot` (0-based) of `seat`'s row; notation `p1.3`."""

    seat: int
    slot: int
    text: str = field(default="", init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", f"p{self.seat}.{self.slot + 1}")

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Stop:
    """After a square flipped first, flip nothing else (BB-3); the turn ends."""

    @property
    def text(self) -> str:
        return "stop"

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class Cover:
    """Place the three coins on your own face-down tile in `slot` (BB-5)."""

    seat: int
    slot: int
    text: str = field(default="", init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", f"cover p{self.seat}.{self.slot + 1}")

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class GiveBack:
    """After a theft, give the victim your own face-down tile in `slot` (BB-4)."""

    seat: int
    slot: int
    text: str = field(default="", init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", f"give p{self.seat}.{self.slot + 1}")

    def __str__(self) -> str:
        return self.text


Action = FlipSquare | FlipRound | Stop | Cover | GiveBack

STOP = Stop()
SQUARES: dict[int, tuple[FlipSquare, ...]] = {
    n: tuple(FlipSquare(pos % n, pos // n) for pos in range(n * n))
    for n in range(1, len(COLUMNS) + 1)
}
ROUNDS = tuple(tuple(FlipRound(s, k) for k in range(MAX_SLOTS)) for s in range(MAX_SEATS))
COVERS = tuple(tuple(Cover(s, k) for k in range(MAX_SLOTS)) for s in range(MAX_SEATS))
GIVES = tuple(tuple(GiveBack(s, k) for k in range(MAX_SLOTS)) for s in range(MAX_SEATS))

NOTATION: dict[str, Action] = {"stop": STOP}
for _squares in SQUARES.values():
    NOTATION.update((a.text, a) for a in _squares)
for _rounds, _covers, _gives in zip(ROUNDS, COVERS, GIVES, strict=True):
    NOTATION.update((a.text, a) for a in _rounds)
    NOTATION.update((a.text, a) for a in _covers)
    NOTATION.update((a.text, a) for a in _gives)
