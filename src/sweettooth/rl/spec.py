"""What an RL encoding of one game is made of: the action table and the observation fields.

A `GameSpec` is fixed by the game, the player count and the options (options can change the
components, e.g. Bonbons' quick variant has a 5 x 5 grid, so they can change the shapes). It holds

- `actions`: the Discrete action space as a table, action id -> notation (`str(action)`),
  generated from the game's own data and grammar, never typed by hand;
- `fields`: the observation, field by field (name, length, meaning); `size` is their total;
- `fill(view, out)`: writes the observation of one seat's view into `out` (float32, zeroed);
- `observe(state, seat)` (optional): the same array as `encode(state.view(seat))`, computed
  without building the JSON view, from the parts of the engine state that view shows (the
  environments' fast path; `tests/rl/test_fast.py` checks it equals the view's encoding);
- `legal_mask(state)` and `action_of(state, id)` (optional, together): the mover's action mask
  as bytes (1 for each legal id) straight from the state, without listing the engine's legal
  actions and looking up their ids, or None for a state the game's fast path does not cover;
  and the engine action of a legal id (tested equal to `ids(state.legal_actions())`).

The encoder sees nothing but the view, so it cannot carry hidden information.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from sweettooth.core import JSON, State

Obs = npt.NDArray[np.float32]

IDENTITY_LIMIT = 100_000
"""How many action objects `GameSpec.ids` remembers by identity before starting over."""

OBS_BOUND = 8.0
"""Every observation value lies in [-OBS_BOUND, OBS_BOUND] (most in [0, 1])."""


class ActionTableError(LookupError):
    """A legal action has no id in the game's action table (a bug in the table, not a move)."""


@dataclass(frozen=True)
class Field:
    """One named block of the observation vector."""

    name: str
    size: int
    meaning: str


class Layout:
    """Fields laid out one after another; `offset[name]` is where a field starts."""

    def __init__(self, fields: Sequence[Field]) -> None:
        self.fields = tuple(fields)
        self.offset: dict[str, int] = {}
        at = 0
        for f in self.fields:
            if f.name in self.offset:
                raise ValueError(f"field {f.name!r} appears twice")
            self.offset[f.name] = at
            at += f.size
        self.size = at


@dataclass
class GameSpec:
    """The spaces of one game for one player count and option set (see the module docstring)."""

    game_id: str
    players: int
    options: dict[str, Any]
    actions: tuple[str, ...]
    layout: Layout
    fill: Callable[[JSON, Obs], None]
    observe: Callable[[State, int], Obs] | None = None
    legal_mask: Callable[[State], bytearray | None] | None = None
    action_of: Callable[[State, int], Any] | None = None
    index: dict[str, int] = field(init=False)
    _by_action: dict[Hashable, int] = field(init=False, default_factory=dict)
    _by_identity: dict[int, int] = field(init=False, default_factory=dict)
    _kept: list[Hashable] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        if (self.legal_mask is None) != (self.action_of is None):
            raise ValueError(f"{self.game_id}: legal_mask and action_of come together")
        self.index = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            twice = [a for a, n in Counter(self.actions).items() if n > 1]
            raise ValueError(f"{self.game_id}: actions appear twice in the table: {twice[:5]}")

    @property
    def size(self) -> int:
        return self.layout.size

    def action_id(self, action: Hashable) -> int:
        """The id of an action (an engine action or its notation)."""
        found = self._by_action.get(action)
        if found is not None:
            return found
        notation = action if isinstance(action, str) else str(action)
        i = self.index.get(notation)
        if i is None:
            raise ActionTableError(
                f"{self.game_id}: the action {notation!r} has no id in the RL action table"
            )
        self._by_action[action] = i
        return i

    def ids(self, actions: Sequence[Hashable]) -> list[int]:
        """The ids of a list of actions (`action_id` of each), fast for the engines' interned
        action objects: they are looked up by identity (`id`), without hashing. Every object
        so looked up is kept alive in `_kept`, so its `id` cannot be reused by another object;
        the table is cleared if it ever grows past `IDENTITY_LIMIT` (engines that make fresh
        action objects then fall back to hashing)."""
        by_identity = self._by_identity
        try:
            return list(map(by_identity.__getitem__, map(id, actions)))  # (a listcomp: +50%)
        except KeyError:  # an action not seen yet: look every missing one up
            found: list[int | None] = list(map(by_identity.get, map(id, actions)))
        if len(self._kept) > IDENTITY_LIMIT:
            self._by_identity.clear()
            self._kept.clear()
        for k, action in enumerate(actions):
            if found[k] is None:
                found[k] = i = self.action_id(action)
                self._by_identity[id(action)] = i
                self._kept.append(action)
        return found  # type: ignore[return-value]

    def encode(self, view: JSON) -> Obs:
        out = np.zeros(self.layout.size, dtype=np.float32)
        self.fill(view, out)
        # The spaces promise this range; scaled fields stay far inside it, even with unusual
        # component files, but a clip makes the promise unconditional.
        np.clip(out, -OBS_BOUND, OBS_BOUND, out=out)
        return out


def turn_hot(view: JSON, offset: dict[str, int]) -> list[int]:
    """The hot indices of the fields `seat` (one-hot: the observing seat, none for a
    spectator), `to_move` (one-hot: the seat to move, if the layout has it) and `my_turn`."""
    seat, mover = view["seat"], view["to_move"]
    hot = [] if seat is None else [offset["seat"] + seat]
    if mover is not None:
        if "to_move" in offset:
            hot.append(offset["to_move"] + mover)
        if mover == seat:
            hot.append(offset["my_turn"])
    return hot


def one_hot(values: Sequence[str]) -> dict[str, int]:
    """Position of each value in a one-hot block."""
    return {v: i for i, v in enumerate(values)}


class Tracked:
    """An observation kept up to date move by move (a game's incremental fast path): the
    state it follows and how many of its moves (`ply`) it has taken in. The engines only ever
    append to `history`, so `history[:ply]` being the same moves (checked through the last one)
    means only `history[ply:]` is new; anything else (another state, a copy) is rebuilt."""

    state: State
    ply: int
    last: Any

    def follows(self, state: State) -> bool:
        history = state.history
        ply = self.ply
        return self.state is state and len(history) >= ply and (
            ply == 0 or history[ply - 1] is self.last)

    def caught_up(self) -> None:
        history = self.state.history
        self.ply = len(history)
        self.last = history[-1] if history else None


TRACKED_STATES = 8
"""How many (state, seat) trackers a game's fast path keeps (each env plays one state at a
time; a few more for tests and tools that alternate between states). Each holds its state, so a
state's `id` cannot be reused while it is tracked."""


def remember(trackers: dict[Any, Any], key: Any, tracker: Any) -> None:
    """Keep `tracker` under `key`, dropping the oldest beyond `TRACKED_STATES`."""
    if key not in trackers and len(trackers) >= TRACKED_STATES:
        del trackers[next(iter(trackers))]
    trackers[key] = tracker
