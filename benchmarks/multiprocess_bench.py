"""Several server processes (not a test): how fast a move reaches the other processes' clients.

    .venv/bin/python benchmarks/multiprocess_bench.py --processes 2 --tables 20 --seconds 20
    .venv/bin/python benchmarks/multiprocess_bench.py --processes 3 --redis redis://127.0.0.1:6379/0

Starts N `sweettooth serve` processes on loopback, all on one PostgreSQL database (a fresh
schema, dropped afterwards; `--db` or $SWEETTOOTH_TEST_POSTGRES_URL), fanning out over
LISTEN/NOTIFY or, with `--redis`, Redis pub/sub. This process then plays `--tables` two-player
tables at once: table i's seat 0 is connected to process i, seat 1 to process i+1, and a
spectator to every process. Each seat plays a random legal action `--pace` seconds after its
turn comes. For every action it records when it was sent and when the `state` frame with the
next ply reached each client connected to *another* process than the one the action was sent
to (the opponent and the spectators there): that delay is the cross-process delivery time,
printed as p50/p90/p99/max. The ack round trip (sender's own process) is printed beside it, and
the delivery minus the sender's ack for the same move: what the fan-out itself adds.
Everything runs on one machine, load generator included, so on 2 cores these are upper bounds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import secrets
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DB = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


class Stats:
    def __init__(self) -> None:
        self.sent: dict[tuple[str, int], tuple[float, int]] = {}  # (table, ply) -> (t, process)
        self.delivery: list[float] = []
        self.acks: list[float] = []
        self.acked: dict[tuple[str, int], float] = {}  # (table, ply) -> when the ack came
        self.delivered: list[tuple[str, int, float]] = []  # (table, ply, when) elsewhere
        self.moves = 0
        self.games = 0


Servers = list[tuple[subprocess.Popen[str], str]]


def start_servers(db: str, count: int, redis: str | None) -> Servers:
    env = {**os.environ, "SWEETTOOTH_RATE_BURST": "100000", "SWEETTOOTH_RATE_PER_SECOND": "100000",
           "SWEETTOOTH_HTTP_BURST": "100000", "SWEETTOOTH_HTTP_PER_SECOND": "100000",
           "SWEETTOOTH_MAX_OPEN_TABLES": "100000", "SWEETTOOTH_MAX_TABLES_PER_ADDRESS": "100000",
           "SWEETTOOTH_MAX_CONNECTIONS_PER_ADDRESS": "100000"}
    if redis:
        env["SWEETTOOTH_REDIS_URL"] = redis
    servers: Servers = []
    found = [threading.Event() for _ in range(count)]
    urls: list[str] = [""] * count

    def pump(i: int, proc: subprocess.Popen[str]) -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            m = re.search(r"Uvicorn running on (http://127\.0\.0\.1:\d+)", line)
            if m:
                urls[i] = m.group(1)
                found[i].set()

    for i in range(count):
        proc = subprocess.Popen(
            [sys.executable, "-m", "sweettooth.cli.main", "serve", "--port", "0", "--db", db],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )
        threading.Thread(target=pump, args=(i, proc), daemon=True).start()
        servers.append((proc, ""))
    for i, event in enumerate(found):
        if not event.wait(90):
            for proc, _ in servers:
                proc.kill()
            raise SystemExit(f"server {i} did not start")
    return [(proc, urls[i]) for i, (proc, _) in enumerate(servers)]


async def client(ws_url: str, table: str, process: int, token: str | None, seat: int | None,
                 pace: float, rng: random.Random, stats: Stats) -> None:
    async with connect(ws_url, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "log": "new"}))
        async for raw in ws:
            now = time.perf_counter()
            msg = json.loads(raw)
            kind = msg["type"]
            if kind == "ack" and seat is not None:
                stats.acks.append(now - stats.sent[(table, msg["ply"])][0])
                stats.acked[(table, msg["ply"])] = now
            elif kind == "state":
                sent = stats.sent.get((table, msg["ply"] - 1))
                if sent is not None and sent[1] != process:
                    stats.delivery.append(now - sent[0])
                    stats.delivered.append((table, msg["ply"] - 1, now))
                view = msg["view"]
                if view["result"] is not None:
                    return
                if seat is not None and view["to_move"] == seat and msg["started"]:
                    await asyncio.sleep(pace * rng.random() * 2)
                    stats.sent[(table, msg["ply"])] = (time.perf_counter(), process)
                    stats.moves += 1
                    await ws.send(json.dumps({"type": "action", "ply": msg["ply"],
                                              "action": rng.choice(view["legal_actions"])}))


async def table_worker(i: int, bases: list[str], game: str, pace: float, deadline: float,
                       stats: Stats) -> None:
    rng = random.Random(i)
    n = len(bases)
    home, away = i % n, (i + 1) % n
    async with httpx.AsyncClient(timeout=120) as http:
        while time.perf_counter() < deadline:
            r = await http.post(f"{bases[home]}/api/tables",
                                json={"game": game, "seats": [{"kind": "human"}] * 2})
            table = r.json()["id"]
            tokens = [(await http.post(f"{bases[p]}/api/tables/{table}/join",
                                       json={"name": f"p{k}"})).json()["token"]
                      for k, p in enumerate((home, away))]
            ws = [b.replace("http://", "ws://") + f"/ws/tables/{table}" for b in bases]
            watchers = [client(ws[p], table, p, None, None, pace, rng, stats) for p in range(n)]
            await asyncio.gather(
                client(ws[home], table, home, tokens[0], 0, pace, rng, stats),
                client(ws[away], table, away, tokens[1], 1, pace, rng, stats),
                *watchers,
            )
            stats.games += 1


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


async def drive(bases: list[str], tables: int, game: str, pace: float, seconds: float) -> None:
    stats = Stats()
    start = time.perf_counter()
    deadline = start + seconds
    await asyncio.gather(*(table_worker(i, bases, game, pace, deadline, stats)
                           for i in range(tables)))
    elapsed = time.perf_counter() - start
    d = stats.delivery
    print(f"processes {len(bases)}, tables {tables}, {game}, pace {pace} s: {stats.moves} moves "
          f"({stats.moves / elapsed:.0f}/s), {stats.games} games, {elapsed:.1f} s")
    if d:
        print(f"cross-process delivery ({len(d)} frames): p50 {pct(d, 0.5):.1f} ms, "
              f"p90 {pct(d, 0.9):.1f} ms, p99 {pct(d, 0.99):.1f} ms, max {max(d) * 1000:.1f} ms, "
              f"mean {statistics.fmean(d) * 1000:.1f} ms")
    if stats.acks:
        a = stats.acks
        print(f"ack round trip ({len(a)}): p50 {pct(a, 0.5):.1f} ms, p99 {pct(a, 0.99):.1f} ms")
    hop = [when - stats.acked[(t, p)] for t, p, when in stats.delivered if (t, p) in stats.acked]
    if hop:  # the fan-out's own cost: other processes' clients versus the sender's ack
        print(f"delivery minus the sender's ack ({len(hop)}): p50 {pct(hop, 0.5):.1f} ms, "
              f"p90 {pct(hop, 0.9):.1f} ms, p99 {pct(hop, 0.99):.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--game", default="lechocolat")
    parser.add_argument("--pace", type=float, default=0.1,
                        help="mean seconds a seat waits before it moves")
    parser.add_argument("--db", default=os.environ.get("SWEETTOOTH_TEST_POSTGRES_URL", DEFAULT_DB))
    parser.add_argument("--redis", default=None, help="Redis URL: fan out over Redis pub/sub")
    args = parser.parse_args()
    schema = "st_bench_" + secrets.token_hex(4)
    admin = create_engine(args.db)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(args.db).update_query_dict({"options": f"-csearch_path={schema}"})
    servers = start_servers(url.render_as_string(hide_password=False), args.processes, args.redis)
    try:
        asyncio.run(drive([u for _, u in servers], args.tables, args.game, args.pace,
                          args.seconds))
    finally:
        for proc, _ in servers:
            proc.terminate()
        for proc, _ in servers:
            proc.wait(30)
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


if __name__ == "__main__":
    main()
