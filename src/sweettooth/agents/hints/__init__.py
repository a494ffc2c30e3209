"""Hints: what the medium bot would play from a seat's view, and why, in plain words.

`hint(game, view)` is a function of the view alone (the web client's Hint button, the terminal
game and the bots share it): the move is the medium level's choice (`difficulty(id, "medium")`),
made with a random generator seeded from the view itself, so the same view always gives the same
hint and nothing hidden from the seat can change it. The action objects the agent needs are read
from the view's legal actions (their notation), so no state is ever built. The reason comes from
the game's own module in this package (`actions` and `explain`), which compares the chosen move's
effect on the score with the alternatives.

>>> import sweettooth as st
>>> s = st.game("lechocolat").new(players=2, seed=7)
>>> h = hint("lechocolat", s.view(0))
>>> h.action in s.view(0)["legal_actions"] and len(h.reason) > 0
True
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Sequence
from typing import Any

from sweettooth.core import JSON, Game
from sweettooth.core import game as get_game

from ..levels import difficulty
from . import bittersweet, bonbons, lechocolat, sweetnose, sweetshop
from .common import Hint, HintError, People

Explainer = Callable[[JSON, Any, Sequence[Any], People], str]
"""(view, chosen action, legal actions, people) -> the reason."""

Reader = Callable[[JSON], list[Any]]
"""view -> its legal actions as the game's action objects, read from their notation."""

GAMES: dict[str, tuple[Reader, Explainer]] = {
    module.__name__.rsplit(".", 1)[-1]: (module.actions, module.explain)
    for module in (lechocolat, bonbons, sweetnose, sweetshop, bittersweet)
}


def hint_seed(view: JSON) -> int:
    """The seed of a hint's random choices: a hash of the view's JSON (key order and
    tuple-versus-list do not matter, so a view sent over the wire gives the same seed)."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big")


def _check(game: Game[Any], view: JSON) -> int:
    """The seat asking; HintError unless it is the view of the seat to move in a live game."""
    if not isinstance(view, dict) or "legal_actions" not in view:
        raise HintError("a hint needs a seat's view, as State.view(seat) returns it")
    if view.get("game") != game.id:
        raise HintError(f"this view is of {view.get('game')!r}, not of {game.id!r}")
    seat, mover = view.get("seat"), view.get("to_move")
    if view.get("result") is not None or mover is None:
        raise HintError("no hint: the game is over")
    if seat is None:
        raise HintError("no hint for a spectator: hints are for the player to move")
    if seat != mover or not view["legal_actions"]:
        raise HintError(f"no hint: it is Player {int(mover) + 1}'s turn, not yours")
    return int(seat)


def _legal(read: Reader, view: JSON) -> list[Any]:
    """The legal action objects of the view, read from their notation."""
    try:
        legal = read(view)
    except (KeyError, ValueError, IndexError, AttributeError):
        legal = []
    if [str(a) for a in legal] != list(view["legal_actions"]):
        raise HintError("this view's legal actions cannot be read; ask again")
    return legal


def hint(game: Game[Any] | str, view: JSON, names: Sequence[str] | None = None) -> Hint:
    """The medium bot's move for the seat whose `view` this is, with a short reason.

    `game` is a Game or a game id; `view` is `State.view(seat)` of the seat to move (or the same
    dict sent as JSON). `names` optionally names the seats (the asker is always "you"; without
    names the others are "Player 2", ...). HintError if the game is over or `view` is not the
    view of the seat to move.
    """
    g = game if isinstance(game, Game) else get_game(game)
    if g.id not in GAMES:
        raise HintError(f"no hints for {g.title} yet")
    read, explain = GAMES[g.id]
    seat = _check(g, view)
    legal = _legal(read, view)
    action = difficulty(g.id, "medium").choose(g, view, legal, random.Random(hint_seed(view)))
    return Hint(str(action), explain(view, action, legal, People(seat, tuple(names or ()))))


__all__ = ["GAMES", "Hint", "HintError", "People", "hint", "hint_seed"]
