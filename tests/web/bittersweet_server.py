"""The real server whose BitterSweet tables start from `bittersweet_scenario.scenario()` with
`ScenarioBot`s (test hooks; everything else is `sweettooth serve`).

    python -m tests.web.bittersweet_server --port 0 --db SQLITE_URL   (the port is always free)
"""

from __future__ import annotations

import sys
from typing import Any

import uvicorn

from sweettooth.core import Game, OptionValue, State
from sweettooth.server import Settings, create_app
from sweettooth.server.conn_guard import uvicorn_options
from sweettooth.server.tables import Hooks

from .bittersweet_scenario import PLAYERS, ScenarioBot, scenario


def new_state(game: Game[Any], players: int, seed: int,
              options: dict[str, OptionValue]) -> State:
    if game.id == "bittersweet" and players == PLAYERS:
        return scenario()
    state: State = game.new(players, seed, **options)
    return state


def main(argv: list[str]) -> None:
    settings = Settings.from_env(db=argv[argv.index("--db") + 1])
    hooks = Hooks(new_state=new_state, make_bot=lambda game_id, level, seat: ScenarioBot(seat))
    uvicorn.run(create_app(settings, hooks), host="127.0.0.1", port=0, log_level="info",
                **uvicorn_options(settings))


if __name__ == "__main__":
    main(sys.argv[1:])
