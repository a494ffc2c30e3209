"""Play sockets to tables that do not exist: each is answered with one `not_found` frame and
closed, quietly also when the client is gone before the answer (no traceback in the log, so
such sockets cannot fill a disk), and one address gets only so many database look-ups."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from .harness import WAIT, Player, ServerProcess, create_table

LIMITED = {"SWEETTOOTH_UNKNOWN_TABLE_BURST": "20", "SWEETTOOTH_UNKNOWN_TABLE_PER_SECOND": "0"}


async def knock(url: str, wait_for_answer: bool) -> tuple[dict[str, Any], int | None] | None:
    """Open a play socket; either read the answer and the close, or drop the connection at
    once (before the server can answer)."""
    ws = await connect(url, open_timeout=WAIT)
    if not wait_for_answer:
        ws.transport.abort()
        return None
    frame = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
    with contextlib.suppress(ConnectionClosed):
        await asyncio.wait_for(ws.recv(), WAIT)
    return frame, ws.close_code


def test_a_hundred_dropped_sockets_to_unknown_tables_log_no_traceback(tmp_path: Path) -> None:
    with ServerProcess(f"sqlite:///{tmp_path / 'x.sqlite3'}") as srv:
        async def hundred() -> list[Any]:  # in two waves (64 connections per address)
            out: list[Any] = []
            for wave in (range(50), range(50, 100)):
                out += await asyncio.gather(*(
                    knock(f"{srv.ws}/ws/tables/nosuchtable{i}", wait_for_answer=i % 4 == 0)
                    for i in wave))
            return out

        answered = [a for a in asyncio.run(hundred()) if a is not None]
        create_table(srv, "lechocolat", [{"kind": "human"}] * 2)  # the server still serves
        srv.stop()
    log = "".join(srv.log)
    assert "Traceback" not in log and "ERROR" not in log, log[-3000:]
    assert answered and all(frame["code"] in ("not_found", "rate_limited") and code in (4404, 1008)
                            for frame, code in answered)


def test_unknown_table_look_ups_are_limited_per_address(tmp_path: Path) -> None:
    with ServerProcess(f"sqlite:///{tmp_path / 'x.sqlite3'}", env=LIMITED) as srv:
        table = create_table(srv, "lechocolat", [{"kind": "human"}] * 2)["id"]

        async def scenario() -> tuple[list[tuple[str, int | None]], dict[str, Any]]:
            seen = []
            for i in range(25):
                answer = await knock(f"{srv.ws}/ws/tables/nosuchtable{i}", wait_for_answer=True)
                assert answer is not None
                seen.append((answer[0]["code"], answer[1]))
            async with Player(srv, table, None) as watcher:  # a live table still opens
                state = await watcher.until("state")
            return seen, state

        seen, state = asyncio.run(scenario())
    assert seen == [("not_found", 4404)] * 20 + [("rate_limited", 1008)] * 5
    assert state["ply"] == 0
