"""Post-game reviews on the server: computed once, in the background, kept in the database.

A review of a seat of a finished game (`sweettooth.review`) is a row of `reviews` (schema
0006), keyed by (table, seat, mode). The first request inserts the row as `running` with this
process as its `holder`: the primary key lets one process win, whatever process asks, so two
processes never compute the same review. The winner runs the review in its review pool (a
worker process at a lower CPU priority by default, `review_executor`), which writes its
progress (`done` of `total` decisions, at most twice a second, `updated_at` as a heartbeat)
and then the review itself into the row. Every process answers from the row: progress while it
runs, the cached review once done. A row whose holder stopped reporting for
`review_stale_seconds` (its process died), or that failed, is taken over by the next request.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from datetime import timedelta
from multiprocessing import get_context
from typing import Any

from sqlalchemy import and_, insert, or_, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, OperationalError

from .db import make_engine
from .models import ReviewRow, utcnow
from .settings import Settings

log = logging.getLogger("sweettooth.server.review")

MODES = ("fair", "hindsight")
"""`fair`: judged from the seat's view; `hindsight`: with all cards shown (docs/review.md)."""

PROGRESS_EVERY = 0.5
"""Seconds between two progress writes of one review (the last decision is always written)."""

_engines: dict[str, Engine] = {}


def holder_name() -> str:
    """This process, as a review row names it."""
    return f"{socket.gethostname()[:30]}:{os.getpid()}:{secrets.token_hex(4)}"


def _engine(url: str, busy: float) -> Engine:
    """One engine per database and process (the review workers open their own)."""
    engine = _engines.get(url)
    if engine is None:
        engine = _engines[url] = make_engine(url, "NORMAL", busy)
    return engine


def _key(table_id: str, seat: int, mode: str) -> Any:
    c = ReviewRow.__table__.c
    return and_(c.table_id == table_id, c.seat == seat, c.mode == mode)


def read_review(engine: Engine, table_id: str, seat: int, mode: str) -> dict[str, Any] | None:
    """The row of a review as the API answers it, or None if nobody asked for it yet."""
    c = ReviewRow.__table__.c
    with engine.connect() as conn:
        row = conn.execute(
            select(c.status, c.done, c.total, c.error, c.result, c.updated_at, c.holder)
            .where(_key(table_id, seat, mode))).first()
    if row is None:
        return None
    return {"table": table_id, "seat": seat, "mode": mode, "status": row.status,
            "done": row.done, "total": row.total, "error": row.error, "review": row.result,
            "holder": row.holder, "updated_at": row.updated_at}


def claim(
    engine: Engine, table_id: str, seat: int, mode: str, holder: str, stale_seconds: float,
) -> bool:
    """Make `holder` the one computing this review: True if it now is (a new row, or a failed
    or stale one taken over), False if another holder has it running or it is done."""
    now = utcnow()
    try:
        with engine.begin() as conn:
            conn.execute(insert(ReviewRow).values(
                table_id=table_id, seat=seat, mode=mode, status="running", holder=holder,
                done=0, total=0, error=None, result=None, updated_at=now))
        return True
    except IntegrityError:
        pass  # the row exists: take it over only if failed or stale
    c = ReviewRow.__table__.c
    cutoff = now - timedelta(seconds=stale_seconds)
    with engine.begin() as conn:
        taken = conn.execute(
            update(ReviewRow).where(
                _key(table_id, seat, mode),
                or_(c.status == "failed", and_(c.status == "running", c.updated_at < cutoff)))
            .values(status="running", holder=holder, done=0, total=0, error=None,
                    updated_at=now))
    return bool(taken.rowcount == 1)


class Lost(Exception):
    """Another holder took the review over (this one was taken for dead)."""


def _write(engine: Engine, table_id: str, seat: int, mode: str, holder: str,
           values: dict[str, Any], tries: int = 5) -> bool:
    """Update the row if `holder` still holds it (True), retrying a busy database."""
    c = ReviewRow.__table__.c
    for attempt in range(tries):
        try:
            with engine.begin() as conn:
                done = conn.execute(update(ReviewRow).where(
                    _key(table_id, seat, mode), c.holder == holder, c.status == "running")
                    .values(**values, updated_at=utcnow()))
            return bool(done.rowcount == 1)
        except OperationalError:
            if attempt == tries - 1:
                raise
            time.sleep(0.2 * (attempt + 1))
    return False


