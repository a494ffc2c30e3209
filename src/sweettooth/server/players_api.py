"""HTTP for players: identity, names, device links, profiles, lobby ratings, quick match.

A request made as a player carries the device key in the `X-Player-Key` header (never in a
URL, so it stays out of access logs). See docs/server.md, "Players, ratings and quick match".
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Header, HTTPException, Query, Request, Response
from fastapi import Path as PathParam
from fastapi.responses import FileResponse, JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select

import sweettooth as st

from . import device_qr, players, quickmatch
from .models import TableRow
from .players import PlayerError, check_key, check_name
from .players_models import RatedTableRow, TablePlayerRow
from .ratings import conservative, ratings_of
from .tables import LiveTable, LobbyError, TableManager

router = APIRouter(tags=["players"])
WEB_DIR = Path(__file__).with_name("web")
STRICT = ConfigDict(extra="forbid", strict=True)
PlayerId = Annotated[str, PathParam(min_length=1, max_length=24, pattern=r"^[A-Za-z0-9_-]+$")]
KeyHeader = Annotated[str | None, Header(alias="X-Player-Key", max_length=100)]


class Register(BaseModel):
    model_config = STRICT
    key: str = Field(max_length=100, description="the device key: 43 base64url characters")
    name: str = Field(max_length=200)


class Rename(BaseModel):
    model_config = STRICT
    name: str = Field(max_length=200)


class Redeem(BaseModel):
    model_config = STRICT
    token: str = Field(min_length=1, max_length=100)
    key: str = Field(max_length=100)


class LinkToken(BaseModel):
    model_config = STRICT
    token: str = Field(min_length=1, max_length=100, description="the token of a device link "
                       "this player made (from `POST /api/players/me/links`)")


class QuickMatchAsk(BaseModel):
    model_config = STRICT
    game: str = Field(min_length=1, max_length=64, pattern=r"^[a-z0-9_-]+$")
    players: int = Field(ge=2, le=16)
    wait: int = Field(description=f"seconds before bots fill the table: one of {quickmatch.WAITS}")
    seat_token: str = Field(max_length=100, description="the seat token this browser made "
                            "(43 base64url characters); only its SHA-256 is kept")


def _manager(request: Request) -> TableManager:
    manager: TableManager = request.app.state.manager
    return manager


def _fail(exc: PlayerError) -> HTTPException:
    return HTTPException(exc.status, exc.message)


async def current(manager: TableManager, key: str | None) -> dict[str, Any]:
    """The player whose device key is `key`: 401 if none is sent or it opens no player."""
    if key is None:
        raise HTTPException(401, "send your player key in the X-Player-Key header")
    try:
        digest = check_key(key)
    except PlayerError as exc:
        raise HTTPException(401, exc.message) from None
    me: dict[str, Any] | None = await manager.db(players.player_by_key, manager.store, digest)
    if me is None:
        raise HTTPException(401, "this player key opens no player; register it first")
    return me


@router.post("/api/players", status_code=201)
async def register(body: Register, request: Request, response: Response) -> dict[str, Any]:
    """Make the player of a new device key (or give back the one it already opens: 200)."""
    try:
        digest, name = check_key(body.key), check_name(body.name)
    except PlayerError as exc:
        raise _fail(exc) from None
    m = _manager(request)
    me, created = await m.write(players.register, m.store, digest, name)
    if not created:
        response.status_code = 200
    out: dict[str, Any] = me
    return out


@router.get("/api/players/me")
async def whoami(request: Request, x_player_key: KeyHeader = None) -> dict[str, Any]:
    return await current(_manager(request), x_player_key)


@router.patch("/api/players/me")
async def rename(body: Rename, request: Request, x_player_key: KeyHeader = None
                 ) -> dict[str, Any]:
    m = _manager(request)
    me = await current(m, x_player_key)
    try:
        name = check_name(body.name)
    except PlayerError as exc:
        raise _fail(exc) from None
    await m.write(players.rename, m.store, me["id"], name)
    return {**me, "name": name}


@router.post("/api/players/me/links", status_code=201)
async def device_link(request: Request, x_player_key: KeyHeader = None) -> dict[str, Any]:
    """A one-time link that opens this player on another device (valid 10 minutes)."""
    m = _manager(request)
    me = await current(m, x_player_key)
    token: str = await m.write(players.make_link, m.store, me["id"])
    return {"token": token, "link": _link_url(request, token), "expires_in": int(players.LINK_TTL)}


def _link_url(request: Request, token: str) -> str:
    return f"{str(request.base_url).rstrip('/')}/players/link#token={token}"


@router.post("/api/players/me/links/qr", response_class=Response, responses={
    200: {"content": {"image/svg+xml": {}}, "description": "the QR code of the device link"},
    404: {"description": "no live device link of this player has this token"}})
async def device_link_qr(body: LinkToken, request: Request, x_player_key: KeyHeader = None
                         ) -> Response:
    """The QR code (SVG) of one of this player's live device links: the same link as text, for
    a phone's camera. Asked as the player (X-Player-Key), with the token in the body (never in
    a URL). A token that is unknown, used, expired or another player's gets the same 404."""
    m = _manager(request)
    me = await current(m, x_player_key)
    if not await m.db(players.live_link, m.store, body.token, me["id"]):
        raise HTTPException(404, "no live device link of yours has this token (used, expired "
                            "or never made by you); make a new device link")
    return Response(device_qr.link_svg(_link_url(request, body.token)),
                    media_type="image/svg+xml",
                    headers={"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"})


