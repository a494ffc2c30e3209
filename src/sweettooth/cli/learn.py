"""`sweettooth learn GAME`: a guided first game, full screen (the lesson of `sweettooth.learn`,
the same one the browser's "Learn to play" plays)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from .common import fail, find_game


def learn_cmd(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `games`).")],
    bot_delay: Annotated[float, typer.Option(
        min=0.0, help="Seconds to pause after each bot move.")] = 0.6,
) -> None:
    """Learn to play: a short guided game that walks you through the rules as they come up."""
    from sweettooth.learn import LESSONS

    game = find_game(game_id)
    if game.id not in LESSONS:
        fail(f"no lesson for {game.id!r} yet; lessons: {', '.join(sorted(LESSONS))}")
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        fail("`sweettooth learn` needs a terminal (or open Learn to play in the browser: "
             "sweettooth serve)")
    from sweettooth.tui.learning import run_learn

    raise typer.Exit(run_learn(LESSONS[game.id], bot_delay=bot_delay))
