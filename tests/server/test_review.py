"""Post-game reviews on the server (docs/server.md, "Reviews"): computed in the background with
progress, cached in the database, claimed by one process only."""

from __future__ import annotations

import itertools
import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import insert, update
from sqlalchemy.engine import Engine

import sweettooth as st
from sweettooth.agents import difficulty, play_out
from sweettooth.review import CLASSES, METHOD
from sweettooth.server import review_jobs
from sweettooth.server.db import make_engine, migrate
from sweettooth.server.models import ReviewRow, TableRow
from sweettooth.server.review_jobs import (
    claim,
    compute,
    read_review,
    retire_outdated,
    store_progress,
    store_result,
)

from .harness import WAIT, ServerProcess, api, create_table


@pytest.fixture(scope="module")
def review_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    path = tmp_path_factory.mktemp("rev") / "server.sqlite3"
    env = {"SWEETTOOTH_REVIEW_EXECUTOR": "thread", "SWEETTOOTH_REVIEW_ITERATIONS": "4"}
    with ServerProcess(f"sqlite:///{path}", env=env) as srv:
        yield srv


def finished_table(server: ServerProcess) -> dict[str, Any]:
    """An all-bot Le Chocolat table, played to its end by easy bots."""
    table = create_table(server, "lechocolat", [{"kind": "bot", "level": "easy"}] * 2)
    deadline = time.monotonic() + WAIT
    with api(server) as http:
        while time.monotonic() < deadline:
            info: dict[str, Any] = http.get(f"/api/tables/{table['id']}").json()
            if info["status"] == "finished":
                return info
            time.sleep(0.1)
    raise AssertionError("the bots did not finish")


def test_review_runs_once_then_comes_from_the_cache(review_server: ServerProcess) -> None:
    info = finished_table(review_server)
    path = f"/api/tables/{info['id']}/reviews/1"
    with api(review_server) as http:
        assert http.get(path).status_code == 404  # nobody asked yet
        first = http.post(path)
        assert first.status_code in (200, 202), first.text
        seen = [first.json()]
        deadline = time.monotonic() + WAIT
        while seen[-1]["status"] == "running" and time.monotonic() < deadline:
            time.sleep(0.05)
            seen.append(http.get(path).json())
        done = seen[-1]
        assert done["status"] == "done", done
        for a, b in itertools.pairwise(seen):  # progress only goes forward
            assert a["done"] <= b["done"] <= b["total"] or b["total"] == 0
        review = done["review"]
        assert review["seat"] == 1 and review["mode"] == "fair" and review["iterations"] == 4
        assert done["done"] == done["total"] == len(review["moves"]) > 0
        assert {m["class"] for m in review["moves"]} <= set(CLASSES)
        again = http.post(path)  # served from the database: done at once, the same review
        assert again.status_code == 200
        assert again.json()["review"] == review
        hindsight = http.post(path, params={"mode": "hindsight"})  # a review of its own
        assert hindsight.status_code in (200, 202)
        assert hindsight.json()["mode"] == "hindsight"


def _done(http: Any, path: str) -> dict[str, Any]:
    """POST for a review, then read it until it is done."""
    row: dict[str, Any] = http.post(path).json()
    deadline = time.monotonic() + WAIT
    while row["status"] == "running" and time.monotonic() < deadline:
        time.sleep(0.05)
        row = http.get(path).json()
    assert row["status"] == "done", row
    return row


def test_a_review_of_an_older_method_is_computed_again(review_server: ServerProcess) -> None:
    """A cached review made by an older review method of its game (docs/review.md: BitterSweet
    counted a share of the win before it counted points) is computed again when asked for;
    one of the current method is served from the cache."""
    info = finished_table(review_server)
    path = f"/api/tables/{info['id']}/reviews/0"
    with api(review_server) as http:
        first = _done(http, path)["review"]
        assert first["method"] == METHOD["lechocolat"]
        engine = make_engine(review_server.db, "NORMAL", 5.0)
        c = ReviewRow.__table__.c
        older = {**first, "method": METHOD["lechocolat"] - 1, "moves": []}
        with engine.begin() as conn:
            conn.execute(update(ReviewRow).where(c.table_id == info["id"], c.seat == 0)
                         .values(result=older))
        engine.dispose()
        assert http.get(path).json()["review"]["method"] == older["method"]  # GET only reads
        again = _done(http, path)["review"]
        assert again["method"] == METHOD["lechocolat"] and again["moves"], again
        assert http.post(path).json()["review"] == again  # now from the cache


