"""Races that would pass unnoticed if broken: a held seat, a ply another writer took first, a
table reloaded under a connection, a record half written."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError

import sweettooth as st
from sweettooth.server.db import SeatData, Store, TableData, make_engine, migrate

from .harness import Player, ServerProcess, api, create_table, join


def test_a_held_seat_cannot_be_joined_by_number(sqlite_server: ServerProcess) -> None:
    table = create_table(sqlite_server, "lechocolat", [{"kind": "human"}, {"kind": "human"}])
    token = join(sqlite_server, table["id"], "Ada", seat=0)
    with api(sqlite_server) as http:
        r = http.post(f"/api/tables/{table['id']}/join", json={"name": "Eve", "seat": 0})
        info = http.get(f"/api/tables/{table['id']}").json()
    assert r.status_code == 409 and "taken" in r.json()["detail"]
    assert "token" not in r.text
    assert info["seats"][0]["name"] == "Ada"

    async def holder() -> dict[str, Any]:
        async with Player(sqlite_server, table["id"], token) as me:
            return await me.until("state")

    assert asyncio.run(holder())["view"]["seat"] == 0  # the holder's token still opens it


def replayed_view(db_path: Path, table_id: str) -> dict[str, Any]:
    """The spectator view rebuilt from the database alone (seed, options, actions)."""
    with sqlite3.connect(db_path) as db:
        game, players, seed, options = db.execute(
            "SELECT game, players, seed_text, options FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        actions = [a for (a,) in db.execute(
            "SELECT action FROM actions WHERE table_id = ? ORDER BY ply", (table_id,))]
    state = st.game(game).new(players, seed=int(seed), **json.loads(options))
    for text in actions:
        state.apply(st.game(game).parse_action(state, text))
    view: dict[str, Any] = state.view(None)
    return view


def test_a_ply_another_writer_took_is_never_applied_and_the_table_does_not_fork(
    tmp_path: Path,
) -> None:
    """Another writer (as a second process would) commits ply 0 behind the server's back. The
    player's own action for ply 0 is refused (stale_ply) and never applied in memory; the table
    is brought up to date from the database in place, so the same connection carries on from
    the other writer's move (the turn has passed); and what the server shows is what the
    database replays."""
    path = tmp_path / "server.sqlite3"
    with ServerProcess(f"sqlite:///{path}") as srv:
        table = create_table(srv, "lechocolat", [{"kind": "human"}, {"kind": "human"}])["id"]
        tokens = [join(srv, table, "A"), join(srv, table, "B")]

        async def scenario() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
            async with Player(srv, table, tokens[0]) as a, Player(srv, table, tokens[1]) as b:
                await a.until_state(lambda m: m["started"])
                await b.until_state(lambda m: m["started"])
                mover = a if a.view["to_move"] == 0 else b
                legal = mover.view["legal_actions"]
                mine, theirs = legal[0], legal[-1]
                assert mine != theirs
                with sqlite3.connect(path) as db:  # the other writer
                    db.execute("INSERT INTO actions (table_id, ply, seat, action, created_at) "
                               "VALUES (?, 0, ?, ?, ?)",
                               (table, mover.view["seat"], theirs, datetime.now(UTC)))
                lost = await mover.act(mine)
                async with Player(srv, table, tokens[mover.view["seat"]]) as fresh:
                    reloaded = await fresh.until("state")
                    # the same connection acts on the table as the database has it: not forked
                    old = await mover.act(mine, ply=reloaded["ply"])
                return lost, reloaded, old

        lost, reloaded, old = asyncio.run(scenario())
        with api(srv) as http:
            shown = http.get(f"/api/tables/{table}/view").json()
    assert lost["type"] == "error" and lost["code"] == "stale_ply"
    assert reloaded["ply"] == 1
    assert old["type"] == "error" and old["code"] == "not_your_turn"
    assert shown == replayed_view(path, table)  # the other writer's move, not the player's


def test_a_table_record_is_written_whole_or_not_at_all(tmp_path: Path) -> None:
    """Creating a table writes its row and its seats in one transaction: when a seat cannot be
    written (here a trigger refuses it, as a full disk would), no half table remains."""
    engine = make_engine(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    migrate(engine)
    store = Store(engine)
    with engine.begin() as conn:
        conn.exec_driver_sql("CREATE TRIGGER refuse BEFORE INSERT ON seats WHEN NEW.seat = 1 "
                             "BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    data = TableData(
        id="half", game="lechocolat", rules_version="1", players=2, seed=2**127 + 1,
        bot_seed=2**100, options={}, status="waiting", result=None,
        seats=[SeatData(0, "human", None, None, None, False),
               SeatData(1, "human", None, None, None, False)], actions=[],
    )
    with pytest.raises(IntegrityError):
        store.create_table(data)
    assert store.load_table("half") is None
    with engine.begin() as conn:
        assert conn.exec_driver_sql("SELECT count(*) FROM seats").scalar() == 0
        conn.exec_driver_sql("DROP TRIGGER refuse")
    store.create_table(data)
    loaded = store.load_table("half")
    assert loaded is not None and loaded.seed == 2**127 + 1 and loaded.bot_seed == 2**100
    engine.dispose()
