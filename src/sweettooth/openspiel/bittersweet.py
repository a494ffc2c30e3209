"""BitterSweet in OpenSpiel: `pyspiel.load_game("sweettooth_bittersweet")`, once
`sweettooth.openspiel` is imported."""

from __future__ import annotations

from .adapter import SweettoothGame, Title, register

TITLE = Title(
    game_id="bittersweet",
    long_name="sweettooth BitterSweet",
    max_chance_outcomes=48,
    # Chance: the shuffles of set-up, then each card drawn and any reshuffle.
    chance_nodes=lambda players, moves: 60 + 8 * moves,
)


class BitterSweetGame(SweettoothGame):
    title = TITLE


register(BitterSweetGame)
