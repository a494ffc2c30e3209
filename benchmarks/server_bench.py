"""Server benchmark (not a test): tables played over WebSockets, with idle tables and spectators.

The defaults are the load of issue 15: 200 tables, 100 of them played as fast as the clients
can, 300 spectators:

    .venv/bin/python benchmarks/server_bench.py --db sqlite
    .venv/bin/python benchmarks/server_bench.py \
        --db postgresql+psycopg://postgres@127.0.0.1:5432/test

Starts `sweettooth serve` in a subprocess on a free loopback port (SQLite in a temporary file,
or PostgreSQL in a fresh schema that is dropped afterwards). This process then opens `--tables`
tables and joins and connects every seat. `--playing` of them are played: every seat is a
WebSocket client that sends a random legal action as soon as its view says it is to move, and
when a game ends the slot opens a new table and plays on. The other tables are idle (their
players are connected and never move). `--spectators` watch the played tables (spread evenly;
they follow their slot to its next table) and read every frame.

Measured over `--seconds` after `--warmup`: moves/s (actions acknowledged, i.e. committed), the
round trip of an action from sending it to receiving its ack (p50/p95/p99/max), and the CPU
time per acknowledged move of the server process and of this load generator. The generator
runs on the same machine in one process and one event loop; it parses only the frames a
player needs (spectators read and count theirs), asks for permessage-deflate like a browser,
and is measured, so its share of the cores is on the record. `--chat RATE` adds table chat: each
played table's players send, between them, RATE chat messages a second (a Poisson stream, the
writer drawn among the seats; every message is committed and sent to the table's players and
spectators), so the ack round trip can be compared with and without chat. `--reviews` asks, as
each played game ends, for the review of its seat 0 (`POST /api/tables/{id}/reviews/0`): the
server's review worker (a process at nice 10, docs/server.md "Reviews") then runs all through
the measurement, and its CPU share is reported (`review_cpu_share`). `--profile FILE`
runs py-spy (if installed) on the server during the measurement and writes collapsed stacks to FILE.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import resource
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from websockets.client import ClientProtocol
from websockets.extensions.permessage_deflate import enable_client_permessage_deflate
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri

ROOT = Path(__file__).resolve().parents[1]

loads: Callable[[str | bytes], Any]
try:
    import orjson

    loads = orjson.loads
except ImportError:  # pragma: no cover - orjson ships with the server
    loads = json.loads


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.measuring = False
        self.moves = 0
        self.games = 0
        self.errors = 0
        self.frames = 0
        self.chats = 0
        self.reviews: dict[int, int] = {}  # answers to review requests, by HTTP status
        self.pings: list[float] = []


def start_server(db: str, extra_env: dict[str, str], log_path: Path) -> subprocess.Popen[bytes]:
    """Start the server with its log going to `log_path` (a file, not a pipe: a pipe this
    process had to drain would slow the server down whenever the generator is busy)."""
    env = {**os.environ, "SWEETTOOTH_RATE_BURST": "100000", "SWEETTOOTH_RATE_PER_SECOND": "100000",
           "SWEETTOOTH_HTTP_BURST": "100000", "SWEETTOOTH_HTTP_PER_SECOND": "100000",
           "SWEETTOOTH_MAX_OPEN_TABLES": "100000",
           # one load generator on one address stands for many players on many addresses
           "SWEETTOOTH_MAX_TABLES_PER_ADDRESS": "100000",
           "SWEETTOOTH_MAX_CONNECTIONS_PER_ADDRESS": "100000", **extra_env}
    with open(log_path, "wb") as sink:
        return subprocess.Popen(
            [sys.executable, "-m", "sweettooth.cli.main", "serve", "--port", "0", "--db", db],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=sink,
        )


def server_url(proc: subprocess.Popen[bytes], log_path: Path) -> str:
    """The URL from the server's `Uvicorn running on` log line."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        m = re.search(r"Uvicorn running on (http://127\.0\.0\.1:\d+)", log_path.read_text())
        if m:
            return m.group(1)
        time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"the server did not start:\n{log_path.read_text()[-2000:]}")


