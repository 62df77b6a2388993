"""A real server on loopback and a headless Chromium, for the lobby's browser tests."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@contextmanager
def served(app: Any, port: int | None = None) -> Iterator[str]:
    """Run ``app`` under uvicorn on loopback (on ``port``, else a free one); yields its base
    URL."""
    import uvicorn

    if port is None:
        port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(300):
        if server.started:
            break
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)


@contextmanager
def served_quick_bots(
    folder: Path,
    seed: int,
    bot_factory: Any = None,
    port: int | None = None,
    grace_seconds: float = 600.0,
    **settings: Any,
) -> Iterator[str]:
    """A real server on a fresh SQLite file in ``folder``: bots (``bot_factory``'s, else the
    real ones) move at once, absent players keep their seats (a long grace, unless
    ``grace_seconds`` says otherwise), table seeds from ``random.Random(seed)``; any other
    ``settings`` (of :class:`tricktable.server.config.Settings`) as given; yields its base
    URL."""
    import dataclasses
    import random

    from tricktable.server import create_app
    from tricktable.server.config import Settings

    chosen = dataclasses.replace(Settings(), bot_delay=0.0, grace_seconds=grace_seconds, **settings)
    url = f"sqlite:///{folder / 'tables.db'}"
    app = create_app(url, settings=chosen, rng=random.Random(seed), bot_factory=bot_factory)
    with served(app, port) as base:
        yield base


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's headless Chromium through Playwright; the test is skipped where it is missing."""
    import pytest
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():
        pytest.skip(f"no browser: {CHROMIUM} is not installed")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()


def watch_errors(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors
