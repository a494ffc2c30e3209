"""Connections: reconnecting with a token, presence, rate limits, bots off the event loop."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from .harness import Player, ServerProcess, api, create_table, join, wait_for


def test_a_dropped_player_reconnects_and_others_see_it(sqlite_server: ServerProcess) -> None:
    srv = sqlite_server
    table = create_table(srv, "lechocolat", [{"kind": "human"}, {"kind": "human"}])["id"]
    tokens = [join(srv, table, "A"), join(srv, table, "B")]

    async def scenario() -> list[bool]:
        async with Player(srv, table, tokens[1]) as b:
            await b.until("state")
            a = await Player(srv, table, tokens[0]).__aenter__()
            await a.until("state")
            await b.until_state(lambda m: m["started"])  # A's arrival started the game
            seen = [b.seats[0]["connected"]]
            mover = a if a.view["to_move"] == 0 else b
            target = mover.ply + 1
            assert (await mover.act(mover.view["legal_actions"][0]))["type"] == "ack"
            await a.until_state(lambda m: m["ply"] >= target)
            await a.close()                                  # A drops
            await b.until("presence")
            seen.append(b.seats[0]["connected"])
            async with Player(srv, table, tokens[0]) as again:  # and comes back
                state = await again.until("state")
                assert state["ply"] == target and state["view"]["seat"] == 0
                await b.until("presence")
                seen.append(b.seats[0]["connected"])
                mover = again if again.view["to_move"] == 0 else b
                assert (await mover.act(mover.view["legal_actions"][0]))["type"] == "ack"
            return seen

    assert asyncio.run(scenario()) == [True, False, True]


def test_play_starts_when_every_human_has_connected(sqlite_server: ServerProcess) -> None:
    """The first to arrive waits (acting gets not_started); the last arrival starts the game
    and everyone is sent a fresh state saying so."""
    srv = sqlite_server
    table = create_table(srv, "lechocolat", [{"kind": "human"}, {"kind": "human"}])["id"]
    tokens = [join(srv, table, "A"), join(srv, table, "B")]

    async def scenario() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        async with Player(srv, table, tokens[0]) as a:
            waiting = await a.until("state")
            refused = await a.act(a.view["legal_actions"][0] if a.view["legal_actions"]
                                  else "x")
            async with Player(srv, table, tokens[1]) as b:
                await b.until("state")
                begun = await a.until("state")
                return waiting, refused, begun

    waiting, refused, begun = asyncio.run(scenario())
    assert waiting["started"] is False and begun["started"] is True
    assert begun["ply"] == 0 and begun["seats"][1]["connected"] is True
    assert refused["code"] in ("not_started", "not_your_turn")


def test_message_rate_is_limited_and_the_connection_stays(tmp_path: Path) -> None:
    env = {"SWEETTOOTH_RATE_BURST": "5", "SWEETTOOTH_RATE_PER_SECOND": "0.001"}
    with ServerProcess(f"sqlite:///{tmp_path / 'r.sqlite3'}", env=env) as srv:
        table = create_table(srv, "lechocolat", [{"kind": "human"}, {"kind": "human"}])["id"]

        async def flood() -> list[dict[str, Any]]:
            async with Player(srv, table, None) as watcher:   # the hello used one token
                await watcher.until("state")
                for _ in range(10):
                    await watcher.send({"type": "ping"})
                return [await watcher.recv() for _ in range(10)]

        answers = asyncio.run(flood())
    kinds = [a.get("code", a["type"]) for a in answers]
    assert kinds == ["pong"] * 4 + ["rate_limited"] * 6


def test_a_thinking_bot_does_not_block_the_server(tmp_path: Path) -> None:
    """While a bot is stuck thinking, the server still answers HTTP and WebSocket."""
    folder = tmp_path / "bot"
    folder.mkdir()
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps({"db": f"sqlite:///{tmp_path / 'b.sqlite3'}", "hook": "block",
                                "dir": str(folder)}))
    argv = [sys.executable, "-m", "tests.server.hooked_server", str(spec)]
    with ServerProcess("", argv=argv) as srv:
        busy = create_table(srv, "lechocolat", [{"kind": "bot"}, {"kind": "bot"}])["id"]
        wait_for((folder / "started").exists, "the bot to start thinking")
        with api(srv) as http:
            assert http.get("/healthz").json() == {"status": "ok"}
            other = create_table(srv, "bonbons", [{"kind": "human"}, {"kind": "human"}])["id"]
            assert http.get(f"/api/tables/{busy}").json()["ply"] == 0  # still thinking

        async def ping() -> dict[str, Any]:
            async with Player(srv, other, None) as p:
                await p.until("state")
                await p.send({"type": "ping"})
                return await p.until("pong")

        assert asyncio.run(ping()) == {"type": "pong"}
        (folder / "release").touch()
        with api(srv) as http:
            wait_for(lambda: http.get(f"/api/tables/{busy}").json()["ply"] >= 1,
                     "the bot to move once released")


def test_lobby_writes_are_limited_per_address(tmp_path: Path) -> None:
    """Opening tables and joining seats share one bucket per client address; past it: 429
    naming the limit, nothing created, and reading the lobby still works."""
    env = {"SWEETTOOTH_HTTP_BURST": "3", "SWEETTOOTH_HTTP_PER_SECOND": "0"}
    seats = [{"kind": "human"}, {"kind": "bot"}]
    with ServerProcess(f"sqlite:///{tmp_path / 'h.sqlite3'}", env=env) as srv:
        first = create_table(srv, "lechocolat", seats)["id"]
        create_table(srv, "bonbons", seats)
        join(srv, first, "Ann")
        with api(srv) as http:
            refused = http.post("/api/tables", json={"game": "lechocolat", "seats": seats})
            assert refused.status_code == 429
            assert "too many tables opened or seats joined from 127.0.0.1" in (
                refused.json()["detail"])
            again = http.post(f"/api/tables/{first}/join", json={"name": "Bob"})
            assert again.status_code == 429
            listed = http.get("/api/tables")
            assert listed.status_code == 200  # open tables: the refused one is not there
            assert [t["game"] for t in listed.json()] == ["bonbons"]
            assert http.get(f"/api/tables/{first}").json()["seats"][0]["name"] == "Ann"


def test_bots_in_a_process_pool_play_a_table_to_the_end(tmp_path: Path) -> None:
    """`bot_executor=process`: decisions run in spawned worker processes, and the game they
    play is a valid one (its record replays to the same result)."""
    import sweettooth as st

    env = {"SWEETTOOTH_BOT_EXECUTOR": "process"}
    with ServerProcess(f"sqlite:///{tmp_path / 'p.sqlite3'}", env=env) as srv:
        seats = [{"kind": "bot", "level": "medium"}, {"kind": "bot", "level": "easy"}]
        table = create_table(srv, "lechocolat", seats)["id"]
        with api(srv) as http:
            wait_for(lambda: http.get(f"/api/tables/{table}").json()["result"] is not None,
                     "the bots to finish the game")
            info = http.get(f"/api/tables/{table}").json()
            record = http.get(f"/api/tables/{table}/record").json()
    state = st.replay(record)
    assert info["ply"] == len(record["actions"]) > 0
    result = state.result()
    assert result is not None and info["result"] == result.to_json()
