"""What every test shares: the event loop of the worker's open browser set aside for the tests
that do not drive it."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

BROWSER_FIXTURES = frozenset({"browser", "context", "page", "new_page"})


@pytest.fixture(autouse=True)
def _browser_loop_set_aside(request: pytest.FixtureRequest) -> Iterator[None]:
    """The browser tests share one browser per worker (tests/web/conftest.py). While
    Playwright's sync API is open, its event loop is the thread's running loop, and
    `asyncio.run`, anyio and Textual refuse to start one of their own. A test that does not
    drive the browser runs with that loop set aside; it is put back after the test, before
    Playwright is called again."""
    loop = asyncio._get_running_loop()
    if loop is None or BROWSER_FIXTURES & set(request.fixturenames):
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)
