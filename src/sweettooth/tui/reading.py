"""How a typed move is read: the game's notation first, then the words the screen itself shows.

A player copies what they see. The hint says "trade your pink for Candy Bot 2's red", the
refusal's pattern says "trade Candy Bot 2 <kind> for <kind>", the choice list says "Stop (end
your turn)". Each of these is read as the move it names:

1. the notation, as the game parses it (any case, any spacing);
2. the notation with players' names in place of seats, written as the game's notation writes
   a seat (`Face.seat_token`: "trade Candy Bot 2 pink for red" is "trade P3 pink for red" in
   Sweet Nose; a possessive "'s" may follow the name);
3. the words the face uses for a legal move (`Face.words`: its `describe`, and any shorter
   way the screen names it), compared without case, extra spaces, parenthesized asides or a
   final full stop ("stop" names "Stop (end your turn)").

Words that name several legal moves are refused, with the moves they could be: a typed move is
never guessed. When nothing matches, the refusal is the parser's, for the text with names read
as seats if it had any (so it is about what the player meant).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from sweettooth.core import State, SweetToothError

from .games.base import Ctx, notation_seat

_ASIDE = re.compile(r"\s*\([^)]*\)")
_SPACES = re.compile(r"\s+")


def plain(text: str) -> str:
    """Text as compared with a move's words: no case, asides, extra spaces or final stop.

    >>> plain("  Stop (end your turn). ")
    'stop'
    """
    text = _ASIDE.sub("", text)
    return _SPACES.sub(" ", text).strip().rstrip(".!").strip().casefold()


def names_to_seats(
    text: str, names: Sequence[str], token: Callable[[int], str] = notation_seat
) -> str:
    """Players' names replaced by notation's seats, `token(seat)` (by default counted from 1:
    P1, P2...); longest names first, so "Candy Bot 12" is not read as "Candy Bot 1" and "2".

    >>> names_to_seats("trade Candy Bot 2's pink for red", ["You", "Candy Bot 1", "Candy Bot 2"])
    'trade P3 pink for red'
    >>> names_to_seats("Candy Bot 1.2", ["You", "Candy Bot 1"], lambda s: f"p{s}")
    'p1.2'
    """
    order = sorted(range(len(names)), key=lambda s: -len(names[s]))
    for seat in order:
        name = names[seat].strip()
        if not name:
            continue
        pattern = re.compile(rf"(?<!\w){re.escape(name)}(?:'s)?(?!\w)", re.IGNORECASE)
        text = pattern.sub(token(seat), text)
    return text


def read_move(
    text: str,
    state: State,
    ctx: Ctx,
    words: Callable[[str], Sequence[str]],
    token: Callable[[int], str] = notation_seat,
) -> Any:
    """The legal action the typed `text` names, or the game's error (see the module's doc).

    `words(notation)` gives the screen's ways of naming a legal move (the face's `words`);
    `token(seat)` writes a seat as the game's notation does (the face's `seat_token`)."""
    text = text.strip()
    game = state.game
    try:
        return game.parse_action(state, text)
    except (SweetToothError, ValueError) as exc:
        first: Exception = exc
    named = names_to_seats(text, ctx.names, token)
    if named != text:
        try:
            return game.parse_action(state, named)
        except (SweetToothError, ValueError) as exc:
            first = exc
    wanted = plain(text)
    if not wanted:
        raise first
    found = [a for a in state.legal_actions()
             if wanted == plain(str(a)) or any(wanted == plain(w) for w in words(str(a)))]
    if len(found) == 1:
        return found[0]
    if found:
        moves = ", ".join(str(a) for a in found[:6]) + (", ..." if len(found) > 6 else "")
        raise ValueError(f"“{text}” could be {len(found)} moves: {moves}; type the one you mean")
    raise first
