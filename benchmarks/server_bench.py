"""Server benchmark (not a test): N concurrent tables played over WebSockets.

    .venv/bin/python benchmarks/server_bench.py --tables 50 --db sqlite
    .venv/bin/python benchmarks/server_bench.py --tables 200 --db postgresql+psycopg://postgres@127.0.0.1:5432/test

Starts `sweettooth serve` in a subprocess on a free loopback port (SQLite in a temporary file,
or PostgreSQL in a fresh schema that is dropped afterwards). This process then runs N tables at
once: every seat is a WebSocket client that plays a random legal action whenever its view says
it is to move. When a table's game ends a new one starts, until `--seconds` have passed. It
prints moves/s (actions acknowledged, i.e. committed) and the round trip of an action, from
sending it to receiving its ack, as p50/p99. The client runs in one process and one event loop,
so on a small machine it competes with the server for the cores.
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
import tempfile
import threading
import time
from pathlib import Path

import httpx
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.games = 0
        self.errors = 0


def start_server(db: str) -> tuple[subprocess.Popen[str], str]:
    env = {**os.environ, "SWEETTOOTH_RATE_BURST": "100000", "SWEETTOOTH_RATE_PER_SECOND": "100000",
           "SWEETTOOTH_HTTP_BURST": "100000", "SWEETTOOTH_HTTP_PER_SECOND": "100000",
           "SWEETTOOTH_MAX_OPEN_TABLES": "100000",
           # one load generator on one address stands for many players on many addresses
           "SWEETTOOTH_MAX_TABLES_PER_ADDRESS": "100000",
           "SWEETTOOTH_MAX_CONNECTIONS_PER_ADDRESS": "100000"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "sweettooth.cli.main", "serve", "--port", "0", "--db", db],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    found = threading.Event()
    url: list[str] = []

    def pump() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            m = re.search(r"Uvicorn running on (http://127\.0\.0\.1:\d+)", line)
            if m:
                url.append(m.group(1))
                found.set()

    threading.Thread(target=pump, daemon=True).start()
    if not found.wait(60):
        proc.kill()
        raise SystemExit("the server did not start")
    return proc, url[0]


async def seat_client(ws_url: str, token: str, seat: int, rng: random.Random,
                      stats: Stats, log: str) -> None:
    async with connect(ws_url, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "log": log}))
        sent_at = 0.0
        async for raw in ws:
            msg = json.loads(raw)
            kind = msg["type"]
            if kind == "ack":
                stats.latencies.append(time.perf_counter() - sent_at)
            elif kind == "error":
                stats.errors += 1
            elif kind == "state":
                view = msg["view"]
                if view["result"] is not None:
                    return
                if view["to_move"] == seat and msg["started"]:
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "action", "ply": msg["ply"],
                                              "action": rng.choice(view["legal_actions"])}))


async def table_worker(http: httpx.AsyncClient, base: str, game: str, players: int,
                       deadline: float, rng: random.Random, stats: Stats, log: str) -> None:
    ws_base = base.replace("http://", "ws://")
    while time.perf_counter() < deadline:
        r = await http.post("/api/tables", json={"game": game, "seats": [{"kind": "human"}] *
                                                  players})
        table = r.json()["id"]
        tokens = []
        for p in range(players):
            j = await http.post(f"/api/tables/{table}/join", json={"name": f"p{p}"})
            tokens.append(j.json()["token"])
        await asyncio.gather(*(
            seat_client(f"{ws_base}/ws/tables/{table}", tokens[p], p, rng, stats, log)
            for p in range(players)
        ))
        stats.games += 1


async def drive(base: str, tables: int, game: str, players: int, seconds: float,
                log: str) -> None:
    stats = Stats()
    limits = httpx.Limits(max_connections=100)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as http:
        start = time.perf_counter()
        deadline = start + seconds
        await asyncio.gather(*(
            table_worker(http, base, game, players, deadline, random.Random(i), stats, log)
            for i in range(tables)
        ))
        elapsed = time.perf_counter() - start
    lat = sorted(stats.latencies)
    p50 = statistics.median(lat) * 1000
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000
    print(json.dumps({
        "tables": tables, "game": game, "players": players, "log": log,
        "seconds": round(elapsed, 1),
        "moves": len(lat), "games": stats.games, "errors": stats.errors,
        "moves_per_s": round(len(lat) / elapsed, 1),
        "rtt_p50_ms": round(p50, 2), "rtt_p99_ms": round(p99, 2),
    }))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", "-n", type=int, default=50)
    parser.add_argument("--db", default="sqlite", help="'sqlite' or a PostgreSQL URL")
    parser.add_argument("--game", default="lechocolat")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--log", choices=("full", "new"), default="full",
                        help="state frames with whole logs, or only the new lines")
    args = parser.parse_args()
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
        proc, base = start_server(db)
        try:
            asyncio.run(drive(base, args.tables, args.game, args.players, args.seconds,
                              args.log))
        finally:
            proc.terminate()
            proc.wait(30)
            if schema is not None:
                with engine.begin() as conn:
                    conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))


if __name__ == "__main__":
    main()
