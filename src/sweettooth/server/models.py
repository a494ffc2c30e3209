"""The database: a table is its record (seed, options, actions) plus who sits where.

Nine tables (the players' own are in `players_models.py`), SQLAlchemy 2 declarative models;
the schema itself is created by the Alembic migrations in `migrations/` (applied when the
server starts), never by `create_all`.

- `tables`: one row per game table: game id, rules version, player count, seed, options, the
  seed of the bots' own dice, status and, once over, the result. Seeds have 128 bits, so the
  exact values are kept as decimal text (`seed_text`, `bot_seed_text`, schema 0002); the
  integer columns of schema 0001 keep their low 63 bits.
- `seats`: one row per seat: human or bot (with its difficulty), the display name and the
  SHA-256 hash of the seat token once someone has joined. The token itself is never stored.
- `actions`: one row per action, primary key `(table_id, ply)`: two writers racing for the same
  ply cannot both commit, whatever process they run in.
- `bot_leases` (schema 0003): which server process plays a table's bots, until when (database
  time); renewed by its holder, taken over by another process once expired.
- `chat_messages` and `series_games` (schema 0004): a table's chat (`chat.py`), and the series
  a rematch links tables into (`rematch.py`).
- `table_clocks` (schema 0005): a table's time control, when play started, the seats whose time
  ran out (`clock.py`, `clock_store.py`).
- `reviews` (schema 0006): a seat's post-game review, its claim, progress and result
  (`review_jobs.py`).
- `rematch_offers` (schema 0008): the rematch offered at a finished table, its votes and, once
  all accepted, the new table (`rematch.py`), shared by every server process.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    rules_version: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)  # low 63 bits (schema 0001); see seed_text
    bot_seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, object]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)  # waiting, playing, finished
    result: Mapped[dict[str, object] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    seed_text: Mapped[str | None] = mapped_column(String(48), nullable=True)  # the exact seed
    bot_seed_text: Mapped[str | None] = mapped_column(String(48), nullable=True)
    bot_speed: Mapped[str | None] = mapped_column(String(16), nullable=True)
    owner: Mapped[str | None] = mapped_column(String(64), nullable=True)  # opener's address


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # human, bot
    level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    ready: Mapped[bool] = mapped_column(default=False)  # has connected at least once


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class BotLeaseRow(Base):
    __tablename__ = "bot_leases"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    holder: Mapped[str] = mapped_column(String(64), index=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatRow(Base):
    """A chat message of a table (schema 0004): `channel` is `players` or `spectators`."""

    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("tables.id", ondelete="CASCADE"))
    channel: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SeriesRow(Base):
    """A table's place in a series of rematches (schema 0004): the series is named by its
    first table's id; `game_no` counts from 0."""

    __tablename__ = "series_games"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    series_id: Mapped[str] = mapped_column(String(32), index=True)
    game_no: Mapped[int] = mapped_column(Integer)


class ClockRow(Base):
    """A table's time control (schema 0005): `spec` (clock.ClockSpec JSON), when play started
    (null while waiting), the seats whose flag fell."""

    __tablename__ = "table_clocks"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    spec: Mapped[dict[str, object]] = mapped_column(JSON)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    flagged: Mapped[list[int]] = mapped_column(JSON)


class ReviewRow(Base):
    """A seat's post-game review (schema 0006): claimed by one process (`holder`, with
    `updated_at` as its heartbeat), its progress, then the review as JSON (`review_jobs.py`)."""

    __tablename__ = "reviews"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    mode: Mapped[str] = mapped_column(String(16), primary_key=True)  # fair, hindsight
    status: Mapped[str] = mapped_column(String(16))  # running, done, failed
    holder: Mapped[str] = mapped_column(String(64))
    done: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    result: Mapped[dict[str, object] | None] = mapped_column(JSON, nullable=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RematchRow(Base):
    """The rematch offered at a finished table (schema 0008): `votes` and `keys` are lists by
    seat (a vote: true, false or null; a key: the hash of the token the seat's player will hold
    at the new table, derived from their seat token); `seq` counts the changes."""

    __tablename__ = "rematch_offers"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))  # open, declined, ready
    votes: Mapped[list[bool | None]] = mapped_column(JSON)
    keys: Mapped[list[str | None]] = mapped_column(JSON)
    by_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    by_name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    new_table: Mapped[str | None] = mapped_column(String(32), nullable=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
