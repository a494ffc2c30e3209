"""The table manager: live tables in memory, each backed by its record in the database.

A live table is a State plus who sits where and who is connected. Every change goes the same way,
for humans and bots alike (`TableManager.act`): under the table's lock, check the ply, the seat
and the action; commit the action to the database; only then apply it, acknowledge it and send
every connected client its own view. A restarted server rebuilds each unfinished table by
replaying its actions (`TableManager.start`).

Database faults: every write is retried with backoff for `storage_retry_seconds`; then the
caller gets `StorageUnavailable` (an HTTP 503, or a `storage_unavailable` error frame marked
retryable), and nothing changed in memory. Bot loops wait and try again until the database is
back. The lobby's lists are served from memory, so a locked database never stalls them.

Life cycle (`TableManager.sweep`, every few seconds): a table nobody joined expires after
`waiting_table_ttl`; a game whose human seats have all been empty for `abandoned_after` is
ended as `abandoned` (its record published like a finished game's).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from sweettooth.core import (
    Game,
    IllegalAction,
    OptionValue,
    RecordError,
    State,
    SweetToothError,
    seed_fingerprint,
)
from sweettooth.core import game as get_game

from . import clock_store
from .bots import LEVELS, AgentFactory, decide, decide_with, make_executor
from .clock import ClockError, ClockSpec, ClockState, parse_clock
from .clock_scoring import flag_result
from .cluster import Cluster
from .committer import GroupCommit
from .db import PendingAction, SeatData, Store, TableCapReached, TableData, hash_token
from .options import OptionRangeError, check_online
from .protocol import ActionMsg, ProtocolError, dumps, error
from .settings import Settings

log = logging.getLogger("sweettooth.server")

StateFactory = Callable[[Game[Any], int, int, dict[str, OptionValue]], State]
"""(game, players, seed, options) -> the initial State; the default is `game.new`."""

OUTBOX_LIMIT = 512
SEED_BITS = 128
OVER = ("finished", "abandoned")
CLOCK_TICK = 0.2
"""Seconds between two looks at the running clocks (a flag falls at most this late)."""


def new_table_seed() -> int:
    """A table's seed: 128 random bits from the operating system."""
    return secrets.randbits(SEED_BITS)


def seed_digest(seed: int) -> str:
    """The seed's fingerprint (`sweettooth.core.seed_fingerprint`): published when the table
    opens, so players can check, once the seed itself is published at the end, that the deal
    was fixed before the first move (`sweettooth verify`, or `printf %s SEED | sha256sum`)."""
    return seed_fingerprint(seed)


class StorageUnavailable(Exception):
    """The database refused a write (or read) even after retrying; nothing was changed."""

    def __init__(self, message: str = "the game database is unavailable right now; "
                 "nothing was changed, try again in a moment") -> None:
        super().__init__(message)
        self.message = message


def storage_error(exc: StorageUnavailable, ply: int | None, ident: str | int | None) -> str:
    """The error frame for a write the database refused: retryable."""
    return error("storage_unavailable", exc.message, ply, ident, retryable=True)


@dataclass
class Hooks:
    """Test hooks (not an API): start tables from a given State, replace the bots' agents."""

    new_state: StateFactory | None = None
    make_bot: AgentFactory | None = None