@router.post("/api/players/links/redeem")
async def redeem(body: Redeem, request: Request) -> dict[str, Any]:
    """Use a one-time link: the device key in the body opens the link's player from now on."""
    m = _manager(request)
    try:
        digest = check_key(body.key)
        me: dict[str, Any] = await m.write(players.redeem_link, m.store, body.token, digest)
    except PlayerError as exc:
        raise _fail(exc) from None
    return me


@router.get("/api/players/{player_id}")
async def player_profile(player_id: PlayerId, request: Request) -> dict[str, Any]:
    """A player's name, rating per game (conservative estimate) and games."""
    m = _manager(request)
    got: dict[str, Any] | None = await m.db(players.profile, m.store, player_id)
    if got is None:
        raise HTTPException(404, f"no player {player_id!r}")
    return got


def _table_players(store: Any, ids: list[str]) -> dict[str, Any]:
    tp, t = TablePlayerRow.__table__.c, TableRow.__table__.c
    with store.engine.connect() as conn:
        rows = conn.execute(select(tp.table_id, tp.seat, tp.player_id, t.game).join_from(
            TablePlayerRow.__table__, TableRow.__table__, t.id == tp.table_id)
            .where(tp.table_id.in_(ids))).all()
        rated = set(conn.execute(select(RatedTableRow.table_id)
                                 .where(RatedTableRow.table_id.in_(ids))).scalars())
    scores = ratings_of(store, [(r.player_id, r.game) for r in rows])
    out: dict[str, Any] = {i: {"rated": i in rated, "seats": []} for i in ids}
    for r in rows:
        got = scores.get((r.player_id, r.game), {"rating": round(conservative(25, 25 / 3), 1),
                                                 "games": 0})
        out[r.table_id]["seats"].append({"seat": r.seat, "player": r.player_id,
                                         "rating": got["rating"], "games": got["games"]})
    return out


@router.get("/api/ratings")
async def table_ratings(
    request: Request, tables: Annotated[str, Query(max_length=2000)] = "",
) -> dict[str, Any]:
    """For the lobby: per table id (comma-separated, at most 100), whether it is rated and, per
    seat with a known player, the player's id, rating in that game and rated games."""
    ids = [t for t in tables.split(",") if t][:100]
    if any(len(t) > 32 or not t.replace("-", "").replace("_", "").isalnum() for t in ids):
        raise HTTPException(422, "tables: comma-separated table ids")
    m = _manager(request)
    out: dict[str, Any] = await m.db(_table_players, m.store, ids)
    return out


# -- quick match -----------------------------------------------------------------------------
@router.post("/api/quickmatch", status_code=201)
async def quick_match(body: QuickMatchAsk, request: Request, x_player_key: KeyHeader = None
                      ) -> dict[str, Any]:
    """Join the quick-match queue for a game and player count (rated tables)."""
    m = _manager(request)
    me = await current(m, x_player_key)
    try:
        game = st.game(body.game)
    except Exception:
        raise HTTPException(422, f"game must be one of {', '.join(st.games())}") from None
    if not game.min_players <= body.players <= game.max_players or body.players < 2:
        raise HTTPException(422, f"players must be {max(2, game.min_players)} to "
                            f"{game.max_players} for {game.id}, got {body.players}")
    if body.wait not in quickmatch.WAITS:
        raise HTTPException(422, f"wait must be one of {quickmatch.WAITS} seconds")
    try:
        digest = check_key(body.seat_token)
    except PlayerError:
        raise HTTPException(422, "seat_token must be 43 base64url characters") from None
    rating = (await m.db(ratings_of, m.store, [(me["id"], game.id)])).get(
        (me["id"], game.id), {"rating": 0.0})["rating"]
    entry = await m.write(quickmatch.enqueue, m.store, me["id"], game.id, body.players,
                          float(body.wait), float(rating), digest)
    matcher: quickmatch.Matcher | None = getattr(request.app.state, "matcher", None)
    if matcher is not None:
        matcher.poke()
    return {"id": entry, "status": "waiting", "game": game.id, "players": body.players,
            "wait": body.wait, "rating": rating}


