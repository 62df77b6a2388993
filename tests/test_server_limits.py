"""Failed sign-ins are counted in the database: they expire after their window, and every
server process on one database refuses the same guesser."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

from fastapi.testclient import TestClient

from tricktable.server.db import Database
from tricktable.server.limits import FailureLimits, Limit
from tricktable.server.migrate import upgrade

PASSWORD = "correct horse"


def test_failures_block_a_key_until_they_leave_the_window(db_url: str) -> None:
    upgrade(db_url)
    now = [1000.0]

    async def scenario() -> list[float]:
        database = Database(db_url)
        limits = FailureLimits(database, [Limit("name", 2, 10.0), Limit("address", 3, 60.0)])
        limits.clock = lambda: now[0]
        seen = []
        try:
            await limits.fail({"name": "ana", "address": "1.2.3.4"})
            seen.append(await limits.wait({"name": "ana", "address": "1.2.3.4"}))
            now[0] += 4.0
            await limits.fail({"name": "ana", "address": "1.2.3.4"})
            seen.append(await limits.wait({"name": "ana"}))  # the first failure ends at 1010
            seen.append(await limits.wait({"name": "bo"}))  # another name is not blocked
            now[0] += 6.5
            seen.append(await limits.wait({"name": "ana"}))
            await limits.fail({"name": "bo", "address": "1.2.3.4"})
            seen.append(await limits.wait({"name": "cy", "address": "1.2.3.4"}))
            await limits.clear("address", "1.2.3.4")
            seen.append(await limits.wait({"address": "1.2.3.4"}))
        finally:
            await database.close()
        return seen

    assert asyncio.run(scenario()) == [0.0, 6.0, 0.0, 0.0, 60.0 - 10.5, 0.0]


def test_every_server_process_on_the_database_counts_the_same_failures(
    app_factory: Callable[..., Any],
) -> None:
    with TestClient(app_factory()) as first, TestClient(app_factory()) as second:
        assert first.post("/api/accounts", json={"name": "Ana", "password": PASSWORD}).is_success
        first.cookies.clear()
        for attempt in range(5):
            server = (first, second)[attempt % 2]
            wrong = server.post("/api/session", json={"name": "Ana", "password": "guess"})
            assert wrong.status_code == 401 and wrong.json()["code"] == "wrong_password"
        for server in (first, second):
            limited = server.post("/api/session", json={"name": "ana", "password": PASSWORD})
            assert limited.status_code == 429 and limited.json()["code"] == "rate_limited"
            assert 1 <= int(limited.headers["Retry-After"]) <= 60
            assert server.get("/api/session").json()["name"] is None
        # another name from the same address may still sign in
        other = second.post("/api/accounts", json={"name": "Bo", "password": PASSWORD})
        second.cookies.clear()
        assert other.status_code == 201
        assert second.post("/api/session", json={"name": "Bo", "password": PASSWORD}).is_success
