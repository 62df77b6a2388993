"""Several server processes in one test: hubs on one database and broker, each its own
"process" (its own id, broker connection and live tables), with recording clients."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from conftest import first_legal_factory
from tricktable.server.broker import make_broker
from tricktable.server.config import Settings
from tricktable.server.db import Database
from tricktable.server.hub import Hub
from tricktable.server.migrate import upgrade
from tricktable.server.pool import Compute
from tricktable.server.schemas import CreateTable, SeatSpec
from tricktable.server.services import Role, Services

HUMANS = [SeatSpec(kind="human")] * 4
SOLO = [SeatSpec(kind="human")] + [SeatSpec(kind="bot")] * 3
BOTS = [SeatSpec(kind="bot")] * 4


class Recorder:
    """A client that keeps every message it is sent."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.token: str | None = None
        self.messages: list[dict[str, Any]] = []

    def push(self, text: str) -> None:
        self.messages.append(json.loads(text))

    def retire(self, code: str, message: str) -> None:
        self.messages.append({"type": "error", "code": code, "message": message})

    def seqs(self) -> list[int]:
        return [m["seq"] for m in self.messages if m["type"] == "state"]

    def last_state(self) -> dict[str, Any]:
        return next(m for m in reversed(self.messages) if m["type"] == "state")


def settings_for(channel: str, **changes: Any) -> Settings:
    chosen: dict[str, Any] = {
        "bot_delay": 0.0,
        "grace_seconds": 60.0,
        "bot_processes": 0,
        "broker_channel": channel,
        "lease_seconds": 2.0,
        **changes,
    }
    return Settings(**chosen)


def services_for(
    db_url: str, broker_url: str | None, channel: str, role: Role, **changes: Any
) -> Services:
    return Services(
        settings_for(channel, **changes),
        Database(db_url),
        first_legal_factory,
        Compute(0),
        make_broker(broker_url, channel),
        role=role,
    )


@asynccontextmanager
async def hubs(
    db_url: str, broker_url: str | None, channel: str, count: int = 2, **changes: Any
) -> AsyncIterator[list[Hub]]:
    """``count`` server processes (hubs) on one database and broker."""
    await asyncio.to_thread(upgrade, db_url)
    started = []
    try:
        for n in range(count):
            services = services_for(db_url, broker_url, channel, "server", **changes)
            hub = Hub(services, random.Random(n))
            await services.listen(hub.on_message)
            started.append(hub)
        yield started
    finally:
        for hub in started:
            await hub.close()
            await hub.services.close()
            await hub.services.database.close()


async def new_table(hub: Hub, seats: list[SeatSpec] = HUMANS, **options: Any) -> str:
    spec = CreateTable(game="hasenpfeffer", options={"target_score": 2, **options}, seats=seats)
    runtime = await hub.create(spec)
    for seat in runtime.seats:
        if seat.kind == "human":
            await runtime.join(f"P{seat.seat}", seat.seat)
    return runtime.table_id


async def eventually(condition: Callable[[], bool], what: str, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting until {what}")
        await asyncio.sleep(0.01)


def first_legal(runtime: Any) -> str:
    return str(runtime.game.legal_actions()[0])
