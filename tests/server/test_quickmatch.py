"""Quick match: waiting players of one game and count paired by rating (closest first), bots
filling a table after the wait; claims never overlap, and a rating is applied once even when
several writers try at once."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import threading
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import insert, select

from sweettooth.server import quickmatch
from sweettooth.server.db import Store, hash_token, make_engine
from sweettooth.server.players import register
from sweettooth.server.players_models import QuickMatchRow, RatingRow, TablePlayerRow
from sweettooth.server.quickmatch import (
    ClaimRace,
    Entry,
    Group,
    enqueue,
    entry,
    match_once,
    seat_group,
)
from sweettooth.server.ratings import MODEL, rate_table
from sweettooth.server.tables import TableManager

from .harness import ServerProcess, api, wait_for
from .managers import manager


def _player(store: Store, name: str, game: str, rating: float | None) -> str:
    pid: str = register(store, hash_token(secrets.token_urlsafe(32)), name)[0]["id"]
    if rating is not None:  # a rating whose conservative estimate is `rating`
        with store.engine.begin() as conn:
            conn.execute(insert(RatingRow), {"player_id": pid, "game": game,
                                             "mu": rating + 3.0, "sigma": 1.0, "games": 5})
    return pid


def _queue(store: Store, pid: str, rating: float, wait: float = 60.0, players: int = 2,
           game: str = "lechocolat") -> str:
    return enqueue(store, pid, game, players, wait, rating,
                   hash_token(secrets.token_urlsafe(32)))


def has_waiting_unclaimed(store: Store) -> bool:
    with store.engine.connect() as conn:
        return conn.execute(select(QuickMatchRow.id).where(
            QuickMatchRow.status == "waiting")).first() is not None


def _names(groups: list[Group]) -> list[list[str]]:
    return [sorted(e.name for e in g.entries) for g in groups]


def test_waiting_players_are_paired_closest_rating_first(tmp_path: object) -> None:
    async def scenario() -> None:
        async with manager(f"sqlite:///{tmp_path}/q.sqlite3") as m:
            s = m.store
            ratings = {"Ann": 30.0, "Ben": 2.0, "Cat": 27.5, "Dan": 5.0, "Eve": 14.0}
            for name, r in ratings.items():
                _queue(s, _player(s, name, "lechocolat", r), r)
            other = _player(s, "Fay", "lechocolat", 29.0)  # another game: not mixed in
            _queue(s, other, 29.0, game="bonbons")
            groups = match_once(s)
            # closest first: Cat-Ann (2.5), then Ben-Dan (3); pairing up from the bottom would
            # have made Ben-Dan, Eve-Cat and left Ann
            assert _names(groups) == [["Ann", "Cat"], ["Ben", "Dan"]]
            assert all(g.bot_level == "" for g in groups)
            assert match_once(s) == []  # Eve waits alone, claimed groups stay claimed
            tid = await seat_group(m, groups[0])
            table = m.tables[tid]
            assert sorted(str(x.name) for x in table.seats) == ["Ann", "Cat"]
            assert all(x.kind == "human" and x.taken for x in table.seats)
            with s.engine.connect() as conn:
                seated = conn.execute(select(TablePlayerRow.seat).where(
                    TablePlayerRow.table_id == tid)).scalars().all()
            assert sorted(seated) == [0, 1]
            row = entry(s, groups[0].entries[0].id)
            assert row is not None and row["status"] == "matched" and row["table_id"] == tid

    asyncio.run(scenario())


def test_after_the_wait_bots_fill_the_table(tmp_path: object) -> None:
    async def scenario() -> None:
        async with manager(f"sqlite:///{tmp_path}/q.sqlite3") as m:
            s = m.store
            with s.engine.begin() as conn:  # the hard bot is rated near Gus, the others far
                conn.execute(insert(RatingRow), [
                    {"player_id": f"bot-{lv}", "game": "bonbons", "mu": mu + 3.0,
                     "sigma": 1.0, "games": 9}
                    for lv, mu in (("easy", -5.0), ("medium", 8.0), ("hard", 19.0))])
            gus = _player(s, "Gus", "bonbons", 20.0)
            qid = _queue(s, gus, 20.0, wait=10.0, players=3, game="bonbons")
            assert match_once(s) == []  # still waiting for people
            later = datetime.now(UTC) + timedelta(seconds=11)
            (group,) = match_once(s, now=later)
            assert _names([group]) == [["Gus"]] and group.bot_level == "hard"
            tid = await seat_group(m, group)
            kinds = sorted((x.kind, x.level) for x in m.tables[tid].seats)
            assert kinds == [("bot", "hard"), ("bot", "hard"), ("human", None)]
            row = entry(s, qid)
            assert row is not None and row["status"] == "matched" and row["table_id"] == tid

    asyncio.run(scenario())


def test_a_stale_claim_goes_back_to_the_queue(tmp_path: object) -> None:
    async def scenario() -> None:
        async with manager(f"sqlite:///{tmp_path}/q.sqlite3") as m:
            s = m.store
            for name in ("Hal", "Ivy"):
                _queue(s, _player(s, name, "lechocolat", 1.0), 1.0)
            assert len(match_once(s)) == 1  # claimed, then the process "died"
            assert match_once(s) == []
            assert _names(match_once(s, now=datetime.now(UTC) + timedelta(seconds=31))) == [
                ["Hal", "Ivy"]]

    asyncio.run(scenario())


def test_two_processes_never_claim_one_entry(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each writer, having read the queue, waits (up to 1 s) for the other to have read it too
    before it claims: without the advisory lock and the claim's status check both would claim
    the same entries."""
    stores = [Store(make_engine(postgres_url)) for _ in range(2)]
    both_read = threading.Barrier(2)
    once = threading.local()

    def closest_window(entries: list[Entry], n: int) -> int:
        if not getattr(once, "done", False):
            once.done = True
            with contextlib.suppress(threading.BrokenBarrierError):
                both_read.wait(timeout=1.0)
        return real_window(entries, n)

    real_window = quickmatch._closest_window
    monkeypatch.setattr(quickmatch, "_closest_window", closest_window)

    async def setup() -> None:
        async with manager(postgres_url):
            pass

    asyncio.run(setup())  # migrated
    try:
        for i in range(12):
            pid = _player(stores[0], f"P{i}", "lechocolat", float(i))
            _queue(stores[0], pid, float(i))
        got: list[list[Group]] = [[], []]
        barrier = threading.Barrier(2)

        def claim(i: int) -> None:
            barrier.wait()
            for _ in range(20):  # until the queue is empty
                try:
                    got[i] += match_once(stores[i])
                except ClaimRace:
                    continue
                if not has_waiting_unclaimed(stores[i]):
                    return

        threads = [threading.Thread(target=claim, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        claimed = [e.id for groups in got for g in groups for e in g.entries]
        assert len(claimed) == 12 and len(set(claimed)) == 12
    finally:
        for st in stores:
            st.close()


async def _finished_table(m: TableManager) -> str:
    """A two-seat table stored as finished, seat 0 the winner (no need to play it out)."""
    table = await m.create("lechocolat", 2, {}, None)
    m.store.set_status(table.id, "finished", {"scores": [30.0, 12.0], "winners": [0]})
    return table.id


def test_a_rating_is_applied_once_however_many_writers_try(db_url: str) -> None:
    async def scenario() -> str:
        async with manager(db_url) as m:
            return await _finished_table(m)

    tid = asyncio.run(scenario())
    stores = [Store(make_engine(db_url)) for _ in range(4)]
    try:
        from sweettooth.server.quickmatch import mark_rated

        mark_rated(stores[0], tid, {0: "bot-easy", 1: "bot-hard"})
        outcomes: list[bool] = []
        barrier = threading.Barrier(4)

        def rate(st: Store) -> None:
            barrier.wait()
            outcomes.append(rate_table(st, tid))

        threads = [threading.Thread(target=rate, args=(st,)) for st in stores]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(outcomes) == [False, False, False, True]
        with stores[0].engine.connect() as conn:
            rows = conn.execute(select(RatingRow.player_id, RatingRow.games, RatingRow.mu)
                                .where(RatingRow.game == "lechocolat")).all()
        assert sorted((r.player_id, r.games) for r in rows) == [("bot-easy", 1), ("bot-hard", 1)]
        mu = dict((r.player_id, r.mu) for r in rows)
        assert mu["bot-easy"] > MODEL.mu > mu["bot-hard"]  # seat 0 (easy) won
    finally:
        for st in stores:
            st.close()


def test_over_http_bots_fill_a_table_only_once_the_chosen_wait_is_over(
    sqlite_server: ServerProcess,
) -> None:
    """Through the server's own loop: "bots now" (wait 0) gets a rated table with a bot at once,
    while an entry made before it with a 10 s wait is still waiting when that table is made (the
    loop's round that seated the second looked at the first and left it)."""
    keys = [secrets.token_urlsafe(32) for _ in range(2)]
    with api(sqlite_server) as http:
        for k, name in zip(keys, ("Hal", "Ivy"), strict=True):
            assert http.post("/api/players", json={"key": k, "name": name}).status_code == 201

        def ask(k: str, game: str, wait: int) -> str:
            r = http.post("/api/quickmatch", headers={"X-Player-Key": k}, json={
                "game": game, "players": 2, "wait": wait,
                "seat_token": secrets.token_urlsafe(32)})
            assert r.status_code == 201, r.text
            qid: str = r.json()["id"]
            return qid

        def status(k: str, qid: str) -> dict[str, Any]:
            got: dict[str, Any] = http.get(f"/api/quickmatch/{qid}",
                                           headers={"X-Player-Key": k}).json()
            return got

        later = ask(keys[0], "bonbons", 10)
        now = ask(keys[1], "lechocolat", 0)
        wait_for(lambda: status(keys[1], now)["status"] == "matched", "the bots-now table")
        assert status(keys[0], later)["status"] == "waiting"
        table = status(keys[1], now)["table"]
        seats = http.get(f"/api/tables/{table}").json()["seats"]
        assert sorted(s["kind"] for s in seats) == ["bot", "human"]
        assert [s["name"] for s in seats if s["kind"] == "human"] == ["Ivy"]
        assert http.get(f"/api/ratings?tables={table}").json()[table]["rated"] is True
        bad = http.post("/api/quickmatch", headers={"X-Player-Key": keys[0]}, json={
            "game": "bonbons", "players": 2, "wait": 7, "seat_token": secrets.token_urlsafe(32)})
        assert bad.status_code == 422 and "wait must be one of" in bad.json()["detail"]
        assert http.delete(f"/api/quickmatch/{later}",
                           headers={"X-Player-Key": keys[0]}).status_code == 204
