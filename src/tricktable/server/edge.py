"""The server's edge: what one client may cost, and what a page may load.

- Rate limits per client (its address, as the proxy reports it) on creating tables, joining,
  hints and WebSocket messages (per connection): a token bucket each, refused with HTTP 429
  (``Retry-After``) or the WebSocket error code ``rate_limited``.
- Caps, counted in the database so every process agrees: live tables per client, bot-only
  tables per client and in all.
- Request bodies over ``max_body`` bytes are refused (413) before they are read; refusals never
  echo large input back.
- WebSockets from a page of another site (its ``Origin``) are refused.
- Every answer carries a content security policy and the usual hardening headers.

Each refusal is logged once, with its reason, and counted in the metrics.
"""

from __future__ import annotations

import base64
import hashlib
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..i18n import N_
from . import db as store
from .languages import words_of
from .problems import said
from .table import TableError, hash_token

log = logging.getLogger("tricktable.server.refusals")

__all__ = [
    "Bucket",
    "RateLimited",
    "check_caps",
    "client_key",
    "clip",
    "content_policy",
    "limit",
    "refused",
]

LONGEST_ECHO = 200
"""The most characters of a refusal's message sent back (a quoted input is cut short)."""


def clip(text: str, most: int = LONGEST_ECHO) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


@dataclass(frozen=True)
class Rate:
    """At most ``count`` requests within ``seconds`` (refilled evenly), per client."""

    count: int
    seconds: float


class Bucket:
    """Token buckets by key, the least recently used forgotten past ``keep`` keys."""

    def __init__(self, rate: Rate, clock: Callable[[], float] = time.monotonic, keep: int = 50_000):
        self.rate = rate
        self.clock = clock
        self.keep = keep
        self._tokens: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, key: str) -> float:
        """Take one token for ``key``: 0 if it was there, else the seconds until one is."""
        now = self.clock()
        per_second = self.rate.count / self.rate.seconds
        tokens, then = self._tokens.pop(key, (float(self.rate.count), now))
        tokens = min(float(self.rate.count), tokens + (now - then) * per_second)
        wait = 0.0 if tokens >= 1 else (1 - tokens) / per_second
        self._tokens[key] = (tokens - 1 if wait == 0 else tokens, now)
        while len(self._tokens) > self.keep:
            self._tokens.popitem(last=False)
        return wait


class RateLimited(TableError):
    def __init__(self, what: str, wait: float) -> None:
        super().__init__("rate_limited", N_("too many {what}; try again in {seconds} s"), 429,
                         what=what, seconds=f"{wait:.0f}")  # fmt: skip
        self.wait = wait


def client_key(request: Request) -> str:
    """Who is asking: the client's address (the proxy's ``X-Forwarded-For`` when uvicorn is
    told to trust it with ``--forwarded-allow-ips``)."""
    return request.client.host if request.client else "unknown"


def refused(state: Any, code: str, reason: str, who: str) -> None:
    """Log a refusal once, with its reason, and count it."""
    from .ops import metrics_of

    log.warning("refused %s: %s", code, reason, extra={"code": code, "client": who})
    metrics_of(state).refusals.labels(code=code).inc()


async def limit(request: Request, kind: str) -> None:
    """Take one of the client's ``kind`` requests (``create``, ``join``, ``hint``), or refuse.

    One process counts in memory (a token bucket per client); several server processes count
    in their database, so that a client spreading its requests over them (the proxy may send
    each to another) gets no more than from one."""
    state = request.app.state
    settings = state.hub.settings
    if not settings.limits:
        return
    who = client_key(request)
    if state.hub.services.role == "server":
        wait = await _shared_take(state, kind, who)
    else:
        buckets: dict[str, Bucket] = state.__dict__.setdefault("buckets", {})
        if kind not in buckets:
            buckets[kind] = Bucket(Rate(*settings.rates[kind]))
        wait = buckets[kind].take(who)
    if wait > 0:
        refused(state, "rate_limited", f"{kind} faster than {settings.rates[kind]}", who)
        raise RateLimited(f"{kind} requests", wait)


async def _shared_take(state: Any, kind: str, who: str) -> float:
    """Count one request of ``who`` in the database; the seconds to wait (0: go on).

    At most ``count`` requests within any ``seconds`` (the rate's figures), whichever process
    took them; two requests counted at the same moment may both go on, so a burst passes the
    limit by the requests in flight at most."""
    from .limits import FailureLimits, Limit

    hub = state.hub
    shared: FailureLimits | None = state.__dict__.get("shared_limits")
    if shared is None:
        rates = [Limit(f"rate-{name}", *rate) for name, rate in hub.settings.rates.items()]
        shared = state.shared_limits = FailureLimits(hub.database, rates)
    wait = await shared.wait({f"rate-{kind}": who})
    if wait == 0:
        await shared.fail({f"rate-{kind}": who})
    return wait


