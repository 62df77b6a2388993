"""One live table's commits: a stored action is always applied exactly once, even when the
task that stored it is cancelled or the database's answer to the commit is lost."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

import sqlalchemy as sa
from fastapi.testclient import TestClient

from server_helpers import create, join
from tricktable.server import db as store

SOLO = [{"kind": "human"}] + [{"kind": "bot"}] * 3


def wait_until(condition: Callable[[], bool], what: str, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting until {what}")
        time.sleep(0.02)


def stores_a_bot_move(statements: Any) -> bool:
    for statement, parameters in statements:
        rows = parameters if isinstance(parameters, list) else [parameters or {}]
        if getattr(statement, "table", None) is store.actions:
            return any(row.get("actor") == "bot" for row in rows)
    return False


def start_solo_table(client: Any) -> Any:
    """A table of Ana and three bots, at Ana's first turn; its runtime."""
    table_id = create(client, seats=SOLO)
    join(client, table_id, "Ana")
    runtime = client.app.state.hub.tables[table_id]
    wait_until(lambda: runtime.game.to_move == 0, "it is Ana's turn")
    return runtime


def human_moves(client: Any, runtime: Any) -> None:
    game = runtime.game
    client.portal.call(runtime.submit, 0, str(game.legal_actions()[0]), runtime.seq)


def back_at_the_human(runtime: Any) -> bool:
    return bool(runtime.game.is_over or runtime.game.to_move == 0)


def check_the_log_is_stored_once(client: Any, runtime: Any) -> None:
    stored = client.portal.call(runtime.database.load, runtime.table_id)
    assert [row.number for row in stored.actions] == list(range(len(stored.actions)))
    assert [(row.seat, row.action) for row in stored.actions] == [
        (seat, str(action)) for _, seat, action in runtime.game.log
    ]
    assert runtime.info.stored_actions == len(stored.actions)


def test_a_bot_move_whose_task_is_cancelled_after_its_commit_is_applied_once(
    app_factory: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(app_factory(retry_seconds=0.05)) as client:
        runtime = start_solo_table(client)
        real_submit, real_store = runtime.submit, runtime.database.store
        callers: list[asyncio.Task[Any]] = []

        async def submit(seat: int, text: str, seq: int, actor: str = "human") -> None:
            if actor == "bot":
                callers.append(asyncio.current_task())  # type: ignore[arg-type]
            await real_submit(seat, text, seq, actor)

        async def store(statements: Any, notify: Any = None) -> None:
            await real_store(statements, notify)
            if len(callers) == 1 and stores_a_bot_move(statements):
                callers.append(callers[0])  # once
                callers[0].cancel()  # the cancellation arrives just after the commit
                await asyncio.sleep(0)

        monkeypatch.setattr(runtime, "submit", submit)
        monkeypatch.setattr(runtime.database, "store", store)
        human_moves(client, runtime)
        wait_until(lambda: len(callers) >= 2, "a bot move was cancelled")
        # nothing else happens at the table: the stored move itself must carry play on
        wait_until(lambda: back_at_the_human(runtime), "the bots played on to Ana's turn")
        check_the_log_is_stored_once(client, runtime)


def test_a_commit_whose_answer_is_lost_is_found_stored_on_the_retry(
    app_factory: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(app_factory(retry_seconds=0.05)) as client:
        runtime = start_solo_table(client)
        real_store = runtime.database.store
        lost: list[bool] = []

        async def store(statements: Any, notify: Any = None) -> None:
            await real_store(statements, notify)
            if not lost and stores_a_bot_move(statements):
                lost.append(True)  # committed, but the connection broke before the answer
                raise sa.exc.OperationalError("COMMIT", {}, Exception("connection lost"))

        monkeypatch.setattr(runtime.database, "store", store)
        human_moves(client, runtime)
        wait_until(lambda: bool(lost), "a bot move's commit answer was lost")
        wait_until(lambda: back_at_the_human(runtime), "the bots played on to Ana's turn")
        check_the_log_is_stored_once(client, runtime)
