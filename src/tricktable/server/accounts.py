"""Optional accounts: sign-up, sign-in sessions in an HttpOnly cookie, CSRF, rate limits.

Guests still play by name. A password is stored only as an argon2 hash; a session is a random
token in the ``tt_session`` cookie (HttpOnly, SameSite=Lax, Secure behind HTTPS) stored only as
its SHA-256. Every state-changing request that carries a session cookie must also carry the
session's CSRF token in the ``X-CSRF-Token`` header (the token is derived from the session, so
a page reads it from ``GET /api/session``). Failed sign-ins are limited per name and per address
(counted in the database, so every server process on it agrees).
No password, session token or hash is ever logged or sent back.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import secrets
from typing import Any, NamedTuple

import sqlalchemy as sa
from fastapi import APIRouter, FastAPI, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, ValidationError

from ..i18n import LANGUAGES, N_
from . import db as store
from .languages import error_body, language_of
from .limits import FailureLimits, Limit
from .people import accounts, sessions
from .table import TableError, hash_token

__all__ = ["COOKIE", "CSRF_COOKIE", "CSRF_HEADER", "install", "router"]

router = APIRouter(prefix="/api")

COOKIE = "tt_session"
CSRF_COOKIE = "tt_csrf"
CSRF_HEADER = "X-CSRF-Token"
MIN_PASSWORD = 8
MAX_PASSWORD = 200
SESSION_DAYS = 30
SIGN_IN_LIMITS = (Limit("name", 5, 60.0), Limit("address", 20, 60.0))
"""Failed sign-ins allowed per name and per address within a minute."""
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
NO_CSRF = frozenset({("POST", "/api/session"), ("POST", "/api/accounts")})
"""Signing up or in needs no session, so a stale cookie must not block them."""


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    password: str


def _body(properties: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI of a JSON body these routes read themselves (to refuse it in their own
    words, never repeating a password), so that the schema says what they take."""
    schema = {"type": "object", "properties": properties, "required": list(properties),
              "additionalProperties": False}  # fmt: skip
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}


# a name is stripped as Python strips, which also takes the separators U+001C..U+001F
_NAME = {"type": "string", "minLength": 1, "maxLength": 40, "pattern": r"[^\s\x1c-\x1f]"}
_CREDENTIALS = _body({"name": _NAME, "password": {"type": "string"}})
_NEW_CREDENTIALS = _body(
    {"name": _NAME, "password": {"type": "string", "minLength": MIN_PASSWORD,
                                 "maxLength": MAX_PASSWORD}}
)  # fmt: skip
_LANGUAGE = _body({"language": {"type": "string", "enum": list(LANGUAGES)}})


class LanguageChoice(BaseModel):
    model_config = ConfigDict(extra="forbid")
    language: str


class Holder(NamedTuple):
    """A signed-in account as a request sees it."""

    id: int
    name: str
    language: str | None


def name_key(name: str) -> str:
    return name.strip().casefold()


def csrf_for(session_token: str) -> str:
    return hashlib.sha256(f"csrf:{session_token}".encode()).hexdigest()[:32]


