"""Clubs: a name, members and admins (accounts), its own lobby of tables, a members' leaderboard.

A club is public (listed by ``GET /api/clubs``, anyone signed in may join) or private (only its
members see it; joining needs the invite link an admin shares, and a new link retires the old
one). Every change is one transaction that checks first: a refusal (a JSON error with a
``code``) changes nothing.
"""

from __future__ import annotations

import secrets
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, Request
from pydantic import Field

import tricktable as tt

from . import db as store
from .accounts import name_key, require_account
from .people import accounts, ratings
from .players import shown_rating
from .schemas import CreateTable, GameName, Strict
from .table import TableError

__all__ = ["club_members", "club_tables", "clubs", "router"]

router = APIRouter(prefix="/api")

clubs = sa.Table(
    "clubs",
    store.metadata,
    sa.Column("id", sa.String(16), primary_key=True),
    sa.Column("name", sa.String(60), nullable=False),
    sa.Column("name_key", sa.String(60), nullable=False, unique=True),
    sa.Column("public", sa.Boolean, nullable=False),
    # the code of the club's invite link; a new link replaces it
    sa.Column("invite_code", sa.String(32), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

club_members = sa.Table(
    "club_members",
    store.metadata,
    sa.Column("club_id", sa.String(16), sa.ForeignKey("clubs.id"), primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
    sa.Column("role", sa.String(8), nullable=False),  # "admin" or "member"
    sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_club_members_account", "account_id"),
)

club_tables = sa.Table(
    "club_tables",
    store.metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("club_id", sa.String(16), sa.ForeignKey("clubs.id"), nullable=False, index=True),
)

ADMIN, MEMBER = "admin", "member"


class NewClub(Strict):
    name: str = Field(min_length=1, max_length=60)
    public: bool = True


class Invite(Strict):
    code: str | None = Field(default=None, max_length=32)


class MemberName(Strict):
    name: str = Field(min_length=1, max_length=40)


def _invite_url(request: Request, club_id: str, code: str) -> str:
    return f"{request.base_url}clubs/{club_id}?invite={code}"


def _club(conn: sa.Connection, club_id: str) -> sa.Row[Any]:
    row = conn.execute(clubs.select().where(clubs.c.id == club_id)).first()
    if row is None:
        raise TableError("not_found", "there is no club {club}", 404, club=repr(club_id))
    return row


def _role(conn: sa.Connection, club_id: str, account_id: int | None) -> str | None:
    if account_id is None:
        return None
    query = sa.select(club_members.c.role).where(
        club_members.c.club_id == club_id, club_members.c.account_id == account_id
    )
    role: str | None = conn.execute(query).scalar()
    return role


def _visible_club(conn: sa.Connection, club_id: str, account_id: int | None) -> sa.Row[Any]:
    """The club, if the asker may see it: a private club is hidden from non-members (as if it
    did not exist, so its name is not given away)."""
    row = _club(conn, club_id)
    if not row.public and _role(conn, club_id, account_id) is None:
        raise TableError("not_found", "there is no club {club}", 404, club=repr(club_id))
    return row


def _require_admin(conn: sa.Connection, club_id: str, account_id: int) -> sa.Row[Any]:
    row = _visible_club(conn, club_id, account_id)
    if _role(conn, club_id, account_id) != ADMIN:
        raise TableError(
            "not_admin", "only an admin of {club} may do that", 403, club=repr(row.name)
        )
    return row


def _require_member(conn: sa.Connection, club_id: str, account_id: int) -> sa.Row[Any]:
    row = _visible_club(conn, club_id, account_id)
    if _role(conn, club_id, account_id) is None:
        raise TableError(
            "not_member", "only members of {club} may do that", 403, club=repr(row.name)
        )
    return row


def _account_named(conn: sa.Connection, name: str) -> int:
    query = sa.select(accounts.c.id).where(accounts.c.name_key == name_key(name))
    found = conn.execute(query).scalar()
    if found is None:
        raise TableError("not_found", "there is no player {name}", 404, name=repr(name))
    return int(found)


def _members(conn: sa.Connection, club_id: str) -> list[dict[str, Any]]:
    query = (
        sa.select(accounts.c.name, club_members.c.role)
        .join(accounts, accounts.c.id == club_members.c.account_id)
        .where(club_members.c.club_id == club_id)
        .order_by(accounts.c.name_key)
    )
    return [{"name": r.name, "role": r.role} for r in conn.execute(query)]


def _tables(conn: sa.Connection, club_id: str) -> list[dict[str, Any]]:
    query = (
        sa.select(store.tables.c.id, store.tables.c.game, store.tables.c.status)
        .join(club_tables, club_tables.c.table_id == store.tables.c.id)
        .where(club_tables.c.club_id == club_id)
        .order_by(store.tables.c.created_at.desc())
    )
    return [{"table_id": r.id, "game": r.game, "status": r.status} for r in conn.execute(query)]


def _events(conn: sa.Connection, club_id: str) -> list[dict[str, Any]]:
    """The club's events, once the events module has its table in the schema."""
    events = store.metadata.tables.get("events")
    if events is None:
        return []
    query = (
        sa.select(events.c.id, events.c.name, events.c.game, events.c.status)
        .where(events.c.club_id == club_id)
        .order_by(events.c.created_at.desc())
    )
    return [{"event_id": r.id, "name": r.name, "game": r.game, "status": r.status}
            for r in conn.execute(query)]  # fmt: skip


def _account(request: Request) -> int | None:
    found = getattr(request.state, "account_id", None)
    return None if found is None else int(found)


def _database(request: Request) -> store.Database:
    database: store.Database = request.app.state.hub.database
    return database


@router.post("/clubs", status_code=201)
async def create_club(spec: NewClub, request: Request) -> dict[str, Any]:
    """A new club, its creator its first admin."""
    account_id = require_account(request)
    club_id, code = secrets.token_urlsafe(6), secrets.token_urlsafe(12)
    name = spec.name.strip()
    if not name:
        raise TableError("bad_name", "a club needs a name, not {name}", 400, name=repr(spec.name))

    def work(conn: sa.Connection) -> None:
        taken = sa.select(clubs.c.id).where(clubs.c.name_key == name_key(name))
        if conn.execute(taken).first() is not None:
            raise TableError(
                "club_name_taken", "there is a club {name} already; choose another", name=repr(name)
            )
        conn.execute(clubs.insert(), {"id": club_id, "name": name, "name_key": name_key(name),
                                      "public": spec.public, "invite_code": code,
                                      "created_at": store.now()})  # fmt: skip
        conn.execute(club_members.insert(), {"club_id": club_id, "account_id": account_id,
                                             "role": ADMIN, "joined_at": store.now()})  # fmt: skip

    await _database(request).run(work)
    return {"club_id": club_id, "name": name, "public": spec.public,
            "invite_url": _invite_url(request, club_id, code)}  # fmt: skip


@router.get("/clubs")
async def list_clubs(request: Request) -> dict[str, Any]:
    """The public clubs, and the private ones the asker belongs to."""
    account_id = _account(request)

    def work(conn: sa.Connection) -> list[dict[str, Any]]:
        count = (
            sa.select(sa.func.count()).where(club_members.c.club_id == clubs.c.id).scalar_subquery()
        )
        mine = sa.select(club_members.c.club_id).where(club_members.c.account_id == account_id)
        query = (
            sa.select(clubs.c.id, clubs.c.name, clubs.c.public, count.label("members"))
            .where(sa.or_(clubs.c.public.is_(True), clubs.c.id.in_(mine)))
            .order_by(clubs.c.name_key)
        )
        return [{"club_id": r.id, "name": r.name, "public": r.public, "members": r.members}
                for r in conn.execute(query)]  # fmt: skip

    return {"clubs": await _database(request).read(work)}


@router.get("/clubs/{club_id}")
async def describe_club(club_id: str, request: Request) -> dict[str, Any]:
    """The club's page: members and their roles, its lobby of tables and its events (an admin
    also gets the invite link)."""
    account_id = _account(request)

    def work(conn: sa.Connection) -> dict[str, Any]:
        row = _visible_club(conn, club_id, account_id)
        role = _role(conn, club_id, account_id)
        out = {"club_id": row.id, "name": row.name, "public": row.public, "your_role": role,
               "members": _members(conn, club_id), "tables": _tables(conn, club_id),
               "events": _events(conn, club_id)}  # fmt: skip
        if role == ADMIN:
            out["invite_url"] = _invite_url(request, club_id, row.invite_code)
        return out

    return await _database(request).read(work)


@router.post("/clubs/{club_id}/invite")
async def new_invite(club_id: str, request: Request) -> dict[str, Any]:
    """A new invite link (admins only); the old link stops working."""
    account_id = require_account(request)
    code = secrets.token_urlsafe(12)

    def work(conn: sa.Connection) -> None:
        _require_admin(conn, club_id, account_id)
        conn.execute(clubs.update().where(clubs.c.id == club_id).values(invite_code=code))

    await _database(request).run(work)
    return {"invite_url": _invite_url(request, club_id, code)}


@router.post("/clubs/{club_id}/join")
async def join_club(club_id: str, invite: Invite, request: Request) -> dict[str, Any]:
    """Become a member: of a public club by asking, of a private one with its invite code."""
    account_id = require_account(request)

    def work(conn: sa.Connection) -> dict[str, Any]:
        row = _club(conn, club_id)
        good = invite.code is not None and secrets.compare_digest(invite.code, row.invite_code)
        if not row.public and not good:
            raise TableError("bad_invite", "that invite link is not (or no longer) valid", 403)
        if _role(conn, club_id, account_id) is not None:
            raise TableError(
                "already_member", "you are a member of {club} already", club=repr(row.name)
            )
        conn.execute(club_members.insert(), {"club_id": club_id, "account_id": account_id,
                                             "role": MEMBER, "joined_at": store.now()})  # fmt: skip
        return {"club_id": club_id, "name": row.name, "role": MEMBER}

    return await _database(request).run(work)


@router.delete("/clubs/{club_id}/members/{name}")
async def remove_member(club_id: str, name: str, request: Request) -> dict[str, Any]:
    """An admin removes a member (a member may remove themself: leave); the last admin stays."""
    account_id = require_account(request)

    def work(conn: sa.Connection) -> dict[str, Any]:
        target = _account_named(conn, name)
        if target == account_id:
            _require_member(conn, club_id, account_id)
        else:
            _require_admin(conn, club_id, account_id)
        role = _role(conn, club_id, target)
        if role is None:
            raise TableError(
                "not_member", "{name} is not a member of this club", 404, name=repr(name)
            )
        if role == ADMIN and _admin_count(conn, club_id) == 1:
            raise TableError("last_admin", "a club keeps at least one admin: make another first")
        conn.execute(club_members.delete().where(club_members.c.club_id == club_id,
                                                 club_members.c.account_id == target))  # fmt: skip
        return {"members": _members(conn, club_id)}

    return await _database(request).run(work)


def _admin_count(conn: sa.Connection, club_id: str) -> int:
    query = sa.select(sa.func.count()).where(
        club_members.c.club_id == club_id, club_members.c.role == ADMIN
    )
    return int(conn.execute(query).scalar() or 0)


@router.post("/clubs/{club_id}/admins")
async def make_admin(club_id: str, member: MemberName, request: Request) -> dict[str, Any]:
    """An admin makes a member an admin too."""
    account_id = require_account(request)

    def work(conn: sa.Connection) -> dict[str, Any]:
        _require_admin(conn, club_id, account_id)
        target = _account_named(conn, member.name)
        if _role(conn, club_id, target) is None:
            raise TableError(
                "not_member", "{name} is not a member of this club", 404, name=repr(member.name)
            )
        conn.execute(club_members.update().where(club_members.c.club_id == club_id,
                                                 club_members.c.account_id == target)
                     .values(role=ADMIN))  # fmt: skip
        return {"members": _members(conn, club_id)}

    return await _database(request).run(work)


@router.post("/clubs/{club_id}/tables", status_code=201)
async def create_club_table(club_id: str, spec: CreateTable, request: Request) -> dict[str, Any]:
    """A table in the club's lobby (members only); a private club's tables are unlisted."""
    account_id = require_account(request)
    hub = request.app.state.hub
    public = await hub.database.read(lambda c: _require_member(c, club_id, account_id).public)
    table = hub.new_table(spec.model_copy(update={"private": spec.private or not public}))
    link = (club_tables.insert(), {"table_id": table.table_id, "club_id": club_id})
    await hub.database.execute_all([*hub.storing(table), link])
    runtime = hub.open(table)
    return {"table_id": runtime.table_id, "club_id": club_id,
            "invite_url": str(request.url_for("table_page", table_id=runtime.table_id)),
            "table": runtime.public()}  # fmt: skip


@router.get("/clubs/{club_id}/leaderboard")
async def club_leaderboard(club_id: str, game: GameName, request: Request) -> dict[str, Any]:
    """The club's members rated in ``game``, best (``mu - 3 sigma``) first."""
    account_id = _account(request)
    try:
        found = tt.find_game(game).name
    except tt.RulesError as exc:
        raise TableError.engine("bad_game", exc) from None

    def work(conn: sa.Connection) -> list[dict[str, Any]]:
        _visible_club(conn, club_id, account_id)
        query = (
            sa.select(accounts.c.name, ratings.c.mu, ratings.c.sigma, ratings.c.games)
            .join(accounts, accounts.c.id == ratings.c.account_id)
            .join(club_members, club_members.c.account_id == ratings.c.account_id)
            .where(club_members.c.club_id == club_id, ratings.c.game == found)
            .order_by((ratings.c.mu - 3 * ratings.c.sigma).desc(), accounts.c.name_key)
        )
        return [{"name": r.name, **shown_rating(r.mu, r.sigma, r.games)}
                for r in conn.execute(query)]  # fmt: skip

    return {"club_id": club_id, "game": found, "players": await _database(request).read(work)}
