"""Sweet Nose in OpenSpiel: `pyspiel.load_game("sweettooth_sweetnose")`, once
`sweettooth.openspiel` is imported."""

from __future__ import annotations

from .adapter import SweettoothGame, Title, register

TITLE = Title(
    game_id="sweetnose",
    long_name="sweettooth Sweet Nose",
    max_chance_outcomes=40,
    # Chance: the deal of the sweets each round; never more than one node per move beyond set-up.
    chance_nodes=lambda players, moves: 100 + moves,
)


class SweetNoseGame(SweettoothGame):
    title = TITLE


register(SweetNoseGame)
