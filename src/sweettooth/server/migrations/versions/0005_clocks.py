"""Time controls: a table's clock (`table_clocks`).

One row per table opened with a time control: the control itself (`spec`, JSON: mode, minutes
and increment or days, the flag-fall rule), when play started (`started_at`, database-stored
wall-clock time; null while the table waits for its players) and the seats whose time ran out
(`flagged`, a JSON list). The time of each move is its action row's `created_at`.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_clocks",
        sa.Column("table_id", sa.String(32),
                  sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("spec", sa.JSON, nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("flagged", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_clocks")
