"""What a review searches with, per game, and where its classes begin.

The search is each game's hard bot's (docs/bots.md) with an iteration budget and no clock, so a
review is a function of the record, the seat and the review's seed, on any machine. Its values
are the seat's expected share of the win (`score_weight=0`); in Sweet Shop, the solo game, the
expected score; in BitterSweet, the expected points margin in the round of the decision (the
seat's round score minus the best other seat's: `judge.round_margin`).

Thresholds (`Thresholds`): the loss of a move is the value of the best move found minus the
value of the move played, in the game's unit. The best move itself is "best"; any other move is
"good" below the inaccuracy threshold, then an "inaccuracy", a "mistake" or a "blunder" from
each threshold on (`Thresholds.classify`). The figures and their calibration are in
docs/review.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

CLASSES = ("best", "good", "inaccuracy", "mistake", "blunder")


@dataclass(frozen=True, slots=True)
class Thresholds:
    """A move is an inaccuracy from a loss of `inaccuracy`, a mistake from `mistake`, a blunder
    from `blunder` (in the game's unit: win share in [0, 1], points in Sweet Shop, a round's
    points margin in BitterSweet)."""

    inaccuracy: float
    mistake: float
    blunder: float
    unit: str = "win share"

    def classify(self, loss: float, is_best: bool) -> str:
        """The class of a move that lost `loss` against the best move found.

        >>> t = Thresholds(0.05, 0.1, 0.2)
        >>> [t.classify(x, False) for x in (0.0, 0.04, 0.05, 0.12, 0.3)]
        ['good', 'good', 'inaccuracy', 'mistake', 'blunder']
        >>> t.classify(0.0, True)
        'best'
        """
        if is_best:
            return "best"
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return "good"


WIN_SHARE = Thresholds(0.06, 0.12, 0.25)
"""Two- to five-player games: a loss in expected share of the win."""

ROUND_MARGIN = "round margin"
"""The unit of a round's points margin (BitterSweet): the seat's round score minus the best
other seat's."""

THRESHOLDS: dict[str, Thresholds] = {
    "lechocolat": WIN_SHARE,
    "bonbons": WIN_SHARE,
    "sweetnose": WIN_SHARE,
    "bittersweet": Thresholds(2.0, 4.0, 8.0, unit=ROUND_MARGIN),
    "sweetshop": Thresholds(1.5, 3.0, 6.0, unit="points"),
}

SEARCH: dict[str, dict[str, Any]] = {
    "lechocolat": {"iterations": 1500, "samples": 32, "depth": 0},
    "bonbons": {"iterations": 300, "rollout": "heuristic", "observe": True, "widen": 0.5},
    "sweetnose": {"iterations": 250, "rollout": "heuristic", "samples": 32, "widen": 1.0},
    "sweetshop": {"iterations": 250, "rollout": "heuristic", "samples": 64},
    "bittersweet": {"iterations": 150, "rollout": "heuristic", "samples": 32, "horizon": True},
}
"""Each game's search at the default depth (the hard bot's, without its clock)."""

METHOD: dict[str, int] = {
    "lechocolat": 1, "bonbons": 1, "sweetnose": 1, "sweetshop": 1, "bittersweet": 2,
}
"""Each game's review method, counted up whenever what a review computes for it changes
(BitterSweet 2: points in the round, where 1 was a share of the win). A review carries its
method; a server's cached review of an older method is computed again when asked for."""

TOP_UP = 0.25
"""The played move and the best move are each searched to at least this share of the budget's
iterations (forced at the root), so both values rest on enough rollouts to compare."""
