"""Invitations to a seat: a signed-in player seated at a table invites a friend, by name, to
one of its empty seats; the friend sees the invitation (the lobby and their page ask for it)
and takes the seat in one click, or declines it.

An invitation is good while its table is unfinished and its seat empty (and for a day at most);
whoever takes the seat first has it, and that seat's invitations go. Only the seated inviter's
friends can be invited; an account's invitations, sent and received, are capped, and requests
are rate-limited with the friends' own.
"""

from __future__ import annotations

import datetime as dt
import secrets
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, Request
from pydantic import Field

from . import db as store
from . import edge
from .accounts import after_join, require_account
from .friends import account_named, friend_ids, quoted, touch
from .people import accounts
from .schemas import Name, Strict
from .table import TableError

__all__ = ["MAX_RECEIVED", "MAX_SENT", "router", "seat_invitations"]

router = APIRouter(prefix="/api")

MAX_SENT = 20
"""Invitations one account may have out at once."""
MAX_RECEIVED = 50
"""Invitations one account may have waiting for it."""
GOOD_FOR = dt.timedelta(days=1)

seat_invitations = sa.Table(
    "seat_invitations",
    store.metadata,
    sa.Column("id", sa.String(24), primary_key=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("from_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("to_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("table_id", "seat", "to_id", name="uq_seat_invitations_seat_to"),
    sa.Index("ix_seat_invitations_to", "to_id"),
    sa.Index("ix_seat_invitations_from", "from_id"),
)


class Invite(Strict):
    token: str = Field(min_length=1, max_length=100)
    """The inviter's seat token at the table: only someone seated there invites to it."""
    seat: int = Field(ge=0, le=11)
    name: Name


def _good() -> sa.ColumnElement[bool]:
    """Invitations still good: unfinished table, empty person's seat, not too old."""
    seats, tables = store.seats, store.tables.alias("live")  # a listing joins the tables too
    return sa.and_(
        seat_invitations.c.created_at > store.now() - GOOD_FOR,
        sa.exists()
        .where(tables.c.id == seat_invitations.c.table_id, tables.c.status != "over")
        .correlate_except(tables),
        sa.exists().where(
            seats.c.table_id == seat_invitations.c.table_id,
            seats.c.seat == seat_invitations.c.seat,
            seats.c.kind == "human",
            seats.c.name.is_(None),
        ),
    )


def _count(conn: sa.Connection, where: sa.ColumnElement[bool]) -> int:
    query = sa.select(sa.func.count()).select_from(seat_invitations).where(where, _good())
    return int(conn.execute(query).scalar() or 0)


def _store(conn: sa.Connection, me: int, table_id: str, seat: int, name: str) -> dict[str, Any]:
    friend = account_named(conn, name)
    if friend.id not in friend_ids(conn, me):
        raise TableError("not_friends", "{name} is not your friend", 404, name=quoted(name))
    if _count(conn, seat_invitations.c.from_id == me) >= MAX_SENT:
        raise TableError("too_many_invitations", "you have {count} invitations out; wait for "
                         "answers first", 429, count=MAX_SENT)  # fmt: skip
    if _count(conn, seat_invitations.c.to_id == friend.id) >= MAX_RECEIVED:
        raise TableError("their_invitations_full", "{name} has too many invitations waiting",
                         429, name=quoted(friend.name))  # fmt: skip
    same = sa.and_(
        seat_invitations.c.table_id == table_id,
        seat_invitations.c.seat == seat,
        seat_invitations.c.to_id == friend.id,
    )
    conn.execute(seat_invitations.delete().where(same))  # inviting again renews it
    row = {"id": secrets.token_urlsafe(12), "table_id": table_id, "seat": seat,
           "from_id": me, "to_id": friend.id, "created_at": store.now()}  # fmt: skip
    conn.execute(seat_invitations.insert().values(**row))
    return {"id": row["id"], "name": friend.name, "seat": seat, "table_id": table_id}


@router.post("/tables/{table_id}/invitations", status_code=201)
async def invite(table_id: str, body: Invite, request: Request) -> dict[str, Any]:
    """Invite a friend (by name) to an empty person's seat of this table."""
    me = require_account(request)
    await edge.limit(request, "friend")
    runtime = await request.app.state.hub.get(table_id)
    if runtime.seat_for_token(body.token) is None:
        raise TableError("bad_token", "that token holds no seat at this table", 403)
    runtime.state.free_seat(body.name, body.seat)  # refuses a taken seat or an ended game
    database = request.app.state.hub.database
    done: dict[str, Any] = await database.run(
        lambda conn: _store(conn, me, table_id, body.seat, body.name)
    )
    return done


def _mine(conn: sa.Connection, me: int) -> list[dict[str, Any]]:
    tables = store.tables
    query = (
        sa.select(seat_invitations, accounts.c.name.label("inviter"), tables.c.game)
        .join(accounts, accounts.c.id == seat_invitations.c.from_id)
        .join(tables, tables.c.id == seat_invitations.c.table_id)
        .where(seat_invitations.c.to_id == me, _good())
        .order_by(seat_invitations.c.created_at.desc())
        .limit(MAX_RECEIVED)
    )
    return [_described(row) for row in conn.execute(query)]


def _described(row: Any) -> dict[str, Any]:
    import tricktable as tt

    return {
        "id": row.id,
        "table_id": row.table_id,
        "seat": row.seat,
        "from": row.inviter,
        "game": row.game,
        "title": tt.find_game(row.game).title,
        "created_at": row.created_at.isoformat(),
    }


@router.get("/invitations")
async def my_invitations(request: Request) -> dict[str, Any]:
    """The invitations waiting for the signed-in player, newest first."""
    me = require_account(request)
    await touch(request, me)
    found = await request.app.state.hub.database.read(lambda conn: _mine(conn, me))
    return {"invitations": found}


def _take(conn: sa.Connection, me: int, invitation: str) -> Any:
    query = seat_invitations.select().where(
        seat_invitations.c.id == invitation[:24], seat_invitations.c.to_id == me, _good()
    )
    row = conn.execute(query).first()
    if row is None:  # another's invitation looks the same as none: nothing to learn from it
        raise TableError("no_invitation", "that invitation is gone (the seat was taken, the "
                         "game is over, or it was withdrawn)", 404)  # fmt: skip
    return row


@router.post("/invitations/{invitation}/accept")
async def accept(invitation: str, request: Request) -> dict[str, Any]:
    """Take the seat an invitation offers: the seat's token, as joining gives it."""
    me = require_account(request)
    await edge.limit(request, "join")
    hub = request.app.state.hub
    row = await hub.database.read(lambda conn: _take(conn, me, invitation))
    runtime = await hub.get(row.table_id)
    seat, token = await runtime.join(str(request.state.account_name), row.seat)
    await after_join(request, row.table_id, seat)
    gone = seat_invitations.delete().where(
        seat_invitations.c.table_id == row.table_id, seat_invitations.c.seat == seat
    )
    await hub.database.execute_all([(gone, None)])
    return {"seat": seat, "token": token, "table_id": row.table_id}


@router.delete("/invitations/{invitation}")
async def decline(invitation: str, request: Request) -> dict[str, Any]:
    me = require_account(request)
    await edge.limit(request, "friend")
    database = request.app.state.hub.database
    row = await database.read(lambda conn: _take(conn, me, invitation))
    gone = seat_invitations.delete().where(seat_invitations.c.id == row.id)
    await database.execute_all([(gone, None)])
    return {"id": row.id, "status": "declined"}
