"""Two table managers (two server processes' worth) on one PostgreSQL database, in one event
loop: a process serves a table from what it knows, and reads it again from the database only
when that falls short (tables.py, `TableManager.join` and `attach`).

Each process hears the others' commits as events; reading the table again at every join and
connect cost a quarter of the server's CPU under load, so it is done only on a miss: a token
this process does not know, or a seat the database says is taken. To make the miss certain,
the second process is made deaf (its fan-out handler drops every event) for the test.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

import pytest

from sweettooth.server.protocol import ProtocolError
from sweettooth.server.tables import Client, LobbyError, TableManager

from .managers import manager

T = TypeVar("T")


def deafen(m: TableManager) -> None:
    """Drop every event the other processes send `m` from now on."""
    m.cluster.fanout.handler = lambda _payload: None  # type: ignore[attr-defined]


def run(postgres_url: str, scenario: Callable[[TableManager, TableManager], Awaitable[T]]) -> T:
    async def both() -> T:
        async with manager(postgres_url) as a, manager(postgres_url) as b:
            assert a.cluster.active and b.cluster.active
            return await scenario(a, b)

    return asyncio.run(both())


def test_a_token_joined_elsewhere_opens_its_seat(postgres_url: str) -> None:
    async def scenario(a: TableManager, b: TableManager) -> tuple[int | None, str]:
        table = await a.create("lechocolat", 2, {}, None)
        b_table = await b.get(table.id)
        assert b_table is not None
        deafen(b)
        _, token = await a.join(table, None, "Ada")
        client = Client()
        await b.attach(b_table, token, client)  # b has not heard of the join: it reads again
        with pytest.raises(ProtocolError) as refused:
            await b.attach(b_table, "not a token", Client())
        return client.seat, refused.value.code

    assert run(postgres_url, scenario) == (0, "bad_token")


def test_a_seat_taken_elsewhere_is_skipped_or_refused_by_name(postgres_url: str) -> None:
    async def scenario(a: TableManager, b: TableManager) -> tuple[int, str]:
        table = await a.create("lechocolat", 2, {}, None)
        b_table = await b.get(table.id)
        assert b_table is not None
        deafen(b)
        await a.join(table, None, "Ada")  # seat 0, unknown to b
        with pytest.raises(LobbyError) as taken:
            await b.join(b_table, 0, "Bo")
        seat, _ = await b.join(b_table, None, "Bo")  # the first free seat, as it now knows
        return seat, taken.value.message

    seat, message = run(postgres_url, scenario)
    assert seat == 1
    assert message == "seat 0 is taken; free seats: [1]"