@router.get("/api/quickmatch/{entry_id}")
async def quick_match_status(entry_id: PlayerId, request: Request,
                             x_player_key: KeyHeader = None) -> dict[str, Any]:
    """`waiting` (or `claimed`: a table is being opened), then `matched` with table and seat."""
    m = _manager(request)
    me = await current(m, x_player_key)
    row = await m.db(quickmatch.entry, m.store, entry_id)
    if row is None or row["player_id"] != me["id"]:
        raise HTTPException(404, f"no quick-match entry {entry_id!r} of yours")
    return {"id": entry_id, "status": row["status"], "table": row["table_id"],
            "seat": row["seat"], "game": row["game"], "players": row["players"]}


@router.delete("/api/quickmatch/{entry_id}", status_code=204)
async def quick_match_cancel(entry_id: PlayerId, request: Request,
                             x_player_key: KeyHeader = None) -> Response:
    m = _manager(request)
    me = await current(m, x_player_key)
    if not await m.write(quickmatch.cancel, m.store, entry_id, me["id"]):
        raise HTTPException(409, "this entry is not waiting any more (matched, or gone)")
    return Response(status_code=204)


# -- rated tables and seats joined as a player (called by app.py) ----------------------------
async def after_create(manager: TableManager, table: LiveTable, rated: bool) -> None:
    """Make a new table rated: its bot seats are their levels' players."""
    if rated:
        bots = {s.seat: f"bot-{s.level or 'medium'}" for s in table.seats if s.kind == "bot"}
        await manager.write(quickmatch.mark_rated, manager.store, table.id, bots)


def check_rated(seats: list[dict[str, Any]] | None, players_: int | None) -> None:
    """A rated table needs a human seat and at least two seats (LobbyError 422)."""
    kinds = [s.get("kind", "human") for s in seats] if seats else ["human"] * (players_ or 0)
    if len(kinds) < 2 or "human" not in kinds:
        raise LobbyError(422, "a rated table needs at least two seats, one of them human")


async def before_join(manager: TableManager, table: LiveTable, key: str | None
                      ) -> dict[str, Any] | None:
    """The player joining (None: anonymous). A rated table takes only players (401), each in
    one seat (409)."""
    rated = await manager.db(_is_rated, manager.store, table.id)
    if key is None and not rated:
        return None
    me = await current(manager, key)
    if rated and me["id"] in await manager.db(_seated, manager.store, table.id):
        raise HTTPException(409, "you already hold a seat at this rated table")
    return me


async def after_join(manager: TableManager, table: LiveTable, seat: int,
                     me: dict[str, Any] | None) -> None:
    if me is not None:
        await manager.write(quickmatch.link_seat, manager.store, table.id, seat, me["id"])


def _is_rated(store: Any, table_id: str) -> bool:
    with store.engine.connect() as conn:
        return conn.execute(select(RatedTableRow.table_id)
                            .where(RatedTableRow.table_id == table_id)).first() is not None


def _seated(store: Any, table_id: str) -> set[str]:
    with store.engine.connect() as conn:
        return set(conn.execute(select(TablePlayerRow.player_id)
                                .where(TablePlayerRow.table_id == table_id)).scalars())


# -- pages -----------------------------------------------------------------------------------
@router.get("/players/{player_id}", include_in_schema=False)
async def profile_page(player_id: PlayerId) -> Response:
    """The profile page (and `/players/link`, where a device link lands)."""
    page = WEB_DIR / "profile.html"
    if not page.is_file():
        return JSONResponse({"detail": "no web client"}, status_code=404)
    return FileResponse(page, headers={"Cache-Control": "no-cache"})


__all__ = ["after_create", "after_join", "before_join", "check_rated", "current", "router"]
