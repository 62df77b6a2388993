"""What one process's services share, and how they stop: every announcement sent, every
background task ended, within a bound, whatever the broker does with a cancellation."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

from conftest import first_legal_factory
from tricktable.server.broker import Message, NoBroker
from tricktable.server.config import Settings
from tricktable.server.db import Database
from tricktable.server.pool import Compute
from tricktable.server.services import Services

CLOSE_BOUND = 30.0
"""The test's own bound on a close, far beyond the services' (it only keeps a failing test
from hanging)."""


class WaitForBroker(NoBroker):
    """Publishes as redis-py does: the write goes through ``asyncio.wait_for`` (its socket
    timeout). In Python 3.11 a cancellation that arrives in the loop turn in which the write
    finishes is lost: ``wait_for`` returns normally."""

    def __init__(self) -> None:
        self.published: list[Message] = []

    async def _write(self, message: Message) -> None:
        self.published.append(message)

    async def publish(self, message: Message) -> None:
        await asyncio.wait_for(self._write(message), timeout=5)


class StuckBroker(NoBroker):
    """A broker gone silent: a publish never returns, and loses the first cancellation."""

    async def publish(self, message: Message) -> None:
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            pass
        await asyncio.Event().wait()


def services_with(broker: Any, tmp_path: Path) -> Services:
    return Services(
        Settings(bot_processes=0),
        Database(f"sqlite:///{tmp_path / 'tables.db'}"),
        first_legal_factory,
        Compute(0),
        broker,
        role="server",
    )


def test_close_ends_when_the_broker_loses_the_senders_cancellation(tmp_path: Path) -> None:
    # the hang of a server process with the Redis broker: the sender was cancelled in the very
    # turn its publish's wait_for finished, carried on, and waited for its next message for ever
    async def main() -> tuple[list[str], bool]:
        broker = WaitForBroker()
        services = services_with(broker, tmp_path)
        services.announce(services.message("t1", "alive"))
        await asyncio.sleep(0)  # the sender is now inside wait_for, its write about to run
        sender = services._sender
        assert sender is not None
        sender.cancel()  # a shutdown's cancel lands in that turn
        async with asyncio.timeout(CLOSE_BOUND):
            await services.close()
        return [m["k"] for m in broker.published], sender.done()

    published, ended = asyncio.run(main())
    assert ended
    assert published == ["alive"]


def test_close_sends_every_announcement_made_before_it_in_order(tmp_path: Path) -> None:
    async def main() -> list[int]:
        broker = WaitForBroker()
        services = services_with(broker, tmp_path)
        for number in range(200):
            services.announce(services.message("t1", "actions", n=number))
        async with asyncio.timeout(CLOSE_BOUND):
            await services.close()
        return [m["n"] for m in broker.published]

    assert asyncio.run(main()) == list(range(200))


def test_close_ends_within_its_bound_when_the_broker_hangs(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async def main() -> list[str]:
        services = services_with(StuckBroker(), tmp_path)
        services.announce(services.message("t1", "alive"))
        await asyncio.sleep(0)
        async with asyncio.timeout(CLOSE_BOUND):
            await services.close(bound=0.3)
        return services.tasks.running

    with caplog.at_level(logging.ERROR):
        running = asyncio.run(main())
    assert running == []  # cancelled again, it ended
    assert "still running" not in caplog.text


def test_a_single_process_announces_nothing_and_starts_no_sender(tmp_path: Path) -> None:
    async def main() -> tuple[list[Message], list[str]]:
        broker = WaitForBroker()
        services = services_with(broker, tmp_path)
        services.role = "single"
        services.announce(services.message("t1", "alive"))
        running = services.tasks.running
        await services.close()
        return broker.published, running

    assert asyncio.run(main()) == ([], [])
