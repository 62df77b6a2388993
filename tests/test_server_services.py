"""What one process's services share, and how they stop: every announcement sent, every
background task ended, within a bound, whatever the broker does with a cancellation."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

import contextlib

from conftest import first_legal_factory
from tricktable.server.broker import Message, NoBroker, make_broker
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
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.Event().wait()
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


async def start_stop_cycles(broker_url: str | None, db_url: str, channel: str) -> dict[str, int]:
    """The short form of ``bench/lifecycle.py``: services started and stopped with messages in
    flight, stopped at a different loop turn each time, every other time with a bound so short
    that the sender is cancelled mid-publish."""
    heard: set[tuple[int, int]] = set()
    peer = services_on(broker_url, db_url, channel)
    await peer.listen(lambda message: heard.add((message["cycle"], message["n"])))
    expected: set[tuple[int, int]] = set()
    left_behind = 0
    for cycle in range(CYCLES):
        services = services_on(broker_url, db_url, channel)
        await services.listen(lambda message: None)
        for n in range(20):
            services.announce(services.message(None, "soak", cycle=cycle, n=n))
        for _ in range(cycle % 8):
            await asyncio.sleep(0)
        full = cycle % 2 == 0
        async with asyncio.timeout(CLOSE_BOUND):
            await services.close(2.0 if full else 0.002)
        left_behind += len(services.tasks.running)
        if full:
            expected |= {(cycle, n) for n in range(20)}
    for _ in range(500):  # the last messages' way to the peer (at most 5 s)
        if expected <= heard or broker_url is None:
            break
        await asyncio.sleep(0.01)
    await peer.close()
    lost = len(expected - heard) if broker_url else 0
    return {"left behind": left_behind, "lost": lost}


CYCLES = 24


def services_on(broker_url: str | None, db_url: str, channel: str) -> Services:
    settings = Settings(bot_processes=0, broker_channel=channel)
    broker = make_broker(broker_url, channel)
    return Services(
        settings, Database(db_url), first_legal_factory, Compute(0), broker, role="server"
    )


def test_services_start_and_stop_with_messages_in_flight_on_each_broker(
    pg_url: str, broker_url: str, channel: str
) -> None:
    outcome = asyncio.run(start_stop_cycles(broker_url, pg_url, channel))
    assert outcome == {"left behind": 0, "lost": 0}


def test_services_start_and_stop_with_messages_in_flight_without_a_broker(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'tables.db'}"
    outcome = asyncio.run(start_stop_cycles(None, db_url, "unused"))
    assert outcome == {"left behind": 0, "lost": 0}
