"""Rematch with several processes (docs/server.md, "Several processes"; "Rematch and series"):
the players of a finished table are connected through two different processes, each process
holding one player's connections. The offer, the votes and the new table are decided in the
database: both players are moved to one new table, each with their own seat's token (seats
rotated); a decline through one process ends the offer everywhere; two acceptances arriving at
both processes at once open exactly one table.

The finished tables are written straight into the database (a record with no moves, marked
finished with a result), so no game has to be played first: the servers load them on hello as
any finished table. Two servers are shared by the module's tests (for each fan-out carrier)."""

from __future__ import annotations

import asyncio
import secrets
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, text

import sweettooth as st
from sweettooth.server.db import SeatData, Store, TableData, hash_token, migrate
from sweettooth.server.rematch import Ballot, Outcome, cast_vote

from .conftest import NO_POSTGRES, POSTGRES, postgres_schema_url
from .harness import WAIT, Player, ServerProcess, Servers, api, wait_for
from .test_multiprocess import LEASE, REDIS, redis_answers


@pytest.fixture(scope="module", params=["notify", "redis"])
def pair(request: pytest.FixtureRequest) -> Iterator[tuple[ServerProcess, ServerProcess, Store]]:
    """Two server processes on one PostgreSQL schema, and a store on it for the tests; the
    fan-out over LISTEN/NOTIFY (offer changes announced in the committing transaction), then
    over Redis where it answers (announced after the commit)."""
    if not POSTGRES:
        pytest.skip(NO_POSTGRES)
    env = dict(LEASE)
    if request.param == "redis":
        if not redis_answers():
            pytest.skip(f"no Redis answers at {REDIS} (set SWEETTOOTH_TEST_REDIS_URL)")
        env["SWEETTOOTH_REDIS_URL"] = REDIS
    schema = "st_test_" + secrets.token_hex(6)
    admin = create_engine(POSTGRES)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = postgres_schema_url(POSTGRES, schema)
    store = Store(create_engine(url))
    try:
        with Servers(url, 2, env) as (a, b):
            yield a, b, store
    finally:
        store.close()
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def finished_table(store: Store, names: list[str], game_id: str = "lechocolat",
                   ) -> tuple[str, list[str]]:
    """A finished table with a human seat per name: (its id, the seats' tokens)."""
    game = st.game(game_id)
    tokens = [secrets.token_urlsafe(32) for _ in names]
    table_id = secrets.token_urlsafe(9)
    store.create_table(TableData(
        id=table_id, game=game.id, rules_version=game.rules_version, players=len(names),
        seed=secrets.randbits(128), bot_seed=secrets.randbits(128),
        options=dict(game.resolve_options({})), status="finished", result=None,
        seats=[SeatData(i, "human", None, name, hash_token(token), True)
               for i, (name, token) in enumerate(zip(names, tokens, strict=True))],
        actions=[], created=time.time()))
    store.set_status(table_id, "finished", {"winners": [0]})
    return table_id, tokens


def successors(store: Store, table_id: str) -> list[str]:
    """The tables stored as the next game of `table_id`'s series."""
    with store.engine.connect() as conn:
        rows = conn.execute(text(
            "SELECT n.table_id FROM series_games o JOIN series_games n "
            "ON n.series_id = o.series_id AND n.game_no = o.game_no + 1 "
            "WHERE o.table_id = :t"), {"t": table_id}).all()
    return [r[0] for r in rows]


def seat_names(server: ServerProcess, table_id: str) -> list[str]:
    with api(server) as http:
        return [s["name"] for s in http.get(f"/api/tables/{table_id}").json()["seats"]]


