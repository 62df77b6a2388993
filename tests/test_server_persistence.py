"""Persistence: tables survive a restart (clean or SIGKILL) with every acknowledged action."""

from __future__ import annotations

import json
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

import httpx
from fastapi.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.frames import CloseCode
from websockets.sync.client import connect

from server_helpers import create, join, next_of, state_at_turn


def test_a_restarted_server_restores_tables_views_and_chat(app_factory: Callable[..., Any]) -> None:
    with TestClient(app_factory()) as client:
        table_id = create(client)
        token = join(client, table_id, "Ana")
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            state = state_at_turn(ws, 0)
            ws.send_json(
                {"type": "action", "action": state["view"]["legal_actions"][0], "seq": state["seq"]}
            )
            before = state_at_turn(ws, 0)
            ws.send_json({"type": "chat", "text": "back soon"})
            next_of(ws, "chat")
    with TestClient(app_factory()) as client:
        assert client.get(f"/api/tables/{table_id}").json()["seq"] == before["seq"]
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            hello = next_of(ws, "hello")
            assert [m["text"] for m in hello["chat"]] == ["back soon"]
            after = next_of(ws, "state")
    assert after == before


def test_migrations_build_the_schema_the_server_uses(db_url: str) -> None:
    import sqlalchemy as sa

    from tricktable.server.db import metadata, sync_url
    from tricktable.server.migrate import upgrade

    upgrade(db_url)
    upgrade(db_url)  # a second run is a no-op
    engine = sa.create_engine(sync_url(db_url))
    inspector = sa.inspect(engine)
    for table in metadata.sorted_tables:
        columns = {c["name"] for c in inspector.get_columns(table.name)}
        assert columns == set(table.columns.keys()), table.name
    engine.dispose()


def test_a_read_sees_one_snapshot_of_the_database(db_url: str) -> None:
    import asyncio

    import sqlalchemy as sa

    from tricktable.server.db import Database, now, sync_url
    from tricktable.server.migrate import upgrade
    from tricktable.server.people import accounts

    if not db_url.startswith("postgresql"):
        pytest.skip("SQLite's reads here are one process's, one at a time")
    upgrade(db_url)
    writer = sa.create_engine(sync_url(db_url))
    count = sa.select(sa.func.count()).select_from(accounts)

    def read_twice(conn: sa.Connection) -> tuple[int, int]:
        first = conn.execute(count).scalar_one()
        with writer.begin() as other:  # another process commits between the two queries
            row = {"name": "Ana", "name_key": "ana", "password_hash": "x", "created_at": now()}
            other.execute(accounts.insert(), row)
        return first, conn.execute(count).scalar_one()

    async def scenario() -> tuple[int, int]:
        database = Database(db_url)
        try:
            return await database.read(read_twice)
        finally:
            await database.close()

    assert asyncio.run(scenario()) == (0, 0)
    writer.dispose()


# -- a real server process, killed without warning ---------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start(db: str, port: int) -> subprocess.Popen[bytes]:
    command = [
        sys.executable,
        "-m",
        "tricktable.server",
        "--port",
        str(port),
        "--db",
        db,
        "--bot-delay",
        "0",
        "--grace",
        "600",
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health").status_code == 200:
                return process
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError("the server did not start")


@pytest.fixture
def server_db(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path / "killed.db"


def _play_some(
    port: int, table_id: str, token: str, moves: int
) -> tuple[int, list[tuple[int, str]]]:
    """Make ``moves`` of seat 0's moves; the highest acknowledged seq and the moves sent."""
    sent: list[tuple[int, str]] = []
    acknowledged = 0
    with connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}?token={token}") as ws:
        while len(sent) < moves:
            message = json.loads(ws.recv(timeout=30))
            if message["type"] != "state":
                continue
            acknowledged = message["seq"]
            view = message["view"]
            if view["is_over"]:
                break
            if view["legal_actions"]:
                action = view["legal_actions"][0]
                ws.send(json.dumps({"type": "action", "action": action, "seq": message["seq"]}))
                sent.append((message["seq"], action))
        while True:  # wait for the acknowledgement of the last move
            message = json.loads(ws.recv(timeout=30))
            if message["type"] == "state":
                acknowledged = message["seq"]
                if acknowledged > sent[-1][0]:
                    break
    return acknowledged, sent


def test_sigkill_mid_game_loses_no_acknowledged_action(server_db: Path) -> None:
    url = f"sqlite:///{server_db}"
    port = _free_port()
    process = _start(url, port)
    try:
        base = f"http://127.0.0.1:{port}"
        table = httpx.post(
            f"{base}/api/tables",
            json={
                "game": "hasenpfeffer",
                "options": {"target_score": 30},
                "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * 3,
            },
        ).json()
        table_id = table["table_id"]
        token = httpx.post(f"{base}/api/tables/{table_id}/join", json={"name": "Ana"}).json()[
            "token"
        ]
        acknowledged, sent = _play_some(port, table_id, token, moves=8)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    assert acknowledged > len(sent)
    with sqlite3.connect(server_db) as db:
        stored = dict(
            db.execute(
                "SELECT number, action FROM actions WHERE table_id = ?", (table_id,)
            ).fetchall()
        )
    assert set(range(acknowledged)) <= set(stored)
    for number, action in sent:
        assert stored[number] == action
    process = _start(url, port)
    try:
        public = httpx.get(f"http://127.0.0.1:{port}/api/tables/{table_id}").json()
        assert public["seq"] >= acknowledged and public["seats"][0]["name"] == "Ana"
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}?token={token}") as ws:
            hello = json.loads(ws.recv(timeout=30))
            state = json.loads(ws.recv(timeout=30))
        assert hello["seat"] == 0 and state["type"] == "state"
        assert state["seq"] >= acknowledged
        _huge_frame_is_refused_and_the_server_keeps_serving(port, table_id, token)
    finally:
        process.terminate()
        process.wait(timeout=20)


def _huge_frame_is_refused_and_the_server_keeps_serving(
    port: int, table_id: str, token: str
) -> None:
    url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}?token={token}"
    with connect(url) as ws:
        ws.recv(timeout=30)
        ws.send("x" * 200_000)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=30)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == CloseCode.MESSAGE_TOO_BIG
    assert httpx.get(f"http://127.0.0.1:{port}/api/health").json() == {"status": "ok"}
    with connect(url) as ws:
        assert json.loads(ws.recv(timeout=30))["type"] == "hello"
