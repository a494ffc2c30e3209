"""Post-game reviews on the server: computed once, in the background, kept in the database.

A review of a seat of a finished game (`sweettooth.review`) is a row of `reviews` (schema
0006), keyed by (table, seat, mode). The first request inserts the row as `running` with this
process as its `holder`: the primary key lets one process win, whatever process asks, so two
processes never compute the same review. The winner runs the review in its review pool (a
worker process at a lower CPU priority by default, `review_executor`), which sends its
progress back; the server process writes it (`done` of `total` decisions, at most twice a
second, `updated_at` as a heartbeat) and then the review itself into the row (the worker
itself never touches the database: see `compute`). Every process answers from the row:
progress while it runs, the cached review once done. A row whose holder stopped reporting for
`review_stale_seconds` (its process died), or that failed, is taken over by the next request.
"""

from __future__ import annotations

import asyncio
import logging
import os
import queue
import secrets
import socket
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from datetime import timedelta
from multiprocessing import get_context
from typing import Any

from sqlalchemy import and_, insert, or_, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, OperationalError

from .models import ReviewRow, utcnow
from .settings import Settings

log = logging.getLogger("sweettooth.server.review")

MODES = ("fair", "hindsight")
"""`fair`: judged from the seat's view; `hindsight`: with all cards shown (docs/review.md)."""

PROGRESS_EVERY = 0.5
"""Seconds between two progress writes of one review (the last decision is always written)."""

def holder_name() -> str:
    """This process, as a review row names it."""
    return f"{socket.gethostname()[:30]}:{os.getpid()}:{secrets.token_hex(4)}"


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


def method_of(row: dict[str, Any]) -> int:
    """The review method a stored review was computed by (1 for reviews from before methods
    were counted)."""
    return int((row["review"] or {}).get("method", 1))


def outdated(row: dict[str, Any], method: int) -> bool:
    """Whether a stored review row is a done review of a method older than `method` (read
    without another query, so a cached review costs no more to answer)."""
    return bool(row["status"] == "done" and method_of(row) < method)


def retire_outdated(engine: Engine, table_id: str, seat: int, mode: str, method: int) -> bool:
    """Mark a done review computed by a review method older than `method` (its `method`, 1
    when it has none: reviews from before methods were counted) as failed, so the next claim
    computes it again; True if it did."""
    row = read_review(engine, table_id, seat, mode)
    if row is None or not outdated(row, method):
        return False
    had = method_of(row)
    c = ReviewRow.__table__.c
    with engine.begin() as conn:
        done = conn.execute(update(ReviewRow).where(
            _key(table_id, seat, mode), c.status == "done").values(
            status="failed", updated_at=utcnow(),
            error=f"computed by review method {had}, older than the game's {method}: "
                  "to be computed again"))
    return bool(done.rowcount == 1)


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


_reports: Any = None
"""Where a review worker sends its progress: the queue `_init_worker` was given."""


def _init_worker(nice: int, reports: Any) -> None:
    """The review workers' initializer: their progress queue, and a lower priority
    (processes only): Linux's idle class (`SCHED_IDLE`: it runs only on CPU time no other task
    wants) where there is one, and `os.nice` besides."""
    global _reports
    _reports = reports
    if not nice:
        return
    os.nice(nice)
    idle = getattr(os, "SCHED_IDLE", None)
    if idle is not None:
        try:
            os.sched_setscheduler(0, idle, os.sched_param(0))
        except OSError:  # not allowed here: the nice value is what lowers it
            log.info("review worker: no SCHED_IDLE, nice %d only", nice)


