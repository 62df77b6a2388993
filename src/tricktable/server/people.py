"""The tables about people: accounts, sign-in sessions, statistics, ratings and reviews.

They share :data:`tricktable.server.db.metadata` with the game tables; the migration that
creates them is ``0002_lobby`` (``0003_shared_state`` adds the failed sign-ins). Statistics
and ratings are derived data: :mod:`.ratings` can rebuild them from the stored games at any time.
"""

from __future__ import annotations

import sqlalchemy as sa

from .db import metadata

__all__ = [
    "accounts",
    "game_results",
    "player_stats",
    "ratings",
    "reviews",
    "sessions",
    "sign_in_failures",
]

accounts = sa.Table(
    "accounts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("name_key", sa.String(40), nullable=False, unique=True),
    sa.Column("password_hash", sa.String(200), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    # the pages' language the account chose (a code of tricktable.i18n.LANGUAGES), 0009
    sa.Column("language", sa.String(8), nullable=True),
)

sessions = sa.Table(
    "sessions",
    metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False, index=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
)

STAT_COLUMNS = (
    "games",
    "games_won",
    "hands",
    "hands_won",
    "bids",
    "bids_made",
    "bids_set",
    "lone_tried",
    "lone_made",
    "generals_tried",
    "generals_made",
    "points",
)

player_stats = sa.Table(
    "player_stats",
    metadata,
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
    sa.Column("game", sa.String(40), primary_key=True),
    *(sa.Column(name, sa.BigInteger, nullable=False, server_default="0") for name in STAT_COLUMNS),
)

ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
    sa.Column("game", sa.String(40), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
)

game_results = sa.Table(
    "game_results",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False, index=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("won", sa.Boolean, nullable=False),
    sa.Column("rated", sa.Boolean, nullable=False),
    sa.Column("mu_before", sa.Float, nullable=True),
    sa.Column("mu_after", sa.Float, nullable=True),
    sa.Column("sigma_after", sa.Float, nullable=True),
    sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
)

sign_in_failures = sa.Table(
    "sign_in_failures",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("key", sa.String(120), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Index("ix_sign_in_failures_key_at", "key", "at"),
    sa.Index("ix_sign_in_failures_at", "at"),
)
"""One row per failed sign-in, by name and by address (``name:…``, ``address:…``), at a Unix
time: every server process on the database counts the same failures."""

reviews = sa.Table(
    "reviews",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("data", sa.JSON, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)
