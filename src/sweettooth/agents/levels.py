"""Difficulty levels: "easy", "medium" and "hard" for every game, each a named agent and budget
(the measurements behind them are in docs/bots.md).

| game        | easy                  | medium    | hard (ISMCTS, prior=1, at most 0.9 s)  |
|-------------|-----------------------|-----------|-----------------------------------------|
| lechocolat  | heuristic, eps=0.5    | heuristic | 4000 iterations, depth=0 eval, 32 deals |
| bonbons     | memory, forget=0.3    | heuristic | 300 it., heuristic rollouts, observe,   |
|             |                       |           | widen=0.5, prior=10                     |
| sweetnose   | heuristic, eps=0.5    | heuristic | 1000 it., heuristic rollouts to the end |
|             |                       |           | of the round (horizon), 32 deals,       |
|             |                       |           | widen=1                                 |
| sweetshop   | heuristic, eps=0.5    | heuristic | 1000 it., heuristic rollouts, 64 deals, |
|             |                       |           | exploration 0.25                        |
| bittersweet | heuristic, eps=0.5    | heuristic | 1000 it., heuristic rollouts to the end |
|             |                       |           | of the round (horizon), 32 deals        |

"heuristic" is the game's own `heuristics.choose`; eps (epsilon) is the chance of a uniformly
random legal move instead. The hard bot stops at whichever comes first, its iterations or 0.9 s
of wall time (so on a slow or busy machine it searches less, and its moves then depend on the
clock), and searches only the moves the game's `heuristics.sensible` keeps.

`hard-2025` and `hard-2026-12` are former hard levels, frozen, kept to measure the hard level
against (`--agents hard,hard-2026-12`): `hard-2025` the same searches with a 1.8 s cap and every
legal move searched; `hard-2026-12` the hard level of December 2026, its searches, root filters
and heuristics (`frozen.py`) and mean backups, with no beliefs about the others' hidden cards
or markers.

`difficulty(game_id, level)` returns the agent; `LevelAgent(level)` is the same choice made
when the game is known (at its first move), so `make_agent("hard")` works for every game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sweettooth.core import JSON, Action, Game

from .base import Agent
from .heuristic import BonbonsMemoryAgent, HeuristicAgent
from .ismcts import ISMCTSAgent

LEVELS = ("easy", "medium", "hard")
LEGACY = ("hard-2025", "hard-2026-12")
"""Former settings of a level, kept under a name for comparisons (not offered to players)."""
SEARCHING = ("hard", "hard-2025", "hard-2026-12")
"""The levels that search against a time cap."""

HARD_SECONDS = 0.9
"""The hard bot's wall-time cap per move: it stops searching early rather than go past this."""
LEGACY_SECONDS = 1.8

def _easy() -> Agent:
    return HeuristicAgent(epsilon=0.5, label="easy")


def _medium() -> Agent:
    return HeuristicAgent(label="medium")


def _hard(**settings: Any) -> Callable[..., Agent]:
    settings = {"seconds": HARD_SECONDS, "prior": 1.0, "label": "hard", **settings}
    return lambda clock="wall": ISMCTSAgent(**settings, clock=clock)


def _legacy(**settings: Any) -> Callable[..., Agent]:
    return _hard(seconds=LEGACY_SECONDS, label="hard-2025", sensible=False, backup="mean",
                 **settings)


_LEGACY_SETTINGS: dict[str, dict[str, Any]] = {
    "lechocolat": {"iterations": 4000, "samples": 32, "depth": 0},
    "bonbons": {"iterations": 300, "rollout": "heuristic", "observe": True, "widen": 0.5,
                "prior": 10.0},
    "sweetnose": {"iterations": 150, "rollout": "heuristic", "samples": 32, "widen": 1.0},
    "sweetshop": {"iterations": 250, "rollout": "heuristic", "samples": 64},
    "bittersweet": {"iterations": 150, "rollout": "heuristic", "samples": 32, "horizon": True},
}
"""`hard-2025`'s searches, frozen as they were (with its 1.8 s cap and every legal move searched),
so that changing the hard level's settings never changes the agent it is measured against."""

_SETTINGS_2026_12: dict[str, dict[str, Any]] = {
    **_LEGACY_SETTINGS,
    "sweetnose": {**_LEGACY_SETTINGS["sweetnose"], "iterations": 250},
}
"""`hard-2026-12`'s searches, frozen: the hard level of December 2026 (0.9 s cap, root filter,
no beliefs, the heuristics of `frozen.py`'s "2026-12")."""

