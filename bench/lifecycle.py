"""Soak of the server's lifecycle: starts and stops, and SIGTERMs under load, many times over.

1. Start/stop cycles of one process's services with each broker (none, PostgreSQL's
   LISTEN/NOTIFY, Redis pub/sub), with messages in flight: each cycle starts the services,
   announces a burst of messages and stops them after a random number of loop turns (half
   the cycles with the full bound, so every announcement must reach a listening peer; half
   with a bound so short that the sender is cancelled mid-publish, the race that hung the
   Redis broker). Counts hangs (a stop past its bound), tasks left behind and lost messages.
2. SIGTERM under load: a server process (one process on SQLite, or a server on PostgreSQL with
   either broker) with four players moving on a table; SIGTERM at a random moment. Counts the
   runs that did not exit within the drain time and the moves acknowledged (a state the
   players received) but not stored.

    python bench/lifecycle.py --cycles 500 --sigterms 51
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from server import QUIET, create_tables, free_port, throwaway_postgres, throwaway_redis
from websockets.asyncio.client import connect

from tricktable.server.broker import make_broker
from tricktable.server.config import Settings
from tricktable.server.db import Database
from tricktable.server.pool import Compute
from tricktable.server.services import Services

BURST = 30
"""Messages announced in each start/stop cycle."""
STOP_BOUND = 2.0
"""The services' bound for a full stop (the short one is :data:`CUT_BOUND`)."""
CUT_BOUND = 0.002
HANG_SECONDS = 30.0
"""A stop (or a SIGTERMed process) still running after this long counts as a hang."""
DRAIN_SECONDS = Settings().drain_seconds


@dataclass
class CycleTally:
    cycles: int = 0
    hangs: int = 0
    left_behind: int = 0
    lost: int = 0
    """Messages announced in full-bound cycles that the peer never heard."""
    stop_seconds: list[float] = field(default_factory=list)


def bot(level: str, seed: int) -> Any:
    raise AssertionError("no bots in this bench")


def services_on(broker_url: str | None, db_url: str, channel: str) -> Services:
    settings = Settings(bot_processes=0, broker_channel=channel)
    broker = make_broker(broker_url, channel)
    return Services(settings, Database(db_url), bot, Compute(0), broker, role="server")


@dataclass
class Soak:
    """Start/stop cycles of one broker's services; a peer on the same channel listens."""

    broker_url: str | None
    db_url: str
    rng: random.Random
    channel: str = field(default_factory=lambda: f"lifecycle-{secrets.token_hex(4)}")
    tally: CycleTally = field(default_factory=CycleTally)

    async def run(self, count: int) -> CycleTally:
        heard: set[tuple[int, int]] = set()
        peer = services_on(self.broker_url, self.db_url, self.channel)
        await peer.listen(lambda message: heard.add((message["cycle"], message["n"])))
        expected: set[tuple[int, int]] = set()
        for number in range(count):
            full = number % 2 == 0
            sent = await self.cycle(number, full)
            if full:
                expected |= sent
        if self.broker_url is not None:  # the last messages' way to the peer
            deadline = time.monotonic() + 10
            while not expected <= heard and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            self.tally.lost = len(expected - heard)
        await peer.close()
        return self.tally

    async def cycle(self, number: int, full: bool) -> set[tuple[int, int]]:
        services = services_on(self.broker_url, self.db_url, self.channel)
        await services.listen(lambda message: None)
        sent = set()
        for n in range(BURST):
            services.announce(services.message(None, "soak", cycle=number, n=n))
            sent.add((number, n))
        for _ in range(self.rng.randrange(12)):  # stop at a random point of the publishing
            await asyncio.sleep(0)
        started = time.perf_counter()
        try:
            async with asyncio.timeout(HANG_SECONDS):
                await services.close(STOP_BOUND if full else CUT_BOUND)
        except TimeoutError:
            self.tally.hangs += 1
        self.tally.stop_seconds.append(time.perf_counter() - started)
        self.tally.left_behind += len(services.tasks.running)
        self.tally.cycles += 1
        return sent


@dataclass
class TermTally:
    runs: int = 0
    hangs: int = 0
    lost: int = 0
    """Moves acknowledged to the players (a state received) but not in the stored log."""
    moves: int = 0
    exit_seconds: list[float] = field(default_factory=list)


async def play_until_closed(url: str, seat: int, acked: list[int]) -> None:
    """One player: plays its seat's first legal action at each turn; records each state's seq
    (every state follows the storing of its move: it acknowledges it)."""
    try:
        async with connect(url) as ws:
            async for raw in ws:
                message = json.loads(raw)
                if message["type"] != "state":
                    continue
                acked.append(message["seq"])
                view = message["view"]
                if view["to_move"] == seat and view["legal_actions"]:
                    action = view["legal_actions"][0]
                    await ws.send(
                        json.dumps({"type": "action", "action": action, "seq": message["seq"]})
                    )
    except OSError:
        return
    except Exception as exc:  # the server went away mid-frame: the end of this player
        if "ConnectionClosed" not in type(exc).__name__:
            raise


