"""Phase 3: counting sweetness (SN-6), and who may take which store tile (Reset, SN-8).

Sweet points = sum over kinds of count x (marker + tokens of that kind in the market).
The printed example (34 SP) is a test.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sweettooth.core import JSON

from .components import KINDS, LEVELS


def count_sweetness(
    sweets: Sequence[int], markers: Sequence[int], market: Sequence[int], ignore_market: bool
) -> tuple[int, list[dict[str, int]]]:
    """A player's SP and its breakdown per kind.

    `ignore_market` is store 5 ("When counting SPs, ignore the sweets in the market").
    """
    total = 0
    lines: list[dict[str, int]] = []
    for k in range(len(KINDS)):
        bonus = 0 if ignore_market else market[k]
        sub = sweets[k] * (markers[k] + bonus)
        total += sub
        lines.append(
            {"count": sweets[k], "marker": markers[k], "market": bonus, "subtotal": sub}
        )
    return total, lines


def eligible_level(round_sp: int) -> int:
    """The highest store level a player may take at the reset with this round's SP (0: none).

    31+: all tiles; 26+: all but 31+; 22+: up to 22+; 19+: 17+ and 19+; 17+: only 17+.
    """
    best = 0
    for level in LEVELS:
        if round_sp >= level:
            best = level
    return best


def auction_level(rank: int) -> int:
    """Variation II: the highest level the `rank`-th highest bidder (0-based) may take."""
    ladder = sorted(LEVELS, reverse=True)
    return ladder[rank] if rank < len(ladder) else 0


@dataclass(frozen=True, slots=True)
class Counting:
    """The public record of one round's Phase 3: the reveal and every player's SP."""

    round: int
    markers: tuple[tuple[int, ...], ...]
    sweets: tuple[tuple[int, ...], ...]
    market: tuple[int, ...]
    ignore_market: tuple[bool, ...]  # store 5 holders
    sp: tuple[int, ...]
    totals: tuple[int, ...]

    def to_json(self) -> JSON:
        """The reveal as shown in views, with each player's breakdown per kind."""
        breakdown = []
        for seat, sweets in enumerate(self.sweets):
            _, lines = count_sweetness(
                sweets, self.markers[seat], self.market, self.ignore_market[seat]
            )
            breakdown.append({KINDS[k]: line for k, line in enumerate(lines)})
        return {
            "round": self.round,
            "markers": [dict(zip(KINDS, m, strict=True)) for m in self.markers],
            "sweets": [dict(zip(KINDS, s, strict=True)) for s in self.sweets],
            "market": dict(zip(KINDS, self.market, strict=True)),
            "store5": list(self.ignore_market),
            "sp": list(self.sp),
            "totals": list(self.totals),
            "breakdown": breakdown,
        }
