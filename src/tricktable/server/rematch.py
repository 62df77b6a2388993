"""Rematch: a finished table starts a new one with the same rules and seats and a new deal.

``POST /api/tables/{id}/rematch {"token"}`` by anyone seated at a finished table creates the new
table once: the same game and options, the same seats (bots keep their levels), the table's
spectator and timer settings, and a new seed. Every human who sat at the old table gets the
same seat at the new one under the same name (and account); each seated connection of the old
table receives ``{"type": "rematch", "table_id", "token"}`` with its own new token (spectators
get the table id only).

The link is stored with the old table (``rematch_id``), in the same transaction that stores
the new one, so it survives a restart and two requests can never start two rematches. A seat's
new token is derived from its old one and the new table's id: the same on every ask and after a
restart, known only to whoever holds the old token, and stored only as its hash. A player who
was away when the rematch started asks with the old token and gets the same new one.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, Request
from pydantic import Field

from . import db as store
from .hub import Hub, NewTable
from .schemas import CreateTable, SeatSpec, Strict
from .table import TableError, TableRuntime, hash_token

router = APIRouter(prefix="/api")

__all__ = ["rematch_token", "router"]


class RematchQuery(Strict):
    token: str = Field(min_length=1, max_length=100)


def rematch_token(old_token: str, new_table_id: str) -> str:
    """The token of the old token's seat at the rematch ``new_table_id``."""
    digest = hashlib.sha256(f"rematch:{new_table_id}:{old_token}".encode()).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def _lock(request: Request) -> asyncio.Lock:
    state = request.app.state
    if not hasattr(state, "rematch_lock"):
        state.rematch_lock = asyncio.Lock()
    found: asyncio.Lock = state.rematch_lock
    return found


@router.post("/tables/{table_id}/rematch")
async def rematch(table_id: str, body: RematchQuery, request: Request) -> dict[str, Any]:
    """Start (or find) the rematch of a finished table; the asker's new seat and token."""
    hub: Hub = request.app.state.hub
    runtime = await hub.get(table_id)
    seat = runtime.seat_for_token(body.token)
    if seat is None:
        raise TableError("bad_token", "that token holds no seat at this table", 403)
    if not runtime.game.is_over:
        raise TableError("not_over", "a rematch starts once the game is over")
    async with _lock(request):
        new = await _find(hub, runtime) or await _start(hub, runtime, seat, body.token)
    token = rematch_token(body.token, new.table_id)
    await new.assign_token(seat, token)
    return {"table_id": new.table_id, "seat": seat, "token": token}


async def _find(hub: Hub, old: TableRuntime) -> TableRuntime | None:
    if old.info.rematch_id is None:
        return None
    return await hub.get(old.info.rematch_id)


async def _start(hub: Hub, old: TableRuntime, seat: int, token: str) -> TableRuntime:
    new = hub.new_table(_same_table(old))
    tokens = _held_tokens(old)
    tokens[seat] = token
    for was, now in zip(old.seats, new.seats, strict=True):
        if was.kind == "human" and was.name is not None:
            now.name = was.name
            if now.seat in tokens:
                now.token_hash = hash_token(rematch_token(tokens[now.seat], new.table_id))
    linked = await hub.database.run(lambda conn: _store_linked(conn, hub, old.table_id, new))
    if linked is not None:  # another server process started it first
        old.info.rematch_id = linked
        return await hub.get(linked)
    old.info.rematch_id = new.table_id
    runtime = hub.open(new)
    _tell_everyone(old, new.table_id)
    hub.services.announce(hub.services.message(old.table_id, "rematch", n=new.table_id))
    return runtime


def _same_table(old: TableRuntime) -> CreateTable:
    public = old.public()
    return CreateTable(
        game=public["game"],
        options=public["options"],
        seats=[
            SeatSpec.model_validate({"kind": s.kind, "level": s.level or "medium"})
            for s in old.seats
        ],
        allow_spectators=old.info.allow_spectators,
        turn_seconds=old.info.turn_seconds,
        private=old.info.private,
    )


def _store_linked(conn: sa.Connection, hub: Hub, old_id: str, new: NewTable) -> str | None:
    """Store ``new`` and the link to it, unless the old table has a rematch already (its id)."""
    tables, seats = store.tables, store.seats
    claim = (
        sa.update(tables)
        .where(tables.c.id == old_id, tables.c.rematch_id.is_(None))
        .values(rematch_id=new.table_id)
    )
    if conn.execute(claim).rowcount != 1:
        found = conn.execute(sa.select(tables.c.rematch_id).where(tables.c.id == old_id))
        return str(found.scalar_one())
    held = conn.execute(
        sa.select(seats.c.seat, seats.c.account_id)
        .where(seats.c.table_id == old_id)
        .where(seats.c.account_id.is_not(None))
    )
    new.accounts = {int(seat): int(account) for seat, account in held}
    for statement, parameters in hub.storing(new):
        conn.execute(statement, parameters)
    return None


def _held_tokens(old: TableRuntime) -> dict[int, str]:
    """The tokens the old table's connections came with, where they still hold their seat."""
    return {
        client.seat: client.token
        for client in old.clients
        if client.seat is not None
        and client.token is not None
        and old.seat_for_token(client.token) == client.seat
    }


def _tell_everyone(old: TableRuntime, new_id: str) -> None:
    held = _held_tokens(old)
    for client in list(old.clients):
        message: dict[str, Any] = {"type": "rematch", "table_id": new_id}
        token = None if client.seat is None else held.get(client.seat)
        if token is not None and token == client.token:
            message["token"] = rematch_token(token, new_id)
        client.push(json.dumps(message))


async def tell_here(hub: Hub, old: TableRuntime, new_id: str) -> None:
    """Another server process started the rematch: give this process's players their seats
    at the new table (the same tokens that process would have given them) and tell them."""
    old.info.rematch_id = new_id
    new = await hub.get(new_id)
    for seat, token in _held_tokens(old).items():
        await new.assign_token(seat, rematch_token(token, new_id))
    _tell_everyone(old, new_id)