def test_reviews_refuse_unknown_tables_seats_and_unfinished_games(
    review_server: ServerProcess,
) -> None:
    info = finished_table(review_server)
    waiting = create_table(review_server, "lechocolat", [{"kind": "human"}, {"kind": "bot"}])
    with api(review_server) as http:
        r = http.post(f"/api/tables/{info['id']}/reviews/2")
        assert r.status_code == 422 and "seat must be 0..1" in r.json()["detail"]
        r = http.post(f"/api/tables/{waiting['id']}/reviews/0")
        assert r.status_code == 409 and "not over yet" in r.json()["detail"]
        assert http.get(f"/api/tables/{waiting['id']}/reviews/0").status_code == 409
        r = http.post("/api/tables/nosuchtable/reviews/0")
        assert r.status_code == 404 and "nosuchtable" in r.json()["detail"]
        r = http.post(f"/api/tables/{info['id']}/reviews/0", params={"mode": "peek"})
        assert r.status_code == 422 and "mode" in r.json()["detail"]


# -- the claim row and the worker, on a database of their own ------------------------------------
@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    """A migrated database (SQLite, and PostgreSQL when there is one) with one table row."""
    eng = make_engine(db_url, "NORMAL", 5.0)
    migrate(eng)
    with eng.begin() as conn:
        conn.execute(insert(TableRow).values(
            id="t1", game="lechocolat", rules_version="1", players=2, seed=3, bot_seed=0,
            options={}, status="finished"))
    yield eng
    eng.dispose()


def test_two_processes_asking_at_once_compute_one_review(engine: Engine) -> None:
    # each "process" has its own engine (own connections) on the one database
    url = engine.url.render_as_string(hide_password=False)
    engines = [make_engine(url, "NORMAL", 5.0) for _ in range(6)]
    won: list[bool] = []
    barrier = threading.Barrier(len(engines))

    def ask(i: int) -> None:
        barrier.wait()
        won.append(claim(engines[i], "t1", 0, "fair", f"proc{i}", 300.0))

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(len(engines))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(won) == [False] * 5 + [True]
    # a fresh claim is not taken over; a stale one (its process died) or a failed one is
    assert not claim(engine, "t1", 0, "fair", "late", 300.0)
    assert claim(engine, "t1", 0, "fair", "late", -1.0)  # every claim is older than -1 s
    row = read_review(engine, "t1", 0, "fair")
    assert row is not None and row["holder"] == "late"
    for e in engines:
        e.dispose()


def _record() -> dict[str, Any]:
    state = st.game("lechocolat").new(2, 3)
    play_out(state, [difficulty("lechocolat", "easy")] * 2,
             [random.Random(s) for s in range(2)])
    record: dict[str, Any] = state.record()
    return record


def test_the_worker_reports_progress_then_the_review_is_stored(
    engine: Engine, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(review_jobs, "PROGRESS_EVERY", 0.0)
    reports: list[tuple[int, int]] = []
    assert claim(engine, "t1", 0, "fair", "me", 300.0)

    def report(done: int, total: int) -> None:
        reports.append((done, total))
        assert store_progress(engine, "t1", 0, "fair", "me", done, total)
        row = read_review(engine, "t1", 0, "fair")
        assert row is not None and (row["done"], row["total"]) == (done, total)

    data = compute("t1", 0, "fair", _record(), 3, report)
    n = len(data["moves"])
    assert reports == [(k, n) for k in range(1, n + 1)]  # every decision, in order
    assert store_result(engine, "t1", 0, "fair", "me", data, None)
    row = read_review(engine, "t1", 0, "fair")
    assert row is not None and row["status"] == "done" and row["review"] == data
    assert row["done"] == row["total"] == n
    assert not claim(engine, "t1", 0, "fair", "other", -1.0)  # a done review is never redone
    # ... unless its game's review method changed since: one of method 1 stands under
    # method 1, not under method 2
    assert not retire_outdated(engine, "t1", 0, "fair", 1)
    assert not claim(engine, "t1", 0, "fair", "other", -1.0)
    assert retire_outdated(engine, "t1", 0, "fair", 2)
    row = read_review(engine, "t1", 0, "fair")
    assert row is not None and row["status"] == "failed" and "older" in row["error"]
    assert not retire_outdated(engine, "t1", 0, "fair", 2)  # only a done review is retired
    assert claim(engine, "t1", 0, "fair", "other", 300.0)


def test_a_worker_taken_for_dead_writes_nothing(engine: Engine) -> None:
    assert claim(engine, "t1", 1, "fair", "old", 300.0)
    assert claim(engine, "t1", 1, "fair", "new", -1.0)  # taken over as stale
    assert not store_progress(engine, "t1", 1, "fair", "old", 1, 5)
    assert not store_result(engine, "t1", 1, "fair", "old", {"moves": []}, None)
    row = read_review(engine, "t1", 1, "fair")
    assert row is not None and row["holder"] == "new" and row["status"] == "running"
    assert row["review"] is None and row["total"] == 0
    # a failure is stored as such, and the next claim takes the review over
    assert store_result(engine, "t1", 1, "fair", "new", None, "RecordError: bad record")
    row = read_review(engine, "t1", 1, "fair")
    assert row is not None and row["status"] == "failed" and "bad record" in row["error"]
    assert claim(engine, "t1", 1, "fair", "third", 300.0)