class LobbyError(Exception):
    """A lobby request the server refuses: `status` is the HTTP status to answer."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class Client:
    """One WebSocket connection: its seat (None: spectator) and its outgoing queue."""

    def __init__(self, seat: int | None = None) -> None:
        self.seat = seat
        self.token: str | None = None  # its seat's token (a rematch derives the next one)
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.close_code = 1000
        self.log_new = False  # asked for only the new log lines in each state frame
        self.log_sent = 0  # log lines of its seat's view it has been sent

    def send(self, text: str) -> None:
        """Queue `text`; a client that falls too far behind is cut off (None ends its writer)."""
        if self.closed:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.close(1008)
            return
        self.outbox.put_nowait(text)

    def close(self, code: int = 1000) -> None:
        """End the connection (after what is queued) with WebSocket close `code`."""
        if not self.closed:
            self.closed = True
            self.close_code = code
            self.outbox.put_nowait(None)


@dataclass
class Seat:
    seat: int
    kind: str  # "human" or "bot"
    level: str | None
    name: str | None
    token_hash: str | None
    ready: bool  # a bot, or a human who has connected at least once

    @property
    def taken(self) -> bool:
        return self.kind == "bot" or self.token_hash is not None


@dataclass
class LiveTable:
    id: str
    game: Game[Any]
    state: State
    seed: int
    bot_seed: int
    seats: list[Seat]
    status: str
    bot_speed: str = "normal"
    owner: str | None = None
    created: float = field(default_factory=time.time)
    humans_gone_since: float | None = field(default_factory=time.monotonic)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    seed_sha256: str = ""
    remote: dict[str, tuple[frozenset[int], float]] = field(default_factory=dict)
    """Human seats connected through other processes: process -> (seats, monotonic expiry)."""
    clock: ClockState | None = None
    """The time control and its clocks (clock.py); None: untimed."""
    final: dict[str, Any] | None = None
    """The result of a game the clock ended (flag-fall rule `score`): the engine's state
    never ended, so this is the result shown and recorded."""

    def __post_init__(self) -> None:
        self.seed_sha256 = seed_digest(self.seed)

    @property
    def ply(self) -> int:
        return len(self.state.history)

    @property
    def over(self) -> bool:
        """Finished, or ended as abandoned: the seed and record are public."""
        return self.status in OVER or self.state.to_move is None

    def result_json(self) -> dict[str, Any] | None:
        """The result: the engine's, or the one a flag fall ended the game with."""
        if self.final is not None:
            return self.final
        res = self.state.result()
        return None if res is None else res.to_json()

    def clock_public(self, now: float | None = None) -> dict[str, Any] | None:
        """The clocks as frames and the lobby show them (None: untimed)."""
        if self.clock is None:
            return None
        to_move = None if self.over or not self.started else self.state.to_move
        return self.clock.public(self.state.players, to_move,
                                 time.time() if now is None else now)

    def record(self) -> dict[str, Any]:
        """The game record, with the fingerprint published at the start and the result, for
        `sweettooth verify` to check the seed and the replay against."""
        record: dict[str, Any] = self.state.record()
        record["seed_sha256"] = self.seed_sha256
        record["result"] = self.result_json()
        return record

    def person_view(self, seat: int | None) -> dict[str, Any]:
        """What a person in `seat` (None: a spectator) is sent: the seat's view less what the
        table's options keep in the player's head (`Game.person_view`)."""
        view: dict[str, Any] = self.game.person_view(self.state.view(seat))
        if self.final is not None:  # ended by a flag fall: nobody is to move any more
            view = {**view, "result": self.final, "to_move": None}
            if "legal_actions" in view:
                view["legal_actions"] = []
        return view

    def humans_connected(self) -> bool:
        return any(c.seat is not None and self.seats[c.seat].kind == "human"
                   for c in self.clients) or any(seats for seats, _ in self.remote.values())

    def mark_presence(self, now: float) -> None:
        """Start the clock of a game whose human players are all gone (`humans_gone_since`,
        monotonic), or stop it when one is back (here or through another process)."""
        if self.humans_connected():
            self.humans_gone_since = None
        elif self.humans_gone_since is None:
            self.humans_gone_since = now

    def local_humans(self) -> frozenset[int]:
        """The human seats connected through this process."""
        return frozenset(c.seat for c in self.clients
                         if c.seat is not None and self.seats[c.seat].kind == "human")

    @property
    def started(self) -> bool:
        """Play starts once every human seat is taken and its player has connected once."""
        return all(s.kind == "bot" or s.ready for s in self.seats)

    def connected(self, seat: int) -> bool:
        return (self.seats[seat].kind == "bot" or any(c.seat == seat for c in self.clients)
                or any(seat in seats for seats, _ in self.remote.values()))

    def seats_public(self) -> list[dict[str, Any]]:
        return [
            {
                "seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name,
                "taken": s.taken, "connected": self.connected(s.seat),
            }
            for s in self.seats
        ]

    def info(self) -> dict[str, Any]:
        """The lobby's description of this table (no secrets, no hidden information)."""
        return {
            "id": self.id, "game": self.game.id, "players": self.state.players,
            "options": dict(self.state.options), "status": self.status, "ply": self.ply,
            "to_move": None if self.status in OVER else self.state.to_move,
            "seats": self.seats_public(), "result": self.result_json(),
            "bot_speed": self.bot_speed, "seed_sha256": self.seed_sha256,
            "seed": str(self.seed) if self.over else None, "clock": self.clock_public(),
        }

    def _frame(
        self, view: dict[str, Any], start: int | None, seats: list[dict[str, Any]],
        clock: dict[str, Any] | None = None,
    ) -> str:
        message: dict[str, Any] = {
            "type": "state", "ply": self.ply, "started": self.started, "status": self.status,
            "view": view, "seats": seats, "seed_sha256": self.seed_sha256,
        }
        if clock is not None:  # remaining per seat now, whose clock runs (timed tables only)
            message["clock"] = clock
        if start is not None:  # only the log lines from `start` on
            message["view"] = {**view, "log": view["log"][start:]}
            message["log_from"] = start
        if self.over:  # the seed is published with the end of the game, never before
            message["seed"] = str(self.seed)
        return dumps(message)

    @staticmethod
    def _log_start(client: Client, view: dict[str, Any]) -> int | None:
        """Where `client`'s log lines start in this frame (None: it takes whole logs). A log
        only grows (no game rewrites earlier lines); one shorter than what was sent is resent
        whole."""
        log = view.get("log")
        if not client.log_new or not isinstance(log, list):
            return None
        start = client.log_sent if client.log_sent <= len(log) else 0
        client.log_sent = len(log)
        return start

    def state_message(self, seat: int | None, client: Client | None = None) -> str:
        view = self.person_view(seat)
        start = None if client is None else self._log_start(client, view)
        return self._frame(view, start, self.seats_public(), self.clock_public())

    def broadcast_state(self, skip: Client | None = None) -> None:
        """Every client gets its own seat's view (computed once per seat; with only the new
        log lines for clients that asked for them)."""
        views: dict[int | None, dict[str, Any]] = {}
        texts: dict[tuple[int | None, int | None], str] = {}
        seats = self.seats_public()
        clock = self.clock_public()
        for client in list(self.clients):
            if client is skip:
                continue
            if client.seat not in views:
                views[client.seat] = self.person_view(client.seat)
            view = views[client.seat]
            key = (client.seat, self._log_start(client, view))
            if key not in texts:
                texts[key] = self._frame(view, key[1], seats, clock)
            client.send(texts[key])

    def broadcast_presence(self, skip: Client | None = None) -> None:
        text = dumps({"type": "presence", "seats": self.seats_public()})
        for client in list(self.clients):
            if client is not skip:
                client.send(text)


