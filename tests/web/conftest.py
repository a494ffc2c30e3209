"""Browser tests: Playwright for Python driving Debian's chromium, against a real server.

A session-wide `sweettooth serve` runs on a free loopback port with a temporary SQLite file;
each test gets a fresh browser context. The tests skip (saying why) when chromium or Playwright
is missing: no browser is ever downloaded. Screenshots go to artifacts/screenshots/.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM = os.environ.get("SWEETTOOTH_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]

try:
    from playwright.sync_api import (
        Browser,
        BrowserContext,
        Page,
        ViewportSize,
        expect,
        sync_playwright,
    )

    # Waits, not timings: a loaded 2-core CI machine can take a while to answer a move.
    expect.set_options(timeout=30_000)
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None  # type: ignore[assignment]


def _why_skip() -> str | None:
    if sync_playwright is None:
        return "Playwright for Python is not installed (pip install playwright; no browser needed)"
    if not Path(CHROMIUM).exists() and not shutil.which(CHROMIUM):
        return f"chromium not found at {CHROMIUM} (apt install chromium; or SWEETTOOTH_CHROMIUM)"
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    why = _why_skip()
    if why:
        for item in items:
            browser_test = "page" in getattr(item, "fixturenames", ()) or "browser" in getattr(
                item, "fixturenames", ())
            if Path(str(item.fspath)).parent == Path(__file__).parent and browser_test:
                item.add_marker(pytest.mark.skip(reason=why))


class Server:
    """`sweettooth serve --port 0` in a subprocess; `url` once it listens."""

    def __init__(self, db: str, module: str = "sweettooth.cli.main") -> None:
        # One address opens every table of the session: no per-address caps in the way.
        env = {**os.environ, "SWEETTOOTH_BOT_WORKERS": "2", "SWEETTOOTH_HTTP_BURST": "10000",
               "SWEETTOOTH_MAX_TABLES_PER_ADDRESS": "100000",
               "SWEETTOOTH_MAX_CONNECTIONS_PER_ADDRESS": "10000",
               # reviews: a tiny search, in a worker process at normal priority (an idle-class
               # worker may wait long on a busy test machine)
               "SWEETTOOTH_REVIEW_ITERATIONS": "4", "SWEETTOOTH_REVIEW_NICE": "0"}
        argv = [sys.executable, "-m", module, *(["serve"] if module.endswith("cli.main") else [])]
        self.proc = subprocess.Popen(
            [*argv, "--port", "0", "--db", db],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )
        self.url = ""
        self.log: list[str] = []
        ready = threading.Event()

        def pump() -> None:
            assert self.proc.stderr is not None
            for line in self.proc.stderr:
                self.log.append(line)
                m = re.search(r"Uvicorn running on (http://127\.0\.0\.1:\d+)", line)
                if m:
                    self.url = m.group(1)
                    ready.set()
            ready.set()

        threading.Thread(target=pump, daemon=True).start()
        if not ready.wait(60) or not self.url:
            self.stop()
            raise RuntimeError("server did not start:\n" + "".join(self.log[-30:]))

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    if _why_skip():
        pytest.skip(_why_skip() or "")
    db = tmp_path_factory.mktemp("webdb") / "server.sqlite3"
    srv = Server(f"sqlite:///{db}")
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One browser per worker, launched when a test first asks for it (a launch costs about a
    CPU second). Playwright's sync API keeps its event loop running in the worker while the
    browser is open: tests/conftest.py sets that loop aside for the tests that do not drive the
    browser (Textual's, anyio's, asyncio.run's)."""
    assert sync_playwright is not None
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture()
def context(browser: Browser, server: Server) -> Iterator[BrowserContext]:
    ctx = browser.new_context(base_url=server.url, viewport={"width": 1280, "height": 900})
    ctx.set_default_timeout(30_000)
    yield ctx
    ctx.close()


@pytest.fixture()
def page(context: BrowserContext) -> Iterator[Page]:
    pg = context.new_page()
    errors: list[Any] = []
    pg.on("pageerror", lambda e: errors.append(e))
    yield pg
    assert not errors, f"JavaScript errors: {errors}"


DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture()
def new_page(browser: Browser, server: Server) -> Iterator[Any]:
    """new_page(viewport) -> a page in a fresh context; no JavaScript error may happen."""
    contexts = []
    errors: list[Any] = []

    def make(viewport: ViewportSize = DESKTOP, **kw: Any) -> Page:
        ctx = browser.new_context(base_url=server.url, viewport=viewport, **kw)
        ctx.set_default_timeout(30_000)
        contexts.append(ctx)
        pg = ctx.new_page()
        pg.on("pageerror", lambda e: errors.append(e))
        return pg

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, f"JavaScript errors: {errors}"


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
