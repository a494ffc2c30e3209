"""Layer 3: bots. They see views (what a seat knows), never states.

Agents are made by name so faces (cli, server, arena) can offer every bot without importing
each one. A name may carry settings after a colon, `name:key=value,key=value`:

- `random`: a uniformly random legal action.
- `heuristic[:epsilon=E]`: the game's own heuristic (`games/<id>/heuristics.py`).
- `memory[:forget=F]`: Bonbons only, the heuristic with a human memory.
- `ismcts[:iterations=N,seconds=S,rollout=random|heuristic,epsilon=E,exploration=C,`
  `score_weight=W,samples=K,prior=P,depth=D,observe=1,widen=W,horizon=1,sensible=0,beliefs=0,`
  `frozen=2026-12]`: information-set MCTS over sampled states (see `ISMCTSAgent`).
- `easy`, `medium`, `hard`: the difficulty levels of the game being played (`difficulty`);
  `hard-2025` and `hard-2026-12`: former hard levels, frozen, to measure against.

`hint(game, view)` is the medium level's move for a seat's view with a plain-language reason
(the web client's and the terminal's Hint), see `hints`.

>>> from sweettooth.agents import agent_names, make_agent
>>> "random" in agent_names()
True
>>> make_agent("random").name
'random'
>>> make_agent("ismcts:iterations=200,rollout=heuristic").name
'ismcts:iterations=200,rollout=heuristic'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .base import Agent, play_out, seat_rngs
from .heuristic import BonbonsMemoryAgent, HeuristicAgent, heuristic_for
from .hints import Hint, HintError, hint
from .ismcts import ISMCTSAgent
from .levels import LEVELS, LevelAgent, difficulty
from .random_agent import RandomAgent


def _flag(text: str) -> bool:
    """A yes/no setting: true/false, yes/no, 1/0 (anything else is refused, not read as no)."""
    word = text.lower()
    if word in ("1", "true", "yes"):
        return True
    if word in ("0", "false", "no"):
        return False
    raise ValueError(text)


_SETTINGS: dict[str, dict[str, Callable[[str], Any]]] = {
    "random": {},
    "heuristic": {"epsilon": float},
    "memory": {"forget": float},
    "ismcts": {
        "iterations": int,
        "seconds": float,
        "rollout": str,
        "epsilon": float,
        "exploration": float,
        "score_weight": float,
        "samples": int,
        "prior": float,
        "depth": int,
        "observe": _flag,
        "widen": float,
        "horizon": _flag,
        "sensible": _flag,
        "beliefs": _flag,
        "frozen": str,
        "clock": str,
    },
    "easy": {},
    "medium": {},
    "hard": {"clock": str},
    "hard-2025": {"clock": str},  # the hard level's former settings, for comparisons (LEGACY)
    "hard-2026-12": {"clock": str},
}


def _build(kind: str, settings: dict[str, Any]) -> Agent:
    if kind == "random":
        return RandomAgent()
    if kind == "heuristic":
        return HeuristicAgent(**settings)
    if kind == "memory":
        return BonbonsMemoryAgent(**settings)
    if kind == "ismcts":
        if "seconds" in settings and "iterations" not in settings:
            settings["iterations"] = None
        return ISMCTSAgent(**settings)
    return LevelAgent(kind, **settings)


def agent_names() -> list[str]:
    """The names `make_agent` accepts (without settings): the baseline first, then the game's
    heuristics, the search, and the difficulty levels."""
    return list(_SETTINGS)


def make_agent(name: str) -> Agent:
    """A new agent by name (optionally `name:key=value,...`); ValueError names the valid
    choices otherwise."""
    kind, _, rest = name.partition(":")
    kind = kind.strip()
    if kind not in _SETTINGS:
        raise ValueError(
            f"unknown agent {kind!r}; valid agents: {', '.join(agent_names())}"
        ) from None
    allowed = _SETTINGS[kind]
    settings: dict[str, Any] = {}
    for pair in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, text = pair.partition("=")
        key = key.strip()
        if not sep or key not in allowed:
            valid = ", ".join(sorted(allowed)) or "none"
            raise ValueError(f"agent {kind!r} has no setting {pair!r}; settings: {valid}")
        try:
            settings[key] = allowed[key](text.strip())
        except ValueError:
            raise ValueError(f"agent {kind!r}: bad value for {key}: {text!r}") from None
    return _build(kind, settings)


__all__ = [
    "LEVELS",
    "Agent",
    "BonbonsMemoryAgent",
    "HeuristicAgent",
    "Hint",
    "HintError",
    "ISMCTSAgent",
    "LevelAgent",
    "RandomAgent",
    "agent_names",
    "difficulty",
    "heuristic_for",
    "hint",
    "make_agent",
    "play_out",
    "seat_rngs",
]