def _seat_spec(spec: Any) -> tuple[str, str | None]:
    kind = getattr(spec, "kind", None) if not isinstance(spec, dict) else spec.get("kind")
    level = getattr(spec, "level", None) if not isinstance(spec, dict) else spec.get("level")
    if kind == "human":
        return "human", None
    if kind == "bot":
        level = level or "medium"
        if level not in LEVELS:
            raise LobbyError(422, f"bot level must be one of {', '.join(LEVELS)}, got {level!r}")
        return "bot", level
    raise LobbyError(422, f"seat kind must be 'human' or 'bot', got {kind!r}")


class TableManager:
    """All live tables of this server process, and the executors that keep the loop free."""

    def __init__(self, store: Store, settings: Settings, hooks: Hooks | None = None) -> None:
        self.store = store
        self.settings = settings
        self.hooks = hooks or Hooks()
        self.tables: dict[str, LiveTable] = {}
        sqlite = store.engine.dialect.name == "sqlite"
        self.db_pool: Executor = ThreadPoolExecutor(  # reads: never queued behind a write
            max_workers=4 if sqlite else 8, thread_name_prefix="sweettooth-db-read",
        )
        # actions: group commit in a thread of its own (committer.py). The other writes are
        # grouped too, one transaction per batch: on SQLite, which has one writer anyway, in
        # that same thread; on PostgreSQL in a second one, so actions never wait behind them
        # (each statement is a round trip, and each round trip a wait to take the GIL back)
        self.committer = GroupCommit(
            store.insert_actions, settings.storage_retry_seconds, StorageUnavailable,
            closing=lambda: self.closing,
            on_committed=lambda winners: self.cluster.committed(winners),
            together=store.write_together if sqlite else None,
        )
        self.write_pool: Executor = self.committer if sqlite else GroupCommit(
            store.insert_actions, settings.storage_retry_seconds, StorageUnavailable,
            closing=lambda: self.closing, name="sweettooth-db-write",
            together=store.write_together,
        )
        self._sweeper: asyncio.Task[None] | None = None
        self._clock_task: asyncio.Task[None] | None = None
        self.clocked: set[str] = set()  # ids of timed tables in memory (watched for flags)
        self._flags: set[asyncio.Task[None]] = set()
        self.bot_pool: Executor = make_executor(settings.bot_executor, settings.bot_workers)
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        self.closing = False
        self.cluster = Cluster(self)  # the other processes on this database, if any

    # -- life cycle ----------------------------------------------------------------------------
    async def db(self, fn: Callable[..., Any], *args: Any) -> Any:
        """A read in the read pool; StorageUnavailable if the database fails it."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self.db_pool, fn, *args)
        except SQLAlchemyError as exc:
            log.warning("database read failed: %s", _brief(exc))
            raise StorageUnavailable() from None

    async def write(self, fn: Callable[..., Any], *args: Any) -> Any:
        """A write in the write pool, retried with backoff for `storage_retry_seconds`;
        then StorageUnavailable."""
        loop = asyncio.get_running_loop()
        return await self.retrying(lambda: loop.run_in_executor(self.write_pool, fn, *args))

    async def retrying(self, attempt: Callable[[], Awaitable[Any]]) -> Any:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.settings.storage_retry_seconds
        delay = 0.05
        while True:
            try:
                return await attempt()
            except IntegrityError:
                raise  # a constraint, not a fault: retrying cannot help
            except SQLAlchemyError as exc:
                if loop.time() + delay > deadline or self.closing:
                    log.error("database write failed, giving up: %s", _brief(exc))
                    raise StorageUnavailable() from None
                log.warning("database write failed, retrying in %.2f s: %s", delay, _brief(exc))
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)

    async def start(self) -> None:
        """Rebuild every unfinished table, restart its bots, and start the sweeper that
        expires and abandons tables."""
        await self.cluster.start()  # listens before loading: no change is missed
        for table_id in await self.db(self.store.unfinished_ids):
            table = await self.get(table_id)
            if table is not None:
                self.schedule_bots(table)
        self.cluster.start_leases()
        self._sweeper = asyncio.create_task(self._sweep_loop())
        self._clock_task = asyncio.create_task(self._clock_loop())

    async def stop(self) -> None:
        self.closing = True
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.cluster.stop()
        for table in self.tables.values():
            for client in list(table.clients):
                client.close()
        for loop_task in (self._sweeper, self._clock_task):
            if loop_task is not None:
                loop_task.cancel()
                await asyncio.gather(loop_task, return_exceptions=True)
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        self.db_pool.shutdown(wait=True)
        self.write_pool.shutdown(wait=True)
        self.committer.shutdown(wait=True)

    def new_state(
        self, game: Game[Any], players: int, seed: int, options: dict[str, OptionValue]
    ) -> State:
        if self.hooks.new_state is not None:
            return self.hooks.new_state(game, players, seed, options)
        state: State = game.new(players, seed, **options)
        return state

    # -- lobby ---------------------------------------------------------------------------------
    async def create(
        self, game_id: str, players: int | None, options: dict[str, Any], seats: list[Any] | None,
        bot_speed: str = "normal", owner: str | None = None,
        clock: dict[str, Any] | None = None,
    ) -> LiveTable:
        live = [t for t in self.tables.values() if not t.over]
        if len(live) >= self.settings.max_open_tables:
            raise LobbyError(503, "the server has as many open tables as it accepts; try later")
        cap = self.settings.max_tables_per_address
        if owner is not None and sum(1 for t in live if t.owner == owner) >= cap:
            raise _cap_reached(owner, cap)  # known here already; the database decides the rest
        try:
            game = get_game(game_id)
            check_online(game, options)
            count = len(seats) if players is None and seats else players or game.min_players
            game.check_players(count)
            resolved = game.resolve_options(options)
        except (SweetToothError, OptionRangeError) as exc:
            raise LobbyError(422, str(exc)) from None
        try:
            spec = None if clock is None else parse_clock(clock, LEVELS)
        except ClockError as exc:
            raise LobbyError(422, str(exc)) from None
        specs = [_seat_spec(s) for s in seats] if seats else [("human", None)] * count
        if len(specs) != count:
            raise LobbyError(422, f"give one seat per player: {count} players, {len(specs)} seats")
        seed, bot_seed = new_table_seed(), new_table_seed()
        try:
            state = self.new_state(game, count, seed, resolved)
        except SweetToothError as exc:
            raise LobbyError(422, str(exc)) from None
        seat_rows = [
            SeatData(i, kind, level, None if kind == "human" else f"{level} bot", None,
                     kind == "bot")
            for i, (kind, level) in enumerate(specs)
        ]
        data = TableData(
            id=secrets.token_urlsafe(9), game=game.id, rules_version=game.rules_version,
            players=count, seed=seed, bot_seed=bot_seed, options=dict(resolved),
            status="waiting", result=None, seats=seat_rows, actions=[],
            bot_speed=bot_speed, owner=owner, created=time.time(),
        )
        table = self._live(data, state)
        if table.started:
            data = TableData(**{**_fields(data), "status": "playing"})
            table.status = "playing"
        also = None
        if spec is not None:
            table.clock = ClockState.new(spec, count)
            if table.started:  # all bots: play, and the clocks, start now
                table.clock.start(data.created)
            also = clock_store.inserter(table.id, spec.to_json(), table.clock.started)
        watch = "bot" in (k for k, _ in specs) or spec is not None  # bots to play, a clock
        lease = self.cluster.lease_for_new_table() if watch else None
        try:
            await self.write(self.store.create_table, data, lease, cap, also)
        except TableCapReached:
            raise _cap_reached(owner or "", cap) from None
        if lease is not None:
            self.cluster.took(table.id)
        self.tables[table.id] = table
        if table.clock is not None:
            self.clocked.add(table.id)
        self.cluster.changed(table.id, new=True)
        self.schedule_bots(table)
        return table

    def _live(self, data: TableData, state: State) -> LiveTable:
        table = LiveTable(
            id=data.id, game=state.game, state=state, seed=data.seed, bot_seed=data.bot_seed,
            seats=[Seat(s.seat, s.kind, s.level, s.name, s.token_hash, s.ready)
                   for s in data.seats],
            status=data.status, bot_speed=data.bot_speed, owner=data.owner,
            created=data.created,
        )
        if table.status == "waiting" and table.started:  # a status write that failed
            table.status = "playing"
        return table

    def open_tables(self, game: str | None, limit: int) -> list[LiveTable]:
        """Unstarted tables with a free human seat, newest first (from memory: every
        unfinished table is loaded at start, so a busy database never stalls the lobby)."""
        found = [
            t for t in self.tables.values()
            if t.status == "waiting" and (game is None or t.game.id == game)
            and any(s.kind == "human" and not s.taken for s in t.seats)
        ]
        found.sort(key=lambda t: t.created, reverse=True)
        return found[:limit]

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table, rebuilt from the database by replay if it is not in memory."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        pending = self._loading.get(table_id)
        if pending is not None:
            return await pending
        fut: asyncio.Future[LiveTable | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = fut
        try:
            table = await self._load(table_id)
            if table is not None:
                self.tables[table_id] = table
            fut.set_result(table)
            return table
        except BaseException as exc:
            fut.set_exception(exc)
            raise
        finally:
            del self._loading[table_id]

    async def _load(self, table_id: str) -> LiveTable | None:
        data: TableData | None = await self.db(self.store.load_table, table_id)
        if data is None:
            return None
        abandoned = data.status == "abandoned"  # replayed as it was left, never played on
        try:
            game = get_game(data.game)
            if not abandoned and data.rules_version != game.rules_version:
                raise RecordError(f"rules version {data.rules_version} is not {game.rules_version}")
            state = await asyncio.get_running_loop().run_in_executor(
                self.db_pool, self._replay, game, data)
        except SweetToothError as exc:
            if abandoned:
                raise
            log.error("table %s cannot be rebuilt: %s", table_id, exc)
            return None
        table = self._live(data, state)
        stored = await self.db(clock_store.load_clock, self.store, table_id)
        if stored is not None:
            spec_json, started, flagged = stored
            table.clock = ClockState.rebuild(parse_clock(spec_json, LEVELS), data.players,
                                             started, flagged, data.moves)
            self.clocked.add(table_id)
        if data.status == "finished" and data.result and "flag" in data.result:
            table.final = dict(data.result)  # a flag fall ended it
        if state.to_move is None and table.status not in OVER:
            await self._finish(table)
        elif table.clock is not None and table.started and table.clock.started is None:
            await self._start_clock(table)  # play began but its start was not recorded
        return table

    def _replay(self, game: Game[Any], data: TableData) -> State:
        state = self.new_state(game, data.players, data.seed, dict(data.options))
        for ply, text in enumerate(data.actions):
            try:
                state.apply(game.parse_action(state, text))
            except IllegalAction as exc:
                raise RecordError(f"action {ply} ({text!r}) does not replay: {exc}") from None
        return state

    async def join(
        self, table: LiveTable, seat: int | None, name: str, digest: str | None = None
    ) -> tuple[int, str]:
        """Take a free human seat (the first one when `seat` is None): (seat, token). With
        `digest` (the SHA-256 of a token the player made, quick match) no token is made: "".

        The seats as this process knows them are tried first; the database decides. With other
        processes on the database, a seat refused there was taken through one of them: the
        table is read again and the choice made once more."""
        token = "" if digest is not None else secrets.token_urlsafe(32)
        digest = digest or hash_token(token)
        async with table.lock:
            if table.status == "expired":  # expired while this request waited for the lock
                raise LobbyError(410, "this table expired: nobody joined it in time")
            for last_try in (False, True):
                chosen = self._free_seat(table, seat)
                if await self.write(self.store.claim_seat, table.id, chosen, name, digest):
                    break
                if last_try or not self.cluster.active:
                    raise LobbyError(409, f"seat {chosen} was just taken")
                await self.cluster.catch_up(table)
            table.seats[chosen].name = name
            table.seats[chosen].token_hash = digest
        self.cluster.changed(table.id)
        table.broadcast_presence()
        return chosen, token

    @staticmethod
    def _free_seat(table: LiveTable, seat: int | None) -> int:
        """`seat` if it is free (the first free human seat when None), else LobbyError."""
        if table.over:
            raise LobbyError(409, "this game is over")
        free = [s.seat for s in table.seats if s.kind == "human" and not s.taken]
        if seat is None:
            if not free:
                raise LobbyError(409, "no free seat at this table")
            return free[0]
        if not 0 <= seat < len(table.seats):
            raise LobbyError(422, f"seat must be 0..{len(table.seats) - 1}, got {seat}")
        if seat not in free:
            what = "a bot's" if table.seats[seat].kind == "bot" else "taken"
            raise LobbyError(409, f"seat {seat} is {what}; free seats: {free or 'none'}")
        return seat

    # -- connections ---------------------------------------------------------------------------
    async def attach(
        self, table: LiveTable, token: str | None, client: Client, log: str = "full"
    ) -> None:
        """Seat `client` by its token (None: spectator), send it the table, tell the others."""
        seat: int | None = None
        if token is not None:
            seat = self._seat_of(table, token)
            if seat is None and self.cluster.active:  # joined elsewhere a moment ago?
                await self._catch_up(table)
                seat = self._seat_of(table, token)
            if seat is None:
                raise ProtocolError("bad_token", "this token opens no seat at this table")
        client.seat = seat
        client.token = token if seat is not None else None
        async with table.lock:
            was_connected = seat is not None and table.connected(seat)
            started_now = False
            if seat is not None and not table.seats[seat].ready and not table.over:
                await self.write(self.store.set_ready, table.id, seat)  # may raise: no change
                table.seats[seat].ready = True
                if table.started and table.status == "waiting":
                    table.status = "playing"
                    started_now = True
                    await self._set_status(table, "playing", None)
                    await self._start_clock(table)
                else:
                    self.cluster.changed(table.id)
            table.clients.add(client)
            self.cluster.presence(table)
            if seat is not None and table.seats[seat].kind == "human":
                table.humans_gone_since = None
            client.send(dumps({
                "type": "welcome", "seat": seat, "game": table.game.id,
                "players": table.state.players, "started": table.started,
            }))
            client.log_new = log == "new"
            client.send(table.state_message(seat, client))
            if started_now:  # everyone learns that play has begun
                table.broadcast_state(skip=client)
            elif seat is not None and not was_connected:
                table.broadcast_presence(skip=client)
            if started_now:
                self.schedule_bots(table)

    @staticmethod
    def _seat_of(table: LiveTable, token: str) -> int | None:
        """The seat `token` opens at `table` as this process knows it, if any."""
        digest = hash_token(token)
        seat = None
        for s in table.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                seat = s.seat
        return seat

    async def _catch_up(self, table: LiveTable) -> None:
        async with table.lock:
            try:
                await self.cluster.catch_up(table)
            except StorageUnavailable:
                log.warning("table %s: could not read it again; serving it as known", table.id)

    async def detach(self, table: LiveTable, client: Client) -> None:
        client.close()
        table.clients.discard(client)
        self.cluster.presence(table)
        table.mark_presence(time.monotonic())
        if client.seat is not None and not table.connected(client.seat):
            table.broadcast_presence()
        if table.over and not table.clients and table.bot_task is None:
            self.tables.pop(table.id, None)

    # -- play ----------------------------------------------------------------------------------
    async def act(
        self, table: LiveTable, seat: int | None, msg: ActionMsg, client: Client | None = None
    ) -> None:
        """Play `msg` for `seat`: commit, apply, acknowledge, broadcast; or ProtocolError."""
        if seat is None:
            raise ProtocolError("not_your_seat", "spectators cannot act; join a seat to play")
        if msg.seat is not None and msg.seat != seat:
            raise ProtocolError(
                "not_your_seat", f"you hold seat {seat}, not seat {msg.seat}; act for your own seat"
            )
        async with table.lock:
            if self.tables.get(table.id) is not table:  # replaced by a copy loaded again
                raise ProtocolError("stale_ply", "the table was reloaded; reconnect")
            state = table.state
            if table.status == "abandoned":
                raise ProtocolError("game_over", "the game was abandoned")
            if state.to_move is None or table.status in OVER:
                raise ProtocolError("game_over", "the game is over")
            if client is not None and table.seats[seat].kind == "bot":
                raise ProtocolError("not_your_seat", "your time ran out: a bot plays this "
                                    "seat now (the table's flag-fall rule)")
            if not table.started:
                waiting = [s.seat for s in table.seats if not s.ready]
                raise ProtocolError(
                    "not_started", f"waiting for seats {waiting} to join and connect"
                )
            if msg.ply != table.ply:
                raise ProtocolError(
                    "stale_ply",
                    f"your action was chosen at ply {msg.ply} but the table is at ply "
                    f"{table.ply}; choose again from the latest view",
                )
            if state.to_move != seat:
                raise ProtocolError(
                    "not_your_turn", f"it is seat {state.to_move}'s turn, not yours ({seat})"
                )
            try:
                action = table.game.parse_action(state, msg.action)
            except IllegalAction as exc:
                raise ProtocolError("illegal_action", str(exc)) from None
            text = str(action)
            ply = table.ply
            at = time.time()
            due = None if table.clock is None else table.clock.due(state.to_move)
            if due is not None and at >= due:  # too late: the flag fell first
                self._flag_soon(table)
                raise ProtocolError("time_out", "your time ran out before this move arrived")
            won = await self._commit(PendingAction(table.id, ply, seat, text,
                                                   datetime.fromtimestamp(at, UTC)))
            if not won:  # another writer (process) took this ply: apply what it committed
                try:
                    await self.cluster.catch_up(table)
                except StorageUnavailable:
                    self.tables.pop(table.id, None)  # reloaded whole when next asked for
                raise ProtocolError(
                    "stale_ply", f"another action was committed for ply {ply} first"
                )
            state.apply(action)
            if table.clock is not None:
                table.clock.moved(seat, at)
            if state.to_move is None:
                table.status = "finished"  # the last state frame says so (recorded below)
            if client is not None:
                ack: dict[str, Any] = {"type": "ack", "ply": ply, "action": text}
                if msg.id is not None:
                    ack["id"] = msg.id
                client.send(dumps(ack))
            table.broadcast_state()
            if state.to_move is None:
                await self._finish(table)
        self.schedule_bots(table)

    async def _finish(self, table: LiveTable) -> None:
        res = table.state.result()
        table.status = "finished"
        self.cluster.held.pop(table.id, None)
        if await self._set_status(table, "finished", None if res is None else res.to_json()):
            from .ratings import after_finish  # ratings.py imports this module

            await after_finish(self, table)

    async def _set_status(
        self, table: LiveTable, status: str, result: dict[str, Any] | None
    ) -> bool:
        """Record a status the server can rebuild anyway (playing and finished follow from the
        seats and the actions): a database fault is logged, not raised. False if it failed."""
        try:
            await self.write(self.store.set_status, table.id, status, result)
        except StorageUnavailable:
            log.error("table %s: could not record status %s", table.id, status)
            return False
        self.cluster.changed(table.id)
        return True

    async def _commit(self, pending: PendingAction) -> bool:
        """Commit one action (group commit, committer.py): True once committed, False if
        another writer took its ply, StorageUnavailable when the database stays down."""
        return await self.committer.commit(pending)

    # -- bots ----------------------------------------------------------------------------------
    def schedule_bots(self, table: LiveTable) -> None:
        """Start the table's bot loop if a bot is to move and none is running."""
        seat = table.state.to_move
        if (
            self.closing or table.bot_task is not None or seat is None or not table.started
            or table.seats[seat].kind != "bot" or table.status in OVER
            or not self.cluster.holds(table.id)  # another process plays this table's bots
        ):
            return
        table.bot_task = asyncio.create_task(self._bot_loop(table))

    async def _bot_loop(self, table: LiveTable) -> None:
        """Play the bots' moves while a bot is to move. A fault (the database down, a bot
        that raised) never ends the loop: it waits, with backoff up to BOT_RETRY_MAX seconds,
        and tries again, so the table resumes when the database is back."""
        backoff = 0.1
        try:
            while (not self.closing and self.tables.get(table.id) is table
                   and self.cluster.holds(table.id)):
                state = table.state
                seat = state.to_move
                if (seat is None or table.seats[seat].kind != "bot" or not table.started
                        or table.status in OVER):
                    return
                try:
                    await self._bot_move(table, seat)
                    backoff = 0.1
                except ProtocolError as exc:
                    if exc.code in ("time_out", "game_over"):
                        return  # the bot's own clock ran out: the flag-fall rule decides
                    if exc.code != "stale_ply":
                        log.error("bot at %s seat %s: %s", table.id, seat, exc.message)
                        return
                    if self.cluster.leases and self.cluster.holds(table.id):
                        # a lease still held should have made this impossible
                        log.warning("table %s: another process played bot seat %s's move",
                                    table.id, seat)
                except Exception as exc:
                    if isinstance(exc, StorageUnavailable):
                        log.warning("table %s: bot waits %.1f s for the database", table.id,
                                    backoff)
                    else:
                        log.exception("bot of table %s failed; retrying", table.id)
                    await asyncio.sleep(backoff)
                    backoff = min(backoff * 2, BOT_RETRY_MAX)
        finally:
            table.bot_task = None

    async def _bot_move(self, table: LiveTable, seat: int) -> None:
        loop = asyncio.get_running_loop()
        state = table.state
        if self.settings.bot_delay:
            await asyncio.sleep(self.settings.bot_delay)
            if not self._bot_still_to_move(table, state, seat):
                return  # moved on meanwhile (another process's move, a lease handed over)
        ply, view, legal = table.ply, state.view(seat), state.legal_actions()
        level = table.seats[seat].level or "medium"
        if self.hooks.make_bot is not None:
            agent = self.hooks.make_bot(table.game.id, level, seat)
            text = await loop.run_in_executor(
                self.bot_pool, decide_with, agent, table.game.id, view, legal,
                table.bot_seed, seat, ply,
            )
        else:
            text = await loop.run_in_executor(
                self.bot_pool, decide, table.game.id, level, view, legal,
                table.bot_seed, seat, ply,
            )
        if not self._bot_still_to_move(table, state, seat):
            return  # the lease lapsed while the bot thought (the process was paused): not ours
        await self.act(table, seat, ActionMsg(ply, text, None, None))

    def _bot_still_to_move(self, table: LiveTable, state: State, seat: int) -> bool:
        """Whether the bot's move is still this process's to play: its seat still to move and
        the table's lease still held."""
        return state.to_move == seat and self.cluster.holds(table.id)

    # -- clocks --------------------------------------------------------------------------------
    async def _start_clock(self, table: LiveTable) -> None:
        """Play began now: the clocks start (the start stored first, if none is yet)."""
        if table.clock is None or table.clock.started is not None:
            return
        try:
            stored = await self.write(clock_store.start_clock, self.store, table.id, time.time())
        except StorageUnavailable:
            log.error("table %s: could not record the clocks' start", table.id)
            return
        table.clock.start(stored)

    async def _clock_loop(self) -> None:
        """Every CLOCK_TICK: end the turn of every running clock that reached zero, on the
        tables whose bots this process plays (its lease; with SQLite, all), so a flag falls
        even when nobody sends anything."""
        while not self.closing:
            await asyncio.sleep(CLOCK_TICK)
            now = time.time()
            for table_id in list(self.clocked):
                table = self.tables.get(table_id)
                if table is None or table.clock is None or table.over:
                    self.clocked.discard(table_id)
                    continue
                due = table.clock.due(table.state.to_move) if table.started else None
                if due is not None and now >= due and self.cluster.holds(table_id):
                    try:
                        await self._flag(table)
                    except Exception:
                        log.exception("table %s: the flag fall failed; trying again", table_id)

    def _flag_soon(self, table: LiveTable) -> None:
        """A move came too late: the flag-fall rule applies now (this process holds it)."""
        if self.cluster.holds(table.id):
            task = asyncio.create_task(self._flag(table))
            self._flags.add(task)
            task.add_done_callback(self._flags.discard)

    async def _flag(self, table: LiveTable) -> None:
        """The running seat's time is out: apply the table's flag-fall rule (clock.py)."""
        async with table.lock:
            clock = table.clock
            if clock is None or table.over or self.tables.get(table.id) is not table:
                return
            seat = table.state.to_move
            due = clock.due(seat)
            if seat is None or due is None or time.time() < due:
                return
            spec: ClockSpec = clock.spec
            if spec.flag_fall == "bot":
                level = spec.bot_level or "medium"
                done = await self.write(clock_store.flag_to_bot, self.store, table.id, seat,
                                        level, table.ply)
                if done:
                    old = table.seats[seat]
                    old.kind, old.level, old.ready = "bot", level, True
                    clock.flag(seat)
            else:
                result = flag_result(table.state, seat)
                done = await self.write(clock_store.flag_to_end, self.store, table.id, seat,
                                        table.ply, result)
                if done:
                    clock.flag(seat)
                    table.final = result
                    table.status = "finished"
                    self.cluster.held.pop(table.id, None)
                    if table.bot_task is not None:
                        table.bot_task.cancel()
            if not done:  # a move committed through another process beat the flag
                await self.cluster.catch_up(table)
                return
            self.cluster.changed(table.id)
            log.info("table %s: seat %d ran out of time (%s)", table.id, seat, spec.flag_fall)
            table.broadcast_state()
        self.schedule_bots(table)

    # -- life cycle of tables ------------------------------------------------------------------
    def sweep_interval(self) -> float:
        s = self.settings
        return min(max(min(s.waiting_table_ttl, s.abandoned_after) / 4, 0.1), 10.0)

    async def _sweep_loop(self) -> None:
        while not self.closing:
            await asyncio.sleep(self.sweep_interval())
            try:
                await self.sweep()
            except Exception:
                log.exception("sweeping tables failed; trying again later")

    async def sweep(self) -> None:
        """Expire tables nobody joined; end as abandoned the games whose people are gone."""
        now, wall = time.monotonic(), time.time()
        for table in list(self.tables.values()):
            if table.over:
                continue
            humans = [s for s in table.seats if s.kind == "human"]
            if not humans:
                continue  # all bots: it plays to its end by itself
            table.mark_presence(now)
            nobody_joined = table.status == "waiting" and not any(s.taken for s in humans)
            if nobody_joined:
                if wall - table.created >= self.settings.waiting_table_ttl:
                    await self._expire(table)
            elif (table.humans_gone_since is not None
                  and now - table.humans_gone_since >= self.settings.abandoned_after):
                await self._abandon(table)

    async def _expire(self, table: LiveTable) -> None:
        async with table.lock:
            if any(s.taken for s in table.seats if s.kind == "human"):
                return  # joined meanwhile
            await self.write(self.store.delete_table, table.id)
            self.tables.pop(table.id, None)
            table.status = "expired"  # a join that waited for the lock is refused (410)
        self.cluster.changed(table.id)
        log.info("table %s expired: nobody joined", table.id)
        for client in list(table.clients):
            client.send(error("table_expired", "this table expired: nobody joined it", None))
            client.close()

    async def _abandon(self, table: LiveTable) -> None:
        async with table.lock:
            if table.over or table.humans_connected():
                return
            await self.write(self.store.set_status, table.id, "abandoned",
                             {"abandoned": True, "ply": table.ply})
            self.cluster.changed(table.id)
            table.status = "abandoned"
            if table.bot_task is not None:
                table.bot_task.cancel()
            table.broadcast_state()
        log.info("table %s abandoned at ply %d: its players left", table.id, table.ply)
        if not table.clients:
            self.tables.pop(table.id, None)


BOT_RETRY_MAX = 5.0


def _cap_reached(owner: str, cap: int) -> LobbyError:
    return LobbyError(429, f"{owner} already has {cap} unfinished tables open; play or leave "
                      "some (tables nobody joins expire) before opening more")


def _brief(exc: BaseException) -> str:
    return str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__


def _fields(data: TableData) -> dict[str, Any]:
    return {name: getattr(data, name) for name in TableData.__slots__}


__all__ = ["Client", "Hooks", "LiveTable", "LobbyError", "TableManager", "error"]