class AccountService:
    """Hashing, sessions and limits of one app (kept in ``app.state.accounts``)."""

    def __init__(self, database: store.Database) -> None:
        from argon2 import PasswordHasher

        self.database = database
        self.hasher = PasswordHasher()
        self.limits = FailureLimits(database, SIGN_IN_LIMITS)
        self._dummy = self.hasher.hash(secrets.token_urlsafe(16))

    async def create(self, name: str, password: str, language: str | None = None) -> int:
        digest = await asyncio.to_thread(self.hasher.hash, password)
        row = {
            "name": name,
            "name_key": name_key(name),
            "password_hash": digest,
            "created_at": store.now(),
            "language": language,
        }

        def work(conn: sa.Connection) -> int:
            taken = conn.execute(
                sa.select(accounts.c.id).where(accounts.c.name_key == row["name_key"])
            ).first()
            if taken is not None:
                raise TableError(
                    "name_taken", "the name {name} already has an account", name=repr(name)
                )
            result = conn.execute(accounts.insert().values(**row))
            return int(result.inserted_primary_key[0])  # type: ignore[index]

        try:
            return await self.database.run(work)
        except sa.exc.IntegrityError:  # two sign-ups for one name at once
            raise TableError(
                "name_taken", "the name {name} already has an account", name=repr(name)
            ) from None

    async def check(self, name: str, password: str) -> Holder | None:
        """The account if the password is right (argon2 off the event loop)."""

        def work(conn: sa.Connection) -> Any:
            query = sa.select(accounts).where(accounts.c.name_key == name_key(name))
            return conn.execute(query).first()

        row = await self.database.run(work)
        stored = row.password_hash if row is not None else self._dummy
        ok = await asyncio.to_thread(self._verify, stored, password)
        return _holder(row) if ok and row is not None else None

    def _verify(self, stored: str, password: str) -> bool:
        from argon2.exceptions import VerificationError, VerifyMismatchError

        try:
            return bool(self.hasher.verify(stored, password))
        except (VerifyMismatchError, VerificationError):
            return False

    async def open_session(self, account_id: int) -> str:
        token = secrets.token_urlsafe(32)
        now = store.now()
        row = {
            "token_hash": hash_token(token),
            "account_id": account_id,
            "created_at": now,
            "expires_at": now + dt.timedelta(days=SESSION_DAYS),
        }
        await self.database.execute_all([(sessions.insert(), row)])
        return token

    async def close_session(self, token: str) -> None:
        query = sessions.delete().where(sessions.c.token_hash == hash_token(token))
        await self.database.execute_all([(query, None)])

    async def session_account(self, token: str) -> Holder | None:
        def work(conn: sa.Connection) -> Any:
            query = (
                sa.select(
                    accounts.c.id, accounts.c.name, accounts.c.language, sessions.c.expires_at
                )
                .join(accounts, accounts.c.id == sessions.c.account_id)
                .where(sessions.c.token_hash == hash_token(token))
            )
            return conn.execute(query).first()

        row = await self.database.run(work)
        if row is None:
            return None
        expires = row.expires_at
        if expires.tzinfo is None:  # SQLite gives naive datetimes back
            expires = expires.replace(tzinfo=dt.UTC)
        if expires < store.now():
            return None
        return _holder(row)

    async def set_language(self, account_id: int, code: str) -> None:
        query = accounts.update().where(accounts.c.id == account_id).values(language=code)
        await self.database.execute_all([(query, None)])

    async def holder_of(self, name: str) -> int | None:
        """The id of the account called ``name`` (any case), if there is one."""

        def work(conn: sa.Connection) -> Any:
            query = sa.select(accounts.c.id).where(accounts.c.name_key == name_key(name))
            return conn.execute(query).scalar()

        found = await self.database.run(work)
        return None if found is None else int(found)


def _holder(row: Any) -> Holder:
    return Holder(int(row.id), str(row.name), row.language)


def service(request: Request) -> AccountService:
    found: AccountService | None = getattr(request.app.state, "accounts", None)
    if found is None:
        found = request.app.state.accounts = AccountService(request.app.state.hub.database)
    return found


async def credentials(request: Request) -> Credentials:
    """The body as name and password; a refusal never repeats what was sent."""
    try:
        body = await request.json()
        parsed = Credentials.model_validate(body)
    except (ValueError, ValidationError):
        raise TableError(
            "bad_request", 'send JSON {"name": ..., "password": ...} with two strings', 400
        ) from None
    name = parsed.name.strip()
    if not 1 <= len(name) <= 40:
        raise TableError("bad_name", "a name has 1 to 40 characters", 400)
    return Credentials(name=name, password=parsed.password)


def set_session_cookie(request: Request, response: Response, token: str) -> None:
    secure = request.url.scheme == "https" or (
        request.headers.get("x-forwarded-proto", "").split(",")[0].strip() == "https"
    )
    response.set_cookie(
        COOKIE,
        token,
        max_age=SESSION_DAYS * 86400,
        httponly=True,
        samesite="lax",
        secure=secure,
        path="/",
    )
    # The CSRF token again, readable by the site's own scripts (double-submit): a page sends
    # it back in the X-CSRF-Token header; another site can neither read nor set it.
    response.set_cookie(
        CSRF_COOKIE,
        csrf_for(token),
        max_age=SESSION_DAYS * 86400,
        httponly=False,
        samesite="lax",
        secure=secure,
        path="/",
    )


