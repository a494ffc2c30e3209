"""Durability on both databases: commits before acks, one winner per ply, crash and replay."""

from __future__ import annotations

import asyncio
import random
import threading
from typing import Any

import pytest

import sweettooth as st
from sweettooth.server.db import PendingAction, SeatData, Store, TableData, make_engine, migrate

from .harness import Player, ServerProcess, api, create_table, join, wait_for
from .twins import cut


def test_the_database_lets_exactly_one_action_per_ply_commit(db_url: str) -> None:
    """Two writers (separate engines, as two server processes would be) race for ply 0
    eight times over: each time exactly one commits."""
    engines = [make_engine(db_url), make_engine(db_url)]
    migrate(engines[0])
    migrate(engines[1])  # migrations are idempotent
    stores = [Store(e) for e in engines]
    stores[0].create_table(TableData(
        id="race", game="lechocolat", rules_version="1", players=2, seed=1, bot_seed=2,
        options={}, status="playing", result=None,
        seats=[SeatData(0, "human", None, None, None, False),
               SeatData(1, "human", None, None, None, False)], actions=[],
    ))
    def write(store: Store, text: str, ply: int, barrier: Any, won: list[bool]) -> None:
        barrier.wait()
        won.extend(store.insert_actions([PendingAction("race", ply, 0, text)]))

    for ply in range(8):
        barrier = threading.Barrier(2)
        won: list[bool] = []
        threads = [threading.Thread(target=write, args=(s, f"a{i}", ply, barrier, won))
                   for i, s in enumerate(stores)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(won) == [False, True]
    data = stores[1].load_table("race")
    assert data is not None and len(data.actions) == 8
    for e in engines:
        e.dispose()


def test_seat_tokens_are_stored_hashed(tmp_path: Any) -> None:
    db = f"sqlite:///{tmp_path / 's.sqlite3'}"
    with ServerProcess(db) as srv:
        table = create_table(srv, "lechocolat", [{"kind": "human"}, {"kind": "human"}])
        token = join(srv, table["id"], "A")
    assert len(token) >= 40  # 256 random bits, URL-safe
    data = Store(make_engine(db)).load_table(table["id"])
    assert data is not None
    import hashlib

    assert data.seats[0].token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert token not in (tmp_path / "s.sqlite3").read_bytes().decode("latin-1")


BOT_GAMES = [("lechocolat", 2), ("sweetnose", 3), ("bonbons", 2)]


def test_sigkill_loses_no_acknowledged_action_and_games_finish(db_url: str) -> None:
    """Kill -9 mid-game; after a restart every action a client was told about is there, at its
    ply, and every game (bots, and a human reconnecting with its token) plays to the end."""
    env = {"SWEETTOOTH_BOT_DELAY": "0.01"}
    srv = ServerProcess(db_url, env=env).start()
    try:
        bot_tables = [create_table(srv, g, [{"kind": "bot"}] * n)["id"] for g, n in BOT_GAMES]
        human_table = create_table(srv, "lechocolat", [{"kind": "human"}, {"kind": "bot"}])["id"]
        token = join(srv, human_table, "Ada")
        seen: dict[str, dict[str, Any]] = {}
        acked: list[tuple[int, str]] = []
        rng = random.Random(4)

        async def before_crash() -> None:
            watchers = [Player(srv, t, None) for t in bot_tables]
            me = Player(srv, human_table, token)
            for w in [*watchers, me]:
                await w.__aenter__()

            async def watch(w: Player, table: str) -> None:
                while w.ply < 6:
                    await w.until("state")
                seen[table] = w.view

            async def play() -> None:
                await me.until("state")
                while len(acked) < 3:
                    if me.view["to_move"] == 0:
                        ply, action = me.ply, rng.choice(me.view["legal_actions"])
                        answer = await me.act(action)
                        assert answer["type"] == "ack", answer
                        acked.append((ply, action))
                    await me.until("state")

            await asyncio.gather(*(watch(w, t) for w, t in zip(watchers, bot_tables,
                                                               strict=True)), play())
            srv.kill()  # mid-game: the bots are still playing
            for w in watchers:
                seen[w.url.rsplit("/", 1)[1]] = w.view  # the latest state each was sent
        asyncio.run(before_crash())
    finally:
        srv.kill()

    with ServerProcess(db_url, env=env) as again:
        async def after_restart() -> dict[str, Any]:
            async with Player(again, human_table, token) as me:
                await me.until("state")
                assert me.ply >= acked[-1][0] + 1
                while me.view["result"] is None:
                    if me.view["to_move"] == 0:
                        answer = await me.act(rng.choice(me.view["legal_actions"]))
                        assert answer["type"] == "ack", answer
                    await me.until("state")
                return me.view

        final = asyncio.run(after_restart())
        with api(again) as http:
            def finished() -> bool:
                return all(http.get(f"/api/tables/{t}").json()["status"] == "finished"
                           for t in bot_tables)

            wait_for(finished, "the bot games to finish after the restart")
            records = {t: http.get(f"/api/tables/{t}/record").json()
                       for t in [*bot_tables, human_table]}
    for table in bot_tables:
        view = seen[table]
        replayed = st.replay(cut(records[table], view["ply"]))
        assert replayed.game.person_view(replayed.view(None)) == view
    for ply, action in acked:
        assert records[human_table]["actions"][ply] == action
    last = st.replay(records[human_table])
    assert last.game.person_view(last.view(0)) == final


@pytest.mark.parametrize("game", ["sweetshop"])
def test_a_restart_rebuilds_unfinished_tables_by_replay(db_url: str, game: str) -> None:
    """A polite restart too: the table comes back at the same ply with the same views."""
    with ServerProcess(db_url) as srv:
        table = create_table(srv, game, [{"kind": "human"}])["id"]
        token = join(srv, table, "Solo")

        async def some_moves() -> dict[str, Any]:
            async with Player(srv, table, token) as me:
                await me.until("state")
                for _ in range(5):
                    target = me.ply + 1
                    assert (await me.act(me.view["legal_actions"][-1]))["type"] == "ack"
                    await me.until_state(lambda m, t=target: m["ply"] >= t)
                return me.view

        before = asyncio.run(some_moves())
    with ServerProcess(db_url) as srv:
        async def look() -> dict[str, Any]:
            async with Player(srv, table, token) as me:
                await me.until("state")
                return me.view

        assert asyncio.run(look()) == before
