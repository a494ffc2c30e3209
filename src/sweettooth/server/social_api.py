"""HTTP for the social side of a table: its chat (for replays) and its series' score.

`GET /api/tables/{id}/chat?channel=players|spectators`: the channel's messages, oldest first
(the last 500), as the WebSocket sent them. Neither chat holds anything hidden: both can be read
by anyone who may watch the table.
`GET /api/tables/{id}/series`: the score of the series of rematches the table belongs to
(`{"series": null}` when it belongs to none).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Path, Query, Request

from .chat import load_chat
from .rematch import series_score
from .tables import TableManager

router = APIRouter(tags=["lobby"])

TableId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


async def _manager(request: Request, table_id: str) -> TableManager:
    manager: TableManager = request.app.state.manager
    if await manager.get(table_id) is None:
        raise HTTPException(404, f"no table {table_id!r}")
    return manager


@router.get("/api/tables/{table_id}/chat")
async def table_chat(
    table_id: TableId, request: Request,
    channel: Annotated[Literal["players", "spectators"], Query()] = "players",
) -> list[dict[str, Any]]:
    """A table's chat: the players' (default) or the spectators'."""
    manager = await _manager(request, table_id)
    messages: list[dict[str, Any]] = await manager.db(load_chat, manager.store, table_id,
                                                      channel)
    return messages


@router.get("/api/tables/{table_id}/series")
async def table_series(table_id: TableId, request: Request) -> dict[str, Any]:
    """The series' score: games won by each seat's player in this series of rematches."""
    manager = await _manager(request, table_id)
    score: dict[str, Any] | None = await manager.db(series_score, manager.store, table_id)
    return score if score is not None else {"series": None}
