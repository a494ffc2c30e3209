"""A tiny throwaway game for testing the CLI and agents: Nim. Tests only; never registered
by the package.

A heap of stones; players take turns taking 1..max_take stones. Normally whoever takes the last
stone wins; with `misere` that player loses (and the player after them wins).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sweettooth.core import JSON, Game, Option, OptionValue, Result, State


@dataclass(frozen=True, slots=True)
class Take:
    stones: int

    def __str__(self) -> str:
        return f"take {self.stones}"


class NimState(State):
    heap: int
    mover: int | None
    taken: list[int]
    log: list[str]

    @property
    def to_move(self) -> int | None:
        return self.mover

    def legal_actions(self) -> list[Any]:
        if self.mover is None:
            return []
        limit = min(self.heap, int(self.options["max_take"]))
        return [Take(n) for n in range(1, limit + 1)]

    def _apply(self, action: Any) -> None:
        assert self.mover is not None
        self.heap -= action.stones
        self.taken[self.mover] += action.stones
        self.log.append(f"seat {self.mover} takes {action.stones}, {self.heap} left")
        self.last = self.mover
        self.mover = None if self.heap == 0 else (self.mover + 1) % self.players

    def result(self) -> Result | None:
        if self.mover is not None:
            return None
        winner = (self.last + 1) % self.players if self.options["misere"] else self.last
        scores = [1.0 if s == winner else 0.0 for s in range(self.players)]
        return Result(scores, [winner], {"taken": list(self.taken)})

    def copy(self) -> NimState:
        other = NimState.__new__(NimState)
        self._copy_base_into(other)
        other.heap, other.mover, other.last = self.heap, self.mover, self.last
        other.taken, other.log = list(self.taken), list(self.log)
        return other

    def _view(self, seat: int | None) -> JSON:
        return {"heap": self.heap, "taken": list(self.taken), "log": list(self.log)}

    def snapshot(self) -> JSON:
        return {"heap": self.heap, "mover": self.mover, "taken": list(self.taken),
                "history": [str(a) for a in self.history]}


class Nim(Game[NimState]):
    id = "nim"
    title = "Nim"
    min_players = 2
    max_players = 3
    option_specs = (
        Option("stones", 7, "stones in the heap", minimum=1, maximum=60),
        Option("max_take", 3, "most stones one turn may take", minimum=1),
        Option("misere", False, "whoever takes the last stone loses"),
    )

    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> NimState:
        s = NimState()
        s._init_base(self, players, seed, options)
        s.heap, s.mover, s.last = int(options["stones"]), 0, 0
        s.taken, s.log = [0] * players, []
        return s

    def sample(self, view: JSON, seat: int, seed: int) -> NimState:
        raise NotImplementedError  # Nim has no hidden information; not needed here

    def max_length(self, players: int, options: Mapping[str, OptionValue]) -> int:
        return int(options["stones"])

    def render(self, view: JSON) -> str:
        who = "spectator" if view["seat"] is None else f"seat {view['seat']}"
        return f"Heap: {'o' * view['heap']} ({view['heap']})  taken: {view['taken']}  [{who}]"
