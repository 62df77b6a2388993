"""Real processes on one PostgreSQL and broker: two ``serve`` processes and a worker, killed
without warning (SIGKILL) mid-game and mid-bot-turn; the game goes on, nothing is lost or
stored twice."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

import httpx
from websockets.sync.client import ClientConnection, connect

from test_server_broker import stored_numbers
from test_server_worker import leased

HARD_BOTS = [{"kind": "bot", "level": "hard"}] * 4


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Cluster:
    """Server and worker processes of one test, on one database, broker and channel."""

    def __init__(self, db: str, broker: str, channel: str) -> None:
        self.db, self.broker = db, broker
        self.env = {**os.environ, "TRICKTABLE_BROKER_CHANNEL": channel}
        self.processes: list[subprocess.Popen[bytes]] = []

    def _spawn(self, *args: str) -> subprocess.Popen[bytes]:
        command = [sys.executable, "-m", *args, "--db", self.db, "--broker", self.broker]
        process = subprocess.Popen(
            command, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        self.processes.append(process)
        return process

    def server(self) -> tuple[subprocess.Popen[bytes], str]:
        port = free_port()
        process = self._spawn(
            "tricktable.server", "--port", str(port), "--bot-delay", "0", "--grace", "600"
        )
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    return process, base
            except httpx.TransportError:
                time.sleep(0.1)
        raise AssertionError("the server did not start")

    def worker(self) -> subprocess.Popen[bytes]:
        return self._spawn("tricktable.server.worker", "--bot-delay", "0", "--lease", "2")

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()


@pytest.fixture
def cluster(pg_url: str, broker_url: str, channel: str) -> Iterator[Cluster]:
    from tricktable.server.migrate import upgrade

    upgrade(pg_url)
    found = Cluster(pg_url, broker_url, channel)
    try:
        yield found
    finally:
        found.stop()


def kill(process: subprocess.Popen[bytes]) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)


@contextmanager
def socket_to(base: str, table_id: str, token: str | None = None) -> Iterator[ClientConnection]:
    url = base.replace("http", "ws") + f"/ws/tables/{table_id}"
    with connect(url + (f"?token={token}" if token else ""), open_timeout=30) as ws:
        yield ws


def states(ws: ClientConnection, seen: list[int], until: Any, seconds: float = 60) -> Any:
    """Read states (their seqs into ``seen``) until ``until(state)``; that state."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        message = json.loads(ws.recv(timeout=seconds))
        if message["type"] == "state":
            seen.append(message["seq"])
            if until(message):
                return message
    raise AssertionError("the game did not get there in time")


@pytest.mark.parametrize("victim", ["the player's server", "the spectator's server"])
def test_sigkill_of_either_server_mid_game_loses_nothing(cluster: Cluster, victim: str) -> None:
    servers = [cluster.server(), cluster.server()]
    cluster.worker()
    (_, a), (_, b) = servers
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * 3
    body = {"game": "hasenpfeffer", "options": {"target_score": 30}, "seats": seats}
    table_id = httpx.post(f"{a}/api/tables", json=body).json()["table_id"]
    token = httpx.post(f"{a}/api/tables/{table_id}/join", json={"name": "Ana"}).json()["token"]
    seen: list[int] = []
    sent: dict[int, str] = {}

    def play(ws: ClientConnection, moves: int) -> None:
        for _ in range(moves):
            state = states(ws, seen, lambda m: m["view"]["to_move"] == 0)
            action = state["view"]["legal_actions"][0]
            ws.send(json.dumps({"type": "action", "action": action, "seq": state["seq"]}))
            sent[state["seq"]] = action

    killed, (_, survivor) = servers[::-1] if victim.startswith("the spectator") else servers
    with socket_to(b, table_id) as spectator, socket_to(a, table_id, token) as ws:
        play(ws, 4)
        states(ws, seen, lambda m: m["seq"] > max(sent))  # the last move acknowledged
        watched: list[int] = []
        states(spectator, watched, lambda m: m["seq"] >= max(seen))
        kill(killed[0])  # mid-game: the bots may be thinking, both servers hold the table
    with socket_to(survivor, table_id, token) as ws:  # Ana's browser (re)connects
        seen.clear()
        play(ws, 3)
        final = states(ws, seen, lambda m: m["seq"] > max(sent))
    numbers = stored_numbers(cluster.db, table_id)
    assert numbers == list(range(len(numbers))), "no gap and no action stored twice"
    assert len(numbers) >= final["seq"]
    described = httpx.get(f"{survivor}/api/tables/{table_id}").json()
    assert described["seq"] >= final["seq"] and described["seats"][0]["name"] == "Ana"
    assert seen == sorted(set(seen)), "each state once, in order, after the reconnect"
    stored = stored_actions(cluster.db, table_id)
    for seq, action in sent.items():  # Ana's moves are there, each once, where she made them
        assert stored[seq] == action


def stored_actions(db: str, table_id: str) -> dict[int, str]:
    import sqlalchemy as sa

    from tricktable.server import db as store

    engine = sa.create_engine(store.sync_url(db))
    with engine.begin() as conn:
        query = sa.select(store.actions.c.number, store.actions.c.action).where(
            store.actions.c.table_id == table_id
        )
        found = {int(n): str(a) for n, a in conn.execute(query)}
    engine.dispose()
    return found


def test_sigkill_of_the_worker_mid_bot_turn_loses_nothing(cluster: Cluster) -> None:
    _, base = cluster.server()
    _, other = cluster.server()
    body = {"game": "hasenpfeffer", "options": {"target_score": 2}, "seats": HARD_BOTS}
    table_id = httpx.post(f"{base}/api/tables", json=body).json()["table_id"]
    seen: list[int] = []
    with socket_to(other, table_id) as spectator:
        states(spectator, seen, lambda m: True)
        for _ in range(6):  # until a kill lands while the worker holds a turn
            worker = cluster.worker()
            held = wait_for_lease(cluster.db)
            kill(worker)
            if held is not None and leased(cluster.db) == [held]:
                break
        else:
            pytest.fail("no kill landed while the worker held a bot's turn")
        assert stored_numbers(cluster.db, table_id) == list(range(held.number)), "mid-turn"
        cluster.worker()  # a new worker takes the turn over once the lease has run out
        # a fresh worker's start and three hard bots' turns: allow for a loaded machine
        states(spectator, seen, lambda m: m["seq"] >= held.number + 3, seconds=180)
    numbers = stored_numbers(cluster.db, table_id)
    assert numbers == list(range(len(numbers))) and len(numbers) >= held.number + 3
    assert seen == list(range(seen[0], seen[-1] + 1)), "the spectator saw every state once"


def wait_for_lease(db: str, seconds: float = 60) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = leased(db)
        if found:
            return found[0]
        time.sleep(0.02)
    return None
