"""Replays of finished games for the web client's replay viewer.

`GET /api/tables/{table_id}/replay?ply=K&seat=S` answers `{"ply": K, "plies": N, "seat": S,
"view": ...}`: the view seat S (omitted: the spectator) had after the first K actions of a
finished game, as that person's screen got it (`Game.person_view`: no faces remembered for
them when Bonbons' memory aid is off). Like the record (`/api/tables/{id}/record`), it is
published only once the game is over, when no view can reveal anything that still matters.

`router` is a FastAPI APIRouter that `create_app` includes before the static web client is
mounted at `/` (a mount at `/` would otherwise shadow it).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path, Query, Request

import sweettooth as st

router = APIRouter(tags=["lobby"])

TableId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


@router.get("/api/tables/{table_id}/replay")
async def replay_view(
    table_id: TableId,
    request: Request,
    ply: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
    seat: Annotated[int | None, Query(ge=0, le=15)] = None,
) -> dict[str, Any]:
    """The view `seat` (none: the spectator) had at `ply` of a finished game."""
    table = await request.app.state.manager.get(table_id)
    if table is None:
        raise HTTPException(404, f"no table {table_id!r}")
    state = table.state
    if not table.over:  # finished, or ended as abandoned
        raise HTTPException(409, "replays are published when the game is over")
    if seat is not None and seat >= state.players:
        raise HTTPException(422, f"seat must be 0..{state.players - 1}, got {seat}")
    record = state.record()
    plies = len(record["actions"])
    upto = min(ply, plies)
    past = st.replay({**record, "actions": record["actions"][:upto]})
    view: dict[str, Any] = past.game.person_view(past.view(seat))
    return {"ply": upto, "plies": plies, "seat": seat, "view": view}
