"""HTTP for post-game reviews: ask for a seat's review of a finished game, then poll it.

`POST /api/tables/{id}/reviews/{seat}?mode=fair|hindsight` asks for the review (it starts in
the background unless it is running or done already) and `GET` the same path reads it: `status`
(`running`, `done`, `failed`), `done` of `total` decisions judged so far, and once done the
review (`sweettooth.review(...).to_json()`), served from the database from then on by every
process. Anyone may ask once the game has finished: the record (every card and the seed) is
public by then, and a review judges from what that seat could see, so it reveals nothing more.
`review_jobs.py` computes and stores them; docs/server.md, "Reviews".
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Path, Query, Request
from fastapi.responses import JSONResponse

from sweettooth.review import METHOD

from .review_jobs import ReviewJobs, claim, outdated, read_review, retire_outdated
from .tables import LiveTable, TableManager

router = APIRouter(tags=["review"])

TableId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
Seat = Annotated[int, Path(ge=0, le=15, description="the seat reviewed, counted from 0")]
Mode = Annotated[Literal["fair", "hindsight"], Query(
    description="fair: from what the seat could see; hindsight: with all cards shown")]


async def _finished(request: Request, table_id: str, seat: int) -> LiveTable:
    manager: TableManager = request.app.state.manager
    table = await manager.get(table_id)
    if table is None:
        raise HTTPException(404, f"no table {table_id!r}")
    if not table.over or table.status == "abandoned":
        raise HTTPException(409, "reviews are for finished games; this one is "
                            + ("abandoned" if table.status == "abandoned" else "not over yet"))
    if seat >= table.state.players:
        raise HTTPException(422, f"seat must be 0..{table.state.players - 1} at this "
                            f"{table.state.players}-player table, got {seat}")
    return table


def _answer(row: dict[str, Any]) -> JSONResponse:
    body = {k: v for k, v in row.items() if k not in ("holder", "updated_at")}
    return JSONResponse(body, status_code=200 if row["status"] == "done" else 202)


@router.get("/api/tables/{table_id}/reviews/{seat}", responses={
    202: {"description": "running or failed: progress, no review yet"},
    404: {"description": "no such table, or nobody asked for this review yet"},
    409: {"description": "the game is not finished"}, 422: {"description": "no such seat"}})
async def get_review(table_id: TableId, seat: Seat, request: Request,
                     mode: Mode = "fair") -> JSONResponse:
    """A seat's review: its progress while it runs, the review once done (200)."""
    await _finished(request, table_id, seat)
    jobs: ReviewJobs = request.app.state.reviews
    manager: TableManager = request.app.state.manager
    row = await jobs.call(read_review, manager.store.engine, table_id, seat, mode)
    if row is None:
        raise HTTPException(404, f"nobody has asked for the review of seat {seat} yet; "
                            "POST to this address to start it")
    return _answer(row)


@router.post("/api/tables/{table_id}/reviews/{seat}", responses={
    200: {"description": "done: the review (from the cache)"},
    202: {"description": "started, or running: its progress"},
    404: {"description": "no such table"}, 409: {"description": "the game is not finished"},
    422: {"description": "no such seat"},
    503: {"description": "too many reviews running in this process; try again later"}})
async def ask_review(table_id: TableId, seat: Seat, request: Request,
                     mode: Mode = "fair") -> JSONResponse:
    """Ask for a seat's review of a finished game: started in the background if nobody has
    (or its computation failed or died), else where it is."""
    table = await _finished(request, table_id, seat)
    jobs: ReviewJobs = request.app.state.reviews
    manager: TableManager = request.app.state.manager
    engine = manager.store.engine
    row = await jobs.call(read_review, engine, table_id, seat, mode)
    method = METHOD[table.state.game.id]
    if (row is not None and outdated(row, method)
            and await jobs.call(retire_outdated, engine, table_id, seat, mode, method)):
        row = await jobs.call(read_review, engine, table_id, seat, mode)
    if row is not None and row["status"] != "failed" and not _stale(row, jobs):
        return _answer(row)
    if jobs.full():
        raise HTTPException(503, "too many reviews are being computed here; try again in a "
                            "minute", headers={"Retry-After": "60"})
    stale = jobs.settings.review_stale_seconds
    if await jobs.call(claim, engine, table_id, seat, mode, jobs.holder, stale):
        jobs.start(table_id, seat, mode, table.record())
    row = await jobs.call(read_review, engine, table_id, seat, mode)
    assert row is not None
    return _answer(row)


def _stale(row: dict[str, Any], jobs: ReviewJobs) -> bool:
    if row["status"] != "running":
        return False
    at: datetime = row["updated_at"]
    at = at if at.tzinfo else at.replace(tzinfo=UTC)
    return (datetime.now(UTC) - at).total_seconds() > jobs.settings.review_stale_seconds
