"""Per-move features for Le Chocolat (`ppo_curriculum.py --move-values`), numpy only.

For every one of the environment's 1,539 action ids, `PER_MOVE` numbers read from the learner's
own view (`state.view(seat)`) with the medium bot's scoring (`games/lechocolat/heuristics.py`'s
`Board`), VP divided by 5; an id the mask forbids gets zeros:

- 0: the move's value as the medium bot scores it: a claim's gain minus the opponent's best take
  after it; a split's best such claim among the groups of 3 tiles or fewer it leaves (minus
  the opponent's best take if there is none);
- 1: the gain the move makes at once: a claim's gain; a split's best gain among its halves of
  3 tiles or fewer (0 if none);
- 2: the opponent's best take on the table the move leaves (for a split, before the learner's
  own claim);
- 3: 1 for a claim, 0 for a split;
- 4: the learner's expected lead now (the same for every move);
- 5: the share of the bar's 35 cells still on the table (the same for every move).

A policy that scores each move from its own row with one shared network (`move_policy.py`)
plays the medium bot's move when it ranks moves by slot 0, and may learn to do better from the
others; it still has to learn that from the games it plays.

>>> import gymnasium, sweettooth.rl
>>> from sweettooth.rl.wrappers import ObservationOnly
>>> env = ObservationOnly(gymnasium.make("sweettooth/LeChocolat-v0", opponent="random"))
>>> _ = env.reset(seed=3)
>>> inner = env.unwrapped
>>> rows = move_values(inner.aec.state.view(inner.seat), env.action_masks())
>>> rows.shape
(1539, 6)
>>> bool((rows[~env.action_masks()] == 0).all())
True
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from sweettooth.core import JSON
from sweettooth.games.lechocolat.actions import Claim, Split
from sweettooth.games.lechocolat.bar import CELLS, Rect
from sweettooth.games.lechocolat.heuristics import (
    CLAIM_LIMIT,
    Board,
    claim_value,
    split_value,
    threat,
)
from sweettooth.rl.games.lechocolat import action_objects
from sweettooth.rl.spec import OBS_BOUND

PER_MOVE = 6
"""Numbers per action id."""

MOVES: list[Split | Claim] = action_objects()
"""The environment's action table: id -> the engine's action."""


def _claim_row(board: Board, seat: int, groups: list[Rect], claim: Rect) -> tuple[float, ...]:
    rest = [g for g in groups if g != claim]
    return (claim_value(board, seat, groups, claim), board.gain(seat, claim),
            threat(board, seat, rest), 1.0)


def _split_row(board: Board, seat: int, groups: list[Rect], split: Split) -> tuple[float, ...]:
    after = [g for g in groups if g != split.group]
    after.extend(split.halves())
    gain = max((board.gain(seat, h) for h in split.halves() if h.area <= CLAIM_LIMIT),
               default=0.0)
    return split_value(board, seat, groups, split), gain, threat(board, seat, after), 0.0


def move_values(view: JSON, mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.float32]:
    """`PER_MOVE` numbers for every action id (rows of zeros where `mask` is False), from a
    seat's view alone (`state.view(seat)`): nothing else reaches them."""
    out = np.zeros((len(MOVES), PER_MOVE), np.float32)
    if not mask.any():
        return out
    seat = int(view["seat"])
    board = Board(view)
    groups = [Rect.parse(g) for g in view["groups"]]
    lead = board.margin(seat) / 5
    left = sum(g.area for g in groups) / CELLS
    for i in np.flatnonzero(mask):
        move = MOVES[i]
        if isinstance(move, Claim):
            value, gain, threat, claim = _claim_row(board, seat, groups, move.group)
        else:
            value, gain, threat, claim = _split_row(board, seat, groups, move)
        out[i] = value / 5, gain / 5, threat / 5, claim, lead, left
    np.clip(out, -OBS_BOUND, OBS_BOUND, out=out)
    return out
