"""The server with test hooks, for tests that must control what the server cannot be asked for.

    python -m tests.server.hooked_server SPEC.json

SPEC holds `db` and `hook`:

- `"twin"`: `twins` maps a game id to `{"record", "seat", "k"}`; tables of that game start from
  the twin's initial position (twins.py) and their bots play the twin's actions.
- `"block"`: `dir` is a folder; every bot writes `dir/started` and then thinks until
  `dir/release` exists, so a test can watch the server while a bot is busy.

Everything else (HTTP, WebSocket, database, bot runner) is the real server.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import uvicorn

from sweettooth.agents import Agent
from sweettooth.core import JSON, Action, Game, OptionValue, State
from sweettooth.server import Settings, create_app
from sweettooth.server.conn_guard import uvicorn_options
from sweettooth.server.tables import Hooks

from .twins import twin


@dataclass(frozen=True)
class ScriptedAgent:
    """Plays the action the script holds for the view's ply."""

    actions: tuple[str, ...]
    name: str = "scripted"

    def choose(self, game: Game[Any], view: JSON, legal: Sequence[Action],
               rng: random.Random) -> Action:
        wanted = self.actions[view["ply"]] if view["ply"] < len(self.actions) else None
        for action in legal:
            if str(action) == wanted:
                return action
        return legal[0]  # past the script: the test no longer compares


@dataclass(frozen=True)
class BlockingAgent:
    """Thinks (blocks its worker thread) until the test creates the release file."""

    folder: Path
    name: str = "blocking"

    def choose(self, game: Game[Any], view: JSON, legal: Sequence[Action],
               rng: random.Random) -> Action:
        (self.folder / "started").touch()
        end = time.monotonic() + 120
        while not (self.folder / "release").exists() and time.monotonic() < end:
            time.sleep(0.01)
        return legal[0]


def hooks_for(spec: dict[str, Any]) -> Hooks:
    if spec["hook"] == "block":
        folder = Path(spec["dir"])
        return Hooks(make_bot=lambda game_id, level, seat: BlockingAgent(folder))
    twins = {
        game_id: twin(t["record"], t["seat"], t["k"]) for game_id, t in spec["twins"].items()
    }

    def new_state(game: Game[Any], players: int, seed: int,
                  options: dict[str, OptionValue]) -> State:
        return twins[game.id][0].copy()

    def make_bot(game_id: str, level: str, seat: int) -> Agent:
        return ScriptedAgent(tuple(twins[game_id][1]))

    return Hooks(new_state=new_state, make_bot=make_bot)


def main(argv: list[str]) -> None:
    spec = json.loads(Path(argv[0]).read_text())
    settings = Settings.from_env(db=spec["db"])
    uvicorn.run(create_app(settings, hooks_for(spec)), host="127.0.0.1", port=0,
                log_level="info", **uvicorn_options(settings))


if __name__ == "__main__":
    main(sys.argv[1:])
