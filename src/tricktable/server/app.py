"""The application factory: everything a server holds lives in ``app.state``, built per app."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from . import accounts, api, listing, players, rematch, reviews, solo, ws
from .config import BotFactory, Settings, default_bot_factory, default_db_url
from .db import Database
from .hub import Hub
from .migrate import upgrade
from .table import TableError

log = logging.getLogger(__name__)

__all__ = ["create_app"]


def web_folder() -> Path:
    return Path(str(resources.files("tricktable") / "web"))


def create_app(
    db_url: str | None = None,
    *,
    settings: Settings | None = None,
    bot_factory: BotFactory | None = None,
    rng: random.Random | None = None,
    migrate: bool = True,
) -> FastAPI:
    """A new server app; ``db_url`` defaults to a SQLite file in the user's data directory.

    ``rng`` draws the table seeds (inject one for reproducible tests); ``bot_factory`` makes
    the bots (default: :func:`tricktable.bots.make_bot`).
    """
    url = db_url or default_db_url()
    chosen = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if migrate:
            await asyncio.to_thread(upgrade, url)
        database = Database(url)
        executor = ThreadPoolExecutor(chosen.bot_threads, thread_name_prefix="tricktable-bot")
        hub = Hub(
            database, chosen, bot_factory or default_bot_factory, executor, rng or random.Random()
        )
        app.state.hub = hub
        restored = await hub.restore_all()
        log.info("restored %d unfinished tables", restored)
        settling = asyncio.create_task(hub.settle_loop())
        try:
            yield
        finally:
            settling.cancel()
            await hub.close()
            executor.shutdown(wait=False, cancel_futures=True)
            await database.close()

    app = FastAPI(title="tricktable", lifespan=lifespan)
    app.include_router(api.router)
    app.include_router(listing.router)
    app.include_router(solo.router)
    app.include_router(players.router)
    app.include_router(players.pages)
    app.include_router(reviews.router)
    accounts.install(app)
    app.include_router(ws.router)
    app.include_router(rematch.router)
    app.add_exception_handler(TableError, _table_error)  # type: ignore[arg-type]
    _add_pages(app)
    return app


async def _table_error(_request: Request, exc: TableError) -> JSONResponse:
    return JSONResponse({"code": exc.code, "detail": exc.message}, status_code=exc.status)


def _add_pages(app: FastAPI) -> None:
    folder = web_folder()
    app.mount("/static", StaticFiles(directory=folder), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(folder / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False, name="table_page")
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(folder / "table.html")

    @app.get("/api/health")
    async def health() -> dict[str, str]:
        return {"status": "ok"}
