"""Several server processes on one PostgreSQL database (docs/server.md, "Several processes").

Two and three real `sweettooth serve` processes on loopback share one database: a move made
through one reaches the players and spectators connected to another; every process tells the
same status; each table's bots are played by one process (its lease); and when a process is
SIGKILLed its tables carry on through the others, where its players reconnect with their
tokens. The fan-out runs over PostgreSQL LISTEN/NOTIFY and, where Redis answers, over Redis
pub/sub. Leases last 1 s here, so a takeover takes about a second.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

import sweettooth as st
from sweettooth.server.db import Store

from .harness import (
    ROOT,
    WAIT,
    Player,
    ServerProcess,
    Servers,
    api,
    create_table,
    join,
    wait_for,
)

REDIS = os.environ.get("SWEETTOOTH_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
LEASE = {"SWEETTOOTH_LEASE_SECONDS": "1"}
BOTS_LOST_A_RACE = "another process played bot seat"


def redis_answers() -> bool:
    try:
        import redis

        client = redis.Redis.from_url(REDIS, socket_connect_timeout=1, socket_timeout=1)
        try:
            return bool(client.ping())
        finally:
            client.close()
    except Exception:
        return False


@pytest.fixture(params=["notify", "redis"])
def fanout_env(request: pytest.FixtureRequest) -> dict[str, str]:
    """The settings of each process: LISTEN/NOTIFY (the default), or Redis pub/sub."""
    if request.param == "notify":
        return dict(LEASE)
    if not redis_answers():
        pytest.skip(f"no Redis answers at {REDIS} (set SWEETTOOTH_TEST_REDIS_URL)")
    return {**LEASE, "SWEETTOOTH_REDIS_URL": REDIS}


def info(server: ServerProcess, table: str) -> dict[str, Any]:
    with api(server) as http:
        r = http.get(f"/api/tables/{table}")
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out


def statuses(servers: list[ServerProcess], table: str) -> list[str]:
    return [info(s, table)["status"] for s in servers]


def stored_actions(db_url: str, table: str) -> list[tuple[int, str]]:
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT ply, action FROM actions WHERE table_id = :t "
                                     "ORDER BY ply"), {"t": table}).all()
        return [(ply, action) for ply, action in rows]
    finally:
        engine.dispose()


def check_record(server: ServerProcess, db_url: str, table: str) -> None:
    """The stored actions are plies 0..n-1, one each, and they replay to the finished game
    every process shows."""
    stored = stored_actions(db_url, table)
    assert [ply for ply, _ in stored] == list(range(len(stored)))
    with api(server) as http:
        record = http.get(f"/api/tables/{table}/record").json()
    assert record["actions"] == [action for _, action in stored]
    assert st.replay(record).to_move is None


def test_a_move_through_one_process_reaches_the_other_and_status_agrees(
    postgres_url: str, fanout_env: dict[str, str]
) -> None:
    with Servers(postgres_url, 2, fanout_env) as (a, b):
        table = create_table(a, "bonbons", [{"kind": "human"}, {"kind": "human"}],
                             options={"turn_limit": 3})["id"]
        with api(b) as http:  # b's lobby lists the table opened through a
            wait_for(lambda: any(t["id"] == table for t in http.get("/api/tables").json()),
                     "the table in b's lobby")
        assert statuses([a, b], table) == ["waiting", "waiting"]
        tokens = [join(a, table, "Ada"), join(b, table, "Bo")]

        async def scenario() -> list[dict[str, Any]]:
            async with (Player(a, table, tokens[0]) as p0, Player(b, table, tokens[1]) as p1,
                        Player(a, table, None) as watch_a, Player(b, table, None) as watch_b):
                clients = [p0, p1, watch_a, watch_b]
                for c in clients:
                    await c.until_state(lambda m: m["started"] and m["status"] == "playing")
                assert statuses([a, b], table) == ["playing", "playing"]
                for server in (a, b):  # each seat is connected through one process only
                    wait_for(lambda s=server: all(x["connected"] for x in info(s, table)["seats"]),
                             "both seats shown connected")
                seen: list[dict[str, Any]] = []
                while p0.view.get("to_move") is not None:
                    ply = p0.ply
                    mover = p0 if p0.view["to_move"] == 0 else p1
                    answer = await mover.act(mover.view["legal_actions"][0])
                    assert answer["type"] == "ack", answer
                    for c in clients:
                        await c.until_state(lambda m, p=ply: m["ply"] == p + 1)
                    # the spectator on the other process saw the same public view
                    other = watch_b if mover is p0 else watch_a
                    same = watch_a if mover is p0 else watch_b
                    assert other.view == same.view
                    seen.append(other.view)
                assert all(c.view["result"] is not None for c in clients)
                return seen

        seen = asyncio.run(scenario())
        assert len(seen) >= 2
        wait_for(lambda: statuses([a, b], table) == ["finished", "finished"], "finished on both")
        check_record(b, postgres_url, table)


def test_each_tables_bots_are_played_by_one_process(postgres_url: str) -> None:
    env = {**LEASE, "SWEETTOOTH_BOT_DELAY": "0.02"}
    with Servers(postgres_url, 3, env) as servers:
        bots = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
        tables = [create_table(s, "lechocolat", bots)["id"] for s in servers for _ in range(2)]

        async def watch(server: ServerProcess, table: str) -> dict[str, Any]:
            async with Player(server, table, None) as spectator:
                return await spectator.until_state(lambda m: m["status"] == "finished")

        async def everyone() -> list[dict[str, Any]]:  # each table watched from elsewhere
            return await asyncio.gather(*(
                watch(servers[(i // 2 + 1) % 3], t) for i, t in enumerate(tables)))

        ends = asyncio.run(everyone())
        for table, end in zip(tables, ends, strict=True):
            wait_for(lambda t=table: statuses(servers, t) == ["finished"] * 3,
                     "every process says finished")
            check_record(servers[0], postgres_url, table)
            assert end["ply"] == len(stored_actions(postgres_url, table))
        for server in servers:
            assert not any(BOTS_LOST_A_RACE in line for line in server.log), "".join(server.log)
        engine = create_engine(postgres_url)
        with engine.connect() as conn:  # finished tables hold no lease
            assert conn.execute(text("SELECT count(*) FROM bot_leases")).scalar() == 0
        engine.dispose()


def test_a_killed_process_tables_go_on_and_its_players_reconnect_elsewhere(
    postgres_url: str, fanout_env: dict[str, str]
) -> None:
    env = {**fanout_env, "SWEETTOOTH_BOT_DELAY": "0.1"}
    with Servers(postgres_url, 3, env) as (a, b, c):
        duel = create_table(a, "lechocolat", [{"kind": "human"}, {"kind": "bot"}])["id"]
        robots = create_table(a, "lechocolat", [{"kind": "bot"}, {"kind": "bot"}])["id"]
        token = join(a, duel, "Ada")

        async def scenario() -> tuple[int, dict[str, Any], int]:
            async with Player(c, robots, None) as watch_robots:
                async with Player(a, duel, token) as ada:
                    for _ in range(2):  # two moves of hers, each answered by a's bot
                        await ada.until_state(lambda m: m["view"]["to_move"] == 0)
                        ack = await ada.act(ada.view["legal_actions"][0])
                        assert ack["type"] == "ack", ack
                    await ada.until_state(lambda m: m["view"]["to_move"] == 0)
                    a.kill()  # no goodbye: the process just vanishes
                    killed_at = ada.ply
                robots_at = watch_robots.ply
                async with Player(b, duel, token) as again, Player(c, duel, None) as watch:
                    assert json.loads(again.frames[0])["seat"] == 0  # her seat, by her token
                    state = await again.until("state")
                    assert state["ply"] == killed_at  # nothing lost, nothing replayed twice
                    ack = await again.act(again.view["legal_actions"][0])
                    assert ack["type"] == "ack", ack
                    # the bot, now played by b or c, answers; the spectator on c sees it
                    answered = await watch.until_state(
                        lambda m: m["ply"] > killed_at + 1 and m["view"]["to_move"] == 0)
                end = await watch_robots.until_state(lambda m: m["status"] == "finished")
                assert end["ply"] > robots_at
                return killed_at, answered, robots_at

        asyncio.run(scenario())
        wait_for(lambda: statuses([b, c], robots) == ["finished", "finished"], "robots end")
        check_record(c, postgres_url, robots)
        stored = stored_actions(postgres_url, duel)
        assert [ply for ply, _ in stored] == list(range(len(stored)))


def test_a_second_process_on_one_sqlite_file_refuses_to_start(tmp_path: Path) -> None:
    """SQLite is served by one process: a second one would serve stale tables, so it says so
    and stops; once the first is gone (even SIGKILLed) a new one starts."""
    db = f"sqlite:///{tmp_path / 'one.sqlite3'}"
    first = ServerProcess(db).start()
    try:
        second = subprocess.run(ServerProcess(db).argv, cwd=ROOT, env=first.env, timeout=WAIT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        assert second.returncode != 0
        assert "already serves" in second.stderr and "one process" in second.stderr
        assert "Traceback" not in second.stderr  # one clear line, before the server starts
    finally:
        first.kill()
    with ServerProcess(db) as again:
        assert info(again, create_table(again, "lechocolat", [{"kind": "human"}] * 2)["id"])


def test_one_seat_acting_through_two_processes_at_once_makes_one_move(
    postgres_url: str,
) -> None:
    """The same seat open in two tabs, each connected to a different process, sends two
    different actions for the same ply at the same moment: the database's one row per ply lets
    exactly one commit; the other gets stale_ply; both tabs, and both processes, then show the
    winner's move, the one stored."""
    with Servers(postgres_url, 2, LEASE) as (a, b):
        table = create_table(a, "lechocolat", [{"kind": "human"}, {"kind": "human"}])["id"]
        tokens = [join(a, table, "Ada"), join(b, table, "Bo")]

        async def scenario() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
            async with (Player(a, table, tokens[0]) as p0, Player(b, table, tokens[1]) as p1):
                for p in (p0, p1):
                    await p.until_state(lambda m: m["started"])
                mover = 0 if p0.view["to_move"] == 0 else 1
                async with (Player(a, table, tokens[mover]) as tab_a,
                            Player(b, table, tokens[mover]) as tab_b):
                    for tab in (tab_a, tab_b):
                        await tab.until("state")
                    legal = tab_a.view["legal_actions"]
                    assert len(legal) > 1
                    await asyncio.gather(
                        tab_a.send({"type": "action", "ply": 0, "action": legal[0]}),
                        tab_b.send({"type": "action", "ply": 0, "action": legal[-1]}))
                    answers = [await tab_a.answer(), await tab_b.answer()]
                    for tab in (tab_a, tab_b):  # (the state may have come before the answer)
                        if tab.ply != 1:
                            await tab.until_state(lambda m: m["ply"] == 1)
                    views = [tab_a.view, tab_b.view]
                    return answers, views

        answers, views = asyncio.run(scenario())
        kinds = sorted(x.get("code", x["type"]) for x in answers)
        assert kinds == ["ack", "stale_ply"], answers
        won = next(x for x in answers if x["type"] == "ack")["action"]
        assert stored_actions(postgres_url, table) == [(0, won)]
        assert views[0] == views[1]  # one game, not two
        with api(a) as ha, api(b) as hb:
            assert ha.get(f"/api/tables/{table}/view").json() == \
                hb.get(f"/api/tables/{table}/view").json()


def test_a_process_that_lost_its_listening_connection_catches_up(postgres_url: str) -> None:
    """PostgreSQL drops b's LISTEN connection (as a network fault or a restarted database
    would); the moves made through a meanwhile reach b's spectator once b listens again
    (it reads its tables again on reconnecting), and later moves flow as before."""
    with Servers(postgres_url, 2, LEASE) as (a, b):
        table = create_table(a, "lechocolat", [{"kind": "human"}, {"kind": "human"}])["id"]
        tokens = [join(a, table, "Ada"), join(a, table, "Bo")]
        engine = create_engine(postgres_url)
        listen = f'LISTEN "{Store(engine).channel()}"'  # this test's processes only

        def cut_listeners() -> int:
            with engine.begin() as conn:
                return int(conn.execute(text(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                    "WHERE query = :listen"), {"listen": listen}).scalar() or 0)

        async def scenario() -> dict[str, Any]:
            async with (Player(a, table, tokens[0]) as p0, Player(a, table, tokens[1]) as p1,
                        Player(b, table, None) as watch):
                for p in (p0, p1, watch):
                    await p.until_state(lambda m: m["started"])
                assert cut_listeners() >= 1
                for _ in range(4):
                    mover = p0 if p0.view["to_move"] == 0 else p1
                    ply = mover.ply
                    assert (await mover.act(mover.view["legal_actions"][0]))["type"] == "ack"
                    for p in (p0, p1):
                        await p.until_state(lambda m, n=ply: m["ply"] == n + 1)
                return await watch.until_state(lambda m: m["ply"] == 4)

        try:
            seen = asyncio.run(scenario())
        finally:
            engine.dispose()
        with api(a) as http:
            assert seen["view"] == http.get(f"/api/tables/{table}/view").json()


