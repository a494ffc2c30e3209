"""The heuristic bot: each game's own `heuristics.choose(view, legal, rng)`, as an agent.

Every game package ships a `heuristics` module whose `choose` sees only a view and the legal
actions. `HeuristicAgent` finds it by the game's id, and can play a random legal action instead
with probability `epsilon` (a weaker, less predictable player). `BonbonsMemoryAgent` is the
Bonbons player with a human memory: it forgets each face-down tile it saw with probability
`forget` per turn since it last saw it (`bonbons.heuristics.human_like`).
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import Any, Protocol

from sweettooth.core import JSON, Action, Game, State

Chooser = Callable[[JSON, Sequence[Any], random.Random], Any]
"""A heuristic: (view, legal actions, rng) -> one of the legal actions."""


@cache
def _heuristics(game_id: str) -> ModuleType | None:
    """The game's `sweettooth.games.<id>.heuristics` module (None if it has none)."""
    try:
        return importlib.import_module(f"sweettooth.games.{game_id}.heuristics")
    except ModuleNotFoundError:
        return None


def _module(game_id: str) -> ModuleType:
    module = _heuristics(game_id)
    if module is None:
        raise ValueError(f"game {game_id!r} has no heuristics module")
    return module


def heuristic_for(game_id: str, purpose: str = "choose") -> Chooser:
    """A heuristic of a game: `sweettooth.games.<id>.heuristics.choose`, or with
    `purpose="rollout"` the module's cheaper `rollout` policy for search rollouts where it
    has one (else `choose`)."""
    module = _module(game_id)
    chooser: Chooser = getattr(module, purpose, None) or module.choose
    return chooser


Evaluator = Callable[[JSON], list[float]]
"""A position evaluation: a view -> each seat's estimated reward in [0, 1]."""

Filter = Callable[[JSON, Sequence[Any]], list[Any]]
"""The legal moves worth a search's time: (view, legal actions) -> a non-empty subset."""


def _everything(view: JSON, legal: Sequence[Any]) -> list[Any]:
    return list(legal)


ViewOf = Callable[[State, int], JSON]
"""What a rollout heuristic is shown of an imagined state: (state, seat) -> the seat's view."""


def _full_view(state: State, seat: int) -> JSON:
    return state.view(seat)


def rollout_view_for(game_id: str) -> ViewOf:
    """A game's `heuristics.rollout_view(state, seat)`: the part of the seat's view its
    heuristics read, built cheaply from a search's imagined state (never more than the seat
    sees); the full `state.view(seat)` where the game has none."""
    found: ViewOf = getattr(_heuristics(game_id), "rollout_view", _full_view)
    return found


def sensible_for(game_id: str) -> Filter:
    """A game's `heuristics.sensible(view, legal)`, the moves a sensible player considers
    (dominated ones dropped, e.g. ending a game one is losing); every legal move if the game
    has none."""
    found: Filter = getattr(_heuristics(game_id), "sensible", _everything)
    return found


Observation = Callable[[State, int], str]
"""What a seat saw of the action just played: (state, seat) -> a key (`observation_for`)."""


def _whole_view(state: State, seat: int) -> str:
    return json.dumps(state.view(seat), sort_keys=True, separators=(",", ":"))


def observation_for(game_id: str) -> Observation:
    """A game's `heuristics.observation(state, seat)`: a key for what the seat saw of the action
    just played, equal for two states reached by the same actions exactly when the seat's views
    are equal (a search's `observe` branches on it); the seat's whole view where the game has
    none."""
    found: Observation = getattr(_heuristics(game_id), "observation", _whole_view)
    return found


class Belief(Protocol):
    """What a seat infers about hidden things from the other players' decisions (see
    `beliefs_for`)."""

    def apply(self, state: Any, rng: random.Random) -> None:
        """Re-deal the inferred hidden parts of a determinization (consistent with the seat's
        view, drawn uniformly) from the beliefs, in place."""


Believer = Callable[[JSON], Belief]
"""A game's beliefs: a seat's full view -> what it infers (`games/<id>/beliefs.py`)."""


def beliefs_for(game_id: str) -> Believer | None:
    """A game's `sweettooth.games.<id>.beliefs.beliefs(view)`, None where it has none."""
    try:
        module = importlib.import_module(f"sweettooth.games.{game_id}.beliefs")
    except ModuleNotFoundError:
        return None
    found: Believer = module.beliefs
    return found


def evaluator_for(game_id: str) -> Evaluator:
    """A game's `heuristics.evaluate(view)`, for search cut-offs; ValueError if it has none."""
    evaluate: Evaluator | None = getattr(_module(game_id), "evaluate", None)
    if evaluate is None:
        raise ValueError(f"game {game_id!r} has no heuristics.evaluate for search cut-offs")
    return evaluate


@dataclass(frozen=True, slots=True)
class HeuristicAgent:
    """Plays the game's heuristic; with probability `epsilon` a uniformly random legal action.

    `chooser` fixes the heuristic (else the one of the game being played is used).
    """

    epsilon: float = 0.0
    chooser: Chooser | None = field(default=None, compare=False)
    label: str = ""

    def __post_init__(self) -> None:
        if not 0.0 <= self.epsilon <= 1.0:
            raise ValueError(f"epsilon must be a probability in [0, 1], got {self.epsilon}")

    @property
    def name(self) -> str:
        if self.label:
            return self.label
        return "heuristic" if self.epsilon == 0 else f"heuristic:epsilon={self.epsilon:g}"

    def choose(
        self, game: Game[Any], view: JSON, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if not legal:
            raise ValueError("the heuristic agent was asked to move with no legal actions")
        if self.epsilon and rng.random() < self.epsilon:
            return legal[rng.randrange(len(legal))]
        chooser = self.chooser or heuristic_for(game.id)
        action: Action = chooser(view, legal, rng)
        return action


@dataclass(frozen=True, slots=True)
class BonbonsMemoryAgent:
    """The Bonbons player with a human memory (BB rules: a memory game). Bonbons only.

    Each remembered face-down tile is forgotten with probability `forget` per turn since it was
    last seen; `forget=0` is the perfect-memory heuristic.
    """

    forget: float = 0.2

    def __post_init__(self) -> None:
        if not 0.0 <= self.forget <= 1.0:
            raise ValueError(f"forget must be a probability in [0, 1], got {self.forget}")

    @property
    def name(self) -> str:
        return f"memory:forget={self.forget:g}"

    def choose(
        self, game: Game[Any], view: JSON, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if game.id != "bonbons":
            raise ValueError(f"the memory player plays Bonbons only, not {game.id!r}")
        action: Action = _human_like(self.forget)(view, legal, rng)
        return action


@cache
def _human_like(forget: float) -> Chooser:
    from sweettooth.games.bonbons.heuristics import human_like

    return human_like(forget)
