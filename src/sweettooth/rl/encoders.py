"""`spec_for` and `encode`: the spaces of a game, looked up by game, player count and options."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

import sweettooth as st
from sweettooth.core import JSON

from .games import bittersweet, bonbons, lechocolat, sweetnose, sweetshop
from .spec import GameSpec, Obs

Builder = Callable[[int, dict[str, Any], JSON], GameSpec]

BUILDERS: dict[str, Builder] = {
    "bittersweet": bittersweet.build,
    "bonbons": bonbons.build,
    "lechocolat": lechocolat.build,
    "sweetnose": sweetnose.build,
    "sweetshop": sweetshop.build,
}


@cache
def _spec(game_id: str, players: int, options_json: str) -> GameSpec:
    options = json.loads(options_json)
    # The spectator's view of a fresh game: only public data (components, sizes), no seed.
    sample = st.game(game_id).new(players, seed=0, **options).view(None)
    return BUILDERS[game_id](players, dict(sample["options"]), sample)


def spec_for(game_id: str, players: int, options: Mapping[str, Any] | None = None) -> GameSpec:
    """The action table and observation layout of `game_id` with this many players and these
    options (unset options take their defaults)."""
    if game_id not in BUILDERS:
        raise ValueError(f"unknown game {game_id!r}; games: {', '.join(sorted(BUILDERS))}")
    game = st.game(game_id)
    game.check_players(players)
    resolved = game.resolve_options(dict(options or {}))
    return _spec(game_id, players, json.dumps(resolved, sort_keys=True))


def encode(game_id: str, view: JSON) -> Obs:
    """The observation (float32, fixed shape per game, player count and options) of one seat's
    view: computed from the view alone."""
    if view.get("game") != game_id:
        raise ValueError(f"this view is of {view.get('game')!r}, not {game_id!r}")
    return spec_for(game_id, view["players"], view["options"]).encode(view)
