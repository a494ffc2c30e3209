"""Helpers for the blunder tests: find positions of a kind in seeded games, and count how often
a bot makes a given mistake there over searches with different seeds."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from sweettooth.agents import difficulty
from sweettooth.core import Game, State

SEARCHES = 10  # searches per position, each with its own seed
ALLOWED = 1  # at most this many blunders in SEARCHES (the issue: avoided in 9 of 10)


def positions(
    game: Game[Any], players: int, wanted: Callable[[State], bool], count: int,
    seeds: range = range(200), *, mix: float = 0.3,
) -> Iterator[State]:
    """The first `count` positions for which `wanted` holds, one per seeded game, in games
    played by the medium bot with a random move `mix` of the time."""
    medium = difficulty(game.id, "medium")
    found = 0
    for seed in seeds:
        state = game.new(players, seed)
        rng = random.Random(seed)
        while state.to_move is not None:
            if wanted(state):
                yield state
                found += 1
                break
            legal = state.legal_actions()
            view = state.view(state.to_move)
            move = rng.choice(legal) if rng.random() < mix else medium.choose(
                game, view, legal, rng)
            state.apply(move)
        if found >= count:
            return
    raise AssertionError(f"only {found} of {count} positions found in {len(seeds)} games")


def blunders(game: Game[Any], state: State, level: str, bad: Callable[[State, Any], bool],
             searches: int = SEARCHES) -> list[str]:
    """The moves `level` chose that `bad` calls blunders, over `searches` seeds."""
    seat = state.to_move
    assert seat is not None
    out = []
    for k in range(searches):
        agent = difficulty(game.id, level)
        move = agent.choose(game, state.view(seat), state.legal_actions(), random.Random(k))
        if bad(state, move):
            out.append(str(move))
    return out


LEVELS = ["medium", pytest.param("hard", marks=pytest.mark.slow)]
"""Both bots; the hard one searches for up to its time cap ten times a position (slow)."""
