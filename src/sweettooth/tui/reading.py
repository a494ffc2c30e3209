"""How a typed move is read: the game's notation first, then the words the screen itself shows.

A player copies what they see. The hint says "trade your pink for Candy Bot 2's red", the
refusal's pattern says "trade Candy Bot 2 <kind> for <kind>", the choice list says "Stop (end
your turn)". Each of these is read as the move it names:

1. the notation, as the game parses it (any case, any spacing);
2. the notation with players' names in place of seats ("trade Candy Bot 2 pink for red" is
   "trade P3 pink for red"; a possessive "'s" may follow the name);
3. the words the face uses for a legal move (`Face.describe`), compared without case, extra
   spaces, parenthesized asides or a final full stop ("stop" names "Stop (end your turn)").

A leading ':' (the key that opens the input, typed again into it) is dropped. When nothing
matches, the refusal is the parser's, for the text with names read as seats if it had any (so
it is about what the player meant).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from sweettooth.core import State, SweetToothError

from .games.base import Ctx

_ASIDE = re.compile(r"\s*\([^)]*\)")
_SPACES = re.compile(r"\s+")


def plain(text: str) -> str:
    """Text as compared with a move's words: no case, asides, extra spaces or final stop.

    >>> plain("  Stop (end your turn). ")
    'stop'
    """
    text = _ASIDE.sub("", text)
    return _SPACES.sub(" ", text).strip().rstrip(".!").strip().casefold()


def names_to_seats(text: str, names: Sequence[str]) -> str:
    """Players' names replaced by notation's seats, counted from 1 (longest names first, so
    "Candy Bot 12" is not read as "Candy Bot 1" followed by "2").

    >>> names_to_seats("trade Candy Bot 2's pink for red", ["You", "Candy Bot 1", "Candy Bot 2"])
    'trade P3 pink for red'
    """
    order = sorted(range(len(names)), key=lambda s: -len(names[s]))
    for seat in order:
        name = names[seat].strip()
        if not name:
            continue
        pattern = re.compile(rf"(?<!\w){re.escape(name)}(?:'s)?(?!\w)", re.IGNORECASE)
        text = pattern.sub(f"P{seat + 1}", text)
    return text


def read_move(
    text: str,
    state: State,
    ctx: Ctx,
    words: Callable[[str], str],
) -> Any:
    """The legal action the typed `text` names, or the game's error (see the module's doc).

    `words(notation)` gives the screen's words for a legal move (the face's `describe`)."""
    text = text.strip().lstrip(":").strip()
    game = state.game
    try:
        return game.parse_action(state, text)
    except (SweetToothError, ValueError) as exc:
        first: Exception = exc
    named = names_to_seats(text, ctx.names)
    if named != text:
        try:
            return game.parse_action(state, named)
        except (SweetToothError, ValueError) as exc:
            first = exc
    wanted = plain(text)
    if wanted:
        for action in state.legal_actions():
            notation = str(action)
            if plain(words(notation)) == wanted or plain(notation) == wanted:
                return action
    raise first
