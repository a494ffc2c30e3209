"""The group-commit thread (committer.py) on a real database: an action is answered only once
its row is committed, concurrent actions share transactions, a ply taken first answers False,
writes queued with actions share their commit (a failure failing alone, on SQLite and on
PostgreSQL, whose transaction is aborted by the first failed statement), and a locked SQLite
database is waited out with retries or reported, with nothing written."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, select, text
from sqlalchemy.exc import IntegrityError

from sweettooth.server.committer import GroupCommit
from sweettooth.server.db import PendingAction, SeatData, Store, TableData, make_engine, migrate
from sweettooth.server.models import ActionRow
from sweettooth.server.tables import StorageUnavailable


def store_with_table(path: Path | str, busy_timeout: float = 1.0) -> Store:
    """A store on the SQLite file `path` (or the database URL `path`) holding table "t"."""
    url = path if isinstance(path, str) else f"sqlite:///{path}"
    engine = make_engine(url, sqlite_busy_timeout=busy_timeout)
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


def counting_commits(store: Store) -> list[int]:
    """A list that grows by one at each commit of `store`'s engine."""
    commits: list[int] = []
    event.listen(store.engine, "commit", lambda _conn: commits.append(1))
    return commits


def stored(store: Store, query: str) -> list[Any]:
    """The first column of `query`'s rows, read through `store`'s engine."""
    with store.engine.connect() as conn:
        return [v for (v,) in conn.execute(text(query))]


def seat_names(store: Store, table_id: str) -> list[str | None]:
    return stored(store, f"SELECT name FROM seats WHERE table_id = '{table_id}' ORDER BY seat")


def queued_behind(committer: GroupCommit, gate: threading.Event) -> None:
    """Hold the commit thread until `gate` is set, so what is queued meanwhile is one batch."""
    committer.submit(gate.wait, WAIT_S)


def test_writes_queued_with_actions_share_their_commit(db_url: str) -> None:
    store = store_with_table(db_url)
    committer = GroupCommit(store.insert_actions, 1.0, StorageUnavailable,
                            together=store.write_together)
    commits = counting_commits(store)
    gate = threading.Event()

    async def run() -> list[object]:
        queued_behind(committer, gate)
        loop = asyncio.get_running_loop()
        create = loop.run_in_executor(committer, store.create_table, a_table("t2"))
        writes = [loop.run_in_executor(committer, store.claim_seat, "t2", 0, "Cy", "h0"),
                  loop.run_in_executor(committer, store.set_ready, "t2", 0),
                  loop.run_in_executor(committer, store.set_status, "t2", "playing", None)]
        actions = [asyncio.ensure_future(committer.commit(PendingAction("t", ply, ply % 2, "m")))
                   for ply in range(5)]
        await asyncio.sleep(0.2)
        gate.set()
        return list(await asyncio.gather(create, *writes, *actions))

    try:
        store.create_table(a_table("t0"))
        commits.clear()
        results = asyncio.run(run())
    finally:
        committer.shutdown()
    try:
        assert results == [None, True, None, None] + [True] * 5
        assert stored(store, "SELECT ply FROM actions ORDER BY ply") == [0, 1, 2, 3, 4]
        assert seat_names(store, "t2") == ["Cy", None]
        assert stored(store, "SELECT status FROM tables WHERE id = 't2'") == ["playing"]
        ready = stored(store, "SELECT ready FROM seats WHERE table_id = 't2' ORDER BY seat")
        assert [bool(r) for r in ready] == [True, False]  # (SQLite answers 1 and 0)
    finally:
        store.close()
    # everything queued behind the gate in one commit (alone: one per write and per batch, 5),
    # and perhaps one for the gate's own batch, which writes nothing
    assert len(commits) <= 2


