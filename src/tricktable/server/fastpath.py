"""The one write made for nearly every move on PostgreSQL, in one round trip.

A person's move that deals no new hand, ends nothing and leaves no job is one row of the action
log (and, with LISTEN/NOTIFY, its announcement). Through SQLAlchemy's async engine that is
BEGIN, INSERT, NOTIFY and COMMIT, four round trips and about a millisecond of the server's
CPU; here it is one statement in autocommit mode (atomic on its own: the announcement goes out
only if the row is stored), on psycopg connections kept open, its plan prepared by the server.
Any other write goes through :class:`tricktable.server.db.Database` as before.
"""

from __future__ import annotations

import asyncio
from typing import Any

import sqlalchemy as sa

__all__ = ["MoveWriter"]

INSERT = (
    "INSERT INTO actions (table_id, number, deal_number, seat, action, actor, created_at)"
    " VALUES (%(table_id)s, %(number)s, %(deal_number)s, %(seat)s, %(action)s, %(actor)s,"
    " %(created_at)s)"
)
INSERT_AND_NOTIFY = (
    f"WITH stored AS ({INSERT} RETURNING number)"
    " SELECT pg_notify(%(channel)s, %(payload)s) FROM stored"
)


class MoveWriter:
    """A few psycopg connections that store single action rows."""

    def __init__(self, url: str, size: int = 8) -> None:
        self.url = "postgresql://" + url.split("://", 1)[1]
        self.size = size
        self._idle: asyncio.Queue[Any] = asyncio.Queue()
        self._opened = 0
        self._opening = asyncio.Lock()

    async def store(self, row: dict[str, Any], notify: tuple[str, str] | None = None) -> None:
        """Store one action row (and send ``(channel, payload)`` if it is stored); raises
        SQLAlchemy's IntegrityError if the number is taken, DBAPIError on other failures."""
        import psycopg

        connection = await self._connection()
        healthy = False
        try:
            if notify is None:
                await connection.execute(INSERT, row)
            else:
                channel, payload = notify
                await connection.execute(
                    INSERT_AND_NOTIFY, {**row, "channel": channel, "payload": payload}
                )
            healthy = True
        except psycopg.errors.UniqueViolation as exc:
            healthy = True  # autocommit: the connection is fine
            raise sa.exc.IntegrityError(INSERT, row, exc) from None
        except psycopg.Error as exc:
            raise sa.exc.DBAPIError(INSERT, row, exc) from None
        finally:
            # a connection that failed (or whose statement was interrupted) is not reused
            if healthy:
                self._idle.put_nowait(connection)
            else:
                self._opened -= 1
                await asyncio.shield(connection.close())

    async def _connection(self) -> Any:
        import psycopg

        if not self._idle.empty() or self._opened >= self.size:
            return await self._idle.get()
        async with self._opening:
            self._opened += 1
            try:
                return await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            except psycopg.Error as exc:
                self._opened -= 1
                raise sa.exc.DBAPIError("connect", None, exc) from None

    async def close(self) -> None:
        while not self._idle.empty():
            await self._idle.get_nowait().close()
