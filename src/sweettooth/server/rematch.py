"""Rematch: "Play again" with the same players at a new table, and the series' score.

When a game has finished, any of its players may offer a rematch (`{"type": "rematch"}`);
every other human player accepts or declines (`"accept": false`), bots accept. Once all have
accepted, the server opens a new table: the same game, player count, options and bot pace, a
new seed, and the seats rotated by one, so that whoever sat in seat 1 now sits in seat 0 (and
so moves first where seat 0 starts): a player in seat `o` moves to seat `(o - 1) mod n`. Each
human seat is taken for its player at once, and each player's connections are sent the new
seat's token (only theirs), so the browser moves every player to the new table. A decline ends
the offer and tells everyone who declined.

The offer lives in the database (`rematch_offers`, schema 0008), so it holds however many
server processes the players are connected through, and across restarts:

- Every vote is one transaction that first locks the finished table's row, reads the offer,
  records the vote and, when it was the last one missing, opens the new table (table, seats,
  bot lease, series) and marks the offer `ready` with its id. Votes arriving at several
  processes at once are thus counted one after the other: exactly one of them sees every seat
  accepted and opens exactly one table; any later vote reads that table.
- The new seat's token is never stored nor sent between processes: it is derived from the
  player's seat token at the finished table (`rematch_key`, an HMAC keyed by that token), and
  the vote stores only its hash, which becomes the new seat's token hash. Each process sends
  each of its connections the token derived from that connection's own token, so a player's
  connections, wherever they are, get their seat's token and nobody else's.
- Each change goes out on the fan-out as a `rematch` event (on PostgreSQL inside the committing
  transaction; `fanout.rematch_event`), and each process tells the table's connections it holds.
  A change counter (`seq`) keeps a connection from being told of an older state after a newer
  one; a client saying hello at a finished table is told of the offer as stored.

The tables of a rematch chain form a series (`series_games`: the series is named by its first
table, `game_no` counts from 0), kept in the database, so any process and any restart sees it.
The series' score counts each player's wins (a shared win counts for every winner) over the
finished games of the series; a player is followed across the rotated seats by the game number
(`player = (seat + game_no) mod n`).
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import secrets
import time
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection

from sweettooth.core import SweetToothError

from . import clock_store, tables
from .clock import ClockSpec, ClockState
from .db import SeatData, TableData, hash_token
from .fanout import rematch_event
from .models import RematchRow, SeatRow, SeriesRow, TableRow, utcnow
from .protocol import ProtocolError, dumps
from .social_protocol import RematchMsg

if TYPE_CHECKING:
    from sweettooth.core import State

    from .db import Store
    from .tables import Client, LiveTable, TableManager

log = logging.getLogger("sweettooth.server")

STATUSES = ("open", "declined", "ready")


def rotated(seat: int, players: int) -> int:
    """The seat at the rematch's table of whoever sat in `seat`."""
    return (seat - 1) % players


