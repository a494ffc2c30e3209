"""Actions on PostgreSQL: a batch commits as one statement with its notifications.

Each statement the commit thread sends is a round trip during which it lets go of the GIL, and
taking it back from a busy event loop can cost up to the switch interval (5 ms); so a batch is
one statement in autocommit, its rows and one notification per action together (db.py,
`Store._insert_alone`). Tested on a real database: the statement count, the rows, and the
notifications a listener gets, which are those of the committed actions only.
"""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest
from sqlalchemy import event

from sweettooth.server.db import PendingAction, Store, make_engine, migrate
from sweettooth.server.fanout import decode, libpq_url

from .test_group_commit import a_table, stored


@pytest.fixture
def store(postgres_url: str) -> Iterator[Store]:
    engine = make_engine(postgres_url)
    migrate(engine)
    store = Store(engine)
    store.notify_channel = store.channel()
    store.origin = "here"
    store.create_table(a_table("t"))
    try:
        yield store
    finally:
        store.close()


def statements_of(store: Store) -> list[str]:
    """A list that grows by each statement `store`'s engine sends from now on."""
    sent: list[str] = []
    event.listen(store.engine, "before_cursor_execute",
                 lambda _c, _cur, statement, *_rest: sent.append(statement))
    return sent


def test_a_batch_is_one_statement_and_notifies_only_what_committed(
    store: Store, postgres_url: str
) -> None:
    with psycopg.connect(libpq_url(postgres_url), autocommit=True) as listener:
        listener.execute(f'LISTEN "{store.notify_channel}"')
        sent = statements_of(store)
        assert store.insert_actions([PendingAction("t", p, p % 2, f"m{p}") for p in range(5)]) \
            == [True] * 5
        assert len(sent) == 1
        # ply 2 is taken: the batch fails whole, then each action is tried alone
        assert store.insert_actions([PendingAction("t", 5, 1, "m5"), PendingAction("t", 2, 0, "x"),
                                     PendingAction("t", 6, 0, "m6")]) == [True, False, True]
        heard = [decode(n.payload) for n in listener.notifies(timeout=2, stop_after=7)]
    assert stored(store, "SELECT action FROM actions ORDER BY ply") == [
        "m0", "m1", "m2", "m3", "m4", "m5", "m6"]
    assert [(e["k"], e["p"], e["x"], e["o"]) for e in heard if e is not None] == [
        ("a", p, f"m{p}", "here") for p in range(7)]


def test_without_other_processes_a_batch_sends_no_notification(
    store: Store, postgres_url: str
) -> None:
    store.notify_channel = None  # one process: nobody listens
    with psycopg.connect(libpq_url(postgres_url), autocommit=True) as listener:
        listener.execute(f'LISTEN "{Store(store.engine).channel()}"')
        assert store.insert_actions([PendingAction("t", 0, 0, "m0")]) == [True]
        assert list(listener.notifies(timeout=0.5)) == []
    assert stored(store, "SELECT ply FROM actions") == [0]
