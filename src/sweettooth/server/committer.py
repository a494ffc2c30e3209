"""Group commit in a thread of its own: every action is committed before it is acknowledged.

`GroupCommit.commit(pending)` queues one action and waits for its transaction. One thread takes
whatever has queued, commits it as one batch (`insert`, one transaction), hands the results back
to the event loop in one call, and goes straight on to the next batch. The batching loop used to
run on the event loop, so between two batches it waited for the loop to notice the first had
committed and to start the second: under load (a busy loop) every action's round trip paid for
that wait on top of the commit.

A batch the database refuses is retried with backoff (`time.sleep`, in this thread); each of
its actions fails with `unavailable()` (the server's `StorageUnavailable`), and nothing of it
was applied, once another attempt could not end within `retry_seconds` of the moment that
action was queued: the time it waited behind other batches and writes counts, so every action
is answered within `retry_seconds` (plus at most one attempt in progress) however many are
queued while the database is locked. An `IntegrityError` is `insert`'s to handle
(it answers False for a ply already taken); one that escapes it fails the batch at once.

It is also an `Executor`: `submit(fn, *args)` runs other writes in the same thread, between batches.
SQLite has one writer at a time anyway, so there all writes go through this one thread and never
wait on each other's locks. With `together` (the store's `write_together`: on SQLite in the one
thread, on PostgreSQL in a second instance that takes only the other writes), a batch's actions and
the writes queued with them share one transaction and one commit; if that fails in any way nothing
of it was written, and they run as before: the actions as a batch, then each write alone. A write
submitted here may therefore run twice, so it must be a database write whose only effect is in that
database.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from functools import partial
from typing import Any

from sqlalchemy.exc import IntegrityError, SQLAlchemyError

log = logging.getLogger("sweettooth.server")

BATCH_MAX = 512


@dataclass(slots=True)
class _Action:
    pending: Any
    future: asyncio.Future[bool]
    loop: asyncio.AbstractEventLoop
    deadline: float  # time.monotonic() by which it is committed or refused


@dataclass(slots=True)
class _Job:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    future: Future[Any]


class GroupCommit(Executor):
    """One committing thread: batches of actions, and (as an Executor) other writes."""

    def __init__(
        self,
        insert: Callable[[Sequence[Any]], list[bool]],
        retry_seconds: float,
        unavailable: Callable[[], Exception],
        closing: Callable[[], bool] = lambda: False,
        on_committed: Callable[[list[Any]], None] | None = None,
        name: str = "sweettooth-db-commit",
        together: Callable[[Sequence[Any], Sequence[Callable[[], Any]]], list[Any]] | None = None,
    ) -> None:
        self.insert = insert
        self.together = together
        self.retry_seconds = retry_seconds
        self.unavailable = unavailable
        self.closing = closing
        self.on_committed = on_committed  # called on the event loop with the winners
        self._queue: queue.SimpleQueue[_Action | _Job | None] = queue.SimpleQueue()
        self._stopped = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    # -- the event loop's side -------------------------------------------------------------
    async def commit(self, pending: Any) -> bool:
        """Commit one action: True once it is committed, False if its ply was taken;
        `unavailable()` if the database refused it for `retry_seconds`."""
        if self._stopped:
            raise self.unavailable()
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[bool] = loop.create_future()
        self._queue.put(_Action(pending, fut, loop, time.monotonic() + self.retry_seconds))
        return await fut

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if self._stopped:
            raise RuntimeError("cannot schedule new writes after shutdown")
        future: Future[Any] = Future()
        self._queue.put(_Job(fn, args, kwargs, future))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if not self._stopped:
            self._stopped = True
            self._queue.put(None)
        if wait:
            self._thread.join()

    def _resolve(self, actions: list[_Action], results: list[bool] | Exception) -> None:
        """On the event loop: tell each waiting action how its batch went."""
        if isinstance(results, Exception):
            for action in actions:
                if not action.future.done():
                    action.future.set_exception(results)
            return
        if self.on_committed is not None:
            try:
                self.on_committed([a.pending for a, ok in zip(actions, results, strict=True)
                                   if ok])
            except Exception:  # never keep an action waiting for a listener's fault
                log.exception("after-commit hook failed")
        for action, ok in zip(actions, results, strict=True):
            if not action.future.done():
                action.future.set_result(ok)

    # -- the thread's side -----------------------------------------------------------------
    def _run(self) -> None:
        while True:
            item = self._queue.get()
            items = [item]
            while len(items) < BATCH_MAX:  # whatever queued meanwhile goes in this batch
                try:
                    items.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            actions = [i for i in items if isinstance(i, _Action)]
            jobs = [i for i in items
                    if isinstance(i, _Job) and i.future.set_running_or_notify_cancel()]
            if not (jobs and self._together(actions, jobs)):
                if actions:
                    self._commit(actions)
                for job in jobs:
                    try:
                        job.future.set_result(job.fn(*job.args, **job.kwargs))
                    except BaseException as exc:
                        job.future.set_exception(exc)
            if any(i is None for i in items):
                self._fail_rest()
                return

    def _together(self, actions: list[_Action], jobs: list[_Job]) -> bool:
        """Commit `actions` and `jobs` in one transaction (`together`), and answer them all;
        False if there is no `together` or it failed (then nothing of it was written)."""
        if self.together is None:
            return False
        try:
            results = self.together(
                [a.pending for a in actions],
                [partial(job.fn, *job.args, **job.kwargs) for job in jobs])
        except BaseException:  # rolled back: each part runs again on its own
            return False
        if actions:
            self._answer(actions, [True] * len(actions))
        for job, result in zip(jobs, results, strict=True):
            job.future.set_result(result)
        return True

    def _commit(self, actions: list[_Action]) -> None:
        """Commit `actions`, retrying while the database refuses; an action is refused once
        another attempt (taking as long as the last one) would end past its deadline."""
        delay = 0.05
        attempt = 0.0  # how long the last attempt took
        while actions:
            now = time.monotonic()
            late = [a for a in actions if now + attempt > a.deadline]
            if late:
                self._answer(late, self.unavailable())
                actions = [a for a in actions if now + attempt <= a.deadline]
                if not actions:
                    return
            started = time.monotonic()
            try:
                outcome: list[bool] | Exception = self.insert([a.pending for a in actions])
            except IntegrityError as exc:  # a constraint, not a fault: retrying cannot help
                log.error("cannot commit actions: %s", _brief(exc))
                outcome = self.unavailable()
            except SQLAlchemyError as exc:
                now = time.monotonic()
                attempt = now - started
                if self.closing() or self._stopped or all(
                        now + delay + attempt > a.deadline for a in actions):
                    log.error("database write failed, giving up: %s", _brief(exc))
                    self._answer(actions, self.unavailable())
                    return
                log.warning("database write failed, retrying in %.2f s: %s", delay,
                            _brief(exc))
                time.sleep(delay)
                delay = min(delay * 2, 1.0)
                continue
            except Exception as exc:  # a bug, not the database: nothing is acknowledged
                log.exception("cannot commit actions: %s", _brief(exc))
                outcome = self.unavailable()
            self._answer(actions, outcome)
            return

    def _answer(self, actions: list[_Action], outcome: list[bool] | Exception) -> None:
        """Hand each action's outcome to the event loop it waits on."""
        by_loop: dict[asyncio.AbstractEventLoop, list[int]] = {}
        for index, action in enumerate(actions):
            by_loop.setdefault(action.loop, []).append(index)
        for loop, indexes in by_loop.items():
            mine = [actions[i] for i in indexes]
            results = outcome if isinstance(outcome, Exception) else [outcome[i] for i in indexes]
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
                loop.call_soon_threadsafe(self._resolve, mine, results)

    def _fail_rest(self) -> None:
        """After shutdown: whatever is still queued fails (nothing of it was written)."""
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return
            if isinstance(item, _Job):
                item.future.set_exception(RuntimeError("the writer was shut down"))
            elif isinstance(item, _Action):
                with contextlib.suppress(RuntimeError):
                    item.loop.call_soon_threadsafe(self._resolve, [item], self.unavailable())


def _brief(exc: BaseException) -> str:
    return str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
