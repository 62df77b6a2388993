"""Clubs: their members and roles, and the tables of their lobbies (tricktable.server.clubs).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "clubs",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("name_key", sa.String(60), nullable=False, unique=True),
        sa.Column("public", sa.Boolean, nullable=False),
        sa.Column("invite_code", sa.String(32), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "club_members",
        sa.Column("club_id", sa.String(16), sa.ForeignKey("clubs.id"), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("role", sa.String(8), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_club_members_account", "club_members", ["account_id"])
    op.create_table(
        "club_tables",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("club_id", sa.String(16), sa.ForeignKey("clubs.id"), nullable=False),
    )
    op.create_index("ix_club_tables_club_id", "club_tables", ["club_id"])


def downgrade() -> None:
    op.drop_table("club_tables")
    op.drop_table("club_members")
    op.drop_table("clubs")
