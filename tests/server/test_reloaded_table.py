"""A connection that still holds a table object the server has since replaced (evicted and
loaded again from the database, as after a read that failed or a game forgotten) cannot play
on that stale copy: the action is refused and nothing is committed, so the copy the server now
serves and the database never part ways (a fork)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from sweettooth.server.db import Store, make_engine, migrate
from sweettooth.server.protocol import ActionMsg, ProtocolError
from sweettooth.server.settings import Settings
from sweettooth.server.tables import Client, TableManager


def test_an_action_on_a_reloaded_table_object_is_refused_and_not_committed(
        tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'reload.sqlite3'}"

    async def scenario() -> tuple[str, int, int, list[str]]:
        engine = make_engine(url)
        await asyncio.to_thread(migrate, engine)
        m = TableManager(Store(engine), Settings(db=url))
        await m.start()
        try:
            old = await m.create("lechocolat", 2, {}, None)
            tokens = [(await m.join(old, None, name))[1] for name in ("A", "B")]
            clients = [Client(), Client()]
            for token, client in zip(tokens, clients, strict=True):
                await m.attach(old, token, client)
            assert old.started
            m.tables.pop(old.id)  # evicted; the next request loads it again
            new = await m.get(old.id)
            assert new is not None and new is not old
            seat = old.state.to_move
            assert seat is not None
            action = str(old.state.legal_actions()[0])
            with pytest.raises(ProtocolError) as refused:
                await m.act(old, seat, ActionMsg(0, action, None, None))
            stored = await asyncio.to_thread(m.store.load_table, old.id)
            assert stored is not None
            await m.act(new, seat, ActionMsg(0, action, None, None))  # the live copy plays on
            return refused.value.code, old.ply, new.ply, stored.actions
        finally:
            await m.stop()
            engine.dispose()

    code, old_ply, new_ply, stored = asyncio.run(scenario())
    assert code == "stale_ply"
    assert (old_ply, new_ply) == (0, 1)
    assert stored == []  # the stale copy committed nothing
