"""The FastAPI application: the HTTP lobby, the WebSocket for play, the static web client.

`create_app(settings)` builds an app whose lifespan opens the database, applies the migrations,
and rebuilds every unfinished table. HTTP (JSON under `/api`) is for the lobby: games, tables,
joining a seat. Play goes over one WebSocket per client at `/ws/tables/{table_id}`; the messages
are described in `protocol.py` and docs/server.md. If `sweettooth/server/web/` exists (the
browser client, a later issue) it is served at `/`.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any, Literal
from urllib.parse import quote

from fastapi import Depends, FastAPI, Header, HTTPException, Query, Request, WebSocket
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse
from pydantic import BaseModel, ConfigDict, Field, model_validator
from starlette.types import Message
from starlette.websockets import WebSocketDisconnect, WebSocketState

import sweettooth as st
from sweettooth.core import OptionValue

from . import (
    chat,
    learn_api,
    players_api,
    quickmatch,
    rematch,
    replay_api,
    review_api,
    rules_api,
    social_api,
    web_static,
)
from .bots import LEVELS
from .db import Store, make_engine, migrate
from .hint_ws import HintMsg, answer_hint
from .http_guard import ApiGuard, problem, validation_error
from .limits import AddressLimiter, RateLimiter
from .options import BOT_SPEEDS, MAX_OPTION_CHARS, describe_online
from .play_route import ServerApp
from .protocol import ActionMsg, Hello, Ping, ProtocolError, dumps, error, parse_message
from .review_jobs import ReviewJobs
from .settings import Settings
from .social_protocol import ChatMsg, ChatOpenMsg, RematchMsg, SocialMsg
from .tables import (
    Client,
    Hooks,
    LiveTable,
    LobbyError,
    StorageUnavailable,
    TableManager,
    storage_error,
)

log = logging.getLogger("sweettooth.server")

WEB_DIR = Path(__file__).with_name("web")
TableId = Annotated[str, PathParam(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


# -- request and response bodies ----------------------------------------------------------------
STRICT = ConfigDict(extra="forbid", strict=True)
"""Request bodies: no unknown fields, no bool or string for a number (and no NaN or lone
surrogates, refused before parsing by `http_guard.ApiGuard`)."""

OptionName = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[a-z][a-z0-9_]*$")]
OptionText = Annotated[str, Field(max_length=MAX_OPTION_CHARS)]
OptionInt = Annotated[int, Field(ge=-(2**31), le=2**31 - 1)]


class SeatSpec(BaseModel):
    model_config = STRICT
    kind: Literal["human", "bot"] = "human"
    level: Literal["easy", "medium", "hard"] | None = Field(
        None, description="bot difficulty (bots only; default medium; refused for a human)"
    )

    @model_validator(mode="after")
    def _level_is_for_bots(self) -> SeatSpec:
        if self.kind == "human" and self.level is not None:
            raise ValueError("a human seat has no level (only bots have a difficulty)")
        return self


class CreateTable(BaseModel):
    model_config = STRICT
    game: str = Field(min_length=1, max_length=64, pattern=r"^[a-z0-9_-]+$",
                      description="a game id from GET /api/games")
    players: int | None = Field(None, ge=1, le=16, description="default: len(seats) or minimum")
    options: dict[OptionName, bool | OptionInt | OptionText] = Field(
        default_factory=dict, max_length=32,
        description="option values; integers within the range GET /api/games gives",
    )
    seats: list[SeatSpec] | None = Field(None, min_length=1, max_length=16)
    bot_speed: Literal["slow", "normal", "instant"] = Field(
        "normal", description="how fast the web client shows bot moves at this table "
        "(a display default; the server's bots never wait for it)",
    )
    rated: bool = Field(False, description="a rated table: its result updates the players' "
                        "ratings (needs a human seat; every human joins as a player)")
    clock: dict[OptionName, OptionInt | float | OptionText] | None = Field(
        None, max_length=8,
        description='a time control (none by default): {"mode": "live", "minutes": 5, '
        '"increment": 2, "flag_fall": "bot", "bot_level": "easy"} or {"mode": '
        '"correspondence", "days": 3, "flag_fall": "score"} (docs/server.md, "Clocks")',
    )


class Join(BaseModel):
    model_config = STRICT
    name: str = Field(min_length=1, max_length=40, pattern=r"^[^\x00-\x1f\x7f]+$")
    seat: int | None = Field(None, ge=0, le=15, description="default: the first free seat")


class SeatInfo(BaseModel):
    seat: int
    kind: str
    level: str | None
    name: str | None
    taken: bool
    connected: bool


class TableInfo(BaseModel):
    id: str
    game: str
    players: int
    options: dict[str, OptionValue]
    status: str
    ply: int
    to_move: int | None
    seats: list[SeatInfo]
    result: dict[str, Any] | None
    bot_speed: str = Field(description=f"the web client's default pace for bots: {BOT_SPEEDS}")
    seed_sha256: str = Field(
        description="SHA-256 (hex) of the seed's decimal digits, published at the start"
    )
    seed: str | None = Field(
        description="the seed (decimal digits), published once the game is over"
    )
    clock: dict[str, Any] | None = Field(
        None, description="the time control, each seat's seconds left now, whose clock runs "
        "and the seats whose time ran out; null: untimed",
    )


class Joined(BaseModel):
    table: str
    seat: int
    token: str = Field(description="the seat's secret: whoever holds it plays this seat")
    websocket: str
    link: str = Field(description="a capability link for the web client (token in the fragment)")


class GameInfo(BaseModel):
    id: str
    title: str
    min_players: int
    max_players: int
    options: list[dict[str, Any]]


class Problem(BaseModel):
    detail: str


ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": Problem}, 409: {"model": Problem}, 413: {"model": Problem},
    422: {"model": Problem}, 429: {"model": Problem}, 503: {"model": Problem},
}


def create_app(settings: Settings | None = None, hooks: Hooks | None = None) -> FastAPI:
    """The server application for `settings` (default: from the environment)."""
    cfg = settings if settings is not None else Settings.from_env()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(cfg.db, cfg.sqlite_synchronous)
        await asyncio.to_thread(migrate, engine)
        manager = TableManager(Store(engine), cfg, hooks)
        app.state.manager = manager
        app.state.reviews = ReviewJobs(cfg)
        app.state.reviews.open(engine)
        await manager.start()
        app.state.matcher = quickmatch.Matcher(manager)
        app.state.matcher.start()
        # Start-up's objects (modules, games, the tables loaded) never become garbage: taken out
        # of the collector's scans, a full collection under load takes tens of ms, not hundreds
        # (docs/server.md, "Latency under load").
        gc.freeze()
        try:
            yield
        finally:
            await app.state.matcher.stop()
            app.state.reviews.shutdown()
            await manager.stop()
            engine.dispose()

    app = ServerApp(
        title="sweettooth server",
        version=st.__version__,
        summary="Online tables for the sweettooth games: lobby over HTTP, play over WebSocket.",
        lifespan=lifespan,
    )

    app.add_middleware(ApiGuard, settings=cfg)
    app.add_exception_handler(RequestValidationError, validation_error)

    def manager_of(request: Request) -> TableManager:
        manager: TableManager = request.app.state.manager
        return manager

    writes = AddressLimiter(cfg.http_burst, cfg.http_per_second)

    async def limit_writes(request: Request) -> None:  # async: no thread hop per request
        """Lobby writes (open a table, join a seat) per client address: 429 past the limit."""
        address = request.client.host if request.client else "unknown"
        bucket = writes.bucket(address)
        if not bucket.allow():
            retry = bucket.retry_after()
            raise HTTPException(
                429, f"too many tables opened or seats joined from {address}; try again "
                + ("later" if retry is None else f"in {retry} s"),
                headers=None if retry is None else {"Retry-After": str(retry)},
            )

    @app.exception_handler(LobbyError)
    async def lobby_error(_request: Request, exc: LobbyError) -> JSONResponse:
        return problem(exc.status, exc.message)

    @app.exception_handler(StorageUnavailable)
    async def storage_down(_request: Request, exc: StorageUnavailable) -> JSONResponse:
        return problem(503, exc.message, {"Retry-After": "1"})

    async def find(manager: TableManager, table_id: str) -> LiveTable:
        table = await manager.get(table_id)
        if table is None:
            raise HTTPException(404, f"no table {table_id!r}")
        return table

    @app.get("/healthz", tags=["meta"])
    async def healthz() -> dict[str, str]:
        """Liveness: answers while the event loop runs."""
        return {"status": "ok"}

    @app.get("/api/games", tags=["lobby"])
    async def list_games() -> list[GameInfo]:
        """Every game this server offers, with its player range and options."""
        return [
            GameInfo(**{**st.game(g).describe(), "options": describe_online(st.game(g))})
            for g in st.games()
        ]

    @app.get("/api/levels", tags=["lobby"])
    async def list_levels() -> list[str]:
        """The difficulties a bot seat can have."""
        return list(LEVELS)

    @app.post("/api/tables", status_code=201, tags=["lobby"], responses=ERRORS,
              dependencies=[Depends(limit_writes)])
    async def create_table(body: CreateTable, request: Request) -> TableInfo:
        """Open a table: a game, its options, and each seat human (to be joined) or a bot."""
        if body.rated:
            players_api.check_rated(
                None if body.seats is None else [s.model_dump() for s in body.seats],
                body.players)
        table = await manager_of(request).create(
            body.game, body.players, dict(body.options),
            None if body.seats is None else [s.model_dump() for s in body.seats],
            bot_speed=body.bot_speed,
            owner=request.client.host if request.client else "unknown",
            clock=body.clock,
        )
        await players_api.after_create(manager_of(request), table, body.rated)
        return TableInfo(**table.info())

    @app.get("/api/tables", tags=["lobby"])
    async def open_tables(
        request: Request,
        game: Annotated[str | None, Query(max_length=64)] = None,
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
    ) -> list[TableInfo]:
        """Tables not yet started that have a free human seat, newest first."""
        return [TableInfo(**t.info()) for t in manager_of(request).open_tables(game, limit)]

    @app.get("/api/tables/{table_id}", tags=["lobby"], responses=ERRORS)
    async def table_info(table_id: TableId, request: Request) -> TableInfo:
        """One table: game, status, ply, seats (who is connected), result once over."""
        return TableInfo(**(await find(manager_of(request), table_id)).info())

    @app.get("/api/tables/{table_id}/view", tags=["lobby"], responses=ERRORS)
    async def spectator_view(table_id: TableId, request: Request) -> dict[str, Any]:
        """What a spectator sees now (the public view)."""
        table = await find(manager_of(request), table_id)
        view: dict[str, Any] = table.person_view(None)
        return view

    @app.get("/api/tables/{table_id}/record", tags=["lobby"], responses=ERRORS)
    async def table_record(table_id: TableId, request: Request) -> dict[str, Any]:
        """The game record (seed included), only once the game is over: before that the seed
        would reveal every hidden card."""
        table = await find(manager_of(request), table_id)
        if not table.over:
            raise HTTPException(409, "the record is published when the game is over")
        return table.record()

    @app.post("/api/tables/{table_id}/join", status_code=201, tags=["lobby"], responses=ERRORS,
              dependencies=[Depends(limit_writes)])
    async def join(
        table_id: TableId, body: Join, request: Request,
        x_player_key: Annotated[str | None, Header(max_length=100)] = None,
    ) -> Joined:
        """Take a free human seat. The token in the answer is the seat: keep it secret, or share
        the link with the friend who should play it. With `X-Player-Key` the seat is the
        player's (a rated table takes only players)."""
        table = await find(manager_of(request), table_id)
        me = await players_api.before_join(manager_of(request), table, x_player_key)
        seat, token = await manager_of(request).join(table, body.seat, body.name)
        await players_api.after_join(manager_of(request), table, seat, me)
        return Joined(
            table=table.id, seat=seat, token=token, websocket=f"/ws/tables/{table.id}",
            link=f"/t/{table.id}#token={token}",
        )

    sockets: dict[str, int] = {}
    lookups = AddressLimiter(cfg.unknown_table_burst, cfg.unknown_table_per_second)

    async def play(websocket: WebSocket, table_id: str) -> None:
        """A client of a table (`/ws/tables/{table_id}`; `play_route.PlaySockets` calls it).
        A client gone before it is answered ends the call quietly (no traceback to log)."""
        with contextlib.suppress(WebSocketDisconnect):
            await websocket.accept()
            address = websocket.client.host if websocket.client else "unknown"
            if sockets.get(address, 0) >= cfg.max_connections_per_address:
                await refuse(websocket, 1008, error(
                    "too_many_connections", f"at most {cfg.max_connections_per_address} "
                    "WebSockets per address; close one first", None))
                return
            sockets[address] = sockets.get(address, 0) + 1
            try:
                await serve(websocket, address, table_id)
            finally:
                sockets[address] -= 1
                if sockets[address] <= 0:
                    del sockets[address]

    async def serve(websocket: WebSocket, address: str, table_id: str) -> None:
        manager: TableManager = websocket.app.state.manager
        table = manager.tables.get(table_id)
        if table is None:  # a look-up in the database: limited per address
            bucket = lookups.bucket(address)
            if bucket.exhausted():
                await refuse(websocket, 1008, error(
                    "rate_limited", "too many connections to tables not open here; wait "
                    f"{bucket.retry_after() or 60} s", None))
                return
            try:
                table = await manager.get(table_id) if len(table_id) <= 32 else None
            except StorageUnavailable as exc:
                await refuse(websocket, 1013, storage_error(exc, None, None))  # try later
                return
            if table is None:
                bucket.allow()  # only a miss spends a look-up
                await refuse(websocket, 4404,
                             error("not_found", f"no table {table_id[:40]!a}", None))
                return
        await Session(websocket, manager, table, cfg).run()

    app.play_handler = play
    app.include_router(replay_api.router)  # before the web client's mount at "/"
    app.include_router(rules_api.router)
    app.include_router(social_api.router)
    app.include_router(players_api.router)
    app.include_router(learn_api.router)
    app.include_router(review_api.router)

    @app.get("/t/{table_id}", include_in_schema=False)
    async def seat_link(table_id: str) -> RedirectResponse:
        """A seat's share link /t/<id>#token=...: the browser keeps the #token across this."""
        return RedirectResponse(f"/table.html?t={quote(table_id[:32], safe='')}", status_code=307)

    if WEB_DIR.is_dir():  # the browser client: static files, gzip, Cache-Control
        app.mount("/", web_static.web_app(WEB_DIR), name="web")

    return app


