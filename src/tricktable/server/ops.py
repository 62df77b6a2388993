"""Operations: health and readiness probes, Prometheus metrics and structured logs.

``/healthz`` answers while the process runs; ``/readyz`` only while it can serve (the database
answers, the broker is connected, it is not draining for a shutdown), so a proxy stops sending
it players first. ``/metrics`` is Prometheus' text format (``prometheus-client``): moves stored,
the move-to-broadcast latency, live tables, connected clients and the bot queue's depth.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

__all__ = ["JsonLines", "Metrics", "router"]

router = APIRouter(include_in_schema=False)

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)


class Metrics:
    """The metrics of one app (a registry of its own, so several apps in one test don't mix)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.moves = Counter(
            "tricktable_moves", "Actions stored by this process", ["actor"], registry=self.registry
        )
        self.latency = Histogram(
            "tricktable_move_seconds",
            "From receiving a move to handing its new state to every connection here",
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.refusals = Counter(
            "tricktable_refusals", "Requests refused by a limit", ["code"], registry=self.registry
        )
        self.live_tables = Gauge(
            "tricktable_live_tables", "Tables held in memory", registry=self.registry
        )
        self.clients = Gauge(
            "tricktable_connected_clients", "Open WebSockets", registry=self.registry
        )
        self.bot_queue = Gauge(
            "tricktable_bot_queue_depth",
            "Bot moves and analysis waiting: in this process's pool, or (with workers) due jobs",
            registry=self.registry,
        )


def metrics_of(state: Any) -> Metrics:
    """The metrics of the app whose ``app.state`` this is."""
    found: Metrics = state.hub.services.metrics
    return found


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/readyz", response_model=None)
async def readyz(request: Request) -> dict[str, Any] | JSONResponse:
    state = request.app.state
    hub = state.hub
    problems = []
    if getattr(state, "draining", False):
        problems.append("draining for shutdown")
    if not hub.services.broker.connected:
        problems.append("the broker is not connected")
    try:
        # asyncio.timeout, not wait_for: 3.11's wait_for can lose a cancellation (supervisor.py)
        async with asyncio.timeout(5):
            await hub.database.run(lambda conn: conn.execute(sa.text("SELECT 1")))
    except Exception:
        problems.append("the database does not answer")
    if problems:
        return JSONResponse({"status": "unready", "problems": problems}, status_code=503)
    return {"status": "ready"}


@router.get("/metrics")
async def metrics(request: Request) -> Response:
    state = request.app.state
    found = metrics_of(state)
    hub = state.hub
    found.live_tables.set(len(hub.tables))
    found.clients.set(sum(len(r.clients) for r in list(hub.tables.values())))
    found.bot_queue.set(await hub.queue_depth())
    return Response(generate_latest(found.registry), media_type=CONTENT_TYPE_LATEST)


class JsonLines(logging.Formatter):
    """One JSON object per log record: time, level, logger, message and any ``extra`` fields."""

    PLAIN = frozenset(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {"message"}

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in record.__dict__.items():
            if key not in self.PLAIN and not key.startswith("_"):
                entry[key] = value if isinstance(value, str | int | float | bool) else str(value)
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)
