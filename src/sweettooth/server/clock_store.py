"""The clocks' rows (`table_clocks`, schema 0005): blocking calls, run in the manager's pools.

A flag fall is written in one transaction that first checks no action was committed for the
table's current ply meanwhile (through another process): a move that beat the flag wins.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, delete, exists, insert, select, update

from .models import ActionRow, BotLeaseRow, ClockRow, SeatRow, TableRow

if TYPE_CHECKING:
    from .db import Store


def _time(at: float | None) -> datetime | None:
    return None if at is None else datetime.fromtimestamp(at, UTC)


def _unix(moment: datetime | None) -> float | None:
    if moment is None:
        return None
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()


def inserter(table_id: str, spec: dict[str, Any], started: float | None) -> Any:
    """The clock row of a table being opened, for `Store.create_table(also=...)`."""

    def insert_clock(conn: Connection) -> None:
        conn.execute(insert(ClockRow), {"table_id": table_id, "spec": spec,
                                        "started_at": _time(started), "flagged": []})

    return insert_clock


def load_clock(
    store: Store, table_id: str
) -> tuple[dict[str, Any], float | None, list[int]] | None:
    """(spec, started at (Unix time), flagged seats) of the table's clock; None if it has none."""
    c = ClockRow.__table__.c
    with store.engine.connect() as conn:
        row = conn.execute(select(c.spec, c.started_at, c.flagged)
                           .where(c.table_id == table_id)).first()
    if row is None:
        return None
    return dict(row.spec), _unix(row.started_at), [int(s) for s in row.flagged]


def start_clock(store: Store, table_id: str, at: float) -> float | None:
    """Record that play started at `at` unless a start is recorded already: the start stored."""
    c = ClockRow.__table__.c
    with store._transaction() as conn:
        conn.execute(update(ClockRow).where(c.table_id == table_id, c.started_at.is_(None))
                     .values(started_at=_time(at)))
        stored = conn.execute(select(c.started_at).where(c.table_id == table_id)).scalar()
        store._changed(conn, table_id)
    return _unix(stored)


def _unmoved(conn: Connection, table_id: str, ply: int) -> bool:
    """No action committed for `ply` or later (nobody beat the flag), the game still on."""
    moved = conn.execute(select(exists().where(
        ActionRow.table_id == table_id, ActionRow.ply >= ply))).scalar()
    status = conn.execute(select(TableRow.status).where(TableRow.id == table_id)).scalar()
    return not moved and status in ("waiting", "playing")


def _flag(conn: Connection, table_id: str, seat: int) -> None:
    c = ClockRow.__table__.c
    flagged = list(conn.execute(select(c.flagged).where(c.table_id == table_id)).scalar() or [])
    if seat not in flagged:
        flagged.append(seat)
    conn.execute(update(ClockRow).where(c.table_id == table_id).values(flagged=sorted(flagged)))


def flag_to_bot(store: Store, table_id: str, seat: int, level: str, ply: int) -> bool:
    """Seat `seat`'s time ran out at `ply`: it passes to a bot of `level` (rule `bot`). False,
    and nothing written, if a move for that ply was committed first."""
    with store._transaction() as conn:
        if not _unmoved(conn, table_id, ply):
            return False
        _flag(conn, table_id, seat)
        conn.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                     .values(kind="bot", level=level, ready=True))
        store._changed(conn, table_id)
    return True


def flag_to_end(store: Store, table_id: str, seat: int, ply: int,
                result: dict[str, Any]) -> bool:
    """Seat `seat`'s time ran out at `ply`: the game ends with `result` (rule `score`). False,
    and nothing written, if a move for that ply was committed first."""
    with store._transaction() as conn:
        if not _unmoved(conn, table_id, ply):
            return False
        _flag(conn, table_id, seat)
        conn.execute(update(TableRow).where(TableRow.id == table_id)
                     .values(status="finished", result=result))
        conn.execute(delete(BotLeaseRow).where(BotLeaseRow.table_id == table_id))
        store._changed(conn, table_id)
    return True
