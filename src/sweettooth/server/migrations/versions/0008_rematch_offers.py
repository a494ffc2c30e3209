"""Rematch offers kept in the database, so every server process sees every vote.

`rematch_offers`: one row per finished table with a rematch offered: the offer's status
(`open`, `declined` or `ready`), each seat's vote (true, false or null, by seat), a hash per
accepting human seat of the token that player will hold at the new table (derived from their
seat token, so the token itself is never stored), who moved last (seat and name), a sequence
number counting the changes (so a process tells its clients only of newer ones), and once
ready the new table's id. The vote that completes the offer also opens the new table, in the
same transaction, under a lock on the finished table's row: one table per offer, however many
processes the last votes arrive at.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rematch_offers",
        sa.Column("table_id", sa.String(32),
                  sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("votes", sa.JSON, nullable=False),
        sa.Column("keys", sa.JSON, nullable=False),
        sa.Column("by_seat", sa.Integer, nullable=True),
        sa.Column("by_name", sa.String(64), nullable=True),
        sa.Column("new_table", sa.String(32), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rematch_offers")
