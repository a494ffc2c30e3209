"""The table manager: live tables in memory, each backed by its record in the database.

A live table is a State plus who sits where and who is connected. Every change goes the same way,
for humans and bots alike (`TableManager.act`): under the table's lock, check the ply, the seat
and the action; commit the action to the database; only then apply it, acknowledge it and send
every connected client its own view. A restarted server rebuilds each unfinished table by
replaying its actions (`TableManager.start`).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from sweettooth.core import (
    Game,
    IllegalAction,
    OptionValue,
    RecordError,
    State,
    SweetToothError,
    new_seed,
)
from sweettooth.core import game as get_game

from .bots import LEVELS, AgentFactory, decide, decide_with, make_executor
from .db import PendingAction, SeatData, Store, TableData, hash_token
from .protocol import ActionMsg, ProtocolError, dumps, error
from .settings import Settings

log = logging.getLogger("sweettooth.server")

StateFactory = Callable[[Game[Any], int, int, dict[str, OptionValue]], State]
"""(game, players, seed, options) -> the initial State; the default is `game.new`."""

OUTBOX_LIMIT = 512


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
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False

    def send(self, text: str) -> None:
        """Queue `text`; a client that falls too far behind is cut off (None ends its writer)."""
        if self.closed:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.close()
            return
        self.outbox.put_nowait(text)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
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
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None

    @property
    def ply(self) -> int:
        return len(self.state.history)

    @property
    def started(self) -> bool:
        """Play starts once every human seat is taken and its player has connected once."""
        return all(s.kind == "bot" or s.ready for s in self.seats)

    def connected(self, seat: int) -> bool:
        return self.seats[seat].kind == "bot" or any(c.seat == seat for c in self.clients)

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
        res = self.state.result()
        return {
            "id": self.id, "game": self.game.id, "players": self.state.players,
            "options": dict(self.state.options), "status": self.status, "ply": self.ply,
            "to_move": self.state.to_move, "seats": self.seats_public(),
            "result": None if res is None else res.to_json(),
        }

    def state_message(self, seat: int | None) -> str:
        return dumps(
            {"type": "state", "ply": self.ply, "started": self.started,
             "view": self.state.view(seat), "seats": self.seats_public()}
        )

    def broadcast_state(self, skip: Client | None = None) -> None:
        """Every client gets its own seat's view (computed once per seat)."""
        texts: dict[int | None, str] = {}
        for client in list(self.clients):
            if client is skip:
                continue
            if client.seat not in texts:
                texts[client.seat] = self.state_message(client.seat)
            client.send(texts[client.seat])

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
        self.db_pool: Executor = ThreadPoolExecutor(
            max_workers=1 if store.engine.dialect.name == "sqlite" else 8,
            thread_name_prefix="sweettooth-db",
        )
        self.bot_pool: Executor = make_executor(settings.bot_executor, settings.bot_workers)
        self._writes: asyncio.Queue[tuple[PendingAction, asyncio.Future[bool]]] = (
            asyncio.Queue()
        )
        self._writer: asyncio.Task[None] | None = None
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        self.closing = False

    # -- life cycle ----------------------------------------------------------------------------
    async def db(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.db_pool, fn, *args)

    async def start(self) -> None:
        """Start the group-commit writer, rebuild every unfinished table, restart its bots."""
        self._writer = asyncio.create_task(self._write_loop())
        for table_id in await self.db(self.store.unfinished_ids):
            table = await self.get(table_id)
            if table is not None:
                self.schedule_bots(table)

    async def stop(self) -> None:
        self.closing = True
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for table in self.tables.values():
            for client in list(table.clients):
                client.close()
        if self._writer is not None:
            self._writer.cancel()
            await asyncio.gather(self._writer, return_exceptions=True)
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        self.db_pool.shutdown(wait=True)

    def new_state(
        self, game: Game[Any], players: int, seed: int, options: dict[str, OptionValue]
    ) -> State:
        if self.hooks.new_state is not None:
            return self.hooks.new_state(game, players, seed, options)
        state: State = game.new(players, seed, **options)
        return state

    # -- lobby ---------------------------------------------------------------------------------
    async def create(
        self, game_id: str, players: int | None, options: dict[str, Any], seats: list[Any] | None
    ) -> LiveTable:
        open_now = sum(1 for t in self.tables.values() if t.status != "finished")
        if open_now >= self.settings.max_open_tables:
            raise LobbyError(503, "the server has as many open tables as it accepts; try later")
        files = sorted(k for k, v in options.items() if k.endswith("_file") and v)
        if files:  # a file option would read any file on the server's disk
            raise LobbyError(422, f"option {files[0]!r} names a server file; not available online")
        try:
            game = get_game(game_id)
            count = len(seats) if players is None and seats else players or game.min_players
            game.check_players(count)
            resolved = game.resolve_options(options)
        except SweetToothError as exc:
            raise LobbyError(422, str(exc)) from None
        specs = [_seat_spec(s) for s in seats] if seats else [("human", None)] * count
        if len(specs) != count:
            raise LobbyError(422, f"give one seat per player: {count} players, {len(specs)} seats")
        seed, bot_seed = new_seed(), new_seed()
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
        )
        table = self._live(data, state)
        if table.started:
            data = TableData(**{**_fields(data), "status": "playing"})
            table.status = "playing"
        await self.db(self.store.create_table, data)
        self.tables[table.id] = table
        self.schedule_bots(table)
        return table

    def _live(self, data: TableData, state: State) -> LiveTable:
        return LiveTable(
            id=data.id, game=state.game, state=state, seed=data.seed, bot_seed=data.bot_seed,
            seats=[Seat(s.seat, s.kind, s.level, s.name, s.token_hash, s.ready)
                   for s in data.seats],
            status=data.status,
        )

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
        try:
            game = get_game(data.game)
            if data.rules_version != game.rules_version:
                raise RecordError(f"rules version {data.rules_version} is not {game.rules_version}")
            state = await self.db(self._replay, game, data)
        except SweetToothError as exc:
            log.error("table %s cannot be rebuilt: %s", table_id, exc)
            return None
        table = self._live(data, state)
        if state.to_move is None and table.status != "finished":
            await self._finish(table)
        return table

    def _replay(self, game: Game[Any], data: TableData) -> State:
        state = self.new_state(game, data.players, data.seed, dict(data.options))
        for ply, text in enumerate(data.actions):
            try:
                state.apply(game.parse_action(state, text))
            except IllegalAction as exc:
                raise RecordError(f"action {ply} ({text!r}) does not replay: {exc}") from None
        return state

    async def join(self, table: LiveTable, seat: int | None, name: str) -> tuple[int, str]:
        """Take a free human seat (the first one when `seat` is None): (seat, token)."""
        async with table.lock:
            if table.status == "finished":
                raise LobbyError(409, "this game is over")
            free = [s.seat for s in table.seats if s.kind == "human" and not s.taken]
            if seat is None:
                if not free:
                    raise LobbyError(409, "no free seat at this table")
                seat = free[0]
            elif not 0 <= seat < len(table.seats):
                raise LobbyError(422, f"seat must be 0..{len(table.seats) - 1}, got {seat}")
            elif seat not in free:
                what = "a bot's" if table.seats[seat].kind == "bot" else "taken"
                raise LobbyError(409, f"seat {seat} is {what}; free seats: {free or 'none'}")
            token = secrets.token_urlsafe(32)
            digest = hash_token(token)
            if not await self.db(self.store.claim_seat, table.id, seat, name, digest):
                raise LobbyError(409, f"seat {seat} was just taken")
            table.seats[seat].name = name
            table.seats[seat].token_hash = digest
        table.broadcast_presence()
        return seat, token

    # -- connections ---------------------------------------------------------------------------
    async def attach(self, table: LiveTable, token: str | None, client: Client) -> None:
        """Seat `client` by its token (None: spectator), send it the table, tell the others."""
        seat: int | None = None
        if token is not None:
            digest = hash_token(token)
            for s in table.seats:
                if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                    seat = s.seat
            if seat is None:
                raise ProtocolError("bad_token", "this token opens no seat at this table")
        client.seat = seat
        async with table.lock:
            was_connected = seat is not None and table.connected(seat)
            table.clients.add(client)
            started_now = False
            if seat is not None and not table.seats[seat].ready:
                await self.db(self.store.set_ready, table.id, seat)
                table.seats[seat].ready = True
                if table.started and table.status == "waiting":
                    table.status = "playing"
                    await self.db(self.store.set_status, table.id, "playing", None)
                    started_now = True
            client.send(dumps({
                "type": "welcome", "seat": seat, "game": table.game.id,
                "players": table.state.players, "started": table.started,
            }))
            client.send(table.state_message(seat))
            if started_now:  # everyone learns that play has begun
                table.broadcast_state(skip=client)
            elif seat is not None and not was_connected:
                table.broadcast_presence(skip=client)
            if started_now:
                self.schedule_bots(table)

    async def detach(self, table: LiveTable, client: Client) -> None:
        client.close()
        table.clients.discard(client)
        if client.seat is not None and not table.connected(client.seat):
            table.broadcast_presence()
        if table.status == "finished" and not table.clients and table.bot_task is None:
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
            state = table.state
            if state.to_move is None:
                raise ProtocolError("game_over", "the game is over")
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
            won = await self._commit(PendingAction(table.id, ply, seat, text))
            if not won:
                self.tables.pop(table.id, None)  # another writer owns this table: reload it
                raise ProtocolError(
                    "stale_ply", f"another action was committed for ply {ply} first"
                )
            state.apply(action)
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
        await self.db(
            self.store.set_status, table.id, "finished", None if res is None else res.to_json()
        )

    async def _commit(self, pending: PendingAction) -> bool:
        fut: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._writes.put_nowait((pending, fut))
        return await fut

    async def _write_loop(self) -> None:
        """Group commit: whatever actions queue up while one batch commits go in the next."""
        while True:
            batch = [await self._writes.get()]
            while not self._writes.empty() and len(batch) < 512:
                batch.append(self._writes.get_nowait())
            try:
                results: list[bool] = await self.db(
                    self.store.insert_actions, [p for p, _ in batch]
                )
            except Exception as exc:  # the database is down: nothing is acknowledged
                log.exception("cannot commit actions")
                for _, fut in batch:
                    if not fut.done():
                        fut.set_exception(exc)
                continue
            for (_, fut), ok in zip(batch, results, strict=True):
                if not fut.done():
                    fut.set_result(ok)

    # -- bots ----------------------------------------------------------------------------------
    def schedule_bots(self, table: LiveTable) -> None:
        """Start the table's bot loop if a bot is to move and none is running."""
        seat = table.state.to_move
        if (
            self.closing or table.bot_task is not None or seat is None or not table.started
            or table.seats[seat].kind != "bot"
        ):
            return
        table.bot_task = asyncio.create_task(self._bot_loop(table))

    async def _bot_loop(self, table: LiveTable) -> None:
        loop = asyncio.get_running_loop()
        try:
            while not self.closing and self.tables.get(table.id) is table:
                state = table.state
                seat = state.to_move
                if seat is None or table.seats[seat].kind != "bot" or not table.started:
                    return
                if self.settings.bot_delay:
                    await asyncio.sleep(self.settings.bot_delay)
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
                try:
                    await self.act(table, seat, ActionMsg(ply, text, None, None))
                except ProtocolError as exc:
                    if exc.code != "stale_ply":
                        log.error("bot at %s seat %s: %s", table.id, seat, exc.message)
                        return
        except Exception:
            log.exception("bot loop of table %s failed", table.id)
        finally:
            table.bot_task = None


def _fields(data: TableData) -> dict[str, Any]:
    return {name: getattr(data, name) for name in TableData.__slots__}


__all__ = ["Client", "Hooks", "LiveTable", "LobbyError", "TableManager", "error"]
