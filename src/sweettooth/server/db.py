"""The store: every database access of the server, synchronous, run off the event loop.

`Store` wraps one SQLAlchemy engine. Its methods are plain blocking calls; the table manager runs
them in its database executor, so the event loop never waits on disk or network. Writes of
actions go through `insert_actions`, which commits a batch in one transaction (group commit) and
reports, per action, whether it won its ply: the primary key `(table_id, ply)` lets exactly one
action per ply commit, however many writers race for it.

Several processes (PostgreSQL): with `notify_channel` set, every write that changes a table
also sends `pg_notify` in its own transaction, so the other processes hear of exactly the
changes that committed (an action with its ply and notation; "table changed" otherwise). With
`after_commit` set (Redis), committed actions are handed to it right after their commit, from
the committing thread (no wait for the event loop). The bot leases (`acquire_lease`,
`renew_leases`, ...) use the database's clock, so the processes' clocks need not agree.
"""

from __future__ import annotations

import hashlib
import json
import logging
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Connection,
    DateTime,
    Engine,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .fanout import action_event, channel_name, table_event
from .models import ActionRow, BotLeaseRow, SeatRow, TableRow, utcnow

log = logging.getLogger("sweettooth.server")

MIGRATIONS = Path(__file__).with_name("migrations")
MIGRATION_LOCK = 0x5357_4545_5400  # PostgreSQL advisory lock held while migrating
OWNER_LOCK = 0x5354_4F57  # first key of the advisory lock on one owner's tables (int4)


class TableCapReached(Exception):
    """The owner already has as many unfinished tables as allowed (nothing was written)."""

    def __init__(self, owner: str, cap: int) -> None:
        super().__init__(f"{owner} already has {cap} unfinished tables open")
        self.owner, self.cap = owner, cap


def hash_token(token: str) -> str:
    """SHA-256 of a seat token (tokens are 256-bit random secrets, so no salt or stretching)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


LOW63 = 2**63 - 1


def make_folder_of(path: str | None) -> None:
    """Make the folder of a SQLite file (`path` as in its URL) if it has none yet: the default
    one, in the user's data folder, does not exist on a fresh machine."""
    if path and path != ":memory:" and not path.startswith("file:"):
        Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)


def make_engine(
    url: str, sqlite_synchronous: str = "FULL", sqlite_busy_timeout: float = 1.0
) -> Engine:
    """An engine for `url`; SQLite gets WAL, foreign keys, its folder and a short busy timeout
    (a call blocked by another process's lock fails after `sqlite_busy_timeout` seconds and is
    retried by the caller, so no worker thread is stuck behind the lock for long)."""
    if url.startswith("sqlite"):
        make_folder_of(url.split("///", 1)[1] if "///" in url else "")
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": sqlite_busy_timeout},
            pool_size=8,
        )
        sync = sqlite_synchronous.upper()
        busy_ms = max(1, int(sqlite_busy_timeout * 1000))

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cur = dbapi_connection.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={sync}")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute(f"PRAGMA busy_timeout={busy_ms}")
            cur.close()

        return engine
    return create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema up to the newest Alembic revision (idempotent)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":  # processes starting together migrate in turn
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


@dataclass(frozen=True, slots=True)
class SeatData:
    seat: int
    kind: str
    level: str | None
    name: str | None
    token_hash: str | None
    ready: bool


@dataclass(frozen=True, slots=True)
class TableData:
    """One table as stored: its record plus its seats."""

    id: str
    game: str
    rules_version: str
    players: int
    seed: int
    bot_seed: int
    options: dict[str, Any]
    status: str
    result: dict[str, Any] | None
    seats: list[SeatData]
    actions: list[str]
    bot_speed: str = "normal"
    owner: str | None = None
    created: float = 0.0  # when it was opened (Unix time)
    moves: list[tuple[int, float]] = field(default_factory=list)
    """(seat, Unix time) of each action in `actions`: when it was taken (the clocks)."""


@dataclass(frozen=True, slots=True)
class PendingAction:
    table_id: str
    ply: int
    seat: int
    action: str
    at: datetime | None = None  # when it was taken (stored as its created_at); None: at commit


