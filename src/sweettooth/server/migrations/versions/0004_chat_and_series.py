"""Chat messages kept with their table, and the series that rematches link tables into.

`chat_messages`: one row per chat message of a table: its channel (`players` or
`spectators`), who wrote it (seat, or null for a spectator) under what name, the text and when.
`series_games`: one row per table that belongs to a series of rematches: the series' id (the
first table's id) and the game's number in it (0 for the first).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32),
                  sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_messages_table", "chat_messages", ["table_id", "channel", "id"])
    op.create_table(
        "series_games",
        sa.Column("table_id", sa.String(32),
                  sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("series_id", sa.String(32), nullable=False),
        sa.Column("game_no", sa.Integer, nullable=False),
    )
    op.create_index("ix_series_games_series", "series_games", ["series_id"])


def downgrade() -> None:
    op.drop_index("ix_series_games_series", "series_games")
    op.drop_table("series_games")
    op.drop_index("ix_chat_messages_table", "chat_messages")
    op.drop_table("chat_messages")