def test_no_process_abandons_a_game_whose_players_are_connected_elsewhere(
    postgres_url: str,
) -> None:
    """Both players are connected through a; b only has a spectator. b hears from a which
    seats are connected there, so it does not end the game as abandoned while they play, and
    both end it once they have all left (abandoned_after is 2 s here)."""
    env = {**LEASE, "SWEETTOOTH_ABANDONED_AFTER": "2"}
    with Servers(postgres_url, 2, env) as (a, b):
        table = create_table(a, "lechocolat", [{"kind": "human"}, {"kind": "human"}])["id"]
        tokens = [join(a, table, "Ada"), join(a, table, "Bo")]

        async def scenario() -> list[str]:
            async with Player(b, table, None) as watch:
                async with Player(a, table, tokens[0]) as p0, Player(a, table, tokens[1]) as p1:
                    for p in (p0, p1, watch):
                        await p.until_state(lambda m: m["started"])
                    await asyncio.sleep(4)  # twice abandoned_after, players connected to a
                    during = statuses([a, b], table)
                wait_for(lambda: statuses([a, b], table) == ["abandoned"] * 2, "abandoned")
                end = await watch.until_state(lambda m: m["status"] == "abandoned")
                return [*during, end["status"]]

        assert asyncio.run(scenario()) == ["playing", "playing", "abandoned"]