def run_review(
    db_url: str, busy: float, table_id: str, seat: int, mode: str, holder: str,
    record: dict[str, Any], iterations: int,
) -> str:
    """Compute one review and store it (the review pool's entry point, picklable): its
    progress as it goes, then the review, or `failed` with the reason. Returns the status."""
    from sweettooth.review import review  # imported in the worker, not by the server's loop

    engine = _engine(db_url, busy)
    last = [0.0]

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - last[0] < PROGRESS_EVERY:
            return
        last[0] = now
        try:
            mine = _write(engine, table_id, seat, mode, holder, {"done": done, "total": total})
        except OperationalError:
            return  # a progress report lost to a busy database: the next one will do
        if not mine:
            raise Lost()

    try:
        result = review(record, seat, iterations=iterations or None,
                        hindsight=mode == "hindsight", seed=0, progress=progress)
    except Lost:
        return "lost"
    except Exception as exc:  # the record did not replay, or a bug: say so in the row
        log.exception("review of %s seat %s failed", table_id, seat)
        _write(engine, table_id, seat, mode, holder,
               {"status": "failed", "error": f"{type(exc).__name__}: {exc}"[:500]})
        return "failed"
    data = result.to_json()
    total = len(data["moves"])
    stored = _write(engine, table_id, seat, mode, holder,
                    {"status": "done", "result": data, "done": total, "total": total})
    return "done" if stored else "lost"


def _lower_priority(nice: int) -> None:
    """The review workers' initializer: run below the server (`os.nice`)."""
    if nice:
        os.nice(nice)


class ReviewJobs:
    """This process's review pool, and the reviews it has queued or running."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.holder = holder_name()
        self.pool: Executor
        if settings.review_executor == "process":
            self.pool = ProcessPoolExecutor(
                max_workers=settings.review_workers, mp_context=get_context("spawn"),
                initializer=_lower_priority, initargs=(settings.review_nice,))
        else:
            self.pool = ThreadPoolExecutor(max_workers=settings.review_workers,
                                           thread_name_prefix="sweettooth-review")
        # the review rows' reads and claims: a thread of their own, never behind the actions
        self.db_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="sweettooth-review-db")
        self.pending: set[tuple[str, int, str]] = set()
        self.tasks: set[asyncio.Future[Any]] = set()

    async def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.db_pool, fn, *args)

    def full(self) -> bool:
        return len(self.pending) >= self.settings.review_queue

    def start(self, engine_url: str, table_id: str, seat: int, mode: str,
              record: dict[str, Any]) -> None:
        """Queue the review this process has just claimed."""
        key = (table_id, seat, mode)
        self.pending.add(key)
        cfg = self.settings
        future = asyncio.get_running_loop().run_in_executor(
            self.pool, run_review, engine_url, cfg.sqlite_busy_timeout, table_id, seat, mode,
            self.holder, record, cfg.review_iterations)
        self.tasks.add(future)

        def finished(f: asyncio.Future[Any]) -> None:
            self.pending.discard(key)
            self.tasks.discard(f)
            if not f.cancelled() and f.exception() is not None:
                log.error("review of %s seat %s: %s", table_id, seat, f.exception())

        future.add_done_callback(finished)

    def shutdown(self, engine: Engine | None = None) -> None:
        """Stop at once; the reviews cut short are marked failed (in `engine`), so the next
        request for one, to any process, starts it again."""
        if engine is not None and self.pending:
            c = ReviewRow.__table__.c
            try:
                with engine.begin() as conn:
                    conn.execute(update(ReviewRow).where(
                        c.holder == self.holder, c.status == "running")
                        .values(status="failed", error="the server stopped"))
            except Exception as exc:  # the stale timeout frees them anyway
                log.warning("could not release reviews: %s", exc)
        if isinstance(self.pool, ProcessPoolExecutor):
            for proc in list(getattr(self.pool, "_processes", {}).values()):
                proc.terminate()
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.db_pool.shutdown(wait=False)
