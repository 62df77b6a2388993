"""Duplicate events: registrations, rounds, boards, tables and scores (tricktable.server.events);
a table's round boards (tables.boards).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("boards", sa.JSON, nullable=True))
    _events()
    _rounds()


def _events() -> None:
    op.create_table(
        "events",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("club_id", sa.String(16), sa.ForeignKey("clubs.id"), nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("kind", sa.String(12), nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("boards", sa.Integer, nullable=False),
        sa.Column("max_players", sa.Integer, nullable=False),
        sa.Column("bot_level", sa.String(16), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("current_round", sa.Integer, nullable=False),
        sa.Column("created_by", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_events_club_id", "events", ["club_id"])
    op.create_index("ix_events_status", "events", ["status"])
    op.create_table(
        "event_players",
        sa.Column("event_id", sa.String(16), sa.ForeignKey("events.id"), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("registered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("entrant", sa.String(16), nullable=True),
    )


def _rounds() -> None:
    op.create_table(
        "event_rounds",
        sa.Column("event_id", sa.String(16), sa.ForeignKey("events.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("scored_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "event_boards",
        sa.Column("event_id", sa.String(16), sa.ForeignKey("events.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("secret", sa.String(64), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
    )
    op.create_table(
        "event_tables",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("event_id", sa.String(16), sa.ForeignKey("events.id"), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("entrants", sa.JSON, nullable=False),
        sa.UniqueConstraint("event_id", "round", "number", name="uq_event_tables_place"),
    )
    op.create_table(
        "event_scores",
        sa.Column("event_id", sa.String(16), sa.ForeignKey("events.id"), primary_key=True),
        sa.Column("board", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("place", sa.Integer, primary_key=True),
        sa.Column("entrant", sa.String(16), nullable=False),
        sa.Column("value", sa.Float, nullable=False),
        sa.Column("matchpoints", sa.Integer, nullable=False),
        sa.Column("percent", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for name in ("event_scores", "event_tables", "event_boards", "event_rounds", "event_players"):
        op.drop_table(name)
    op.drop_table("events")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("boards")
