"""128-bit seeds, the table's bot pace and the address that opened it.

Seeds outgrew the 64-bit `seed` and `bot_seed` columns: the exact seeds now live in
`seed_text` and `bot_seed_text` (decimal digits); the old columns keep the low 63 bits for
readers of the first schema. `bot_speed` is the web client's default pace for bot moves;
`owner` is the client address that opened the table (for the per-address cap on open tables).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMNs: SQLite never rebuilds (and so never cascades through) the tables table
    op.add_column("tables", sa.Column("seed_text", sa.String(48), nullable=True))
    op.add_column("tables", sa.Column("bot_seed_text", sa.String(48), nullable=True))
    op.add_column("tables", sa.Column("bot_speed", sa.String(16), nullable=True))
    op.add_column("tables", sa.Column("owner", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        for column in ("owner", "bot_speed", "bot_seed_text", "seed_text"):
            batch.drop_column(column)
