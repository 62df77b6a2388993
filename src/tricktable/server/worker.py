"""``tricktable worker``: plays the bots' turns and computes reviews for many server processes.

A worker claims due jobs from the database (:mod:`.jobs`) under a lease, checks each against
the stored log, computes the move in its own threads (numba releases the GIL while it solves),
and stores it exactly as a server would: the action at the log's next number, the table's next
job and the announcement to the servers, in one transaction. Any number of workers may run; a
killed one loses nothing (its leases run out and another worker takes the jobs over).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import signal
from collections.abc import Sequence

from . import jobs
from .automatic import play_here
from .broker import listen, make_broker
from .config import BotFactory, Settings, default_bot_factory
from .db import Database
from .fastpath import plain_url
from .hub import Hub, record_with_seats
from .migrate import upgrade
from .pool import Compute
from .reviews import build_review, store_review
from .services import Services
from .supervisor import STOP_SECONDS, check_cancelled, end_tasks, run
from .table import TableError, TableRuntime

log = logging.getLogger(__name__)

__all__ = ["Worker", "main", "run_worker"]

POLL_SECONDS = (0.02, 0.25)
"""Without job notifications (SQLite, or the LISTEN connection lost): how long a worker waits
before it looks for due jobs again, the shortest right after it found some, doubling while it
finds none up to the longest."""
IDLE_SECONDS = 5.0
"""With job notifications: the longest a worker waits for one before it looks again anyway."""
KEEP_TABLES = 2000
"""Tables a worker keeps in memory between their bots' turns (the oldest go first)."""