def compute(
    table_id: str, seat: int, mode: str, record: dict[str, Any], iterations: int,
    report: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """One review as JSON (the review pool's entry point, picklable). Its progress goes to
    `report`, else to the worker's queue as (table, seat, mode, done, total), at most every
    `PROGRESS_EVERY` seconds. The worker touches no database: a worker at a low priority that
    held SQLite's write lock while it waited for the CPU would stall every commit behind it."""
    from sweettooth.review import review  # imported in the worker, not by the server's loop

    last = [0.0]

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - last[0] < PROGRESS_EVERY:
            return
        last[0] = now
        if report is not None:
            report(done, total)
        elif _reports is not None:
            _reports.put((table_id, seat, mode, done, total))

    result = review(record, seat, iterations=iterations or None,
                    hindsight=mode == "hindsight", seed=0, progress=progress)
    data: dict[str, Any] = result.to_json()
    return data


def store_progress(engine: Engine, table_id: str, seat: int, mode: str, holder: str,
                   done: int, total: int) -> bool:
    """Write a running review's progress (False: `holder` no longer has it)."""
    return _write(engine, table_id, seat, mode, holder, {"done": done, "total": total})


def store_result(engine: Engine, table_id: str, seat: int, mode: str, holder: str,
                 data: dict[str, Any] | None, error: str | None) -> bool:
    """Write a review's end: the review, or `failed` with `error` (False: `holder` no longer
    has it, and nothing was written)."""
    if data is None:
        return _write(engine, table_id, seat, mode, holder,
                      {"status": "failed", "error": (error or "failed")[:500]})
    total = len(data["moves"])
    return _write(engine, table_id, seat, mode, holder,
                  {"status": "done", "result": data, "done": total, "total": total})


class ReviewJobs:
    """This process's review pool, the reviews it has queued or running, and the thread that
    writes their progress."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.holder = holder_name()
        self.engine: Engine | None = None  # set by `open`
        self.pool: Executor
        self.reports: Any
        if settings.review_executor == "process":
            ctx = get_context("spawn")
            self.reports = ctx.Queue()
            self.pool = ProcessPoolExecutor(
                max_workers=settings.review_workers, mp_context=ctx,
                initializer=_init_worker, initargs=(settings.review_nice, self.reports))
        else:
            self.reports = queue.SimpleQueue()
            self.pool = ThreadPoolExecutor(
                max_workers=settings.review_workers, thread_name_prefix="sweettooth-review",
                initializer=_init_worker, initargs=(0, self.reports))
        # the review rows' reads and writes: threads of their own, never behind the actions
        self.db_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="sweettooth-review-db")
        self.pending: set[tuple[str, int, str]] = set()
        self.tasks: set[asyncio.Future[Any]] = set()
        self._pump: threading.Thread | None = None

    def open(self, engine: Engine) -> None:
        """Start writing progress reports to `engine`."""
        self.engine = engine
        self._pump = threading.Thread(target=self._write_reports, name="sweettooth-review-pump",
                                      daemon=True)
        self._pump.start()

    def _write_reports(self) -> None:
        while (item := self.reports.get()) is not None:
            table_id, seat, mode, done, total = item
            if self.engine is None:
                continue
            try:
                store_progress(self.engine, table_id, seat, mode, self.holder, done, total)
            except Exception as exc:  # a lost report: the next one will do
                log.warning("review progress not written: %s", exc)

    async def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.db_pool, fn, *args)

    def full(self) -> bool:
        return len(self.pending) >= self.settings.review_queue

    def start(self, table_id: str, seat: int, mode: str, record: dict[str, Any]) -> None:
        """Queue the review this process has just claimed; its end is written when it ends."""
        key = (table_id, seat, mode)
        self.pending.add(key)
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self.pool, compute, table_id, seat, mode, record,
                                      self.settings.review_iterations)
        self.tasks.add(future)

        def finished(f: asyncio.Future[Any]) -> None:
            self.pending.discard(key)
            self.tasks.discard(f)
            if f.cancelled() or self.engine is None:
                return
            exc = f.exception()
            if exc is not None:
                log.error("review of %s seat %s failed: %r", table_id, seat, exc)
            data = None if exc is not None else f.result()
            error = None if exc is None else f"{type(exc).__name__}: {exc}"
            self.db_pool.submit(self._store, key, data, error)

        future.add_done_callback(finished)

    def _store(self, key: tuple[str, int, str], data: dict[str, Any] | None,
               error: str | None) -> None:
        assert self.engine is not None
        try:
            store_result(self.engine, *key, self.holder, data, error)
        except Exception as exc:  # the claim goes stale and a later request starts again
            log.error("review of %s not stored: %s", key, exc)

    def shutdown(self) -> None:
        """Stop at once; the reviews cut short are marked failed, so the next request for
        one, to any process, starts it again."""
        if self.engine is not None and self.pending:
            c = ReviewRow.__table__.c
            try:
                with self.engine.begin() as conn:
                    conn.execute(update(ReviewRow).where(
                        c.holder == self.holder, c.status == "running")
                        .values(status="failed", error="the server stopped"))
            except Exception as exc:  # the stale timeout frees them anyway
                log.warning("could not release reviews: %s", exc)
        if isinstance(self.pool, ProcessPoolExecutor):
            for proc in list(getattr(self.pool, "_processes", {}).values()):
                proc.terminate()
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.reports.put(None)
        self.db_pool.shutdown(wait=False)
