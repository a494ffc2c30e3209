"""Bot leases: which server process plays a table's bot seats, and until when.

Several `sweettooth serve` processes may share one database; each table's bots are played by
the one process holding the table's row here. The holder renews `expires_at` (database time)
while it lives; once it has passed, any other process may take the lease over.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "bot_leases",
        sa.Column("table_id", sa.String(32),
                  sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("holder", sa.String(64), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_bot_leases_holder", "bot_leases", ["holder"])


def downgrade() -> None:
    op.drop_index("ix_bot_leases_holder", "bot_leases")
    op.drop_table("bot_leases")
