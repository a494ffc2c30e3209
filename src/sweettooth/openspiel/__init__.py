"""The five sweettooth games as OpenSpiel Python games (the `openspiel` extra; docs/openspiel.md).

`import sweettooth.openspiel` registers `sweettooth_lechocolat`, `sweettooth_bonbons`,
`sweettooth_sweetnose`, `sweettooth_sweetshop` and `sweettooth_bittersweet` with OpenSpiel;
`pyspiel.load_game("sweettooth_bonbons(players=4)")` then takes the seat count and the game's
options as parameters.
"""

from __future__ import annotations

from . import bittersweet, bonbons, lechocolat, sweetnose, sweetshop
from .adapter import SweettoothGame, SweettoothState, Title

TITLES = {
    m.TITLE.game_id: m.TITLE for m in (bittersweet, bonbons, lechocolat, sweetnose, sweetshop)
}

__all__ = ["TITLES", "SweettoothGame", "SweettoothState", "Title"]
