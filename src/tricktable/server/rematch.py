"""Rematch: a finished table starts a new one with the same rules and seats and a new deal.

``POST /api/tables/{id}/rematch {"token"}`` by anyone seated at a finished table creates the new
table once: the same game and options, the same seats (bots keep their levels), the table's
spectator and timer settings, and a new seed. Every human who sat at the old table gets the
same seat at the new one under the same name; each seated connection of the old table receives
``{"type": "rematch", "table_id", "token"}`` with its own new token (spectators get the table id
only). Asking again returns the same new table and the asker's own new token, so a player who
was away when it started can still follow. The link lives in the server's memory.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Request
from pydantic import Field

from . import accounts
from .hub import Hub
from .schemas import CreateTable, SeatSpec, Strict
from .table import TableError, TableRuntime

router = APIRouter(prefix="/api")

__all__ = ["Rematch", "router"]


class RematchQuery(Strict):
    token: str = Field(min_length=1, max_length=100)


@dataclass
class Rematch:
    """The table a finished table's rematch started, and the new token of each human seat."""

    table_id: str
    tokens: dict[int, str] = field(default_factory=dict)


@dataclass
class Rematches:
    by_table: dict[str, Rematch] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


def _rematches(request: Request) -> Rematches:
    state = request.app.state
    if not hasattr(state, "rematches"):
        state.rematches = Rematches()
    found: Rematches = state.rematches
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
    store = _rematches(request)
    async with store.lock:
        found = store.by_table.get(table_id)
        if found is None:
            found = await _start(hub, runtime)
            store.by_table[table_id] = found
            _tell_everyone(runtime, found)
    return {"table_id": found.table_id, "seat": seat, "token": found.tokens[seat]}


async def _start(hub: Hub, old: TableRuntime) -> Rematch:
    public = old.public()
    spec = CreateTable(
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
    new = await hub.create(spec)
    found = Rematch(new.table_id)
    for seat in old.seats:
        if seat.kind == "human" and seat.name is not None:
            number, token = await new.join(seat.name, seat.seat)
            found.tokens[number] = token
    await accounts.copy_account_seats(hub.database, old.table_id, new.table_id)
    return found


def _tell_everyone(old: TableRuntime, found: Rematch) -> None:
    for client in list(old.clients):
        message: dict[str, Any] = {"type": "rematch", "table_id": found.table_id}
        if client.seat is not None and client.seat in found.tokens:
            message["token"] = found.tokens[client.seat]
        client.push(json.dumps(message))
