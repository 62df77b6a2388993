"""Operations: health and readiness, Prometheus metrics, structured logs, graceful shutdown."""

from __future__ import annotations

import json
import logging
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

import httpx
from fastapi.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from server_helpers import create, join, next_of, state_at_turn
from test_server_processes import free_port


def test_health_and_readiness(app_factory: Callable[..., Any]) -> None:
    with TestClient(app_factory()) as client:
        assert client.get("/healthz").json() == {"status": "ok"}
        assert client.get("/readyz").json() == {"status": "ready"}
        client.app.state.draining = True
        unready = client.get("/readyz")
        assert unready.status_code == 503 and unready.json()["problems"] == [
            "draining for shutdown"
        ]
        assert client.get("/healthz").status_code == 200, "alive while it drains"


def test_metrics_count_moves_latency_tables_and_clients(app_factory: Callable[..., Any]) -> None:
    with TestClient(app_factory()) as client:
        table_id = create(client)
        token = join(client, table_id, "Ana")
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            state = state_at_turn(ws, 0)
            action = state["view"]["legal_actions"][0]
            ws.send_json({"type": "action", "action": action, "seq": state["seq"]})
            next_of(ws, "state")
            text = client.get("/metrics").text
        assert 'tricktable_moves_total{actor="human"} 1.0' in text
        assert "tricktable_move_seconds_count 1.0" in text
        assert "tricktable_live_tables 1.0" in text
        assert "tricktable_connected_clients 1.0" in text
        assert "tricktable_bot_queue_depth" in text


def test_logs_are_one_json_object_per_line_with_the_refusal_fields() -> None:
    from tricktable.server.ops import JsonLines

    record = logging.LogRecord(
        "tricktable.server.refusals", logging.WARNING, __file__, 1, "refused %s", ("x",), None
    )
    record.code, record.client = "rate_limited", "203.0.113.4"
    entry = json.loads(JsonLines().format(record))
    assert entry["message"] == "refused x" and entry["level"] == "warning"
    assert entry["code"] == "rate_limited" and entry["client"] == "203.0.113.4"
    assert entry["time"].endswith("Z")


def test_sigterm_drains_the_connections_and_keeps_every_move(tmp_path: Path) -> None:
    port = free_port()
    db = f"sqlite:///{tmp_path / 'drain.db'}"
    command = [sys.executable, "-m", "tricktable.server", "--port", str(port), "--db", db]
    process = subprocess.Popen(
        [*command, "--bot-delay", "0"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                httpx.get(f"{base}/healthz", timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        body = {"game": "hasenpfeffer", "options": {"target_score": 5}}
        table_id = httpx.post(f"{base}/api/tables", json=body).json()["table_id"]
        token = httpx.post(f"{base}/api/tables/{table_id}/join", json={"name": "Ana"}).json()
        url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}?token={token['token']}"
        with connect(url) as ws:
            seqs: list[int] = []
            while len(seqs) < 2:
                message = json.loads(ws.recv(timeout=30))
                if message["type"] == "state":
                    seqs.append(message["seq"])
                    _answer_if_to_move(ws, message)
            process.send_signal(signal.SIGTERM)
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    ws.recv(timeout=30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
        # uvicorn ends by the signal it was sent, once it has shut down cleanly
        assert process.wait(timeout=30) in (0, -signal.SIGTERM)
        assert process.stderr is not None and b"Finished server process" in process.stderr.read()
        with sqlite3.connect(tmp_path / "drain.db") as stored:
            (count,) = stored.execute("SELECT COUNT(*) FROM actions").fetchone()
        assert count >= max(seqs), "every move the client saw was stored"
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def _answer_if_to_move(ws: Any, message: dict[str, Any]) -> None:
    # The deal is seeded from secrets: when Ana speaks first, no bot moves until she does.
    view = message["view"]
    if view["to_move"] == view["seat"] and view["legal_actions"]:
        action = view["legal_actions"][0]
        ws.send(json.dumps({"type": "action", "action": action, "seq": message["seq"]}))


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc").exists(), reason="reads processes from /proc")
def test_a_killed_servers_bot_processes_end_too(tmp_path: Path) -> None:
    port = free_port()
    db = f"sqlite:///{tmp_path / 'pool.db'}"
    command = [sys.executable, "-m", "tricktable.server", "--port", str(port), "--db", db]
    process = subprocess.Popen(
        [*command, "--bot-delay", "0"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                httpx.get(f"{base}/healthz", timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        body = {"game": "hasenpfeffer", "seats": [{"kind": "bot", "level": "easy"}] * 4}
        table_id = httpx.post(f"{base}/api/tables", json=body).json()["table_id"]
        deadline = time.monotonic() + 60
        while httpx.get(f"{base}/api/tables/{table_id}").json()["seq"] < 2:
            assert time.monotonic() < deadline, "the bots did not move"
            time.sleep(0.1)
        pool = [pid for pid in _children(process.pid) if _alive(pid)]
        assert pool, "the bots moved in processes of their own"
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    deadline = time.monotonic() + 15
    while any(_alive(pid) for pid in pool):
        assert time.monotonic() < deadline, "a bot process outlived its killed server"
        time.sleep(0.2)
