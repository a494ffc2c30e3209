"""Bot leases (PostgreSQL, several processes): a lease counts as held only until it expires,
in the database and in the holder's own reckoning; renewal keeps it; a holder whose event loop
overran the lease (stalled past it) does not count it as held until it is renewed.
test_bot_stall.py pauses a real process past its lease."""

from __future__ import annotations

import asyncio
import time

from sweettooth.server.tables import TableManager

from .managers import manager

LEASE = 0.6


def bot_table(m: TableManager) -> object:
    """A table of one human (never connected: its bots never move) and one bot."""
    return m.create("lechocolat", 2, {}, [{"kind": "human"}, {"kind": "bot", "level": "easy"}])


def test_the_store_hands_a_lease_over_only_once_it_expired(postgres_url: str) -> None:
    async def scenario() -> list[object]:
        async with manager(postgres_url, lease=30.0) as m:
            table = await bot_table(m)  # type: ignore[misc]
            s = m.store
            seen: list[object] = []
            seen.append(s.acquire_lease(table.id, "other", 0.5))  # held by m: refused
            seen.append(s.renew_leases("other", 0.5))  # nothing of its own to renew
            s.release_leases(m.cluster.origin)
            seen.append(s.acquire_lease(table.id, "first", 0.3))  # free: taken
            seen.append(s.acquire_lease(table.id, "second", 0.3))  # unexpired: refused
            seen.append(s.orphaned_tables(10))  # held: no orphan
            await asyncio.sleep(0.5)
            seen.append(s.orphaned_tables(10))  # expired: an orphan
            seen.append(s.renew_leases("first", 0.3))  # an expired lease is not renewed
            seen.append(s.acquire_lease(table.id, "second", 30.0))  # expired: taken over
            seen.append(s.acquire_lease(table.id, "first", 30.0))
            return [table.id, *seen]

    table_id, *seen = asyncio.run(scenario())
    assert seen == [False, [], True, False, [], [table_id], [], True, False]


def test_renewal_keeps_the_lease_and_an_expired_one_is_not_held(postgres_url: str) -> None:
    async def scenario() -> tuple[list[bool], bool, bool]:
        async with manager(postgres_url, lease=LEASE) as m:
            table = await bot_table(m)  # type: ignore[misc]
            held = []
            for _ in range(6):  # three lease lengths: only renewal can keep it
                await asyncio.sleep(LEASE / 2)
                held.append(m.cluster.holds(table.id))
            time.sleep(LEASE)  # the event loop stalls past the lease: no renewal ran
            overran = m.cluster.holds(table.id)
            renewed = False  # the loop runs again and renews (within a few rounds: a hang
            for _ in range(20):  # guard, as a loaded machine may take a round or two)
                await asyncio.sleep(LEASE / 4)
                renewed = m.cluster.holds(table.id)
                if renewed:
                    break
            return held, overran, renewed

    held, overran, renewed = asyncio.run(scenario())
    assert held == [True] * 6
    assert overran is False
    assert renewed is True

