"""Heuristics as they were when a named bot spec was frozen, so that a spec kept for
comparisons (`hard-2026-12`) plays as it did while the game heuristics improve.

`FROZEN` names each frozen set; `chooser(game_id, purpose, frozen)` and
`filter_for(game_id, frozen)` give its heuristic and its root filter (`sensible`), the game's
current ones where nothing was changed since.

- "2026-12": Sweet Nose ended a game only when it won under every marker set the others may
  hold (`sure=1.0`; today `WIN_SURE`) and read nothing from their moves; Sweet Shop's search
  had no root filter (every legal move).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

from sweettooth.core import JSON

from .heuristic import Chooser, Filter, heuristic_for, sensible_for

FROZEN = ("2026-12",)


def _check(frozen: str) -> None:
    if frozen not in FROZEN:
        raise ValueError(f"unknown frozen heuristics {frozen!r}; known: {', '.join(FROZEN)}")


def _every(view: JSON, legal: Sequence[Any]) -> list[Any]:
    return list(legal)


def _sweetnose_choose(view: JSON, legal: Sequence[Any], rng: random.Random) -> Any:
    from sweettooth.games.sweetnose.heuristics import choose_with

    return choose_with(view, legal, rng, sure=1.0)


def chooser(game_id: str, purpose: str, frozen: str) -> Chooser:
    """The heuristic (`purpose` "choose" or "rollout") of `game_id` as frozen."""
    _check(frozen)
    if game_id == "sweetnose":
        return _sweetnose_choose
    return heuristic_for(game_id, purpose)


def filter_for(game_id: str, frozen: str) -> Filter:
    """The root filter of `game_id` as frozen."""
    _check(frozen)
    if game_id == "sweetnose":
        from sweettooth.games.sweetnose.heuristics import sensible

        return functools.partial(sensible, sure=1.0)
    if game_id == "sweetshop":
        return _every
    return sensible_for(game_id)
