"""Chat with several processes (docs/server.md, "Several processes"): players connected through
different processes read each other's messages live, and a spectator on a third process reads
the players' chat; a spectator's message reaches a player elsewhere only once they open it."""

from __future__ import annotations

import asyncio

from .harness import Player, Servers, create_table, join
from .social import chats_until
from .test_multiprocess import LEASE


def test_chat_reaches_connections_held_by_other_processes(postgres_url: str) -> None:
    with Servers(postgres_url, 3, LEASE) as (a, b, c):
        table = create_table(a, "lechocolat", [{"kind": "human"}, {"kind": "human"}])["id"]
        tokens = [join(a, table, "Ada"), join(b, table, "Bo")]

        async def scenario() -> None:
            async with (Player(a, table, tokens[0]) as ada, Player(b, table, tokens[1]) as bo,
                        Player(c, table, None) as watcher):
                await ada.send({"type": "chat", "text": "hello from a"})
                for p in (bo, watcher):
                    got = (await chats_until(p, "hello from a"))[-1]
                    assert (got["seat"], got["name"], got["channel"]) == (0, "Ada", "players")
                await bo.send({"type": "chat", "text": "hello from b"})
                assert (await chats_until(ada, "hello from b"))[-1]["seat"] == 1
                await watcher.send({"type": "chat", "text": "psst", "name": "Kib"})
                await ada.send({"type": "chat_open", "channel": "spectators"})
                await ada.until("chat_history", channel="spectators")
                await watcher.send({"type": "chat", "text": "seen by Ada"})
                assert (await chats_until(ada, "seen by Ada"))[-1]["channel"] == "spectators"
                await bo.send({"type": "chat", "text": "marker"})  # Bo never opened it
                texts = [m["text"] for m in await chats_until(bo, "marker")]
                assert "psst" not in texts and "seen by Ada" not in texts

        asyncio.run(scenario())
