"""Load test of the online table: many WebSocket players on loopback, bounded in count and time.

One process (the default): ``python -m tricktable.server`` on a fresh SQLite file. Several
(``--servers N --workers M``): N servers and M workers on PostgreSQL with a broker (its
LISTEN/NOTIFY, the recommended one, or ``--broker-kind redis``), a throwaway cluster (and
Redis) started here on free loopback ports unless ``--db``/``--broker`` name running ones.
Tables of four human clients, each playing its seat's first legal action when it is its turn;
a table's four clients are spread over the servers, so every move crosses processes. Prints
moves per second,
move-to-broadcast latency (from sending an action to each seat receiving the new state: p50,
p99), states lost or duplicated (each client must see every seq once, in order), actions
broadcast but not stored, and CPU time per move of the servers, the workers, PostgreSQL and
Redis, with the clients' own CPU (this process) shown apart: they share the machine's cores.
The CPU is counted from the first move to the end of the play, not while the clients connect
or disconnect; the servers' per-connection costs meanwhile (WebSocket keep-alive pings every
20 s, heartbeats) are in it, and are measured apart before the play (``upkeep``: one
keep-alive interval with every client connected and nobody moving). The clients, as browsers
do, answer the servers' pings and send none of their own.

    python bench/server.py --tables 250 --seconds 25 --think 3
    python bench/server.py --servers 2 --workers 1 --tables 500 --seconds 30 --think 3
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from websockets.asyncio.client import ClientConnection, connect

MAX_CLIENTS = 4000
MAX_SECONDS = 600
SETTLE_SECONDS = 3.0
"""After the last client has its first state: the servers' announcements of who is connected
settle before the clock starts (the clock measures moves, not connecting)."""
QUIET_SECONDS = 20.0
"""Then, before the play, the servers' CPU while every client is connected and nobody moves,
over one WebSocket keep-alive interval (a ping to every connection, the processes'
heartbeats): their upkeep of the connections, which the play's CPU per move includes."""


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
    ready: set[str] = field(default_factory=set)
    """Clients that have their first state."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until_up(base: str, process: subprocess.Popen[bytes]) -> None:
    for _ in range(600):
        try:
            httpx.get(f"{base}/healthz", timeout=1)
            return
        except httpx.TransportError:
            time.sleep(0.1)
    raise SystemExit(f"the server at {base} did not start")


@dataclass
class Services:
    """The processes under test (and the database and broker they use)."""

    db: str
    broker: str | None
    servers: list[subprocess.Popen[bytes]] = field(default_factory=list)
    bases: list[str] = field(default_factory=list)
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)
    postgres: int | None = None
    """The postmaster's pid when this bench started the cluster (its CPU is counted)."""
    redis: int | None = None
    sqlite: Path | None = None

    def start(
        self, servers: int, workers: int, env: dict[str, str], profile: str | None = None
    ) -> None:
        common = ["--db", self.db, *(["--broker", self.broker] if self.broker else [])]
        for index in range(servers):
            port = free_port()
            program = ["-m", "tricktable.server"]
            if profile is not None:  # each server's profile in a file of its own
                wrapper = str(Path(__file__).with_name("profiled_server.py"))
                program = [wrapper, f"{profile}.{index}" if index else profile]
            command = [sys.executable, *program, "--port", str(port), *common]
            extra = ["--bot-delay", "0", "--grace", "3600", "--no-limits"]
            process = subprocess.Popen([*command, *extra], env=env, **QUIET)
            self.servers.append(process)
            self.bases.append(f"http://127.0.0.1:{port}")
        for base, process in zip(self.bases, self.servers, strict=True):
            wait_until_up(base, process)
        for _ in range(workers):
            command = [sys.executable, "-m", "tricktable.server.worker", *common]
            self.workers.append(subprocess.Popen([*command, "--bot-delay", "0"], env=env, **QUIET))

    def signal_servers(self, signum: int) -> None:
        for process in self.servers:
            process.send_signal(signum)

    def stop(self) -> None:
        for process in self.servers + self.workers:
            process.terminate()
        for process in self.servers + self.workers:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()


QUIET: dict[str, int] = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}


