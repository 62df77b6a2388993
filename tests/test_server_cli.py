"""``tricktable serve``: the command's options reach the server runner."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("typer", reason='needs the cli extra: pip install "tricktable[cli]"')
pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

from typer.testing import CliRunner

from tricktable.cli import app


def test_serve_passes_host_port_db_and_delays_to_the_runner(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr("tricktable.server.run.serve", lambda **kwargs: calls.append(kwargs))
    result = CliRunner().invoke(
        app, ["serve", "--port", "8123", "--db", "sqlite:///x.db", "--bot-delay", "0.1"]
    )
    assert result.exit_code == 0, result.output
    assert calls == [
        {
            "host": "127.0.0.1",
            "port": 8123,
            "db": "sqlite:///x.db",
            "broker": None,
            "bot_delay": 0.1,
            "grace": None,
        }
    ]
    assert "http://127.0.0.1:8123/" in result.output


def test_serve_help_names_the_database_option() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0 and "--db" in result.output


def test_server_logs_never_show_seat_tokens() -> None:
    import logging

    from tricktable.server.run import RedactTokens

    record = logging.LogRecord(
        "uvicorn.error",
        logging.INFO,
        __file__,
        1,
        '%s - "WebSocket %s" [accepted]',
        ("127.0.0.1:5", "/ws/tables/abc?token=s3cr3t-Tok_en"),
        None,
    )
    assert RedactTokens().filter(record)
    assert "s3cr3t" not in record.getMessage() and "token=…" in record.getMessage()


def test_worker_passes_the_database_broker_and_delay_on(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[list[str]] = []
    monkeypatch.setattr("tricktable.server.worker.main", lambda args: calls.append(list(args)))
    url = "postgresql+psycopg://u@h/db"
    result = CliRunner().invoke(
        app, ["worker", "--db", url, "--broker", "redis://h:6379/0", "--bot-delay", "0.2"]
    )
    assert result.exit_code == 0, result.output
    assert calls == [[f"--db={url}", "--broker=redis://h:6379/0", "--bot-delay=0.2"]]


def test_serve_refuses_a_broker_without_postgresql(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TRICKTABLE_DB", raising=False)
    result = CliRunner().invoke(app, ["serve", "--db", "sqlite:///x.db", "--broker", "redis://h"])
    assert result.exit_code == 2 and "PostgreSQL" in result.output


def test_the_server_freezes_its_start_up_objects_and_collects_young_ones_less_often() -> None:
    import gc

    from tricktable.server.run import YOUNG_OBJECTS, settle_collector

    before = gc.get_threshold()
    try:
        settle_collector()
        assert gc.get_threshold() == (YOUNG_OBJECTS, *before[1:])
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
