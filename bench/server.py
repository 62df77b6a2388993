"""Load test of the online table: many WebSocket players on loopback, bounded in count and time.

Starts ``python -m tricktable.server`` on 127.0.0.1 with a fresh SQLite file (or uses --url),
creates tables whose every seat is a human client, and lets each client play its seat's first
legal action as soon as it is its turn. Prints moves per second, the move-to-broadcast latency
(from sending an action to each seat of the table receiving the new state: p50, p99) and how
many states were lost or duplicated (each client must see every seq exactly once, in order).

    python bench/server.py --tables 500 --seconds 30      # 2,000 clients (4 per table)
    python bench/server.py --tables 500 --think 2          # each player thinks 2 s per move
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from websockets.asyncio.client import ClientConnection, connect

MAX_CLIENTS = 4000
MAX_SECONDS = 600


@dataclass
class Table:
    table_id: str
    tokens: list[str]
    sent_at: dict[int, float] = field(default_factory=dict)


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    lost: int = 0
    duplicated: int = 0
    errors: int = 0
    last_seq: dict[str, int] = field(default_factory=dict)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    command = [
        sys.executable,
        "-m",
        "tricktable.server",
        "--port",
        str(port),
        "--db",
        f"sqlite:///{db}",
        "--bot-delay",
        "0",
        "--grace",
        "3600",
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(600):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1)
            return process
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


async def create_tables(base: str, count: int) -> list[Table]:
    seats = [{"kind": "human"}] * 4
    body = {"game": "hasenpfeffer", "options": {"target_score": 1000}, "seats": seats}
    tables = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        for _ in range(count):
            table_id = (await http.post("/api/tables", json=body)).json()["table_id"]
            tokens = []
            for seat in range(4):
                joined = await http.post(
                    f"/api/tables/{table_id}/join", json={"name": f"p{seat}", "seat": seat}
                )
                tokens.append(joined.json()["token"])
            tables.append(Table(table_id, tokens))
    return tables


async def play_seat(
    ws: ClientConnection, table: Table, seat: int, tally: Tally, think: float
) -> None:
    key = f"{table.table_id}/{seat}"
    async for raw in ws:
        message = json.loads(raw)
        if message["type"] == "error":
            tally.errors += 1
            continue
        if message["type"] != "state":
            continue
        seq = message["seq"]
        previous = tally.last_seq.get(key)
        if previous is not None:
            if seq <= previous:
                tally.duplicated += 1
            elif seq > previous + 1:
                tally.lost += seq - previous - 1
        tally.last_seq[key] = max(seq, previous or 0)
        sent = table.sent_at.get(seq)
        if sent is not None:
            tally.latencies.append(time.perf_counter() - sent)
        view = message["view"]
        if view["to_move"] == seat and view["legal_actions"]:
            if think:  # a person takes a while; the next state arrives only after the move
                await asyncio.sleep(think)
            table.sent_at[seq + 1] = time.perf_counter()
            tally.moves += 1
            await ws.send(
                json.dumps({"type": "action", "action": view["legal_actions"][0], "seq": seq})
            )


async def run_clients(
    ws_base: str, tables: list[Table], seconds: float, tally: Tally, think: float = 0.0
) -> float:
    gate = asyncio.Semaphore(50)
    sockets: list[tuple[ClientConnection, Table, int]] = []

    async def open_one(table: Table, seat: int) -> None:
        async with gate:
            url = f"{ws_base}/ws/tables/{table.table_id}?token={table.tokens[seat]}"
            sockets.append((await connect(url, max_size=2**20), table, seat))

    await asyncio.gather(*(open_one(t, s) for t in tables for s in range(4)))
    started = time.perf_counter()
    tasks = [asyncio.create_task(play_seat(ws, t, s, tally, think)) for ws, t, s in sockets]
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - started
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.gather(*(ws.close() for ws, _, _ in sockets), return_exceptions=True)
    return elapsed


def stored_actions(db: Path) -> dict[str, int]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT table_id, COUNT(*), MAX(number) FROM actions GROUP BY table_id")
        return {r[0]: r[1] for r in rows if r[1] == r[2] + 1}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="tables of 4 clients each")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the clients play")
    parser.add_argument("--think", type=float, default=0.0, help="seconds a player waits to move")
    args = parser.parse_args()
    tables_wanted = max(1, min(args.tables, MAX_CLIENTS // 4))
    seconds = max(1.0, min(args.seconds, MAX_SECONDS))
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.db"
        port = free_port()
        server = start_server(db, port)
        try:
            tables = asyncio.run(create_tables(f"http://127.0.0.1:{port}", tables_wanted))
            tally = Tally()
            cpu_before = cpu_seconds(server.pid)
            ws_base = f"ws://127.0.0.1:{port}"
            elapsed = asyncio.run(
                run_clients(ws_base, tables, seconds, tally, max(0.0, args.think))
            )
            cpu = cpu_seconds(server.pid) - cpu_before
        finally:
            server.terminate()
            server.wait(timeout=30)
        report(tables, tally, elapsed, stored_actions(db))
        if tally.moves:
            print(f"server CPU         {cpu:.1f} s = {cpu / tally.moves * 1000:.2f} ms per move")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux), 0 where /proc is missing."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def report(tables: list[Table], tally: Tally, elapsed: float, stored: dict[str, int]) -> None:
    latencies = sorted(tally.latencies)
    p50 = statistics.median(latencies) * 1000 if latencies else float("nan")
    p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000 if latencies else float("nan")
    seen = {
        t.table_id: max(tally.last_seq.get(f"{t.table_id}/{s}", 0) for s in range(4))
        for t in tables
    }
    missing = sum(max(0, seq - stored.get(table_id, 0)) for table_id, seq in seen.items())
    print(f"clients            {len(tables) * 4} on {len(tables)} tables, {elapsed:.1f} s")
    print(f"moves/s            {tally.moves / elapsed:.0f}  ({tally.moves} moves)")
    print(f"move->broadcast    p50 {p50:.1f} ms   p99 {p99:.1f} ms  ({len(latencies)} deliveries)")
    print(f"lost / duplicated  {tally.lost} / {tally.duplicated} states;  errors {tally.errors}")
    print(f"broadcast not stored  {missing} actions  (target: p99 <= 100 ms, 0 lost)")


if __name__ == "__main__":
    main()
