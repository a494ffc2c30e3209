"""The group-commit thread (committer.py) on a real SQLite database: an action is answered only
once its row is committed, concurrent actions share transactions, a ply taken first answers
False, and a locked database is waited out with retries or reported, with nothing written."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from sweettooth.server.committer import GroupCommit
from sweettooth.server.db import PendingAction, SeatData, Store, TableData, make_engine, migrate
from sweettooth.server.tables import StorageUnavailable


def store_with_table(path: Path, busy_timeout: float = 1.0) -> Store:
    engine = make_engine(f"sqlite:///{path}", sqlite_busy_timeout=busy_timeout)
    migrate(engine)
    store = Store(engine)
    store.create_table(TableData(
        id="t", game="lechocolat", rules_version="1", players=2, seed=1, bot_seed=2,
        options={}, status="playing", result=None,
        seats=[SeatData(0, "human", None, "A", None, True),
               SeatData(1, "human", None, "B", None, True)], actions=[],
    ))
    return store


def committed_plies(path: Path) -> list[int]:
    with sqlite3.connect(path) as db:
        return [p for (p,) in db.execute("SELECT ply FROM actions ORDER BY ply")]


def test_each_answer_comes_after_its_commit_and_actions_share_transactions(
    tmp_path: Path,
) -> None:
    path = tmp_path / "db.sqlite3"
    store = store_with_table(path)
    batches: list[int] = []
    seen_at_answer: dict[int, list[int]] = {}

    def insert(batch: Sequence[PendingAction]) -> list[bool]:
        batches.append(len(batch))
        time.sleep(0.01)  # a commit takes a while: actions queue up meanwhile
        return store.insert_actions(batch)

    committer = GroupCommit(insert, 5.0, StorageUnavailable)

    async def one(ply: int) -> bool:
        ok = await committer.commit(PendingAction("t", ply, ply % 2, f"move {ply}"))
        seen_at_answer[ply] = committed_plies(path)  # what another reader sees right then
        return ok

    async def run() -> list[bool]:
        return await asyncio.gather(*(one(ply) for ply in range(60)),
                                    one(7))  # ply 7 twice: one of them loses

    try:
        results = asyncio.run(run())
    finally:
        committer.shutdown()
        store.close()
    assert results.count(False) == 1 and results[7] != results[-1]
    assert committed_plies(path) == list(range(60))
    assert all(ply in seen for ply, seen in seen_at_answer.items())
    assert sum(batches) >= 61 and len(batches) < 30  # batched, not one commit per action


def test_a_locked_database_is_retried_then_reported_with_nothing_written(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store = store_with_table(path, busy_timeout=0.05)
    committer = GroupCommit(store.insert_actions, 0.5, StorageUnavailable)

    def hold_lock(seconds: float, locked: threading.Event) -> None:
        db = sqlite3.connect(path, isolation_level=None)
        db.execute("BEGIN EXCLUSIVE")
        locked.set()
        time.sleep(seconds)
        db.execute("ROLLBACK")
        db.close()

    async def commit_while_locked(seconds: float, ply: int) -> bool:
        locked = threading.Event()
        holder = threading.Thread(target=hold_lock, args=(seconds, locked))
        holder.start()
        locked.wait()
        try:
            return await committer.commit(PendingAction("t", ply, 0, "move"))
        finally:
            await asyncio.to_thread(holder.join)

    try:
        assert asyncio.run(commit_while_locked(0.2, 0)) is True  # waited out, then committed
        with pytest.raises(StorageUnavailable):
            asyncio.run(commit_while_locked(1.5, 1))  # longer than the retries: reported
        assert committed_plies(path) == [0]  # and nothing of it was written
        assert asyncio.run(committer.commit(PendingAction("t", 1, 1, "move"))) is True
    finally:
        committer.shutdown()
        store.close()
    assert committed_plies(path) == [0, 1]


def test_other_writes_run_in_the_same_thread_in_order(tmp_path: Path) -> None:
    store = store_with_table(tmp_path / "db.sqlite3")
    committer = GroupCommit(store.insert_actions, 1.0, StorageUnavailable)
    try:
        names = [committer.submit(lambda: threading.current_thread().name).result(WAIT_S)
                 for _ in range(3)]
        failing = committer.submit(store.set_status, "nope", "finished", None)
        assert failing.result(WAIT_S) is None  # an update of no row is not an error
        with pytest.raises(ZeroDivisionError):
            committer.submit(lambda: 1 // 0).result(WAIT_S)
    finally:
        committer.shutdown()
        store.close()
    assert set(names) == {"sweettooth-db-commit"}
    with pytest.raises(RuntimeError):
        committer.submit(print)


WAIT_S = 30.0
