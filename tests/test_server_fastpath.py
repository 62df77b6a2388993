"""SQLite's writer of single action rows: the row reads back as SQLAlchemy's insert writes it,
and a taken number is refused as SQLAlchemy would refuse it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from tricktable.server import db as store
from tricktable.server.migrate import upgrade


def _database(tmp_path: Path) -> store.Database:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    upgrade(url)
    database = store.Database(url)
    table = {
        "id": "t1", "game": "euchre", "rules": "euchre", "options": {}, "seed": 1,
        "first_dealer": 0, "allow_spectators": True, "turn_seconds": 0, "status": "playing",
        "created_at": store.now(),
    }  # fmt: skip
    asyncio.run(database.execute_all([(store.tables.insert(), table)]))
    return database


def _row(number: int) -> dict[str, Any]:
    return {
        "table_id": "t1", "number": number, "deal_number": 0, "seat": 1,
        "action": "play JS", "actor": "human", "created_at": store.now(),
    }  # fmt: skip


def _stored(database: store.Database) -> list[tuple[Any, ...]]:
    query = sa.select(store.actions).order_by(store.actions.c.number)
    return [tuple(row) for row in asyncio.run(database.read(lambda c: c.execute(query).all()))]


def test_a_row_written_directly_reads_back_as_sqlalchemys_insert(tmp_path: Path) -> None:
    database = _database(tmp_path)
    assert database.sqlite_moves is not None
    fast, slow = _row(0), _row(1)
    slow["created_at"] = fast["created_at"]
    asyncio.run(database.store([(store.INSERT_ACTIONS, fast)], None))
    asyncio.run(database.execute_all([(store.INSERT_ACTIONS, slow)]))
    first, second = _stored(database)
    assert first[0] == second[0] and first[2:] == second[2:]
    assert (first[1], second[1]) == (0, 1)
    assert first[-1] == fast["created_at"].replace(tzinfo=None)
    asyncio.run(database.close())


def test_a_taken_number_is_refused_and_the_connection_stays_usable(tmp_path: Path) -> None:
    database = _database(tmp_path)
    asyncio.run(database.store([(store.INSERT_ACTIONS, _row(0))], None))
    with pytest.raises(sa.exc.IntegrityError):
        asyncio.run(database.store([(store.INSERT_ACTIONS, _row(0))], None))
    asyncio.run(database.store([(store.INSERT_ACTIONS, _row(1))], None))
    assert [row[1] for row in _stored(database)] == [0, 1]
    asyncio.run(database.close())
