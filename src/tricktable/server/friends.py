"""Friends: a signed-in player asks another by name, who accepts or declines; either may remove
the friendship. A friend is online while a page of theirs is open (the pages ask for their
friends and invitations every few seconds, which marks them seen) or while they are connected
at a table. Invitations to a seat are in :mod:`.invitations`.

Every change is one transaction that checks first: a refusal (a JSON error with a ``code``)
changes nothing. What one account may cost is capped (friends, requests it waits on, requests
waiting on it) and the requests of one client are rate-limited; a refusal quotes at most a
name's 40 characters.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, Request

from . import db as store
from . import edge
from .accounts import name_key, require_account
from .people import accounts
from .schemas import Name, Strict
from .table import TableError

__all__ = [
    "MAX_FRIENDS",
    "MAX_WAITING",
    "ONLINE_SECONDS",
    "friendships",
    "online_among",
    "presence",
    "router",
    "touch",
]

router = APIRouter(prefix="/api")

MAX_FRIENDS = 200
"""Friends and requests one account may have in all (asked, or asking it)."""
MAX_WAITING = 50
"""Requests one account may have waiting for an answer, and requests waiting on it."""
ONLINE_SECONDS = 45.0
"""A player whose page asked within so many seconds is online."""
TOUCH_SECONDS = 15.0
"""How often at most one process writes that an account was seen (a poll does not write)."""

friendships = sa.Table(
    "friendships",
    store.metadata,
    sa.Column("asker_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
    sa.Column("asked_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
    # False: a request waiting for the asked account's answer
    sa.Column("accepted", sa.Boolean, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_friendships_asked", "asked_id"),
)

presence = sa.Table(
    "presence",
    store.metadata,
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
    # a Unix time: the processes of one deployment compare it
    sa.Column("seen_at", sa.Float, nullable=False),
)


class FriendName(Strict):
    name: Name


def quoted(name: str) -> str:
    """A name as a refusal quotes it: never more than a name's 40 characters."""
    return repr(name[:40])


def account_named(conn: sa.Connection, name: str) -> Any:
    query = sa.select(accounts.c.id, accounts.c.name).where(accounts.c.name_key == name_key(name))
    found = conn.execute(query).first()
    if found is None:
        raise TableError("no_player", "there is no player {name}", 404, name=quoted(name))
    return found


def _pair(me: int, other: int) -> sa.ColumnElement[bool]:
    """The row between two accounts, whoever asked."""
    return sa.or_(
        sa.and_(friendships.c.asker_id == me, friendships.c.asked_id == other),
        sa.and_(friendships.c.asker_id == other, friendships.c.asked_id == me),
    )


def _count(conn: sa.Connection, where: sa.ColumnElement[bool]) -> int:
    return int(conn.execute(sa.select(sa.func.count()).where(where)).scalar() or 0)


def _mine(account: int) -> sa.ColumnElement[bool]:
    return sa.or_(friendships.c.asker_id == account, friendships.c.asked_id == account)


def _check_room(conn: sa.Connection, me: int, other: Any) -> None:
    """Refuse a request past any cap of the asking or the asked account."""
    pending = friendships.c.accepted.is_(False)
    if _count(conn, _mine(me)) >= MAX_FRIENDS:
        raise TableError("too_many_friends", "you have {count} friends and requests; remove "
                         "some first", 429, count=MAX_FRIENDS)  # fmt: skip
    if _count(conn, sa.and_(pending, friendships.c.asker_id == me)) >= MAX_WAITING:
        raise TableError("too_many_requests", "{count} of your friend requests are waiting "
                         "for an answer", 429, count=MAX_WAITING)  # fmt: skip
    crowded = sa.and_(pending, friendships.c.asked_id == other.id)
    if _count(conn, crowded) >= MAX_WAITING or _count(conn, _mine(other.id)) >= MAX_FRIENDS:
        raise TableError("their_requests_full", "{name} has too many friend requests waiting",
                         429, name=quoted(other.name))  # fmt: skip


def ask(conn: sa.Connection, me: int, name: str) -> dict[str, Any]:
    """Ask ``name`` to be friends; if they asked first, this accepts."""
    other = account_named(conn, name)
    if other.id == me:
        raise TableError("yourself", "you cannot be your own friend", 400)
    row = conn.execute(friendships.select().where(_pair(me, other.id))).first()
    if row is not None and (row.accepted or row.asker_id == me):
        code, words = ("already_friends", "you and {name} are friends already")
        if not row.accepted:
            code, words = ("already_asked", "you have asked {name} already")
        raise TableError(code, words, 409, name=quoted(other.name))
    if row is not None:  # they asked first: asking back is saying yes
        return answer(conn, me, other.name, accept=True)
    _check_room(conn, me, other)
    values = {"asker_id": me, "asked_id": other.id, "accepted": False, "created_at": store.now()}
    conn.execute(friendships.insert().values(**values))
    return {"name": other.name, "status": "asked"}


def answer(conn: sa.Connection, me: int, name: str, accept: bool) -> dict[str, Any]:
    """Accept or decline the request ``name`` sent."""
    other = account_named(conn, name)
    waiting = sa.and_(
        friendships.c.asker_id == other.id,
        friendships.c.asked_id == me,
        friendships.c.accepted.is_(False),
    )
    if conn.execute(sa.select(friendships.c.asker_id).where(waiting)).first() is None:
        raise TableError("no_request", "{name} has not asked you to be friends", 404,
                         name=quoted(other.name))  # fmt: skip
    if accept:
        conn.execute(friendships.update().where(waiting).values(accepted=True))
        return {"name": other.name, "status": "friends"}
    conn.execute(friendships.delete().where(waiting))
    return {"name": other.name, "status": "declined"}


