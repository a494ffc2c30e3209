"""The database rows of players, ratings and the quick-match queue (schema 0007).

- `players`: one row per player: a random public id and a display name. Bots have one row per
  level (`bot-easy`, `bot-medium`, `bot-hard`, `bot_level` set), rated like people.
- `player_keys`: the SHA-256 of each device key of a player (a browser makes a 256-bit random
  key on its first visit; the key itself is never stored). A player has one key per device.
- `player_links`: one-time links that carry a player to another device: the token's SHA-256,
  its expiry and when it was used (used once, then refused).
- `ratings`: an OpenSkill (Plackett-Luce) rating per player and game, with its game count.
- `table_players`: who (which player) sat in a seat of a table; `rated_tables`: the tables
  that are rated, `rated_at` set in the transaction that applied their ratings (once).
- `quickmatch`: the quick-match queue, shared by every server process.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, Float, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from .models import Base, utcnow


class PlayerRow(Base):
    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    bot_level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class PlayerKeyRow(Base):
    __tablename__ = "player_keys"

    key_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("players.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class PlayerLinkRow(Base):
    __tablename__ = "player_links"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("players.id", ondelete="CASCADE"))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class RatingRow(Base):
    __tablename__ = "ratings"

    player_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)


class TablePlayerRow(Base):
    __tablename__ = "table_players"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("players.id", ondelete="CASCADE"), index=True)


class RatedTableRow(Base):
    __tablename__ = "rated_tables"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    rated_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class QuickMatchRow(Base):
    __tablename__ = "quickmatch"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("players.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    rating: Mapped[float] = mapped_column(Float)  # the conservative estimate when queued
    token_hash: Mapped[str] = mapped_column(String(64))  # of the seat token the browser made
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    deadline: Mapped[datetime] = mapped_column(DateTime(timezone=True))  # then: fill with bots
    status: Mapped[str] = mapped_column(String(16), index=True)  # waiting, claimed, matched
    claimed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
