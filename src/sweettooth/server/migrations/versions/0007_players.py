"""Players, device keys, one-time links, ratings, rated tables and the quick-match queue.

See `sweettooth/server/players_models.py` for what each table holds. The three bot levels get
their player rows here (`bot-easy`, `bot-medium`, `bot-hard`), so bots are rated like people.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-06
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    players = op.create_table(
        "players",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("bot_level", sa.String(16), nullable=True),
        sa.Column("created_at", WHEN, nullable=False),
    )
    op.create_table(
        "player_keys",
        sa.Column("key_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(24),
                  sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
    )
    op.create_index("ix_player_keys_player_id", "player_keys", ["player_id"])
    op.create_table(
        "player_links",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(24),
                  sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("expires_at", WHEN, nullable=False),
        sa.Column("used_at", WHEN, nullable=True),
    )
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(24),
                  sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
    )
    op.create_table(
        "table_players",
        sa.Column("table_id", sa.String(32),
                  sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.String(24),
                  sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
    )
    op.create_index("ix_table_players_player_id", "table_players", ["player_id"])
    op.create_table(
        "rated_tables",
        sa.Column("table_id", sa.String(32),
                  sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("rated_at", WHEN, nullable=True),
    )
    op.create_table(
        "quickmatch",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("player_id", sa.String(24),
                  sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("deadline", WHEN, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("claimed_at", WHEN, nullable=True),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
    )
    op.create_index("ix_quickmatch_status", "quickmatch", ["status"])
    now = datetime.now(UTC)
    op.bulk_insert(players, [
        {"id": f"bot-{level}", "name": f"{level} bot", "bot_level": level, "created_at": now}
        for level in ("easy", "medium", "hard")
    ])


def downgrade() -> None:
    op.drop_index("ix_quickmatch_status", "quickmatch")
    op.drop_table("quickmatch")
    op.drop_table("rated_tables")
    op.drop_index("ix_table_players_player_id", "table_players")
    op.drop_table("table_players")
    op.drop_table("ratings")
    op.drop_table("player_links")
    op.drop_index("ix_player_keys_player_id", "player_keys")
    op.drop_table("player_keys")
    op.drop_table("players")
