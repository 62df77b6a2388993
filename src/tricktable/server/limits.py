"""Limits on failed attempts (sign-ins), counted in the database: every server process on one
database sees the same failures, so running more processes does not buy more guesses."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import sqlalchemy as sa

from . import db as store
from .people import sign_in_failures as failures

__all__ = ["FailureLimits", "Limit"]


@dataclass(frozen=True)
class Limit:
    """At most ``count`` failures of one key of ``kind`` within ``window`` seconds."""

    kind: str
    count: int
    window: float


class FailureLimits:
    """Failures per key of each kind (a name, an address), one row per failure.

    The clock is the wall clock (Unix time), not a monotonic one: several processes, possibly on
    several machines, compare their times. Two attempts checked at the same moment may both go
    on, so a burst can pass the limit by the number of attempts in flight, never by more.
    """

    def __init__(
        self,
        database: store.Database,
        limits: Sequence[Limit],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.database = database
        self.limits = {limit.kind: limit for limit in limits}
        self.clock = clock
        self.horizon = max(limit.window for limit in limits)

    @staticmethod
    def _key(kind: str, key: str) -> str:
        return f"{kind}:{key}"[:120]

    async def wait(self, keys: Mapping[str, str]) -> float:
        """Seconds until every one of ``keys`` ({kind: key}) may try again (0: now)."""
        now = self.clock()
        wanted = {self._key(kind, key): self.limits[kind] for kind, key in keys.items()}

        def work(conn: sa.Connection) -> list[tuple[str, float]]:
            query = (
                sa.select(failures.c.key, failures.c.at)
                .where(failures.c.key.in_(wanted))
                .where(failures.c.at > now - self.horizon)
            )
            return [(str(key), float(at)) for key, at in conn.execute(query)]

        times: dict[str, list[float]] = {key: [] for key in wanted}
        for key, at in await self.database.run(work):
            times[key].append(at)
        return max(_wait(sorted(times[key]), limit, now) for key, limit in wanted.items())

    async def fail(self, keys: Mapping[str, str]) -> None:
        """Count one failure for each of ``keys``; forget failures older than every window."""
        now = self.clock()
        rows = [{"key": self._key(kind, key), "at": now} for kind, key in keys.items()]
        forget = failures.delete().where(failures.c.at <= now - self.horizon)
        await self.database.execute_all([(failures.insert(), rows), (forget, None)])

    async def clear(self, kind: str, key: str) -> None:
        query = failures.delete().where(failures.c.key == self._key(kind, key))
        await self.database.execute_all([(query, None)])


def _wait(times: list[float], limit: Limit, now: float) -> float:
    recent = [at for at in times if now - at < limit.window]
    if len(recent) < limit.count:
        return 0.0
    # blocked until fewer than ``count`` failures are left in the window
    return max(0.0, limit.window - (now - recent[len(recent) - limit.count]))
