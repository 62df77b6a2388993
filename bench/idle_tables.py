"""What the server spends on solo tables nobody watches: many tables of one person and bots,
each person connected once and then gone, and the server's CPU (with its bot pool's) over a
while with nobody at any table.

One server (``python -m tricktable.server`` on a fresh SQLite file, its rate limits off), bots
of ``--level`` with the server's usual delay before each move, and a grace of ``--grace``
seconds before a bot would play for an absent person (the server's default is 30 s; shorter
here so the measured window shows what happens after it). Prints the CPU seconds of the server
and its pool over ``--seconds``, the moves made meanwhile, and whether the tables are paused.

    python bench/idle_tables.py --tables 50 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from server import QUIET, cpu_of, family, free_port, wait_until_up
from websockets.asyncio.client import connect

MAX_TABLES = 200


async def leave_tables(base: str, count: int, level: str) -> list[str]:
    """``count`` solo tables, each person connected until the first state, then gone."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": level}] * 3
    body = {"game": "hasenpfeffer", "options": {"target_score": 1000}, "seats": seats}
    ids = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        for _ in range(count):
            table_id = (await http.post("/api/tables", json=body)).json()["table_id"]
            joined = await http.post(f"/api/tables/{table_id}/join", json={"name": "Ana"})
            url = base.replace("http", "ws") + f"/ws/tables/{table_id}"
            async with connect(f"{url}?token={joined.json()['token']}") as ws:
                while '"type":"state"' not in str(await ws.recv()):
                    pass
            ids.append(table_id)
    return ids


def seqs(base: str, ids: list[str]) -> tuple[int, int]:
    """The moves made at the tables so far, and how many of them are paused."""
    described = [httpx.get(f"{base}/api/tables/{t}").json() for t in ids]
    return sum(d["seq"] for d in described), sum(bool(d.get("paused")) for d in described)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--grace", type=float, default=5.0)
    parser.add_argument("--level", default="medium")
    args = parser.parse_args()
    count = max(1, min(args.tables, MAX_TABLES))
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        db = f"sqlite:///{Path(folder) / 'idle.db'}"
        command = [sys.executable, "-m", "tricktable.server", "--port", str(port), "--db", db]
        extra = ["--grace", str(args.grace), "--no-limits"]
        server = subprocess.Popen([*command, *extra], **QUIET)
        base = f"http://127.0.0.1:{port}"
        try:
            wait_until_up(base, server)
            ids = asyncio.run(leave_tables(base, count, args.level))
            time.sleep(args.grace + 1.0)  # every grace has run out
            moves_before, _ = seqs(base, ids)
            before = cpu_of(family(server.pid))
            time.sleep(args.seconds)
            spent = cpu_of(family(server.pid)) - before
            moves_after, paused = seqs(base, ids)
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(f"tables             {count} solo tables ({args.level} bots), everyone gone")
    print(f"window             {args.seconds:.0f} s, after a grace of {args.grace:.0f} s")
    print(f"moves meanwhile    {moves_after - moves_before}")
    print(f"paused tables      {paused} of {count}")
    share = spent / args.seconds
    print(f"server CPU         {spent:.2f} s (with its bot pool) = {share:.1%} of a core")
    print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
