"""State frames on request carry only the log lines not sent before (`"log": "new"` in the
hello), so their size stops growing with the game; clients that do not ask get whole views."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from websockets.asyncio.client import connect

from .harness import WAIT, ServerProcess, create_table


async def watch(url: str, hello: dict[str, Any], until_ply: int) -> list[str]:
    """Every state frame up to the one of `until_ply` (or the end of the game)."""
    frames: list[str] = []
    async with connect(url, max_size=2**24) as ws:
        await ws.send(json.dumps(hello))
        while True:
            text = await asyncio.wait_for(ws.recv(), WAIT)
            assert isinstance(text, str)
            msg = json.loads(text)
            if msg["type"] != "state":
                continue
            frames.append(text)
            if msg["ply"] >= until_ply or msg["view"]["result"] is not None:
                return frames


def test_new_log_lines_only_rebuild_the_whole_view(sqlite_server: ServerProcess) -> None:
    table = create_table(sqlite_server, "bonbons",
                         [{"kind": "bot", "level": "easy"}] * 2, options={"turn_limit": 40})
    url = f"{sqlite_server.ws}/ws/tables/{table['id']}"

    async def both() -> tuple[list[str], list[str]]:
        whole, new = await asyncio.gather(
            watch(url, {"type": "hello"}, 10**6),
            watch(url, {"type": "hello", "log": "new"}, 10**6),
        )
        return whole, new

    whole, new = asyncio.run(both())
    by_ply = {json.loads(f)["ply"]: json.loads(f) for f in whole}
    log: list[Any] = []
    checked = 0
    for text in new:
        msg = json.loads(text)
        assert msg["log_from"] <= len(log)
        log = log[: msg["log_from"]] + msg["view"]["log"]
        full = by_ply.get(msg["ply"])
        if full is not None:
            assert {**msg["view"], "log": log} == full["view"]
            assert "log_from" not in full
            checked += 1
    assert checked >= 10 and json.loads(new[0])["log_from"] == 0
    last_new, last_whole = json.loads(new[-1]), json.loads(whole[-1])
    assert last_whole["view"]["result"] is not None  # the game was played to its end
    assert len(last_new["view"]["log"]) < len(last_whole["view"]["log"]) / 4


def test_a_bad_log_mode_is_refused(sqlite_server: ServerProcess) -> None:
    table = create_table(sqlite_server, "lechocolat", [{"kind": "human"}] * 2)

    async def ask() -> dict[str, Any]:
        async with connect(f"{sqlite_server.ws}/ws/tables/{table['id']}") as ws:
            await ws.send(json.dumps({"type": "hello", "log": "some"}))
            return dict(json.loads(await asyncio.wait_for(ws.recv(), WAIT)))

    answer = asyncio.run(ask())
    assert answer["code"] == "malformed" and "log" in answer["message"]
