"""BitterSweet actions and their notation.

Cells of the box are named by column letter and row number, `a1` top left (5, 6 or 7 columns
of 4 rows). Chocs are named by their id (`pecan`, `pea-pod`), players by `P1`..`P4` (seat 0 is
P1).

Turn actions (two per turn, BS-3 for return):
    take a1              take the Choc in a1 (face up or face down) into your hand
    reveal a1            flip the face-down Choc in a1 face up (On Reveal abilities fire)
    return pecan a1      return pecan face down to the empty space a1 (and take an Empty
                         Wrapper, unless an ability made you return it)

Decisions that abilities ask for:
    pick a1              a face-down Choc to reveal or to look at
    give pecan to P2     a Choc to give (to the player named)
    choose P2            a player (the one who must give you a Choc, or whose YUM!/YUCK! you see)
    resolve pecan        which pending On Reveal ability resolves next
"""

from __future__ import annotations

from dataclasses import dataclass

COLUMNS = "abcdefg"
ROWS = 4
EMPTY = -1  # a box cell with no Choc


def cell_name(cell: int, cols: int) -> str:
    """The name of a cell: column letter, row number.

    >>> cell_name(6, 5)
    'b2'
    """
    return f"{COLUMNS[cell % cols]}{cell // cols + 1}"


def player_name(seat: int) -> str:
    return f"P{seat + 1}"


@dataclass(frozen=True, slots=True)
class Take:
    cell: int
    label: str

    def __str__(self) -> str:
        return f"take {self.label}"


@dataclass(frozen=True, slots=True)
class Reveal:
    cell: int
    label: str

    def __str__(self) -> str:
        return f"reveal {self.label}"


@dataclass(frozen=True, slots=True)
class Return:
    choc: int
    cell: int
    label: str  # "pecan a1"

    def __str__(self) -> str:
        return f"return {self.label}"


@dataclass(frozen=True, slots=True)
class Pick:
    cell: int
    label: str

    def __str__(self) -> str:
        return f"pick {self.label}"


@dataclass(frozen=True, slots=True)
class Give:
    choc: int
    to: int
    label: str  # choc id

    def __str__(self) -> str:
        return f"give {self.label} to {player_name(self.to)}"


@dataclass(frozen=True, slots=True)
class Choose:
    seat: int

    def __str__(self) -> str:
        return f"choose {player_name(self.seat)}"


@dataclass(frozen=True, slots=True)
class Resolve:
    choc: int
    label: str

    def __str__(self) -> str:
        return f"resolve {self.label}"


Action = Take | Reveal | Return | Pick | Give | Choose | Resolve
