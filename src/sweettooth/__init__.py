"""sweettooth: rules engines, bots and tools for five candy-themed tabletop games.

>>> import sweettooth as st
>>> st.games()[:2]
['bittersweet', 'bonbons']
"""

from . import games as _games  # noqa: F401  (registers every game)
from .core import (
    Game,
    IllegalAction,
    Option,
    Result,
    State,
    SweetToothError,
    game,
    games,
    load_record,
    replay,
    sample,
    save_record,
)
from .review import review

__version__ = "0.1.0"

__all__ = [
    "Game",
    "IllegalAction",
    "Option",
    "Result",
    "State",
    "SweetToothError",
    "__version__",
    "game",
    "games",
    "load_record",
    "replay",
    "review",
    "sample",
    "save_record",
]