def test_an_offer_and_an_acceptance_through_two_processes_open_one_table(
    pair: tuple[ServerProcess, ServerProcess, Store],
) -> None:
    a, b, store = pair
    first, tokens = finished_table(store, ["Ada", "Bo"])

    async def scenario() -> list[dict[str, Any]]:
        async with (Player(a, first, tokens[0]) as ada, Player(b, first, tokens[1]) as bo,
                    Player(a, first, None) as kib):
            await ada.send({"type": "rematch"})
            offer = await bo.until("rematch")  # Bo is connected through the other process
            assert (offer["status"], offer["by"], offer["name"]) == ("open", 0, "Ada")
            assert offer["votes"] == [{"seat": 0, "accept": True}, {"seat": 1, "accept": None}]
            await bo.send({"type": "rematch", "accept": True})
            ready = [await p.until("rematch", status="ready") for p in (ada, bo, kib)]
            new = ready[0]["table"]
            assert ready[1]["table"] == ready[2]["table"] == new != first
            assert (ready[0]["seat"], ready[1]["seat"]) == (1, 0)  # rotated: Bo starts
            assert "token" not in ready[2] and "seat" not in ready[2]
            assert ready[0]["token"] != ready[1]["token"]
            # Ada's tab reopened through the other process is told of the table, and her token
            async with Player(b, first, tokens[0]) as ada_again:
                again = await ada_again.until("rematch")
                assert (again["status"], again["table"], again["seat"], again["token"]) == (
                    "ready", new, 1, ready[0]["token"])
            # each token opens its own seat, through either process
            async with (Player(a, new, ready[1]["token"]) as bo2,
                        Player(b, new, ready[0]["token"]) as ada2):
                assert '"seat":0' in bo2.frames[0] and '"seat":1' in ada2.frames[0]
            return ready

    ready = asyncio.run(scenario())
    new = ready[0]["table"]
    assert successors(store, first) == [new]
    for server in (a, b):
        assert seat_names(server, new) == ["Bo", "Ada"]
        with api(server) as http:
            assert http.get(f"/api/tables/{new}/series").json()["tables"] == [first, new]


def test_a_decline_through_one_process_ends_the_offer_on_both(
    pair: tuple[ServerProcess, ServerProcess, Store],
) -> None:
    a, b, store = pair
    first, tokens = finished_table(store, ["Ada", "Bo"])

    async def scenario() -> None:
        async with Player(a, first, tokens[0]) as ada, Player(b, first, tokens[1]) as bo:
            await ada.send({"type": "rematch"})
            await bo.until("rematch", status="open")
            await bo.send({"type": "rematch", "accept": False})
            for p in (ada, bo):
                declined = await p.until("rematch", status="declined")
                assert (declined["by"], declined["name"]) == (1, "Bo")
                assert "table" not in declined and "token" not in declined
            # Bo's acceptance now is a new offer on both processes, not the end of the old one
            await bo.send({"type": "rematch", "accept": True})
            for p in (ada, bo):
                offer = await p.until("rematch", status="open")
                assert offer["votes"] == [{"seat": 0, "accept": None},
                                          {"seat": 1, "accept": True}]
            await ada.send({"type": "rematch", "accept": False})
            await bo.until("rematch", status="declined")
            await ada.send({"type": "rematch", "accept": False})  # nothing left to decline
            assert (await ada.until("error"))["code"] == "rematch_unavailable"

    asyncio.run(scenario())
    assert successors(store, first) == []
    for server in (a, b):
        with api(server) as http:
            assert http.get(f"/api/tables/{first}/series").json() == {"series": None}


RACES = 4


def test_acceptances_arriving_at_both_processes_at_once_open_one_table(
    pair: tuple[ServerProcess, ServerProcess, Store],
) -> None:
    """At each of several tables both players offer at the same moment, through different
    processes: one of the two votes completes the offer, the other reads its table."""
    a, b, store = pair
    firsts = [finished_table(store, ["Ada", "Bo"]) for _ in range(RACES)]

    async def race(first: str, tokens: list[str]) -> list[dict[str, Any]]:
        async with Player(a, first, tokens[0]) as ada, Player(b, first, tokens[1]) as bo:
            await asyncio.gather(ada.send({"type": "rematch"}), bo.send({"type": "rematch"}))
            return [await p.until("rematch", status="ready") for p in (ada, bo)]

    async def scenario() -> list[list[dict[str, Any]]]:
        return list(await asyncio.gather(*(race(f, t) for f, t in firsts)))

    before = count_tables(store)
    for (first, _), (ada, bo) in zip(firsts, asyncio.run(scenario()), strict=True):
        assert ada["table"] == bo["table"]
        assert (ada["seat"], bo["seat"]) == (1, 0) and ada["token"] != bo["token"]
        assert successors(store, first) == [ada["table"]]
    assert count_tables(store) == before + RACES  # one new table a race, no more


