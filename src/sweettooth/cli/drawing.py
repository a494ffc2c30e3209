"""The text drawings of the terminal's plain mode, found in each game's `render` module.

A game's `sweettooth.games.<id>.render` may provide, besides `render(view)` (the library's
`Game.render`):

- `draw(view, names, memory_aid=False) -> str`: the table as the seat of `view` sees it, players
  called by `names`, without the list of moves (the terminal prints its own menu);
- `log_line(entry, names) -> str`: one entry of the view's public log in words;
- `end_report(view, names) -> list[str]`: the end of the game: every round's reveal, each
  player's breakdown, and how a tie was broken;
- `GOAL`: one line saying how the game is won.

A game without them (a test game) falls back to `Game.render` and plain log entries.
Everything here reads only the view given: what a seat is shown comes from its view alone.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from sweettooth.core import JSON, Game

LOG_KEYS = ("log", "moves")
"""Where a view keeps its public record of what happened (the first found is used)."""


def _module(game: Game[Any]) -> ModuleType | None:
    try:
        module = importlib.import_module(f"sweettooth.games.{game.id}.render")
    except ImportError:
        return None
    return module if hasattr(module, "draw") else None


def draw(game: Game[Any], view: JSON, names: Sequence[str], memory_aid: bool = False) -> str:
    """The drawing of `view` with the players' names."""
    module = _module(game)
    if module is None:
        return game.render(view)
    text: str = module.draw(view, list(names), memory_aid=memory_aid)
    return text


def goal(game: Game[Any]) -> str | None:
    """One line: how the game is won (None if the game does not say)."""
    module = _module(game)
    text = getattr(module, "GOAL", None) if module is not None else None
    return text if isinstance(text, str) else None


def redraw_after_bots(game: Game[Any]) -> bool:
    """Whether the table is drawn again after each bot move on a terminal (Bonbons: a face a bot
    flips is seen on the board for a moment, then turned face down again)."""
    module = _module(game)
    return bool(getattr(module, "REDRAW_AFTER_BOT_MOVES", False)) if module else False


def public_log(view: JSON) -> list[Any] | None:
    """The view's public log (a list of strings or {"seat", "action", ...} entries), if any."""
    for key in LOG_KEYS:
        log = view.get(key)
        if isinstance(log, list):
            return log
    return None


def log_line(game: Game[Any], entry: Any, names: Sequence[str]) -> str:
    """One log entry in words, players called by their names ("You take", not "You takes")."""
    module = _module(game)
    if module is not None and hasattr(module, "log_line"):
        text: str = module.log_line(entry, list(names))
        return second_person(text) if "You" in names else text
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict) and isinstance(entry.get("seat"), int) and "action" in entry:
        seat = entry["seat"]
        who = names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"
        return f"{who} played {entry['action']}."
    return json.dumps(entry, sort_keys=True)


def move_label(game: Game[Any], notation: str, names: Sequence[str]) -> str:
    """A move (or the start of a group of moves) as the menu shows it: with players' names
    beside their ids where the game's notation names players."""
    module = _module(game)
    if module is not None and hasattr(module, "move_label"):
        text: str = module.move_label(notation, list(names))
        return text
    return notation


def end_report(game: Game[Any], view: JSON, names: Sequence[str]) -> list[str] | None:
    """The game's own account of the end (rounds, breakdowns, tie-break), if it has one."""
    module = _module(game)
    if module is None or not hasattr(module, "end_report"):
        return None
    lines: list[str] = module.end_report(view, list(names))
    return lines


_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
_YOU_VERB = re.compile(r"\bYou ([a-z]+s)\b")


def _unconjugate(verb: str) -> str:
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("ss") or verb.endswith("us"):
        return verb
    return verb[:-1]


def second_person(text: str) -> str:
    """A log line about "You" in the second person.

    >>> second_person("You takes a1; You's turn ends; You passes; You is out")
    'You take a1; your turn ends; You pass; You are out'
    """
    text = text.replace("You's ", "your ")
    return _YOU_VERB.sub(lambda m: f"You {_unconjugate(m.group(1))}", text)
