"""State every server process on one database must share: failed sign-ins, a table's bot speed
and the link from a finished table to its rematch.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("bot_speed", sa.String(8), nullable=True))
        batch.add_column(sa.Column("rematch_id", sa.String(32), nullable=True))
    op.create_table(
        "sign_in_failures",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(120), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_sign_in_failures_key_at", "sign_in_failures", ["key", "at"])
    op.create_index("ix_sign_in_failures_at", "sign_in_failures", ["at"])


def downgrade() -> None:
    op.drop_index("ix_sign_in_failures_at", "sign_in_failures")
    op.drop_index("ix_sign_in_failures_key_at", "sign_in_failures")
    op.drop_table("sign_in_failures")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rematch_id")
        batch.drop_column("bot_speed")
