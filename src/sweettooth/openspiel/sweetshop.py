"""Sweet Shop in OpenSpiel: `pyspiel.load_game("sweettooth_sweetshop")`, once
`sweettooth.openspiel` is imported."""

from __future__ import annotations

from .adapter import SweettoothGame, Title, register

TITLE = Title(
    game_id="sweetshop",
    long_name="sweettooth Sweet Shop",
    max_chance_outcomes=48,
    # Chance: the deck's shuffle, then the dice of each roll and any reshuffle of the discards.
    chance_nodes=lambda players, moves: 60 + 8 * moves,
    max_score=200.0,  # the returns' declared bound: far above any score reached
)


class SweetShopGame(SweettoothGame):
    title = TITLE


register(SweetShopGame)
