"""The agent interface: anything that picks an action from what one seat knows.

An agent sees exactly what a human at that seat would see: the game (its metadata, `render`,
`parse_action` and `sample`), the seat's view, the legal actions and a random generator owned by
the caller. It never sees the State, so it cannot cheat; a searching bot builds states of its own
with `game.sample(view, seat, seed)`.

>>> import random
>>> from sweettooth.agents import RandomAgent
>>> agent: Agent = RandomAgent()
>>> agent.choose(None, {}, ["a", "b"], random.Random(1)) in ("a", "b")
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from sweettooth.core import JSON, Action, Game, State


@runtime_checkable
class Agent(Protocol):
    """A player that decides from a view. `name` labels it in logs and tables."""

    @property
    def name(self) -> str:
        """A short label, e.g. "random"."""
        ...

    def choose(
        self, game: Game[Any], view: JSON, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """One of `legal`, chosen from `view` (what the seat to move knows) using only `rng`."""
        ...


def seat_rngs(seed: int, players: int) -> list[random.Random]:
    """One generator per seat, each derived from `seed` alone.

    A seat's decisions then depend only on the seed and the game, not on how many random numbers
    the other seats' agents happened to draw.
    """
    return [random.Random(f"{seed}/seat{seat}") for seat in range(players)]


def play_out(state: State, agents: Sequence[Agent], rngs: Sequence[random.Random]) -> State:
    """Let `agents[seat]` play every turn of `seat` until the game is over; returns `state`.

    Each agent gets only the view of the seat to move (never the state) and the legal actions.
    An agent whose `needs_view` attribute is False (the random bot) is handed an empty dict
    instead: views can cost far more than the rules themselves, and it would not look.
    """
    game = state.game
    looks = [getattr(agent, "needs_view", True) for agent in agents]
    while (seat := state.to_move) is not None:
        legal = state.legal_actions()
        view = state.view(seat) if looks[seat] else {}
        state.apply(agents[seat].choose(game, view, legal, rngs[seat]))
    return state
