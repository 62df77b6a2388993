"""The one write made for nearly every move on PostgreSQL, in one round trip.

A person's move that deals no new hand, ends nothing and leaves no job is one row of the action
log (and, with LISTEN/NOTIFY, its announcement). Through SQLAlchemy's async engine that is
BEGIN, INSERT, NOTIFY and COMMIT, four round trips and about a millisecond of the server's
CPU; here it is one statement in autocommit mode (atomic on its own: the announcement goes out
only if the row is stored), prepared once per connection, on asyncpg connections kept open:
asyncpg keeps its socket registered with the event loop and parses replies in compiled code,
about a third of psycopg's CPU per statement (measured 14 against 35 µs). Any other write goes
through :class:`tricktable.server.db.Database` as before.

On SQLite the same row goes to the driver's connection directly (:class:`SqliteMoveWriter`):
the statement text is fixed, so SQLAlchemy's compiling and parameter handling per execute
(about half of a stored move's CPU) buys nothing; the values are converted by the columns'
own types, so the row reads back exactly as one SQLAlchemy wrote.
"""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any

import sqlalchemy as sa

__all__ = ["INSERT", "MoveWriter", "SqliteMoveWriter", "plain_url"]

INSERT = (
    "INSERT INTO actions (table_id, number, deal_number, seat, action, actor, created_at)"
    " VALUES ($1, $2, $3, $4, $5, $6, $7)"
)
INSERT_AND_NOTIFY = (
    f"WITH stored AS ({INSERT} RETURNING number) SELECT pg_notify($8, $9) FROM stored"
)
COLUMNS = ("table_id", "number", "deal_number", "seat", "action", "actor", "created_at")
SQLITE_INSERT = (
    "INSERT INTO actions (table_id, number, deal_number, seat, action, actor, created_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?)"
)


def plain_url(url: str) -> str:
    """``postgresql://…`` for a database URL that may name SQLAlchemy's driver."""
    return "postgresql://" + url.split("://", 1)[1]


class MoveWriter:
    """A few asyncpg connections that store single action rows."""

    def __init__(self, url: str, size: int = 8) -> None:
        self.url = plain_url(url)
        self.size = size
        self._idle: asyncio.Queue[Any] = asyncio.Queue()
        self._opened = 0
        self._opening = asyncio.Lock()
        self.backends: set[int] = set()
        """The server process ids of these connections (their notifications are this
        process's own)."""

    async def store(self, row: dict[str, Any], notify: tuple[str, str] | None = None) -> None:
        """Store one action row (and send ``(channel, payload)`` if it is stored); raises
        SQLAlchemy's IntegrityError if the number is taken, DBAPIError on other failures."""
        import asyncpg

        connection = await self._connection()
        values = [row[column] for column in COLUMNS]
        healthy = False
        try:
            if notify is None:
                await connection.execute(INSERT, *values)
            else:
                await connection.execute(INSERT_AND_NOTIFY, *values, *notify)
            healthy = True
        except asyncpg.UniqueViolationError as exc:
            healthy = True  # autocommit: the connection is fine
            raise sa.exc.IntegrityError(INSERT, row, exc) from None
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as exc:
            raise sa.exc.DBAPIError(INSERT, row, exc) from None
        finally:
            # a connection that failed (or whose statement was interrupted) is not reused
            if healthy:
                self._idle.put_nowait(connection)
            else:
                self._forget(connection)

    def _forget(self, connection: Any) -> None:
        self._opened -= 1
        self.backends.discard(connection.get_server_pid())
        connection.terminate()

    async def _connection(self) -> Any:
        import asyncpg

        if not self._idle.empty() or self._opened >= self.size:
            return await self._idle.get()
        async with self._opening:
            self._opened += 1
            try:
                connection = await asyncpg.connect(self.url)
            except (asyncpg.PostgresError, OSError) as exc:
                self._opened -= 1
                raise sa.exc.DBAPIError("connect", None, exc) from None
            self.backends.add(connection.get_server_pid())
            return connection

    async def close(self) -> None:
        while not self._idle.empty():
            await self._idle.get_nowait().close(timeout=5)


class SqliteMoveWriter:
    """Stores single action rows on SQLite in one transaction each, on a connection of its
    own (taken from the pool once, with its settings, and detached from it: checking one out
    and in for every move cost more than the insert). The event loop's thread is the only one
    that writes, and each row is committed before :meth:`store` returns, so the pool's
    connection never waits for this one."""

    def __init__(self, engine: sa.Engine, actions: sa.Table) -> None:
        self.engine = engine
        dialect = engine.dialect
        self.converters = [
            actions.c[name].type.dialect_impl(dialect).bind_processor(dialect) for name in COLUMNS
        ]
        self._connection: Any = None

    def store(self, row: dict[str, Any]) -> None:
        """Store one action row; raises SQLAlchemy's IntegrityError if the number is taken,
        DBAPIError on other failures (the transaction is rolled back)."""
        values = [
            row[name] if convert is None else convert(row[name])
            for name, convert in zip(COLUMNS, self.converters, strict=True)
        ]
        connection = self._connection or self._open()
        try:
            connection.execute(SQLITE_INSERT, values)
            connection.commit()
        except sqlite3.IntegrityError as exc:
            connection.rollback()
            raise sa.exc.IntegrityError(SQLITE_INSERT, row, exc) from None
        except sqlite3.Error as exc:
            connection.rollback()
            raise sa.exc.DBAPIError(SQLITE_INSERT, row, exc) from None

    def _open(self) -> Any:
        pooled = self.engine.raw_connection()
        self._connection = pooled.driver_connection
        pooled.detach()
        return self._connection

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None
