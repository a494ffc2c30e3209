"""Chat at a table over WebSocket: both ways, text only, limits, spectators apart, persisted."""

from __future__ import annotations

import asyncio

from .harness import Player, ServerProcess, api, create_table, join
from .social import chats_until

PAYLOAD = '<script>alert("x")</script><img src=x onerror=alert(1)><b>bold</b> & "quotes"'


def _table(srv: ServerProcess) -> tuple[str, list[str]]:
    table = create_table(srv, "lechocolat", [{"kind": "human"}, {"kind": "human"}])
    return table["id"], [join(srv, table["id"], "Ada"), join(srv, table["id"], "Bo")]


def test_players_chat_both_ways_and_spectators_chat_stays_apart(
    sqlite_server: ServerProcess,
) -> None:
    srv = sqlite_server
    tid, tokens = _table(srv)

    async def run() -> None:
        async with Player(srv, tid, tokens[0]) as ada, Player(srv, tid, tokens[1]) as bo, \
                Player(srv, tid, None) as watcher:
            await ada.send({"type": "chat", "text": "Good game"})
            for p in (ada, bo, watcher):  # players' chat: the players and the spectators
                got = (await chats_until(p, "Good game"))[-1]
                assert (got["channel"], got["seat"], got["name"]) == ("players", 0, "Ada")
            await bo.send({"type": "chat", "text": "Your turn"})
            got = (await chats_until(ada, "Your turn"))[-1]
            assert (got["seat"], got["name"]) == (1, "Bo")
            # a spectator's message reaches spectators only, until a player opens their chat
            await watcher.send({"type": "chat", "text": "Ada should claim", "name": "Kib"})
            got = (await chats_until(watcher, "Ada should claim"))[-1]
            assert (got["channel"], got["seat"], got["name"]) == ("spectators", None, "Kib")
            await ada.send({"type": "chat", "text": "marker 1"})
            for p in (ada, bo):
                assert all(m["channel"] == "players" for m in await chats_until(p, "marker 1"))
            await ada.send({"type": "chat_open", "channel": "spectators"})
            history = await ada.until("chat_history", channel="spectators")
            assert [m["text"] for m in history["messages"]] == ["Ada should claim"]
            await watcher.send({"type": "chat", "text": "nice"})
            assert (await chats_until(ada, "nice"))[-1]["channel"] == "spectators"
            await ada.send({"type": "chat", "text": "marker 2"})
            assert [m["text"] for m in await chats_until(bo, "marker 2")] == ["marker 2"]
            # no frame of the chat carries anything of the game
            assert all("view" not in m for m in await chats_until(watcher, "marker 2"))

    asyncio.run(run())


def test_markup_is_stored_and_echoed_as_the_same_text(sqlite_server: ServerProcess) -> None:
    srv = sqlite_server
    tid, tokens = _table(srv)

    async def run() -> None:
        async with Player(srv, tid, tokens[0]) as ada, Player(srv, tid, tokens[1]) as bo:
            await ada.send({"type": "chat", "text": PAYLOAD})
            assert (await chats_until(bo, PAYLOAD))[-1]["text"] == PAYLOAD

    asyncio.run(run())
    with api(srv) as http:
        stored = http.get(f"/api/tables/{tid}/chat").json()
    assert [m["text"] for m in stored] == [PAYLOAD]


def test_limits_give_clear_errors_and_store_nothing(sqlite_server: ServerProcess) -> None:
    srv = sqlite_server
    tid, tokens = _table(srv)

    async def run() -> None:
        async with Player(srv, tid, tokens[0]) as ada:
            await ada.send({"type": "chat", "text": "x" * 301})
            err = await ada.until("error")
            assert err["code"] == "chat_too_long" and "300" in err["message"]
            await ada.send({"type": "chat", "text": "   "})
            assert (await ada.until("error"))["code"] == "chat_empty"
            await ada.send({"type": "chat", "text": "hi", "name": "Eve"})
            assert "name" in (await ada.until("error", code="malformed"))["message"]
            for i in range(5):
                await ada.send({"type": "chat", "text": f"m{i}"})
                await chats_until(ada, f"m{i}")
            await ada.send({"type": "chat", "text": "one too many"})
            err = await ada.until("error")
            assert err["code"] == "chat_rate_limited" and "5 chat messages in 10 s" in err[
                "message"]
            await ada.send({"type": "ping"})  # the connection stays open
            await ada.until("pong")

    asyncio.run(run())
    with api(srv) as http:
        stored = http.get(f"/api/tables/{tid}/chat").json()
    assert [m["text"] for m in stored] == [f"m{i}" for i in range(5)]


def test_chat_is_kept_across_a_restart(db_url: str) -> None:
    with ServerProcess(db_url) as srv:
        tid, tokens = _table(srv)

        async def say() -> None:
            async with Player(srv, tid, tokens[0]) as ada, Player(srv, tid, None) as kib:
                await ada.send({"type": "chat", "text": "Thinking..."})
                await kib.send({"type": "chat", "text": "hm"})
                await chats_until(kib, "hm")

        asyncio.run(say())
        srv.stop()
        srv.start()

        async def read() -> tuple[list[str], list[str]]:
            async with Player(srv, tid, tokens[1]) as bo:
                await bo.send({"type": "chat_open", "channel": "players"})
                players = await bo.until("chat_history", channel="players")
                await bo.send({"type": "chat_open", "channel": "spectators"})
                spectators = await bo.until("chat_history", channel="spectators")
                return ([m["text"] for m in players["messages"]],
                        [m["text"] for m in spectators["messages"]])

        assert asyncio.run(read()) == (["Thinking..."], ["hm"])


def test_history_of_a_table_still_waiting_holds_what_was_said(
    sqlite_server: ServerProcess,
) -> None:
    """A table this server opened and nobody has played yet: its history is served from memory
    (no database read) and holds every message, whoever asks and whenever."""
    srv = sqlite_server
    tid, tokens = _table(srv)

    async def run() -> list[str]:
        async with Player(srv, tid, tokens[0]) as ada:  # Bo never comes: the table waits
            await ada.send({"type": "chat", "text": "anyone there?"})
            await chats_until(ada, "anyone there?")
            async with Player(srv, tid, None) as kib:
                await kib.send({"type": "chat_open", "channel": "players"})
                history = await kib.until("chat_history", channel="players")
                await kib.send({"type": "chat", "text": "waiting too"})
                await chats_until(kib, "waiting too")
            async with Player(srv, tid, tokens[0]) as again:
                await again.send({"type": "chat_open", "channel": "spectators"})
                later = await again.until("chat_history", channel="spectators")
            return [m["text"] for m in history["messages"] + later["messages"]]

    assert asyncio.run(run()) == ["anyone there?", "waiting too"]