def signed_in(name: str, token: str, language: str | None) -> dict[str, Any]:
    """What a page learns of its session: the name, the CSRF token and the account's chosen
    language (``None`` until one is chosen), which the page then reads in."""
    return {"name": name, "csrf": csrf_for(token), "language": language}


@router.post("/accounts", status_code=201, openapi_extra=_NEW_CREDENTIALS)
async def sign_up(request: Request, response: Response) -> dict[str, Any]:
    given = await credentials(request)
    if len(given.password) < MIN_PASSWORD:
        raise TableError(
            "password_too_short",
            "a password needs at least {count} characters",
            400,
            count=MIN_PASSWORD,
        )
    if len(given.password) > MAX_PASSWORD:
        raise TableError(
            "password_too_long",
            "a password has at most {count} characters",
            400,
            count=MAX_PASSWORD,
        )
    accounts_ = service(request)
    # the account keeps the language of the page it was made on
    read_in = language_of(request)
    language = read_in if read_in in LANGUAGES else None  # not the tests' pseudo-locale
    account_id = await accounts_.create(given.name, given.password, language)
    token = await accounts_.open_session(account_id)
    set_session_cookie(request, response, token)
    return signed_in(given.name, token, language)


@router.post("/session", openapi_extra=_CREDENTIALS)
async def sign_in(request: Request, response: Response) -> dict[str, Any]:
    given = await credentials(request)
    accounts_ = service(request)
    address = request.client.host if request.client else "unknown"
    keys = {"name": name_key(given.name), "address": address}
    wait = await accounts_.limits.wait(keys)
    if wait > 0:
        raise RateLimited(wait)
    found = await accounts_.check(given.name, given.password)
    if found is None:
        await accounts_.limits.fail(keys)
        raise TableError("wrong_password", "that name and password do not match an account", 401)
    await accounts_.limits.clear("name", keys["name"])
    token = await accounts_.open_session(found.id)
    set_session_cookie(request, response, token)
    return signed_in(found.name, token, found.language)


@router.get("/session")
async def current_session(request: Request) -> dict[str, Any]:
    token = request.cookies.get(COOKIE)
    name = getattr(request.state, "account_name", None)
    if name is None or token is None:
        return {"name": None, "csrf": None, "language": None}
    return signed_in(name, token, getattr(request.state, "account_language", None))


@router.put("/session/language", openapi_extra=_LANGUAGE)
async def choose_language(request: Request) -> dict[str, Any]:
    """Store the language the signed-in account reads the pages in (the pages' switch)."""
    account_id = require_account(request)
    try:
        code = LanguageChoice.model_validate(await request.json()).language
    except (ValueError, ValidationError):
        raise TableError("bad_request", 'send JSON {"language": ...} with a string', 400) from None
    if code not in LANGUAGES:
        raise TableError(
            "unknown_language",
            "there are no words for the language {language}; use one of {known}",
            400,
            language=repr(code[:8]),
            known=", ".join(LANGUAGES),
        )
    await service(request).set_language(account_id, code)
    return {"language": code}


@router.delete("/session")
async def sign_out(request: Request, response: Response) -> dict[str, Any]:
    token = request.cookies.get(COOKIE)
    if token is not None and getattr(request.state, "account_id", None) is not None:
        await service(request).close_session(token)
    elif token is not None:
        require_account(request)
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
    response.delete_cookie(CSRF_COOKIE, path="/", samesite="lax")
    return {"name": None}


class RateLimited(TableError):
    def __init__(self, wait: float) -> None:
        super().__init__(
            "rate_limited", N_("too many failed sign-ins; try again in {seconds} s"), 429,
            seconds=f"{wait:.0f}",
        )  # fmt: skip
        self.wait = wait


