"""Run the app under uvicorn: shared by ``tricktable serve`` and ``python -m tricktable.server``."""

from __future__ import annotations

import dataclasses
import gc
import logging
import os
import re
from types import FrameType
from typing import Any

from . import require_extra
from .config import Settings

MAX_WS_BYTES = 64 * 1024
"""Frames larger than this are refused by the protocol layer before the app reads them."""

_TOKEN = re.compile(r"(token=)[^&\s\"']+")


class RedactTokens(logging.Filter):
    """Seat tokens travel in the WebSocket URL; keep them out of the server's logs."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        return True


def redact(text: str) -> str:
    return _TOKEN.sub(r"\1…", text)


def tuned(settings: Settings, **overrides: float | None) -> Settings:
    """``settings`` with each override that was given (not None)."""
    given: dict[str, Any] = {name: value for name, value in overrides.items() if value is not None}
    return dataclasses.replace(settings, **given)


def base_settings() -> Settings:
    """The defaults, with the broker channel of ``TRICKTABLE_BROKER_CHANNEL`` if it is set
    (deployments sharing one Redis keep apart by channel)."""
    channel = os.environ.get("TRICKTABLE_BROKER_CHANNEL")
    return Settings(broker_channel=channel) if channel else Settings()


def configure_logging(level: int = logging.INFO) -> None:
    """One line per event on standard error: a JSON object per line when
    ``TRICKTABLE_LOG_FORMAT=json`` (for a log collector), else plain text."""
    from .ops import JsonLines

    handler = logging.StreamHandler()
    handler.addFilter(RedactTokens())
    if os.environ.get("TRICKTABLE_LOG_FORMAT", "text") == "json":
        handler.setFormatter(JsonLines())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    logging.getLogger("alembic").setLevel(logging.WARNING)


def locations(db: str | None, broker: str | None) -> tuple[str | None, str | None]:
    """The database and broker URLs: as given, else from ``TRICKTABLE_DB`` and
    ``TRICKTABLE_BROKER``; several processes (a broker) need PostgreSQL."""
    db = db or os.environ.get("TRICKTABLE_DB") or None
    broker = broker or os.environ.get("TRICKTABLE_BROKER") or None
    if broker and not (db or "").startswith("postgres"):
        raise ValueError(f"several server processes share one PostgreSQL database; --db is {db!r}")
    return db, broker


def _draining_server() -> type:
    import uvicorn

    class Draining(uvicorn.Server):
        """Uvicorn's server that, on SIGTERM, first says it is not ready (``/readyz``) while it
        stops taking connections, closes the WebSockets with 1012 (the browsers reconnect,
        through the proxy, to another process) and lets work in hand finish."""

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            state = getattr(self.config.app, "state", None)
            if state is not None:
                state.draining = True
            super().handle_exit(sig, frame)

    return Draining


YOUNG_OBJECTS = 10_000
"""Allocations between two collections of the youngest generation (Python's default: 700)."""


def settle_collector() -> None:
    """Keep the cyclic garbage collector off what the process holds for good: what start-up
    built (modules, the app) is frozen out of its scans, and the youngest generation is
    collected ten times less often. A move allocates some thousand short-lived objects; with
    the defaults that set off a full collection over every connection's objects every few
    moves, which cost as much as the move itself."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    broker: str | None = None,
    bot_delay: float | None = None,
    grace: float | None = None,
    limits: bool = True,
) -> None:
    require_extra()
    import uvicorn

    from .app import create_app
    from .keepalive import protocol_class

    db, broker = locations(db, broker)
    settings = tuned(base_settings(), bot_delay=bot_delay, grace_seconds=grace)
    if not limits:
        settings = dataclasses.replace(settings, limits=False)
    app = create_app(db, broker_url=broker, settings=settings)
    # Views are small and sent often: compressing each one costs more CPU than it saves.
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        ws_max_size=MAX_WS_BYTES,
        ws_per_message_deflate=False,
        ws=protocol_class(),
        log_config=None,  # uvicorn's loggers go to the root handler of configure_logging
        timeout_graceful_shutdown=int(settings.drain_seconds),
    )
    configure_logging()
    settle_collector()
    from .supervisor import run

    # not uvicorn's own run: a task that will not end after the lifespan must not keep the
    # process from exiting (it is logged by name)
    run(_draining_server()(config).serve(), loop_factory=config.get_loop_factory())
