"""A process holding a bot table's lease is paused (SIGSTOP) past the lease and resumed
(SIGCONT): the other process takes the table over while it is paused, every ply is played
exactly once (no process plays a bot's move another already played, and none is lost), and
no seat waits much longer than the lease for its move."""

from __future__ import annotations

import itertools
import os
import re
import signal
import time
from typing import Any

from sqlalchemy import create_engine, text

from .harness import Servers, api, create_table, wait_for

LEASE = 1.0
PAUSE = 3.0
ENV = {"SWEETTOOTH_LEASE_SECONDS": str(LEASE), "SWEETTOOTH_BOT_DELAY": "0.02"}


def stored(db_url: str, table: str) -> list[tuple[int, float]]:
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(text(
                "SELECT ply, extract(epoch FROM created_at) FROM actions WHERE table_id = :t "
                "ORDER BY ply"), {"t": table}).all()
    finally:
        engine.dispose()
    return [(int(p), float(t)) for p, t in rows]


def test_a_paused_lease_holder_hands_its_bots_over_and_no_move_is_played_twice(
        postgres_url: str) -> None:
    with Servers(postgres_url, 2, ENV) as (a, b):
        table = create_table(a, "bonbons", [{"kind": "bot", "level": "easy"}] * 3)["id"]

        def info(server: Any) -> dict[str, Any]:
            with api(server) as http:
                out: dict[str, Any] = http.get(f"/api/tables/{table}").json()
                return out

        wait_for(lambda: info(b)["ply"] >= 3, "the bots to start")
        assert a.proc is not None
        os.kill(a.proc.pid, signal.SIGSTOP)
        try:
            paused_at = info(b)["ply"]
            time.sleep(PAUSE)
            during_pause = info(b)["ply"]
        finally:
            os.kill(a.proc.pid, signal.SIGCONT)
        wait_for(lambda: info(b)["status"] == "finished", "the game to finish")
        wait_for(lambda: info(a)["status"] == "finished", "the resumed process to catch up")
        actions = stored(postgres_url, table)
        logs = "".join(a.log) + "".join(b.log)
    assert during_pause > paused_at  # taken over while the holder was paused
    assert [p for p, _ in actions] == list(range(len(actions)))  # each ply once, none lost
    assert "another process played bot seat" not in logs  # nobody moved for a seat twice
    assert not re.search(r"Traceback|ERROR", logs), logs[-3000:]
    gaps = [later - earlier for (_, earlier), (_, later) in itertools.pairwise(actions)]
    assert max(gaps) < PAUSE, gaps  # the longest wait: about the lease, not the pause
