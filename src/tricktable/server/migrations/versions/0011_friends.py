"""Friends: requests and friendships between accounts, invitations to a seat, and when an
account's pages were last seen (who is online) (tricktable.server.friends).

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "friendships",
        sa.Column("asker_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("asked_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("accepted", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_friendships_asked", "friendships", ["asked_id"])
    op.create_table(
        "seat_invitations",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("from_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("to_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "seat", "to_id", name="uq_seat_invitations_seat_to"),
    )
    op.create_index("ix_seat_invitations_to", "seat_invitations", ["to_id"])
    op.create_index("ix_seat_invitations_from", "seat_invitations", ["from_id"])
    op.create_table(
        "presence",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("seen_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("presence")
    op.drop_table("seat_invitations")
    op.drop_table("friendships")
