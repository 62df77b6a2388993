"""Fan-out between processes: what one server or worker stored reaches every other process.

A message is a small JSON object naming the process that sent it (``p``, first: a process
drops its own messages by their first bytes, unread), its table (``t``) and its kind (``k``):
``actions`` (new rows of a table's action log), ``chat``, ``seats`` (names or presence
changed), ``rematch`` and ``alive`` (a process's heartbeat). Every server listens on one
channel and ignores tables it does not hold; workers only send. Two brokers, chosen by the
URL's scheme:

- ``redis://…``: Redis pub/sub (the ``redis`` asyncio client); published right after the commit.
- ``postgresql://…``: the database's own LISTEN/NOTIFY; the notification is sent *inside* the
  transaction that stores the change, so it goes out exactly when (and only if) it commits.

A process that misses a message (its broker connection dropped) finds the gap at the next one:
the action numbers jump, and it reloads the table from the database.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import orjson
import sqlalchemy as sa

from .db import Statement, async_url
from .fastpath import plain_url
from .supervisor import STOP_SECONDS, check_cancelled

if TYPE_CHECKING:
    from .supervisor import Supervisor

log = logging.getLogger(__name__)

__all__ = ["Broker", "Message", "NoBroker", "PostgresBroker", "RedisBroker", "make_broker"]

Message = dict[str, Any]
Handler = Callable[[Message], None]

NOTIFY_LIMIT = 7900
"""PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; larger messages say only
``reload`` and the listener reads the table from the database."""


class Broker(Protocol):
    in_transaction: bool
    """True when :meth:`statement` must go into the storing transaction (LISTEN/NOTIFY)."""

    async def start(self, handler: Handler, tasks: Supervisor, own: str = "") -> None:
        """Deliver every message heard to ``handler``, but those of process ``own``; the
        reading task belongs to ``tasks`` (which ends it)."""

    def statement(self, message: Message) -> Statement: ...

    async def publish(self, message: Message) -> None: ...

    @property
    def connected(self) -> bool: ...

    async def close(self) -> None: ...


def encode(message: Message) -> str:
    return orjson.dumps(message).decode()


class NoBroker:
    """A single process: nobody else to tell."""

    in_transaction = False
    connected = True

    async def start(self, handler: Handler, tasks: Supervisor, own: str = "") -> None:
        return None

    def statement(self, message: Message) -> Statement:
        raise NotImplementedError("a single process sends no notifications")

    async def publish(self, message: Message) -> None:
        return None

    async def close(self) -> None:
        return None


class RedisBroker:
    """Redis pub/sub on one channel."""

    in_transaction = False

    def __init__(self, url: str, channel: str) -> None:
        from redis import asyncio as aioredis

        self.client = aioredis.Redis.from_url(url)
        self.channel = channel
        self._reader: asyncio.Task[None] | None = None
        self._subscribed = asyncio.Event()

    @property
    def connected(self) -> bool:
        return self._subscribed.is_set() and self._reader is not None and not self._reader.done()

    async def start(self, handler: Handler, tasks: Supervisor, own: str = "") -> None:
        self._reader = tasks.spawn("broker reader (Redis)", self._read(handler, _prefix(own)))
        async with asyncio.timeout(30):
            await self._subscribed.wait()

    async def _read(self, handler: Handler, own: str) -> None:
        while True:
            try:
                async with self.client.pubsub() as pubsub:
                    await pubsub.subscribe(self.channel)
                    check_cancelled()  # redis-py's asyncio.wait_for may have lost it
                    self._subscribed.set()
                    async for item in pubsub.listen():
                        if item.get("type") == "message":
                            _deliver(handler, item["data"], own)
            except (OSError, ConnectionError) as exc:  # redis' errors derive from these
                self._subscribed.clear()
                log.warning("broker: lost Redis (%s); reconnecting", exc)
                await asyncio.sleep(1.0)

    def statement(self, message: Message) -> Statement:
        raise NotImplementedError("Redis messages are published after the commit")

    async def publish(self, message: Message) -> None:
        await self.client.publish(self.channel, encode(message))

    async def close(self) -> None:
        """Close the client (the reader was ended by the services' supervisor)."""
        async with asyncio.timeout(STOP_SECONDS):
            await self.client.aclose()


async def listen(
    url: str,
    channel: str,
    heard: Callable[..., None],
    listening: asyncio.Event,
    who: str,
    *,
    connected: Callable[[], None] | None = None,
) -> None:
    """LISTEN on ``channel`` for as long as the task runs, through asyncpg (``heard`` is called
    straight from its protocol), reconnecting after a lost connection; ``listening`` is set
    while the connection is up, and ``connected`` is called each time it comes up."""
    import asyncpg

    while True:
        try:
            conn = await asyncpg.connect(url)
        except (asyncpg.PostgresError, OSError) as exc:
            log.warning("%s: no LISTEN connection (%s); trying again", who, exc)
            await asyncio.sleep(1.0)
            continue
        lost = asyncio.Event()
        try:
            conn.add_termination_listener(lambda _conn, lost=lost: lost.set())
            await conn.add_listener(channel, heard)
            check_cancelled()  # asyncpg awaits under timeouts that may have lost it
            listening.set()
            if connected is not None:
                connected()
            await lost.wait()
            log.warning("%s: lost the LISTEN connection; reconnecting", who)
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as exc:
            log.warning("%s: lost the LISTEN connection (%s); reconnecting", who, exc)
        finally:
            listening.clear()
            conn.terminate()
        await asyncio.sleep(1.0)


class PostgresBroker:
    """LISTEN/NOTIFY of the PostgreSQL database the tables are stored in (through asyncpg,
    whose listeners are called straight from its protocol: no task wakes per notification)."""

    in_transaction = True

    def __init__(self, url: str, channel: str) -> None:
        self.url = plain_url(async_url(url))
        self.channel = channel
        self._reader: asyncio.Task[None] | None = None
        self._listening = asyncio.Event()
        self._notify = sa.text("SELECT pg_notify(:channel, :payload)")
        self._sender: Any = None
        self.own_backends: set[int] = set()
        """Server process ids whose notifications are this process's own (its move writer's
        connections): dropped unread."""

    @property
    def connected(self) -> bool:
        return self._listening.is_set() and self._reader is not None and not self._reader.done()

    async def start(self, handler: Handler, tasks: Supervisor, own: str = "") -> None:
        self._reader = tasks.spawn("broker reader (LISTEN)", self._read(handler, _prefix(own)))
        async with asyncio.timeout(30):
            await self._listening.wait()

    async def _read(self, handler: Handler, own: str) -> None:
        def heard(_conn: Any, backend: int, _channel: str, payload: str) -> None:
            if backend not in self.own_backends:
                _deliver(handler, payload, own)

        await listen(self.url, self.channel, heard, self._listening, "broker")

    def statement(self, message: Message) -> Statement:
        return self._notify, {"channel": self.channel, "payload": _fitting(message)}

    async def publish(self, message: Message) -> None:
        import asyncpg

        if self._sender is None or self._sender.is_closed():
            self._sender = await asyncpg.connect(self.url)
        await self._sender.execute("SELECT pg_notify($1, $2)", self.channel, _fitting(message))

    async def close(self) -> None:
        """Drop the sending connection (the reader was ended by the services' supervisor)."""
        if self._sender is not None:
            # at once: a publish cancelled halfway may leave it busy, and a polite close waits
            self._sender.terminate()


def _fitting(message: Message) -> str:
    text = encode(message)
    if len(text.encode()) < NOTIFY_LIMIT:
        return text
    return encode({"p": message.get("p"), "t": message.get("t"), "k": "reload"})


def _prefix(own: str) -> str:
    """How every message of process ``own`` begins (its sender comes first)."""
    return encode({"p": own})[:-1] + "," if own else ""


def _deliver(handler: Handler, data: bytes | str, own: str = "") -> None:
    text = data.decode() if isinstance(data, bytes) else data
    if own and text.startswith(own):
        return  # this process's own message: not even decoded
    try:
        message = orjson.loads(text)
    except orjson.JSONDecodeError:
        log.warning("broker: ignored a message that is not JSON")
        return
    if isinstance(message, dict):
        handler(message)


def make_broker(url: str | None, channel: str) -> Broker:
    """The broker of ``url`` (``redis://`` or ``postgresql://``), or none for one process."""
    if not url:
        return NoBroker()
    if url.startswith(("redis://", "rediss://", "unix://")):
        return RedisBroker(url, channel)
    if url.startswith(("postgresql", "postgres://")):
        return PostgresBroker(url, channel)
    raise ValueError(f"broker URL {url!r} is neither redis://… nor postgresql://…")
