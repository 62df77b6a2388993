"""Soak of a duplicate event at club size on the multi-process deployment.

An event of 100 players (25 tables of four, bots filling the places of anyone away) on two
server processes and one worker on a throwaway PostgreSQL: an admin's club holds it, 100
accounts register, the admin starts it on server A, and in the middle of round 1 server A is
killed with SIGKILL. The players stay away, so every move is a bot's or a substitute's, which
the worker plays; server B takes up the tables A held and ends the rounds. Then the database
is checked: every round paired and scored once (25 tables a round, one score per place, board
and table), every table's action log without a gap or a repeat and replaying by the rules, and
every table of a board with the same deal.

    python bench/event_soak.py --players 100 --rounds 2 --boards 2

Figures on a 2-core machine (the defaults: Single Hasenpfeffer to its own target, easy bots,
substitutes after 0.2 s away): 101 accounts signed up and registered in 132 s (the password
hashing of the sign-ups, all at once on two servers); the event played in 164 s, 4,913 moves
stored (30 a second, every one a bot's or a substitute's through the one worker; measured
when the tables still went on past their boards to the ends of their games, so fewer moves
now: not measured again since); server A SIGKILLed after 300 moves of
round 1; server B took up its tables and ended both rounds: 25 tables a round, every board
scored once at every table, no action log with a gap or a repeat, every log replaying by the
rules, every board dealt alike at all 25 tables.

Measured again once the tables became sessions of their boards: ``--players 16`` passed, but
100 players stalled: 10 of the 25 tables of round 1 stopped with no job stored. The cause: a
server that was behind (it had not yet heard of the move just stored) asked the workers for a
substitute for that move and, in doing so, deleted the job another server had written for the
next one; the worker dropped the stale job and nobody asked again. A substitute's job now
replaces only an older move's (tests/test_server_automatic.py). Then, on a 2-core machine:
100 players registered in 32.2 s, the event played in 39.3 s (3,225 moves, 82 a second),
server A SIGKILLed after 304 moves of round 1, server B ended both rounds, nothing lost or
duplicated.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy as sa
from server import QUIET, free_port, throwaway_postgres

from tricktable.server import db as store
from tricktable.server.event_rounds import event_rounds, event_scores, event_tables, events

PASSWORD = "a soak's long password"
GAME: dict[str, Any] = {"game": "hasenpfeffer", "options": {}}
"""The game's own options: a table's game is a session of its round's boards (over right after
the last, its target ignored), so a board left unscored at a table is a problem."""


def start_processes(pg_url: str, env: dict[str, str]) -> tuple[list[Any], list[str], Any]:
    """Two servers and a worker; players away are played for after a fifth of a second."""
    servers, bases = [], []
    common = ["--db", pg_url, "--broker", pg_url]
    for _ in range(2):
        port = free_port()
        command = [sys.executable, "-m", "tricktable.server", "--port", str(port), *common,
                   "--bot-delay", "0", "--grace", "0.2", "--no-limits"]  # fmt: skip
        servers.append(subprocess.Popen(command, env=env, **QUIET))
        bases.append(f"http://127.0.0.1:{port}")
    for base in bases:
        wait_up(base)
    worker = [sys.executable, "-m", "tricktable.server.worker", *common, "--bot-delay", "0"]
    return servers, bases, subprocess.Popen(worker, env=env, **QUIET)


def wait_up(base: str) -> None:
    for _ in range(1200):
        try:
            httpx.get(f"{base}/healthz", timeout=1)
            return
        except httpx.TransportError:
            time.sleep(0.05)
    raise SystemExit(f"the server at {base} did not start")


async def signed_up(base: str, name: str) -> httpx.AsyncClient:
    # the server closes a connection idle for 5 s: let the client drop it sooner, so that no
    # request goes out on a connection the server is closing
    limits = httpx.Limits(keepalive_expiry=2)
    client = httpx.AsyncClient(base_url=base, timeout=60, limits=limits)
    made = await client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    made.raise_for_status()
    client.headers["X-CSRF-Token"] = made.json()["csrf"]
    return client


async def set_up(bases: list[str], players: int, rounds: int, boards: int) -> tuple[Any, str]:
    """The admin's club and event, and ``players`` accounts registered (half through each
    server); the admin's client and the event's id."""
    admin = await signed_up(bases[0], "Admin")
    club = (await admin.post("/api/clubs", json={"name": "Soak Club"})).json()["club_id"]
    spec = {"name": "Soak", **GAME, "rounds": rounds, "boards": boards,
            "max_players": players, "bot_level": "easy"}  # fmt: skip
    made = await admin.post(f"/api/clubs/{club}/events", json=spec)
    made.raise_for_status()
    event_id: str = made.json()["event_id"]
    clients = [await signed_up(bases[n % 2], f"Player {n + 1}") for n in range(players)]
    answers = await asyncio.gather(*(c.post(f"/api/events/{event_id}/register") for c in clients))
    assert all(a.status_code == 200 for a in answers), [a.text for a in answers][:3]
    for client in clients:
        await client.aclose()
    return admin, event_id


def stored_moves(engine: sa.Engine, event_id: str) -> int:
    with engine.connect() as conn:
        query = (
            sa.select(sa.func.count())
            .select_from(store.actions)
            .join(event_tables, event_tables.c.table_id == store.actions.c.table_id)
            .where(event_tables.c.event_id == event_id)
        )
        return int(conn.execute(query).scalar() or 0)


def event_status(engine: sa.Engine, event_id: str) -> tuple[str, int]:
    with engine.connect() as conn:
        row = conn.execute(
            sa.select(events.c.status, events.c.current_round).where(events.c.id == event_id)
        ).one()
        return str(row.status), int(row.current_round)


def check(engine: sa.Engine, event_id: str, tables: int, rounds: int, boards: int) -> list[str]:
    """What is wrong with the stored event (nothing: an empty list)."""
    problems: list[str] = []
    with engine.connect() as conn:
        placed = conn.execute(
            sa.select(event_tables.c.round, sa.func.count())
            .where(event_tables.c.event_id == event_id)
            .group_by(event_tables.c.round)
        ).all()
        if sorted(placed) != [(r, tables) for r in range(1, rounds + 1)]:
            problems.append(f"tables per round {sorted(placed)}, not {tables} in each")
        states = conn.execute(
            sa.select(event_rounds.c.status).where(event_rounds.c.event_id == event_id)
        ).scalars()
        if sorted(states) != ["scored"] * rounds:
            problems.append("a round was not scored")
        problems += _check_scores(conn, event_id, tables, rounds * boards)
        problems += _check_tables(conn, event_id, boards)
    return problems


def _check_scores(conn: sa.Connection, event_id: str, tables: int, boards: int) -> list[str]:
    counts = conn.execute(
        sa.select(event_scores.c.board, sa.func.count())
        .where(event_scores.c.event_id == event_id)
        .group_by(event_scores.c.board)
    ).all()
    # one score per place (4 seats) of each table that did not throw the board in
    wrong = [(b, n) for b, n in counts if n % 4 or n > 4 * tables]
    missing = boards - len(counts)
    return ([f"boards with odd score counts {wrong}"] if wrong else []) + (
        [f"{missing} boards never scored"] if missing else []
    )


def _check_tables(conn: sa.Connection, event_id: str, boards: int) -> list[str]:
    problems = []
    rows = conn.execute(
        sa.select(event_tables.c.table_id, event_tables.c.round)
        .where(event_tables.c.event_id == event_id)
    ).all()  # fmt: skip
    dealt: dict[tuple[int, int], set[str]] = {}
    for table_id, number in rows:
        log = list(
            conn.execute(
                sa.select(store.actions.c.number).where(store.actions.c.table_id == table_id)
            ).scalars()
        )
        if sorted(log) != list(range(len(log))):
            problems.append(f"table {table_id}: its action log has a gap or a repeat")
        table = conn.execute(store.tables.select().where(store.tables.c.id == table_id)).one()
        deals, actions = store.table_rows(conn, table_id)
        store.game_of_rows(table, deals, actions)  # raises if a move breaks the rules
        for deal in deals[:boards]:
            dealt.setdefault((number, deal.number), set()).add(deal.deal)
    split = [key for key, found in dealt.items() if len(found) != 1]
    return problems + ([f"boards dealt differently at tables: {split}"] if split else [])


async def soak(args: argparse.Namespace, pg_url: str) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    servers, bases, worker = start_processes(pg_url, env)
    engine = sa.create_engine(store.sync_url(pg_url))
    tables = -(-args.players // 4)
    try:
        began = time.perf_counter()
        admin, event_id = await set_up(bases, args.players, args.rounds, args.boards)
        registered = time.perf_counter() - began
        started = await admin.post(f"/api/events/{event_id}/start")
        started.raise_for_status()
        start_at = time.perf_counter()
        while stored_moves(engine, event_id) < args.kill_after:
            await asyncio.sleep(0.05)
        at_kill = stored_moves(engine, event_id)
        servers[0].send_signal(signal.SIGKILL)  # server A, which opened round 1's tables
        servers[0].wait(timeout=30)
        status = ("playing", 1)
        while status[0] != "over":
            if time.perf_counter() - start_at > args.timeout:
                raise SystemExit(f"the event did not end within {args.timeout} s: {status}")
            await asyncio.sleep(0.5)
            status = event_status(engine, event_id)
        played = time.perf_counter() - start_at
        await admin.aclose()
        problems = check(engine, event_id, tables, args.rounds, args.boards)
        moves = stored_moves(engine, event_id)
        print(f"{args.players} players, {tables} tables a round, {args.rounds} rounds of "
              f"{args.boards} boards; 2 servers + 1 worker on PostgreSQL")  # fmt: skip
        print(f"registered in {registered:.1f} s; played in {played:.1f} s, {moves} moves "
              f"stored ({moves / played:.0f} a second)")  # fmt: skip
        print(f"server A SIGKILLed in round 1 after {at_kill} moves; server B ended the event")
        print("nothing lost or duplicated" if not problems else "PROBLEMS:\n" + "\n".join(problems))
        if problems:
            raise SystemExit(1)
    finally:
        engine.dispose()
        for process in [*servers, worker]:
            if process.poll() is None:
                process.terminate()
        for process in [*servers, worker]:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--boards", type=int, default=2)
    parser.add_argument("--kill-after", type=int, default=300, help="moves stored before the kill")
    parser.add_argument("--timeout", type=float, default=900.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="event-soak-") as folder, ExitStack() as stack:
        pg_url, _ = stack.enter_context(throwaway_postgres(Path(folder)))
        asyncio.run(soak(args, pg_url))


if __name__ == "__main__":
    main()
