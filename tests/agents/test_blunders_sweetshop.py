"""Sweet Shop blunders the bots must avoid (issue 33: certain gains thrown away).

- Ending the turn (or skipping a Sugar Rush) with a free Eat on offer late in the game: an Eat
  that forfeits no bonus (`heuristics.forfeits`) adds its card's points (SS-6) and keeps every
  option ending the turn keeps; with a short deck the game may end before another chance. The
  hard bot's averaging once scored the Eat, with the choices after it, below ending the turn.
- The Last Resort on a card a pair of the dice can Grab: the Grab takes the same card and keeps
  the other pair for another action.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import sweettooth as st
from sweettooth.agents import difficulty
from sweettooth.core import State
from sweettooth.games.sweetshop import heuristics
from sweettooth.games.sweetshop.actions import (
    Eat,
    EndTurn,
    Grab,
    LastResort,
    SkipSugarRush,
    SugarRush,
)
from sweettooth.games.sweetshop.cards import CARDS

from .blunders import ALLOWED, LEVELS, SEARCHES, Positions, blunders

GAME = st.game("sweetshop")


def nth_position(seed: int, n: int, wanted: Callable[[State], bool]) -> State:
    """The n-th position (from 0) for which `wanted` holds in the seeded game that `positions`
    plays: the medium bot with a random move 30% of the time."""
    medium = difficulty("sweetshop", "medium")
    state: State = GAME.new(1, seed)
    rng = random.Random(seed)
    while state.to_move is not None:
        if wanted(state):
            if n == 0:
                return state
            n -= 1
        legal = state.legal_actions()
        move = rng.choice(legal) if rng.random() < 0.3 else medium.choose(
            GAME, state.view(0), legal, rng)
        state.apply(move)
    raise AssertionError(f"game {seed} has too few such positions")


def free_eats(state: State) -> list[Any]:
    """The Eats and Sugar Rushes on offer that forfeit no bonus."""
    basket = len(state.view(0)["basket"])
    out: list[Any] = []
    for a in state.legal_actions():
        if isinstance(a, Eat):
            exact = not a.shift and sum(a.pair) == CARDS.number[a.card]
            if not heuristics.forfeits(a.card, exact, basket):
                out.append(a)
        elif isinstance(a, SugarRush) and not heuristics.forfeits(a.card, False, basket):
            out.append(a)
    return out


def gives_up_a_free_eat(state: State, move: Any) -> bool:
    return isinstance(move, EndTurn | SkipSugarRush)


def late_free_eat(state: State) -> bool:
    """A free Eat worth 2 or more points (a Chocolate Figure) or one setting off a Sugar Rush,
    with at most 4 cards left in the deck."""
    if state.view(0)["deck"] > 4:
        return False
    return any(CARDS.points[a.card] >= 2 or (CARDS.bonus[a.card] == "sugar_rush")
               for a in free_eats(state))


def sugar_rush_on_offer(state: State) -> bool:
    """A Sugar Rush to answer with a free Eat among its choices."""
    return any(isinstance(a, SugarRush) for a in state.legal_actions()) and bool(
        free_eats(state))


def free_eat_at_the_end(state: State) -> bool:
    """A free Eat on offer with at most 3 cards left in the deck."""
    return state.view(0)["deck"] <= 3 and bool(free_eats(state))


LATE = Positions(GAME, 1, late_free_eat, count=4, seeds=range(300))
RUSHES = Positions(GAME, 1, sugar_rush_on_offer, count=2, seeds=range(300))
ENDS = [nth_position(seed, n, free_eat_at_the_end) for seed, n in ((268, 1), (296, 3), (296, 4))]
"""Positions where the hard bot of December 2026 (`hard-2026-12`) ended its turn instead."""


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("index", range(len(LATE) + len(RUSHES) + len(ENDS)))
def test_does_not_end_the_turn_with_a_free_eat(level: str, index: int) -> None:
    state = [*LATE, *RUSHES, *ENDS][index]
    bad = blunders(GAME, state, level, gives_up_a_free_eat)
    assert len(bad) <= ALLOWED, f"{level} gave up a free Eat {len(bad)}/{SEARCHES}: {bad}"


def wastes_last_resort(state: State, move: Any) -> bool:
    """The Last Resort on a position some pair of the dice can Grab."""
    return isinstance(move, LastResort) and any(
        isinstance(a, Grab) and move.position in a.positions for a in state.legal_actions())


def last_resort_on_grabbable(state: State) -> bool:
    """The Last Resort is on offer on a card that a pair can also Grab."""
    return any(wastes_last_resort(state, a) for a in state.legal_actions())


RESORTS = [nth_position(seed, n, last_resort_on_grabbable)
           for seed, n in ((0, 10), (1, 5), (3, 15), (6, 2), (7, 4))]
"""Positions where the hard bot of December 2026 (`hard-2026-12`) played such a Last Resort."""


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("index", range(len(RESORTS)))
def test_does_not_play_last_resort_for_a_grabbable_card(level: str, index: int) -> None:
    state = RESORTS[index]
    bad = blunders(GAME, state, level, wastes_last_resort)
    assert len(bad) <= ALLOWED, f"{level} wasted the Last Resort {len(bad)}/{SEARCHES}: {bad}"


def test_sensible_drops_only_beaten_decisions() -> None:
    """The filter drops ending the turn only with a free Eat on offer, and the Last Resort only
    on a grabbable card; it keeps every other decision."""
    for state in [*LATE, *RUSHES, *ENDS, *RESORTS]:
        legal = state.legal_actions()
        kept = heuristics.sensible(state.view(0), legal)
        free = bool(free_eats(state))
        for a in legal:
            beaten = (free and gives_up_a_free_eat(state, a)) or wastes_last_resort(state, a)
            assert (a in kept) is not beaten, str(a)

