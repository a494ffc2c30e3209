"""Rematch: "Play again" with the same players at a new table, and the series' score.

When a game has finished, any of its players may offer a rematch (`{"type": "rematch"}`);
every other human player accepts or declines (`"accept": false`), bots accept. Once all have
accepted, the server opens a new table: the same game, player count, options and bot pace, a
new seed, and the seats rotated by one, so that whoever sat in seat 1 now sits in seat 0 (and
so moves first where seat 0 starts): a player in seat `o` moves to seat `(o - 1) mod n`. Each
human seat is taken for its player at once, and each player's connections are sent the new
seat's token (only theirs), so the browser moves every player to the new table. A decline ends
the offer and tells everyone who declined.

The tables of a rematch chain form a series (`series_games`: the series is named by its first
table, `game_no` counts from 0), kept in the database, so any process and any restart sees it.
The series' score counts each player's wins (a shared win counts for every winner) over the
finished games of the series; a player is followed across the rotated seats by the game number
(`player = (seat + game_no) mod n`). Offers themselves live in the memory of the process that
holds them: a restart forgets an open offer (the players offer again).
"""

from __future__ import annotations

import asyncio
import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import insert, select

from .models import SeatRow, SeriesRow, TableRow
from .protocol import ProtocolError, dumps
from .social_protocol import RematchMsg
from .tables import LobbyError

if TYPE_CHECKING:
    from .db import Store
    from .tables import Client, LiveTable, Seat, TableManager


@dataclass
class Offer:
    votes: dict[int, bool | None]  # seat -> accepted (None: not answered yet)
    new_table: str | None = None
    new_seats: dict[int, int] = field(default_factory=dict)  # old seat -> seat at new table
    tokens: dict[int, str] = field(default_factory=dict)  # old seat -> its new seat's token


@dataclass
class _Rematches:
    offers: dict[str, Offer] = field(default_factory=dict)  # table id -> its open offer
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


_state: weakref.WeakKeyDictionary[TableManager, _Rematches] = weakref.WeakKeyDictionary()


def rotated(seat: int, players: int) -> int:
    """The seat at the rematch's table of whoever sat in `seat`."""
    return (seat - 1) % players


# -- storage ---------------------------------------------------------------------------------
def link_series(store: Store, old_id: str, new_id: str) -> tuple[str, int]:
    """Put `new_id` in the series of `old_id` (starting one at `old_id` if it has none) as
    its next game: (series id, the new table's game number)."""
    s = SeriesRow.__table__.c
    with store._transaction() as conn:  # joins the group commit's batch when there is one
        row = conn.execute(select(s.series_id, s.game_no).where(s.table_id == old_id)).first()
        if row is None:
            series, game_no = old_id, 0
            conn.execute(insert(SeriesRow), {"table_id": old_id, "series_id": old_id,
                                             "game_no": 0})
        else:
            series, game_no = row.series_id, row.game_no
        conn.execute(insert(SeriesRow), {"table_id": new_id, "series_id": series,
                                         "game_no": game_no + 1})
    return series, game_no + 1


def series_score(store: Store, table_id: str) -> dict[str, Any] | None:
    """The score of `table_id`'s series, seat by seat of that table; None if it is in none."""
    s, t, seats = SeriesRow.__table__.c, TableRow.__table__.c, SeatRow.__table__.c
    with store.engine.connect() as conn:
        here = conn.execute(select(s.series_id, s.game_no).where(s.table_id == table_id)).first()
        if here is None:
            return None
        games = conn.execute(
            select(s.table_id, s.game_no, t.status, t.result, t.players)
            .join_from(SeriesRow.__table__, TableRow.__table__, t.id == s.table_id)
            .where(s.series_id == here.series_id).order_by(s.game_no)).all()
        names = dict(conn.execute(
            select(seats.seat, seats.name).where(seats.table_id == table_id)).all())
    players = len(names)
    wins = [0] * players
    finished = 0
    for game in games:
        if game.status != "finished" or not game.result:
            continue
        finished += 1
        for seat in game.result.get("winners", []):
            wins[(seat + game.game_no) % players] += 1
    return {
        "series": here.series_id, "game": here.game_no + 1, "games": len(games),
        "finished": finished, "tables": [g.table_id for g in games],
        "seats": [{"seat": seat, "name": names.get(seat),
                   "wins": wins[(seat + here.game_no) % players]} for seat in range(players)],
    }