def rematch_key(token: str, table_id: str) -> str:
    """The token of the seat that the holder of `token` (a seat token at the finished table
    `table_id`) gets at its rematch's table: only who knows `token` can derive it."""
    digest = hmac.new(token.encode("utf-8"), b"sweettooth rematch " + table_id.encode("utf-8"),
                      hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


@dataclass(frozen=True, slots=True)
class Offer:
    """A rematch offer as stored, without the keys: what every client may be told."""

    seq: int
    status: str  # open, declined, ready
    votes: list[bool | None]  # by seat: accepted (None: not answered yet)
    by: int | None  # the seat that moved last
    name: str | None  # and its player's name
    table: str | None = None  # the new table, once ready

    def public(self) -> dict[str, Any]:
        """The fan-out event's body."""
        return {"seq": self.seq, "status": self.status, "votes": self.votes, "by": self.by,
                "name": self.name, "table": self.table}

    @staticmethod
    def from_public(data: Any) -> Offer | None:
        """The offer in a fan-out event's body; None if it is not one."""
        if not isinstance(data, dict):
            return None
        seq, status, votes = data.get("seq"), data.get("status"), data.get("votes")
        by, name, table = data.get("by"), data.get("name"), data.get("table")
        if (not isinstance(seq, int) or status not in STATUSES or not isinstance(votes, list)
                or not all(v is None or isinstance(v, bool) for v in votes)
                or not (by is None or isinstance(by, int))
                or not (name is None or isinstance(name, str))
                or not (table is None or isinstance(table, str))
                or (status == "ready") != (table is not None)):
            return None
        return Offer(seq, status, list(votes), by, name, table)


@dataclass(frozen=True, slots=True)
class Ballot:
    """One vote, and (for an acceptance) the table to open should it be the last one."""

    table_id: str
    seat: int
    accept: bool
    key: str | None  # hash_token(rematch_key(seat token, table_id)) of an acceptance
    opening: TableData | None = None  # seats filled in by `cast_vote`
    lease: tuple[str, float] | None = None
    clock: dict[str, Any] | None = None  # the finished table's time control, kept (its JSON)


@dataclass(frozen=True, slots=True)
class Outcome:
    offer: Offer | None  # None: no offer open to decline
    changed: bool  # False: nothing written (the offer was ready already, or none to decline)
    opened: TableData | None = None  # the table this vote opened


# -- storage ---------------------------------------------------------------------------------
def _offer(row: Any) -> Offer:
    return Offer(row.seq, row.status, list(row.votes), row.by_seat, row.by_name, row.new_table)


def load_offer(store: Store, table_id: str) -> Offer | None:
    """The rematch offer of `table_id` as stored (None: never offered)."""
    o = RematchRow.__table__.c
    with store.engine.connect() as conn:
        row = conn.execute(select(RematchRow.__table__).where(o.table_id == table_id)).first()
    return None if row is None else _offer(row)


def cast_vote(store: Store, ballot: Ballot) -> Outcome:
    """Record `ballot` and, if it completes the offer, open the rematch's table: one
    transaction, after a lock on the finished table's row (so the votes of all processes are
    counted one after the other; SQLite has one writer anyway). On PostgreSQL with several
    processes, the change is announced in the transaction."""
    o, t, st = RematchRow.__table__.c, TableRow.__table__.c, SeatRow.__table__.c
    with store._transaction() as conn:  # joins the group commit's batch when there is one
        conn.execute(select(t.id).where(t.id == ballot.table_id).with_for_update())
        row = conn.execute(
            select(RematchRow.__table__).where(o.table_id == ballot.table_id)).first()
        if row is not None and row.status == "ready":
            return Outcome(_offer(row), changed=False)  # decided: its table for everyone
        seats = conn.execute(
            select(st.seat, st.kind, st.level, st.name, st.token_hash)
            .where(st.table_id == ballot.table_id).order_by(st.seat)).all()
        current = row._mapping if row is not None and row.status == "open" else None
        if ballot.accept:
            if current is not None:
                votes, keys = list(current["votes"]), list(current["keys"])
            else:  # a new offer (the first, or one after a decline)
                votes = [True if _bot(s) else None for s in seats]
                keys = [None] * len(seats)
            votes[ballot.seat], keys[ballot.seat] = True, ballot.key
            status = "ready" if all(v is True for v in votes) else "open"
        elif current is not None:
            votes, keys = list(current["votes"]), list(current["keys"])
            votes[ballot.seat], status = False, "declined"
        else:
            return Outcome(None, changed=False)
        opened = None
        if status == "ready":
            assert ballot.opening is not None
            opened = _seated(ballot.opening, seats, keys)
            also = (None if ballot.clock is None
                    else clock_store.inserter(opened.id, ballot.clock, None))
            store.insert_table(conn, opened, ballot.lease, also)
            _link_series(conn, ballot.table_id, opened.id)
        offer = Offer(1 if row is None else row.seq + 1, status, votes, ballot.seat,
                      seats[ballot.seat].name or f"Seat {ballot.seat + 1}",
                      None if opened is None else opened.id)
        values = {"seq": offer.seq, "status": status, "votes": votes, "keys": keys,
                  "by_seat": offer.by, "by_name": offer.name, "new_table": offer.table,
                  "updated_at": utcnow()}
        if row is None:
            conn.execute(insert(RematchRow), {"table_id": ballot.table_id, **values})
        else:
            conn.execute(update(RematchRow).where(o.table_id == ballot.table_id).values(values))
        if store.notify_channel is not None:
            store._notify(conn, [rematch_event(store.origin, ballot.table_id, offer.public())])
    return Outcome(offer, changed=True, opened=opened)


def _bot(seat: Any) -> bool:
    """A bot seat (a row or a live seat); not one a player sat in until their time ran out (a
    clock's flag fall passed it to a bot, keeping its token): that player is asked, and sits
    at the rematch."""
    return bool(seat.kind == "bot" and seat.token_hash is None)


def _seated(blank: TableData, seats: Any, keys: list[str | None]) -> TableData:
    """`blank` with its seats: the old seats rotated, each human seat taken for its player
    with the key of their acceptance as its token hash."""
    n = len(seats)
    rows = []
    for s in range(n):
        old = seats[(s + 1) % n]  # who sits in new seat s
        if _bot(old):
            rows.append(SeatData(s, "bot", old.level, f"{old.level} bot", None, True))
        else:
            rows.append(SeatData(s, "human", None, old.name or f"Player {old.seat + 1}",
                                 keys[old.seat], False))
    status = "waiting" if any(r.kind == "human" for r in rows) else "playing"
    return TableData(**{**{f: getattr(blank, f) for f in TableData.__slots__},
                        "seats": rows, "status": status})


def _link_series(conn: Connection, old_id: str, new_id: str) -> tuple[str, int]:
    """Put `new_id` in the series of `old_id` (starting one at `old_id` if it has none) as
    its next game: (series id, the new table's game number)."""
    s = SeriesRow.__table__.c
    row = conn.execute(select(s.series_id, s.game_no).where(s.table_id == old_id)).first()
    if row is None:
        series, game_no = old_id, 0
        conn.execute(insert(SeriesRow), {"table_id": old_id, "series_id": old_id, "game_no": 0})
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
_told: weakref.WeakKeyDictionary[Client, int] = weakref.WeakKeyDictionary()
"""The newest offer change (`seq`) each connection was told of, so none hears an older one."""


def _frame(table: LiveTable, offer: Offer, client: Client) -> str:
    message: dict[str, Any] = {
        "type": "rematch", "status": offer.status,
        "votes": [{"seat": seat, "accept": vote} for seat, vote in enumerate(offer.votes)],
        "by": offer.by, "name": offer.name,
    }
    if offer.table is not None:
        message["table"] = offer.table
        if client.seat is not None:  # a seat's token only to that seat's own connections
            message["seat"] = rotated(client.seat, len(table.seats))
            if client.token is not None:
                message["token"] = rematch_key(client.token, table.id)
    return dumps(message)


def deliver(table: LiveTable, offer: Offer, only: Client | None = None) -> None:
    """Tell this process's connections at `table` (or `only` that one) of `offer`, each its own
    frame; what a connection was told already, or older news, it is not told again."""
    for client in [only] if only is not None else list(table.clients):
        if _told.get(client, 0) >= offer.seq:
            continue
        _told[client] = max(offer.seq, _told.get(client, 0))
        client.send(_frame(table, offer, client))


def heard(manager: TableManager, table_id: str, data: Any) -> None:
    """Another process changed the offer of `table_id`: tell the connections held here."""
    table = manager.tables.get(table_id)
    offer = Offer.from_public(data)
    if table is not None and offer is not None and len(offer.votes) == len(table.seats):
        deliver(table, offer)


def resync(manager: TableManager) -> None:
    """After the fan-out was down (events may have been missed): read again the offers of the
    finished tables that have connections here."""
    for table in list(manager.tables.values()):
        if table.status == "finished" and table.clients:
            task = asyncio.create_task(_refresh(manager, table))
            _refreshing.add(task)
            task.add_done_callback(_refreshing.discard)


_refreshing: set[asyncio.Task[None]] = set()


async def _refresh(manager: TableManager, table: LiveTable) -> None:
    try:
        offer = await manager.db(load_offer, manager.store, table.id)
    except tables.StorageUnavailable:
        return
    if offer is not None:
        deliver(table, offer)


async def on_attach(manager: TableManager, table: LiveTable, client: Client) -> None:
    """A client said hello at a finished table: tell it of an offer open or ready."""
    if table.status != "finished":
        return
    try:
        offer = await manager.db(load_offer, manager.store, table.id)
    except tables.StorageUnavailable:
        log.warning("table %s: could not read its rematch offer", table.id)
        return
    if offer is not None and offer.status != "declined":
        deliver(table, offer, only=client)


async def handle(manager: TableManager, table: LiveTable, client: Client, msg: RematchMsg) -> None:
    seat = client.seat
    if seat is None or client.token is None:
        raise ProtocolError("rematch_unavailable", "only the players can ask for a rematch")
    if table.status != "finished":
        raise ProtocolError("rematch_unavailable",
                            "a rematch can be offered once the game has finished")
    ballot = Ballot(table.id, seat, msg.accept, None)
    state = None
    if msg.accept:
        live = sum(1 for t in manager.tables.values() if not t.over)
        if live >= manager.settings.max_open_tables:
            raise ProtocolError("rematch_unavailable", "the server has as many open tables as "
                                "it accepts; try later")
        blank, state = _blank(manager, table)
        watch = any(_bot(s) for s in table.seats) or table.clock is not None  # bots, a clock
        clock = None if table.clock is None else table.clock.spec.to_json()
        ballot = Ballot(table.id, seat, True, hash_token(rematch_key(client.token, table.id)),
                        blank, manager.cluster.lease_for_new_table() if watch else None, clock)
    outcome: Outcome = await manager.write(cast_vote, manager.store, ballot)
    offer = outcome.offer
    if offer is None:
        raise ProtocolError("rematch_unavailable", "no rematch has been offered")
    if not outcome.changed:
        deliver(table, offer, only=client)  # already open: its table (unless it knows it)
        return
    if outcome.opened is not None and state is not None:
        _install(manager, outcome.opened, state, ballot.lease is not None,
                 None if table.clock is None else table.clock.spec)
    manager.cluster.rematch(table.id, offer.public())  # Redis; PostgreSQL told in the commit
    deliver(table, offer)


def _blank(manager: TableManager, table: LiveTable) -> tuple[TableData, State]:
    """The rematch's table before its seats: same game, options and bot pace, new seeds."""
    game, n = table.game, len(table.seats)
    seed, bot_seed = tables.new_table_seed(), tables.new_table_seed()
    options = dict(table.state.options)
    try:
        state = manager.new_state(game, n, seed, options)
    except SweetToothError as exc:
        raise ProtocolError("rematch_unavailable", str(exc)) from None
    return TableData(
        id=secrets.token_urlsafe(9), game=game.id, rules_version=game.rules_version, players=n,
        seed=seed, bot_seed=bot_seed, options=options, status="waiting", result=None,
        seats=[], actions=[], bot_speed=table.bot_speed, owner=None, created=time.time(),
    ), state


def _install(manager: TableManager, data: TableData, state: State, leased: bool,
             clock: ClockSpec | None) -> None:
    """The table this process opened, in its memory (as `TableManager.create` does)."""
    new = manager._live(data, state)
    if leased:
        manager.cluster.took(new.id)
    if clock is not None:  # the clocks start when every human seat has connected
        new.clock = ClockState.new(clock, len(data.seats))
        manager.clocked.add(new.id)
    manager.tables[new.id] = new
    manager.cluster.changed(new.id, new=True)
    manager.schedule_bots(new)
