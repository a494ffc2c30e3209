"""Sweet Nose blunders the bots must avoid (issue: hard bots laughed at).

- Ending the game while behind: in the last round, with an exchange that empties a plate (the
  round, and so the game, ends at once, SN-4) and leaves the bot's total above the lowest,
  while other moves let the round go on.
- Spending a store tile for nothing: a store use that raises the bot's own SP (e.g. undoing the
  exchange it has just made) or changes nothing on the table. A use that leaves every SP as it
  is but moves sweets between plate and bowl is no waste: stores 1 to 4 never change an SP (SP
  counts plate and bowl alike) and exist to hasten or delay an empty plate, which ends the
  round.
"""

from __future__ import annotations

from typing import Any

import pytest

import sweettooth as st
from sweettooth.core import State
from sweettooth.games.sweetnose.actions import StoreUse
from sweettooth.games.sweetnose.state import SweetNoseState

from .blunders import ALLOWED, LEVELS, SEARCHES, blunders, positions

GAME = st.game("sweetnose")


def after(state: State, move: Any) -> State:
    copy = state.copy()
    copy.apply(move)
    return copy


def ends_in_loss(state: State, move: Any) -> bool:
    result = after(state, move).result()
    return result is not None and state.to_move not in result.winners


def goes_on(state: State, move: Any) -> bool:
    return after(state, move).to_move is not None


def losing_end_on_offer(state: State) -> bool:
    """Last round, exchange phase: one move ends the game lost, five or more go on."""
    view = state.view(state.to_move)
    if view["phase"] != "exchange" or view["round"] != view["rounds_to_play"]:
        return False
    legal = state.legal_actions()
    return any(ends_in_loss(state, a) for a in legal) and sum(
        goes_on(state, a) for a in legal) >= 5


ENDINGS = list(positions(GAME, 3, losing_end_on_offer, count=4))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("index", range(len(ENDINGS)))
def test_does_not_end_the_game_while_behind(level: str, index: int) -> None:
    state = ENDINGS[index]
    bad = blunders(GAME, state, level, ends_in_loss)
    assert len(bad) <= ALLOWED, f"{level} ended the game lost {len(bad)}/{SEARCHES}: {bad}"


def spends_store_for_nothing(state: State, move: Any) -> bool:
    """A store use after which the mover's own SP is higher (its real markers), or the table
    is as it was."""
    if not isinstance(move, StoreUse):
        return False
    seat = state.to_move
    assert isinstance(state, SweetNoseState) and seat is not None
    then = after(state, move)
    assert isinstance(then, SweetNoseState)
    a, b = state.table, then.table
    unchanged = (a.plate, a.bowl, a.market, a.markers) == (b.plate, b.bowl, b.market, b.markers)
    return own_sp(then, seat) > own_sp(state, seat) or unchanged


def own_sp(state: SweetNoseState, seat: int) -> int:
    t = state.table
    sweets = t.sweets(seat)
    return sum(sweets[k] * (t.markers[seat][k] + t.market[k]) for k in range(len(sweets)))


def useless_store_on_offer(state: State) -> bool:
    """After the exchange, holding a store tile whose every use raises the mover's SP or
    changes nothing, so spending it is a waste."""
    view = state.view(state.to_move)
    if view["phase"] != "exchange":
        return False
    uses = [a for a in state.legal_actions() if isinstance(a, StoreUse)]
    return bool(uses) and len(uses) < len(state.legal_actions()) and all(
        spends_store_for_nothing(state, a) for a in uses) and all(
        goes_on(state, a) for a in uses)


STORES = list(positions(GAME, 3, useless_store_on_offer, count=3))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("index", range(len(STORES)))
def test_does_not_spend_a_store_for_nothing(level: str, index: int) -> None:
    state = STORES[index]
    bad = blunders(GAME, state, level, spends_store_for_nothing)
    assert len(bad) <= ALLOWED, f"{level} wasted a store tile {len(bad)}/{SEARCHES}: {bad}"
