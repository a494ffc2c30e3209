"""What a move does to the table, and the marker orders a player may hold: the pieces the
heuristics and the beliefs about the others' markers both read (one place, no import circle)."""

from __future__ import annotations

import itertools
from typing import Any

from . import stores as store_effects
from .actions import MarketTrade, StoreUse, Trade
from .components import MARKER_VALUES
from .table import Table

ORDERS = tuple(itertools.permutations(MARKER_VALUES))
"""The 120 ways to lay the markers 1 to 5 on the five kinds."""


def after(t: Table, seat: int, action: Any) -> Table:
    """The table after `seat` plays an exchange or store use (a copy)."""
    out = t.copy()
    if isinstance(action, Trade):
        out.plate[seat][action.give] -= 1
        out.bowl[action.opponent][action.give] += 1
        out.plate[action.opponent][action.take] -= 1
        out.bowl[seat][action.take] += 1
    elif isinstance(action, MarketTrade):
        out.plate[seat][action.give] -= 1
        out.market[action.give] += 1
        out.market[action.take] -= 1
        out.plate[seat][action.take] += 1
    elif isinstance(action, StoreUse):
        store_effects.do(out, seat, action)
    return out
