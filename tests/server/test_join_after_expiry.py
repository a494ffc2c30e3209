"""A join that reaches a table while the life-cycle sweep expires it (the request found the
table, then waited for its lock while the sweep deleted it) is told the table expired, not that
its seat "was just taken" (a busy machine sent such joins in CI)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from sweettooth.server.tables import LobbyError

from .managers import manager


def test_a_join_that_waited_for_an_expiring_table_is_told_it_expired(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'expiry.sqlite3'}"

    async def scenario() -> tuple[int, str, bool]:
        async with manager(url) as m:
            table = await m.create("lechocolat", 2, {}, None)
            await table.lock.acquire()  # held while both arrive, the sweep's expiry first
            expire = asyncio.create_task(m._expire(table))
            await asyncio.sleep(0)
            join = asyncio.create_task(m.join(table, None, "Ada"))
            await asyncio.sleep(0)
            table.lock.release()  # the lock serves them in order: expiry, then the join
            await expire
            with pytest.raises(LobbyError) as refused:
                await join
            return refused.value.status, refused.value.message, await m.get(table.id) is None

    status, message, gone = asyncio.run(scenario())
    assert gone
    assert status == 410 and "expired" in message
