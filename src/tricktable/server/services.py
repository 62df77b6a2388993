"""What every live table of one process shares: settings, database, pool, broker and role.

A process has one of three roles. ``single`` (the default, SQLite or PostgreSQL): one server
holds every live table and plays the bots in its own process pool. ``server`` (several
processes on one PostgreSQL with a broker): bot turns and turn timers become jobs for
``tricktable worker``, and what this process stores is announced to the others. ``worker``:
claims those jobs and stores the moves; it holds no connections.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from .broker import Broker, Message, NoBroker, PostgresBroker
from .config import BotFactory, Settings
from .db import Database
from .ops import Metrics
from .pool import Compute
from .supervisor import STOP_SECONDS, Supervisor, check_cancelled

log = logging.getLogger(__name__)

__all__ = ["Role", "Services", "wake_channel"]

Role = Literal["single", "server", "worker"]


def wake_channel(channel: str) -> str:
    """The channel that tells workers a job was written (beside the broker's ``channel``)."""
    return f"{channel}.jobs"


@dataclass
class Services:
    settings: Settings
    database: Database
    bot_factory: BotFactory
    compute: Compute
    broker: Broker = field(default_factory=NoBroker)
    role: Role = "single"
    process_id: str = field(default_factory=lambda: secrets.token_hex(6))
    metrics: Metrics = field(default_factory=Metrics)
    tasks: Supervisor = field(default_factory=lambda: Supervisor("services"))
    """Every background task of the process (broker sender and reader, LISTEN loops, settle
    loop, heartbeat, the worker's jobs): ended together, within a bound, by :meth:`close`."""
    _outbox: asyncio.Queue[Message | None] | None = None
    _sender: asyncio.Task[None] | None = None

    def __post_init__(self) -> None:
        if self.uses_jobs and self.database.url.startswith("postgresql"):
            self.database.wake_channel = wake_channel(self.settings.broker_channel)

    @property
    def uses_jobs(self) -> bool:
        """Automatic moves are jobs in the database (for workers), not tasks of this process."""
        return self.role != "single"

    def message(self, table_id: str | None, kind: str, **fields: object) -> Message:
        return {"p": self.process_id, "t": table_id, "k": kind, **fields}

    async def listen(self, handler: Callable[[Message], None]) -> None:
        """Hear the other processes' messages (this process's own are dropped unread: by the
        server process ids of its move writer under LISTEN/NOTIFY, else by their sender)."""
        moves = self.database.moves
        if isinstance(self.broker, PostgresBroker) and moves is not None:
            self.broker.own_backends = moves.backends
        await self.broker.start(handler, self.tasks, own=self.process_id)

    def announce(self, message: Message) -> None:
        """Publish ``message`` soon, after those announced before it (no storing goes with it)."""
        if self.role == "single":
            return
        if self._outbox is None:
            self._outbox = asyncio.Queue()
            self._sender = self.tasks.spawn("broker sender", self._send(self._outbox))
        self._outbox.put_nowait(message)

    async def _send(self, outbox: asyncio.Queue[Message | None]) -> None:
        """Publish the announcements in order until the sentinel ``None``."""
        while (message := await outbox.get()) is not None:
            try:
                await self.broker.publish(message)
            except Exception as exc:  # a lost broker must not stop the table
                log.warning("broker: a %s message was not sent: %s", message.get("k"), exc)
            # redis-py's publish goes through asyncio.wait_for, which in Python 3.11 can return
            # normally in a cancelled task: without this check the sender waits for ever
            check_cancelled()

    async def close(self, bound: float = STOP_SECONDS) -> None:
        """Send what was announced (at most ``bound`` seconds), end every background task
        (at most ``bound`` seconds more), then close the broker and the pool."""
        if self._outbox is not None and self._sender is not None:
            self._outbox.put_nowait(None)
            await asyncio.wait({self._sender}, timeout=bound)
        await self.tasks.close(bound)
        await self.broker.close()
        self.compute.close()
