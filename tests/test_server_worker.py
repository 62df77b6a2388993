"""Workers: bot turns and reviews are jobs in the database, claimed with leases; a worker that
dies holding one stalls its table for no longer than the lease."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

import sqlalchemy as sa

from scale_support import (
    BOTS,
    SOLO,
    Recorder,
    eventually,
    first_legal,
    hubs,
    new_table,
    services_for,
)
from test_server_broker import stored_numbers
from tricktable.server import jobs
from tricktable.server.worker import Worker


def worker_for(db_url: str, broker_url: str | None, channel: str, **changes: Any) -> Worker:
    return Worker(services_for(db_url, broker_url, channel, "worker", **changes))


async def stop(worker: Worker, task: asyncio.Task[None]) -> None:
    worker.stop()
    await task
    await worker.services.close()
    await worker.services.database.close()


def test_a_worker_plays_a_table_of_bots_to_the_end(
    pg_url: str, broker_url: str, channel: str
) -> None:
    async def main() -> tuple[str, int]:
        async with hubs(pg_url, broker_url, channel, count=1) as (server,):
            table_id = await new_table(server, BOTS)
            watching = await server.get(table_id)
            spectator = Recorder(None)
            watching.attach(spectator)
            worker = worker_for(pg_url, broker_url, channel)
            running = asyncio.create_task(worker.run())
            await eventually(lambda: watching.game.is_over, "the bots finished the game", 60)
            await stop(worker, running)
            seqs = spectator.seqs()
            assert seqs == list(range(1, watching.seq + 1)), "every state once, in order"
            return table_id, watching.seq

    table_id, moves = asyncio.run(main())
    assert stored_numbers(pg_url, table_id) == list(range(moves))
    assert pending_jobs(pg_url) == []


def test_an_idle_worker_waits_for_the_databases_word_of_a_new_job_not_for_a_poll(
    pg_url: str, broker_url: str, channel: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tricktable.server import worker as worker_module

    # were it to look only when a pause runs out, it would not look again within the test
    monkeypatch.setattr(worker_module, "IDLE_SECONDS", 600.0)
    monkeypatch.setattr(worker_module, "POLL_SECONDS", (600.0, 600.0))

    async def main() -> None:
        async with hubs(pg_url, broker_url, channel, count=1) as (server,):
            worker = worker_for(pg_url, broker_url, channel)
            running = asyncio.create_task(worker.run())
            await eventually(lambda: worker.services.database.wake_channel is not None, "set")
            await asyncio.sleep(0.5)  # idle by now: waiting for a notification
            table_id = await new_table(server, BOTS)
            watching = await server.get(table_id)
            await eventually(lambda: watching.game.is_over, "the bots finished the game", 60)
            await stop(worker, running)

    asyncio.run(main())


def test_people_move_through_the_server_and_bots_through_the_worker(
    pg_url: str, broker_url: str, channel: str
) -> None:
    async def main() -> None:
        async with hubs(pg_url, broker_url, channel, count=1) as (server,):
            table_id = await new_table(server, SOLO)
            runtime = await server.get(table_id)
            ana = Recorder(0)
            runtime.attach(ana)
            worker = worker_for(pg_url, broker_url, channel)
            running = asyncio.create_task(worker.run())
            for _ in range(6):
                await eventually(lambda: runtime.game.to_move == 0, "it is Ana's turn")
                await runtime.submit(0, first_legal(runtime), runtime.seq)
            await eventually(lambda: runtime.game.to_move == 0, "the bots played on")
            await stop(worker, running)
            assert ana.seqs() == list(range(1, runtime.seq + 1))
            actors = {m["moved_by"]["actor"] for m in ana.messages if m["type"] == "state"}
            assert actors == {"human", "bot"}

    asyncio.run(main())


def test_a_worker_that_dies_holding_a_bot_turn_stalls_the_table_only_for_its_lease(
    pg_url: str, broker_url: str, channel: str
) -> None:
    release = threading.Event()

    class StuckBot:
        def choose(self, view: Any) -> Any:
            release.wait(30)  # never answers: its worker is killed first
            return view.legal[0]

    async def main() -> None:
        async with hubs(pg_url, broker_url, channel, count=1) as (server,):
            table_id = await new_table(server, BOTS)
            watching = await server.get(table_id)
            spectator = Recorder(None)
            watching.attach(spectator)
            stuck = worker_for(pg_url, broker_url, channel, lease_seconds=1.0)
            stuck.services.bot_factory = lambda level, seed: StuckBot()
            task = asyncio.create_task(stuck.run())
            await eventually(lambda: bool(leased(pg_url)), "the first worker holds the turn")
            task.cancel()  # it dies mid-turn: its lease is never given back
            await asyncio.gather(task, return_exceptions=True)
            healthy = worker_for(pg_url, broker_url, channel, lease_seconds=1.0)
            running = asyncio.create_task(healthy.run())
            await eventually(lambda: watching.seq >= 8, "another worker took the turn over")
            await stop(healthy, running)
            release.set()
            await stuck.services.close()
            await stuck.services.database.close()
            assert spectator.seqs() == list(range(1, watching.seq + 1))
            numbers = stored_numbers(pg_url, table_id)
            assert numbers == list(range(len(numbers))) and len(numbers) >= 8

    asyncio.run(main())


def test_two_workers_never_claim_the_same_job(pg_url: str, channel: str) -> None:
    async def main() -> None:
        async with hubs(pg_url, None, channel, count=1, bot_delay=3600.0) as (server,):
            for _ in range(6):
                await new_table(server, BOTS)
            one, two = (worker_for(pg_url, None, channel) for _ in range(2))
            for job_table in (jobs.jobs,):  # make all six due now
                await server.database.execute_all(
                    [(job_table.update().values(due_at=sa.func.now()), None)]
                )

            def take(worker: Worker) -> Any:
                return worker.services.database.run(
                    lambda conn: jobs.claim(conn, worker.owner, 60.0, 6)
                )

            first, second = await asyncio.gather(take(one), take(two))
            assert {j.table_id for j in first}.isdisjoint({j.table_id for j in second})
            assert len(first) + len(second) == 6
            for worker in (one, two):
                await worker.services.close()
                await worker.services.database.close()

    asyncio.run(main())


def leased(db_url: str) -> list[Any]:
    return [job for job in pending_jobs(db_url) if job.owner is not None]


def pending_jobs(db_url: str) -> list[Any]:
    from tricktable.server.db import sync_url

    engine = sa.create_engine(sync_url(db_url))
    with engine.begin() as conn:
        found = conn.execute(jobs.jobs.select().where(jobs.jobs.c.kind == jobs.MOVE)).all()
    engine.dispose()
    return list(found)


def test_a_review_is_a_workers_job_with_several_servers(
    pg_url: str, broker_url: str, channel: str
) -> None:
    import time

    from fastapi.testclient import TestClient

    from conftest import first_legal_factory
    from scale_support import settings_for
    from tricktable.server import create_app

    app = create_app(
        pg_url,
        broker_url=broker_url,
        settings=settings_for(channel),
        bot_factory=first_legal_factory,
    )
    with TestClient(app) as client:
        worker = worker_for(pg_url, broker_url, channel)
        client.portal.start_task_soon(worker.run)
        body = {"game": "hasenpfeffer", "options": {"target_score": 2}, "seats": BOTS_JSON}
        table_id = client.post("/api/tables", json=body).json()["table_id"]
        deadline = time.monotonic() + 60
        while client.get(f"/api/tables/{table_id}").json()["status"] != "over":
            assert time.monotonic() < deadline, "the worker did not play the bots' game out"
            time.sleep(0.05)
        first = client.get(f"/api/tables/{table_id}/review")
        assert first.status_code == 202
        while (answer := client.get(f"/api/tables/{table_id}/review")).status_code == 202:
            assert time.monotonic() < deadline + 60, "no worker computed the review"
            time.sleep(0.05)
        assert answer.json()["status"] == "ready" and answer.json()["hands"]
        client.portal.call(worker.stop)
    assert pending_jobs(pg_url) == []


BOTS_JSON = [{"kind": "bot"}] * 4


def test_a_worker_plays_nothing_at_a_table_its_player_left_until_she_is_back(
    pg_url: str, broker_url: str, channel: str
) -> None:
    """Presence is known to the servers only: they store that she left, and the worker drops
    the job of such a table; back, the server writes the job of the move due, played at once."""

    async def main() -> None:
        async with hubs(pg_url, broker_url, channel, count=1, bot_delay=0.2) as (server,):
            table_id = await new_table(server, SOLO)
            runtime = await server.get(table_id)
            ana = Recorder(0)
            runtime.attach(ana)
            worker = worker_for(pg_url, broker_url, channel, bot_delay=0.2)
            running = asyncio.create_task(worker.run())
            await eventually(lambda: runtime.game.to_move == 0, "it is Ana's turn")
            await runtime.submit(0, first_legal(runtime), runtime.seq)
            runtime.detach(ana)  # she leaves as the bots are to move
            await eventually(lambda: runtime.state.away_stored, "her leaving is stored")
            left_at = runtime.seq
            await asyncio.sleep(1.5)  # several bot delays
            assert runtime.seq <= left_at + 1, "at most the move in hand when she left"
            still = runtime.seq
            await asyncio.sleep(1.0)
            assert runtime.seq == still and not runtime.game.is_over
            runtime.attach(Recorder(0))
            await eventually(lambda: runtime.seq > still, "the bots play on once she is back")
            await eventually(lambda: not runtime.state.away_stored, "her return is stored")
            await stop(worker, running)

    asyncio.run(main())