def start_server(db_url: str, broker_url: str | None, env: dict[str, str]) -> tuple[Any, str]:
    port = free_port()
    command = [sys.executable, "-m", "tricktable.server", "--port", str(port), "--db", db_url]
    if broker_url:
        command += ["--broker", broker_url]
    command += ["--bot-delay", "0", "--grace", "3600", "--no-limits"]
    return subprocess.Popen(command, env=env, **QUIET), f"http://127.0.0.1:{port}"


async def wait_up(base: str, process: Any) -> None:
    import httpx

    async with httpx.AsyncClient() as http:
        for _ in range(1200):
            if process.poll() is not None:
                raise SystemExit(f"the server at {base} exited at once ({process.returncode})")
            try:
                await http.get(f"{base}/healthz", timeout=1)
                return
            except httpx.TransportError:
                await asyncio.sleep(0.05)
    raise SystemExit(f"the server at {base} did not start")


async def one_sigterm(
    db_url: str, broker_url: str | None, env: dict[str, str], rng: random.Random, tally: TermTally
) -> None:
    process, base = start_server(db_url, broker_url, env)
    try:
        await wait_up(base, process)
        table = (await create_tables(base, 1))[0]
        acked: list[int] = []
        ws_base = base.replace("http", "ws")
        players = [
            asyncio.create_task(
                play_until_closed(
                    f"{ws_base}/ws/tables/{table.table_id}?token={token}", seat, acked
                )
            )
            for seat, token in enumerate(table.tokens)
        ]
        await asyncio.sleep(0.3 + rng.random() * 1.5)
        process.send_signal(signal.SIGTERM)
        started = time.perf_counter()
        while process.poll() is None and time.perf_counter() - started < HANG_SECONDS:
            await asyncio.sleep(0.01)
        tally.exit_seconds.append(time.perf_counter() - started)
        if process.poll() is None or tally.exit_seconds[-1] > DRAIN_SECONDS:
            tally.hangs += 1
        async with asyncio.timeout(HANG_SECONDS):
            await asyncio.gather(*players)
        acknowledged = max(acked, default=0)
        stored = stored_count(db_url, table.table_id)
        tally.moves += stored
        tally.lost += max(0, acknowledged - stored)
        tally.runs += 1
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=30)


def stored_count(db_url: str, table_id: str) -> int:
    query = "SELECT COUNT(*) FROM actions WHERE table_id = ?"
    if db_url.startswith("sqlite"):
        with sqlite3.connect(db_url.removeprefix("sqlite:///")) as conn:
            return int(conn.execute(query, (table_id,)).fetchone()[0])
    import psycopg

    with psycopg.connect("postgresql://" + db_url.split("://", 1)[1]) as conn:
        row = conn.execute(query.replace("?", "%s"), (table_id,)).fetchone()
        return int(row[0]) if row else 0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cycles", type=int, default=500, help="start/stop cycles per broker")
    parser.add_argument("--sigterms", type=int, default=51, help="SIGTERMs (over 3 setups)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        root = Path(folder)
        pg_url, _ = stack.enter_context(throwaway_postgres(root))
        redis_url, _ = stack.enter_context(throwaway_redis(root))
        sqlite_url = f"sqlite:///{root / 'cycles.db'}"
        brokers = {"none": (None, sqlite_url), "postgresql": (pg_url, pg_url)}
        brokers["redis"] = (redis_url, sqlite_url)
        for name, (broker, db) in brokers.items():
            tally = asyncio.run(Soak(broker, db, rng).run(args.cycles))
            print(
                f"start/stop {name:10} {tally.cycles} cycles: {tally.hangs} hangs, "
                f"{tally.left_behind} tasks left behind, {tally.lost} messages lost; stop "
                f"p50 {percentile(tally.stop_seconds, 0.5) * 1000:.1f} ms, "
                f"max {max(tally.stop_seconds) * 1000:.1f} ms"
            )
        run_sigterms(args.sigterms, root, pg_url, redis_url, rng)
    print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def run_sigterms(count: int, root: Path, pg_url: str, redis_url: str, rng: random.Random) -> None:
    from tricktable.server.migrate import upgrade

    upgrade(pg_url)
    setups = [
        ("single (SQLite)", f"sqlite:///{root / 'served.db'}", None),
        ("server + LISTEN/NOTIFY", pg_url, pg_url),
        ("server + Redis", pg_url, redis_url),
    ]
    env = {**os.environ, "TRICKTABLE_BROKER_CHANNEL": f"lifecycle-{os.getpid()}"}
    for name, db, broker in setups:
        tally = TermTally()
        for _ in range((count + len(setups) - 1) // len(setups)):
            asyncio.run(one_sigterm(db, broker, env, rng, tally))
        print(
            f"SIGTERM {name:24} {tally.runs} runs: {tally.hangs} not out within "
            f"{DRAIN_SECONDS:.0f} s, {tally.lost} acknowledged moves lost of {tally.moves} "
            f"stored; exit p50 {percentile(tally.exit_seconds, 0.5):.2f} s, "
            f"max {max(tally.exit_seconds):.2f} s"
        )


if __name__ == "__main__":
    main()