async def check_caps(request: Request, bot_only: bool) -> str:
    """Refuse a new table past the client's caps; the creator hash to store with it."""
    hub = request.app.state.hub
    settings = hub.settings
    who = client_key(request)
    creator = hash_token(f"creator:{who}")[:32]
    if not settings.limits:
        return creator
    tables = store.tables
    live = tables.c.status != "over"

    def counts(conn: sa.Connection) -> tuple[int, int, int]:
        mine = sa.select(sa.func.count()).where(live, tables.c.creator == creator)
        robots = sa.select(sa.func.count()).where(live, tables.c.bot_only.is_(True))
        my_robots = robots.where(tables.c.creator == creator)
        return tuple(int(conn.execute(q).scalar() or 0) for q in (mine, my_robots, robots))  # type: ignore[return-value]

    mine, my_robots, robots = await hub.database.read(counts)
    problem = None
    if mine >= settings.live_tables_per_client:
        problem = TableError("too_many_tables", "you have {count} unfinished tables; "
                             "finish one first", 429, count=mine)  # fmt: skip
    elif bot_only and my_robots >= settings.bot_tables_per_client:
        problem = TableError("too_many_bot_tables", "you have {count} tables of bots alone "
                             "running", 429, count=my_robots)  # fmt: skip
    elif bot_only and robots >= settings.bot_tables:
        problem = TableError(
            "too_many_bot_tables", "the server runs as many tables of bots as it may", 429
        )
    if problem is not None:
        refused(request.app.state, problem.code, problem.message, who)
        raise problem
    return creator


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """A WebSocket may come from a page of this site (or a configured one), or from a program
    (which sends no ``Origin``)."""
    if origin is None:
        return True
    found = re.match(r"^https?://([^/]+)$", origin)
    return found is not None and (found.group(1) == host or origin in allowed)


async def validation_refusal(request: Request, exc: RequestValidationError) -> JSONResponse:
    """FastAPI's 422 without the ``input`` it echoes (which may be large), each problem said
    shortly in the reader's language."""
    words = words_of(request)
    problems = [
        {
            "loc": [str(part) for part in problem.get("loc", ())][:6],
            "msg": clip(said(problem, words), 120),
            "type": str(problem.get("type", "")),
        }
        for problem in exc.errors()[:10]
    ]
    return JSONResponse({"code": "bad_request", "detail": problems}, status_code=422)


async def rate_refusal(request: Request, exc: RateLimited) -> JSONResponse:
    headers = {"Retry-After": str(max(1, round(exc.wait)))}
    body = {"code": exc.code, "detail": exc.detail(words_of(request))}
    return JSONResponse(body, status_code=exc.status, headers=headers)


def content_policy(web: Path) -> str:
    """The pages' content security policy: everything from this site only; the one inline
    script (the table page's import map) allowed by its hash."""
    hashes = []
    for page in sorted(web.glob("*.html")):
        for script in re.findall(r"<script[^>]*>(.*?)</script>", page.read_text(), re.S):
            if script.strip():
                digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
                hashes.append(f"'sha256-{digest}'")
    scripts = " ".join(["'self'", *sorted(set(hashes))])
    return (
        f"default-src 'self'; script-src {scripts}; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
        "frame-ancestors 'none'; form-action 'self'"
    )


class Edge:
    """Pure ASGI middleware: the body-size limit and the security headers."""

    def __init__(self, app: ASGIApp, policy: str, max_body: int) -> None:
        self.app = app
        self.max_body = max_body
        self.headers = [
            (b"content-security-policy", policy.encode()),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"same-origin"),
            (b"x-frame-options", b"DENY"),
        ]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_body):
            await self._too_large(scope, send)
            return
        received = 0

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.max_body:
                raise TableError("too_large", "the request body is too large", 413)
            return message

        async def headed(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self.headers]
            await send(message)

        await self.app(scope, counted, headed)

    async def _too_large(self, scope: Scope, send: Send) -> None:
        client = scope.get("client") or ("unknown", 0)
        log.warning(
            "refused too_large: a body over %d bytes",
            self.max_body,
            extra={"code": "too_large", "client": client[0]},
        )
        most = words_of(HTTPConnection(scope)).gettext("a request body has at most {count} bytes")
        response = JSONResponse(
            {"code": "too_large", "detail": most.format(count=self.max_body)}, status_code=413
        )

        async def nothing() -> Message:
            return {"type": "http.request", "body": b"", "more_body": False}

        await response(scope, nothing, send)
