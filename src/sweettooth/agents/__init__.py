"""Layer 3: bots. They see views (what a seat knows), never states.

Agents are made by name so faces (cli, server, arena) can offer every bot without importing
each one:

>>> from sweettooth.agents import agent_names, make_agent
>>> "random" in agent_names()
True
>>> make_agent("random").name
'random'
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Agent, play_out, seat_rngs
from .random_agent import RandomAgent

_FACTORIES: dict[str, Callable[[], Agent]] = {
    "random": RandomAgent,
}


def agent_names() -> list[str]:
    """The names `make_agent` accepts, sorted."""
    return sorted(_FACTORIES)


def make_agent(name: str) -> Agent:
    """A new agent by name; ValueError names the valid choices otherwise."""
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise ValueError(
            f"unknown agent {name!r}; valid agents: {', '.join(agent_names())}"
        ) from None
    return factory()


__all__ = ["Agent", "RandomAgent", "agent_names", "make_agent", "play_out", "seat_rngs"]
