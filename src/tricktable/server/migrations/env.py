"""Alembic environment: migrate over the connection the server hands in (or the URL)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context

from tricktable.server.db import metadata


def run() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = sa.create_engine(context.config.get_main_option("sqlalchemy.url") or "")
    with engine.begin() as own:
        context.configure(connection=own, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()


run()
