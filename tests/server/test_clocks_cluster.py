"""Clocks across processes (PostgreSQL; skipped without SWEETTOOTH_TEST_POSTGRES_URL): two
server processes compute the same remaining time from the stored move times, and when the
process holding the table is SIGKILLed the other takes its lease over and lets the flag fall
with nobody sending anything (docs/server.md, "Clocks")."""

from __future__ import annotations

import asyncio
from typing import Any

from .harness import Player, Servers, create_table, join

LEASE = {"SWEETTOOTH_LEASE_SECONDS": "1"}


def due(frame: dict[str, Any]) -> float:
    """When the running seat's flag falls, as the frame's process reckons it."""
    clock = frame["clock"]
    return float(clock["at"] + clock["remaining"][clock["running"]])


def test_two_processes_agree_on_the_clock_and_the_survivor_flags(postgres_url: str) -> None:
    with Servers(postgres_url, 2, LEASE) as (a, b):
        spec = {"mode": "live", "minutes": 0.05, "increment": 1, "flag_fall": "score"}
        table = create_table(a, "lechocolat", [{"kind": "human"}, {"kind": "human"}],
                             clock=spec)["id"]  # a holds its lease
        tokens = [join(b, table, "Ada"), join(a, table, "Bo")]

        async def scenario() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
            async with Player(b, table, tokens[0]) as ada, Player(a, table, tokens[1]) as bo:
                for p in (ada, bo):
                    await p.until_state(lambda m: m["started"] and m["clock"]["running"] == 0)
                await asyncio.sleep(0.2)
                assert (await ada.act(ada.view["legal_actions"][0]))["type"] == "ack"
                seen_b = await ada.until_state(lambda m: m["ply"] == 1)
                seen_a = await bo.until_state(lambda m: m["ply"] == 1)
                a.kill()  # the lease holder dies; Bo never moves
                end = await ada.until_state(lambda m: m["status"] == "finished")
                return seen_a, seen_b, end

        seen_a, seen_b, end = asyncio.run(scenario())
    assert seen_a["clock"]["running"] == seen_b["clock"]["running"] == 1
    assert abs(seen_a["clock"]["remaining"][0] - seen_b["clock"]["remaining"][0]) <= 0.002
    assert abs(due(seen_a) - due(seen_b)) <= 0.002  # one start, one stored move time
    assert end["view"]["result"]["flag"] == 1 and end["view"]["result"]["winners"] == [0]
    assert end["clock"]["flagged"] == [1]
