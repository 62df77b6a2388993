"""Alembic migrations shipped inside the package, run programmatically (no alembic.ini)."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from .db import sync_url

MIGRATIONS = Path(__file__).with_name("migrations")
LOCK = 0x7472_6963_6B74
"""The PostgreSQL advisory lock held while migrating."""


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", sync_url(url).replace("%", "%%"))
    return config


def upgrade(url: str, revision: str = "head") -> None:
    """Bring the database at ``url`` up to ``revision`` (blocking; run it in a thread)."""
    engine = sa.create_engine(sync_url(url))
    try:
        with engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                # several processes starting at once migrate one after the other
                connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK})
            config = alembic_config(url)
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
    finally:
        engine.dispose()
