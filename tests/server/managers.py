"""An in-process TableManager on a real database, for tests that drive the manager directly
(leases, catching up with other processes)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace

from sweettooth.server.db import Store, make_engine, migrate
from sweettooth.server.settings import Settings
from sweettooth.server.tables import TableManager


@asynccontextmanager
async def manager(url: str, lease: float = 30.0) -> AsyncIterator[TableManager]:
    """A started manager on `url` (migrated first) whose bot leases last `lease` seconds."""
    engine = make_engine(url)
    await asyncio.to_thread(migrate, engine)
    m = TableManager(Store(engine), replace(Settings(db=url), lease_seconds=lease))
    await m.start()
    try:
        yield m
    finally:
        await m.stop()
        engine.dispose()
