"""Several server processes on one PostgreSQL: the database orders each table's actions, the
broker (Redis pub/sub or LISTEN/NOTIFY) carries them to every process holding the table."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

import sqlalchemy as sa

from scale_support import Recorder, eventually, first_legal, hubs, new_table
from tricktable.server import db as store
from tricktable.server.broker import NOTIFY_LIMIT, PostgresBroker, make_broker
from tricktable.server.table import TableError


def stored_numbers(db_url: str, table_id: str) -> list[int]:
    from tricktable.server.db import sync_url

    engine = sa.create_engine(sync_url(db_url))
    with engine.begin() as conn:
        query = sa.select(store.actions.c.number).where(store.actions.c.table_id == table_id)
        numbers = sorted(int(n) for (n,) in conn.execute(query))
    engine.dispose()
    return numbers


def test_moves_made_through_one_process_reach_the_clients_of_the_other(
    pg_url: str, broker_url: str, channel: str
) -> None:
    async def main() -> str:
        async with hubs(pg_url, broker_url, channel) as (a, b):
            table_id = await new_table(a)
            here, there = await a.get(table_id), await b.get(table_id)
            watchers = [Recorder(seat) for seat in range(4)]
            for seat, client in enumerate(watchers):
                (here if seat % 2 == 0 else there).attach(client)
            for _ in range(12):  # each move through the process its player is connected to
                seat = here.game.to_move
                assert seat is not None
                runtime = here if seat % 2 == 0 else there
                await runtime.submit(seat, first_legal(runtime), runtime.seq)
                moved = runtime.seq
                await eventually(
                    lambda moved=moved: here.seq == there.seq == moved, "both processes agree"
                )
            await eventually(lambda: all(w.seqs()[-1:] == [12] for w in watchers), "all saw 12")
            for watcher in watchers:
                assert watcher.seqs() == list(range(1, 13)), "every state once, in order"
            assert here.game.view(None).to_dict() == there.game.view(None).to_dict()
            return table_id

    table_id = asyncio.run(main())
    assert stored_numbers(pg_url, table_id) == list(range(12))


def test_the_same_action_sent_to_both_processes_at_once_is_accepted_exactly_once(
    pg_url: str, broker_url: str, channel: str
) -> None:
    async def main() -> str:
        async with hubs(pg_url, broker_url, channel) as (a, b):
            table_id = await new_table(a)
            here, there = await a.get(table_id), await b.get(table_id)
            for _ in range(5):
                seat, seq = here.game.to_move, here.seq
                assert seat is not None and there.seq == seq
                action = first_legal(here)
                outcomes = await asyncio.gather(
                    here.submit(seat, action, seq),
                    there.submit(seat, action, seq),
                    return_exceptions=True,
                )
                refused = [o for o in outcomes if isinstance(o, TableError)]
                assert len(refused) == 1 and refused[0].code == "stale_seq", outcomes
                assert outcomes.count(None) == 1
                await eventually(lambda s=seq: here.seq == there.seq == s + 1, "both moved on")
            return table_id

    table_id = asyncio.run(main())
    assert stored_numbers(pg_url, table_id) == [0, 1, 2, 3, 4]


def test_a_process_that_missed_moves_reloads_on_its_conflict_and_answers_correctly(
    pg_url: str, channel: str
) -> None:
    async def main() -> None:
        # no broker messages between them: the second process learns only from the database
        async with hubs(pg_url, None, channel) as (a, b):
            table_id = await new_table(a)
            here, there = await a.get(table_id), await b.get(table_id)
            client = Recorder(0)
            there.attach(client)
            for _ in range(3):
                await here.submit(here.game.to_move or 0, first_legal(here), here.seq)
            stale_seq, seat = there.seq, there.game.to_move
            assert stale_seq == 0 and seat is not None
            with pytest.raises(TableError) as refused:
                await there.submit(seat, first_legal(there), stale_seq)
            assert refused.value.code == "stale_seq"
            assert there.seq == here.seq == 3, "it took up the stored log, once"
            assert client.last_state()["seq"] == 3
            seat = there.game.to_move
            assert seat is not None
            await there.submit(seat, first_legal(there), there.seq)  # and plays on from there
            assert there.seq == 4

    asyncio.run(main())


def test_presence_and_chat_cross_processes(pg_url: str, broker_url: str, channel: str) -> None:
    async def main() -> None:
        async with hubs(pg_url, broker_url, channel) as (a, b):
            table_id = await new_table(a)
            here, there = await a.get(table_id), await b.get(table_id)
            watcher = Recorder(1)
            there.attach(watcher)
            here.attach(Recorder(0))
            await eventually(lambda: there.seats[0].present, "seat 0 is seen as connected there")
            assert there.public()["seats"][0]["connected"] is True
            await here.add_chat(0, "hello from the first process")
            await eventually(
                lambda: any(m["type"] == "chat" for m in watcher.messages), "the chat arrived"
            )
            assert there.chat[-1].text == "hello from the first process"

    asyncio.run(main())


def test_a_quiet_process_is_forgotten_with_its_connections(
    pg_url: str, broker_url: str, channel: str
) -> None:
    async def main() -> None:
        async with hubs(pg_url, broker_url, channel) as (a, b):
            table_id = await new_table(a)
            here, there = await a.get(table_id), await b.get(table_id)
            here.attach(Recorder(0))
            await eventually(lambda: there.seats[0].present, "seat 0 is connected there")
            b.peers.seen[a.services.process_id] -= 60  # as if silent for a minute
            b.peers.forget_quiet()
            assert not there.seats[0].present and there.seats[0].left_at is not None

    asyncio.run(main())


def test_a_notification_too_long_for_postgresql_asks_for_a_reload() -> None:
    broker = make_broker("postgresql://nobody@127.0.0.1:1/none", "c")
    assert isinstance(broker, PostgresBroker)
    _, parameters = broker.statement({"t": "T", "p": "P", "k": "actions", "rows": ["x" * 9000]})
    assert isinstance(parameters, dict)
    assert len(parameters["payload"]) < NOTIFY_LIMIT and '"k":"reload"' in parameters["payload"]


def test_a_broker_url_of_another_kind_is_refused_with_its_name() -> None:
    with pytest.raises(ValueError, match="amqp://x"):
        make_broker("amqp://x", "c")