def test_the_last_two_acceptances_at_once_through_two_processes_open_one_table(
    pair: tuple[ServerProcess, ServerProcess, Store],
) -> None:
    """Three players (Bonbons): Ada offers; Bo (through one process) and Cy (through the
    other) accept at the same moment. Each vote reads the offer and adds itself: counted one
    after the other, the second sees every seat accepted and opens the table (counted side by
    side, each would store its own vote over the other's, and no table would open)."""
    a, b, store = pair
    firsts = [finished_table(store, ["Ada", "Bo", "Cy"], "bonbons") for _ in range(RACES)]

    async def race(first: str, tokens: list[str]) -> list[dict[str, Any]]:
        async with (Player(a, first, tokens[0]) as ada, Player(b, first, tokens[1]) as bo,
                    Player(a, first, tokens[2]) as cy):
            await ada.send({"type": "rematch"})
            for p in (bo, cy):
                await p.until("rematch", status="open")
            await asyncio.gather(bo.send({"type": "rematch"}), cy.send({"type": "rematch"}))
            return [await p.until("rematch", status="ready") for p in (ada, bo, cy)]

    async def scenario() -> list[list[dict[str, Any]]]:
        return list(await asyncio.gather(*(race(f, t) for f, t in firsts)))

    before = count_tables(store)
    for (first, _), ready in zip(firsts, asyncio.run(scenario()), strict=True):
        assert len({r["table"] for r in ready}) == 1
        assert [r["seat"] for r in ready] == [2, 0, 1]
        assert len({r["token"] for r in ready}) == 3
        assert successors(store, first) == [ready[0]["table"]]
    assert count_tables(store) == before + RACES


def count_tables(store: Store) -> int:
    with store.engine.connect() as conn:
        count: int = conn.execute(text("SELECT count(*) FROM tables")).scalar_one()
    return count


def test_votes_cast_side_by_side_in_the_database_open_one_table(postgres_url: str) -> None:
    """The decision itself, without servers: two connections cast the last two votes of a
    three-player offer while the offer's row is held locked, so both are under way before
    either can write (deterministic, where the races above depend on timing). Counted one after
    the other, exactly one of them opens a table; read side by side, the later would store its
    vote over the earlier's and none would open."""
    app = "st-rematch-" + secrets.token_hex(4)
    engines = [create_engine(postgres_url, connect_args={"application_name": app})
               for _ in range(3)]
    migrate(engines[0])
    stores = [Store(e) for e in engines]
    first, _ = finished_table(stores[0], ["Ada", "Bo", "Cy"], "bonbons")
    game = st.game("bonbons")

    def ballot(seat: int) -> Ballot:
        blank = TableData(
            id=secrets.token_urlsafe(9), game=game.id, rules_version=game.rules_version,
            players=3, seed=1, bot_seed=2, options=dict(game.resolve_options({})),
            status="waiting", result=None, seats=[], actions=[])
        return Ballot(first, seat, True, f"key{seat}", blank)

    assert cast_vote(stores[0], ballot(0)).offer is not None  # Ada offers
    outcomes: list[Outcome] = []
    with engines[0].connect() as holder:
        holder.execute(text("BEGIN"))
        holder.execute(text("SELECT 1 FROM rematch_offers WHERE table_id = :t FOR UPDATE"),
                       {"t": first})
        threads = [threading.Thread(target=lambda s=s: outcomes.append(
            cast_vote(stores[s], ballot(s)))) for s in (1, 2)]
        for thread in threads:
            thread.start()
        wait_for(lambda: waiting(engines[0], app) == 2, "both votes to wait for a lock")
        holder.execute(text("COMMIT"))
        for thread in threads:
            thread.join(WAIT)
    opened = [o.opened for o in outcomes if o.opened is not None]
    assert len(outcomes) == 2 and len(opened) == 1
    assert [s.token_hash for s in opened[0].seats] == ["key1", "key2", "key0"]  # rotated
    assert successors(stores[0], first) == [opened[0].id]
    for store in stores:
        store.close()


def waiting(engine: Engine, app: str) -> int:
    """How many connections named `app` are waiting for a lock."""
    with engine.connect() as conn:
        count: int = conn.execute(text(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = :a "
            "AND wait_event_type = 'Lock'"), {"a": app}).scalar_one()
    return count
