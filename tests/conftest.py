"""Shared fixtures: quick deterministic bots and a server app on a fresh database."""

from __future__ import annotations

import os
import random
import tempfile
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack
from pathlib import Path
from typing import Any

import pytest

from throwaway_support import Unavailable, throwaway_postgres, throwaway_redis

DATABASE_ENV = "TRICKTABLE_TEST_DATABASE_URL"
REDIS_ENV = "TRICKTABLE_TEST_REDIS_URL"


class FirstLegalBot:
    """A bot that always takes the first legal action: fast and fully predictable."""

    def choose(self, view: Any) -> Any:
        return view.legal[0]


def first_legal_factory(level: str, seed: int) -> FirstLegalBot:
    return FirstLegalBot()


@pytest.fixture(autouse=True)
def english_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test runs on a machine without a language of its own (C.UTF-8, which is English):
    the terminal and the server follow LANG and its kin, so a test that wants a language sets
    it (``--lang``, ``monkeypatch.setenv``, a runner's ``env``) and no test follows the machine."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The PostgreSQL test database: ``TRICKTABLE_TEST_DATABASE_URL`` if set, else a throwaway
    cluster started for this run (when PostgreSQL is installed), else the test is skipped."""
    yield from _server(DATABASE_ENV, throwaway_postgres)


@pytest.fixture(scope="session")
def redis_server() -> Iterator[str]:
    """The Redis test server: ``TRICKTABLE_TEST_REDIS_URL`` if set, else a throwaway one
    started for this run (when redis-server is installed), else the test is skipped."""
    yield from _server(REDIS_ENV, throwaway_redis)


def _server(variable: str, start: Callable[[Path], AbstractContextManager[str]]) -> Iterator[str]:
    given = os.environ.get(variable)
    if given:
        yield given
        return
    # not under pytest's own temporary folder: as root, PostgreSQL runs as another user, who
    # could not reach a folder inside it
    with tempfile.TemporaryDirectory(prefix="tricktable-test-") as folder, ExitStack() as stack:
        try:
            url = stack.enter_context(start(Path(folder)))
        except Unavailable as exc:
            pytest.skip(f"{variable} is not set and no throwaway server could start: {exc}")
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database: a SQLite file, or the PostgreSQL test one."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tables.db'}"
        return
    url = request.getfixturevalue("postgres_server")
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


@pytest.fixture
def pg_url(postgres_server: str) -> Iterator[str]:
    """The PostgreSQL test database, emptied (several processes need PostgreSQL)."""
    _drop_all(postgres_server)
    yield postgres_server
    _drop_all(postgres_server)


@pytest.fixture(params=["redis", "postgresql"])
def broker_url(request: pytest.FixtureRequest, pg_url: str) -> str:
    """A broker for several processes: Redis pub/sub, or the database's LISTEN/NOTIFY."""
    if request.param == "postgresql":
        return pg_url
    url: str = request.getfixturevalue("redis_server")
    return url


@pytest.fixture
def channel() -> str:
    """A broker channel of this test alone (Redis pub/sub ignores database numbers)."""
    import secrets

    return f"tricktable-test-{secrets.token_hex(4)}"
