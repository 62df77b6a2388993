"""Persistence: tables, seats, deals, actions and chat, event-sourced in SQL.

A game is its rules, seed, deals and actions; the actions table has one row per accepted action
with the table's running action number as part of its key, so an action can never be stored
twice. SQLite (default) and PostgreSQL are supported through SQLAlchemy's async engine.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

metadata = sa.MetaData()

tables = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("rules", sa.Text, nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("first_dealer", sa.Integer, nullable=False),
    sa.Column("allow_spectators", sa.Boolean, nullable=False),
    sa.Column("turn_seconds", sa.Integer, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("level", sa.String(16), nullable=True),
    sa.Column("name", sa.String(40), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
)

deals = sa.Table(
    "deals",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("dealer", sa.Integer, nullable=False),
    sa.Column("deal", sa.Text, nullable=False),
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("deal_number", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.String(64), nullable=False),
    sa.Column("actor", sa.String(16), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

chat = sa.Table(
    "chat",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False, index=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("text", sa.String(200), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def async_url(url: str) -> str:
    """The async driver's URL for a database URL given by a user."""
    if url.startswith("sqlite://"):
        return "sqlite+aiosqlite://" + url.removeprefix("sqlite://")
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def sync_url(url: str) -> str:
    """The sync driver's URL (for migrations) for a database URL given by a user."""
    if url.startswith("sqlite+aiosqlite://"):
        return "sqlite://" + url.removeprefix("sqlite+aiosqlite://")
    return async_url(url) if url.startswith("postgres") else url


@dataclass(frozen=True)
class StoredTable:
    """Everything stored about one table, enough to rebuild its game by replay."""

    row: sa.Row[Any]
    seats: Sequence[sa.Row[Any]]
    deals: Sequence[sa.Row[Any]]
    actions: Sequence[sa.Row[Any]]
    chat: Sequence[sa.Row[Any]]


class Database:
    """The async engine and the few queries the server makes."""

    def __init__(self, url: str) -> None:
        self.url = async_url(url)
        self.is_sqlite = self.url.startswith("sqlite")
        # SQLite takes one writer at a time: one pooled connection queues writers in-process
        # instead of making them fail with "database is locked".
        extra: dict[str, Any] = {"pool_size": 1, "max_overflow": 0} if self.is_sqlite else {}
        self.engine: AsyncEngine = create_async_engine(self.url, **extra)
        if self.is_sqlite:
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)

    @asynccontextmanager
    async def begin(self) -> AsyncIterator[AsyncConnection]:
        async with self.engine.begin() as conn:
            yield conn

    async def close(self) -> None:
        await self.engine.dispose()

    async def load(self, table_id: str) -> StoredTable | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(tables.select().where(tables.c.id == table_id))).first()
            if row is None:
                return None

            async def rows(table: sa.Table, order: sa.ColumnElement[Any]) -> Sequence[Any]:
                query = table.select().where(table.c.table_id == table_id).order_by(order)
                return (await conn.execute(query)).all()

            return StoredTable(
                row,
                await rows(seats, seats.c.seat),
                await rows(deals, deals.c.number),
                await rows(actions, actions.c.number),
                await rows(chat, chat.c.id),
            )

    async def unfinished_ids(self) -> list[str]:
        async with self.engine.connect() as conn:
            query = sa.select(tables.c.id).where(tables.c.status != "over")
            return [r[0] for r in await conn.execute(query)]


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL with synchronous=NORMAL survives a killed process (not a power cut) at a far lower
    # cost per commit than the default rollback journal.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
