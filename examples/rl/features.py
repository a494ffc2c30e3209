"""What the Le Chocolat learner of `ppo_curriculum.py` may see besides the environment's array:
`cell_values` (`--cell-values`: what each cell on the table is worth to each seat) or
`move_values`' rows (`--move-values`: what each move is worth; move_values.py), both read from
the learner's own view with the medium bot's scoring, each as a Gymnasium observation wrapper
and as an `observe` function for `sweettooth.rl.imitation.collect`."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from move_values import MOVES, PER_MOVE, move_values

from sweettooth.games.lechocolat.bar import CELLS, WIDTH, Rect
from sweettooth.games.lechocolat.heuristics import CLAIM_LIMIT, Board
from sweettooth.rl.gym import SweettoothGym
from sweettooth.rl.spec import OBS_BOUND
from sweettooth.rl.wrappers import ObservationOnly

FEATURES = 5 * CELLS + 1
"""`--cell-values`: per cell, five worths in VP / 5 (0 for a claimed cell), then the lead."""


def cell_values(env: SweettoothGym) -> npt.NDArray[np.float32]:
    """What the learner's view says each cell on the table is worth now, read with the medium
    bot's scoring (`Board`: the card's values, sets and majorities, a blank side at its
    tile-set odds): per cell, the learner's gain from one more such tile, the opponent's, the
    learner's gain from claiming its group whole (when it has 3 tiles or fewer), and the most
    the learner and the opponent could take from its group in one turn; then the learner's
    expected lead. The view is the learner's own (`state.view(seat)`)."""
    out = np.zeros(FEATURES, np.float32)
    state = env.aec.state
    if state.to_move is None:
        return out
    seat = env.seat
    view = state.view(seat)
    board = Board(view)
    for name in view["groups"]:
        group = Rect.parse(name)
        claim = board.gain(seat, group) if group.area <= CLAIM_LIMIT else 0.0
        mine, theirs = board.best_take(seat, group), board.best_take(1 - seat, group)
        for c in group.cells():
            one = Rect(c % WIDTH, c // WIDTH, 1, 1)
            out[5 * c:5 * c + 5] = (board.gain(seat, one), board.gain(1 - seat, one), claim,
                                    mine, theirs)
    out[-1] = board.margin(seat)
    out /= 5
    np.clip(out, -OBS_BOUND, OBS_BOUND, out=out)
    return out


Observe = Callable[[SweettoothGym, npt.NDArray[np.float32]], npt.NDArray[np.float32]]
"""The environment and its array -> the array with the extra numbers after it."""


def with_values(env: SweettoothGym, observation: npt.NDArray[np.float32]
                ) -> npt.NDArray[np.float32]:
    """The array followed by `cell_values` (`--cell-values`)."""
    return np.concatenate([observation, cell_values(env)])


def with_moves(env: SweettoothGym, observation: npt.NDArray[np.float32],
               hide_value: bool = False) -> npt.NDArray[np.float32]:
    """The array followed by `move_values`' rows, flattened (`--move-values`); with
    `hide_value`, slot 0 (the medium bot's own value of each move) is 0 for every move."""
    mask = env.action_masks().astype(bool)
    rows = move_values(env.aec.state.view(env.seat), mask)
    if hide_value:
        rows[:, 0] = 0.0
    return np.concatenate([observation, rows.ravel()])


OBSERVERS: dict[str, tuple[int, Observe | None]] = {
    "none": (0, None),
    "cells": (FEATURES, with_values),
    "moves": (len(MOVES) * PER_MOVE, with_moves),
    "moves-no-value": (len(MOVES) * PER_MOVE, partial(with_moves, hide_value=True)),
}
"""What the learner sees besides the environment's array, by name: how many numbers and the
function that adds them (`--cell-values`, `--move-values`, `--move-values --hide-value`)."""


class Extra(gymnasium.ObservationWrapper[Any, Any, Any]):
    """`ObservationOnly`'s array followed by what `observe` adds (`size` numbers); the mask
    through `action_masks()`, as MaskablePPO asks for it."""

    def __init__(self, env: ObservationOnly, size: int, observe: Observe) -> None:
        super().__init__(env)
        self.base_size = env.observation_space.shape[0]
        self.observe = observe
        self.observation_space = gymnasium.spaces.Box(
            -OBS_BOUND, OBS_BOUND, (self.base_size + size,), np.float32)
        self.inner: Any = env.unwrapped

    def observation(self, observation: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        return self.observe(self.inner, observation)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        mask: npt.NDArray[np.bool_] = self.env.action_masks()  # type: ignore[attr-defined]
        return mask
