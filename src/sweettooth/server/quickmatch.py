"""Quick match: waiting players of one game and player count paired by rating; bots after a wait.

The queue is the `quickmatch` table, shared by every server process. A player asks for a game,
a player count and a wait (`enqueue`); their browser makes the seat token it will play with and
sends it along: only its SHA-256 is queued (the token never reaches the database).
Every process runs a `Matcher` loop (every `SWEETTOOTH_QUICKMATCH_INTERVAL` seconds, 1 by
default, and at once after a player joins the queue) that claims groups in one transaction
(`match_once`; on PostgreSQL under an advisory lock, so two processes never claim one entry):

1. Per game and player count, the waiting entries sorted by rating (the conservative estimate
   when they joined); while at least N wait, the N consecutive ones with the smallest spread
   of ratings make a table (closest first).
2. An entry whose wait is over takes the waiting entries closest to its rating (fewer than N
   are left) and bots fill the other seats: of the three levels, the one whose rating in that
   game is closest to the players' mean (medium on a tie).

A claimed group gets a rated table (seats in random order), each player's seat is taken under
their name with their token's hash, and the entries are marked `matched` with the table and
seat, which the waiting browser reads (`GET /api/quickmatch/{id}`). A claim whose process died
before seating it is put back in the queue after `STALE_CLAIM` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, exists, insert, select, text, update

from .players_models import PlayerRow, QuickMatchRow, RatedTableRow, RatingRow, TablePlayerRow
from .ratings import MU, SIGMA, conservative, rate_table, unrated_finished

if TYPE_CHECKING:
    from .db import Store
    from .tables import TableManager

log = logging.getLogger("sweettooth.server")

QM_LOCK = 0x5351_4D54  # PostgreSQL advisory lock held while claiming from the queue
STALE_CLAIM = 30.0
KEEP_MATCHED = 86400.0
"""Seconds a matched entry is kept (its browser reads table and seat from it), then deleted."""
WAITS = (0, 10, 30, 60, 120, 300)
"""The waits a player may choose (seconds before bots fill the table)."""
LEVEL_ORDER = ("medium", "easy", "hard")  # tie-break: medium first


class ClaimRace(Exception):
    """Entries were claimed by another writer between the read and the claim (rolled back)."""


@dataclass(frozen=True)
class Entry:
    id: str
    player_id: str
    name: str
    rating: float
    token_hash: str


@dataclass(frozen=True)
class Group:
    game: str
    players: int
    entries: list[Entry]
    bot_level: str


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


# -- storage ---------------------------------------------------------------------------------
def enqueue(store: Store, player_id: str, game: str, players: int, wait: float, rating: float,
            token_hash: str) -> str:
    """Queue a player (their earlier waiting entries are dropped): the entry's id."""
    entry = secrets.token_urlsafe(9)
    now = _now()
    q = QuickMatchRow.__table__.c
    with store._transaction() as conn:
        conn.execute(delete(QuickMatchRow).where(q.player_id == player_id,
                                                 q.status == "waiting"))
        conn.execute(insert(QuickMatchRow), {
            "id": entry, "player_id": player_id, "game": game, "players": players,
            "rating": rating, "token_hash": token_hash, "created_at": now,
            "deadline": now + timedelta(seconds=wait), "status": "waiting",
            "claimed_at": None, "table_id": None, "seat": None})
    return entry


def entry(store: Store, entry_id: str) -> dict[str, Any] | None:
    q = QuickMatchRow.__table__.c
    with store.engine.connect() as conn:
        row = conn.execute(select(QuickMatchRow.__table__).where(q.id == entry_id)).first()
    return None if row is None else dict(row._mapping)


def cancel(store: Store, entry_id: str, player_id: str) -> bool:
    """Leave the queue; False if the entry was claimed or matched meanwhile."""
    q = QuickMatchRow.__table__.c
    with store._transaction() as conn:
        gone = conn.execute(delete(QuickMatchRow).where(
            q.id == entry_id, q.player_id == player_id, q.status == "waiting"))
        return bool(gone.rowcount == 1)


def has_waiting(store: Store) -> bool:
    q = QuickMatchRow.__table__.c
    with store.engine.connect() as conn:
        return bool(conn.execute(select(exists().where(
            q.status.in_(("waiting", "claimed"))))).scalar())


def _closest_window(entries: list[Entry], n: int) -> int:
    """Start of the n consecutive entries (sorted by rating) with the smallest spread."""
    return min(range(len(entries) - n + 1),
               key=lambda i: entries[i + n - 1].rating - entries[i].rating)


def _bot_level(conn: Any, game: str, mean: float) -> str:
    r = RatingRow.__table__.c
    got = {row.player_id: conservative(row.mu, row.sigma) for row in conn.execute(
        select(r.player_id, r.mu, r.sigma).where(r.game == game, r.player_id.like("bot-%")))}
    start = conservative(MU, SIGMA)
    return min(LEVEL_ORDER, key=lambda lv: abs(got.get(f"bot-{lv}", start) - mean))


