"""Bonbons in OpenSpiel: `pyspiel.load_game("sweettooth_bonbons")`, once
`sweettooth.openspiel` is imported."""

from __future__ import annotations

from .adapter import SweettoothGame, Title, register

TITLE = Title(
    game_id="bonbons",
    long_name="sweettooth Bonbons",
    max_chance_outcomes=36,
    # Chance: set-up only, the shuffles of the round tiles and of the grid (66 nodes by default).
    chance_nodes=lambda players, moves: 100,
)


class BonbonsGame(SweettoothGame):
    title = TITLE


register(BonbonsGame)
