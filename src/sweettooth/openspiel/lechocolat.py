"""Le Chocolat in OpenSpiel: `pyspiel.load_game("sweettooth_lechocolat")`, once
`sweettooth.openspiel` is imported."""

from __future__ import annotations

from .adapter import SweettoothGame, Title, register

TITLE = Title(
    game_id="lechocolat",
    long_name="sweettooth Le Chocolat",
    max_chance_outcomes=36,
    # Chance (LC-1 set-up): 35 nodes shuffle the 36 tiles, 35 coin flips, 1 scoring card.
    chance_nodes=lambda players, moves: 71,
)


class LeChocolatGame(SweettoothGame):
    title = TITLE


register(LeChocolatGame)
