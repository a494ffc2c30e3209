"""Per-game component statistics. Each game's module has `observe(state)`, run once the game is
over on its final state (result details, the public log, the game's data), returning small
JSON; and `tables(games, players)`, turning the observations of a run into tables of estimates
with 95% intervals (see `..estimates`). A module whose game does not score points sets `SCORES`:
"wins" (a score is 1 for a win, 0 otherwise) or "rounds" (a score counts rounds won)."""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from sweettooth.core import JSON, State

from . import bittersweet, bonbons, lechocolat, sweetnose, sweetshop

MODULES: dict[str, ModuleType] = {
    "bittersweet": bittersweet,
    "bonbons": bonbons,
    "lechocolat": lechocolat,
    "sweetnose": sweetnose,
    "sweetshop": sweetshop,
}


SCORE_KINDS = ("points", "wins", "rounds")


def score_kind(game: str) -> str:
    """What a final score counts in `game`: "points" (the default), "wins" or "rounds"."""
    kind = str(getattr(MODULES.get(game), "SCORES", "points"))
    assert kind in SCORE_KINDS, kind
    return kind


def observe(game: str, state: State) -> JSON:
    """What the game's component statistics need from one finished game ({} if none)."""
    module = MODULES.get(game)
    if module is None:
        return {}
    out: JSON = module.observe(state)
    return out


def tables(game: str, games: Sequence[JSON], players: int) -> list[JSON]:
    """The component tables of a run, from its games' observations in index order."""
    module = MODULES.get(game)
    if module is None:
        return []
    out: list[Any] = module.tables(games, players)
    return out