def match_once(store: Store, now: datetime | None = None) -> list[Group]:
    """Claim every group that can be seated now (see the module's description)."""
    now = now or _now()
    q, p = QuickMatchRow.__table__.c, PlayerRow.__table__.c
    groups: list[Group] = []
    with store._transaction() as conn:
        if store.engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": QM_LOCK})
        conn.execute(delete(QuickMatchRow).where(  # old answers nobody reads any more
            q.status == "matched", q.created_at < now - timedelta(seconds=KEEP_MATCHED)))
        conn.execute(update(QuickMatchRow).where(
            q.status == "claimed", q.table_id.is_(None),
            q.claimed_at < now - timedelta(seconds=STALE_CLAIM))
            .values(status="waiting", claimed_at=None))
        rows = conn.execute(
            select(q.id, q.player_id, q.game, q.players, q.rating, q.token_hash, q.deadline,
                   p.name).join_from(QuickMatchRow.__table__, PlayerRow.__table__,
                                     p.id == q.player_id)
            .where(q.status == "waiting").order_by(q.rating, q.created_at)).all()
        pools: dict[tuple[str, int], list[tuple[Entry, datetime]]] = {}
        for row in rows:
            pools.setdefault((row.game, row.players), []).append(
                (Entry(row.id, row.player_id, row.name, row.rating, row.token_hash),
                 _aware(row.deadline)))
        for (game, n), pool in pools.items():
            waiting = [e for e, _ in pool]
            deadline = {e.id: d for e, d in pool}
            while len(waiting) >= n:
                i = _closest_window(waiting, n)
                groups.append(Group(game, n, waiting[i:i + n], ""))
                del waiting[i:i + n]
            while True:
                due = sorted((e for e in waiting if deadline[e.id] <= now),
                             key=lambda e: deadline[e.id])
                if not due:
                    break
                first = due[0]
                rest = sorted((e for e in waiting if e is not first),
                              key=lambda e: abs(e.rating - first.rating))[:n - 1]
                chosen = [first, *rest]
                mean = sum(e.rating for e in chosen) / len(chosen)
                groups.append(Group(game, n, chosen, _bot_level(conn, game, mean)))
                waiting = [e for e in waiting if e not in chosen]
        claimed = [e.id for g in groups for e in g.entries]
        if claimed:
            done = conn.execute(update(QuickMatchRow).where(
                q.id.in_(claimed), q.status == "waiting").values(status="claimed", claimed_at=now))
            if done.rowcount != len(claimed):  # never under the lock: claim nothing this round
                raise ClaimRace(f"{len(claimed) - done.rowcount} entries were claimed meanwhile")
    return groups


def mark_rated(store: Store, table_id: str, bots: dict[int, str]) -> None:
    """Make `table_id` a rated table; `bots`: seat -> the bot level's player id."""
    with store._transaction() as conn:
        conn.execute(insert(RatedTableRow), {"table_id": table_id, "rated_at": None})
        if bots:
            conn.execute(insert(TablePlayerRow), [
                {"table_id": table_id, "seat": s, "player_id": pid} for s, pid in bots.items()])


def link_seat(store: Store, table_id: str, seat: int, player_id: str,
              entry_id: str | None = None) -> None:
    """Record who sits in `seat` (and, for quick match, mark their entry matched)."""
    with store._transaction() as conn:
        conn.execute(insert(TablePlayerRow), {"table_id": table_id, "seat": seat,
                                              "player_id": player_id})
        if entry_id is not None:
            conn.execute(update(QuickMatchRow).where(QuickMatchRow.id == entry_id)
                         .values(status="matched", table_id=table_id, seat=seat))


def unclaim(store: Store, ids: list[str]) -> None:
    with store._transaction() as conn:
        conn.execute(update(QuickMatchRow).where(QuickMatchRow.id.in_(ids))
                     .values(status="waiting", claimed_at=None))


# -- seating ---------------------------------------------------------------------------------
async def seat_group(manager: TableManager, group: Group) -> str:
    """Open the rated table of a claimed group and seat its players: the table's id."""
    from .tables import LobbyError

    n = group.players
    order = list(range(n))
    secrets.SystemRandom().shuffle(order)
    humans = dict(zip(order, group.entries, strict=False))  # seat -> entry
    seats = [{"kind": "human"} if s in humans else {"kind": "bot", "level": group.bot_level}
             for s in range(n)]
    try:
        table = await manager.create(group.game, n, {}, seats)
    except LobbyError as exc:
        log.warning("quick match: could not open a %s table: %s", group.game, exc.message)
        await manager.write(unclaim, manager.store, [e.id for e in group.entries])
        raise
    bots = {s: f"bot-{group.bot_level}" for s in range(n) if s not in humans}
    await manager.write(mark_rated, manager.store, table.id, bots)
    for seat, e in humans.items():
        await manager.join(table, seat, e.name, digest=e.token_hash)
        await manager.write(link_seat, manager.store, table.id, seat, e.player_id, e.id)
    log.info("quick match: table %s (%s, %d players, %d bots)", table.id, group.game, n,
             len(bots))
    return table.id


class Matcher:
    """This process's quick-match loop (and the sweep that rates tables left unrated)."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.interval = float(os.environ.get("SWEETTOOTH_QUICKMATCH_INTERVAL", "1"))
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.task = asyncio.create_task(self._loop())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    def poke(self) -> None:
        self.wake.set()

    async def run_once(self) -> list[str]:
        """Claim and seat what can be seated now: the new tables' ids."""
        m = self.manager
        if not await m.db(has_waiting, m.store):
            return []
        tables = []
        for group in await m.write(match_once, m.store):
            try:
                tables.append(await seat_group(m, group))
            except Exception:
                log.exception("quick match: seating a group failed")
        return tables

    async def _loop(self) -> None:
        rounds = 0
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), self.interval)
            self.wake.clear()
            try:
                await self.run_once()
                rounds += 1
                if rounds % 30 == 1:
                    for table_id in await self.manager.db(unrated_finished, self.manager.store):
                        await self.manager.write(rate_table, self.manager.store, table_id)
            except Exception:
                log.exception("quick match round failed; trying again")
