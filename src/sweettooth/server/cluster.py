"""Several server processes on one database: keeping each process's tables up to date.

`Cluster` is the part of a `TableManager` that deals with the other processes:

- It hears their events (`fanout.py`) and brings its in-memory tables up to date *in place*
  (the same `LiveTable`, so every connection keeps working): an action for the table's next
  ply is applied at once; anything else (a gap, a seat joined, a status changed, a table
  deleted) makes it read the table again from the database (`catch_up`) and apply what is new,
  by ply. The database's primary key `(table_id, ply)` has already decided every race.
- It holds bot leases: a table's bots are played only by the process whose row in
  `bot_leases` is unexpired. Leases are renewed every third of `lease_seconds`; a process
  takes over tables whose lease expired (its holder died) and plays on from the stored actions.
- It tells the others which human seats are connected through it (presence), so every process
  shows the same `connected` flags and none ends a game as abandoned while its players are
  connected elsewhere.

With SQLite there is one process: no events, no leases (every table's bots are this process's),
and `catch_up` is used only when a write loses its ply to another writer. A second server
process started on the same SQLite file refuses to start (`SqliteTaken`): it would serve stale
tables.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import time
from typing import TYPE_CHECKING, Any

from sweettooth.core import IllegalAction

from . import chat, rematch
from .clock_store import load_clock
from .db import make_folder_of
from .fanout import (
    Fanout,
    PgFanout,
    RedisFanout,
    action_event,
    chat_event,
    decode,
    libpq_url,
    presence_events,
    rematch_event,
    table_event,
)
from .protocol import error

if TYPE_CHECKING:
    from .db import PendingAction, TableData
    from .tables import LiveTable, TableManager

log = logging.getLogger("sweettooth.server")

TAKEOVER_BATCH = 50
"""Orphaned tables a process takes over per lease round."""


class SqliteTaken(RuntimeError):
    """Another server process already serves this SQLite file."""


def lock_sqlite_file(path: str | None) -> int | None:
    """Take an exclusive lock on `<database file>.server-lock` and return its descriptor (held
    while it stays open; the kernel lets go when the process dies, even by SIGKILL); None where
    there is nothing to lock (in memory) or no `fcntl` (documented, not enforced). SqliteTaken
    if another process holds it."""
    try:
        import fcntl
    except ImportError:
        return None
    if not path or path == ":memory:" or path.startswith("file:"):
        return None
    make_folder_of(path)  # (the lock is taken before the engine starts, which makes it too)
    fd = os.open(f"{path}.server-lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise SqliteTaken(
            f"another sweettooth server process already serves {path}: a SQLite database "
            "is served by one process (several processes need PostgreSQL, see "
            "docs/server.md, 'Several processes')") from None
    return fd


class Cluster:
    """This process among the others: events in and out, bot leases, presence."""

    def __init__(self, manager: TableManager) -> None:
        self.m = manager
        self.settings = manager.settings
        self.origin = secrets.token_hex(8)
        self.fanout: Fanout = Fanout()
        self.leases = False  # whether bot seats need this process's lease (PostgreSQL)
        self.held: dict[str, float] = {}  # table id -> monotonic time its lease is good until
        self._dirty: set[str] = set()
        self._syncers: dict[str, asyncio.Task[None]] = {}
        self._shown: dict[str, frozenset[int]] = {}  # presence last told, per table
        self._loop: asyncio.Task[None] | None = None
        self._sqlite_lock: int | None = None  # file descriptor of the SQLite file's lock

    @property
    def active(self) -> bool:
        """Whether other processes may share the database (and so are listened to)."""
        return self.fanout.kind != "none"

    @property
    def interval(self) -> float:
        return self.settings.lease_seconds / 3

    # -- life cycle ----------------------------------------------------------------------------
    async def start(self) -> None:
        """Listen before the tables are loaded, so nothing committed after a load is missed."""
        store = self.m.store
        if store.engine.dialect.name != "postgresql":
            self._lock_sqlite()  # SQLite: one process per database
            return
        channel: str = await self.m.db(store.channel)
        store.origin = self.origin
        if self.settings.redis_url:
            redis = RedisFanout(self.settings.redis_url, channel)
            store.after_commit = redis.publish_now  # actions: straight from the commit thread
            self.fanout = redis
        else:
            self.fanout = PgFanout(libpq_url(self.settings.db), channel)
            store.notify_channel = channel
        self.leases = True
        await self.fanout.start(self.hear, self.resync_all)
        log.info("several processes: %s fan-out on %s, this process is %s", self.fanout.kind,
                 channel, self.origin)

    def _lock_sqlite(self) -> None:
        """Hold the SQLite file's server lock while this process lives (`lock_sqlite_file`)."""
        self._sqlite_lock = lock_sqlite_file(self.m.store.engine.url.database)

    def start_leases(self) -> None:
        """Take the leases of tables nobody plays, then keep them (after the tables loaded)."""
        if self.active:
            self._loop = asyncio.create_task(self._lease_loop())

    async def stop(self) -> None:
        if self._loop is not None:
            self._loop.cancel()
            await asyncio.gather(self._loop, return_exceptions=True)
        for task in list(self._syncers.values()):
            task.cancel()
        await asyncio.gather(*self._syncers.values(), return_exceptions=True)
        if self.leases and self.held:
            try:  # the others may take over at once rather than after the leases expire
                await self.m.db(self.m.store.release_leases, self.origin)
            except Exception:
                log.warning("could not release this process's bot leases")
        self.held.clear()
        await self.fanout.stop()
        if self._sqlite_lock is not None:
            os.close(self._sqlite_lock)
            self._sqlite_lock = None

    # -- what this process tells the others ----------------------------------------------------
    def holds(self, table_id: str) -> bool:
        """Whether this process plays the table's bots."""
        return not self.leases or self.held.get(table_id, 0.0) > time.monotonic()

    def lease_for_new_table(self) -> tuple[str, float] | None:
        """The lease a table opened here takes with it (None: no leases)."""
        return (self.origin, self.settings.lease_seconds) if self.leases else None

    def took(self, table_id: str) -> None:
        self.held[table_id] = self._held_until(time.monotonic())

    def _held_until(self, since: float) -> float:
        """Until when (monotonic) a lease taken or renewed at `since` counts as ours: 0.8 of its
        length, a margin for the database's clock and the round trip."""
        return since + self.settings.lease_seconds * 0.8

    def changed(self, table_id: str, new: bool = False) -> None:
        """A write about the table committed (events the store did not already send)."""
        if self.active and not self.fanout.in_transaction:
            self.fanout.publish([table_event(self.origin, table_id, new)])

    def committed(self, actions: list[PendingAction]) -> None:
        """Actions committed (events neither the store nor its commit thread sent)."""
        if (self.active and not self.fanout.in_transaction and actions
                and self.m.store.after_commit is None):
            self.fanout.publish([action_event(self.origin, a.table_id, a.ply, a.seat, a.action)
                                 for a in actions])

    def presence(self, table: LiveTable) -> None:
        """Tell the others if the human seats connected here changed."""
        if not self.active:
            return
        seats = table.local_humans()
        if self._shown.get(table.id, frozenset()) != seats:
            if seats:
                self._shown[table.id] = seats
            else:
                self._shown.pop(table.id, None)
            self.fanout.publish(presence_events(self.origin, {table.id: sorted(seats)}))

    def chat(self, table_id: str, message: dict[str, Any]) -> None:
        """Tell the others of a chat message committed here (they send it to their clients)."""
        if self.active:
            self.fanout.publish([chat_event(self.origin, table_id, message)])

    def rematch(self, table_id: str, offer: dict[str, Any]) -> None:
        """Tell the others of a rematch offer changed here (events the store did not already
        send in the committing transaction)."""
        if self.active and not self.fanout.in_transaction:
            self.fanout.publish([rematch_event(self.origin, table_id, offer)])

    # -- what the others tell this process -----------------------------------------------------
    def hear(self, payload: str) -> None:
        event = decode(payload)
        if event is None or event.get("o") == self.origin:
            return
        kind, table_id = event["k"], event.get("t")
        if kind == "c":
            self._heard_presence(str(event.get("o")), event.get("p"))
        elif not isinstance(table_id, str):
            return
        elif kind == "a":
            self._heard_action(table_id, event)
        elif kind == "n":
            self.sync(table_id, load=True)
        elif kind == "t":
            self.sync(table_id)
        elif kind == "m":
            table = self.m.tables.get(table_id)
            message = event.get("m")
            if table is not None and isinstance(message, dict):
                chat.deliver(table, message)
        elif kind == "r":
            rematch.heard(self.m, table_id, event.get("r"))

    def _heard_action(self, table_id: str, event: dict[str, Any]) -> None:
        table = self.m.tables.get(table_id)
        if table is None:
            if table_id in self.m._loading:  # the load may have read the table before it
                self.sync(table_id)
            return
        ply = event.get("p")
        if not isinstance(ply, int) or ply < table.ply:
            return  # known already
        if (ply == table.ply and not table.lock.locked() and table.started
                and table.clock is None  # a timed table reads each move's time stored with it
                and self._apply(table, str(event.get("x")))):
            return
        self.sync(table_id)

    def _apply(self, table: LiveTable, text: str) -> bool:
        """Apply another process's committed action for the table's next ply, now."""
        try:
            action = table.game.parse_action(table.state, text)
        except IllegalAction:
            return False  # read what the database holds instead
        table.state.apply(action)
        if table.state.to_move is None:
            table.status = "finished"
        table.broadcast_state()
        self.m.schedule_bots(table)
        self._forget_if_done(table)
        return True

    def _forget_if_done(self, table: LiveTable) -> None:
        """A game over that nobody here watches need not stay in this process's memory (it
        is loaded again from the database if asked for)."""
        if table.over and not table.clients and table.bot_task is None:
            self.m.tables.pop(table.id, None)

    def _heard_presence(self, origin: str, tables: Any) -> None:
        if not isinstance(tables, dict):
            return
        until = time.monotonic() + self.settings.lease_seconds
        for table_id, seats in tables.items():
            table = self.m.tables.get(table_id)
            if table is None or not isinstance(seats, list):
                continue
            before = table.seats_public()
            if seats:
                table.remote[origin] = (frozenset(s for s in seats if isinstance(s, int)), until)
            else:
                table.remote.pop(origin, None)
            self._presence_moved(table, before)

    def _presence_moved(self, table: LiveTable, before: list[dict[str, Any]]) -> None:
        table.mark_presence(time.monotonic())
        if table.seats_public() != before:
            table.broadcast_presence()

    # -- catching up ---------------------------------------------------------------------------
    def sync(self, table_id: str, load: bool = False) -> None:
        """Read the table again soon (coalesced: one reader per table at a time). `load`: also
        if this process has not loaded it yet (a table opened elsewhere, for the lobby)."""
        if not load and table_id not in self.m.tables and table_id not in self.m._loading:
            return
        self._dirty.add(table_id)
        if table_id not in self._syncers:
            self._syncers[table_id] = asyncio.create_task(self._sync_loop(table_id))

    def resync_all(self) -> None:
        for table_id in list(self.m.tables):
            self.sync(table_id)
        rematch.resync(self.m)  # rematch offers changed meanwhile: read them again

    async def _sync_loop(self, table_id: str) -> None:
        delay = 0.1
        try:
            while table_id in self._dirty and not self.m.closing:
                self._dirty.discard(table_id)
                try:
                    await self._sync(table_id)
                    delay = 0.1
                except Exception as exc:
                    log.warning("table %s: could not read it again (%s); retrying", table_id,
                                type(exc).__name__)
                    self._dirty.add(table_id)
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, 5.0)
        finally:
            self._syncers.pop(table_id, None)

    async def _sync(self, table_id: str) -> None:
        table = self.m.tables.get(table_id)
        if table is None:
            loaded = await self.m.get(table_id)  # reads it whole (or joins a load under way)
            if loaded is None:
                return
            if loaded.over and not loaded.clients:
                self.m.tables.pop(table_id, None)
                return
            table = loaded
        async with table.lock:
            if self.m.tables.get(table_id) is table:
                await self.catch_up(table)
        self.m.schedule_bots(table)
        self._forget_if_done(table)

    async def catch_up(self, table: LiveTable) -> None:
        """Apply what the database holds that `table` does not (call under its lock): seats
        joined or connected, the status, actions from its ply on. A table deleted meanwhile
        (expired) is closed. StorageUnavailable if the database cannot be read."""
        data: TableData | None = await self.m.db(self.m.store.load_table, table.id, table.ply)
        if data is None:
            self.m.tables.pop(table.id, None)
            for client in list(table.clients):
                client.send(error("table_expired", "this table expired: nobody joined it", None))
                client.close()
            return
        started, status, ply = table.started, table.status, table.ply
        seats_moved = False
        for seat, stored in zip(table.seats, data.seats, strict=True):
            now = (stored.kind, stored.level, stored.name, stored.token_hash, stored.ready)
            if (seat.kind, seat.level, seat.name, seat.token_hash, seat.ready) != now:
                seat.kind, seat.level, seat.name, seat.token_hash, seat.ready = now
                seats_moved = True
        clock_before = table.clock_public(0.0)
        flagged: list[int] = []
        if table.clock is not None:  # its start and flags as stored (maybe by another process)
            flagged = await self._stored_clock(table)
        for index, text in enumerate(data.actions):
            try:
                table.state.apply(table.game.parse_action(table.state, text))
            except IllegalAction as exc:  # never expected: the ply was checked when committed
                log.error("table %s: stored action %d (%r) does not apply: %s", table.id,
                          table.ply, text, exc)
                break
            if table.clock is not None and index < len(data.moves):
                table.clock.moved(*data.moves[index])
        for out in flagged:
            if table.clock is not None and out not in table.clock.flagged:
                table.clock.flag(out)
        if data.status == "finished" and data.result and "flag" in data.result:
            table.final = dict(data.result)  # a flag fall ended it
        new = data.status
        if new == "waiting" and table.started:
            new = "playing"  # its status write is on its way (or failed: it is derived)
        if table.state.to_move is None and new not in ("finished", "abandoned"):
            new = "finished"
        table.status = new
        if new == "abandoned" and table.bot_task is not None:
            table.bot_task.cancel()
        if (table.ply != ply or table.status != status or table.started != started
                or table.clock_public(0.0) != clock_before):
            table.broadcast_state()
        elif seats_moved:
            table.broadcast_presence()

    async def _stored_clock(self, table: LiveTable) -> list[int]:
        """Start the table's clock as stored (if it started) and return the seats flagged."""
        stored = await self.m.db(load_clock, self.m.store, table.id)
        if stored is None or table.clock is None:
            return []
        _, started, flagged = stored
        if started is not None and table.clock.started is None:
            table.clock.start(started)
        return list(flagged)

    # -- leases and presence, every third of lease_seconds -------------------------------------
    async def _lease_loop(self) -> None:
        while not self.m.closing:
            try:
                await self._renew()
                await self._take_over()
            except Exception as exc:
                log.warning("bot leases: %s; trying again", type(exc).__name__)
            self._tell_presence()
            self._forget_presence()
            await asyncio.sleep(self.interval)

    async def _renew(self) -> None:
        if not self.held:
            return
        start = time.monotonic()
        kept = set(await self.m.db(self.m.store.renew_leases, self.origin,
                                   self.settings.lease_seconds))
        until = self._held_until(start)
        for table_id in list(self.held):
            if table_id in kept:
                self.held[table_id] = until
            else:
                del self.held[table_id]  # expired (we were cut off), maybe taken over
        for table_id in kept:
            table = self.m.tables.get(table_id)
            if table is None:
                self.sync(table_id, load=True)
            else:
                self.m.schedule_bots(table)  # resumes bots stopped while the lease was in doubt

    async def _take_over(self) -> None:
        orphans: list[str] = await self.m.db(self.m.store.orphaned_tables, TAKEOVER_BATCH)
        for table_id in orphans:
            start = time.monotonic()
            if await self.m.db(self.m.store.acquire_lease, table_id, self.origin,
                               self.settings.lease_seconds):
                self.held[table_id] = self._held_until(start)
                log.info("table %s: this process now plays its bots", table_id)
                self.sync(table_id, load=True)

    def _tell_presence(self) -> None:
        seats = {t.id: sorted(t.local_humans()) for t in self.m.tables.values() if t.clients}
        seats = {k: v for k, v in seats.items() if v}
        if seats:
            self.fanout.publish(presence_events(self.origin, seats))

    def _forget_presence(self) -> None:
        now = time.monotonic()
        for table in list(self.m.tables.values()):
            gone = [o for o, (_, until) in table.remote.items() if until < now]
            if gone:
                before = table.seats_public()
                for origin in gone:
                    del table.remote[origin]
                self._presence_moved(table, before)
