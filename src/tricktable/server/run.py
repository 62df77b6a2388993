"""Run the app under uvicorn: shared by ``tricktable serve`` and ``python -m tricktable.server``."""

from __future__ import annotations

import dataclasses
import logging
import re

from . import require_extra

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


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    bot_delay: float | None = None,
    grace: float | None = None,
) -> None:
    require_extra()
    import uvicorn

    from .app import create_app
    from .config import Settings

    settings = Settings()
    if bot_delay is not None:
        settings = dataclasses.replace(settings, bot_delay=bot_delay)
    if grace is not None:
        settings = dataclasses.replace(settings, grace_seconds=grace)
    app = create_app(db, settings=settings)
    # Views are small and sent often: compressing each one costs more CPU than it saves.
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        ws_max_size=MAX_WS_BYTES,
        ws_per_message_deflate=False,
        log_level="info",
    )
    for name in ("uvicorn.error", "uvicorn.access"):  # configured by Config above
        logging.getLogger(name).addFilter(RedactTokens())
    uvicorn.Server(config).run()