# -- the WebSocket side ----------------------------------------------------------------------
def _frame(table: LiveTable, offer: Offer, status: str, client: Client | None = None,
           **extra: Any) -> str:
    message: dict[str, Any] = {
        "type": "rematch", "status": status,
        "votes": [{"seat": seat, "accept": vote} for seat, vote in sorted(offer.votes.items())],
        **extra,
    }
    if offer.new_table is not None:
        message["table"] = offer.new_table
        if client is not None and client.seat is not None:  # a seat's token only to that seat
            message["seat"] = offer.new_seats[client.seat]
            token = offer.tokens.get(client.seat)
            if token is not None:
                message["token"] = token
    return dumps(message)


def _tell(table: LiveTable, offer: Offer, status: str, **extra: Any) -> None:
    shared = _frame(table, offer, status, **extra)
    for client in list(table.clients):
        if offer.new_table is not None and client.seat is not None:
            client.send(_frame(table, offer, status, client, **extra))
        else:
            client.send(shared)


async def on_attach(manager: TableManager, table: LiveTable, client: Client) -> None:
    """A client said hello at a finished table: tell it of an offer in progress."""
    offer = _state.get(manager, _Rematches()).offers.get(table.id)
    if offer is not None:
        status = "ready" if offer.new_table is not None else "open"
        client.send(_frame(table, offer, status, client))


async def handle(manager: TableManager, table: LiveTable, client: Client, msg: RematchMsg) -> None:
    seat = client.seat
    if seat is None:
        raise ProtocolError("rematch_unavailable", "only the players can ask for a rematch")
    if table.status != "finished":
        raise ProtocolError("rematch_unavailable",
                            "a rematch can be offered once the game has finished")
    state = _state.setdefault(manager, _Rematches())
    async with state.lock:
        for gone in [t for t in state.offers if t not in manager.tables]:  # left memory
            del state.offers[gone]
        offer = state.offers.get(table.id)
        if offer is not None and offer.new_table is not None:
            client.send(_frame(table, offer, "ready", client))  # already open: its table again
            return
        name = table.seats[seat].name or f"Seat {seat + 1}"
        if not msg.accept:
            if offer is None:
                raise ProtocolError("rematch_unavailable", "no rematch has been offered")
            offer.votes[seat] = False
            del state.offers[table.id]
            _tell(table, offer, "declined", by=seat, name=name)
            return
        if offer is None:
            offer = state.offers[table.id] = Offer(
                {s.seat: (True if _bot(s) else None) for s in table.seats})
        offer.votes[seat] = True
        if not all(offer.votes.values()):
            _tell(table, offer, "open", by=seat, name=name)
            return
        try:
            await _open_table(manager, table, offer)
        except LobbyError as exc:
            del state.offers[table.id]
            raise ProtocolError("rematch_unavailable", exc.message) from None
        _tell(table, offer, "ready", by=seat, name=name)


def _bot(seat: Seat) -> bool:
    """A bot seat; not one a player sat in until their time ran out (a clock's flag fall passed
    it to a bot): that player is asked, and sits at the rematch."""
    return seat.kind == "bot" and seat.token_hash is None


async def _open_table(manager: TableManager, table: LiveTable, offer: Offer) -> None:
    """The rematch's table: same game and options, new seed, seats rotated, humans seated."""
    n = len(table.seats)
    moved = [table.seats[(s + 1) % n] for s in range(n)]  # who sits in each new seat
    new = await manager.create(
        table.game.id, n, dict(table.state.options),
        [{"kind": "bot", "level": p.level} if _bot(p) else {"kind": "human"} for p in moved],
        bot_speed=table.bot_speed,
        clock=None if table.clock is None else table.clock.spec.to_json())
    for s, player in enumerate(moved):
        offer.new_seats[player.seat] = s
        if not _bot(player):
            _, token = await manager.join(new, s, player.name or f"Player {player.seat + 1}")
            offer.tokens[player.seat] = token
    await manager.write(link_series, manager.store, table.id, new.id)
    offer.new_table = new.id