def children_cpu(pids: list[int]) -> float:
    """CPU seconds of the servers' child processes (the review workers), while they live."""
    total = 0.0
    for pid in pids:
        try:
            kids = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        except OSError:
            continue
        for kid in kids:
            with contextlib.suppress(OSError, ValueError, IndexError):
                total += cpu_seconds(int(kid))
    return total


def server_cpu(pids: list[int]) -> float:
    return sum(cpu_seconds(pid) for pid in pids)


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of process `pid` (all its threads) so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class WsClient(asyncio.Protocol):
    """A WebSocket client on websockets' sans-I/O protocol: the handshake, frame parsing,
    checks, permessage-deflate (offered like a browser) and ping answers are the asyncio
    client's, without a task and futures per message, so the generator stays cheap."""

    def __init__(self, uri: str, on_text: Callable[[str], None]) -> None:
        self.proto = ClientProtocol(parse_uri(uri), max_size=2**24,
                                    extensions=enable_client_permessage_deflate(None))
        self.on_text = on_text
        loop = asyncio.get_running_loop()
        self.opened: asyncio.Future[None] = loop.create_future()
        self.done: asyncio.Future[None] = loop.create_future()
        self.transport: asyncio.Transport | None = None

    @classmethod
    async def open(cls, host: str, port: int, path: str,
                   on_text: Callable[[str], None]) -> WsClient:
        loop = asyncio.get_running_loop()
        _, ws = await loop.create_connection(
            lambda: cls(f"ws://{host}:{port}{path}", on_text), host, port)
        await ws.opened
        return ws

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's is not a subclass
        self.proto.send_request(self.proto.connect())
        self.flush()

    def data_received(self, data: bytes) -> None:
        self.proto.receive_data(data)
        for event in self.proto.events_received():
            if isinstance(event, Response):
                if self.proto.handshake_exc is not None:
                    self.opened.set_exception(self.proto.handshake_exc)
                else:
                    self.opened.set_result(None)
            elif isinstance(event, Frame) and event.opcode is Opcode.TEXT:
                if not event.fin:
                    raise RuntimeError("the server fragmented a message")
                self.on_text(bytes(event.data).decode())
        self.flush()

    def send(self, text: str) -> None:
        self.proto.send_text(text.encode())
        self.flush()

    def flush(self) -> None:
        assert self.transport is not None
        for data in self.proto.data_to_send():
            if data:
                self.transport.write(data)
            elif self.transport.can_write_eof():
                self.transport.write_eof()

    def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            if self.proto.state is State.OPEN:
                self.proto.send_close(1000)
                self.flush()
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.opened.done():
            self.opened.set_exception(ConnectionError("the server closed the connection"))
        if not self.done.done():  # a player cut off: its slot goes on with a new table
            self.done.set_result(None)


Addr = tuple[str, int]


