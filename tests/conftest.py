"""Shared fixtures: quick deterministic bots and a server app on a fresh database."""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

DATABASE_ENV = "TRICKTABLE_TEST_DATABASE_URL"


class FirstLegalBot:
    """A bot that always takes the first legal action: fast and fully predictable."""

    def choose(self, view: Any) -> Any:
        return view.legal[0]


def first_legal_factory(level: str, seed: int) -> FirstLegalBot:
    return FirstLegalBot()


def _database_urls() -> list[Any]:
    urls: list[Any] = ["sqlite"]
    urls.append(
        pytest.param(
            "postgresql",
            marks=pytest.mark.skipif(
                not os.environ.get(DATABASE_ENV), reason=f"{DATABASE_ENV} is not set"
            ),
        )
    )
    return urls


@pytest.fixture(params=_database_urls())
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database: a SQLite file, or (when configured) the PostgreSQL test one."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tables.db'}"
        return
    url = os.environ[DATABASE_ENV]
    _drop_all(url)
    yield url
    _drop_all(url)


def _drop_all(url: str) -> None:
    import sqlalchemy as sa

    from tricktable.server.db import sync_url

    engine = sa.create_engine(sync_url(url))
    with engine.begin() as conn:
        existing = sa.MetaData()
        existing.reflect(conn)
        existing.drop_all(conn)
    engine.dispose()


@pytest.fixture
def app_factory(db_url: str) -> Callable[..., Any]:
    """Build server apps on the test database; bots take the first legal action at once."""
    pytest.importorskip(
        "fastapi", reason='needs the server extra: pip install "tricktable[server]"'
    )
    from tricktable.server import create_app
    from tricktable.server.config import Settings

    def build(**settings: Any) -> Any:
        chosen = Settings(
            **{"bot_delay": 0.0, "grace_seconds": 60.0, "bot_processes": 0, **settings}
        )
        return create_app(
            db_url, settings=chosen, bot_factory=first_legal_factory, rng=random.Random(7)
        )

    return build


REDIS_ENV = "TRICKTABLE_TEST_REDIS_URL"


@pytest.fixture
def pg_url() -> Iterator[str]:
    """The PostgreSQL test database, emptied (several processes need PostgreSQL)."""
    url = os.environ.get(DATABASE_ENV)
    if not url:
        pytest.skip(f"{DATABASE_ENV} is not set")
    _drop_all(url)
    yield url
    _drop_all(url)


@pytest.fixture(params=["redis", "postgresql"])
def broker_url(request: pytest.FixtureRequest, pg_url: str) -> str:
    """A broker for several processes: Redis pub/sub, or the database's LISTEN/NOTIFY."""
    if request.param == "postgresql":
        return pg_url
    url = os.environ.get(REDIS_ENV)
    if not url:
        pytest.skip(f"{REDIS_ENV} is not set")
    return url


@pytest.fixture
def channel() -> str:
    """A broker channel of this test alone (Redis pub/sub ignores database numbers)."""
    import secrets

    return f"tricktable-test-{secrets.token_hex(4)}"
