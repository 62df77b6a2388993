"""Run the app under uvicorn: shared by ``tricktable serve`` and ``python -m tricktable.server``."""

from __future__ import annotations

import dataclasses

from . import require_extra

MAX_WS_BYTES = 64 * 1024
"""Frames larger than this are refused by the protocol layer before the app reads them."""


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
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_WS_BYTES, log_level="info")
