"""With several processes the stored status follows the game: an all-human game whose players
connect through different processes at the same moment is `playing` in the database (each
process saw only its own seat connect; the database, deciding in the same transaction as the
seat's `ready`, sees both)."""

from __future__ import annotations

import asyncio
import contextlib

from sqlalchemy import create_engine, text

from .harness import Player, Servers, create_table, join

TABLES = 6


def stored_statuses(db_url: str, tables: list[str]) -> list[str]:
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            rows: dict[str, str] = dict(conn.execute(text("SELECT id, status FROM tables")).all())
    finally:
        engine.dispose()
    return [rows[t] for t in tables]


def test_a_game_joined_through_two_processes_is_stored_as_playing(postgres_url: str) -> None:
    with Servers(postgres_url, 2) as (a, b):
        tables = [create_table(a, "lechocolat", [{"kind": "human"}] * 2)["id"]
                  for _ in range(TABLES)]
        tokens = {t: (join(a, t, "A"), join(b, t, "B")) for t in tables}

        async def scenario() -> list[int]:
            async with contextlib.AsyncExitStack() as stack:
                pairs = [await asyncio.gather(  # both seats say hello at once, one per process
                    stack.enter_async_context(Player(a, t, tokens[t][0])),
                    stack.enter_async_context(Player(b, t, tokens[t][1]))) for t in tables]
                plies = []
                for first, second in pairs:
                    for p in (first, second):
                        await p.until_state(lambda m: m["started"])
                    for _ in range(4):  # a few moves through whichever process holds the turn
                        mover = first if first.view["to_move"] == 0 else second
                        ack = await mover.act(mover.view["legal_actions"][0])
                        assert ack["type"] == "ack", ack
                        other = second if mover is first else first
                        await other.until_state(lambda m, ply=ack["ply"]: m["ply"] > ply)
                        await mover.until_state(lambda m, ply=ack["ply"]: m["ply"] > ply)
                    plies.append(mover.ply)
                return plies

        plies = asyncio.run(scenario())
        assert plies == [4] * TABLES
        assert stored_statuses(postgres_url, tables) == ["playing"] * TABLES
