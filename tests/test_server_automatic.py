"""Automatic moves with workers: the substitute job a server writes for an absent player.

Several servers hold one table and each asks the workers to play for its absent players. The
asks race with the moves they ask for, so a server that is behind must never take away the job
of a later move (the stall of a 100-player duplicate event: a table's next job deleted by a
server that had not yet heard of the move just stored, and nobody asking again)."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

from scale_support import first_legal, hubs, new_table
from test_server_worker import pending_jobs
from tricktable.server import automatic, jobs
from tricktable.server.table import TableRuntime


async def ask_for(runtime: TableRuntime, number: int, actor: str) -> None:
    """Store a move job for log row ``number`` as another process would."""
    seat = runtime.game.to_move
    assert seat is not None
    row = jobs.add_move(runtime.table_id, number, seat, actor, 0.0)
    await runtime.database.execute_all([jobs.clear_move(runtime.table_id), row])


def pending(pg_url: str) -> list[tuple[int, str]]:
    return [(job.number, job.actor) for job in pending_jobs(pg_url)]


def test_a_server_behind_leaves_the_job_of_a_later_move_standing(pg_url: str, channel: str) -> None:
    async def main() -> None:
        async with hubs(pg_url, None, channel, count=1) as (server,):
            runtime = await server.get(await new_table(server))
            await ask_for(runtime, 1, "substitute")  # another server, a move ahead
            assert runtime.game.to_move is not None
            await automatic.substitute_job(runtime, runtime.game.to_move)  # this one: at 0

    asyncio.run(main())
    assert pending(pg_url) == [(1, "substitute")]


def test_a_substitute_replaces_an_older_moves_job_and_a_timer_of_its_own_move(
    pg_url: str, channel: str
) -> None:
    async def main() -> list[list[tuple[int, str]]]:
        found = []
        async with hubs(pg_url, None, channel, count=1) as (server,):
            runtime = await server.get(await new_table(server))
            mover = runtime.game.to_move
            assert mover is not None
            await runtime.submit(mover, first_legal(runtime), runtime.seq)
            for stale in [(0, "substitute"), (1, "timer")]:
                await ask_for(runtime, *stale)
                assert runtime.game.to_move is not None
                await automatic.substitute_job(runtime, runtime.game.to_move)
                found.append(await asyncio.to_thread(pending, pg_url))
        return found

    assert asyncio.run(main()) == [[(1, "substitute")], [(1, "substitute")]]


def test_a_second_server_asking_for_the_same_move_keeps_the_first_job(
    pg_url: str, channel: str
) -> None:
    async def main() -> None:
        async with hubs(pg_url, None, channel, count=2) as (first, second):
            table_id = await new_table(first)
            here, there = await first.get(table_id), await second.get(table_id)
            seat = here.game.to_move
            assert seat is not None
            await automatic.substitute_job(here, seat)
            await automatic.substitute_job(there, seat)

    asyncio.run(main())
    assert pending(pg_url) == [(0, "substitute")]