async def refuse(websocket: WebSocket, code: int, frame: str) -> None:
    """Send an accepted WebSocket one error frame and close it with `code`; a client already
    gone is no error (WebSocketDisconnect, raised by the send, ends the handler quietly)."""
    await websocket.send_text(frame)
    await websocket.close(code=code)


class Session:
    """One WebSocket client from hello to goodbye."""

    def __init__(
        self, websocket: WebSocket, manager: TableManager, table: LiveTable, cfg: Settings
    ) -> None:
        self.ws, self.manager, self.table, self.cfg = websocket, manager, table, cfg
        self.client = Client()
        self.attached = False
        self.limiter = RateLimiter(cfg.rate_burst, cfg.rate_per_second)
        self.violations = 0
        self.hello_deadline = 0.0

    async def run(self) -> None:
        writer = asyncio.create_task(self._write())
        try:
            await self._read()
        except WebSocketDisconnect:
            pass
        finally:
            if self.attached:
                await self.manager.detach(self.table, self.client)
            else:
                self.client.close()
            await asyncio.gather(writer, return_exceptions=True)
            if self.ws.application_state != WebSocketState.DISCONNECTED:
                with contextlib.suppress(Exception):
                    await self.ws.close()

    async def _write(self) -> None:
        while (text := await self.client.outbox.get()) is not None:
            try:
                await self.ws.send_text(text)
            except UnicodeEncodeError:  # never expected: every input is checked to be clean
                log.error("dropped an unencodable frame for table %s", self.table.id)
            except Exception:
                return
        # the outbox was closed: a slow client (1008), or a finished session
        with contextlib.suppress(Exception):
            await self.ws.close(code=self.client.close_code)

    def _error(self, code: str, message: str, ident: str | int | None = None) -> None:
        self.client.send(error(code, message, self.table.ply, ident))

    async def _receive(self) -> Message | None:
        """The next WebSocket event; None when the hello did not come in time."""
        if self.attached:
            return await self.ws.receive()
        left = self.hello_deadline - asyncio.get_running_loop().time()
        try:
            return await asyncio.wait_for(self.ws.receive(), max(0.0, left))
        except TimeoutError:
            return None

    async def _read(self) -> None:
        self.hello_deadline = asyncio.get_running_loop().time() + self.cfg.hello_timeout
        while not self.client.closed:
            message = await self._receive()
            if message is None:
                self._error("hello_timeout", f"say hello within {self.cfg.hello_timeout:g} s "
                            "of connecting; connect again when ready")
                self.client.close(1008)
                return
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if text is None:
                self._error("malformed", "send text frames holding JSON objects")
                continue
            if not self.limiter.allow():
                self.violations += 1
                if self.violations > self.cfg.max_rate_violations:
                    self.client.close(1008)
                    return
                self._error("rate_limited", "too many messages; slow down")
                continue
            if len(text.encode("utf-8", "surrogatepass")) > self.cfg.max_message_bytes:
                limit = self.cfg.max_message_bytes
                self._error("too_large", f"messages are limited to {limit} bytes")
                continue
            try:
                msg = parse_message(text)
            except ProtocolError as exc:
                self._error(exc.code, exc.message, exc.ident)
                continue
            ident = msg.id if isinstance(msg, ActionMsg | HintMsg) else None
            try:
                await self._handle(msg)
            except ProtocolError as exc:
                self._error(exc.code, exc.message, ident)
            except StorageUnavailable as exc:
                self.client.send(storage_error(exc, self.table.ply, ident))

    async def _handle(self, msg: Hello | ActionMsg | Ping | HintMsg | SocialMsg) -> None:
        if isinstance(msg, Ping):
            self.client.send(dumps({"type": "pong"}))
        elif isinstance(msg, Hello):
            if self.attached:
                raise ProtocolError("malformed", "you already said hello on this connection")
            await self.manager.attach(self.table, msg.token, self.client, msg.log)
            self.attached = True
            await rematch.on_attach(self.manager, self.table, self.client)
        elif not self.attached:
            raise ProtocolError(
                "hello_first", 'say hello first: {"type": "hello", "token": ...}'
            )
        elif isinstance(msg, HintMsg):
            await answer_hint(self.manager, self.table, self.client, msg)
        elif isinstance(msg, ChatMsg | ChatOpenMsg):
            await chat.handle(self.manager, self.table, self.client, msg)
        elif isinstance(msg, RematchMsg):
            await rematch.handle(self.manager, self.table, self.client, msg)
        else:
            table = self.manager.tables.get(self.table.id) or await self.manager.get(self.table.id)
            if table is not self.table:
                raise ProtocolError("stale_ply", "the table was reloaded; reconnect")
            await self.manager.act(self.table, self.client.seat, msg, self.client)