def _unix(moment: datetime) -> float:
    """Seconds since 1970 (SQLite gives back naive datetimes: they were stored in UTC)."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()


def _sqlite_time(moment: datetime | None) -> str | None:
    """`moment` as SQLAlchemy stores a DateTime in SQLite (UTC, no offset); None stays None."""
    if moment is None:
        return None
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")


class Store:
    """Blocking database calls; safe to call from several threads."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.notify_channel: str | None = None  # PostgreSQL NOTIFY channel (several processes)
        self.origin = ""  # this process, named in every notification it sends
        self.after_commit: Callable[[list[str]], None] | None = None  # actions, once committed
        self._shared = threading.local()  # the transaction `write_together` has open, if any
        self._postgres = engine.dialect.name == "postgresql"
        # PostgreSQL commits an action batch as one statement in a transaction of its own
        self._autocommit = engine.execution_options(isolation_level="AUTOCOMMIT")
        # SQLite inserts a batch as one statement from a JSON array where it has json_each
        # (built in since 3.38): an executemany lets go of the GIL (and waits to take it back
        # from the busy loop) at every row
        self._json_rows = engine.dialect.name == "sqlite" and sqlite3.sqlite_version_info >= (
            3, 38, 0)

    def close(self) -> None:
        self.engine.dispose()

    # -- notifications (several processes) -----------------------------------------------------
    def channel(self) -> str:
        """The NOTIFY channel of this database and schema (PostgreSQL only)."""
        with self.engine.connect() as conn:
            database, schema = conn.execute(
                text("SELECT current_database(), current_schema()")).one()
        return channel_name(f"{database}/{schema}")

    def _notify(self, conn: Connection, payloads: Sequence[str]) -> None:
        """Send `payloads` when (and only if) the transaction of `conn` commits."""
        if self.notify_channel is None or not payloads:
            return
        conn.execute(_NOTIFY, {"channel": self.notify_channel, "payloads": list(payloads)})

    def _changed(self, conn: Connection, table_id: str, new: bool = False) -> None:
        if self.notify_channel is not None:
            self._notify(conn, [table_event(self.origin, table_id, new)])

    # -- tables --------------------------------------------------------------------------------
    def create_table(
        self, table: TableData, lease: tuple[str, float] | None = None, cap: int | None = None,
        also: Callable[[Connection], None] | None = None,
    ) -> None:
        """Write the table and its seats in one transaction (with `lease` (holder, seconds): and
        the lease on its bots). With `cap`: `TableCapReached` (and nothing written) if its
        owner already has `cap` unfinished tables, counted and claimed in that transaction, so
        the cap holds however many requests and processes race (`_claim_owner_slot`)."""
        with self._transaction() as conn:
            if cap is not None and table.owner is not None:
                self._claim_owner_slot(conn, table.owner, cap)
            self.insert_table(conn, table, lease, also)

    def insert_table(
        self, conn: Connection, table: TableData, lease: tuple[str, float] | None = None,
        also: Callable[[Connection], None] | None = None,
    ) -> None:
        """`create_table`'s writes, in the transaction of `conn` (a rematch opens its table in
        the transaction that records the last vote: `rematch.py`)."""
        conn.execute(insert(TableRow), {
            "id": table.id, "game": table.game, "rules_version": table.rules_version,
            "players": table.players, "seed": table.seed & LOW63,
            "bot_seed": table.bot_seed & LOW63, "seed_text": str(table.seed),
            "bot_seed_text": str(table.bot_seed), "options": dict(table.options),
            "status": table.status, "result": None,
            "created_at": datetime.fromtimestamp(table.created, UTC) if table.created
            else utcnow(),
            "bot_speed": table.bot_speed, "owner": table.owner,
        })
        conn.execute(insert(SeatRow), [
            {"table_id": table.id, "seat": st.seat, "kind": st.kind, "level": st.level,
             "name": st.name, "token_hash": st.token_hash, "ready": st.ready}
            for st in table.seats
        ])
        if lease is not None:
            conn.execute(_ACQUIRE, {"t": table.id, "h": lease[0], "s": lease[1]})
        if also is not None:  # the table's other rows (its clock), in the same transaction
            also(conn)
        self._changed(conn, table.id, new=True)

    def _claim_owner_slot(self, conn: Connection, owner: str, cap: int) -> None:
        """Count `owner`'s unfinished tables inside `conn`'s transaction; TableCapReached at
        `cap`. PostgreSQL: a transaction-scoped advisory lock per owner makes concurrent
        creates by one owner (from any process) count one after the other, each seeing the
        rows the one before committed. SQLite: every write of the one server process runs in
        one writer thread, inside the database's single write lock, so the count and the
        insert after it are never interleaved with another create."""
        if self._postgres:
            conn.execute(text("SELECT pg_advisory_xact_lock(:k, hashtext(:o))"),
                         {"k": OWNER_LOCK, "o": owner})
        tables = TableRow.__table__.c
        count = conn.execute(
            select(func.count()).select_from(TableRow.__table__)
            .where(tables.owner == owner, tables.status.in_(("waiting", "playing")))
        ).scalar_one()
        if count >= cap:
            raise TableCapReached(owner, cap)

    def load_table(self, table_id: str, from_ply: int = 0) -> TableData | None:
        """The table as stored, with its actions from `from_ply` on (all by default)."""
        tables, seats = TableRow.__table__.c, SeatRow.__table__.c
        with self.engine.connect() as conn:
            row = conn.execute(select(TableRow.__table__).where(tables.id == table_id)).first()
            if row is None:
                return None
            sat = conn.execute(
                select(seats.seat, seats.kind, seats.level, seats.name, seats.token_hash,
                       seats.ready)
                .where(seats.table_id == table_id).order_by(seats.seat)
            ).all()
            rows = conn.execute(
                select(ActionRow.action, ActionRow.seat, ActionRow.created_at)
                .where(ActionRow.table_id == table_id, ActionRow.ply >= from_ply)
                .order_by(ActionRow.ply)
            ).all()
        return TableData(
            id=row.id, game=row.game, rules_version=row.rules_version, players=row.players,
            seed=int(row.seed_text) if row.seed_text else row.seed,
            bot_seed=int(row.bot_seed_text) if row.bot_seed_text else row.bot_seed,
            options=dict(row.options),
            status=row.status, result=None if row.result is None else dict(row.result),
            seats=[SeatData(*x) for x in sat],
            actions=[r.action for r in rows], bot_speed=row.bot_speed or "normal",
            owner=row.owner, created=_unix(row.created_at),
            moves=[(r.seat, _unix(r.created_at)) for r in rows],
        )

    def unfinished_ids(self) -> list[str]:
        """Tables still waiting or playing (not finished, not abandoned), oldest first."""
        with Session(self.engine) as s:
            return list(
                s.scalars(
                    select(TableRow.id).where(TableRow.status.in_(("waiting", "playing")))
                    .order_by(TableRow.created_at)
                ).all()
            )

    def set_status(self, table_id: str, status: str, result: dict[str, Any] | None) -> None:
        with self._transaction() as conn:
            conn.execute(
                update(TableRow).where(TableRow.id == table_id)
                .values(status=status, result=result)
            )
            if status in ("finished", "abandoned"):  # nothing left for a bot to play
                conn.execute(delete(BotLeaseRow).where(BotLeaseRow.table_id == table_id))
            self._changed(conn, table_id)

    def delete_table(self, table_id: str) -> None:
        """Forget a table (an expired one nobody joined): its seats and actions go with it."""
        with self._transaction() as conn:
            conn.execute(delete(ActionRow).where(ActionRow.table_id == table_id))
            conn.execute(delete(SeatRow).where(SeatRow.table_id == table_id))
            conn.execute(delete(BotLeaseRow).where(BotLeaseRow.table_id == table_id))
            conn.execute(delete(TableRow).where(TableRow.id == table_id))
            self._changed(conn, table_id)

    # -- seats ---------------------------------------------------------------------------------
    def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Give a free human seat to `name`; False if someone took it first."""
        with self._transaction() as conn:
            done = conn.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id, SeatRow.seat == seat,
                    SeatRow.kind == "human", SeatRow.token_hash.is_(None),
                )
                .values(name=name, token_hash=token_hash)
            )
            claimed = bool(done.rowcount == 1)
            if claimed:
                self._changed(conn, table_id)
            return claimed

    def set_ready(self, table_id: str, seat: int) -> None:
        """Mark the seat's player as connected once; if that was the last seat to connect, the
        table's status becomes `playing` in the same transaction. The table's row is locked
        first, so seats readied at once through several processes are counted one after the
        other and the last of them always sees the others (without it, each saw only its own
        and the game stayed `waiting`)."""
        with self._transaction() as conn:
            conn.execute(select(TableRow.id).where(TableRow.id == table_id).with_for_update())
            conn.execute(
                update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(ready=True)
            )
            seats = SeatRow.__table__.c
            conn.execute(
                update(TableRow).where(
                    TableRow.id == table_id, TableRow.status == "waiting",
                    ~select(seats.seat).where(seats.table_id == table_id, seats.ready.is_(False))
                    .exists())
                .values(status="playing")
            )
            self._changed(conn, table_id)

    # -- actions -------------------------------------------------------------------------------
    def insert_actions(self, batch: Sequence[PendingAction]) -> list[bool]:
        """Commit each action; True where it won its ply, False where that ply was taken.

        The whole batch goes in one transaction; if any row collides, each is retried alone so
        the others still commit.
        """
        try:
            self._insert_alone(batch)
            return [True] * len(batch)
        except IntegrityError:
            if len(batch) == 1:
                return [False]
        out: list[bool] = []
        for pending in batch:
            try:
                self._insert_alone([pending])
                out.append(True)
            except IntegrityError:
                out.append(False)
        return out

    def _insert_alone(self, batch: Sequence[PendingAction]) -> None:
        """Commit `batch` in a transaction of its own; IntegrityError if a ply is taken.

        That is one statement in autocommit (its own transaction): on PostgreSQL one round trip
        to the database for the rows and their notifications, on SQLite one step of one cached
        statement. Every call into the database lets go of the GIL and must wait to take it
        back from a busy event loop (up to the interpreter's switch interval, 5 ms): begin,
        insert, notify and commit made a batch take 13 to 20 ms at the median under load.
        (A SQLite without json_each inserts with executemany, in a transaction.)"""
        if self._postgres or self._json_rows:
            with self._autocommit.connect() as conn:
                self._insert(conn, batch)
        else:
            with self.engine.begin() as conn:
                self._insert(conn, batch)
        self._committed(batch)

    def _insert(self, conn: Connection, batch: Sequence[PendingAction]) -> None:
        """The rows of `batch` (and, several processes, their notifications) in `conn`'s
        transaction; IntegrityError if a ply is taken."""
        now = utcnow()
        if self._postgres:
            rows = {"t": [a.table_id for a in batch], "p": [a.ply for a in batch],
                    "s": [a.seat for a in batch], "a": [a.action for a in batch],
                    "c": [a.at or now for a in batch], "now": now}
            if self.notify_channel is None:
                conn.execute(_PG_INSERT, rows)
            else:
                conn.execute(_PG_INSERT_NOTIFY, {
                    **rows, "channel": self.notify_channel,
                    "payloads": [self._action_event(a) for a in batch]})
            return
        if self._json_rows:
            conn.execute(_SQLITE_INSERT, {"now": now, "rows": json.dumps(
                [[a.table_id, a.ply, a.seat, a.action, _sqlite_time(a.at)] for a in batch])})
            return
        conn.execute(insert(ActionRow), [
            {"table_id": a.table_id, "ply": a.ply, "seat": a.seat, "action": a.action,
             "created_at": a.at or now} for a in batch])

    def write_together(
        self, batch: Sequence[PendingAction], writes: Sequence[Callable[[], Any]]
    ) -> list[Any]:
        """One transaction, one commit: the actions of `batch` (each must win its ply), then
        `writes` (calls of this store's write methods, which join the transaction rather than
        begin their own); their results once committed. If anything fails (a ply already
        taken, a write raising, the database refusing), all of it is rolled back and the error
        raised: nothing was written, and the caller can run the parts one by one instead.

        This is what the group-commit threads do with the writes queued meanwhile (on SQLite
        with the actions, on PostgreSQL in the write thread, `batch` empty):
        a commit (and its fsync) per batch rather than one per write."""
        with self.engine.begin() as conn:
            self._shared.conn = conn
            try:
                if batch:
                    self._insert(conn, batch)
                results = [write() for write in writes]
            finally:
                self._shared.conn = None
        if batch:  # committed: from here on nothing may fail the call (it would run again)
            try:
                self._committed(batch)
            except Exception:
                log.exception("after-commit hook failed")
        return results

    @contextmanager
    def _transaction(self) -> Iterator[Connection]:
        """The transaction of a write: its own, or the one `write_together` has open in this
        thread (committed or rolled back there, with the rest of its batch)."""
        shared: Connection | None = getattr(self._shared, "conn", None)
        if shared is not None:
            yield shared
            return
        with self.engine.begin() as conn:
            yield conn

    def _committed(self, actions: Sequence[PendingAction]) -> None:
        if self.after_commit is not None:
            self.after_commit([self._action_event(a) for a in actions])

    def _action_event(self, a: PendingAction) -> str:
        return action_event(self.origin, a.table_id, a.ply, a.seat, a.action)

    # -- bot leases (PostgreSQL: several processes) --------------------------------------------
    def acquire_lease(self, table_id: str, holder: str, seconds: float) -> bool:
        """Take (or renew) the lease on a table's bots for `seconds` if it is free, expired or
        already `holder`'s; False if another process holds it, or the table is gone."""
        try:
            with self.engine.begin() as conn:
                return conn.execute(
                    _ACQUIRE, {"t": table_id, "h": holder, "s": seconds}).first() is not None
        except IntegrityError:  # the table was deleted meanwhile
            return False

    def renew_leases(self, holder: str, seconds: float) -> list[str]:
        """Extend every lease `holder` still holds by `seconds` from now: their table ids."""
        with self.engine.begin() as conn:
            return list(conn.execute(text(
                "UPDATE bot_leases SET expires_at = now() + make_interval(secs => :s) "
                "WHERE holder = :h AND expires_at >= now() RETURNING table_id"),
                {"h": holder, "s": seconds}).scalars())

    def orphaned_tables(self, limit: int) -> list[str]:
        """Unfinished tables with bot seats (or a clock: its holder watches for a flag fall)
        whose lease is missing or expired, oldest first."""
        with self.engine.connect() as conn:
            return list(conn.execute(text(
                "SELECT t.id FROM tables t WHERE t.status IN ('waiting', 'playing') "
                "AND (EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.kind = 'bot') "
                "OR EXISTS (SELECT 1 FROM table_clocks c WHERE c.table_id = t.id)) "
                "AND NOT EXISTS (SELECT 1 FROM bot_leases l WHERE l.table_id = t.id "
                "AND l.expires_at >= now()) ORDER BY t.created_at LIMIT :n"),
                {"n": limit}).scalars())

    def release_leases(self, holder: str) -> None:
        """Give up every lease of `holder` (a process stopping politely)."""
        with self.engine.begin() as conn:
            conn.execute(delete(BotLeaseRow).where(BotLeaseRow.holder == holder))


_EACH_NOTIFIED = "SELECT pg_notify(:channel, x) FROM unnest(CAST(:payloads AS text[])) AS x"
"""One notification on `channel` per text of `payloads`, sent when the transaction commits."""
_NOTIFY = text(_EACH_NOTIFIED)

_PG_ROWS = (
    "ins AS (INSERT INTO actions (table_id, ply, seat, action, created_at) "
    "SELECT t, p, s, a, c FROM unnest(CAST(:t AS text[]), CAST(:p AS integer[]), "
    "CAST(:s AS integer[]), CAST(:a AS text[]), CAST(:c AS timestamptz[])) AS u(t, p, s, a, c) "
    "RETURNING 1)"
)
_PG_INSERT = text(f"WITH {_PG_ROWS} SELECT count(*) FROM ins")
"""A batch of actions in one statement (PostgreSQL)."""
_PG_INSERT_NOTIFY = text(
    f"WITH {_PG_ROWS}, sent AS ({_EACH_NOTIFIED}) "
    "SELECT (SELECT count(*) FROM ins), (SELECT count(*) FROM sent)"
)
"""The same, with a notification per action, sent if and only if the rows commit."""

_SQLITE_INSERT = text(
    "INSERT INTO actions (table_id, ply, seat, action, created_at) "
    "SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), "
    "json_extract(value, '$[2]'), json_extract(value, '$[3]'), "
    "COALESCE(json_extract(value, '$[4]'), :now) FROM json_each(:rows)"
).bindparams(bindparam("now", type_=DateTime(timezone=True)))
"""A batch of actions in one statement (SQLite): `rows` is a JSON array of [table, ply, seat,
action, time taken or null]; times are stored as the ORM stores `created_at`."""

_ACQUIRE = text(
    "INSERT INTO bot_leases (table_id, holder, expires_at) "
    "VALUES (:t, :h, now() + make_interval(secs => :s)) "
    "ON CONFLICT (table_id) DO UPDATE SET holder = excluded.holder, "
    "expires_at = excluded.expires_at "
    "WHERE bot_leases.holder = excluded.holder OR bot_leases.expires_at < now() "
    "RETURNING table_id"
)
"""Insert or take over a lease (PostgreSQL); a row comes back only if this holder has it."""
