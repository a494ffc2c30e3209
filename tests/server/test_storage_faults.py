"""Database faults: a write the database refuses is retried, then reported to the player as a
retryable `storage_unavailable` error (never a silent close); bots wait and carry on when the
database is back; the lobby keeps answering meanwhile.

The faults are real: on SQLite another connection holds the write lock (`BEGIN EXCLUSIVE`);
on PostgreSQL the `actions` table is renamed away and back.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, text
from websockets.asyncio.client import connect

import sweettooth as st

from .harness import Player, ServerProcess, api, create_table, join, wait_for

ENV = {"SWEETTOOTH_STORAGE_RETRY_SECONDS": "0.5", "SWEETTOOTH_SQLITE_BUSY_TIMEOUT": "0.1"}


@contextlib.contextmanager
def storage_fault(db_url: str) -> Iterator[None]:
    """The database refuses every write to the actions while inside."""
    if db_url.startswith("sqlite"):
        lock = sqlite3.connect(db_url.removeprefix("sqlite:///"), isolation_level=None)
        lock.execute("BEGIN EXCLUSIVE")
        try:
            yield
        finally:
            lock.execute("ROLLBACK")
            lock.close()
        return
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(text("ALTER TABLE actions RENAME TO actions_away"))
    try:
        yield
    finally:
        with engine.begin() as conn:
            conn.execute(text("ALTER TABLE actions_away RENAME TO actions"))
        engine.dispose()


def test_a_refused_write_is_a_retryable_error_and_the_lobby_answers(db_url: str) -> None:
    with ServerProcess(db_url, env=ENV) as srv:
        table = create_table(srv, "lechocolat", [{"kind": "human"}, {"kind": "human"}])["id"]
        tokens = [join(srv, table, "A"), join(srv, table, "B")]

        async def scenario() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
            async with Player(srv, table, tokens[0]) as a, Player(srv, table, tokens[1]) as b:
                await a.until_state(lambda m: m["started"])
                await b.until_state(lambda m: m["started"])
                mover = a if a.view["to_move"] == 0 else b
                action = mover.view["legal_actions"][0]
                with storage_fault(db_url):
                    await mover.send({"type": "action", "ply": mover.ply, "action": action,
                                      "id": "m1"})
                    refused = await mover.answer()
                    # the lobby is served from memory while the database is stuck
                    async with httpx.AsyncClient(base_url=srv.url, timeout=1.0) as http:
                        listed = await http.get("/api/tables")
                        info = await http.get(f"/api/tables/{table}")
                    assert listed.status_code == info.status_code == 200
                    assert info.json()["ply"] == 0
                    await mover.send({"type": "ping"})
                    await mover.until("pong")  # the socket is still open
                ack = await mover.act(action)   # the database is back: the same move goes in
                return refused, ack, info.json()

        refused, ack, info = asyncio.run(scenario())
    assert refused["code"] == "storage_unavailable" and refused["retryable"] is True
    assert refused["id"] == "m1" and refused["ply"] == 0
    assert ack["type"] == "ack" and ack["ply"] == 0
    assert info["status"] == "playing"


def test_opening_a_table_while_the_database_is_stuck_is_a_503(db_url: str) -> None:
    if not db_url.startswith("sqlite"):
        return  # renaming the actions table does not stop tables from being opened
    with ServerProcess(db_url, env=ENV) as srv, storage_fault(db_url), api(srv) as http:
        r = http.post("/api/tables", json={"game": "lechocolat"})
        assert r.status_code == 503 and r.headers["retry-after"] == "1"
        assert "try again" in r.json()["detail"]


def test_bots_resume_when_the_database_is_back(db_url: str) -> None:
    """An all-bot table loses its database for longer than the retries last; its bots wait,
    and play on to the end once it is back (no restart)."""
    env = {**ENV, "SWEETTOOTH_BOT_DELAY": "0.02"}
    with ServerProcess(db_url, env=env) as srv:
        table = create_table(srv, "bonbons", [{"kind": "bot", "level": "easy"}] * 2)["id"]

        def info() -> dict[str, Any]:
            with api(srv) as http:
                out: dict[str, Any] = http.get(f"/api/tables/{table}").json()
                return out

        wait_for(lambda: info()["ply"] >= 3, "the bots to start")
        with storage_fault(db_url):
            stuck = info()["ply"]
            wait_for(lambda: any("bot waits" in line for line in srv.log), "a refused write")
            assert info()["ply"] <= stuck + 1  # nothing more committed (one may have been)
        wait_for(lambda: info()["status"] == "finished", "the bots to finish the game")
        with api(srv) as http:
            record = http.get(f"/api/tables/{table}/record").json()
    assert st.replay(record).to_move is None  # every acknowledged move is in the record


def test_a_table_that_cannot_be_read_is_a_503_and_an_error_frame(postgres_url: str) -> None:
    """Loading a table the server does not hold in memory needs the database: while the
    `tables` table is renamed away that is a 503 (HTTP) and `storage_unavailable` (WebSocket),
    never a 500 or a silent close."""
    engine = create_engine(postgres_url)
    with ServerProcess(postgres_url, env=ENV) as srv:
        with engine.begin() as conn:
            conn.execute(text("ALTER TABLE tables RENAME TO tables_away"))
        try:
            with api(srv) as http:
                r = http.get("/api/tables/NotInMemory")

            async def socket() -> dict[str, Any]:
                async with connect(f"{srv.ws}/ws/tables/NotInMemory") as ws:
                    return dict(json.loads(await ws.recv()))

            frame = asyncio.run(socket())
        finally:
            with engine.begin() as conn:
                conn.execute(text("ALTER TABLE tables_away RENAME TO tables"))
            engine.dispose()
        with api(srv) as http:
            assert http.get("/api/tables/NotInMemory").status_code == 404  # back to normal
    assert r.status_code == 503 and r.headers["retry-after"] == "1"
    assert frame["code"] == "storage_unavailable" and frame["retryable"] is True


def test_actions_queued_behind_a_locked_sqlite_are_answered_within_the_retry_time(
        tmp_path: Path) -> None:
    """Actions of four tables sent one after another while another connection holds SQLite's
    write lock: each is refused within storage_retry_seconds (+ one busy timeout) of being
    sent, however long it waited behind the others in the one writer thread (the time counted
    from when its own batch started used to add up: the fourth waited about three times as
    long)."""
    retry, busy = 3.0, 0.2
    db_url = f"sqlite:///{tmp_path / 'locked.sqlite3'}"
    env = {"SWEETTOOTH_STORAGE_RETRY_SECONDS": str(retry),
           "SWEETTOOTH_SQLITE_BUSY_TIMEOUT": str(busy)}
    with ServerProcess(db_url, env=env) as srv:
        tables = [create_table(srv, "lechocolat", [{"kind": "human"}] * 2)["id"]
                  for _ in range(4)]
        tokens = {t: [join(srv, t, "A"), join(srv, t, "B")] for t in tables}

        async def scenario() -> list[tuple[str, float]]:
            async with contextlib.AsyncExitStack() as stack:
                movers = []
                for table in tables:
                    pair = [await stack.enter_async_context(Player(srv, table, tok))
                            for tok in tokens[table]]
                    for p in pair:
                        await p.until_state(lambda m: m["started"])
                    movers.append(pair[0] if pair[0].view["to_move"] == 0 else pair[1])
                loop = asyncio.get_running_loop()

                async def act(mover: Player, delay: float) -> tuple[str, float]:
                    await asyncio.sleep(delay)
                    sent = loop.time()
                    await mover.send({"type": "action", "ply": mover.ply,
                                      "action": mover.view["legal_actions"][0]})
                    answer = await mover.answer()
                    return str(answer.get("code", answer["type"])), loop.time() - sent

                with storage_fault(db_url):
                    return list(await asyncio.gather(
                        *(act(m, 0.3 * i) for i, m in enumerate(movers))))

        answers = asyncio.run(scenario())
    assert [code for code, _ in answers] == ["storage_unavailable"] * 4
    slowest = max(took for _, took in answers)
    assert slowest < retry + busy + 1.0, answers  # 1 s of slack for a loaded machine