class Bench:
    def __init__(self, bases: list[str], args: argparse.Namespace) -> None:
        self.addrs: list[Addr] = []
        for base in bases:
            host, port = base.removeprefix("http://").rsplit(":", 1)
            self.addrs.append((host, int(port)))
        self.args = args
        self.stats = Stats()
        self.stop = asyncio.Event()
        self.asks: set[asyncio.Task[None]] = set()

    async def open_table(self, addr: Addr) -> tuple[str, list[str]]:
        """Open a table and join every seat: three requests on one keep-alive connection."""
        reader, writer = await asyncio.open_connection(*addr)
        try:
            table = (await self.post(reader, writer, "/api/tables", {
                "game": self.args.game, "seats": [{"kind": "human"}] * self.args.players}))["id"]
            tokens = [(await self.post(reader, writer, f"/api/tables/{table}/join",
                                       {"name": f"p{p}"}))["token"]
                      for p in range(self.args.players)]
        finally:
            writer.close()
        return table, tokens

    async def post(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                   path: str, body: dict[str, Any]) -> Any:
        """A minimal HTTP/1.1 POST (a general client such as httpx cost the generator a third
        of its CPU); the answer must be 201 with a JSON body."""
        data = json.dumps(body).encode()
        writer.write(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
                     .encode() + data)
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
        status = int(head.split(" ", 2)[1])
        length = int(re.search(r"(?i)\r\ncontent-length: *(\d+)", head).group(1))  # type: ignore[union-attr]
        answer = await reader.readexactly(length)
        if status != 201:
            raise RuntimeError(f"POST {path} answered {status}: {answer[:200]!r}")
        return loads(answer)

    async def hello(self, addr: Addr, table: str, token: str | None,
                    on_text: Callable[[str], None] | None = None) -> WsClient:
        """A WebSocket to `table` that has said hello; `on_text` gets every message after."""
        ws = await WsClient.open(*addr, f"/ws/tables/{table}",
                                 on_text or self.count)
        ws.send(json.dumps({"type": "hello", "token": token, "log": self.args.log}))
        return ws

    def count(self, _text: str) -> None:
        """A spectator (or an idle player) reads every message."""
        self.stats.frames += 1

    async def player(self, addr: Addr, table: str, token: str, seat: int,
                     rng: random.Random) -> WsClient:
        """A seat that plays a random legal action as soon as it is to move; its `done` is set
        when the game ends (or at the stop)."""
        stats = self.stats
        sent_at = 0.0

        def on_text(text: str) -> None:
            nonlocal sent_at
            msg = loads(text)
            kind = msg["type"]
            if kind == "ack":
                if stats.measuring:
                    stats.latencies.append(time.perf_counter() - sent_at)
                    stats.moves += 1
            elif kind == "error":
                stats.errors += 1
            elif kind == "state":
                view = msg["view"]
                if view["result"] is not None or self.stop.is_set():
                    if not ws.done.done():
                        ws.done.set_result(None)
                elif view["to_move"] == seat and msg["started"]:
                    action = rng.choice(view["legal_actions"])
                    sent_at = time.perf_counter()
                    ws.send(json.dumps({"type": "action", "ply": msg["ply"], "action": action}))

        ws = await self.hello(addr, table, token, on_text)
        return ws

    async def pinger(self, addr: Addr, table: str) -> WsClient:
        """Every 50 ms a ping from a spectator of a waiting table: the round trip of a message
        that needs no database, i.e. how long the server (and this generator) make a message
        wait."""
        loop = asyncio.get_running_loop()
        sent_at = 0.0

        def ping() -> None:
            nonlocal sent_at
            if not self.stop.is_set():
                sent_at = time.perf_counter()
                ws.send('{"type":"ping"}')

        def on_text(text: str) -> None:
            if loads(text)["type"] == "pong":
                if self.stats.measuring:
                    self.stats.pings.append(time.perf_counter() - sent_at)
                loop.call_later(0.05, ping)

        ws = await self.hello(addr, table, None, on_text)
        ping()
        return ws

    async def idle_table(self, addr: Addr) -> list[WsClient]:
        table, tokens = await self.open_table(addr)
        return [await self.hello(addr, table, token) for token in tokens]

    async def slot(self, addr: Addr, rng: random.Random, spectators: int) -> None:
        """One played table after another until the stop (all through the server `addr`)."""
        while not self.stop.is_set():
            table, tokens = await self.open_table(addr)
            watchers = [await self.hello(addr, table, None) for _ in range(spectators)]
            seats = [await self.player(addr, table, token, p, rng)
                     for p, token in enumerate(tokens)]
            chatter = asyncio.create_task(self.chatter(seats, rng)) if self.args.chat else None
            await asyncio.gather(*(ws.done for ws in seats))
            if chatter is not None:
                chatter.cancel()
            self.stats.games += 1
            for ws in seats + watchers:
                ws.close()
            if self.args.reviews and not self.stop.is_set():  # a finished game
                task = asyncio.create_task(self.ask_review(addr, table))
                self.asks.add(task)
                task.add_done_callback(self.asks.discard)

    async def ask_review(self, addr: Addr, table: str) -> None:
        """POST a review of seat 0 of a finished table; count the answer's status."""
        try:
            reader, writer = await asyncio.open_connection(*addr)
            writer.write(f"POST /api/tables/{table}/reviews/0 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         "Content-Length: 0\r\nConnection: close\r\n\r\n".encode())
            head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
            status = int(head.split(" ", 2)[1])
            if status not in (200, 202) and status not in self.stats.reviews:
                body = (await reader.read(300)).decode("utf-8", "replace")
                print(f"review request answered {status}: {body}", file=sys.stderr)
            writer.close()
        except (OSError, asyncio.IncompleteReadError, ValueError):
            status = 0
        self.stats.reviews[status] = self.stats.reviews.get(status, 0) + 1

    async def chatter(self, seats: list[WsClient], rng: random.Random) -> None:
        """Chat at `--chat` messages a second from the table's seats until its game ends."""
        phrases = ["Good game", "Your turn", "Thinking...", "nice split", "hm, that hurts"]
        while not self.stop.is_set():
            await asyncio.sleep(rng.expovariate(self.args.chat))
            seat = rng.choice(seats)
            if seat.done.done():
                return
            seat.send(json.dumps({"type": "chat", "text": rng.choice(phrases)}))
            if self.stats.measuring:
                self.stats.chats += 1

    async def run(self, server_pids: list[int]) -> dict[str, Any]:
        args = self.args
        idle_n = args.tables - args.playing
        idle: list[WsClient] = []
        for start in range(0, idle_n, 20):
            batch = await asyncio.gather(*(self.idle_table(self.addrs[i % len(self.addrs)])
                                           for i in range(start, min(idle_n, start + 20))))
            idle.extend(ws for group in batch for ws in group)
        probe_table, _ = await self.open_table(self.addrs[0])
        idle.append(await self.pinger(self.addrs[0], probe_table))
        per_slot = [args.spectators // args.playing
                    + (1 if i < args.spectators % args.playing else 0)
                    for i in range(args.playing)]
        slots = [asyncio.create_task(
            self.slot(self.addrs[i % len(self.addrs)], random.Random(i), per_slot[i]))
                 for i in range(args.playing)]
        await asyncio.sleep(args.warmup)
        profiler = start_profiler(server_pids[0], args.profile, args.seconds)
        load0 = os.getloadavg()
        rev0 = children_cpu(server_pids)
        srv0, gen0, t0 = server_cpu(server_pids), time.process_time(), time.perf_counter()
        self.stats.measuring = True
        await asyncio.sleep(args.seconds)
        self.stats.measuring = False
        srv1, gen1, t1 = server_cpu(server_pids), time.process_time(), time.perf_counter()
        rev1 = children_cpu(server_pids)
        load1 = os.getloadavg()
        self.stop.set()
        await asyncio.wait(slots, timeout=30)
        for ws in idle:
            ws.close()
        if profiler is not None:
            profiler.wait(60)
        lat = sorted(self.stats.latencies)
        pings = sorted(self.stats.pings)
        moves = max(1, self.stats.moves)
        elapsed = t1 - t0

        def pct(p: float, values: list[float] = lat) -> float:
            return round(values[min(len(values) - 1, int(len(values) * p))] * 1000, 1) \
                if values else 0.0

        return {
            "tables": args.tables, "playing": args.playing, "spectators": args.spectators,
            "processes": args.processes,
            "game": args.game, "players": args.players, "log": args.log,
            "db": "sqlite" if args.db == "sqlite" else "postgresql",
            "seconds": round(elapsed, 1), "moves": self.stats.moves, "games": self.stats.games,
            "errors": self.stats.errors, "moves_per_s": round(self.stats.moves / elapsed, 1),
            "chat_per_table_per_s": args.chat, "chats_sent": self.stats.chats,
            "ack_p50_ms": pct(0.50), "ack_p95_ms": pct(0.95), "ack_p99_ms": pct(0.99),
            "ack_max_ms": round(lat[-1] * 1000, 1) if lat else 0.0,
            "ping_p50_ms": pct(0.50, pings), "ping_p99_ms": pct(0.99, pings),
            "server_cpu_ms_per_move": round((srv1 - srv0) / moves * 1000, 2),
            "server_cpu_share": round((srv1 - srv0) / elapsed, 2),
            "generator_cpu_ms_per_move": round((gen1 - gen0) / moves * 1000, 2),
            "generator_cpu_share": round((gen1 - gen0) / elapsed, 2),
            "loadavg_1min": [round(load0[0], 2), round(load1[0], 2)],
            "reviews_asked": {str(k): v for k, v in sorted(self.stats.reviews.items())},
            "review_cpu_share": round((rev1 - rev0) / elapsed, 2),
        }


def start_profiler(pid: int, out: str | None, seconds: float) -> subprocess.Popen[bytes] | None:
    if out is None:
        return None
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(spy).exists():
        print("py-spy is not installed: no profile", file=sys.stderr)
        return None
    return subprocess.Popen(
        [spy, "record", "--pid", str(pid), "--duration", str(int(seconds)), "--rate", "200",
         "--format", "raw", "--threads", "--output", out, "--nonblocking"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", "-n", type=int, default=200, help="tables open at once")
    parser.add_argument("--playing", type=int, default=100,
                        help="tables played as fast as possible (at most --tables)")
    parser.add_argument("--spectators", type=int, default=300,
                        help="spectators, spread over the played tables")
    parser.add_argument("--db", default="sqlite", help="'sqlite' or a PostgreSQL URL")
    parser.add_argument("--game", default="lechocolat")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=30.0, help="measured time")
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds played before measuring")
    parser.add_argument("--log", choices=("full", "new"), default="full",
                        help="state frames with whole logs, or only the new lines")
    parser.add_argument("--profile", metavar="FILE", default=None,
                        help="py-spy the server while measuring; collapsed stacks to FILE")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes on the one database (PostgreSQL only); each "
                        "played table goes through one of them, in turn")
    parser.add_argument("--server-log", metavar="FILE", default=None,
                        help="keep the (first) server's log (stderr) in FILE")
    parser.add_argument("--chat", type=float, default=0.0, metavar="RATE",
                        help="chat messages a second per played table (0: no chat)")
    parser.add_argument("--reviews", action="store_true",
                        help="ask for a review of each finished game (background review load)")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                        help="extra environment for the server (repeatable)")
    args = parser.parse_args()
    if not 0 < args.playing <= args.tables:
        parser.error("--playing must be between 1 and --tables")
    if args.processes < 1 or (args.processes > 1 and args.db == "sqlite"):
        parser.error("--processes above 1 needs PostgreSQL (one process per SQLite file)")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # ~3 sockets per connection pair
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))
    extra_env = dict(item.split("=", 1) for item in args.env)
    schema = None
    with tempfile.TemporaryDirectory() as tmp:
        if args.db == "sqlite":
            db = f"sqlite:///{tmp}/bench.sqlite3"
        else:
            schema = "st_bench_" + secrets.token_hex(4)
            engine = create_engine(args.db)
            with engine.begin() as conn:
                conn.execute(text(f'CREATE SCHEMA "{schema}"'))
            db = make_url(args.db).update_query_dict(
                {"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False)
        logs = [Path(args.server_log or f"{tmp}/server.log")] + [
            Path(f"{tmp}/server{i}.log") for i in range(1, args.processes)]
        procs = [start_server(db, extra_env, log_path) for log_path in logs]
        try:
            runner: Callable[..., Any] = asyncio.run
            try:
                import uvloop  # the cheapest event loop for the generator, as for the server

                runner = uvloop.run
            except ImportError:  # pragma: no cover
                pass
            bases = [server_url(proc, log_path) for proc, log_path in zip(procs, logs, strict=True)]
            result = runner(Bench(bases, args).run([proc.pid for proc in procs]))
            print(json.dumps(result))
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                proc.wait(30)
            problems = [line for log_path in logs for line in log_path.read_text().splitlines()
                        if "Traceback" in line or "ERROR" in line]
            if problems:
                print(f"{len(problems)} error lines in the server log, e.g. {problems[0]}",
                      file=sys.stderr)
            if schema is not None:
                with engine.begin() as conn:
                    conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))


if __name__ == "__main__":
    main()