def remove(conn: sa.Connection, me: int, name: str) -> dict[str, Any]:
    """End a friendship, or take back a request of one's own."""
    other = account_named(conn, name)
    mine = sa.and_(
        _pair(me, other.id),
        sa.or_(friendships.c.accepted.is_(True), friendships.c.asker_id == me),
    )
    if conn.execute(friendships.delete().where(mine)).rowcount == 0:
        raise TableError("not_friends", "{name} is not your friend", 404, name=quoted(other.name))
    return {"name": other.name, "status": "removed"}


def friend_ids(conn: sa.Connection, me: int) -> list[int]:
    """The accounts ``me`` is friends with."""
    accepted = sa.and_(friendships.c.accepted.is_(True), _mine(me))
    rows = conn.execute(sa.select(friendships.c.asker_id, friendships.c.asked_id).where(accepted))
    return [r.asked_id if r.asker_id == me else r.asker_id for r in rows]


def _listing(conn: sa.Connection, me: int) -> dict[str, list[dict[str, Any]]]:
    other = sa.case((friendships.c.asker_id == me, friendships.c.asked_id),
                    else_=friendships.c.asker_id)  # fmt: skip
    query = (
        sa.select(accounts.c.id, accounts.c.name, friendships.c.accepted, friendships.c.asker_id)
        .join(accounts, accounts.c.id == other)
        .where(_mine(me))
        .order_by(accounts.c.name_key)
    )
    out: dict[str, list[dict[str, Any]]] = {"friends": [], "asked_you": [], "you_asked": []}
    for row in conn.execute(query):
        part = "friends" if row.accepted else "you_asked" if row.asker_id == me else "asked_you"
        out[part].append({"id": row.id, "name": row.name})
    return out


def online_among(conn: sa.Connection, ids: list[int], live: set[int]) -> set[int]:
    """Which of ``ids`` are online: seen lately, or connected at a table (``live``)."""
    if not ids:
        return set()
    recent = sa.select(presence.c.account_id).where(
        presence.c.account_id.in_(ids), presence.c.seen_at > time.time() - ONLINE_SECONDS
    )
    return {int(r) for r in conn.execute(recent).scalars()} | (live & set(ids))


def _connected_seats(conn: sa.Connection, ids: list[int]) -> list[Any]:
    seats, tables = store.seats, store.tables
    query = (
        sa.select(seats.c.table_id, seats.c.seat, seats.c.account_id)
        .join(tables, tables.c.id == seats.c.table_id)
        .where(seats.c.account_id.in_(ids), tables.c.status != "over")
    )
    return list(conn.execute(query))


def live_at_tables(request: Request, rows: list[Any]) -> set[int]:
    """The accounts of ``rows`` (seats) with a connection at their table right now."""
    held = request.app.state.hub.tables
    live = set()
    for row in rows:
        runtime = held.get(row.table_id)
        if runtime is not None and runtime.seats[row.seat].present:
            live.add(int(row.account_id))
    return live


async def touch(request: Request, account: int) -> None:
    """Write that ``account`` was seen now (at most every few seconds per process)."""
    seen: dict[int, float] = request.app.state.__dict__.setdefault("friends_seen", {})
    now = time.time()
    if now - seen.get(account, 0.0) < TOUCH_SECONDS:
        return
    seen[account] = now

    def work(conn: sa.Connection) -> None:
        changed = conn.execute(
            presence.update().where(presence.c.account_id == account).values(seen_at=now)
        ).rowcount
        if not changed:
            conn.execute(presence.insert().values(account_id=account, seen_at=now))

    # two first touches at once: the other one wrote it
    with contextlib.suppress(sa.exc.IntegrityError):
        await request.app.state.hub.database.run(work)


async def _change(request: Request, work: Any) -> dict[str, Any]:
    me = require_account(request)
    await edge.limit(request, "friend")
    done: dict[str, Any] = await request.app.state.hub.database.run(lambda conn: work(conn, me))
    return done


@router.get("/friends")
async def list_friends(request: Request) -> dict[str, Any]:
    """The signed-in player's friends (online or not) and the requests either way."""
    me = require_account(request)
    await touch(request, me)
    database = request.app.state.hub.database
    listing = await database.read(lambda conn: _listing(conn, me))
    ids = [f["id"] for f in listing["friends"]]
    seats = await database.read(lambda conn: _connected_seats(conn, ids))
    live = live_at_tables(request, seats)
    online = await database.read(lambda conn: online_among(conn, ids, live))
    for part, entries in listing.items():
        for entry in entries:
            account = entry.pop("id")
            if part == "friends":
                entry["online"] = account in online
    return {**listing, "most": MAX_FRIENDS}


@router.post("/friends")
async def ask_friend(body: FriendName, request: Request) -> dict[str, Any]:
    return await _change(request, lambda conn, me: ask(conn, me, body.name))


@router.post("/friends/{name}/accept")
async def accept_friend(name: str, request: Request) -> dict[str, Any]:
    return await _change(request, lambda conn, me: answer(conn, me, name, accept=True))


@router.post("/friends/{name}/decline")
async def decline_friend(name: str, request: Request) -> dict[str, Any]:
    return await _change(request, lambda conn, me: answer(conn, me, name, accept=False))


@router.delete("/friends/{name}")
async def remove_friend(name: str, request: Request) -> dict[str, Any]:
    return await _change(request, lambda conn, me: remove(conn, me, name))
