"""View fixtures for the browser client: real views from random play, for the renderer sandbox.

`python -m tests.web.views OUTDIR` writes OUTDIR/<game>.json, each `{"views": [...]}` with a
start, middle and final view for every seat (and the spectator), to be drawn by
`web/sandbox.html?src=...`.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import sweettooth as st

PLAYERS = {"bittersweet": 3, "bonbons": 3, "lechocolat": 2, "sweetnose": 3, "sweetshop": 1}


def sample_views(game_id: str, players: int, seed: int, stops: int = 4) -> list[dict[str, Any]]:
    """Views along one random game: `stops` points spread over the game, then the final one."""
    game = st.game(game_id)
    state = game.new(players, seed=seed)
    rng = random.Random(seed)
    actions = []
    probe = state.copy()
    while probe.to_move is not None:
        a = rng.choice(probe.legal_actions())
        actions.append(a)
        probe.apply(a)
    at = {round(len(actions) * k / stops) for k in range(stops)}
    views: list[dict[str, Any]] = []
    for ply, a in enumerate(actions):
        if ply in at and state.to_move is not None:
            views.append(state.view(state.to_move))
            if ply:
                views.append(state.view(None))
        state.apply(a)
    views.extend(state.view(p) for p in range(players))
    views.append(state.view(None))
    return views


def main(out: str) -> None:
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    for gid, n in PLAYERS.items():
        views = sample_views(gid, n, seed=11)
        (folder / f"{gid}.json").write_text(json.dumps({"views": views}))
        print(gid, len(views))


if __name__ == "__main__":
    main(sys.argv[1])
