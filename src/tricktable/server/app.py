"""The application factory: everything a server holds lives in ``app.state``, built per app."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from . import (
    accounts,
    api,
    clubs,
    edge,
    events,
    friends,
    invitations,
    languages,
    listing,
    ops,
    players,
    rematch,
    reviews,
    solo,
    turn_timer,
    ws,
)
from .broker import make_broker
from .config import BotFactory, Settings, default_bot_factory, default_db_url
from .db import Database
from .hub import Hub
from .languages import error_body
from .migrate import upgrade
from .pool import Compute
from .schemas import REFUSALS
from .services import Services
from .table import TableError

log = logging.getLogger(__name__)

__all__ = ["create_app"]


def web_folder() -> Path:
    return Path(str(resources.files("tricktable") / "web"))


def create_app(
    db_url: str | None = None,
    *,
    broker_url: str | None = None,
    settings: Settings | None = None,
    bot_factory: BotFactory | None = None,
    rng: random.Random | None = None,
    migrate: bool = True,
) -> FastAPI:
    """A new server app; ``db_url`` defaults to a SQLite file in the user's data directory.

    With ``broker_url`` (Redis or the PostgreSQL database itself) this is one of several server
    processes on one PostgreSQL database: bots move in ``tricktable worker`` processes and every
    change is announced to the other servers. ``rng`` draws the table seeds (default: the
    system's secure source; inject one for reproducible tests); ``bot_factory`` makes the bots
    (default: :func:`tricktable.bots.make_bot`).
    """
    url = db_url or default_db_url()
    chosen = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if migrate:
            await asyncio.to_thread(upgrade, url)
        services = Services(
            chosen,
            Database(url),
            bot_factory or default_bot_factory,
            Compute(chosen.bot_processes),
            make_broker(broker_url, chosen.broker_channel),
            role="server" if broker_url else "single",
        )
        hub = Hub(services, rng or secrets.SystemRandom())
        app.state.hub = hub
        await services.listen(hub.on_message)
        services.tasks.spawn("settle loop", hub.settle_loop())
        services.tasks.spawn("event steps", events.advance_loop(hub))
        if services.role == "single":
            restored = await hub.restore_all()
            log.info("restored %d unfinished tables", restored)
        else:
            services.tasks.spawn("heartbeat", hub.peers.heartbeat())
        try:
            yield
        finally:
            # each step is bounded: a task that will not end is logged and left behind
            await hub.close()
            await services.close()
            await services.database.close()

    app = FastAPI(title="tricktable", lifespan=lifespan, responses=REFUSALS)
    app.include_router(api.router)
    app.include_router(languages.router)
    app.include_router(listing.router)
    app.include_router(solo.router)
    app.include_router(turn_timer.router)
    app.include_router(players.router)
    app.include_router(players.pages)
    app.include_router(reviews.router)
    accounts.install(app)
    app.include_router(ws.router)
    app.include_router(rematch.router)
    app.include_router(clubs.router)
    app.include_router(friends.router)
    app.include_router(invitations.router)
    app.include_router(events.router)
    app.include_router(ops.router)
    app.add_exception_handler(TableError, _table_error)  # type: ignore[arg-type]
    app.add_exception_handler(edge.RateLimited, edge.rate_refusal)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, edge.validation_refusal)  # type: ignore[arg-type]
    app.add_middleware(
        edge.Edge, policy=edge.content_policy(web_folder()), max_body=chosen.max_body
    )
    _add_pages(app)
    return app


async def _table_error(request: Request, exc: TableError) -> JSONResponse:
    body = error_body(request, exc)
    body["detail"] = edge.clip(body["detail"])
    return JSONResponse(body, status_code=exc.status)


def _add_pages(app: FastAPI) -> None:
    folder = web_folder()
    app.mount("/static", StaticFiles(directory=folder), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(folder / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False, name="table_page")
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(folder / "table.html")

    @app.get("/fair", include_in_schema=False, name="fair_page")
    async def fair_page() -> FileResponse:
        """How deals are made (and checked): linked from every table's header."""
        return FileResponse(folder / "fair.html")

    @app.get("/api/health")
    async def health() -> dict[str, str]:
        return {"status": "ok"}
