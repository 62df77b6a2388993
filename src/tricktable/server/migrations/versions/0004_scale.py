"""Many processes: the jobs workers claim, and who created each table (for the caps).

Revision ID: 0004
Revises: 0003
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
        "jobs",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("actor", sa.String(16), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("owner", sa.String(64), nullable=True),
    )
    op.create_index("ix_jobs_due_at", "jobs", ["due_at"])
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("creator", sa.String(64), nullable=True))
        batch.add_column(
            sa.Column("bot_only", sa.Boolean, nullable=False, server_default=sa.false())
        )
    op.create_index("ix_tables_creator_status", "tables", ["creator", "status"])
    op.create_index("ix_tables_bot_only_status", "tables", ["bot_only", "status"])


def downgrade() -> None:
    op.drop_index("ix_tables_bot_only_status", "tables")
    op.drop_index("ix_tables_creator_status", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("bot_only")
        batch.drop_column("creator")
    op.drop_index("ix_jobs_due_at", "jobs")
    op.drop_table("jobs")