@pytest.mark.parametrize("failing", ["write", "ply"])
def test_a_failure_in_a_shared_batch_fails_alone(db_url: str, failing: str) -> None:
    """A write that raises (a table whose two seats have one number: its row is written, then
    its seats are refused), or an action whose ply is taken, rolls the shared transaction back;
    then the actions and each write run on their own: only the failing one fails, nothing of it
    is written, and the rest commits."""
    store = store_with_table(db_url)
    store.create_table(a_table("t2"))
    committer = GroupCommit(store.insert_actions, 1.0, StorageUnavailable,
                            together=store.write_together)
    gate = threading.Event()
    new = a_table("t3")
    if failing == "write":
        new.seats[1] = new.seats[0]
    plies = (0, 1, 1) if failing == "ply" else (0, 1)

    async def run() -> list[object]:
        queued_behind(committer, gate)
        loop = asyncio.get_running_loop()
        claim = loop.run_in_executor(committer, store.claim_seat, "t2", 1, "Di", "h1")
        create = loop.run_in_executor(committer, store.create_table, new)
        actions = [asyncio.ensure_future(committer.commit(PendingAction("t", ply, 0, "m")))
                   for ply in plies]
        await asyncio.sleep(0.2)
        gate.set()
        return list(await asyncio.gather(claim, create, *actions, return_exceptions=True))

    try:
        results = asyncio.run(run())
    finally:
        committer.shutdown()
    try:
        claimed, created, *acts = results
        assert claimed is True
        assert stored(store, "SELECT ply FROM actions ORDER BY ply") == [0, 1]
        assert seat_names(store, "t2") == [None, "Di"]
        tables = stored(store, "SELECT id FROM tables ORDER BY id")
    finally:
        store.close()
    if failing == "write":
        assert isinstance(created, IntegrityError) and acts == [True, True]
        assert tables == ["t", "t2"]  # the failed create left no table row
    else:
        assert created is None and acts == [True, True, False]  # ply 1 twice: one loses
        assert tables == ["t", "t2", "t3"]


def a_table(table_id: str) -> TableData:
    return TableData(
        id=table_id, game="lechocolat", rules_version="1", players=2, seed=1, bot_seed=2,
        options={}, status="waiting", result=None,
        seats=[SeatData(0, "human", None, None, None, False),
               SeatData(1, "human", None, None, None, False)], actions=[],
    )


@pytest.mark.parametrize("json_rows", [True, False], ids=["one-statement", "executemany"])
def test_a_sqlite_batch_is_stored_as_the_orm_stores_a_row(tmp_path: Path, json_rows: bool) -> None:
    """SQLite inserts a batch as one statement from a JSON array (json_each, SQLite 3.38 on)
    or, before that, with executemany: the same rows either way, typed as the ORM types them,
    and a taken ply fails the batch, whose other actions then commit alone."""
    path = tmp_path / "db.sqlite3"
    store = store_with_table(path)
    if json_rows and not store._json_rows:
        pytest.skip("this SQLite has no json_each")
    store._json_rows = json_rows
    texts = ['a "quoted" \\ move', "ünïcödé ☃", "3A-4C", "x", "y"]
    try:
        assert store.insert_actions([PendingAction("t", p, p % 2, texts[p]) for p in range(3)]) \
            == [True] * 3
        assert store.insert_actions([PendingAction("t", 3, 1, "x"), PendingAction("t", 1, 0, "z"),
                                     PendingAction("t", 4, 0, "y")]) == [True, False, True]
        with store.engine.connect() as conn:
            orm = [(r.table_id, r.ply, r.seat, r.action, r.created_at.year) for r in
                   conn.execute(select(ActionRow).order_by(ActionRow.ply))]
        assert store.load_table("t").actions == texts  # type: ignore[union-attr]
    finally:
        store.close()
    year = datetime.now(UTC).year
    assert orm == [("t", p, p % 2 if p < 4 else 0, texts[p], year) for p in range(5)]
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT DISTINCT typeof(ply), typeof(seat), typeof(created_at) "
                          "FROM actions").fetchall() == [("integer", "integer", "text")]
