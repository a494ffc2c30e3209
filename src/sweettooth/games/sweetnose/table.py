"""The sweets on the table: every plate and bowl, the market, and the sweetness markers.

Counts are plain lists of 5 ints (one per kind, in KINDS order). Tokens are public; only the
markers are secret (SN-3), and hiding them is the view's job, not the table's.
"""

from __future__ import annotations

from operator import add

from .components import KINDS


class Table:
    """Plates, bowls, market and markers. `copy` is cheap (lists of ints only)."""

    __slots__ = ("bowl", "markers", "market", "plate")

    def __init__(
        self,
        plate: list[list[int]],
        bowl: list[list[int]],
        market: list[int],
        markers: list[list[int]],
    ) -> None:
        self.plate = plate
        self.bowl = bowl
        self.market = market
        self.markers = markers  # [0]*5 until set this round

    @classmethod
    def empty(cls, players: int) -> Table:
        n = len(KINDS)
        return cls(
            [[0] * n for _ in range(players)],
            [[0] * n for _ in range(players)],
            [0] * n,
            [[0] * n for _ in range(players)],
        )

    def copy(self) -> Table:
        return Table(
            [p[:] for p in self.plate],
            [b[:] for b in self.bowl],
            self.market[:],
            [m[:] for m in self.markers],
        )

    def sweets(self, seat: int) -> list[int]:
        """SN-6: a player's sweets are all tokens on their plate and in their bowl."""
        return list(map(add, self.plate[seat], self.bowl[seat]))

    def any_plate_empty(self) -> bool:
        return any(sum(p) == 0 for p in self.plate)

    def reset(self) -> None:
        """Reset step 1: everyone puts their sweets back on their plate; markers come back."""
        for seat, bowl in enumerate(self.bowl):
            plate = self.plate[seat]
            for k, c in enumerate(bowl):
                plate[k] += c
                bowl[k] = 0
        for m in self.markers:
            m[:] = [0] * len(KINDS)
