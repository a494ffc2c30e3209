"""Why a Bonbons move is refused, what is expected instead, and reading notation in any case.

A reason names squares and round tiles by place and says whether they are face up, found or
under the coins (all public, BB-2); it never names a face-down tile's candy.

>>> import sweettooth as st
>>> s = st.game("bonbons").new(players=2, seed=3)
>>> s.apply("A1")
>>> try:
...     s.apply("b1")
... except st.IllegalAction as exc:
...     print(exc)
b1: you have flipped a square: now flip a round tile to pair with it, or stop
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from sweettooth.core.actions import well_typed

from .actions import NOTATION, Cover, FlipRound, FlipSquare, GiveBack, Stop

if TYPE_CHECKING:
    from .state import BonbonsState

_TILE = re.compile(r"^(cover |give )?p([0-9]+)\.([0-9]+)$")
_KINDS: dict[str | None, type[FlipRound | Cover | GiveBack]] = {
    None: FlipRound, "cover ": Cover, "give ": GiveBack,
}


def read(state: BonbonsState, text: str) -> Any:
    """The action `text` names, legal or not, in any letter case (None if it names none)."""
    wanted = text.lower()
    action = NOTATION.get(wanted)
    if action is not None:
        return action
    m = _TILE.match(wanted)
    if m and int(m[3]) >= 1:
        return _KINDS[m[1]](int(m[2]), int(m[3]) - 1)
    return None


def _tile_name(seat: int, slot: int) -> str:
    return f"p{seat}.{slot + 1}"


def why(state: BonbonsState, action: Any) -> str | None:
    """Why `action` is not legal now (None: no specific reason; the caller says what is
    expected)."""
    from .codes import AFTER_ROUND, AFTER_SQUARE, CHOOSE_COVER, CHOOSE_GIFT, COIN_RUN, START

    if not isinstance(action, FlipSquare | FlipRound | Stop | Cover | GiveBack) or not well_typed(
        action
    ):
        return f"{action!r} is not a Bonbons move; {expected(state)}"
    ph = state.phase
    if ph in (CHOOSE_COVER, CHOOSE_GIFT) and type(action) is not (
        Cover if ph == CHOOSE_COVER else GiveBack
    ):
        return f"first {expected(state)}"
    if isinstance(action, Stop):
        if ph == START:
            return f"there is nothing to stop: flip something first; {expected(state)}"
        return f"you cannot stop now: {expected(state)}"  # after a round tile
    if isinstance(action, FlipSquare):
        if ph == AFTER_SQUARE:
            return "you have flipped a square: now flip a round tile to pair with it, or stop"
        if ph not in (START, AFTER_ROUND, COIN_RUN):
            return f"no square can be flipped now; {expected(state)}"
        return _square_problem(state, action)
    if isinstance(action, FlipRound):
        if ph == AFTER_ROUND:
            return "you have flipped a round tile: now flip a square to pair with it"
        if ph == COIN_RUN:
            return "a coin run flips only squares: flip another square, or stop"  # BB-5
        if ph not in (START, AFTER_SQUARE):
            return f"no round tile can be flipped now; {expected(state)}"
        problem = _tile_problem(state, action.seat, action.slot)
        if problem:
            return problem
        if action.seat != state.mover and not state._has_face_down(state.mover):
            return ("you have no face-down round tile of your own to give back, so you cannot "
                    "steal")  # BB-4
        return None
    # Cover or GiveBack
    if isinstance(action, Cover) and ph != CHOOSE_COVER:
        return f"coins go on a tile only after three coins are flipped; {expected(state)}"  # BB-5
    if isinstance(action, GiveBack) and ph != CHOOSE_GIFT:
        return f"a tile is given back only after a theft; {expected(state)}"  # BB-4
    if action.seat != state.mover:
        return f"choose one of your own round tiles, p{state.mover}.<slot>"
    return _tile_problem(state, action.seat, action.slot)


def _square_problem(state: BonbonsState, action: FlipSquare) -> str | None:
    from .codes import DOWN, MATCHED, SHOWING, TAKEN

    n = state.layout.size
    name = action.text
    if not (0 <= action.col < n and 0 <= action.row < n):
        shown = name if action.col >= 0 and action.row >= 0 else f"({action.col}, {action.row})"
        last = state.layout.square_name(n * n - 1)
        return f"there is no square {shown}: the grid is {n}x{n}, a1 to {last}"
    status = state.square_status[action.row * n + action.col]
    if status == DOWN:
        return None
    return {
        SHOWING: f"{name} is already face up",
        MATCHED: f"{name} is already face up: it was paired",  # BB-4
        TAKEN: f"{name} is empty: its coin covers a round tile",  # BB-5
    }.get(status, f"{name} is the empty wrapper, face up for good")  # BB-6


def _tile_problem(state: BonbonsState, seat: int, slot: int) -> str | None:
    from .codes import COVERED, DOWN, FOUND

    if not 0 <= seat < state.players:
        return f"there is no p{seat} at this table: the players are p0 to p{state.players - 1}"
    row = state.rows[seat]
    name = _tile_name(seat, slot)
    if not 0 <= slot < len(row):
        return f"p{seat} has {len(row)} round tiles, p{seat}.1 to p{seat}.{len(row)}"
    status = state.round_status[row[slot]]
    if status == DOWN:
        return None
    if status == FOUND:
        return f"{name} is already face up: it was found"  # BB-4
    if status == COVERED:
        return f"{name} is under the coins"  # BB-5
    return f"{name} is already face up"


def expected(state: BonbonsState) -> str:
    """What the player to move must do now."""
    from .codes import AFTER_ROUND, AFTER_SQUARE, CHOOSE_COVER, CHOOSE_GIFT, COIN_RUN, START

    ph = state.phase
    if ph == START:
        return ("you must flip a face-down square or a face-down round tile (yours, or an "
                "opponent's to steal it)")
    if ph == AFTER_SQUARE:
        return "you must flip a round tile to pair with the square, or stop"
    if ph == AFTER_ROUND:
        return "you must flip a face-down square to pair with the round tile"
    if ph == COIN_RUN:
        return "you must flip another square (all coins or nothing), or stop"
    if ph == CHOOSE_COVER:
        return "you must choose one of your face-down round tiles to cover with the three coins"
    assert ph == CHOOSE_GIFT
    victim = state.seat_label(state.rd_seat)  # a person: counted from 1, unlike notation
    return f"you must choose one of your face-down round tiles to give back to {victim}"


def shapes(state: BonbonsState) -> str:
    """The notation accepted now, with examples."""
    from .codes import AFTER_ROUND, AFTER_SQUARE, CHOOSE_COVER, CHOOSE_GIFT, COIN_RUN, START

    legal = state.legal_actions()
    square = next((str(a) for a in legal if isinstance(a, FlipSquare)), "a1")
    tile = next((str(a) for a in legal if isinstance(a, FlipRound)), "p0.1")
    ph = state.phase
    if ph == START:
        return f"a square like '{square}' or a round tile like '{tile}'"
    if ph == AFTER_SQUARE:
        return f"a round tile like '{tile}', or 'stop'"
    if ph == AFTER_ROUND:
        return f"a square like '{square}'"
    if ph == COIN_RUN:
        return f"a square like '{square}', or 'stop'"
    verb = "cover" if ph == CHOOSE_COVER else "give"
    assert ph in (CHOOSE_COVER, CHOOSE_GIFT)
    return f"'{verb} <your tile>' like '{legal[0]}'"