class Worker:
    """Claims and carries out jobs until :meth:`stop`."""

    def __init__(self, services: Services, concurrency: int = 2) -> None:
        self.services = services
        self.hub = Hub(services, secrets.SystemRandom())
        self.owner = f"worker-{services.process_id}"
        self.concurrency = concurrency
        self.running: set[asyncio.Task[None]] = set()
        self.stopping = asyncio.Event()
        self.done = 0

    def stop(self) -> None:
        self.stopping.set()

    async def run(self) -> None:
        """Claim and carry out jobs until stopped; then the jobs in hand are finished (at most
        the drain time: those still running are left to their leases)."""
        tasks = self.services.tasks
        tasks.spawn("settle loop", self.hub.settle_loop())
        channel = self.services.database.wake_channel
        wakeups = Wakeups(self.services.database.url, channel) if channel else None
        if wakeups is not None:
            tasks.spawn("job wake-ups (LISTEN)", wakeups.run())
        try:
            await self._claim_until_stopped(wakeups)
            if self.running:
                await asyncio.wait(self.running, timeout=self.services.settings.drain_seconds)
        finally:
            # killed, or the drain time is over: the jobs still in hand are left to their leases
            await end_tasks(list(self.running), STOP_SECONDS, self.owner)
            await self.hub.close()

    async def _claim_until_stopped(self, wakeups: Wakeups | None) -> None:
        pause = POLL_SECONDS[0]
        while not self.stopping.is_set():
            if await self.claim():
                pause = POLL_SECONDS[0]
            elif wakeups is not None and wakeups.listening.is_set():
                await self._pause(await self._until_next_job(), wakeups.heard)
            else:
                await self._pause(pause)
                pause = min(POLL_SECONDS[1], pause * 2)
            check_cancelled()  # claim() and the pauses catch Exception around their awaits

    async def _pause(self, seconds: float, heard: asyncio.Event | None = None) -> None:
        """Wait ``seconds``, less if the worker is stopped or ``heard`` is set (then cleared)."""
        waits = [asyncio.ensure_future(self.stopping.wait())]
        if heard is not None:
            waits.append(asyncio.ensure_future(heard.wait()))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait(waits, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
        for waiting in waits:
            waiting.cancel()
        if heard is not None:
            heard.clear()

    async def _until_next_job(self) -> float:
        """Seconds until the earliest job may be claimed (due, its lease run out), at most
        :data:`IDLE_SECONDS`: a job written meanwhile is announced and wakes the worker."""
        try:
            seconds = await self.services.database.run(jobs.seconds_to_next)
        except Exception as exc:  # the database went away for a moment
            log.warning("worker: could not read the next job's time: %s", exc)
            return POLL_SECONDS[1]
        return IDLE_SECONDS if seconds is None else min(IDLE_SECONDS, max(0.0, seconds))

    async def claim(self) -> int:
        """Claim as many due jobs as there are free hands and start them; how many."""
        free = self.concurrency - len(self.running)
        if free <= 0:
            await asyncio.wait(self.running, return_when=asyncio.FIRST_COMPLETED)
            return 1
        lease = self.services.settings.lease_seconds
        try:
            found = await self.services.database.run(
                lambda conn: jobs.claim(conn, self.owner, lease, free)
            )
        except Exception as exc:  # the database went away for a moment: try again soon
            log.warning("worker: could not claim jobs: %s", exc)
            return 0
        for job in found:
            task = self.services.tasks.spawn(
                f"job {job.kind} of table {job.table_id}", self.carry_out(job)
            )
            self.running.add(task)
            task.add_done_callback(self.running.discard)
        return len(found)

    async def carry_out(self, job: jobs.Job) -> None:
        try:
            if job.kind == jobs.REVIEW:
                await self._review(job)
            else:
                await self._move(job)
            self.done += 1
        except Exception:
            log.exception("worker: job %s of table %s failed", job.kind, job.table_id)
            check_cancelled()
            await self._finish(job, release=True)

    async def _finish(self, job: jobs.Job, release: bool = False) -> None:
        statement = jobs.release(job) if release else jobs.done(job)
        try:
            await self.services.database.execute_all([statement])
        except Exception as exc:
            log.warning("worker: job of table %s left to its lease: %s", job.table_id, exc)

    async def _table(self, table_id: str) -> TableRuntime | None:
        try:
            runtime = await self.hub.get(table_id)
        except TableError:
            return None
        async with runtime.lock:
            stored = await self.services.database.action_count(table_id)
            if stored != runtime.info.stored_actions:
                await runtime.resync()
        return runtime

    async def _move(self, job: jobs.Job) -> None:
        runtime = await self._table(job.table_id)
        if runtime is None or not self._still_due(runtime, job):
            await self._finish(job)
            return
        assert job.seat is not None
        if await self._left(runtime, job):
            return
        seq = runtime.seq
        choice = await play_here(runtime, job.seat)
        try:
            await runtime.submit(job.seat, choice, seq, job.actor)
        except TableError as exc:
            log.info("worker: table %s: move refused: %s", job.table_id, exc.message)
            await self._finish(job, release=exc.code == "not_stored")
        self._tidy(runtime)

    async def _left(self, runtime: TableRuntime, job: jobs.Job) -> bool:
        """Whether every player has left the table (as the servers stored it): the job is
        dropped unplayed, unless a server wrote a new one meanwhile (someone came back)."""
        try:
            away = await self.services.database.away(job.table_id)
        except Exception as exc:  # cannot tell: the job goes back to be tried again
            log.warning("worker: table %s: presence not read: %s", job.table_id, exc)
            await self._finish(job, release=True)
            return True
        runtime.state.away_stored = away
        if away:
            await self.services.database.execute_all([jobs.drop_claimed(job, self.owner)])
        return away

    @staticmethod
    def _still_due(runtime: TableRuntime, job: jobs.Job) -> bool:
        game = runtime.game
        return (
            not game.is_over
            and runtime.info.stored_actions == job.number
            and game.to_move == job.seat
        )

    def _tidy(self, runtime: TableRuntime) -> None:
        tables = self.hub.tables
        if runtime.game.is_over:
            tables.pop(runtime.table_id, None)
        while len(tables) > KEEP_TABLES:
            tables.pop(next(iter(tables)))

    async def _review(self, job: jobs.Job) -> None:
        runtime = await self._table(job.table_id)
        if runtime is not None and runtime.game.is_over:
            data = await self.services.compute.run(build_review, record_with_seats(runtime))
            try:
                await store_review(self.services.database, job.table_id, data)
            except Exception as exc:  # stored by another worker first, or the database is gone
                log.info("worker: review of table %s not stored: %s", job.table_id, exc)
        await self._finish(job)


class Wakeups:
    """LISTEN for the notifications of transactions that write jobs (PostgreSQL, through
    asyncpg): :attr:`heard` is set on each, :attr:`listening` while the connection is up."""

    def __init__(self, db_url: str, channel: str) -> None:
        self.url = plain_url(db_url)
        self.channel = channel
        self.heard = asyncio.Event()
        self.listening = asyncio.Event()

    async def run(self) -> None:
        # on each connection look once: a job may have been written before it
        await listen(
            self.url,
            self.channel,
            lambda *_: self.heard.set(),
            self.listening,
            "worker",
            connected=self.heard.set,
        )


async def run_worker(
    db_url: str,
    broker_url: str | None = None,
    *,
    settings: Settings | None = None,
    bot_factory: BotFactory | None = None,
    concurrency: int = 2,
    migrate: bool = True,
) -> None:
    """Run a worker until SIGTERM or SIGINT (a job in hand is finished first)."""
    chosen = settings or Settings()
    if migrate:
        await asyncio.to_thread(upgrade, db_url)
    services = Services(
        chosen,
        Database(db_url),
        bot_factory or default_bot_factory,
        Compute(0, threads=concurrency),
        make_broker(broker_url, chosen.broker_channel),
        role="worker",
    )
    worker = Worker(services, concurrency)
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, worker.stop)
    log.info("worker %s: claiming jobs", worker.owner)
    try:
        await worker.run()
    finally:
        await services.close()
        await services.database.close()


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m tricktable.server.worker --db URL [--broker URL]``."""
    import argparse
    import os

    parser = argparse.ArgumentParser(prog="tricktable worker", description=__doc__)
    parser.add_argument("--db", default=os.environ.get("TRICKTABLE_DB"))
    parser.add_argument("--broker", default=os.environ.get("TRICKTABLE_BROKER"))
    parser.add_argument("--bot-delay", type=float, default=None)
    parser.add_argument("--lease", type=float, default=None)
    parser.add_argument("--concurrency", type=int, default=2)
    args = parser.parse_args(argv)
    if not args.db:
        parser.error("a worker needs the database: --db URL or TRICKTABLE_DB")
    from .run import base_settings, configure_logging, settle_collector, tuned

    configure_logging()
    settings = tuned(base_settings(), bot_delay=args.bot_delay, lease_seconds=args.lease)
    settle_collector()
    run(run_worker(args.db, args.broker, settings=settings, concurrency=args.concurrency))


if __name__ == "__main__":
    main()
