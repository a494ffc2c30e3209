"""Tables do not live forever: nobody joins, it expires; everyone leaves, it is abandoned; one
address cannot hold more than its share of open tables."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from sweettooth.cli.serve import tune_interpreter
from sweettooth.server import Settings

from .harness import Player, ServerProcess, api, create_table, join, wait_for

ENV = {"SWEETTOOTH_WAITING_TABLE_TTL": "1", "SWEETTOOTH_ABANDONED_AFTER": "1",
       "SWEETTOOTH_MAX_TABLES_PER_ADDRESS": "3"}
HUMANS = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def short_lived(tmp_path: Path) -> Iterator[ServerProcess]:
    with ServerProcess(f"sqlite:///{tmp_path / 'server.sqlite3'}", env=ENV) as srv:
        yield srv


@pytest.fixture
def quickly_abandoned(tmp_path: Path) -> Iterator[ServerProcess]:
    """Games end as abandoned a second after their people left; tables nobody joined stay a
    minute (on a busy machine a join came more than a second after the table was made)."""
    env = {**ENV, "SWEETTOOTH_WAITING_TABLE_TTL": "60"}
    with ServerProcess(f"sqlite:///{tmp_path / 'server.sqlite3'}", env=env) as srv:
        yield srv


def status(server: ServerProcess, table_id: str) -> int | str:
    with api(server) as http:
        r = http.get(f"/api/tables/{table_id}")
    return r.json()["status"] if r.status_code == 200 else r.status_code


def test_a_table_nobody_joins_expires_and_frees_its_opener(short_lived: ServerProcess) -> None:
    srv = short_lived
    tables = [create_table(srv, "lechocolat", HUMANS)["id"] for _ in range(3)]
    with api(srv) as http:
        r = http.post("/api/tables", json={"game": "lechocolat"})
        assert r.status_code == 429 and "3 unfinished tables" in r.json()["detail"]
    wait_for(lambda: all(status(srv, t) == 404 for t in tables), "tables to expire")
    with api(srv) as http:
        assert not [t for t in http.get("/api/tables").json() if t["id"] in tables]
        assert http.post("/api/tables", json={"game": "lechocolat"}).status_code == 201
    srv.stop()
    srv.start()  # expired means gone from the database too
    assert all(status(srv, t) == 404 for t in tables)


def test_a_game_everyone_left_is_ended_as_abandoned(quickly_abandoned: ServerProcess) -> None:
    srv = quickly_abandoned
    left = create_table(srv, "lechocolat", [{"kind": "human"}, {"kind": "bot"}])["id"]
    never_came = create_table(srv, "lechocolat", HUMANS)["id"]
    join(srv, never_came, "Ada")  # joined, then never connected
    token = join(srv, left, "Bo")

    async def visit() -> None:
        async with Player(srv, left, token) as me:
            await me.until_state(lambda m: m["started"])

    asyncio.run(visit())
    wait_for(lambda: status(srv, left) == status(srv, never_came) == "abandoned",
             "the tables to be abandoned")
    with api(srv) as http:
        info = http.get(f"/api/tables/{left}").json()
        record = http.get(f"/api/tables/{left}/record")
        replay = http.get(f"/api/tables/{left}/replay", params={"ply": 1})
        refused = http.post(f"/api/tables/{never_came}/join", json={"name": "Late"})
    assert info["to_move"] is None and info["seed"] is not None
    assert record.status_code == 200 and str(record.json()["seed"]) == info["seed"]
    assert refused.status_code == 409
    assert replay.status_code == 200 and replay.json()["plies"] == info["ply"]
    srv.stop()
    with sqlite3.connect(srv.db.removeprefix("sqlite:///")) as db:
        rows = dict(db.execute("SELECT id, status FROM tables").fetchall())
    assert rows[left] == rows[never_came] == "abandoned"  # recorded as such
    srv.start()
    assert status(srv, left) == "abandoned"


def test_a_connected_player_keeps_the_game_alive(quickly_abandoned: ServerProcess) -> None:
    srv = quickly_abandoned
    table = create_table(srv, "lechocolat", [{"kind": "human"}, {"kind": "bot"}])["id"]
    token = join(srv, table, "Ada")

    async def stay() -> int | str:
        async with Player(srv, table, token) as me:
            await me.until_state(lambda m: m["started"])
            await asyncio.sleep(3.0)  # three times abandoned_after
            await me.send({"type": "ping"})
            await me.until("pong")
            return await asyncio.to_thread(status, srv, table)  # still connected

    assert asyncio.run(stay()) == "playing"


def test_expiry_settings_must_be_positive() -> None:
    with pytest.raises(ValueError, match="waiting_table_ttl"):
        Settings.from_env({"SWEETTOOTH_WAITING_TABLE_TTL": "nan"})
    with pytest.raises(ValueError, match="abandoned_after"):
        Settings.from_env({"SWEETTOOTH_ABANDONED_AFTER": "0"})



@pytest.mark.parametrize(("db", "chosen", "expected"), [
    ("sqlite:///x.sqlite3", 0.0, 0.0005),  # SQLite: a short interval for the writer's calls
    ("postgresql+psycopg://u@h/d", 0.0, None),  # PostgreSQL: the interpreter's own
    ("postgresql+psycopg://u@h/d", 0.002, 0.002),  # set: as set
])
def test_serve_sets_the_switch_interval_its_database_calls_for(
    db: str, chosen: float, expected: float | None
) -> None:
    before = sys.getswitchinterval()
    try:
        tune_interpreter(Settings(db=db, switch_interval=chosen))
        assert sys.getswitchinterval() == pytest.approx(before if expected is None else expected)
    finally:
        sys.setswitchinterval(before)


@pytest.mark.parametrize("raw", ["-0.1", "2", "nan", "fast"])
def test_a_switch_interval_out_of_range_is_refused_by_name(raw: str) -> None:
    with pytest.raises(ValueError, match=r"(?i)switch_interval"):
        Settings.from_env({"SWEETTOOTH_SWITCH_INTERVAL": raw})