_HARD_SETTINGS: dict[str, dict[str, Any]] = {
    **_SETTINGS_2026_12,
    "bittersweet": {**_SETTINGS_2026_12["bittersweet"], "iterations": 1000},
    # Sweet Shop: a point of score moves a solo reward by 1/15 to 1/20 of its range, so UCB's
    # exploration of 0.7 spread 250 iterations nearly evenly over ~19 root moves; 1000
    # iterations at 0.25 tell the moves apart (docs/bots.md, "Against hard-2026-12").
    "sweetshop": {**_SETTINGS_2026_12["sweetshop"], "iterations": 1000, "exploration": 0.25},
    # Sweet Nose keeps mean backups: with the best-follow-up backup its hard level won 39.1% of
    # 101 games against hard-2026-12 (95% CI 30.2-48.9); with means it had won 52.5% of 61.
    # Its rollouts stop at the end of the round and `heuristics.evaluate` scores the totals then
    # (later rounds are noise for this move's choice, and cost time): 2.6 times cheaper, so
    # 1000 iterations fit in about the time 250 took.
    "sweetnose": {**_SETTINGS_2026_12["sweetnose"], "backup": "mean", "horizon": True,
                  "iterations": 1000},
}
"""Each game's hard search: `hard-2026-12`'s, with what has changed since written over it."""


def _frozen_2026_12(**settings: Any) -> Callable[..., Agent]:
    return _hard(label="hard-2026-12", beliefs=False, frozen="2026-12", backup="mean",
                 **settings)


def _bonbons_easy() -> Agent:
    return _Named(BonbonsMemoryAgent(forget=0.3), "easy")


def _levels(game_id: str) -> dict[str, Callable[..., Agent]]:
    easy = _bonbons_easy if game_id == "bonbons" else _easy
    return {"easy": easy, "medium": _medium, "hard": _hard(**_HARD_SETTINGS[game_id]),
            "hard-2025": _legacy(**_LEGACY_SETTINGS[game_id]),
            "hard-2026-12": _frozen_2026_12(**_SETTINGS_2026_12[game_id])}


_TABLE: dict[str, dict[str, Callable[..., Agent]]] = {
    game_id: _levels(game_id) for game_id in _HARD_SETTINGS
}


@dataclass(frozen=True, slots=True)
class _Named:
    """An agent under another name (a level's label)."""

    agent: Agent
    label: str

    @property
    def name(self) -> str:
        return self.label

    def choose(
        self, game: Game[Any], view: JSON, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return self.agent.choose(game, view, legal, rng)


def _check_level(level: str) -> None:
    if level not in LEVELS + LEGACY:
        raise ValueError(f"unknown level {level!r}; valid levels: {', '.join(LEVELS)}")


def difficulty(game_id: str, level: str, clock: str = "wall") -> Agent:
    """The agent for `level` ("easy", "medium", "hard") in game `game_id`.

    ValueError names the valid games or levels otherwise. See the module's table. `clock`
    (hard levels only) is what their time cap counts: "wall" time, or the search's "cpu" time
    (for measurements on a busy machine: `--agents hard:clock=cpu,heuristic`).

    >>> difficulty("lechocolat", "medium").name
    'medium'
    """
    _check_level(level)
    try:
        levels = _TABLE[game_id]
    except KeyError:
        raise ValueError(
            f"no difficulty levels for game {game_id!r}; games: {', '.join(sorted(_TABLE))}"
        ) from None
    if clock == "wall":
        return levels[level]()
    if level not in SEARCHING:
        raise ValueError(f"level {level!r} has no clock; only {', '.join(SEARCHING)} search")
    return levels[level](clock=clock)


@dataclass(slots=True)
class LevelAgent:
    """A difficulty level for whatever game it is asked to play (chosen at the first move)."""

    level: str
    clock: str = "wall"
    _agents: dict[str, Agent] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        _check_level(self.level)
        if self.clock != "wall":
            difficulty("lechocolat", self.level, self.clock)  # a bad clock fails here, not later

    @property
    def name(self) -> str:
        return self.level if self.clock == "wall" else f"{self.level}:clock={self.clock}"

    def choose(
        self, game: Game[Any], view: JSON, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        agent = self._agents.get(game.id)
        if agent is None:
            agent = self._agents[game.id] = difficulty(game.id, self.level, self.clock)
        return agent.choose(game, view, legal, rng)
