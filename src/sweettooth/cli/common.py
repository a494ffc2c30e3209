"""What every command shares: finding the game, reading `--option key=value`, failing cleanly.

Usage errors (unknown game, bad player count, bad option, unreadable record) print the core
error's message, which names the valid choices, and exit with status 2. No tracebacks.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn

import typer
from rich.console import Console

import sweettooth as st
from sweettooth.core import Game, OptionError, OptionValue, SweetToothError

USAGE_ERROR = 2


def console(stderr: bool = False) -> Console:
    """Rich output; when piped (no terminal, no COLUMNS) tables get 120 columns, not 80."""
    out = Console(stderr=stderr, highlight=False)
    if not out.is_terminal and "COLUMNS" not in os.environ:
        out = Console(stderr=stderr, highlight=False, width=120)
    return out


def fail(message: str) -> NoReturn:
    """Print `message` on stderr and exit with status 2."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(USAGE_ERROR)


@contextmanager
def usage_errors() -> Iterator[None]:
    """Turn sweettooth's own errors (which name the valid choices) into a clean exit 2."""
    try:
        yield
    except SweetToothError as exc:
        fail(str(exc))


def find_game(game_id: str) -> Game[Any]:
    """The registered game, or exit 2 naming the valid ids."""
    try:
        return st.game(game_id)
    except SweetToothError as exc:
        fail(str(exc))


def parse_options(game: Game[Any], pairs: Sequence[str] | None) -> dict[str, OptionValue]:
    """`["key=value", ...]` typed by the game's option specs; exit 2 on any bad entry."""
    specs = {o.name: o for o in game.option_specs}
    given: dict[str, OptionValue] = {}
    with usage_errors():
        for pair in pairs or ():
            name, sep, text = pair.partition("=")
            name = name.strip()
            if not sep or not name:
                valid = ", ".join(sorted(specs)) or "none"
                raise OptionError(
                    f"options are given as key=value, got {pair!r}; {game.id} options: {valid}"
                )
            if name not in specs:
                game.resolve_options({name: text})  # raises, naming the valid options
            given[name] = specs[name].parse(text.strip())
        game.resolve_options(given)
    return given


def choose_players(game: Game[Any], players: int | None) -> int:
    """The player count asked for (default: the game's minimum), or exit 2 naming the range."""
    count = game.min_players if players is None else players
    with usage_errors():
        game.check_players(count)
    return count


def player_range(game: Game[Any]) -> str:
    """'2', or '2-5'."""
    if game.min_players == game.max_players:
        return str(game.min_players)
    return f"{game.min_players}-{game.max_players}"


def progress_bar(console: Any) -> Any:
    """The Rich progress bar of long commands (simulate, arena): shown only on a terminal."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    return Progress(
        "[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
        TimeRemainingColumn(), console=console, transient=True,
        disable=not console.is_terminal,
    )
