"""The registry of games. A game registers itself in one line: `register(MyGame())`."""

from __future__ import annotations

from typing import Any, TypeVar

from .errors import UnknownGame
from .game import Game

_GAMES: dict[str, Game[Any]] = {}

G = TypeVar("G", bound=Game[Any])


def register(game: G) -> G:
    """Add a game to the registry (idempotent for the same id and class)."""
    old = _GAMES.get(game.id)
    if old is not None and type(old) is not type(game):
        raise ValueError(f"game id {game.id!r} is already registered by {type(old).__name__}")
    _GAMES[game.id] = game
    return game


def games() -> list[str]:
    """The ids of all registered games, sorted."""
    return sorted(_GAMES)


def game(game_id: str) -> Game[Any]:
    """The game registered as `game_id`; UnknownGame names the valid ids otherwise."""
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):
        raise UnknownGame(
            f"unknown game {game_id!r}; valid games: {', '.join(games()) or 'none'}"
        ) from None