async def _rate_limited(request: Request, exc: RateLimited) -> JSONResponse:
    headers = {"Retry-After": str(max(1, round(exc.wait)))}
    return JSONResponse(error_body(request, exc), status_code=exc.status, headers=headers)


def _refuse(code: str, message: str) -> JSONResponse:
    return JSONResponse({"code": code, "detail": message}, status_code=403)


class SessionMiddleware:
    """Resolve the session cookie; a state-changing request acts for the account only with
    the session's CSRF token. Without the header it goes on as a guest's (a seat token still
    works), and whatever needs the account refuses it with ``csrf_missing``; a wrong token is
    refused at once. (Plain ASGI: tasks a request starts are not cancelled when it ends.)"""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or not scope["path"].startswith("/api/"):
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        state = scope.setdefault("state", {})
        state.update(account_id=None, account_name=None, account_language=None, csrf_missing=False)
        token = request.cookies.get(COOKIE)
        found = None if token is None else await service(request).session_account(token)
        if token is not None and found is not None:
            method = scope["method"]
            if method in UNSAFE and (method, scope["path"]) not in NO_CSRF:
                sent = request.headers.get(CSRF_HEADER)
                if not sent:
                    state["csrf_missing"] = True
                    found = None
                elif not secrets.compare_digest(sent, csrf_for(token)):
                    refusal = _refuse(
                        "csrf_mismatch", f"the {CSRF_HEADER} header is not this session's"
                    )
                    await refusal(scope, receive, send)
                    return
        if found is not None:
            state["account_id"], state["account_name"], state["account_language"] = found
        await self.app(scope, receive, send)


def require_account(request: Request) -> int:
    """The signed-in account's id, or the refusal saying what is missing."""
    if getattr(request.state, "csrf_missing", False):
        raise TableError(
            "csrf_missing",
            "signed-in requests that change something need the {header} header",
            403,
            header=CSRF_HEADER,
        )
    account_id = getattr(request.state, "account_id", None)
    if account_id is None:
        raise TableError("not_signed_in", "sign in first", 401)
    return int(account_id)


def install(app: FastAPI) -> None:
    """Add the account routes, the session middleware and the rate-limit answer to ``app``."""
    app.include_router(router)
    app.add_middleware(SessionMiddleware)
    app.add_exception_handler(RateLimited, _rate_limited)  # type: ignore[arg-type]


async def name_for_join(request: Request, name: str) -> str:
    """The name a join sits down with: the account's own; a guest may not take an account's."""
    if getattr(request.state, "csrf_missing", False):
        require_account(request)  # a signed-in browser sits down as its account, with the token
    own = getattr(request.state, "account_name", None)
    if own is not None:
        return str(own)
    if await service(request).holder_of(name) is not None:
        raise TableError(
            "name_reserved",
            "{name} is a signed-up player's name; sign in or choose another",
            name=repr(name),
        )
    return name


async def after_join(request: Request, table_id: str, seat: int) -> None:
    """Tie the seat to the signed-in account, so any browser of theirs gets back to it."""
    account_id = getattr(request.state, "account_id", None)
    if account_id is None:
        return
    query = (
        sa.update(store.seats)
        .where(store.seats.c.table_id == table_id)
        .where(store.seats.c.seat == seat)
        .values(account_id=account_id)
    )
    await request.app.state.hub.database.execute_all([(query, None)])


@router.post("/tables/{table_id}/resume")
async def resume(table_id: str, request: Request) -> dict[str, Any]:
    """A fresh seat token for the signed-in account's seat at this table (any browser)."""
    account_id = require_account(request)
    hub = request.app.state.hub
    runtime = await hub.get(table_id)

    def work(conn: sa.Connection) -> Any:
        query = (
            sa.select(store.seats.c.seat)
            .where(store.seats.c.table_id == table_id)
            .where(store.seats.c.account_id == account_id)
        )
        return conn.execute(query).scalar()

    seat = await hub.database.run(work)
    if seat is None:
        raise TableError("no_seat", "your account holds no seat at this table", 403)
    token = await runtime.reissue(int(seat))
    return {"seat": int(seat), "token": token, "table_id": table_id}
