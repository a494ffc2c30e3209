"""Why a Sweet Nose move is refused, what is expected instead, and reading notation in any case.

Every token, bowl, plate, store and bid is public (SN-3), so a reason may name them; markers are
secret, and no reason mentions another player's.

>>> from sweettooth.games.sweetnose.positions import position, sweets
>>> s = position(plates=[sweets(red=8), sweets(green=8), sweets(brown=8)],
...              market=sweets(pink=2, yellow=1), markers=[[1, 2, 3, 4, 5]] * 3)
>>> from sweettooth.core import IllegalAction
>>> try:
...     s.apply("TRADE p2 red for RED")
... except IllegalAction as exc:
...     print(exc.reason)
a sweet cannot be traded for one of the same kind
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .actions import (
    ACTION_TYPES,
    Bid,
    EndTurn,
    MarketTrade,
    Pass,
    SetMarkers,
    StoreUse,
    Trade,
    parse,
    seat_name,
)
from .components import KINDS

if TYPE_CHECKING:
    from .state import SweetNoseState

_SEAT = re.compile(r"\bp([1-9])\b")
N = len(KINDS)


def read(state: SweetNoseState, text: str) -> Any:
    """The action `text` names, legal or not, in any letter case (None if it names none)."""
    return parse(_SEAT.sub(r"P\1", text.lower()), state.rules.effects)


def _kind(k: int) -> str:
    return KINDS[k] if 0 <= k < N else f"kind {k}"


def _phase_words(state: SweetNoseState) -> str:
    from .phases import AUCTION, MARKERS, PICK

    return {
        AUCTION: "during the Shopkeeper auction",
        PICK: "while store tiles are being taken",
        MARKERS: "while markers are being set",
    }.get(state.phase, "now")


def why(state: SweetNoseState, action: Any) -> str | None:
    """Why `action` is not legal now (None: no specific reason; the caller says what is
    expected)."""
    from .phases import AFTER_EXCHANGE, EXCHANGE, MARKERS, PICK

    seat = state.to_move
    assert seat is not None  # Game.why_illegal answers for a finished game
    kind = type(action)
    if kind not in ACTION_TYPES:
        return f"{action!r} is not a Sweet Nose move; {expected(state)}"
    phase, step = state.phase, state.step
    if kind is Trade or kind is MarketTrade:
        if phase != EXCHANGE:
            return f"sweets are not exchanged {_phase_words(state)}; {expected(state)}"
        if step == AFTER_EXCHANGE:
            return "you have already made this turn's exchange; " + expected(state)  # SN-4
        return _exchange_refusal(state, seat, action)
    if kind is SetMarkers:
        if phase != MARKERS:
            return "markers are set only at the start of a round; " + expected(state)  # SN-3
        return "the five markers must be 1, 2, 3, 4 and 5, one per kind"  # SN-1
    if kind is EndTurn:
        if phase == EXCHANGE:
            return "a turn ends only after its exchange; " + expected(state)  # SN-4
        return f"there is no turn to end {_phase_words(state)}; {expected(state)}"
    if kind is Pass:
        if phase == EXCHANGE and step == AFTER_EXCHANGE:
            return "you have made your exchange: use your store or end your turn"
        if phase == EXCHANGE:
            return "you may pass only when no exchange is possible; " + expected(state)  # SN-4
        return f"you cannot pass {_phase_words(state)}; {expected(state)}"
    if kind is StoreUse:
        return _store_refusal(state, seat, action)
    if kind is Bid:
        return _bid_refusal(state, seat, action)
    # TakeStore
    if phase != PICK:
        return f"store tiles are taken only at the reset; {expected(state)}"  # SN-8
    number = action.number
    if type(number) is not int or number not in state.rules.by_number:
        numbers = ", ".join(str(t.number) for t in state.rules.stores)
        return f"there is no store {number}; the stores are {numbers}"
    if number not in {t.number for t in state.board()}:
        owner = state.held.index(number)
        return f"store {number} is not on the board: {seat_name(owner)} holds it"
    level = state.picks[0][1]
    return (
        f"store {number} is a {state.rules.tile(number).level}+ store; you may take one of "
        f"level {level}+ or lower"  # SN-8
    )


def _exchange_refusal(state: SweetNoseState, seat: int, action: Trade | MarketTrade) -> str | None:
    give, take = action.give, action.take
    if type(give) is not int or type(take) is not int or not (0 <= give < N and 0 <= take < N):
        return f"sweets are {', '.join(KINDS)}"
    if give == take:
        return "a sweet cannot be traded for one of the same kind"  # SN-4
    if not state.table.plate[seat][give]:
        return f"you have no {_kind(give)} sweet on your plate"
    if isinstance(action, MarketTrade):
        if not state.table.market[take]:
            return f"the market has no {_kind(take)} sweet"
        return None
    o = action.opponent
    if type(o) is not int or not 0 <= o < state.players:
        return f"there is no {seat_name(o) if type(o) is int else o} at this table"
    if o == seat:
        return "you cannot trade with yourself; choose an opponent or the market"
    if not state.table.plate[o][take]:
        return f"{seat_name(o)} has no {_kind(take)} sweet on their plate"
    return None


def _store_refusal(state: SweetNoseState, seat: int, use: StoreUse) -> str | None:
    from .phases import AFTER_STORE, EXCHANGE

    if state.phase != EXCHANGE:
        return f"stores are used only on your turn in Phase 2; {expected(state)}"  # SN-7
    held = state.held[seat]
    if not held:
        if state.step == AFTER_STORE:
            return "you have already used your store this turn; " + expected(state)  # SN-7
        return "you hold no store tile"
    if use.number != held:
        return f"you hold store {held}, not store {use.number}"
    tile = state.rules.tile(held)
    if tile.effect == "ignore_market":
        return f"store {held} is never played: it counts at the end of the round"
    return f"store {held} cannot be used that way now ({tile.caption})"


def _bid_refusal(state: SweetNoseState, seat: int, bid: Bid) -> str | None:
    from .phases import AUCTION

    if state.phase != AUCTION:
        return f"bids are made only in the Shopkeeper auction; {expected(state)}"  # SN-9
    space = bid.space
    here, top = state.totals[seat], state.rules.max_bid
    if type(space) is not int or space <= here:
        return f"a bid must move your marker forward, past space {here}"
    if space > top:
        return f"bids go up to space {top}"
    for other in range(state.players):
        if other != seat and state.totals[other] == space:
            return f"{seat_name(other)}'s marker is already on space {space}"
    return None


def expected(state: SweetNoseState) -> str:
    """What the player to move must do now."""
    from .phases import AFTER_EXCHANGE, AFTER_STORE, AUCTION, EXCHANGE, MARKERS, PICK

    seat = state.to_move
    assert seat is not None  # Game.expected answers for a finished game
    if state.phase == AUCTION:
        return "you must bid (move your marker forward) or pass"
    if state.phase == PICK:
        return f"you must take a store tile of level {state.picks[0][1]}+ or lower from the board"
    if state.phase == MARKERS:
        return "you must set your five sweetness markers, 1 to 5, one per kind"
    assert state.phase == EXCHANGE
    store = "" if not state.store_uses(seat) else " (or use your store first)"
    if state.step == AFTER_EXCHANGE:
        return "you may use your store, or end your turn"
    if not state.exchanges(seat):
        return "no exchange is possible: you must pass" + store
    if state.step == AFTER_STORE:
        return "you must now make your exchange: trade with an opponent or the market"
    return "you must make an exchange: trade with an opponent or the market" + store


def shapes(state: SweetNoseState) -> str:
    """The notation accepted now, with an example."""
    from .phases import AFTER_EXCHANGE, AUCTION, EXCHANGE, MARKERS, PICK

    seat = state.to_move
    assert seat is not None  # Game.shapes answers for a finished game
    if state.phase == AUCTION:
        return f"'bid <space>' like 'bid {state.totals[seat] + 1}', or 'pass'"
    if state.phase == PICK:
        return f"'take store <number>' like '{state.legal_actions()[0]}'"
    if state.phase == MARKERS:
        return "'markers red=<1-5> green=.. brown=.. pink=.. yellow=..' like " \
               "'markers red=3 green=5 brown=1 pink=2 yellow=4'"
    assert state.phase == EXCHANGE
    uses = state.store_uses(seat)
    store = f", or '{uses[0]}'" if uses else ""
    if state.step == AFTER_EXCHANGE:
        return f"'end turn'{store}"
    if not state.exchanges(seat):
        return f"'pass'{store}"
    opponent = seat_name((seat + 1) % state.players)
    return f"'trade {opponent} <kind> for <kind>' or 'market <kind> for <kind>'{store}"
