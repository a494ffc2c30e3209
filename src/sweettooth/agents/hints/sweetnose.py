"""Sweet Nose hints: sweet points (SP, lower is better, SN-6) before and after the chosen
exchange or store use, the effect on the opponent it trades with (their markers guessed from
what they hold), and whether the move ends the round by emptying a plate (SN-4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sweettooth.core import JSON
from sweettooth.games.sweetnose import heuristics
from sweettooth.games.sweetnose.actions import (
    Bid,
    EndTurn,
    MarketTrade,
    Pass,
    SetMarkers,
    StoreUse,
    TakeStore,
    Trade,
    parse,
)
from sweettooth.games.sweetnose.components import KINDS
from sweettooth.games.sweetnose.heuristics import (
    _after,
    _ignores_market,
    marker_guess,
    table_from_view,
)
from sweettooth.games.sweetnose.table import Table

from .common import People, count, listed

N = len(KINDS)


def sweet_points(view: JSON, t: Table, seat: int, markers: Sequence[int] | None = None) -> int:
    """The seat's SP on `t`: with `markers`, else its own, else guessed from what it holds."""
    marks = markers if markers is not None else t.markers[seat]
    if not any(marks):
        marks = marker_guess(t.sweets(seat), t.market)
    return heuristics.sweet_points(t, seat, marks, _ignores_market(view, seat))


def _sp_change(before: int, after: int, best: bool) -> str:
    if after < before:
        return f"cuts your sweet points from {before} to {after}"
    if after > before:
        least = " (the smallest rise you can make)" if best else ""
        return f"raises your sweet points from {before} to {after}{least}"
    return f"keeps your sweet points at {after}" + (" (none of your moves lowers them)"
                                                     if best else "")


def _round_end(view: JSON, t: Table, after: Table, people: People) -> str:
    """A clause when the move empties a plate: the round ends at once (SN-4)."""
    emptied = [s for s in range(len(after.plate)) if sum(after.plate[s]) == 0]
    if not emptied or any(sum(t.plate[s]) == 0 for s in emptied):
        return ""
    me = people.me
    totals = heuristics.projected_totals(view, after)
    ahead = totals[me] <= min(totals)
    who = people.whose(emptied[0])
    rounds = view.get("rounds_to_play")
    what = "the game" if rounds is not None and int(view["round"]) >= int(rounds) else "the round"
    lead = "while you are ahead" if ahead else "even though you are behind"
    return f"; it empties {who} plate and ends {what} {lead}"


def _exchange(view: JSON, t: Table, action: Trade | MarketTrade | StoreUse,
              legal: Sequence[Any], people: People) -> str:
    me = people.me
    after = _after(t, me, action)
    now, then = sweet_points(view, t, me), sweet_points(view, after, me)
    alike = [a for a in legal if type(a) is type(action) or (
        isinstance(a, Trade | MarketTrade) and isinstance(action, Trade | MarketTrade))]
    best = then <= min(sweet_points(view, _after(t, me, a), me) for a in alike)
    mine = _sp_change(now, then, best)
    if isinstance(action, Trade):
        them = action.opponent
        text = (f"swap your {KINDS[action.give]} for {people.whose(them)} {KINDS[action.take]}: "
                f"it {mine}")
        rise = sweet_points(view, after, them) - sweet_points(view, t, them)
        if rise > 0:
            text += f", and raises {people.whose(them)} by about {rise}"
    elif isinstance(action, MarketTrade):
        text = (f"swap your {KINDS[action.give]} for the market's {KINDS[action.take]}: "
                f"it {mine}")
    else:
        caption = _caption(view, action.number)
        text = f"use store {action.number} ({caption}): it {mine}"
    return text + _round_end(view, t, after, people)


def _caption(view: JSON, number: int) -> str:
    for tile in view["stores"]["tiles"]:
        if tile["number"] == number:
            return str(tile["caption"]).split(". ")[0].rstrip(".")
    return ""


def _markers(view: JSON, action: SetMarkers, t: Table, people: People) -> str:
    """The two lowest markers chosen, and whether no other rating counts fewer SP now."""
    me = people.me
    sweets = t.sweets(me)
    low = sorted(range(N), key=lambda k: action.values[k])[:2]
    held = listed([f"{KINDS[k]} {action.values[k]} (you hold {sweets[k]})" for k in low])
    sp = sweet_points(view, t, me, action.values)
    least = sweet_points(view, t, me, marker_guess(sweets, t.market))
    text = f"rate {held}: your sweets count {sp} sweet points as they stand"
    return text + (", the fewest any rating gives" if sp <= least else "")


def actions(view: JSON) -> list[Any]:
    """The view's legal actions as action objects (read from their notation)."""
    effects = {tile["number"]: tile["effect"] for tile in view["stores"]["tiles"]}
    return [parse(text, effects) for text in view["legal_actions"]]


def explain(view: JSON, action: Any, legal: Sequence[Any], people: People) -> str:
    t = table_from_view(view)
    me = people.me
    if isinstance(action, SetMarkers):
        return _markers(view, action, t, people)
    if isinstance(action, Trade | MarketTrade | StoreUse):
        return _exchange(view, t, action, legal, people)
    if isinstance(action, EndTurn):
        if any(isinstance(a, StoreUse) for a in legal):
            return "end your turn: no use of your store lowers your sweet points now"
        return "end your turn"
    if isinstance(action, TakeStore):
        caption = _caption(view, action.number)
        return f"take store {action.number} ({caption}): the most useful store left"
    if isinstance(action, Bid):
        cost = action.space - int(view["totals"][me])
        return (f"bid {action.space}: one cheap bid for the first choice of store; it adds "
                f"{count(cost, 'sweet point')} to your total")
    if isinstance(action, Pass):
        if view["phase"] == "auction":
            if view["auction"] and view["auction"]["bids"][me]:
                return "pass: a store is not worth more sweet points than you have bid"
            return "pass: a store is not worth adding sweet points to your total"
        return "pass: no exchange is possible"
    return f"{action}: the medium bot's choice"