@contextmanager
def throwaway_postgres(folder: Path) -> Iterator[tuple[str, int]]:
    """A PostgreSQL cluster of this run on a free loopback port: its URL and postmaster pid."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin"))
    if not found:
        raise SystemExit("no PostgreSQL here: install it, or pass --db postgresql+psycopg://…")
    binaries = found[-1]
    data, port = folder / "pg", free_port()
    user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    if user:
        shutil.chown(folder, "postgres", "postgres")
    subprocess.run(
        [*user, str(binaries / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust"],
        check=True,
        **QUIET,
    )
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
    control = [*user, str(binaries / "pg_ctl"), "-D", str(data), "-w"]
    subprocess.run(
        [*control, "-o", options, "-l", str(folder / "pg.log"), "start"], check=True, **QUIET
    )
    try:
        pid = int((data / "postmaster.pid").read_text().split()[0])
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres", pid
    finally:
        subprocess.run([*control, "-m", "fast", "stop"], check=False, **QUIET)


@contextmanager
def throwaway_redis(folder: Path) -> Iterator[tuple[str, int]]:
    port = free_port()
    options = ["--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", str(folder)]
    process = subprocess.Popen(["redis-server", "--port", str(port), *options], **QUIET)
    try:
        for _ in range(100):
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0", process.pid
    finally:
        process.terminate()
        process.wait(timeout=10)


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
    ws: ClientConnection, table: Table, seat: int, tally: Tally, *, think: float, go: asyncio.Event
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
        tally.ready.add(key)
        sent = table.sent_at.get(seq)
        if sent is not None:
            tally.latencies.append(time.perf_counter() - sent)
        view = message["view"]
        if view["to_move"] == seat and view["legal_actions"]:
            if not go.is_set():  # the first moves spread over one think, not all at once
                await go.wait()
                await asyncio.sleep(think * random.Random(key).random())
            if think:  # a person takes a while; the next state arrives only after the move
                await asyncio.sleep(think)
            table.sent_at[seq + 1] = time.perf_counter()
            tally.moves += 1
            await ws.send(
                json.dumps({"type": "action", "action": view["legal_actions"][0], "seq": seq})
            )


async def run_clients(
    bases: list[str],
    tables: list[Table],
    seconds: float,
    tally: Tally,
    *,
    think: float = 0.0,
    on_go: Callable[[], None] = lambda: None,
    on_stop: Callable[[], None] = lambda: None,
    quiet: tuple[Callable[[], None], Callable[[], None]] | None = None,
) -> float:
    """Connect every client, wait until each has its first state and the servers have taken
    every connection in (their presence settled), then play for ``seconds``: ``on_go`` and
    ``on_stop`` are called as the clock starts and stops (before the clients disconnect, so
    that the servers' work of closing 2,000 connections is not counted against the moves).
    ``quiet`` (start, stop) is called around :data:`QUIET_SECONDS` before the play, every
    client connected and nobody moving: what the connections cost the servers by themselves."""
    gate = asyncio.Semaphore(50)
    sockets: list[tuple[ClientConnection, Table, int]] = []

    async def open_one(number: int, table: Table, seat: int) -> None:
        base = bases[(number + seat) % len(bases)].replace("http", "ws")
        async with gate:
            url = f"{base}/ws/tables/{table.table_id}?token={table.tokens[seat]}"
            # as a browser: it answers the server's pings and sends none of its own
            client = await connect(url, max_size=2**20, ping_interval=None)
            sockets.append((client, table, seat))

    await asyncio.gather(*(open_one(n, t, s) for n, t in enumerate(tables) for s in range(4)))
    go = asyncio.Event()
    tasks = [
        asyncio.create_task(play_seat(ws, t, s, tally, think=think, go=go)) for ws, t, s in sockets
    ]
    deadline = time.monotonic() + 120
    while len(tally.ready) < len(sockets) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    await asyncio.sleep(SETTLE_SECONDS)
    if quiet is not None:
        quiet[0]()
        await asyncio.sleep(QUIET_SECONDS)
        quiet[1]()
    on_go()
    started = time.perf_counter()
    go.set()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - started
    on_stop()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.gather(*(ws.close() for ws, _, _ in sockets), return_exceptions=True)
    return elapsed


def stored_actions(services: Services) -> dict[str, int]:
    """Per table, the length of its action log when it has no gap."""
    query = "SELECT table_id, COUNT(*), MAX(number) FROM actions GROUP BY table_id"
    if services.sqlite is not None:
        with sqlite3.connect(services.sqlite) as conn:
            rows = conn.execute(query).fetchall()
    else:
        import psycopg

        url = "postgresql://" + services.db.split("://", 1)[1]
        with psycopg.connect(url) as conn:
            rows = conn.execute(query).fetchall()
    return {r[0]: r[1] for r in rows if r[1] == r[2] + 1}


def cpu_seconds(pid: int, reaped: bool = False) -> float:
    """User + system CPU time of a process (Linux), 0 where /proc is missing; with ``reaped``,
    also that of its children that have ended (a PostgreSQL backend that closed)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = int(fields[11]) + int(fields[12])
    if reaped:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / os.sysconf("SC_CLK_TCK")


def family(root: int) -> list[int]:
    """``root`` and its descendants (a PostgreSQL cluster's backends), from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry.name)] = int(fields[1])
    found, changed = {root}, True
    while changed:
        grown = found | {pid for pid, parent in parents.items() if parent in found}
        changed, found = grown != found, grown
    return sorted(found)


def cpu_of(pids: list[int]) -> float:
    return sum(cpu_seconds(pid) for pid in pids)


@dataclass
class Clock:
    """CPU seconds of each group of processes, from start to stop."""

    groups: dict[str, list[int]]
    before: dict[str, float] = field(default_factory=dict)
    spent: dict[str, float] = field(default_factory=dict)

    def start(self) -> None:
        self.before = {name: self._now(name) for name in self.groups}

    def stop(self) -> None:
        self.spent = {name: self._now(name) - self.before[name] for name in self.groups}

    def _now(self, name: str) -> float:
        if name == "clients (this process)":
            usage = resource.getrusage(resource.RUSAGE_SELF)
            return usage.ru_utime + usage.ru_stime
        if name == "postgresql" and self.groups[name]:
            root = self.groups[name][0]
            children = [pid for pid in family(root) if pid != root]
            return cpu_seconds(root, reaped=True) + cpu_of(children)
        return cpu_of(self.groups[name])


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


def print_upkeep(quiet: Clock, moves: int, elapsed: float) -> None:
    """The servers' CPU for connections alone, per second and as a share of each move."""
    idle = quiet.spent.get("servers", 0.0) / QUIET_SECONDS
    if not moves:
        return
    share = idle * elapsed / moves * 1000
    print(f"  of which upkeep    {idle * 1000:.1f} ms/s with nobody moving (keep-alive pings,")
    print(f"                     heartbeats) = {share:.3f} ms per move at this rate")


def print_cpu(clock: Clock, moves: int, elapsed: float) -> None:
    print("CPU time (per move; share of one core):")
    for name, seconds in clock.spent.items():
        per_move = seconds / moves * 1000 if moves else float("nan")
        print(f"  {name:24} {seconds:6.1f} s  {per_move:6.3f} ms/move  {seconds / elapsed:5.0%}")
    servers = clock.spent.get("servers", 0.0)
    if moves:
        print(f"server CPU         {servers:.1f} s = {servers / moves * 1000:.3f} ms per move")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="tables of 4 clients each")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the clients play")
    parser.add_argument("--think", type=float, default=0.0, help="seconds a player waits to move")
    parser.add_argument("--servers", type=int, default=1, help="server processes")
    parser.add_argument("--workers", type=int, default=0, help="worker processes")
    parser.add_argument("--db", help="a running PostgreSQL (default: a throwaway cluster)")
    parser.add_argument("--broker", help="a running broker's URL (default: see --broker-kind)")
    parser.add_argument("--broker-kind", choices=("postgres", "redis"), default="postgres")
    parser.add_argument(
        "--profile", help="write the servers' cProfile of the play to this file (pstats)"
    )
    args = parser.parse_args()
    # The clients are the instrument: the collector's passes over 2,000 connections' objects
    # would stop their loop for up to half a second, counted as the servers' latency. A run
    # lasts a minute and its cyclic garbage is small.
    gc.disable()
    tables_wanted = max(1, min(args.tables, MAX_CLIENTS // 4))
    seconds = max(1.0, min(args.seconds, MAX_SECONDS))
    several = args.servers > 1 or args.workers > 0 or args.db is not None
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        services = prepared(stack, Path(folder), args, several)
        env = {**os.environ, "TRICKTABLE_BROKER_CHANNEL": f"bench-{os.getpid()}"}
        try:
            services.start(max(1, args.servers), max(0, args.workers), env, args.profile)
            tables = asyncio.run(create_tables(services.bases[0], tables_wanted))
            clock = Clock(
                {
                    "servers": [p.pid for p in services.servers],
                    "workers": [p.pid for p in services.workers],
                    "postgresql": [services.postgres] if services.postgres else [],
                    "redis": [services.redis] if services.redis else [],
                    "clients (this process)": [],
                }
            )
            quiet = Clock({"servers": clock.groups["servers"]})
            tally = Tally()
            elapsed = asyncio.run(
                run_clients(
                    services.bases,
                    tables,
                    seconds,
                    tally,
                    think=max(0.0, args.think),
                    on_go=lambda: profiled(services, args.profile, signal.SIGUSR1, clock.start),
                    on_stop=lambda: profiled(services, args.profile, signal.SIGUSR2, clock.stop),
                    quiet=(quiet.start, quiet.stop),
                )
            )
        finally:
            services.stop()
        report(tables, tally, elapsed, stored_actions(services))
        print_cpu(clock, tally.moves, elapsed)
        print_upkeep(quiet, tally.moves, elapsed)
    print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def profiled(
    services: Services, profile: str | None, signum: int, then: Callable[[], None]
) -> None:
    """Start (SIGUSR1) or write (SIGUSR2) the servers' profiles when they are profiled."""
    if profile is not None:
        services.signal_servers(signum)
    then()


def prepared(stack: ExitStack, folder: Path, args: argparse.Namespace, several: bool) -> Services:
    if not several:
        db = folder / "bench.db"
        return Services(f"sqlite:///{db}", None, sqlite=db)
    postgres = None
    db = args.db
    if db is None:
        db, postgres = stack.enter_context(throwaway_postgres(folder))
    broker, redis = args.broker, None
    if broker is None and args.broker_kind == "postgres":
        broker = db
    elif broker is None:
        broker, redis = stack.enter_context(throwaway_redis(folder))
    return Services(db, broker, postgres=postgres, redis=redis)


if __name__ == "__main__":
    main()
