"""The cap on unfinished tables per client address holds when the creates race: it is counted
and claimed in the database, so neither simultaneous requests to one process nor requests
spread over several processes (PostgreSQL) open more than the cap."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

import httpx
from sqlalchemy import create_engine, text

from .harness import WAIT, ServerProcess

CAP = 20
CREATES = 60
ENV = {"SWEETTOOTH_MAX_TABLES_PER_ADDRESS": str(CAP)}
TABLE = {"game": "lechocolat", "seats": [{"kind": "human"}, {"kind": "human"}]}


async def create_at_once(urls: list[str], count: int) -> Counter[int]:
    """`count` table creates sent together, spread round-robin over `urls`: their statuses."""
    async with httpx.AsyncClient(timeout=WAIT, limits=httpx.Limits(max_connections=count)) as http:
        answers = await asyncio.gather(*(
            http.post(f"{urls[i % len(urls)]}/api/tables", json=TABLE) for i in range(count)))
    for answer in answers:
        if answer.status_code == 429:
            assert "already has 20 unfinished tables" in answer.json()["detail"], answer.text
    return Counter(a.status_code for a in answers)


def open_tables(server: ServerProcess) -> int:
    with httpx.Client(base_url=server.url, timeout=WAIT) as http:
        listed = http.get("/api/tables", params={"limit": 200})
        assert listed.status_code == 200, listed.text
        return len(listed.json())


def test_simultaneous_creates_from_one_address_open_exactly_the_cap(tmp_path: Path) -> None:
    with ServerProcess(f"sqlite:///{tmp_path}/cap.sqlite3", env=ENV) as srv:
        statuses = asyncio.run(create_at_once([srv.url], CREATES))
        assert statuses == {201: CAP, 429: CREATES - CAP}
        assert open_tables(srv) == CAP
        # one more, later, is refused too
        assert asyncio.run(create_at_once([srv.url], 1)) == {429: 1}


def test_the_cap_holds_across_processes(postgres_url: str) -> None:
    servers = [ServerProcess(postgres_url, env=ENV) for _ in range(3)]
    try:
        for srv in servers:
            srv.start()
        statuses = asyncio.run(create_at_once([s.url for s in servers], CREATES))
        assert statuses == {201: CAP, 429: CREATES - CAP}
        engine = create_engine(postgres_url)
        with engine.connect() as conn:
            stored = conn.execute(text(
                "SELECT count(*) FROM tables WHERE status IN ('waiting', 'playing')")).scalar()
        engine.dispose()
        assert stored == CAP
    finally:
        for srv in servers:
            srv.stop()
