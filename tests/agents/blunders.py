"""Helpers for the blunder tests: find positions of a kind in seeded games, and count how often
a bot makes a given mistake there over searches with different seeds."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cached_property, partial
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


class Positions:
    """The `count` positions `positions(...)` finds, searched when a test first asks for one.

    Not when the module is imported: every pytest-xdist worker imports every test module to
    collect the tests, and the searches of the blunder modules (hundreds of medium-bot games)
    cost each worker 13 s of CPU before it ran a test. `len()` is `count` (the search fails the
    test that asks if fewer are found)."""

    def __init__(self, game: Game[Any], players: int, wanted: Callable[[State], bool],
                 count: int, seeds: range = range(200), *, mix: float = 0.3) -> None:
        self.count = count
        self._search = partial(positions, game, players, wanted, count, seeds, mix=mix)

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, index: int) -> State:
        return self.found[index]

    def __iter__(self) -> Iterator[State]:
        return iter(self.found)

    @cached_property
    def found(self) -> list[State]:
        return list(self._search())


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
