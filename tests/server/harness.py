"""Real servers for the tests: uvicorn in a subprocess on a free loopback port, real clients.

`ServerProcess` starts `sweettooth serve --port 0` (or the hooked test server), reads the port
uvicorn bound from its log, and can stop it politely or with SIGKILL. `Player` is a WebSocket
client (the `websockets` package) that keeps every frame it receives, byte for byte.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[2]
STARTUP_TIMEOUT = 60.0
WAIT = 60.0  # seconds before a wait is declared hung (never a timing assertion)


class ServerProcess:
    """One server subprocess. `url` is `http://127.0.0.1:PORT` once `start` returns."""

    def __init__(
        self, db: str, env: dict[str, str] | None = None, argv: Sequence[str] | None = None
    ) -> None:
        self.db = db
        self.env = {**os.environ, **(env or {})}
        self.env.setdefault("SWEETTOOTH_BOT_WORKERS", "2")
        self.env.setdefault("SWEETTOOTH_RATE_BURST", "10000")  # test clients are fast
        self.env.setdefault("SWEETTOOTH_RATE_PER_SECOND", "10000")
        self.env.setdefault("SWEETTOOTH_HTTP_BURST", "10000")  # tests open many tables
        self.env.setdefault("SWEETTOOTH_HTTP_PER_SECOND", "10000")
        self.env.setdefault("SWEETTOOTH_MAX_TABLES_PER_ADDRESS", "10000")  # all from 127.0.0.1
        # PostgreSQL: a restarted server takes its predecessor's bot tables over when their
        # leases expire; short leases keep restart tests quick
        self.env.setdefault("SWEETTOOTH_LEASE_SECONDS", "2")
        self.argv = list(argv) if argv is not None else [
            sys.executable, "-m", "sweettooth.cli.main", "serve", "--port", "0", "--db", db,
        ]
        self.proc: subprocess.Popen[str] | None = None
        self.log: list[str] = []
        self.url = ""
        self._port = threading.Event()

    def start(self) -> ServerProcess:
        self._port.clear()
        self.proc = subprocess.Popen(
            self.argv, cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE, text=True,
        )
        threading.Thread(target=self._pump, args=(self.proc,), daemon=True).start()
        if not self._port.wait(STARTUP_TIMEOUT) or self.proc.poll() is not None:
            self.kill()
            raise RuntimeError("server did not start:\n" + "".join(self.log[-40:]))
        return self

    def _pump(self, proc: subprocess.Popen[str]) -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            self.log.append(line)
            match = re.search(r"Uvicorn running on (http://127\.0\.0\.1:\d+)", line)
            if match:
                self.url = match.group(1)
                self._port.set()

    @property
    def ws(self) -> str:
        return self.url.replace("http://", "ws://")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(20)

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def api(server: ServerProcess) -> httpx.Client:
    return httpx.Client(base_url=server.url, timeout=30.0)


def create_table(server: ServerProcess, game: str, seats: list[dict[str, Any]],
                 **body: Any) -> dict[str, Any]:
    with api(server) as http:
        r = http.post("/api/tables", json={"game": game, "seats": seats, **body})
        assert r.status_code == 201, r.text
        out: dict[str, Any] = r.json()
        return out


def join(server: ServerProcess, table: str, name: str, seat: int | None = None) -> str:
    with api(server) as http:
        r = http.post(f"/api/tables/{table}/join", json={"name": name, "seat": seat})
        assert r.status_code == 201, r.text
        token: str = r.json()["token"]
        return token


class Player:
    """A WebSocket client at one table. Every frame received is kept in `frames`."""

    def __init__(self, server: ServerProcess, table: str, token: str | None) -> None:
        self.url = f"{server.ws}/ws/tables/{table}"
        self.token = token
        self.frames: list[str] = []
        self.conn: ClientConnection | None = None
        self.ply = -1
        self.view: dict[str, Any] = {}
        self.seats: list[dict[str, Any]] = []

    async def __aenter__(self) -> Player:
        self.conn = await connect(self.url, max_size=2**24, open_timeout=WAIT)
        await self.send({"type": "hello", "token": self.token})
        welcome = await self.recv()
        assert welcome["type"] == "welcome", welcome
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        if self.conn is not None:
            await self.conn.close()

    async def send(self, message: dict[str, Any] | str) -> None:
        assert self.conn is not None
        await self.conn.send(message if isinstance(message, str) else json.dumps(message))

    async def recv(self) -> dict[str, Any]:
        """The next message (state messages also update `ply`, `view` and `seats`)."""
        assert self.conn is not None
        raw = await asyncio.wait_for(self.conn.recv(), WAIT)
        text = raw if isinstance(raw, str) else raw.decode()
        self.frames.append(text)
        msg: dict[str, Any] = json.loads(text)
        if msg["type"] == "state":
            self.ply, self.view, self.seats = msg["ply"], msg["view"], msg["seats"]
        elif msg["type"] == "presence":
            self.seats = msg["seats"]
        return msg

    async def until(self, kind: str, **match: Any) -> dict[str, Any]:
        """Read until a message of `kind` whose fields equal `match`."""
        while True:
            msg = await self.recv()
            if msg["type"] == kind and all(msg.get(k) == v for k, v in match.items()):
                return msg

    async def until_state(self, predicate: Any) -> dict[str, Any]:
        while True:
            msg = await self.recv()
            if msg["type"] == "state" and predicate(msg):
                return msg

    async def act(self, action: str, ply: int | None = None) -> dict[str, Any]:
        """Send an action chosen at `ply` (default: the latest view) and return the answer."""
        await self.send({"type": "action", "ply": self.ply if ply is None else ply,
                         "action": action})
        return await self.answer()

    async def answer(self) -> dict[str, Any]:
        """The next ack or error."""
        while True:
            msg = await self.recv()
            if msg["type"] in ("ack", "error"):
                return msg


def wait_for(predicate: Any, what: str, timeout: float = WAIT) -> None:
    """Poll `predicate` until true (a hang guard, not a timing assertion)."""
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.05)


class Servers:
    """Several server processes on one database (what a deployment behind a reverse proxy
    runs), started side by side; `with Servers(db, 3) as (a, b, c): ...`."""

    def __init__(self, db: str, count: int, env: dict[str, str] | None = None) -> None:
        self.servers = [ServerProcess(db, env) for _ in range(count)]

    def __enter__(self) -> list[ServerProcess]:
        from concurrent.futures import ThreadPoolExecutor

        try:
            with ThreadPoolExecutor(len(self.servers)) as pool:
                list(pool.map(ServerProcess.start, self.servers))
        except BaseException:
            self.__exit__()
            raise
        return self.servers

    def __exit__(self, *exc: object) -> None:
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(len(self.servers)) as pool:
            list(pool.map(ServerProcess.stop, self.servers))
